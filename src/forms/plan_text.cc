// Order of work: PreScan validates the whole document and tallies what the
// legend and summary need; schema problems are then checked before anything
// is written (plan_prepare.h); then the sections are written in Terraform's
// order (plan.renderHuman). Planned changes, the bulk of a plan, are
// rendered by ResourceWorkers on several threads and written in input order,
// one block at a time (change_blocks.h); the other sections are rendered on
// this thread.
#include "forms/plan_text.h"

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>

#include "pipeline/background_validation.h"
#include "pipeline/change_blocks.h"
#include "pipeline/plan_changes.h"
#include "pipeline/plan_context.h"
#include "pipeline/plan_prepare.h"
#include "pipeline/plan_sections.h"
#include "pipeline/plan_totals.h"
#include "pipeline/resource_worker.h"
#include "render/text/word_wrap.h"
#include "stream/pre_scan.h"

namespace tfstream::forms {
namespace {

using namespace pipeline;

using render::Action;

// TFSTREAM_TIMING=1 prints how long each phase took, for benchmarking.
class PhaseTimer {
 public:
  PhaseTimer() : enabled_(std::getenv("TFSTREAM_TIMING") != nullptr), last_(Clock::now()) {}
  void Mark(const char* phase) {
    if (!enabled_) return;
    auto now = Clock::now();
    long pages = 0, resident = 0;
    if (FILE* f = std::fopen("/proc/self/statm", "r")) {
      if (std::fscanf(f, "%ld %ld", &pages, &resident) != 2) resident = 0;
      std::fclose(f);
    }
    struct rusage usage {};
    getrusage(RUSAGE_SELF, &usage);
    std::fprintf(stderr, "tfstream: %-16s %8.3f s  rss %ld MiB, peak %ld MiB\n", phase,
                 std::chrono::duration<double>(now - last_).count(), resident * 4096 / (1 << 20),
                 usage.ru_maxrss / 1024);
    last_ = now;
  }

 private:
  using Clock = std::chrono::steady_clock;
  bool enabled_;
  Clock::time_point last_;
};

class PlanText {
 public:
  PlanText(const Input& in, const Options& opt, ProgressMeter* progress, buffer::OutputSink* out)
      : ctx_(in, opt), progress_(progress), out_(out), worker_(ctx_) {}

  Status Run();
  const PlanContext& context() const { return ctx_; }
  void TakeReport(Report* report) const {
    report->warnings = ctx_.stale_schemas.Warnings();
    TakeNotes(ctx_, report);
  }

 private:
  Status RenderChanges();
  void StartDeferredCheck() {
    if (!deferred_check_) deferred_check_.emplace(ctx_);
  }
  // The "no changes" texts; *done when Terraform returns right after them.
  void RenderNoChanges(bool have_refresh_changes, bool* done);

  void Println(std::string_view s) {
    out_->Append(s);
    out_->Append("\n");
  }
  std::string Wrap(std::string_view s) { return render::text::WordWrap(s, ctx_.opt.width); }
  void Rule() {
    out_->Append(render::text::HorizontalRule(ctx_.colorize, ctx_.opt.width));
    out_->Append("\n");
  }

