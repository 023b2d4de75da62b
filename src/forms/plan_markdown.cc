#include "forms/plan_markdown.h"

#include "pipeline/background_validation.h"
#include "pipeline/change_blocks.h"
#include "forms/markdown_alert.h"
#include "forms/markdown_block.h"
#include "forms/markdown_parts.h"
#include "pipeline/plan_changes.h"
#include "pipeline/plan_context.h"
#include "pipeline/plan_prepare.h"
#include "pipeline/plan_sections.h"
#include "pipeline/plan_totals.h"

namespace tfstream::forms {

using namespace pipeline;
namespace {

using render::Action;

// The rows beyond the flavour's legend, for blocks it has no legend line
// for (those it has are not repeated).
constexpr struct {
  Action action;
  std::string_view words;
} kExtraRows[] = {
    {Action::kCreateThenForget, "create replacement, existing object not destroyed"},
    {Action::kForgetThenCreate, "forget and then create replacement"},
    {Action::kForget, "forget (no longer managed, not destroyed)"},
    {Action::kNoOp, "move or import only"},
};

}  // namespace

std::string_view ActionRowWords(Action action, const Flavor& flavor) {
  for (const LegendEntry& e : Legend(flavor)) {
    if (e.action == action) return e.words;
  }
  for (const auto& e : kExtraRows) {
    if (e.action == action) return e.words;
  }
  return "";
}

namespace {

// The opening paragraph: what the flavour's text would say about the plan
// as a whole.
std::string Headline(const PlanContext& ctx, const PreparedPlan& prepared, bool have_drift) {
  const stream::PlanFacts& f = ctx.facts;
  const Flavor& flavor = *ctx.flavor;
  std::string h;
  if (prepared.newer_format) {
    h += flavor.Wording(
        "> **Warning:** This plan was generated using a different version of {product}, the diff presented here "
        "may be missing representations of recent features.\n\n");
  }
  if (prepared.errored) h += "**Planning failed.** ";
  if (f.shown_changes > 0 || !f.actions.empty()) {
    if (prepared.errored) h += flavor.Wording("{product} planned the following actions, but then encountered a problem.\n\n");
    std::string line = PlanSummaryLine(f, ctx.colorize, flavor);  // colour is off; ends in its newline
    h += "**Plan:**";
    h += std::string_view(line).substr(std::string_view("Plan:").size());
    if (ctx.opt.filter.active()) {
      h += '\n';
      h += FilteredOutLine(f);
      h += '\n';
    }
  } else if (prepared.errored) {
    h += flavor.Wording("{product} encountered an error while generating this plan.\n");
  } else if (prepared.any_output_change) {
    h += flavor.Wording(
        "**Changes to Outputs.** You can apply this plan to save these new output values to the {product} state, "
        "without changing any real infrastructure.\n");
  } else if (ctx.opt.mode == PlanMode::kRefreshOnly && have_drift) {
    h += flavor.Wording("**Objects have changed outside of {product}.** This is a refresh-only plan.\n");
  } else if (ctx.opt.mode == PlanMode::kRefreshOnly) {
    h += "**No changes.** Your infrastructure still matches the configuration.\n";
  } else if (ctx.opt.mode == PlanMode::kDestroy) {
    h += "**No changes.** No objects need to be destroyed.\n";
  } else {
    h += "**No changes.** Your infrastructure matches the configuration.\n";
  }
  h += "\n";
  return h;
}

}  // namespace

// Shown blocks by action, legend order first.
std::string MarkdownCountTable(const stream::PlanFacts& f, const Flavor& flavor) {
  std::string rows;
  auto row = [&](Action action, std::string_view words) {
    size_t n = f.filtered_counts[static_cast<size_t>(action)];
    if (n == 0) return;
    std::string symbol = PlainSymbol(action, flavor);
    rows += "| ";
    if (!symbol.empty()) {
      rows += '`';
      rows += symbol;
      rows += "` ";
    }
    rows += words;
    rows += " | ";
    rows += std::to_string(n);
    rows += " |\n";
  };
  const std::vector<LegendEntry> legend = Legend(flavor);
  for (const LegendEntry& e : legend) row(e.action, e.words);
  for (const auto& e : kExtraRows) {
    bool in_legend = false;
    for (const LegendEntry& l : legend) in_legend = in_legend || l.action == e.action;
    if (!in_legend) row(e.action, e.words);
  }
  if (rows.empty()) return "";
  return "| Action | Resources |\n| :-- | --: |\n" + rows + "\n";
}

void ConfigureParts(const Options& options, Report* report, MarkdownParts* parts) {
  parts->set_title(options.title);
  parts->set_marker(true);  // every --format markdown part: see MarkdownParts
  parts->set_max_parts(options.max_parts, options.details_url);
  if (report != nullptr) parts->set_too_large_flag(&report->too_large);
}

namespace {

MarkdownUnit Plain(std::string text) {
  MarkdownUnit u;
  u.head = std::move(text);
  return u;
}

}  // namespace

Status RenderMarkdown(const Input& input, const Options& options, ProgressMeter* progress,
                      buffer::OutputSink* out, Report* report) {
  PlanContext ctx(input, options);
  ResourceWorker worker(ctx);
  PreparedPlan prepared;
  Status s = ScanPlan(&ctx, progress);
  if (s.ok()) s = PreparePlan(&ctx, &worker, &prepared);
  if (!s.ok()) return s;
  // Parts go to files as they fill: validate what the scan skipped
  // (PlanFacts::deferred_validation) before the first is written.
  if (!(s = ValidateBeforeOutput(ctx)).ok()) return s;

  // Sections rendered first, since the headline depends on them, and held
  // converted (the fence around each depends on all of its text): in a
  // SpillText, so a huge drift section does not stay in memory.
  SpilledDiffLines drift, deferred;
  bool have_drift = false, have_deferred = false;
  size_t hidden_drift = 0;  // --drift hide: the objects its one line counts
  {
    buffer::OutputSink to_drift([&](std::string_view text) { drift.Add(text); });
    buffer::OutputSink to_deferred([&](std::string_view text) { deferred.Add(text); });
    s = options.hide_drift ? CountDrift(ctx, &worker, prepared.outputs, &have_drift, &hidden_drift)
                           : RenderDrift(ctx, &worker, prepared.outputs, &to_drift, &have_drift);
    if (!s.ok()) return s;
    if (!(s = RenderDeferred(ctx, &worker, &to_deferred, &have_deferred)).ok()) return s;
    if (!(s = to_drift.Flush()).ok() || !(s = to_deferred.Flush()).ok()) return s;
    drift.Finish();
    deferred.Finish();
    if (!(s = drift.status()).ok() || !(s = deferred.status()).ok()) return s;  // before anything is written
  }

  MarkdownParts parts(options.max_bytes, options.output_prefix, out);
  ConfigureParts(options, report, &parts);
  std::string alert;
  if (!(s = DestroyAlert(ctx, &alert)).ok()) return s;
  std::string hidden;
  if (have_drift && options.hide_drift) hidden = "_" + HiddenDriftWords(*ctx.flavor, hidden_drift) + "._\n\n";
  s = parts.Add(Plain(alert + Headline(ctx, prepared, have_drift) + hidden +
                      MarkdownCountTable(ctx.facts, *ctx.flavor)));
  if (!s.ok()) return s;
  if (have_deferred) {
    s = parts.Add(DetailsUnit("Deferred changes (a partial plan)", deferred));
    if (!s.ok()) return s;
  }
  BlockSink sink;
  sink.consume = [&](std::string_view block) { return parts.Add(ChangeBlockUnit(block)); };
  sink.flush = [] { return Status::Ok(); };
  s = RenderChangeBlocks(ctx, &worker, progress, sink);
  if (!s.ok()) return s;

  std::string text;
  if (!(s = RenderCliActions(ctx, &worker, &text)).ok()) return s;
  if (!text.empty()) {
    if (!(s = parts.Add(DetailsUnit(ctx.flavor->Wording("{product} will invoke the following action(s)"), DiffLines(text)))).ok())
      return s;
  }
  if (prepared.any_output_change) {
    text.clear();
    if (!(s = RenderOutputs(ctx, &worker, prepared.outputs, &text)).ok()) return s;
    if (!(s = parts.Add(DetailsUnit("Changes to Outputs", DiffLines(text)))).ok()) return s;
  }
  // Drift last, unlike Terraform's text: a reviewer reads the planned
  // changes first, and a part cap (--max-parts) leaves the drift out
  // before any of them.
  if (have_drift && !options.hide_drift) {
    s = parts.Add(DetailsUnit(ctx.flavor->Wording("Objects have changed outside of {product}"), drift));
    if (!s.ok()) return s;
  }
  if (options.detailed_exitcode && !(s = DecideChanges(ctx, report)).ok()) return s;
  if (!(s = parts.Finish()).ok()) return s;
  if (report != nullptr) report->warnings = ctx.stale_schemas.Warnings();
  TakeNotes(ctx, report);
  return s;
}

}  // namespace tfstream::forms
