// The first steps of pre-scanning a document, the same for a plan
// (plan_prepare.h) and a state (state_prepare.h).
#pragma once

#include <cstdint>
#include <functional>

#include "base/status.h"
#include "pipeline/plan_context.h"
#include "pipeline/progress_meter.h"

namespace tfstream::pipeline {

// Refuses a document that cannot be JSON from its first byte (CheckPlanStart),
// sets *done_before to what the pre-scan calls as it moves on (gives input
// pages back behind it and, with a `progress` (may be null), reports how far
// it got), and starts checking a --schemas file (StartSchemasFileCheck), so
// that the check runs beside the pre-scan.
// A document still arriving (Input::plan_arriving) is refused from its first
// bytes as soon as they are there, and from the whole otherwise.
Status StartScan(PlanContext* ctx, ProgressMeter* progress, std::function<void(uint64_t)>* done_before);

// Waits for the whole of a document still arriving (Input::plan_complete):
// ctx->in.plan is then all of it. Ok at once for one that is not.
Status CompleteInput(PlanContext* ctx);

}  // namespace tfstream::pipeline
