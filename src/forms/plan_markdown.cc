#include "forms/plan_markdown.h"

#include "forms/markdown_alert.h"
#include "forms/markdown_block.h"
#include "forms/markdown_parts.h"
#include "pipeline/plan_changes.h"
#include "pipeline/plan_context.h"
#include "pipeline/plan_run.h"
#include "pipeline/plan_sections.h"
#include "render/plan/plan_totals.h"

namespace tfstream::forms {

using namespace pipeline;
using namespace render::plan;
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

// Drift and deferred changes come first in the run and are held converted
// (the fence around each depends on all of its text), in a SpillText so that
// a huge drift section does not stay in memory; the headline, which depends
// on them, is written once the run has moved past them.
class MarkdownSink : public Sink {
 public:
  MarkdownSink(const Options& options, buffer::OutputSink* out, Report* report)
      : options_(options),
        parts_(options.max_bytes, options.output_prefix, out),
        to_drift_([this](std::string_view text) { drift_.Add(text); }),
        to_deferred_([this](std::string_view text) { deferred_.Add(text); }) {
    ConfigureParts(options, report, &parts_);
  }

  Needs needs() const override {
    Needs n;
    // Parts go to files as they fill: what the scan skipped is validated
    // before the first is written.
    n.validated_before_output = true;
    n.marked_symbols = true;  // markdown_block.h moves them
    return n;
  }
  Status Begin(const PlanView& plan) override {
    plan_ = &plan;
    return Status::Ok();
  }
  Status Text(const TextPiece& piece) override {
    switch (piece.section) {
      case Section::kDrift:
        to_drift_.Append(piece.text);
        return Status::Ok();
      case Section::kDeferred:
        to_deferred_.Append(piece.text);
        return Status::Ok();
      case Section::kWarning:
      case Section::kDriftHidden:
      case Section::kNoChanges:
      case Section::kRule:
        return Status::Ok();  // the headline says these its own way
      default:
        break;
    }
    Status s = WriteHead();
    if (!s.ok()) return s;
    if (piece.section == Section::kActionInvocations && piece.part == Part::kClosing) {
      s = parts_.Add(DetailsUnit(plan_->ctx.flavor->Wording("{product} will invoke the following action(s)"),
                                 DiffLines(held_)));
      held_.clear();
    } else if (piece.section == Section::kOutputs && piece.part == Part::kClosing && !held_.empty()) {
      s = parts_.Add(DetailsUnit("Changes to Outputs", DiffLines(held_)));
      held_.clear();
    }
    return s;
  }
  Status Block(const BlockView& block) override {
    switch (block.section) {
      case Section::kDrift:
        return to_drift_.AppendBlock(block.text);
      case Section::kDeferred:
        return to_deferred_.AppendBlock(block.text);
      case Section::kActionInvocations:
      case Section::kOutputs:
        held_ += block.text;
        return Status::Ok();
      default:
        break;
    }
    Status s = WriteHead();
    return s.ok() ? parts_.Add(ChangeBlockUnit(block.text)) : s;
  }
  Status Flush() override { return parts_.Flush(); }
  Status Finish(const PlanView&) override {
    Status s = WriteHead();
    if (!s.ok()) return s;
    // Drift last, unlike Terraform's text: a reviewer reads the planned
    // changes first, and a part cap (--max-parts) leaves the drift out
    // before any of them.
    if (plan_->have_drift && !options_.hide_drift) {
      s = parts_.Add(DetailsUnit(plan_->ctx.flavor->Wording("Objects have changed outside of {product}"), drift_));
      if (!s.ok()) return s;
    }
    return parts_.Finish();
  }

 private:
  // The alert, the headline, the count table and the deferred changes,
  // once: before whatever follows the drift and deferred sections.
  Status WriteHead() {
    if (head_written_) return Status::Ok();
    head_written_ = true;
    Status s;
    if (!(s = to_drift_.Flush()).ok() || !(s = to_deferred_.Flush()).ok()) return s;
    drift_.Finish();
    deferred_.Finish();
    if (!(s = drift_.status()).ok() || !(s = deferred_.status()).ok()) return s;  // before anything is written
    const PlanContext& ctx = plan_->ctx;
    std::string alert;
    if (!(s = DestroyAlert(ctx, &alert)).ok()) return s;
    std::string hidden;
    if (plan_->have_drift && options_.hide_drift) {
      hidden = "_";
      hidden += HiddenDriftWords(*ctx.flavor, plan_->hidden_drift);
      hidden += "._\n\n";
    }
    s = parts_.Add(Plain(alert + Headline(ctx, *plan_->prepared, plan_->have_drift) + hidden +
                         MarkdownCountTable(ctx.facts, *ctx.flavor)));
    if (!s.ok()) return s;
    if (plan_->have_deferred) s = parts_.Add(DetailsUnit("Deferred changes (a partial plan)", deferred_));
    return s;
  }

  const Options& options_;
  const PlanView* plan_ = nullptr;
  MarkdownParts parts_;
  SpilledDiffLines drift_, deferred_;
  buffer::OutputSink to_drift_, to_deferred_;
  bool head_written_ = false;
  std::string held_;  // the action invocations' or outputs' lines
};

}  // namespace

std::unique_ptr<Sink> MakeMarkdownSink(const Options& options, buffer::OutputSink* out, Report* report) {
  return std::make_unique<MarkdownSink>(options, out, report);
}

}  // namespace tfstream::forms
