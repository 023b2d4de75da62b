#include "pipeline/scan_start.h"

#include "pipeline/not_a_plan.h"

namespace tfstream::pipeline {
namespace {

// The bytes CheckPlanStart reads of a document still arriving: its first 16
// after any leading whitespace, or all of it when it is shorter.
std::string_view ArrivedStart(const std::function<std::string_view(uint64_t, bool*)>& arriving) {
  auto blank = [](char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; };
  bool all = false;
  std::string_view have = arriving(4096, &all);
  while (!all) {
    size_t start = 0;
    while (start < have.size() && blank(have[start])) ++start;
    if (start + 16 <= have.size()) break;
    have = arriving(2 * have.size() + 4096, &all);
  }
  return have;
}

}  // namespace

Status CompleteInput(PlanContext* ctx) {
  return ctx->in.plan_complete ? ctx->in.plan_complete() : Status::Ok();
}

Status StartScan(PlanContext* ctx, ProgressMeter* progress, std::function<void(uint64_t)>* done_before) {
  if (ctx->in.plan_arriving && !CheckPlanStart(ArrivedStart(ctx->in.plan_arriving)).ok()) {
    // Refused: from the whole input, as always (a failed read says so first).
    if (Status whole = CompleteInput(ctx); !whole.ok()) return whole;
  }
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
