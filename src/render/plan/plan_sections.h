// The words of the plan text around its resource blocks, as the renderer
// writes them (plan.renderHuman, renderHumanDiffDrift,
// renderHumanDeferredChanges, renderHumanActionInvocations and
// renderHumanDiffOutputs in jsonformat/plan.go, Terraform @883c722 and
// OpenTofu v1.12.6): the newer-format warning, each section's heading and
// closing words, and the "No changes" texts. The run (pipeline/plan_run.h)
// decides which of them print and in what order; the blocks come from
// resource_block.h and the totals from plan_totals.h.
//
// Every function returns its text exactly as it is written: colours from
// `colorize` resolved, wrapped at `width` where the renderer wraps
// (format.WordWrap; 0 does not wrap), newlines included.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "base/flavor.h"
#include "render/computed/diff.h"
#include "render/text/colorize.h"

namespace tfstream::render::plan {

// The plan's or its schemas' format is newer than the renderer's
// (incompatibleVersions): "\nWarning: This plan was generated using a
// different version of Terraform, ...".
std::string NewerFormatWarning(const Flavor& flavor, const text::Colorize& colorize, int width);

// "Note: Objects have changed outside of Terraform" and the paragraph under it.
std::string DriftHeading(const Flavor& flavor, const text::Colorize& colorize, int width);
// The paragraph after the drift's blocks: what a refresh-only plan does
// with them, or how the plan below may answer them.
std::string DriftClosing(const Flavor& flavor, bool refresh_only, int width);
// tfstream's own line standing for a hidden drift section of `blocks`
// objects (--drift hide), without markup or newlines: "3 objects have
// changed outside of Terraform (not shown: --drift hide)".
std::string HiddenDriftWords(const Flavor& flavor, size_t blocks);
// That line as the text prints it, in place of the drift section.
std::string HiddenDriftNote(const Flavor& flavor, const text::Colorize& colorize, size_t blocks);

// "Note: This is a partial plan, ..." before the deferred changes.
std::string DeferredHeading(const text::Colorize& colorize);

// What the plan says when it has no resource change, output change or
// action to invoke to show.
struct NoChangesFacts {
  bool errored = false;               // planning failed (Errored quality)
  bool has_deferred = false;          // deferred_changes has an element
  bool refresh_only = false;          // --mode refresh-only
  bool destroy = false;               // --mode destroy
  bool have_refresh_changes = false;  // the drift section showed
  bool no_changes_quality = false;    // the NoChanges quality
  bool automation = false;            // TF_IN_AUTOMATION: no command suggested
};
struct NoChangesText {
  bool rule = false;    // a horizontal rule before the heading
  std::string heading;  // "" when nothing is printed
  std::string body;     // the paragraph under it, or ""
  bool ends_plan = false;  // the renderer prints nothing after it
};
NoChangesText NoChanges(const NoChangesFacts& facts, const Flavor& flavor, const text::Colorize& colorize,
                        int width);

// The paragraph over the legend of action symbols (its lines: plan_totals.h).
std::string LegendHeading(const Flavor& flavor, int width);
// "\nTerraform will perform the following actions:\n", or, for a plan that
// errored, the words saying it stopped at a problem.
std::string PlannedChangesHeading(const Flavor& flavor, bool errored);

// "\nTerraform will invoke the following action(s):\n\n".
std::string ActionInvocationsHeading(const Flavor& flavor, const text::Colorize& colorize);
// The first line of an invoked action's block, with its newline: its
// address (printed as is, markup and all) and, where the flavour says it,
// the module call it comes from.
void AppendInvocationHeader(const Flavor& flavor, const text::Colorize& colorize, std::string_view address,
                            std::string_view calling_address, std::string* out);

// "\nChanges to Outputs:\n".
std::string_view OutputsHeading();
// One output's line: its action's symbol (coloured, as the palette gives
// it), its escaped name padded to `name_width`, " = " and its diff.
void AppendOutputLine(std::string_view symbol, std::string_view escaped_name, size_t name_width, const Diff& diff,
                      const RenderOpts& opts, std::string* out);
// After the outputs of a plan that changes nothing else: what applying it means.
std::string OutputsOnlyClosing(const Flavor& flavor, int width);

}  // namespace tfstream::render::plan