  PlanContext ctx_;
  ProgressMeter* progress_;  // may be null
  buffer::OutputSink* out_;
  ResourceWorker worker_;  // for everything rendered on this thread
  PreparedPlan prepared_;
  std::optional<BackgroundValidation> deferred_check_;  // once started
};

Status PlanText::RenderChanges() {
  BlockSink sink;
  sink.consume = [this](std::string_view block) { return out_->AppendBlock(block); };
  sink.element = [this](std::string_view raw, uint64_t offset) {
    out_->NoteBlockOrigin(buffer::BlockOrigin::Element("changes", raw, offset));
  };
  sink.flush = [this] {
    Status s = out_->Flush();
    StartDeferredCheck();
    return s;
  };
  return RenderChangeBlocks(ctx_, &worker_, progress_, sink);
}

void PlanText::RenderNoChanges(bool have_refresh_changes, bool* done) {
  *done = false;
  const auto& c = ctx_.colorize;
  const Flavor& f = *ctx_.flavor;
  bool has_deferred = false;
  if (ctx_.facts.shape == stream::InputShape::kRenderer && ctx_.facts.deferred_changes.present) {
    (void)ctx_.ForEachElement(ctx_.facts.deferred_changes, [&](std::string_view, uint64_t) {
      has_deferred = true;
      return Status::Ok();
    });
  }
  if (prepared_.errored) {
    if (have_refresh_changes) Rule();
    out_->Append(c.Color(f.Wording("\n[reset][bold][red]Planning failed.[reset][bold] {product} encountered an error while generating this plan.[reset]\n\n")));
  } else if (has_deferred) {
    if (have_refresh_changes) Rule();
    out_->Append(c.Color("\n[reset][bold][green]No current changes.[reset][bold] This plan requires another plan to be applied first.[reset]\n\n"));
  } else if (ctx_.opt.mode == PlanMode::kRefreshOnly) {
    if (have_refresh_changes) {
      // The drift section already said what applying would do.
      *done = true;
      return;
    }
    out_->Append(c.Color("\n[reset][bold][green]No changes.[reset][bold] Your infrastructure still matches the configuration.[reset]\n\n"));
    Println(Wrap(f.Wording("{product} has checked that the real remote objects still match the result of your most recent changes, and found no differences.")));
  } else if (ctx_.opt.mode == PlanMode::kDestroy) {
    if (have_refresh_changes) Rule();
    out_->Append(c.Color("\n[reset][bold][green]No changes.[reset][bold] No objects need to be destroyed.[reset]\n\n"));
    Println(Wrap(f.Wording("Either you have not created any objects yet or the existing objects were already deleted outside of {product}.")));
  } else {
    if (have_refresh_changes) Rule();
    out_->Append(c.Color("\n[reset][bold][green]No changes.[reset][bold] Your infrastructure matches the configuration.[reset]\n\n"));
    if (have_refresh_changes) {
      if (!prepared_.no_changes_quality) {
        Println(Wrap("Your configuration already matches the changes detected above, so applying this plan will only update the state to include the changes detected above and won't change any real infrastructure."));
      } else {
        std::string suggestion = ctx_.opt.automation ? "." : f.Wording(":\n  {cli} apply -refresh-only");
        Println(Wrap(f.Wording("Your configuration already matches the changes detected above. If you'd like to update the {product} state to match, create and apply a refresh-only plan") + suggestion));
      }
      *done = true;
      return;
    }
    Println(Wrap(f.Wording("{product} has compared your real infrastructure against your configuration and found no differences, so no changes are needed.")));
  }
}

Status PlanText::Run() {
  PhaseTimer timer;
  const stream::PlanFacts& facts = ctx_.facts;
  Status s = ScanPlan(&ctx_, progress_);
  if (!s.ok()) return s;
  const Flavor& flavor = *ctx_.flavor;
  timer.Mark("pre-scan");
  // Sections nothing is read from (PlanFacts::deferred_validation) are
  // checked while the blocks render and reported after them (from the
  // first batch of change blocks written on: until then the check would
  // only compete for the cores with what the first block waits for);
  // without blocks, before anything is written.
  bool defer_validation = facts.shown_changes > 0 || !facts.actions.empty();
  if (!(s = PreparePlan(&ctx_, &worker_, &prepared_)).ok()) return s;
  timer.Mark("prepare");
  if (!defer_validation) {
    Status v =
        stream::ValidateDeferred(ctx_.in.plan, facts, /*changes_validated=*/false, ctx_.in.release_plan_range);
    if (!v.ok()) return ctx_.PlanError(v);
  }
  const std::vector<OutputEntry>& outputs = prepared_.outputs;

  if (prepared_.newer_format) {
    Println(Wrap(ctx_.colorize.Color(flavor.Wording("\n[bold][red]Warning:[reset][bold] This plan was generated using a different version of {product}, the diff presented here may be missing representations of recent features."))));
  }

  bool have_refresh_changes;
  if (!ctx_.opt.hide_drift) {
    if (!(s = RenderDrift(ctx_, &worker_, outputs, out_, &have_refresh_changes)).ok()) return s;
  } else {
    // One line where the section would be; the layout after it is the same.
    size_t drifted;
    if (!(s = CountDrift(ctx_, &worker_, outputs, &have_refresh_changes, &drifted)).ok()) return s;
    if (have_refresh_changes) {
      out_->Append(ctx_.colorize.Color("\n[bold][cyan]Note:[reset][bold] " +
                                       HiddenDriftWords(flavor, drifted) + "\n"));
    }
  }
  if (!(s = out_->Flush()).ok()) return s;

  bool any_output = prepared_.any_output_change;
  size_t action_count = facts.actions.size();
  if (facts.shown_changes == 0 && !any_output && action_count == 0) {
    bool done;
    RenderNoChanges(have_refresh_changes, &done);
    if (done) return out_->Flush();
  }

  if (have_refresh_changes) Rule();
  bool have_deferred;
  if (!(s = RenderDeferred(ctx_, &worker_, out_, &have_deferred)).ok()) return s;
  if (have_deferred) Rule();

  // Over the blocks shown: the same as Terraform's without a filter.
  if (facts.will_print_resource_changes) {
    Println(Wrap(flavor.Wording("\n{product} used the selected providers to generate the following execution plan. Resource actions are indicated with the following symbols:")));
    for (const LegendEntry& e : Legend(flavor)) {
      if (facts.filtered_counts[static_cast<size_t>(e.action)] > 0) Println(ctx_.colorize.Color(e.Markup()));
    }
  }

  if (facts.shown_changes > 0 || action_count > 0) {
    out_->Append(flavor.Wording(prepared_.errored ? "\n{product} planned the following actions, but then encountered a problem:\n"
                                                  : "\n{product} will perform the following actions:\n"));
    if (!(s = out_->Flush()).ok()) return s;
    timer.Mark("before changes");
    if (!(s = RenderChanges()).ok()) return s;
    timer.Mark("changes");
    // RenderChanges validated every resource_changes element.
    StartDeferredCheck();
    if (!(s = deferred_check_->Wait()).ok()) return s;
    out_->Append("\n");
    out_->Append(PlanSummaryLine(facts, ctx_.colorize, flavor));
    if (ctx_.opt.filter.active()) Println(FilteredOutLine(facts));
  }

  std::string cli_actions;
  if (!(s = RenderCliActions(ctx_, &worker_, &cli_actions)).ok()) return s;
  if (!cli_actions.empty()) {
    out_->Append(ctx_.colorize.Color(flavor.Wording("\n{product} will invoke the following action(s):\n\n")));
    out_->Append(cli_actions);
    out_->Append("\n");
  }

  if (any_output) {
    std::string text;
    if (!(s = RenderOutputs(ctx_, &worker_, outputs, &text)).ok()) return s;
    out_->Append("\nChanges to Outputs:\n");
    out_->Append(text);
    out_->Append("\n");
    // Only output changes: say what applying would mean.
    bool no_counts = std::all_of(facts.counts.begin(), facts.counts.end(), [](size_t v) { return v == 0; });
    if (no_counts) {
      Println(Wrap(flavor.Wording("\nYou can apply this plan to save these new output values to the {product} state, without changing any real infrastructure.")));
    }
  }
  return out_->Flush();
}

}  // namespace

Status RenderText(const Input& input, const Options& options, ProgressMeter* progress, buffer::OutputSink* out,
                  Report* report, const std::function<void(const PlanContext&)>& at_end) {
  PlanText text(input, options, progress, out);
  Status s = text.Run();
  if (s.ok() && at_end) at_end(text.context());
  if (s.ok() && options.detailed_exitcode) s = DecideChanges(text.context(), report);
  if (s.ok() && report != nullptr) text.TakeReport(report);
  return s;
}

}  // namespace tfstream::forms
