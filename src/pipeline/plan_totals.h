// The plan's totals as the renderer words them (plan.renderHuman and
// actionDescription in jsonformat/plan.go, Terraform @883c722 and OpenTofu
// v1.12.6): the legend of action symbols and the "Plan:" summary line, plus
// tfstream's own line about blocks a ChangeFilter hid.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "base/flavor.h"
#include "render/computed/action.h"
#include "render/text/colorize.h"
#include "stream/pre_scan.h"

namespace tfstream::pipeline {

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
// list that looks like a plan without those changes); else "".
std::string FiltersMatchedNothing(const stream::PlanFacts& facts);

}  // namespace tfstream::pipeline
