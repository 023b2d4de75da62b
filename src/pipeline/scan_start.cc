#include "pipeline/scan_start.h"

#include "pipeline/not_a_plan.h"

namespace tfstream::pipeline {

Status StartScan(PlanContext* ctx, ProgressMeter* progress, std::function<void(uint64_t)>* done_before) {
  if (Status start = CheckPlanStart(ctx->in.plan); !start.ok()) return ctx->PlanError(start);
  *done_before = ctx->in.release_plan_before;
  if (progress != nullptr) {
    progress->Scanning(0);
    *done_before = [ctx, progress](uint64_t offset) {
      ctx->Release(offset);
      progress->Scanning(offset);
    };
  }
  StartSchemasFileCheck(ctx);
  return Status::Ok();
}

}  // namespace tfstream::pipeline
