// The lines are held, grouped, until the pre-scan has validated the whole
// document (nothing may be written before that): in memory up to 1 MiB a
// group, past that in temporary files (buffer/spill_text.h), so that the
// memory stays flat however many blocks are shown.
#include "pipeline/plan_summary.h"

#include <array>
#include <string>
#include <vector>

#include "buffer/spill_text.h"
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

// Where a line's symbol goes: a byte that never occurs in the lines, which
// are valid UTF-8 (addresses are decoded as Go does, U+FFFD for bad bytes).
constexpr char kSymbolMark = render::Palette::kSymbolOpen;

}  // namespace

Status RenderSummary(const Input& input, const Options& options, ProgressMeter* progress,
                     buffer::OutputSink* out, Report* report) {
  PlanContext ctx(input, options);
  // By PlanAction: the lines, each starting with kSymbolMark where its
  // symbol goes (the flavour's, settled after the scan).
  std::array<buffer::SpillText, stream::kPlanActionCount> groups;
  stream::ChangeHooks hooks;
  hooks.on_begin = [&] {
    for (buffer::SpillText& g : groups) g.Clear();
  };
  std::string line;
  hooks.on_shown = [&](const stream::ResourceFacts& rf, Action action) {
    line = kSymbolMark;
    line += ' ';
    line += rf.address;  // as is: addresses never go through Color() here
    if (!rf.deposed.empty()) line += " (deposed object " + rf.deposed + ")";
    if (rf.Moved()) line += " (moved from " + rf.previous_address + ")";
    if (rf.importing) line += " (will be imported)";
    line += '\n';
    groups[static_cast<size_t>(action)].Append(line);
  };
  Status s = ScanPlan(&ctx, progress, hooks);
  if (!s.ok()) return s;
  // The output is held until the end anyway: validate what the scan skipped
  // (PlanFacts::deferred_validation) before writing anything.
  // Its pages are given back as it goes, or a 3 GB plan would end up resident.
  s = stream::ValidateDeferred(input.plan, ctx.facts, /*changes_validated=*/false, input.release_plan_range);
  if (!s.ok()) return ctx.PlanError(s);
  if (!(s = CheckSchemasFile(&ctx)).ok()) return s;
  for (const buffer::SpillText& g : groups) {
    if (!g.status().ok()) return g.status();  // before anything is written
  }
  bool any = false;
  for (Action a : kGroupOrder) {
    const buffer::SpillText& g = groups[static_cast<size_t>(a)];
    any = any || !g.empty();
    const std::string symbol = ctx.colorize.Color(render::DiffActionSymbolMarkup(a, *ctx.flavor));
    if (!(s = g.WriteTo(out, kSymbolMark, symbol)).ok()) return s;
  }
  if (any) out->Append("\n");
  out->Append(PlanSummaryLine(ctx.facts, ctx.colorize, *ctx.flavor));
  if (options.filter.active()) out->Append(FilteredOutLine(ctx.facts) + "\n");
  if (!(s = out->Flush()).ok()) return s;
  if (report != nullptr) report->notes = ctx.notes;
  if (report != nullptr && options.filter.active()) {
    if (std::string note = FiltersMatchedNothing(ctx.facts); !note.empty()) report->notes.push_back(note);
  }
  return s;
}

}  // namespace tfstream::pipeline
