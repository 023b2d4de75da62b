// The plan's totals as Terraform words them (plan.renderHuman, jsonformat/
// plan.go @883c722): the legend of action symbols and the "Plan:" summary
// line, plus tfstream's own line about blocks a ChangeFilter hid.
#pragma once

#include <array>
#include <span>
#include <string>
#include <string_view>

#include "base/flavor.h"
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

// The numbers of the "Plan:" line, each as the flavour's renderer counts it
// over the whole plan (filters aside), so that every output (the text line,
// --format json's counts, --group-by's module counts) reads the same numbers.
// `forget` is OpenTofu's ", N to forget" (["forget"] and ["forget","create"],
// plan.go v1.12.6); 0 for Terraform, whose line has no forget count (plan.go
// @883c722 counts ["forget"] nowhere). `invoke` is Terraform's "Actions: N
// to invoke." (0 when the line has no such sentence; always 0 for OpenTofu,
// whose renderer reads no action invocations).
struct PlanLineCounts {
  size_t import = 0, add = 0, change = 0, destroy = 0, forget = 0, invoke = 0;
};
PlanLineCounts CountPlanLine(const stream::PlanFacts& facts, const Flavor& flavor);
// The same from tallies by PlanAction (no-op ignored), so that a part of the
// plan (a module, --group-by) is counted by the same rules.
PlanLineCounts CountPlanLine(const std::array<size_t, stream::kPlanActionCount>& counts, size_t importing,
                             size_t invoke, const Flavor& flavor);

// "Plan: 1 to import, 2 to add, 0 to change, 1 to destroy. Actions: 1 to
// invoke." over the whole plan, without the newlines around it. Only
// "[bold]Plan:[reset] " goes through Color(), as in Terraform: that decides
// where the reset lands.
std::string PlanSummaryLine(const stream::PlanFacts& facts, const render::text::Colorize& colorize);

// "Filtered out 3 of 10 resource blocks." (no newline).
std::string FilteredOutLine(const stream::PlanFacts& facts);

}  // namespace tfstream::pipeline
