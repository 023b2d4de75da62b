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

PlanLineCounts CountPlanLine(const stream::PlanFacts& facts) {
  return CountPlanLine(facts.counts, facts.importing, facts.actions.size());
}

PlanLineCounts CountPlanLine(const std::array<size_t, stream::kPlanActionCount>& counts, size_t importing,
                             size_t invoke) {
  auto n = [&](Action a) { return counts[static_cast<size_t>(a)]; };
  PlanLineCounts c;
  c.import = importing;
  c.add = n(Action::kCreate) + n(Action::kDeleteThenCreate) + n(Action::kCreateThenDelete) +
          n(Action::kCreateThenForget);
  c.change = n(Action::kUpdate);
  c.destroy = n(Action::kDelete) + n(Action::kDeleteThenCreate) + n(Action::kCreateThenDelete);
  c.forget = 0;  // Terraform's line has none (see PlanLineCounts)
  c.invoke = invoke;
  return c;
}

std::string PlanSummaryLine(const stream::PlanFacts& facts, const render::text::Colorize& colorize) {
  const PlanLineCounts c = CountPlanLine(facts);
  std::string summary = colorize.Color("[bold]Plan:[reset] ");
  if (c.import > 0) summary += std::to_string(c.import) + " to import, ";
  summary += std::to_string(c.add) + " to add, " + std::to_string(c.change) + " to change, " +
             std::to_string(c.destroy) + " to destroy.";
  if (c.invoke > 0) summary += " Actions: " + std::to_string(c.invoke) + " to invoke.";
  return summary;
}

std::string FilteredOutLine(const stream::PlanFacts& facts) {
  return "Filtered out " + std::to_string(facts.filtered_out) + " of " + std::to_string(facts.shown_changes) +
         " resource blocks.";
}

}  // namespace tfstream::pipeline
