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

PlanLineCounts CountPlanLine(const stream::PlanFacts& facts, const Flavor& flavor) {
  return CountPlanLine(facts.counts, facts.importing, facts.actions.size(), flavor);
}

PlanLineCounts CountPlanLine(const std::array<size_t, stream::kPlanActionCount>& counts, size_t importing,
                             size_t invoke, const Flavor& flavor) {
  auto n = [&](Action a) { return counts[static_cast<size_t>(a)]; };
  PlanLineCounts c;
  c.import = importing;
  // ["create","forget"] is Terraform's, ["forget","create"] OpenTofu's:
  // each plan holds only its own.
  c.add = n(Action::kCreate) + n(Action::kDeleteThenCreate) + n(Action::kCreateThenDelete) +
          n(Action::kCreateThenForget) + n(Action::kForgetThenCreate);
  c.change = n(Action::kUpdate);
  c.destroy = n(Action::kDelete) + n(Action::kDeleteThenCreate) + n(Action::kCreateThenDelete);
  c.forget = flavor.id == FlavorId::kOpenTofu ? n(Action::kForget) + n(Action::kForgetThenCreate) : 0;
  // OpenTofu's renderer reads no action invocations: its line has no
  // "Actions: N to invoke." (plan.go v1.12.6).
  c.invoke = flavor.id == FlavorId::kOpenTofu ? 0 : invoke;
  return c;
}

std::string PlanSummaryLine(const stream::PlanFacts& facts, const render::text::Colorize& colorize) {
  // Terraform's line, which has no forget count.
  const PlanLineCounts c = CountPlanLine(facts, TerraformFlavor());
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
