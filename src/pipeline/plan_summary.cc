// The lines are held in memory, grouped, until the pre-scan has validated the
// whole document (nothing may be written before that): the memory is that of
// the output itself, one short line per shown block, never the input's.
#include "pipeline/plan_summary.h"

#include <array>
#include <string>
#include <vector>

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
    Action::kCreateThenForget, Action::kForgetThenCreate, Action::kForget,
    Action::kNoOp,
};
static_assert(std::size(kGroupOrder) == stream::kPlanActionCount);

}  // namespace

Status RenderSummary(const Input& input, const Options& options, ProgressMeter* progress,
                     buffer::OutputSink* out) {
  PlanContext ctx(input, options);
  // By PlanAction: the lines without their symbol, which is the flavour's
  // (settled after the scan), and where each line starts.
  std::array<std::string, stream::kPlanActionCount> groups;
  std::array<std::vector<size_t>, stream::kPlanActionCount> starts;
  stream::ChangeHooks hooks;
  hooks.on_begin = [&] {
    for (std::string& g : groups) g.clear();
    for (std::vector<size_t>& v : starts) v.clear();
  };
  hooks.on_shown = [&](const stream::ResourceFacts& rf, Action action) {
    std::string& g = groups[static_cast<size_t>(action)];
    starts[static_cast<size_t>(action)].push_back(g.size());
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
  // Its pages are given back as it goes, or a 3 GB plan would end up resident.
  s = stream::ValidateDeferred(input.plan, ctx.facts, /*changes_validated=*/false, input.release_plan_range);
  if (!s.ok()) return ctx.PlanError(s);
  if (!(s = CheckSchemasFile(&ctx)).ok()) return s;
  bool any = false;
  for (Action a : kGroupOrder) {
    const std::string& g = groups[static_cast<size_t>(a)];
    const std::vector<size_t>& at = starts[static_cast<size_t>(a)];
    const std::string symbol = ctx.colorize.Color(render::DiffActionSymbolMarkup(a, *ctx.flavor));
    for (size_t i = 0; i < at.size(); ++i) {
      out->Append(symbol);
      out->Append(std::string_view(g).substr(at[i], (i + 1 < at.size() ? at[i + 1] : g.size()) - at[i]));
    }
    any = any || !g.empty();
    if (!(s = out->MaybeFlush()).ok()) return s;
  }
  if (any) out->Append("\n");
  out->Append(PlanSummaryLine(ctx.facts, ctx.colorize, *ctx.flavor));
  if (options.filter.active()) out->Append(FilteredOutLine(ctx.facts) + "\n");
  return out->Flush();
}

}  // namespace tfstream::pipeline
