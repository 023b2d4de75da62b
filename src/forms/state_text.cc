#include "forms/state_text.h"

#include <map>
#include <string>

#include "buffer/spill_text.h"
#include "forms/state_form.h"
#include "pipeline/change_blocks.h"
#include "pipeline/plan_context.h"
#include "pipeline/resource_worker.h"
#include "pipeline/state_blocks.h"
#include "render/text/word_wrap.h"

namespace tfstream::forms {

Status RenderStateText(const pipeline::Input& input, const pipeline::Options& options,
                       pipeline::ProgressMeter* progress, buffer::OutputSink* out, pipeline::Report* report,
                       const std::function<void(const pipeline::PlanContext&)>& at_end) {
  PreparedStateForm form(input, options);
  // Every output and every resource shown is parsed below, which validates
  // it: the pre-scan leaves their contents to that, and a failure from here
  // on gives way to the document's first syntax error (PreferSyntaxError).
  Status s = form.Prepare(progress, /*schemas_needed=*/true, /*resources_parsed_later=*/true);
  if (!s.ok()) return s;
  pipeline::PlanContext& ctx = form.ctx;
  const pipeline::PreparedState& prepared = form.state;
  const stream::StateFacts& facts = prepared.facts;
  const Flavor& flavor = *ctx.flavor;
  if (prepared.newer_format) {
    out->Append(render::text::WordWrap(
        ctx.colorize.Color(flavor.Wording("\n[bold][red]Warning:[reset][bold] This state was retrieved using a "
                                          "different version of {product}, the state presented here maybe missing "
                                          "representations of recent features.")),
        options.width));
    out->Append("\n");
  }
  const bool selecting = prepared.select != nullptr;
  if (facts.Empty()) {
    out->Append("The state file is empty. No resources are represented.\n");
    if (!(s = out->Flush()).ok()) return s;
    if (at_end) at_end(ctx);
    return s;
  }
  pipeline::ResourceWorker worker(ctx);
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
      if (!(s = stream::IndexObjectMembers(input.plan, object, "outputs", &outputs, stream::ValueSkip::kByStructure))
               .ok()) {
        return pipeline::PreferSyntaxError(ctx, ctx.PlanError(s));
      }
    }
    std::string text;
    for (const auto& [name, range] : outputs) {
      text.clear();
      s = worker.RenderStateOutput(name, range, &text);
      worker.Reset();
      if (!s.ok()) return pipeline::PreferSyntaxError(ctx, s);
      held_outputs.Append(text);
    }
  }
  pipeline::BlockSink sink;
  sink.consume = [out](std::string_view block) {
    out->NoteBlockOrigin(buffer::BlockOrigin::Section("state"));
    return out->AppendBlock(block);
  };
  sink.flush = [out] { return out->Flush(); };
  if (!(s = pipeline::RenderStateBlocks(ctx, facts, prepared.select, &worker, progress, sink)).ok()) {
    return pipeline::PreferSyntaxError(ctx, s);
  }
  if (show_outputs) {
    out->Append("\n\nOutputs:\n\n");
    if (!(s = held_outputs.WriteTo(out)).ok()) return s;
  }
  if (!(s = out->Flush()).ok()) return s;
  if (at_end) at_end(ctx);
  if (report != nullptr) {
    report->notes = ctx.notes;
    report->warnings = ctx.stale_schemas.Warnings();
    if (selecting && facts.resource_count == 0) {
      report->notes.push_back("--address matched none of the state's " + std::to_string(facts.all_resource_count) +
                              " resources");
    }
  }
  return Status::Ok();
}

}  // namespace tfstream::forms
