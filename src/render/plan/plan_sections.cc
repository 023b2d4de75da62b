// Wording: "{product}" and "{cli}" are the flavour's (Flavor::Wording);
// markup such as "[bold]" is resolved by Colorize::Color, before any
// address is put in, so that markup in an address prints as it is.
#include "render/plan/plan_sections.h"

#include "render/renderers/util.h"
#include "render/text/word_wrap.h"

namespace tfstream::render::plan {

std::string NewerFormatWarning(const Flavor& flavor, const text::Colorize& colorize, int width) {
  return text::WordWrap(colorize.Color(flavor.Wording(
                            "\n[bold][red]Warning:[reset][bold] This plan was generated using a different version of "
                            "{product}, the diff presented here may be missing representations of recent features.")),
                        width) +
         "\n";
}

std::string DriftHeading(const Flavor& flavor, const text::Colorize& colorize, int width) {
  std::string heading =
      colorize.Color(flavor.Wording("\n[bold][cyan]Note:[reset][bold] Objects have changed outside of {product}\n"));
  heading += "\n";
  heading += text::WordWrap(flavor.Wording("{product} detected the following changes made outside of {product} since "
                                           "the last \"{cli} apply\" which may have affected this plan:\n"),
                            width);
  return heading;
}

std::string DriftClosing(const Flavor& flavor, bool refresh_only, int width) {
  std::string closing;
  if (refresh_only) {
    closing = text::WordWrap(
        flavor.Wording("\n\nThis is a refresh-only plan, so {product} will not take any actions to undo these. If you "
                       "were expecting these changes then you can apply this plan to record the updated values in the "
                       "{product} state without changing any remote objects."),
        width);
  } else {
    closing = text::WordWrap(
        "\n\nUnless you have made equivalent changes to your configuration, or ignored the relevant attributes using "
        "ignore_changes, the following plan may include actions to undo or respond to these changes.",
        width);
  }
  closing += "\n";
  return closing;
}

std::string HiddenDriftWords(const Flavor& flavor, size_t blocks) {
  return std::to_string(blocks) + (blocks == 1 ? " object has" : " objects have") +
         flavor.Wording(" changed outside of {product} (not shown: --drift hide)");
}

std::string HiddenDriftNote(const Flavor& flavor, const text::Colorize& colorize, size_t blocks) {
  return colorize.Color("\n[bold][cyan]Note:[reset][bold] " + HiddenDriftWords(flavor, blocks) + "\n");
}

std::string DeferredHeading(const text::Colorize& colorize) {
  return colorize.Color(
             "\n[bold][cyan]Note:[reset][bold] This is a partial plan, parts can only be known in the next plan / "
             "apply cycle.\n") +
         "\n";
}

NoChangesText NoChanges(const NoChangesFacts& facts, const Flavor& flavor, const text::Colorize& colorize,
                        int width) {
  NoChangesText t;
  auto body = [width](const std::string& words) { return text::WordWrap(words, width) + "\n"; };
  // The rule closes the drift section, where there was one.
  t.rule = facts.have_refresh_changes;
  if (facts.errored) {
    t.heading = colorize.Color(flavor.Wording(
        "\n[reset][bold][red]Planning failed.[reset][bold] {product} encountered an error while generating this "
        "plan.[reset]\n\n"));
    return t;
  }
  if (facts.has_deferred) {
    t.heading = colorize.Color(
        "\n[reset][bold][green]No current changes.[reset][bold] This plan requires another plan to be applied "
        "first.[reset]\n\n");
    return t;
  }
  if (facts.refresh_only) {
    t.rule = false;
    if (facts.have_refresh_changes) {
      // The drift section already said what applying would do.
      t.ends_plan = true;
      return t;
    }
    t.heading = colorize.Color(
        "\n[reset][bold][green]No changes.[reset][bold] Your infrastructure still matches the configuration.[reset]"
        "\n\n");
    t.body = body(flavor.Wording(
        "{product} has checked that the real remote objects still match the result of your most recent changes, and "
        "found no differences."));
    return t;
  }
  if (facts.destroy) {
    t.heading =
        colorize.Color("\n[reset][bold][green]No changes.[reset][bold] No objects need to be destroyed.[reset]\n\n");
    t.body = body(flavor.Wording(
        "Either you have not created any objects yet or the existing objects were already deleted outside of "
        "{product}."));
    return t;
  }
  t.heading = colorize.Color(
      "\n[reset][bold][green]No changes.[reset][bold] Your infrastructure matches the configuration.[reset]\n\n");
  if (!facts.have_refresh_changes) {
    t.body = body(flavor.Wording(
        "{product} has compared your real infrastructure against your configuration and found no differences, so no "
        "changes are needed."));
    return t;
  }
  t.ends_plan = true;
  if (!facts.no_changes_quality) {
    t.body = body(
        "Your configuration already matches the changes detected above, so applying this plan will only update the "
        "state to include the changes detected above and won't change any real infrastructure.");
    return t;
  }
  const std::string suggestion = facts.automation ? "." : flavor.Wording(":\n  {cli} apply -refresh-only");
  t.body = body(flavor.Wording(
                    "Your configuration already matches the changes detected above. If you'd like to update the "
                    "{product} state to match, create and apply a refresh-only plan") +
                suggestion);
  return t;
}

std::string LegendHeading(const Flavor& flavor, int width) {
  return text::WordWrap(flavor.Wording("\n{product} used the selected providers to generate the following execution "
                                       "plan. Resource actions are indicated with the following symbols:"),
                        width) +
         "\n";
}

std::string PlannedChangesHeading(const Flavor& flavor, bool errored) {
  return flavor.Wording(errored ? "\n{product} planned the following actions, but then encountered a problem:\n"
                                : "\n{product} will perform the following actions:\n");
}

std::string ActionInvocationsHeading(const Flavor& flavor, const text::Colorize& colorize) {
  return colorize.Color(flavor.Wording("\n{product} will invoke the following action(s):\n\n"));
}

void AppendInvocationHeader(const Flavor& flavor, const text::Colorize& colorize, std::string_view address,
                            std::string_view calling_address, std::string* out) {
  std::string header = colorize.Color("  [bold]# %s[reset] will be invoked");
  header.replace(header.find("%s"), 2, address);
  if (flavor.invoke_called_from && !calling_address.empty()) {
    header += " (called from ";
    header += calling_address;
    header += ")";
  }
  out->append(header);
  out->push_back('\n');
}

std::string_view OutputsHeading() { return "\nChanges to Outputs:\n"; }

void AppendOutputLine(std::string_view symbol, std::string_view escaped_name, size_t name_width, const Diff& diff,
                      const RenderOpts& opts, std::string* out) {
  out->append(symbol);
  renderers::AppendPadded(out, escaped_name, name_width);
  out->append(" = ");
  diff.RenderHuman(0, opts, out);
}

std::string OutputsOnlyClosing(const Flavor& flavor, int width) {
  return text::WordWrap(flavor.Wording("\nYou can apply this plan to save these new output values to the {product} "
                                       "state, without changing any real infrastructure."),
                        width) +
         "\n";
}

}  // namespace tfstream::render::plan
