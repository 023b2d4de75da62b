// Order of work: PreScan validates the whole document and tallies what the
// legend and summary need; schema problems are then checked before anything
// is written (plan_prepare.h); then the sections are pushed in Terraform's
// order (plan.renderHuman). Planned changes, the bulk of a plan, are
// rendered by ResourceWorkers on several threads and pushed in input order,
// one block at a time (change_blocks.h); the other sections are rendered on
// this thread.
#include "pipeline/plan_run.h"

#include <algorithm>
#include <optional>
#include <string>
#include <utility>

#include "pipeline/background_validation.h"
#include "pipeline/change_blocks.h"
#include "pipeline/phase_timer.h"
#include "pipeline/plan_changes.h"
#include "pipeline/plan_context.h"
#include "pipeline/plan_sections.h"
#include "pipeline/resource_worker.h"
#include "render/plan/plan_sections.h"
#include "render/plan/plan_totals.h"
#include "render/text/word_wrap.h"
#include "stream/pre_scan.h"

namespace tfstream::pipeline {

using namespace render::plan;
namespace {

class PlanRun {
 public:
  PlanRun(const Input& in, const Options& opt, ProgressMeter* progress, Sink* sink)
      : ctx_(in, opt, sink->needs().marked_symbols),
        view_(ctx_),
        progress_(progress),
        sink_(sink),
        needs_(sink->needs()),
        worker_(ctx_),
        timer_(opt.timing) {}

  Status Run(Report* report);

 private:
  // Terraform's text, section by section (Needs::text).
  Status PushText();
  // The "no changes" texts; *done when Terraform returns right after them.
  Status PushNoChanges(bool have_refresh_changes, bool* done);
  // The facts of the blocks that would print (facts-only sinks).
  Status PushFacts();

  Status Piece(Section section, Part part, std::string_view text) {
    return sink_->Text(TextPiece{section, part, text});
  }
  Status Println(Section section, Part part, std::string_view text) {
    std::string line(text);
    line += '\n';
    return Piece(section, part, line);
  }
  Status Rule() {
    return Piece(Section::kRule, Part::kBody,
                 render::text::HorizontalRule(ctx_.colorize, ctx_.opt.width) + "\n");
  }
  // A rendered resource block (planned change or drift) to the sink, with
  // its facts when the sink asks for them.
  Status PushBlock(Section section, const RenderedBlock& block);
  SectionOut Out(Section section);
  void StartDeferredCheck() {
    if (!deferred_check_) deferred_check_.emplace(ctx_);
  }

