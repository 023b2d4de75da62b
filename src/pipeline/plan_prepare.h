// The work done before the first byte of a plan's text is written, shared by
// every output form (text, --summary, --format markdown): the validating
// pre-scan, then the checks Terraform would panic on and the facts the
// layout needs (qualities, outputs).
#pragma once

#include <string_view>
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

// The notes for standard error every output form gives: those found before
// the first byte (PlanContext::notes), then filters that matched nothing.
// Does nothing when `report` is null.
void TakeNotes(const PlanContext& ctx, Report* report);

struct PreparedPlan {
  bool errored = false;             // Terraform's Errored quality
  bool no_changes_quality = false;  // NoChanges quality
  std::vector<OutputEntry> outputs;
  bool any_output_change = false;
  // A renderer-shaped document in a newer format than this renderer knows
  // (Terraform then warns that the diff may be missing things).
  bool newer_format = false;
};

// The format versions this renderer knows (jsonplan and jsonprovider's
// FormatVersion): a renderer-shaped document in a newer one gets Terraform's
// version warning.
inline constexpr std::string_view kPlanFormatVersion = "1.2", kProviderFormatVersion = "1.0";

// After ScanPlan: Terraform's Errored and NoChanges qualities, from --quality
// or, with --quality auto, from the plan (`terraform show`'s rule for its
// errored/applyable; a bundle's tfstream_quality).
void ResolveQuality(const PlanContext& ctx, bool* errored, bool* no_changes);

// After ScanPlan: qualities, schema checks, relevant attributes, action
// invocations and output changes.
Status PreparePlan(PlanContext* ctx, ResourceWorker* worker, PreparedPlan* out);

}  // namespace tfstream::pipeline
