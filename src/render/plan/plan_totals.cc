#include "render/plan/plan_totals.h"

namespace tfstream::render::plan {

using render::Action;

std::string LegendEntry::Markup() const {
  std::string m(symbol);
  m += ' ';
  m += words;
  return m;
}

std::vector<LegendEntry> Legend(const Flavor& flavor) {
  auto entry = [&flavor](Action a, std::string_view words) {
    return LegendEntry{a, render::DiffActionSymbolMarkup(a, flavor), words};
  };
  std::vector<LegendEntry> legend = {
      entry(Action::kCreate, "create"),
      entry(Action::kUpdate, flavor.legend_update),
      entry(Action::kDelete, "destroy"),
      entry(Action::kDeleteThenCreate, "destroy and then create replacement"),
      entry(Action::kCreateThenDelete, "create replacement and then destroy"),
      entry(Action::kRead, "read (data resources)"),
  };
  if (flavor.forget_legend) {
    // actionDescription writes this symbol without DiffActionSymbol's
    // two-space pad.
    legend.push_back(LegendEntry{Action::kForgetThenCreate, "[red].[reset]/[green]+[reset]",
                                 "forget and then create replacement"});
    legend.push_back(entry(Action::kForget, "forget"));
  }
  return legend;
}

std::string PlainSymbol(Action action, const Flavor& flavor) {
  std::string s = render::text::Colorize(false).Color(render::DiffActionSymbolMarkup(action, flavor));
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
  // Each flavour knows only one of the two forget-and-create lists (the
  // other is rejected), so both can be added here.
  c.add = n(Action::kCreate) + n(Action::kDeleteThenCreate) + n(Action::kCreateThenDelete) +
          n(Action::kCreateThenForget) + n(Action::kForgetThenCreate);
  c.change = n(Action::kUpdate);
  c.destroy = n(Action::kDelete) + n(Action::kDeleteThenCreate) + n(Action::kCreateThenDelete);
  c.forget = flavor.forget_counted ? n(Action::kForget) + n(Action::kForgetThenCreate) : 0;
  c.invoke = invoke;
  return c;
}

std::string PlanSummaryLine(const stream::PlanFacts& facts, const render::text::Colorize& colorize,
                            const Flavor& flavor) {
  const PlanLineCounts c = CountPlanLine(facts, flavor);
  std::string counts;
  if (c.import > 0) counts += std::to_string(c.import) + " to import, ";
  counts += std::to_string(c.add) + " to add, " + std::to_string(c.change) + " to change, " +
            std::to_string(c.destroy) + " to destroy";
  if (c.forget > 0) counts += ", " + std::to_string(c.forget) + " to forget";
  counts += '.';
  if (c.invoke > 0) counts += " Actions: " + std::to_string(c.invoke) + " to invoke.";
  if (flavor.plan_line_coloured_whole) return colorize.Color("[bold]Plan:[reset] " + counts + "\n");
  return colorize.Color("[bold]Plan:[reset] ") + counts + "\n";
}

std::string FiltersMatchedNothing(const stream::PlanFacts& facts, const stream::ChangeFilter& filter) {
  if (facts.shown_changes == 0 || facts.filtered_out < facts.shown_changes) return "";
  std::string note = "--action/--address matched none of the plan's " + std::to_string(facts.shown_changes) +
                     " resource blocks";
  if (facts.filtered_out_in_modules > 0) {
    std::string patterns;
    for (const std::string& p : filter.InModulesPatterns()) {
      patterns += (patterns.empty() ? "'" : ", '") + p + "'";
    }
    note += "; a pattern matches from the root module only: " + patterns + " would match " +
            std::to_string(facts.filtered_out_in_modules) + " inside modules";
  }
  return note;
}

std::string FilteredOutLine(const stream::PlanFacts& facts) {
  return "Filtered out " + std::to_string(facts.filtered_out) + " of " + std::to_string(facts.shown_changes) +
         " resource blocks.";
}

}  // namespace tfstream::render::plan
