// The parallel half of rendering a run of resource blocks, shared by a
// plan's changes (change_blocks.h) and a state's resources (state_blocks.h).
//
// Several threads meet once per batch of neighbouring elements, not once per
// element: plans hold tens of thousands of small resources, and a handoff
// per element (locks, wake-ups, context switches) cost as much as rendering
// them. A batch ends after kBatchBytes of input, so a block still reaches
// the output a few milliseconds after it is rendered.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/status.h"
#include "pipeline/change_blocks.h"
#include "pipeline/ordered_parallel.h"
#include "pipeline/plan_context.h"
#include "pipeline/resource_worker.h"

namespace tfstream::pipeline {

// One element to render: its JSON, where it starts in the input, and (a
// state's resources only) the empty lines printed before its block. Or (a
// state's only) a run of neighbouring elements the pre-scan recorded
// (stream::ResourceRun), which a worker splits into elements as it reads
// them, so that the thread feeding the workers does not pass over their
// bytes: `depth` is then the containers open around each element.
struct BlockElement {
  std::string_view raw;
  uint64_t offset = 0;
  int blank_lines = 0;
  bool run = false;
  int depth = 0;
};

namespace batched_blocks {

constexpr size_t kBatchBytes = 128 * 1024;
// The first batches are smaller, doubling up to kBatchBytes, so that the
// first block reaches the output after one small batch rather than a full
// one (a few milliseconds of rendering).
constexpr size_t kFirstBatchBytes = 8 * 1024;
constexpr size_t kBatchElements = 256;

struct Batch {
  std::vector<BlockElement> elements;
  size_t bytes = 0;
};

struct RenderedBatch {
  std::string text;
  // Per element: where its block ends in `text`, and where the element
  // starts and ends in the input.
  struct End {
    size_t text_end;
    uint64_t input_begin, input_end;
  };
  std::vector<End> ends;
  Status failure;  // of the element after the last in `ends`
};

}  // namespace batched_blocks

// Renders the elements `walk` yields on `jobs` threads, one ResourceWorker
// each, and hands their blocks to `sink` in input order (BlockSink's
// contract, flushing after each batch; a whole batch's at once when
// sink.joined).
//   walk(emit): calls emit(BlockElement) -> Status for each element in input
//     order, stopping on the first failure; returns the walk's status.
//   render(ResourceWorker&, const BlockElement&, std::string* out): appends
//     the element's block to *out.
//   render_run(ResourceWorker&, const BlockElement& run, std::string* out,
//     ended): appends each block of the run's elements to *out in turn,
//     calling ended(input_begin, input_end) after each; a failure stops it
//     (the blocks of the elements ended before it are handed on).
//   consumed(input_end): after each element's block went to the sink.
//   release(input_end): after each batch: the input before input_end is done.
//   waits (may be null): where the threads waited (TFSTREAM_TIMING).
template <typename WalkFn, typename RenderFn, typename RenderRunFn, typename ConsumedFn, typename ReleaseFn>
Status RenderBlocksAndRunsInBatches(const PlanContext& ctx, int jobs, WalkFn walk, RenderFn render,
                                    RenderRunFn render_run, ConsumedFn consumed, ReleaseFn release,
                                    const BlockSink& sink, OrderedWaits* waits = nullptr) {
  using batched_blocks::Batch;
  using batched_blocks::RenderedBatch;
  std::vector<std::unique_ptr<ResourceWorker>> workers;
  for (int i = 0; i < jobs; ++i) workers.push_back(std::make_unique<ResourceWorker>(ctx));
  return RunOrdered<Batch, RenderedBatch>(
      jobs, static_cast<size_t>(jobs) * 8,
      [&](auto push) {
        Batch batch;
        size_t batch_bytes = batched_blocks::kFirstBatchBytes;
        Status s = walk([&](const BlockElement& e) -> Status {
          // A run (tens of KiB) that would take the batch past its size
          // starts the next one instead: batches, and the memory the window
          // holds, stay as large as with single elements.
          if (e.run && !batch.elements.empty() && batch.bytes + e.raw.size() > batch_bytes) {
            if (!push(std::move(batch))) return Status::Error("stopped");
            batch = Batch{};
            batch_bytes = std::min(batch_bytes * 2, batched_blocks::kBatchBytes);
          }
          batch.elements.push_back(e);
          batch.bytes += e.raw.size();
          if (batch.bytes >= batch_bytes || batch.elements.size() >= batched_blocks::kBatchElements) {
            // false: the run is stopping, and RunOrdered returns why.
            if (!push(std::move(batch))) return Status::Error("stopped");
            batch = Batch{};
            batch_bytes = std::min(batch_bytes * 2, batched_blocks::kBatchBytes);
          }
          return Status::Ok();
        });
        if (s.ok() && !batch.elements.empty()) push(std::move(batch));
        return s;
      },
      [&](int id, const Batch& batch, RenderedBatch* out) {
        ResourceWorker& w = *workers[static_cast<size_t>(id)];
        out->text.clear();
        out->ends.clear();
        out->failure = Status::Ok();
        for (const BlockElement& e : batch.elements) {
          size_t mark = out->text.size();
          if (e.run) {
            Status s = render_run(w, e, &out->text, [&](uint64_t input_begin, uint64_t input_end) {
              mark = out->text.size();
              out->ends.push_back({mark, input_begin, input_end});
            });
            if (!s.ok()) {
              out->text.resize(mark);
              out->failure = s;
              break;
            }
            continue;
          }
          Status s = render(w, e, &out->text);
          w.Reset();
          if (!s.ok()) {
            // The blocks before the failing element are still handed on.
            out->text.resize(mark);
            out->failure = s;
            break;
          }
          out->ends.push_back({out->text.size(), e.offset, e.offset + e.raw.size()});
        }
        return Status::Ok();
      },
      [&](RenderedBatch& rendered) {
        Status s;
        if (sink.joined) {
          // The batch's blocks are neighbours in its text: handed on whole.
          const size_t text_end = rendered.ends.empty() ? 0 : rendered.ends.back().text_end;
          if (text_end > 0) {
            s = sink.consume(RenderedBlock{std::string_view(rendered.text).substr(0, text_end), {},
                                           rendered.ends.front().input_begin});
            if (!s.ok()) return s;
          }
          for (const RenderedBatch::End& end : rendered.ends) consumed(end.input_end);
        } else {
          size_t begin = 0;
          const std::string_view doc = ctx.in.plan;
          for (const auto& [text_end, input_begin, input_end] : rendered.ends) {
            if (text_end > begin) {
              s = sink.consume(RenderedBlock{std::string_view(rendered.text).substr(begin, text_end - begin),
                                             doc.substr(input_begin, input_end - input_begin), input_begin});
            }
            begin = text_end;
            if (!s.ok()) return s;
            consumed(input_end);
          }
        }
        if (!rendered.ends.empty()) release(rendered.ends.back().input_end);
        s = sink.flush();
        return s.ok() ? rendered.failure : s;
      },
      waits);
}

// RenderBlocksAndRunsInBatches over a walk that yields no runs.
template <typename WalkFn, typename RenderFn, typename ConsumedFn, typename ReleaseFn>
Status RenderBlocksInBatches(const PlanContext& ctx, int jobs, WalkFn walk, RenderFn render, ConsumedFn consumed,
                             ReleaseFn release, const BlockSink& sink) {
  return RenderBlocksAndRunsInBatches(
      ctx, jobs, std::move(walk), std::move(render),
      [](ResourceWorker&, const BlockElement&, std::string*, const auto&) {
        return Status::Error("a run of elements where none is recorded");
      },
      std::move(consumed), std::move(release), sink);
}

}  // namespace tfstream::pipeline
