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

}  // namespace tfstream::render::state
