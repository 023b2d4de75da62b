// Order of work: PreScan validates the whole document and tallies what the
// legend and summary need; schema problems are then checked before anything
// is written; then the sections are written in Terraform's order
// (plan.renderHuman). Planned changes, the bulk of a plan, are rendered by
// ResourceWorkers on several threads and written in input order, one block
// at a time; the other sections are rendered on this thread.
#include "pipeline/plan_pipeline.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "pipeline/ordered_parallel.h"
#include "pipeline/plan_context.h"
#include "pipeline/plan_sections.h"
#include "pipeline/resource_worker.h"
#include "render/text/go_float.h"
#include "render/text/word_wrap.h"

namespace tfstream::pipeline {
namespace {

using render::Action;

// incompatibleVersions: true when the document's format is newer than ours.
bool Incompatible(std::string_view local, std::string_view remote) {
  double l, r;
  if (!render::text::GoParseFloat(local, &l) || !render::text::GoParseFloat(remote, &r)) return false;
  return l < r;
}

// TFSTREAM_TIMING=1 prints how long each phase took, for benchmarking.
class PhaseTimer {
 public:
  PhaseTimer() : enabled_(std::getenv("TFSTREAM_TIMING") != nullptr), last_(Clock::now()) {}
  void Mark(const char* phase) {
    if (!enabled_) return;
    auto now = Clock::now();
    std::fprintf(stderr, "tfstream: %-16s %8.3f s\n", phase, std::chrono::duration<double>(now - last_).count());
    last_ = now;
  }

 private:
  using Clock = std::chrono::steady_clock;
  bool enabled_;
  Clock::time_point last_;
};

class PlanPipeline {
 public:
  PlanPipeline(const Input& in, const Options& opt, buffer::OutputSink* out)
      : ctx_(in, opt), out_(out), worker_(ctx_) {}

  Status Run();

