// Whether a plan has changes, as `terraform plan -detailed-exitcode` decides
// (exit 2 for changes, 0 for none): Terraform's exit status is
// !plan.Applyable (internal/command/plan.go, backend/local/backend_plan.go),
// and Applyable is set in terraform/context_plan.go:
//   - normal and destroy plans: !plan.Changes.Empty(), which is false for any
//     resource change whose action is not no-op or that is moved or
//     imported (data-source deletions, which the text does not print,
//     included), any root output change whose action is not no-op, and any
//     action invocation. Drift alone is no change: a plan that only found
//     objects changed outside Terraform renders "No changes." and exits 0;
//     a plan that only changes outputs exits 2.
//   - refresh-only plans: the refresh changed the state (resource_drift
//     holds a change that is not a no-op) or a root output, or an action is
//     invoked.
// An errored plan is Terraform's exit 1 (the operation failed), whatever it
// holds. The answer is over the whole plan: --action/--address do not
// change it.
#pragma once

#include <string>
#include <vector>

#include "base/status.h"
#include "pipeline/plan_context.h"
#include "stream/plan_action.h"

namespace tfstream::pipeline {

// One output_changes entry as the plan gives it (not as the text's diff
// decides it).
struct OutputChangeFacts {
  std::string name;
  std::vector<std::string> actions;
  bool known = false;  // the list is one Terraform knows; `action` is then set
  stream::PlanAction action = stream::PlanAction::kNoOp;
  bool sensitive = false;  // before_sensitive or after_sensitive is true
};

// output_changes sorted by name, a repeated name keeping its last value.
// Memory is that of the outputs' action lists, not of their values.
Status ReadOutputChanges(const PlanContext& ctx, std::vector<OutputChangeFacts>* out);

// Terraform's plan.Applyable from the pre-scan's facts and the outputs;
// passes over resource_drift (refresh-only plans only, stopping at the first
// change).
Status PlanHasChanges(const PlanContext& ctx, const std::vector<OutputChangeFacts>& outputs, bool* has_changes);

// What --detailed-exitcode needs for Report: reads the outputs and decides.
Status DecideChanges(const PlanContext& ctx, Report* report);

}  // namespace tfstream::pipeline
