// Batched as a plan's blocks are (batched_blocks.h), over the elements the
// module walk produces instead of one array's.
#include "pipeline/state_blocks.h"

#include <algorithm>
#include <cstdio>
#include <memory>
#include <string>

#include "pipeline/batched_blocks.h"

namespace tfstream::pipeline {
namespace {

// A run of resources is one piece of a batch: no longer than a batch's
// input, so the batches in flight hold what they hold without runs.
static_assert(stream::ResourceRuns::kMaxRunBytes <= batched_blocks::kBatchBytes);

// TFSTREAM_TIMING: where the threads of the render went, to tell an idle
// core (a worker waiting for a batch, the feeding thread waiting with all
// workers busy) from a busy one.
void PrintWaits(const OrderedWaits& w, uint64_t wall_ns, int jobs) {
  auto s = [](uint64_t ns) { return static_cast<double>(ns) / 1e9; };
  const uint64_t main_waits = w.slot_wait + w.tail_wait + w.consume;
  std::fprintf(stderr,
               "tfstream: state render %.3f s: %d workers busy %.3f s, waiting for a batch %.3f s; feeding thread "
               "walking %.3f s, writing %.3f s, waiting for a slot %.3f s, for the last batches %.3f s; cpu: "
               "workers %.3f s, feeding thread %.3f s\n",
               s(wall_ns), jobs, s(w.worker_busy), s(w.worker_idle),
               s(wall_ns > main_waits ? wall_ns - main_waits : 0), s(w.consume), s(w.slot_wait), s(w.tail_wait),
               s(w.worker_cpu), s(w.caller_cpu));
}

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
      if (s.ok()) s = sink.consume(RenderedBlock{text, raw, offset});
      if (s.ok()) s = sink.flush();
      release_to(offset + raw.size());
      report(offset + raw.size());
      return s;
    }, select, ctx.in.release_plan_range,
    // The element's end from its parse rather than from a skip by structure
    // before it: one pass over its bytes fewer.
    [worker](std::string_view rest, uint64_t offset, int max_depth, size_t* end) {
      return worker->ReadStateElementAhead(rest, offset, max_depth, end);
    });
  }
  // The walk hands the runs the pre-scan recorded on whole: a worker finds
  // their elements' ends as it parses them, which the walk would otherwise
  // find first by passing over every element's bytes on the thread that
  // feeds the workers.
  stream::StateRunVisitor runs;
  runs.runs = &facts.resource_runs;
  std::unique_ptr<OrderedWaits> waits;
  if (ctx.opt.timing) waits = std::make_unique<OrderedWaits>();
  const uint64_t start = OrderedWaits::Now();
  Status rendered = RenderBlocksAndRunsInBatches(
      ctx, jobs,
      [&](auto emit) {
        runs.fn = [&](std::string_view raw, uint64_t offset, int blank_lines, int depth) {
          return emit(BlockElement{raw, offset, blank_lines, /*run=*/true, depth});
        };
        return stream::WalkStateResources(
            doc, facts.root,
            [&](std::string_view raw, uint64_t offset, int blank_lines) {
              return emit(BlockElement{raw, offset, blank_lines});
            },
            select, ctx.in.release_plan_range, nullptr, &runs);
      },
      [](ResourceWorker& w, const BlockElement& e, std::string* out) {
        return w.RenderStateBlock(e.raw, e.offset, e.blank_lines, out);
      },
      [](ResourceWorker& w, const BlockElement& run, std::string* out, const auto& ended) {
        int blank_lines = run.blank_lines;
        return stream::ForEachRunElement(run.raw, run.offset, [&](size_t begin, size_t* end) -> Status {
          // As the walk at --jobs 1 reads an element: its end from its
          // parse, or by structure where the parse gives none (the render
          // then says what is wrong).
          const std::string_view rest = run.raw.substr(begin);
          const uint64_t offset = run.offset + begin;
          size_t size = 0;
          if (rest[0] != '{' ||
              !w.ReadStateElementAhead(rest, offset, stream::JsonScanner::kMaxDepth - run.depth, &size)) {
            stream::JsonScanner skip(rest, offset);
            if (!skip.SkipStructurally(run.depth)) return skip.status();
            size = skip.pos();
          }
          Status s = w.RenderStateBlock(rest.substr(0, size), offset, blank_lines, out);
          w.Reset();
          if (!s.ok()) return s;
          ended(offset, offset + size);
          blank_lines = 1;
          *end = begin + size;
          return Status::Ok();
        });
      },
      report, release_to, sink, waits.get());
  if (waits != nullptr) PrintWaits(*waits, OrderedWaits::Now() - start, jobs);
  return rendered;
}

}  // namespace tfstream::pipeline
