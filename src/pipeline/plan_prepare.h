// The work done before the first byte of a plan's text is written, shared by
// every output form (text, --summary, --format markdown): the validating
// pre-scan, then the checks Terraform would panic on and the facts the
// layout needs (qualities, outputs).
#pragma once

#include <vector>

#include "pipeline/plan_context.h"
#include "pipeline/plan_sections.h"
#include "pipeline/progress_meter.h"
#include "pipeline/resource_worker.h"

namespace tfstream::pipeline {

// Runs stream::PreScan over the plan with the options' ChangeFilter, giving
// back input pages behind it and reporting to `progress` (may be null).
// `hooks.filter` is set here; on_shown and on_begin are the caller's.
// Then settles the flavour (ResolveFlavor, PlanContext::SetFlavor).
Status ScanPlan(PlanContext* ctx, ProgressMeter* progress, stream::ChangeHooks hooks = {});

// The plan's qualities (plans.Quality) as --quality and the document give
// them; every output form reads them here.
struct PlanQualities {
  bool errored = false;     // Errored
  bool no_changes = false;  // NoChanges
};
PlanQualities QualitiesOf(const PlanContext& ctx);

struct PreparedPlan {
  bool errored = false;             // Terraform's Errored quality
  bool no_changes_quality = false;  // NoChanges quality
  std::vector<OutputEntry> outputs;
  bool any_output_change = false;
  // A renderer-shaped document in a newer format than this renderer knows
  // (Terraform then warns that the diff may be missing things).
  bool newer_format = false;
};

// After ScanPlan: qualities, schema checks, relevant attributes, action
// invocations and output changes.
Status PreparePlan(PlanContext* ctx, ResourceWorker* worker, PreparedPlan* out);

}  // namespace tfstream::pipeline
