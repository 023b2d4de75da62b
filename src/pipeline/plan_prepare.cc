#include "pipeline/plan_prepare.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "pipeline/not_a_plan.h"
#include "render/text/go_float.h"

namespace tfstream::pipeline {
namespace {

// incompatibleVersions: true when the document's format is newer than ours.
bool Incompatible(std::string_view local, std::string_view remote) {
  double l, r;
  if (!render::text::GoParseFloat(local, &l) || !render::text::GoParseFloat(remote, &r)) return false;
  return l < r;
}

}  // namespace

Status ScanPlan(PlanContext* ctx, ProgressMeter* progress, stream::ChangeHooks hooks) {
  hooks.filter = ctx->opt.filter.active() ? &ctx->opt.filter : nullptr;
  if (Status start = CheckPlanStart(ctx->in.plan); !start.ok()) return ctx->PlanError(start);
  std::function<void(uint64_t)> done_before = ctx->in.release_plan_before;
  if (progress != nullptr) {
    progress->Scanning(0);
    done_before = [ctx, progress](uint64_t offset) {
      ctx->Release(offset);
      progress->Scanning(offset);
    };
  }
  StartSchemasFileCheck(ctx);
  // The pre-scan is the only busy thread: another core can fault its pages in.
  if (ctx->in.plan_read_ahead) ctx->in.plan_read_ahead(true);
  // With a second core, a large plan's second half is scanned at the same time.
  stream::PreScanSplit split;
  split.release_range = ctx->in.release_plan_range;
  // For benchmarks (perf/README.md): from how much left at resource_changes to split.
  if (const char* v = std::getenv("TFSTREAM_SPLIT_MIN_BYTES")) split.min_bytes = std::strtoull(v, nullptr, 10);
  const bool may_split = ctx->opt.jobs >= 2;
  Status s = stream::PreScan(ctx->in.plan, &ctx->facts, done_before, &hooks, may_split ? &split : nullptr);
  if (ctx->in.plan_read_ahead) ctx->in.plan_read_ahead(false);
  if (may_split && std::getenv("TFSTREAM_TIMING") != nullptr) {  // see PhaseTimer
    std::fprintf(stderr, "tfstream: pre-scan split: %d stretches taken over, the first at byte %zu\n",
                 split.segments_taken, split.taken_at);
  }
  if (!s.ok()) return ctx->PlanError(ExplainScanError(ctx->in.plan, s));
  // What is not a plan must not render as one without changes; but broken
  // JSON in what the pre-scan left for later is reported as such first.
  if (Status not_plan = CheckIsPlan(ctx->facts); !not_plan.ok()) {
    Status v =
        stream::ValidateDeferred(ctx->in.plan, ctx->facts, /*changes_validated=*/false, ctx->in.release_plan_range);
    return ctx->PlanError(v.ok() ? not_plan : v);
  }
  if (progress != nullptr) progress->Scanning(ctx->in.plan.size());
  return Status::Ok();
}

Status PreparePlan(PlanContext* ctx, ResourceWorker* worker, PreparedPlan* out) {
  const stream::PlanFacts& facts = ctx->facts;
  switch (ctx->opt.quality) {
    case Quality::kErrored:
      out->errored = true;
      break;
    case Quality::kNoChanges:
      out->no_changes_quality = true;
      break;
    case Quality::kNone:
      break;
    case Quality::kAuto:
      // `terraform show` takes these from the plan; HCP Terraform passes
      // qualities separately, so the renderer shape has none.
      if (facts.shape != stream::InputShape::kRenderer) {
        if (facts.errored) {
          out->errored = true;
        } else if (!facts.applyable) {  // absent too, as Go's bool: older plans lack the key
          out->no_changes_quality = true;
        }
      }
      break;
  }
  Status s;
  if (!(s = CheckSchemas(ctx)).ok()) return s;
  if (ctx->opt.mode != PlanMode::kRefreshOnly && !(s = PrepareRelevantAttributes(ctx)).ok()) return s;
  if (!(s = PrepareActions(ctx)).ok()) return s;
  if (!(s = PrepareOutputs(*ctx, worker, &out->outputs)).ok()) return s;
  // `terraform show` passes its own format versions; only documents from
  // elsewhere can be newer than this renderer.
  out->newer_format =
      facts.shape == stream::InputShape::kRenderer &&
      (Incompatible("1.2", facts.plan_format_version) || Incompatible("1.0", facts.provider_format_version));
  out->any_output_change = std::any_of(out->outputs.begin(), out->outputs.end(), [](const OutputEntry& e) {
    return e.action != render::Action::kNoOp;
  });
  return Status::Ok();
}

}  // namespace tfstream::pipeline
