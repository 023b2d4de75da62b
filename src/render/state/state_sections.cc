#include "render/state/state_sections.h"

#include "render/text/word_wrap.h"

namespace tfstream::render::state {

std::string NewerFormatWarning(const Flavor& flavor, const text::Colorize& colorize, int width) {
  return text::WordWrap(colorize.Color(flavor.Wording(
                            "\n[bold][red]Warning:[reset][bold] This state was retrieved using a different version of "
                            "{product}, the state presented here maybe missing representations of recent features.")),
                        width) +
         "\n";
}

std::string_view EmptyState() { return "The state file is empty. No resources are represented.\n"; }

std::string_view OutputsHeading() { return "\n\nOutputs:\n\n"; }


void AppendResourceHeading(const ResourceHeading& heading, text::GoUnicode unicode, std::string* out) {
  out->append(static_cast<size_t>(heading.blank_lines), '\n');
  out->append("# ");
  out->append(heading.address);
  out->append(":");
  if (!heading.deposed_key.empty()) {
    out->append(" (deposed object ");
    out->append(heading.deposed_key);
    out->append(")");
  } else if (heading.tainted) {
    out->append(" (tainted)");
  }
  out->append(heading.managed ? "\nresource " : "\ndata ");
  text::AppendGoQuoted(*out, heading.type, unicode);
  out->push_back(' ');
  text::AppendGoQuoted(*out, heading.name, unicode);
  out->push_back(' ');
}

void AppendOutputName(std::string_view name, std::string* out) {
  out->append(name);
  out->append(" = ");
}

}  // namespace tfstream::render::state
