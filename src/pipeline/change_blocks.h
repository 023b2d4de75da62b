// The blocks of an array of resource changes (resource_changes, or
// resource_drift), rendered by ResourceWorkers on ctx.opt.jobs threads and
// handed on in input order.
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "pipeline/plan_context.h"
#include "pipeline/progress_meter.h"
#include "pipeline/resource_worker.h"

namespace tfstream::pipeline {

// Renders one element's block into *out (nothing when it does not print).
using BlockRenderFn = Status (ResourceWorker::*)(std::string_view raw, uint64_t offset, std::string* out);

// Calls consume(block) on the calling thread, in input order, for each
// block that prints; the views are valid during the call. `flush()` is called
// whenever the blocks consumed so far may be written: after each block on
// one thread, after each batch of neighbouring elements (at most
// kBatchBytes of input, or one element) on several. `worker` renders on this
// thread when one thread is enough. `progress` may be null.
// A rendered block and the element it was rendered from (its JSON, which
// stays mapped until the block is consumed, and where it starts), so that a
// sink asking for more than the text can read the element's facts.
struct RenderedBlock {
  std::string_view text;
  std::string_view raw;
  uint64_t offset = 0;
};
struct BlockSink {
  std::function<Status(const RenderedBlock& block)> consume;
  std::function<Status()> flush;
  // consume() may take a batch's blocks at once (on several threads): the
  // text of all of them, in order, `raw` empty (Needs::joined_blocks).
  bool joined = false;
};
Status RenderBlocks(const PlanContext& ctx, stream::ByteRange range, BlockRenderFn render, ResourceWorker* worker,
                    ProgressMeter* progress, const BlockSink& sink);

// The planned-change blocks of resource_changes
// (ResourceWorker::RenderChangeBlock's text, "\n" + block + "\n").
Status RenderChangeBlocks(const PlanContext& ctx, ResourceWorker* worker, ProgressMeter* progress,
                          const BlockSink& sink);

}  // namespace tfstream::pipeline
