#include "pipeline/plan_totals.h"

namespace tfstream::pipeline {

using render::Action;

std::string LegendEntry::Markup() const {
  std::string m(render::DiffActionSymbolMarkup(action));
  m += ' ';
  m += words;
  return m;
}

std::span<const LegendEntry> Legend() {
  static const LegendEntry kLegend[] = {
      {Action::kCreate, "create"},
      {Action::kUpdate, "update in-place"},
      {Action::kDelete, "destroy"},
      {Action::kDeleteThenCreate, "destroy and then create replacement"},
      {Action::kCreateThenDelete, "create replacement and then destroy"},
      {Action::kRead, "read (data resources)"},
  };
  return kLegend;
}

std::string PlainSymbol(Action action) {
  std::string s = render::text::Colorize(false).Color(render::DiffActionSymbolMarkup(action));
  size_t start = s.find_first_not_of(' ');
  return start == std::string::npos ? "" : s.substr(start);
}

std::string PlanSummaryLine(const stream::PlanFacts& facts, const render::text::Colorize& colorize) {
  auto n = [&](Action a) { return facts.counts[static_cast<size_t>(a)]; };
  std::string summary = colorize.Color("[bold]Plan:[reset] ");
  if (facts.importing > 0) summary += std::to_string(facts.importing) + " to import, ";
  summary +=
      std::to_string(n(Action::kCreate) + n(Action::kDeleteThenCreate) + n(Action::kCreateThenDelete) +
                     n(Action::kCreateThenForget)) +
      " to add, " + std::to_string(n(Action::kUpdate)) + " to change, " +
      std::to_string(n(Action::kDelete) + n(Action::kDeleteThenCreate) + n(Action::kCreateThenDelete)) +
      " to destroy.";
  if (!facts.actions.empty()) summary += " Actions: " + std::to_string(facts.actions.size()) + " to invoke.";
  return summary;
}

std::string FiltersMatchedNothing(const stream::PlanFacts& facts) {
  if (facts.shown_changes == 0 || facts.filtered_out < facts.shown_changes) return "";
  return "--action/--address matched none of the plan's " + std::to_string(facts.shown_changes) +
         " resource blocks";
}

std::string FilteredOutLine(const stream::PlanFacts& facts) {
  return "Filtered out " + std::to_string(facts.filtered_out) + " of " + std::to_string(facts.shown_changes) +
         " resource blocks.";
}

}  // namespace tfstream::pipeline
