// Several threads meet once per batch of neighbouring elements, not once per
// element: plans hold tens of thousands of small resources, and a handoff
// per element (locks, wake-ups, context switches) cost as much as rendering
// them. A batch ends after kBatchBytes of input, so a block still reaches
// the output a few milliseconds after it is rendered.
#include "pipeline/change_blocks.h"

#include <algorithm>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "pipeline/ordered_parallel.h"

namespace tfstream::pipeline {
namespace {

constexpr size_t kBatchBytes = 128 * 1024;
// The first batches are smaller, doubling up to kBatchBytes, so that the
// first block reaches the output after one small batch rather than a full
// one (a few milliseconds of rendering).
constexpr size_t kFirstBatchBytes = 8 * 1024;
constexpr size_t kBatchElements = 256;

struct Element {
  std::string_view raw;
  uint64_t offset = 0;
};

struct Batch {
  std::vector<Element> elements;
  size_t bytes = 0;
};

struct RenderedBatch {
  std::string text;
  // Per element: where its block ends in `text`, and where it ends in the input.
  std::vector<std::pair<size_t, uint64_t>> ends;
  Status failure;  // of the element after the last in `ends`
};

}  // namespace

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
      if (s.ok() && !text.empty()) s = sink.consume(text);
      if (s.ok() && !text.empty()) s = sink.flush();
      report(offset + raw.size());
      return s;
    });
  }
  std::vector<std::unique_ptr<ResourceWorker>> workers;
  for (int i = 0; i < jobs; ++i) workers.push_back(std::make_unique<ResourceWorker>(ctx));
  return RunOrdered<Batch, RenderedBatch>(
      jobs, static_cast<size_t>(jobs) * 8,
      [&](auto push) {
        Batch batch;
        size_t batch_bytes = kFirstBatchBytes;
        Status s = ctx.ForEachElement(
            range,
            [&](std::string_view raw, uint64_t offset) -> Status {
              batch.elements.push_back(Element{raw, offset});
              batch.bytes += raw.size();
              if (batch.bytes >= batch_bytes || batch.elements.size() >= kBatchElements) {
                // false: the run is stopping, and RunOrdered returns why.
                if (!push(std::move(batch))) return Status::Error("stopped");
                batch = Batch{};
                batch_bytes = std::min(batch_bytes * 2, kBatchBytes);
              }
              return Status::Ok();
            },
            PlanContext::Pages::kKeep);
        if (s.ok() && !batch.elements.empty()) push(std::move(batch));
        return s;
      },
      [&](int id, const Batch& batch, RenderedBatch* out) {
        ResourceWorker& w = *workers[static_cast<size_t>(id)];
        out->text.clear();
        out->ends.clear();
        out->failure = Status::Ok();
        for (const Element& e : batch.elements) {
          size_t mark = out->text.size();
          Status s = (w.*render)(e.raw, e.offset, &out->text);
          w.Reset();
          if (!s.ok()) {
            // The blocks before the failing element are still handed on.
            out->text.resize(mark);
            out->failure = s;
            break;
          }
          out->ends.emplace_back(out->text.size(), e.offset + e.raw.size());
        }
        return Status::Ok();
      },
      [&](RenderedBatch& rendered) {
        size_t begin = 0;
        Status s;
        for (const auto& [text_end, input_end] : rendered.ends) {
          if (text_end > begin) s = sink.consume(std::string_view(rendered.text).substr(begin, text_end - begin));
          begin = text_end;
          if (!s.ok()) return s;
          report(input_end);
        }
        if (!rendered.ends.empty()) ctx.Release(rendered.ends.back().second);
        s = sink.flush();
        return s.ok() ? rendered.failure : s;
      });
}

Status RenderChangeBlocks(const PlanContext& ctx, ResourceWorker* worker, ProgressMeter* progress,
                          const BlockSink& sink) {
  const stream::ByteRange range = ctx.facts.resource_changes;
  if (progress != nullptr) progress->StartRendering(range.begin, range.end, ctx.facts.resource_change_count);
  return RenderBlocks(ctx, range, &ResourceWorker::RenderChangeBlock, worker, progress, sink);
}

}  // namespace tfstream::pipeline
