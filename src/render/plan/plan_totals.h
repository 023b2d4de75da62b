// The plan's totals as the renderer words them (plan.renderHuman and
// actionDescription in jsonformat/plan.go, Terraform @883c722 and OpenTofu
// v1.12.6): the legend of action symbols and the "Plan:" summary line, plus
// tfstream's own line about blocks a ChangeFilter hid.
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "base/flavor.h"
#include "render/computed/action.h"
#include "render/text/colorize.h"
#include "stream/pre_scan.h"

namespace tfstream::render::plan {

struct LegendEntry {
  render::Action action;
  std::string_view symbol;  // markup, as actionDescription writes it
  std::string_view words;   // "destroy and then create replacement"

  // The legend line's markup: the symbol, a space, the words.
  std::string Markup() const;
};

// The flavour's legend lines, in its order: Terraform's six, OpenTofu's
// eight (flavor.def legend_update, forget_counted).
std::vector<LegendEntry> Legend(const Flavor& flavor);

// The action's symbol without padding or colour ("-/+"; "" for no-op).
std::string PlainSymbol(render::Action action, const Flavor& flavor);

// The numbers of the "Plan:" line, each as the flavour's renderer counts it
// over the whole plan (filters aside), so that every output (the text line,
// --format json's counts, --group-by's module counts) reads the same numbers.
// `forget` is OpenTofu's ", N to forget" (["forget"] and ["forget","create"],
// plan.go v1.12.6; flavor.def forget_counted); 0 for Terraform, whose line
// has no forget count (plan.go @883c722 counts ["forget"] nowhere). `invoke`
// is Terraform's "Actions: N to invoke." (0 when the line has no such
// sentence; always 0 for OpenTofu, whose plan has no action invocations:
// reads_action_invocations). PlanSummaryLine prints these numbers.
struct PlanLineCounts {
  size_t import = 0, add = 0, change = 0, destroy = 0, forget = 0, invoke = 0;
};
PlanLineCounts CountPlanLine(const stream::PlanFacts& facts, const Flavor& flavor);
// The same from tallies by PlanAction (no-op ignored), so that a part of the
// plan (a module, --group-by) is counted by the same rules.
PlanLineCounts CountPlanLine(const std::array<size_t, stream::kPlanActionCount>& counts, size_t importing,
                             size_t invoke, const Flavor& flavor);

// "Plan: 1 to import, 2 to add, 0 to change, 1 to destroy. Actions: 1 to
// invoke.\n" over the whole plan, with its newline but not the blank line
// before it. Terraform puts only "[bold]Plan:[reset] " through Color();
// OpenTofu the whole line, newline included (flavor.def
// plan_line_coloured_whole): that decides where the resets land.
std::string PlanSummaryLine(const stream::PlanFacts& facts, const render::text::Colorize& colorize,
                            const Flavor& flavor);

// "Filtered out 3 of 10 resource blocks." (no newline).
std::string FilteredOutLine(const stream::PlanFacts& facts);
// With --action/--address: a note for standard error when the plan has
// blocks but the filters let none through (a mistyped pattern shows an empty
// list that looks like a plan without those changes); else "". When
// patterns naming root-module addresses would match blocks inside modules
// with "**." before them, the note says so.
std::string FiltersMatchedNothing(const stream::PlanFacts& facts, const stream::ChangeFilter& filter);

}  // namespace tfstream::render::plan