  PlanContext ctx_;
  PlanView view_;
  ProgressMeter* progress_;  // may be null
  Sink* sink_;
  const Needs needs_;
  ResourceWorker worker_;  // for everything rendered on this thread
  PreparedPlan prepared_;
  // With Needs::text and validation beside the blocks: once started.
  std::optional<BackgroundValidation> deferred_check_;
  bool deferring_validation_ = false;
  std::vector<OutputChangeFacts> output_facts_;
  PhaseTimer timer_;
  stream::ResourceFacts facts_;  // scratch for PushBlock
};

Status PlanRun::PushBlock(Section section, const RenderedBlock& block) {
  BlockView view;
  view.section = section;
  view.text = block.text;
  if (needs_.block_facts && !block.raw.empty()) {
    facts_.Clear();
    facts_.read_details = true;
    if (Status s = ctx_.ReadFacts(block.raw, block.offset, &facts_); !s.ok()) return s;
    view.change = &facts_;
    view.address = facts_.address;
    view.module_address = facts_.module_address;
    view.known_action = stream::PlanActionFromList(facts_.actions, &view.plan_action);
    if (view.known_action) view.action = stream::ActionWord(view.plan_action);
  }
  return sink_->Block(view);
}

SectionOut PlanRun::Out(Section section) {
  SectionOut out;
  out.text = [this, section](Part part, std::string_view text) { return Piece(section, part, text); };
  out.blocks.consume = [this, section](const RenderedBlock& block) { return PushBlock(section, block); };
  out.blocks.flush = [this] { return sink_->Flush(); };
  out.blocks.joined = needs_.JoinsBlocks();
  return out;
}

Status PlanRun::Run(Report* report) {
  stream::ChangeHooks hooks;
  if (needs_.scan_facts) {
    hooks.on_begin = [this] { sink_->ScanRestarted(); };
    hooks.on_shown = [this](const stream::ResourceFacts& rf, stream::PlanAction action) { sink_->Scanned(rf, action); };
  }
  Status s = ScanPlan(&ctx_, progress_, hooks);
  if (!s.ok()) return s;
  if (!(s = sink_->AfterScan()).ok()) return ctx_.PlanError(s);
  ResolveQuality(ctx_, &view_.errored, &view_.no_changes_quality);
  timer_.Mark("pre-scan");
  const stream::PlanFacts& facts = ctx_.facts;
  if (needs_.text) {
    if (!(s = PreparePlan(&ctx_, &worker_, &prepared_)).ok()) return s;
    view_.prepared = &prepared_;
    timer_.Mark("prepare");
    if (needs_.validated_before_output) {
      if (!(s = ValidateBeforeOutput(ctx_)).ok()) return s;
      ctx_.changes_validated = true;
    } else {
      // Sections nothing is read from (PlanFacts::deferred_validation) are
      // checked while the blocks render and reported after them (from the
      // first batch of change blocks written on: until then the check
      // would only compete for the cores with what the first block waits
      // for); without blocks, before anything is written.
      deferring_validation_ = facts.shown_changes > 0 || !facts.actions.empty();
      if (!deferring_validation_) {
        Status v =
            stream::ValidateDeferred(ctx_.in.plan, facts, /*changes_validated=*/false, ctx_.in.release_plan_range);
        if (!v.ok()) return ctx_.PlanError(v);
      }
    }
  } else if (needs_.checked_schemas) {
    // A resource change whose schema is missing fails here, as rendering would.
    if (!(s = CheckSchemas(&ctx_)).ok()) return s;
    if (ctx_.in.has_schemas) view_.schemas_file_format_version = SchemasFile(&ctx_).format_version;
  } else {
    // All or nothing: what the scan skipped is validated before the first
    // byte, giving its pages back as it goes.
    if (needs_.validated_before_output && !(s = ValidateBeforeOutput(ctx_)).ok()) return s;
    if (!(s = CheckSchemasFile(&ctx_)).ok()) return s;
    if (needs_.changes_decided) {
      if (!(s = ReadOutputChanges(ctx_, &output_facts_)).ok()) return s;
      if (!(s = PlanHasChanges(ctx_, output_facts_, &view_.has_changes)).ok()) return s;
      view_.output_facts = &output_facts_;
    }
  }
  if (!(s = sink_->Begin(view_)).ok()) return s;
  if (needs_.changes_decided && report != nullptr) {
    report->has_changes = view_.has_changes;
    report->errored = view_.errored;
  }
  if (!(s = needs_.text ? PushText() : PushFacts()).ok()) return s;
  if (ctx_.opt.detailed_exitcode && !needs_.changes_decided && !(s = DecideChanges(ctx_, report)).ok()) return s;
  if (!(s = sink_->Finish(view_)).ok()) return s;
  if (needs_.notes && report != nullptr) {
    report->warnings = ctx_.stale_schemas.Warnings();
    TakeNotes(ctx_, report);
  }
  return Status::Ok();
}

Status PlanRun::PushNoChanges(bool have_refresh_changes, bool* done) {
  NoChangesFacts facts;
  facts.errored = prepared_.errored;
  if (ctx_.facts.shape == stream::InputShape::kRenderer && ctx_.facts.deferred_changes.present) {
    (void)ctx_.ForEachElement(ctx_.facts.deferred_changes, [&](std::string_view, uint64_t) {
      facts.has_deferred = true;
      return Status::Ok();
    });
  }
  facts.refresh_only = ctx_.opt.mode == PlanMode::kRefreshOnly;
  facts.destroy = ctx_.opt.mode == PlanMode::kDestroy;
  facts.have_refresh_changes = have_refresh_changes;
  facts.no_changes_quality = prepared_.no_changes_quality;
  facts.automation = ctx_.opt.automation;
  const NoChangesText text = NoChanges(facts, *ctx_.flavor, ctx_.colorize, ctx_.opt.width);
  *done = text.ends_plan;
  Status s;
  if (text.rule && !(s = Rule()).ok()) return s;
  if (!text.heading.empty() && !(s = Piece(Section::kNoChanges, Part::kHeading, text.heading)).ok()) return s;
  if (!text.body.empty()) return Piece(Section::kNoChanges, Part::kBody, text.body);
  return Status::Ok();
}

Status PlanRun::PushText() {
  const stream::PlanFacts& facts = ctx_.facts;
  const Flavor& flavor = *ctx_.flavor;
  const std::vector<OutputEntry>& outputs = prepared_.outputs;
  Status s;
  if (prepared_.newer_format) {
    s = Piece(Section::kWarning, Part::kBody, NewerFormatWarning(flavor, ctx_.colorize, ctx_.opt.width));
    if (!s.ok()) return s;
  }

  bool have_refresh_changes;
  if (!ctx_.opt.hide_drift) {
    if (!(s = RenderDrift(ctx_, &worker_, outputs, Out(Section::kDrift), &have_refresh_changes)).ok()) return s;
  } else {
    // One line where the section would be; the layout after it is the same.
    size_t drifted;
    if (!(s = CountDrift(ctx_, &worker_, outputs, &have_refresh_changes, &drifted)).ok()) return s;
    view_.hidden_drift = drifted;
    if (have_refresh_changes) {
      s = Piece(Section::kDriftHidden, Part::kBody, HiddenDriftNote(flavor, ctx_.colorize, drifted));
      if (!s.ok()) return s;
    }
  }
  view_.have_drift = have_refresh_changes;
  if (!(s = sink_->Flush()).ok()) return s;

  bool any_output = prepared_.any_output_change;
  size_t action_count = facts.actions.size();
  if (facts.shown_changes == 0 && !any_output && action_count == 0) {
    bool done;
    if (!(s = PushNoChanges(have_refresh_changes, &done)).ok()) return s;
    if (done) return sink_->Flush();
  }

  if (have_refresh_changes && !(s = Rule()).ok()) return s;
  bool have_deferred;
  if (!(s = RenderDeferred(ctx_, &worker_, Out(Section::kDeferred), &have_deferred)).ok()) return s;
  view_.have_deferred = have_deferred;
  if (have_deferred && !(s = Rule()).ok()) return s;

  // Over the blocks shown: the same as Terraform's without a filter.
  if (facts.will_print_resource_changes) {
    s = Piece(Section::kLegend, Part::kHeading, LegendHeading(flavor, ctx_.opt.width));
    if (!s.ok()) return s;
    for (const LegendEntry& e : Legend(flavor)) {
      if (facts.filtered_counts[static_cast<size_t>(e.action)] > 0) {
        if (!(s = Println(Section::kLegend, Part::kBody, ctx_.colorize.Color(e.Markup()))).ok()) return s;
      }
    }
  }

  if (facts.shown_changes > 0 || action_count > 0) {
    s = Piece(Section::kPlannedChanges, Part::kHeading, PlannedChangesHeading(flavor, prepared_.errored));
    if (!s.ok() || !(s = sink_->Flush()).ok()) return s;
    timer_.Mark("before changes");
    BlockSink blocks;
    blocks.consume = [this](const RenderedBlock& block) { return PushBlock(Section::kPlannedChanges, block); };
    blocks.flush = [this] {
      Status f = sink_->Flush();
      if (deferring_validation_) StartDeferredCheck();
      return f;
    };
    blocks.joined = needs_.JoinsBlocks();
    if (!(s = RenderChangeBlocks(ctx_, &worker_, progress_, blocks)).ok()) return s;
    timer_.Mark("changes");
    if (deferring_validation_) {
      // RenderChangeBlocks validated every resource_changes element.
      StartDeferredCheck();
      if (!(s = deferred_check_->Wait()).ok()) return s;
    }
    std::string totals = "\n";
    totals += PlanSummaryLine(facts, ctx_.colorize, flavor);
    if (!(s = Piece(Section::kTotals, Part::kBody, totals)).ok()) return s;
    if (ctx_.opt.filter.active() && !(s = Println(Section::kTotals, Part::kBody, FilteredOutLine(facts))).ok()) return s;
  }

  // Rendered whole before any of it is pushed: one that fails leaves none
  // of the section written.
  std::vector<std::pair<std::string, std::string>> invocations;  // address, text
  s = RenderCliActions(ctx_, &worker_, [&](const stream::ActionInvocationFacts& a, std::string_view text) {
    invocations.emplace_back(a.address, std::string(text));
    return Status::Ok();
  });
  if (!s.ok()) return s;
  if (!invocations.empty()) {
    s = Piece(Section::kActionInvocations, Part::kHeading, ActionInvocationsHeading(flavor, ctx_.colorize));
    if (!s.ok()) return s;
    for (const auto& [address, text] : invocations) {
      BlockView block;
      block.section = Section::kActionInvocations;
      block.text = text;
      block.address = address;
      if (!(s = sink_->Block(block)).ok()) return s;
    }
    if (!(s = Piece(Section::kActionInvocations, Part::kClosing, "\n")).ok()) return s;
  }

  if (any_output) {
    std::vector<std::pair<const OutputEntry*, std::string>> lines;
    s = RenderOutputs(ctx_, &worker_, outputs, [&](const OutputEntry& o, std::string_view text) {
      lines.emplace_back(&o, std::string(text));
      return Status::Ok();
    });
    if (!s.ok()) return s;
    if (!(s = Piece(Section::kOutputs, Part::kHeading, OutputsHeading())).ok()) return s;
    for (const auto& [output, text] : lines) {
      BlockView block;
      block.section = Section::kOutputs;
      block.text = text;
      block.address = output->name;
      block.known_action = true;
      block.plan_action = output->action;
      block.action = stream::ActionWord(output->action);
      if (!(s = sink_->Block(block)).ok()) return s;
    }
    if (!(s = Piece(Section::kOutputs, Part::kClosing, "\n")).ok()) return s;
    // Only output changes: say what applying would mean.
    bool no_counts = std::all_of(facts.counts.begin(), facts.counts.end(), [](size_t v) { return v == 0; });
    if (no_counts) {
      s = Piece(Section::kOutputs, Part::kClosing, OutputsOnlyClosing(flavor, ctx_.opt.width));
      if (!s.ok()) return s;
    }
  }
  return sink_->Flush();
}

Status PlanRun::PushFacts() {
  const stream::PlanFacts& f = ctx_.facts;
  Status s;
  if (needs_.change_facts) {
    // The scan validated every element: its facts are read by structure.
    const stream::ChangeFilter* filter = ctx_.opt.filter.active() ? &ctx_.opt.filter : nullptr;
    stream::ResourceFacts rf;
    rf.read_details = needs_.fact_details;
    size_t done = 0;
    if (progress_ != nullptr && f.resource_changes.present) {
      progress_->StartRendering(f.resource_changes.begin, f.resource_changes.end, f.resource_change_count);
    }
    s = ctx_.ForEachElement(f.resource_changes, [&](std::string_view raw, uint64_t offset) {
      if (progress_ != nullptr) progress_->Rendering(offset + raw.size(), ++done);
      rf.Clear();
      if (Status st = ctx_.ReadFacts(raw, offset, &rf); !st.ok()) return st;
      BlockView block;
      block.section = Section::kPlannedChanges;
      block.known_action = stream::PlanActionFromList(rf.actions, &block.plan_action);
      // The pre-scan checked every list; only the blocks Terraform prints
      // and the filter passes are pushed.
      if (!block.known_action || !stream::IsPrintedChange(block.plan_action, rf)) return Status::Ok();
      if (filter != nullptr && !filter->Matches(rf, block.plan_action)) return Status::Ok();
      block.change = &rf;
      block.address = rf.address;
      block.module_address = rf.module_address;
      block.action = stream::ActionWord(block.plan_action);
      return sink_->Block(block);
    });
    if (!s.ok()) return s;
  }
  if (needs_.drift_facts) {
    stream::ResourceFacts rf;
    rf.read_details = needs_.fact_details;
    s = ctx_.ForEachElement(
        f.resource_drift,
        [&](std::string_view raw, uint64_t offset) {
          rf.Clear();
          if (Status st = ctx_.ReadFacts(raw, offset, &rf); !st.ok()) return st;
          BlockView block;
          block.section = Section::kDrift;
          block.known_action = stream::PlanActionFromList(rf.actions, &block.plan_action);
          // A drift entry is a change unless it does nothing where it is.
          if (block.known_action && block.plan_action == stream::PlanAction::kNoOp && !rf.Moved()) {
            return Status::Ok();
          }
          block.change = &rf;
          block.address = rf.address;
          block.module_address = rf.module_address;
          if (block.known_action) block.action = stream::ActionWord(block.plan_action);
          return sink_->Block(block);
        },
        PlanContext::Pages::kDropBehind);
    if (!s.ok()) return s;
  }
  if (needs_.output_actions) return PrepareOutputs(ctx_, &worker_, &view_.outputs);
  return Status::Ok();
}

}  // namespace

Status RunPlan(const Input& input, const Options& options, ProgressMeter* progress, Sink* sink, Report* report) {
  PlanRun run(input, options, progress, sink);
  return run.Run(report);
}

}  // namespace tfstream::pipeline
