// Batched as change_blocks.cc batches a plan's blocks (one handoff per batch
// of neighbouring resources, the first batches smaller), over the elements
// the module walk produces instead of one array's.
#include "pipeline/state_blocks.h"

#include <algorithm>
#include <memory>
#include <utility>
#include <vector>

#include "pipeline/ordered_parallel.h"

namespace tfstream::pipeline {
namespace {

constexpr size_t kBatchBytes = 128 * 1024;
constexpr size_t kFirstBatchBytes = 8 * 1024;
constexpr size_t kBatchElements = 256;

struct Element {
  std::string_view raw;
  uint64_t offset = 0;
  int blank_lines = 0;
};

struct Batch {
  std::vector<Element> elements;
  size_t bytes = 0;
};

struct RenderedBatch {
  std::string text;
  std::vector<std::pair<size_t, uint64_t>> ends;  // per element: end in text, end in the input
  Status failure;                                  // of the element after the last in `ends`
};

}  // namespace

Status RenderStateBlocks(const PlanContext& ctx, const stream::StateFacts& facts, const stream::StateSelection& select,
                         ResourceWorker* worker, ProgressMeter* progress, const BlockSink& sink) {
  const std::string_view doc = ctx.in.plan;
  // The pre-scan has moved the running release count to the end already:
  // pages this pass is done with are handed back by range, 8 MiB at a time.
  uint64_t dropped = 0;
  auto release_to = [&](uint64_t end) {
    if (end >= dropped + PlanContext::kDropBatch) {
      if (ctx.in.release_plan_range) ctx.in.release_plan_range(dropped, end);
      dropped = end;
    }
  };
  size_t done = 0;
  auto report = [&](uint64_t end) {
    if (progress != nullptr) progress->Rendering(end, ++done);
  };
  if (progress != nullptr) progress->StartRendering(0, doc.size(), facts.resource_count);
  int jobs = std::max(1, ctx.opt.jobs);
  if (jobs == 1 || facts.resource_count < 64) {
    std::string text;
    return stream::WalkStateResources(doc, facts.root, [&](std::string_view raw, uint64_t offset, int blank_lines) {
      text.clear();
      Status s = worker->RenderStateBlock(raw, offset, blank_lines, &text);
      worker->Reset();
      if (s.ok()) s = sink.consume(text);
      if (s.ok()) s = sink.flush();
      release_to(offset + raw.size());
      report(offset + raw.size());
      return s;
    }, select, ctx.in.release_plan_range);
  }
  std::vector<std::unique_ptr<ResourceWorker>> workers;
  for (int i = 0; i < jobs; ++i) workers.push_back(std::make_unique<ResourceWorker>(ctx));
  return RunOrdered<Batch, RenderedBatch>(
      jobs, static_cast<size_t>(jobs) * 8,
      [&](auto push) {
        Batch batch;
        size_t batch_bytes = kFirstBatchBytes;
        Status s = stream::WalkStateResources(
            doc, facts.root, [&](std::string_view raw, uint64_t offset, int blank_lines) -> Status {
              batch.elements.push_back(Element{raw, offset, blank_lines});
              batch.bytes += raw.size();
              if (batch.bytes >= batch_bytes || batch.elements.size() >= kBatchElements) {
                // false: the run is stopping, and RunOrdered returns why.
                if (!push(std::move(batch))) return Status::Error("stopped");
                batch = Batch{};
                batch_bytes = std::min(batch_bytes * 2, kBatchBytes);
              }
              return Status::Ok();
            },
            select, ctx.in.release_plan_range);
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
          Status s = w.RenderStateBlock(e.raw, e.offset, e.blank_lines, &out->text);
          w.Reset();
          if (!s.ok()) {
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
        if (!rendered.ends.empty()) release_to(rendered.ends.back().second);
        s = sink.flush();
        return s.ok() ? rendered.failure : s;
      });
}

}  // namespace tfstream::pipeline
