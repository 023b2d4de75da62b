// The lines are held in memory, grouped, until the pre-scan has validated the
// whole document (nothing may be written before that): the memory is that of
// the output itself, one short line per shown block, never the input's.
#include "pipeline/plan_summary.h"

#include <array>
#include <string>

#include "pipeline/plan_context.h"
#include "pipeline/plan_prepare.h"
#include "pipeline/plan_totals.h"

namespace tfstream::pipeline {
namespace {

using render::Action;

// Output order of the groups.
constexpr Action kGroupOrder[] = {
    Action::kCreate,           Action::kUpdate,           Action::kDelete,
    Action::kDeleteThenCreate, Action::kCreateThenDelete, Action::kRead,
    Action::kCreateThenForget, Action::kForget,           Action::kNoOp,
};
static_assert(std::size(kGroupOrder) == stream::kPlanActionCount);

}  // namespace

Status RenderSummary(const Input& input, const Options& options, ProgressMeter* progress,
                     buffer::OutputSink* out, Report* report) {
  PlanContext ctx(input, options);
  std::array<std::string, stream::kPlanActionCount> groups;  // by PlanAction
  std::array<std::string, stream::kPlanActionCount> symbols;
  for (size_t i = 0; i < symbols.size(); ++i) {
    symbols[i] = ctx.colorize.Color(render::DiffActionSymbolMarkup(static_cast<Action>(i)));
  }
  stream::ChangeHooks hooks;
  hooks.on_begin = [&] {
    for (std::string& g : groups) g.clear();
  };
  hooks.on_shown = [&](const stream::ResourceFacts& rf, Action action) {
    std::string& g = groups[static_cast<size_t>(action)];
    g += symbols[static_cast<size_t>(action)];
    g += ' ';
    g += rf.address;  // as is: addresses never go through Color() here
    if (!rf.deposed.empty()) g += " (deposed object " + rf.deposed + ")";
    if (rf.Moved()) g += " (moved from " + rf.previous_address + ")";
    if (rf.importing) g += " (will be imported)";
    g += '\n';
  };
  Status s = ScanPlan(&ctx, progress, hooks);
  if (!s.ok()) return s;
  // The output is held until the end anyway: validate what the scan skipped
  // (PlanFacts::deferred_validation) before writing anything.
  if (!(s = stream::ValidateDeferred(input.plan, ctx.facts)).ok()) return ctx.PlanError(s);
  if (!(s = CheckSchemasFile(&ctx)).ok()) return s;
  bool any = false;
  for (Action a : kGroupOrder) {
    const std::string& g = groups[static_cast<size_t>(a)];
    any = any || !g.empty();
    out->Append(g);
    if (!(s = out->MaybeFlush()).ok()) return s;
  }
  if (any) out->Append("\n");
  out->Append(PlanSummaryLine(ctx.facts, ctx.colorize) + "\n");
  if (options.filter.active()) out->Append(FilteredOutLine(ctx.facts) + "\n");
  if (!(s = out->Flush()).ok()) return s;
  if (report != nullptr && options.filter.active()) {
    if (std::string note = FiltersMatchedNothing(ctx.facts); !note.empty()) report->notes.push_back(note);
  }
  return s;
}

}  // namespace tfstream::pipeline
