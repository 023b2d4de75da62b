// The work done before the first byte of a state's text is written, shared by
// every output form of a state: the pre-scan (stream/state_scan.h), the
// refusals (a plan, a schemas file, a raw terraform.tfstate handed over as a
// state), the flavour, and the check that every resource has its schema.
#pragma once

#include "pipeline/plan_context.h"
#include "pipeline/progress_meter.h"
#include "stream/state_scan.h"

namespace tfstream::pipeline {

struct PreparedState {
  stream::StateFacts facts;
  // The state's or the schemas file's format is newer than the renderer's
  // (RenderHumanState's incompatibleVersions): the version warning.
  bool newer_format = false;
  // --address: the resources shown (null: all); outputs are then left out.
  stream::StateSelection select;
};

// The format version jsonstate writes (jsonstate.FormatVersion).
inline constexpr std::string_view kStateFormatVersion = "1.0";

// Scans ctx->in.plan as a state and settles the flavour (ResolveFlavor,
// with the state's providers as its sign); with `schemas_needed`, checks
// that the schemas have every resource's type. `progress` may be null.
// `resources_parsed_later`: the caller parses every resource the selection
// takes and every output (which validates them), so the scan leaves their
// contents to it (StateScanOptions::kValidatedByRender); the caller then
// passes whatever fails after this through PreferSyntaxError.
Status PrepareState(PlanContext* ctx, ProgressMeter* progress, bool schemas_needed, PreparedState* out,
                    bool resources_parsed_later = false);

// Go checks the syntax of the whole document before anything else: a failure
// met after a scan that left the resources to the render pass gives way to
// the document's first syntax error, if it has one.
Status PreferSyntaxError(const PlanContext& ctx, Status failure);

}  // namespace tfstream::pipeline
