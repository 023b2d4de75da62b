#include "pipeline/change_blocks.h"

#include <algorithm>
#include <string>

#include "pipeline/batched_blocks.h"

namespace tfstream::pipeline {

Status RenderBlocks(const PlanContext& ctx, stream::ByteRange range, BlockRenderFn render, ResourceWorker* worker,
                    ProgressMeter* progress, const BlockSink& sink) {
  size_t done = 0;
  auto report = [&](uint64_t end) {
    if (progress != nullptr) progress->Rendering(end, ++done);
  };
  int jobs = std::max(1, ctx.opt.jobs);
  if (jobs == 1 || ctx.facts.resource_change_count < 64) {
    std::string text;
    return ctx.ForEachElement(range, [&](std::string_view raw, uint64_t offset) -> Status {
      text.clear();
      Status s = (worker->*render)(raw, offset, &text);
      worker->Reset();
      if (s.ok() && !text.empty()) s = sink.consume(RenderedBlock{text, raw, offset});
      if (s.ok() && !text.empty()) s = sink.flush();
      report(offset + raw.size());
      return s;
    });
  }
  return RenderBlocksInBatches(
      ctx, jobs,
      [&](auto emit) {
        return ctx.ForEachElement(
            range,
            [&](std::string_view raw, uint64_t offset) {
              return emit(BlockElement{raw, offset});
            },
            PlanContext::Pages::kKeep);
      },
      [render](ResourceWorker& w, const BlockElement& e, std::string* out) {
        return (w.*render)(e.raw, e.offset, out);
      },
      report, [&ctx](uint64_t end) { ctx.Release(end); }, sink);
}

Status RenderChangeBlocks(const PlanContext& ctx, ResourceWorker* worker, ProgressMeter* progress,
                          const BlockSink& sink) {
  const stream::ByteRange range = ctx.facts.resource_changes;
  if (progress != nullptr) progress->StartRendering(range.begin, range.end, ctx.facts.resource_change_count);
  return RenderBlocks(ctx, range, &ResourceWorker::RenderChangeBlock, worker, progress, sink);
}

}  // namespace tfstream::pipeline
