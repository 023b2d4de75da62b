// The plan's totals as Terraform words them (plan.renderHuman, jsonformat/
// plan.go @883c722): the legend of action symbols and the "Plan:" summary
// line, plus tfstream's own line about blocks a ChangeFilter hid.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "render/computed/action.h"
#include "render/text/colorize.h"
#include "stream/pre_scan.h"

namespace tfstream::pipeline {

struct LegendEntry {
  render::Action action;
  std::string_view words;  // "destroy and then create replacement"

  // The legend line's markup: DiffActionSymbol, a space, the words.
  std::string Markup() const;
};

// Terraform's six legend lines, in its order.
std::span<const LegendEntry> Legend();

// The action's symbol without padding or colour ("-/+"; "" for no-op).
std::string PlainSymbol(render::Action action);

// "Plan: 1 to import, 2 to add, 0 to change, 1 to destroy. Actions: 1 to
// invoke." over the whole plan, without the newlines around it. Only
// "[bold]Plan:[reset] " goes through Color(), as in Terraform: that decides
// where the reset lands.
std::string PlanSummaryLine(const stream::PlanFacts& facts, const render::text::Colorize& colorize);

// "Filtered out 3 of 10 resource blocks." (no newline).
std::string FilteredOutLine(const stream::PlanFacts& facts);
// With --action/--address: a note for standard error when the plan has
// blocks but the filters let none through (a mistyped pattern shows an empty
// list that looks like a plan without those changes); else "".
std::string FiltersMatchedNothing(const stream::PlanFacts& facts);

}  // namespace tfstream::pipeline
