#include "pipeline/state_run.h"

#include <map>
#include <string>

#include "buffer/spill_text.h"
#include "pipeline/change_blocks.h"
#include "pipeline/phase_timer.h"
#include "pipeline/plan_context.h"
#include "pipeline/resource_worker.h"
#include "pipeline/state_blocks.h"
#include "render/state/state_sections.h"

namespace tfstream::pipeline {
namespace {

class StateRun {
 public:
  StateRun(const Input& in, const Options& opt, ProgressMeter* progress, Sink* sink)
      : ctx_(in, opt, sink->needs().marked_symbols), view_(ctx_, prepared_), progress_(progress), sink_(sink), needs_(sink->needs()) {}

  Status Run(Report* report);

 private:
  Status Piece(Section section, Part part, std::string_view text) {
    return sink_->Text(TextPiece{section, part, text});
  }
  // `terraform show`'s text (Needs::text); *empty when the state has no
  // resources and no outputs (which is all it says then).
  Status PushText(bool* empty);
  Status PushResourceFacts();

  PlanContext ctx_;
  PreparedState prepared_;
  StateView view_;
  ProgressMeter* progress_;  // may be null
  Sink* sink_;
  const Needs needs_;
};

Status StateRun::Run(Report* report) {
  // With text, every output and every resource shown is parsed when it is
  // rendered, which validates it: the pre-scan leaves their contents to
  // that, and a failure from there on gives way to the document's first
  // syntax error (PreferSyntaxError).
  PhaseTimer timer(ctx_.opt.timing);
  Status s = PrepareState(&ctx_, progress_, /*schemas_needed=*/needs_.text || needs_.checked_schemas, &prepared_,
                          /*resources_parsed_later=*/needs_.text);
  if (!s.ok()) return s;
  timer.Mark("pre-scan");
  if (needs_.checked_schemas && ctx_.in.has_schemas && !prepared_.facts.members.provider_schemas) {
    view_.schemas_file_format_version = SchemasFile(&ctx_).format_version;
  }
  if (!(s = sink_->Begin(view_)).ok()) return s;
  bool empty = false;
  if (needs_.text) {
    s = PushText(&empty);
  } else if (needs_.resource_facts) {
    s = PushResourceFacts();
  }
  if (!s.ok()) return s;
  if (!(s = sink_->Finish(view_)).ok()) return s;
  timer.Mark("render");
  if (needs_.notes && !empty && report != nullptr) {
    report->notes = ctx_.notes;
    report->warnings = ctx_.stale_schemas.Warnings();
    const stream::StateFacts& facts = prepared_.facts;
    if (prepared_.select != nullptr && facts.resource_count == 0) {
      report->notes.push_back("--address matched none of the state's " + std::to_string(facts.all_resource_count) +
                              " resources");
    }
  }
  return Status::Ok();
}

Status StateRun::PushText(bool* empty) {
  const stream::StateFacts& facts = prepared_.facts;
  Status s;
  if (prepared_.newer_format) {
    s = Piece(Section::kWarning, Part::kBody,
              render::state::NewerFormatWarning(*ctx_.flavor, ctx_.colorize, ctx_.opt.width));
    if (!s.ok()) return s;
  }
  const bool selecting = prepared_.select != nullptr;
  if (facts.Empty()) {
    *empty = true;
    return Piece(Section::kStateResources, Part::kBody, render::state::EmptyState());
  }
  ResourceWorker worker(ctx_);
  // The outputs are rendered first, so that an output the renderer would
  // fail on stops the run before anything is written, and held (spilled
  // past SpillText::kMemory) until the blocks are out.
  buffer::SpillText held_outputs;
  // --address shows resources only, as `terraform state show ADDR` does.
  const bool show_outputs = facts.has_outputs && !selecting;
  if (show_outputs) {
    // Sorted by name; of a repeated name the last counts, as in Go's map.
    std::map<std::string, stream::ByteRange> outputs;
    for (const stream::ByteRange& object : facts.outputs_objects) {
      s = stream::IndexObjectMembers(ctx_.in.plan, object, "outputs", &outputs, stream::ValueSkip::kByStructure);
      if (!s.ok()) return PreferSyntaxError(ctx_, ctx_.PlanError(s));
    }
    std::string text;
    for (const auto& [name, range] : outputs) {
      text.clear();
      s = worker.RenderStateOutput(name, range, &text);
      worker.Reset();
      if (!s.ok()) return PreferSyntaxError(ctx_, s);
      held_outputs.Append(text);
    }
  }
  BlockSink blocks;
  blocks.consume = [this](const RenderedBlock& block) {
    BlockView view;
    view.section = Section::kStateResources;
    view.text = block.text;
    return sink_->Block(view);
  };
  blocks.flush = [this] { return sink_->Flush(); };
  blocks.joined = needs_.JoinsBlocks();
  if (!(s = RenderStateBlocks(ctx_, facts, prepared_.select, &worker, progress_, blocks)).ok()) {
    return PreferSyntaxError(ctx_, s);
  }
  if (show_outputs) {
    if (!(s = Piece(Section::kStateOutputs, Part::kHeading, render::state::OutputsHeading())).ok()) return s;
    Status pushed;
    s = held_outputs.Read([&](std::string_view piece) {
      pushed = Piece(Section::kStateOutputs, Part::kBody, piece);
      return pushed.ok();
    });
    if (!pushed.ok()) return pushed;
    if (!s.ok()) return s;
  }
  return sink_->Flush();
}

Status StateRun::PushResourceFacts() {
  const std::string_view doc = ctx_.in.plan;
  size_t done = 0;
  Status from_sink;  // what the sink returned, passed on as it is
  uint64_t dropped = 0;  // handed back by range: the pre-scan moved the running count to the end
  if (progress_ != nullptr) progress_->StartRendering(0, doc.size(), prepared_.facts.resource_count);
  Status walked = stream::WalkStateResourceFacts(
      doc, prepared_.facts.root,
      [&](std::string_view raw, uint64_t offset, const stream::StateResourceFacts& rf) -> Status {
        if (progress_ != nullptr) progress_->Rendering(offset + raw.size(), ++done);
        if (offset + raw.size() >= dropped + PlanContext::kDropBatch) {
          if (ctx_.in.release_plan_range) ctx_.in.release_plan_range(dropped, offset + raw.size());
          dropped = offset + raw.size();
        }
        BlockView block;
        block.section = Section::kStateResources;
        block.address = rf.address;
        block.resource = &rf;
        return from_sink = sink_->Block(block);
      },
      prepared_.select, ctx_.in.release_plan_range);
  // The walk's own errors (a fact of the wrong type) are the document's.
  return walked.ok() || !from_sink.ok() ? walked : ctx_.PlanError(walked);
}

}  // namespace

Status RunState(const Input& input, const Options& options, ProgressMeter* progress, Sink* sink, Report* report) {
  StateRun run(input, options, progress, sink);
  return run.Run(report);
}

}  // namespace tfstream::pipeline
