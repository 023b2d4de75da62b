// The resource blocks of a state, rendered by ResourceWorkers on
// ctx.opt.jobs threads and handed on in the order RenderHumanState prints
// them (stream::WalkStateResources), with the empty lines before each.
#pragma once

#include "pipeline/change_blocks.h"
#include "stream/state_scan.h"

namespace tfstream::pipeline {

// As RenderBlocks (change_blocks.h): consume(block) in order on the calling
// thread, flush() whenever what was consumed may be written.
// `select`: the resources shown (null: all).
Status RenderStateBlocks(const PlanContext& ctx, const stream::StateFacts& facts, const stream::StateSelection& select,
                         ResourceWorker* worker, ProgressMeter* progress, const BlockSink& sink);

}  // namespace tfstream::pipeline
