// Which renderer a run reproduces: --flavor terraform|opentofu, or the auto
// rule, decided once after the pre-scan and before any output.
//
// The auto rule takes the flavour a bundle recorded (a renderer-shaped
// document's "tfstream_flavor", written by --bundle); else it picks OpenTofu
// when the input carries something only OpenTofu writes, else Terraform:
//   - a resource change whose provider is on registry.opentofu.org, whose
//     action list is OpenTofu's ["forget","create"], or whose action reason
//     only OpenTofu has (forgot_because_lifecycle_destroy_in_config,
//     forgot_because_lifecycle_destroy_in_state, delete_because_enabled_false:
//     an OpenTofu configuration may name providers by their
//     registry.terraform.io address); the pre-scan notes it
//     (PlanFacts::opentofu_sign);
//   - else, a provider_schemas key on registry.opentofu.org, in the plan's
//     embedded schemas or, when none decided, in the --schemas file.
// Keys and addresses are compared as written; both are short, so the rule
// costs nothing measurable beside the pre-scan.
#pragma once

#include "base/flavor.h"
#include "pipeline/plan_context.h"

namespace tfstream::pipeline {

// After ScanPlan: the flavour the options and the input call for (its
// newest profile; the release within it is pipeline/release_choice.h's). A
// --schemas file that is not a valid schemas file only counts as no sign
// (CheckSchemas reports it). Sets *by_default when --flavor auto found no
// sign and fell back to Terraform.
const Flavor& ResolveFlavor(PlanContext* ctx, bool* by_default = nullptr);

// Once the flavour is settled: the first resource change whose action list
// that flavour's jsonplan.UnmarshalActions does not know (it panics; the
// pre-scan accepted the lists of both) is an error, as any unknown list is;
// so is a change of mode "ephemeral" unless the profile skips those.
Status CheckFlavorActions(const PlanContext& ctx);

}  // namespace tfstream::pipeline