 private:
  Status RenderChanges();
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
  buffer::OutputSink* out_;
  ResourceWorker worker_;  // for everything rendered on this thread
  std::vector<OutputEntry> outputs_;
  bool errored_ = false, no_changes_quality_ = false;
};

Status PlanPipeline::RenderChanges() {
  const stream::ByteRange range = ctx_.facts.resource_changes;
  int jobs = std::max(1, ctx_.opt.jobs);
  if (jobs == 1 || ctx_.facts.resource_change_count < 64) {
    return ctx_.ForEachElement(range, [&](std::string_view raw, uint64_t offset) -> Status {
      Status s = worker_.RenderChangeBlock(raw, offset, out_->buffer());
      worker_.Reset();
      if (!s.ok()) return s;
      return out_->Flush();
    });
  }
  struct Item {
    std::string_view raw;
    uint64_t offset = 0;
  };
  struct Block {
    std::string text;
    uint64_t end = 0;  // where the element ends in the input
  };
  std::vector<std::unique_ptr<ResourceWorker>> workers;
  for (int i = 0; i < jobs; ++i) workers.push_back(std::make_unique<ResourceWorker>(ctx_));
  return RunOrdered<Item, Block>(
      jobs, static_cast<size_t>(jobs) * 16,
      [&](auto push) {
        return ctx_.ForEachElement(
            range,
            [&](std::string_view raw, uint64_t offset) -> Status {
              push(Item{raw, offset});
              return Status::Ok();
            },
            /*release=*/false);
      },
      [&](int id, const Item& item, Block* block) {
        block->text.clear();
        block->end = item.offset + item.raw.size();
        Status s = workers[static_cast<size_t>(id)]->RenderChangeBlock(item.raw, item.offset, &block->text);
        workers[static_cast<size_t>(id)]->Reset();
        return s;
      },
      [&](Block& block) {
        ctx_.Release(block.end);  // every earlier element has been consumed too
        if (block.text.empty()) return Status::Ok();
        out_->Append(block.text);
        return out_->Flush();
      });
}

void PlanPipeline::RenderNoChanges(bool have_refresh_changes, bool* done) {
  *done = false;
  const auto& c = ctx_.colorize;
  bool has_deferred = false;
  if (ctx_.facts.shape == stream::InputShape::kRenderer && ctx_.facts.deferred_changes.present) {
    (void)ctx_.ForEachElement(ctx_.facts.deferred_changes, [&](std::string_view, uint64_t) {
      has_deferred = true;
      return Status::Ok();
    });
  }
  if (errored_) {
    if (have_refresh_changes) Rule();
    out_->Append(c.Color("\n[reset][bold][red]Planning failed.[reset][bold] Terraform encountered an error while generating this plan.[reset]\n\n"));
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
    Println(Wrap("Terraform has checked that the real remote objects still match the result of your most recent changes, and found no differences."));
  } else if (ctx_.opt.mode == PlanMode::kDestroy) {
    if (have_refresh_changes) Rule();
    out_->Append(c.Color("\n[reset][bold][green]No changes.[reset][bold] No objects need to be destroyed.[reset]\n\n"));
    Println(Wrap("Either you have not created any objects yet or the existing objects were already deleted outside of Terraform."));
  } else {
    if (have_refresh_changes) Rule();
    out_->Append(c.Color("\n[reset][bold][green]No changes.[reset][bold] Your infrastructure matches the configuration.[reset]\n\n"));
    if (have_refresh_changes) {
      if (!no_changes_quality_) {
        Println(Wrap("Your configuration already matches the changes detected above, so applying this plan will only update the state to include the changes detected above and won't change any real infrastructure."));
      } else {
        std::string suggestion = ctx_.opt.automation ? "." : ":\n  terraform apply -refresh-only";
        Println(Wrap("Your configuration already matches the changes detected above. If you'd like to update the Terraform state to match, create and apply a refresh-only plan" + suggestion));
      }
      *done = true;
      return;
    }
    Println(Wrap("Terraform has compared your real infrastructure against your configuration and found no differences, so no changes are needed."));
  }
}

Status PlanPipeline::Run() {
  PhaseTimer timer;
  stream::PlanFacts& facts = ctx_.facts;
  Status s = stream::PreScan(ctx_.in.plan, &facts, ctx_.in.release_plan_before);
  if (!s.ok()) return ctx_.PlanError(s);
  timer.Mark("pre-scan");
  bool renderer_shape = facts.shape == stream::InputShape::kRenderer;
  switch (ctx_.opt.quality) {
    case Quality::kErrored: errored_ = true; break;
    case Quality::kNoChanges: no_changes_quality_ = true; break;
    case Quality::kNone: break;
    case Quality::kAuto:
      // `terraform show` takes these from the plan; HCP Terraform passes
      // qualities separately, so the renderer shape has none.
      if (!renderer_shape) {
        if (facts.errored) {
          errored_ = true;
        } else if (facts.has_applyable && !facts.applyable) {
          no_changes_quality_ = true;
        }
      }
      break;
  }
  if (!(s = CheckSchemas(&ctx_)).ok()) return s;
  if (ctx_.opt.mode != PlanMode::kRefreshOnly && !(s = PrepareRelevantAttributes(&ctx_)).ok()) return s;
  if (!(s = PrepareActions(&ctx_)).ok()) return s;
  if (!(s = PrepareOutputs(ctx_, &worker_, &outputs_)).ok()) return s;

  // `terraform show` passes its own format versions; only documents from
  // elsewhere can be newer than this renderer.
  if (renderer_shape && (Incompatible("1.2", facts.plan_format_version) ||
                         Incompatible("1.0", facts.provider_format_version))) {
    Println(Wrap(ctx_.colorize.Color("\n[bold][red]Warning:[reset][bold] This plan was generated using a different version of Terraform, the diff presented here may be missing representations of recent features.")));
  }

  bool have_refresh_changes;
  if (!(s = RenderDrift(ctx_, &worker_, outputs_, out_, &have_refresh_changes)).ok()) return s;
  if (!(s = out_->Flush()).ok()) return s;

  bool any_output = std::any_of(outputs_.begin(), outputs_.end(),
                                [](const OutputEntry& e) { return e.action != Action::kNoOp; });
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

  if (facts.will_print_resource_changes) {
    Println(Wrap("\nTerraform used the selected providers to generate the following execution plan. Resource actions are indicated with the following symbols:"));
    static const std::pair<Action, const char*> kLegend[] = {
        {Action::kCreate, "  [green]+[reset] create"},
        {Action::kUpdate, "  [yellow]~[reset] update in-place"},
        {Action::kDelete, "  [red]-[reset] destroy"},
        {Action::kDeleteThenCreate, "[red]-[reset]/[green]+[reset] destroy and then create replacement"},
        {Action::kCreateThenDelete, "[green]+[reset]/[red]-[reset] create replacement and then destroy"},
        {Action::kRead, " [cyan]<=[reset] read (data resources)"},
    };
    for (const auto& [action, text] : kLegend) {
      if (facts.counts[static_cast<size_t>(action)] > 0) Println(ctx_.colorize.Color(text));
    }
  }

  auto n = [&](Action a) { return facts.counts[static_cast<size_t>(a)]; };
  if (facts.shown_changes > 0 || action_count > 0) {
    out_->Append(errored_ ? "\nTerraform planned the following actions, but then encountered a problem:\n"
                          : "\nTerraform will perform the following actions:\n");
    if (!(s = out_->Flush()).ok()) return s;
    timer.Mark("before changes");
    if (!(s = RenderChanges()).ok()) return s;
    timer.Mark("changes");
    std::string summary = ctx_.colorize.Color("\n[bold]Plan:[reset] ");
    if (facts.importing > 0) summary += std::to_string(facts.importing) + " to import, ";
    summary += std::to_string(n(Action::kCreate) + n(Action::kDeleteThenCreate) + n(Action::kCreateThenDelete) +
                              n(Action::kCreateThenForget)) +
               " to add, " + std::to_string(n(Action::kUpdate)) + " to change, " +
               std::to_string(n(Action::kDelete) + n(Action::kDeleteThenCreate) + n(Action::kCreateThenDelete)) +
               " to destroy.";
    if (action_count > 0) summary += " Actions: " + std::to_string(action_count) + " to invoke.";
    summary += "\n";
    out_->Append(summary);
  }

  std::string cli_actions;
  if (!(s = RenderCliActions(ctx_, &worker_, &cli_actions)).ok()) return s;
  if (!cli_actions.empty()) {
    out_->Append(ctx_.colorize.Color("\nTerraform will invoke the following action(s):\n\n"));
    out_->Append(cli_actions);
    out_->Append("\n");
  }

  if (any_output) {
    std::string outputs;
    if (!(s = RenderOutputs(ctx_, &worker_, outputs_, &outputs)).ok()) return s;
    out_->Append("\nChanges to Outputs:\n");
    out_->Append(outputs);
    out_->Append("\n");
    // Only output changes: say what applying would mean.
    bool no_counts = std::all_of(facts.counts.begin(), facts.counts.end(), [](size_t v) { return v == 0; });
    if (no_counts) {
      Println(Wrap("\nYou can apply this plan to save these new output values to the Terraform state, without changing any real infrastructure."));
    }
  }
  return out_->Flush();
}

}  // namespace

Status RenderPlan(const Input& input, const Options& options, buffer::OutputSink* out) {
  PlanPipeline pipeline(input, options, out);
  return pipeline.Run();
}

}  // namespace tfstream::pipeline
