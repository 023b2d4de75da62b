// The planned-change blocks of resource_changes, rendered by
// ResourceWorkers on ctx.opt.jobs threads and handed on in input order.
#pragma once

#include <functional>
#include <string_view>

#include "pipeline/plan_context.h"
#include "pipeline/progress_meter.h"
#include "pipeline/resource_worker.h"

namespace tfstream::pipeline {

// Calls consume(block) on the calling thread, in input order, for each
// block that prints (ResourceWorker::RenderChangeBlock's text, "\n" + block
// + "\n"); the view is valid during the call. `worker` renders on this
// thread when one thread is enough. `progress` may be null.
Status RenderChangeBlocks(const PlanContext& ctx, ResourceWorker* worker, ProgressMeter* progress,
                          const std::function<Status(std::string_view block)>& consume);

}  // namespace tfstream::pipeline
