// The start every output form of a state shares (text, --bundle, --summary,
// --format json): one context for the run, and the state pre-scanned and
// checked by pipeline::PrepareState before the first byte is written.
#pragma once

#include "base/status.h"
#include "pipeline/plan_context.h"
#include "pipeline/progress_meter.h"
#include "pipeline/state_prepare.h"

namespace tfstream::forms {

struct PreparedStateForm {
  PreparedStateForm(const pipeline::Input& input, const pipeline::Options& options) : ctx(input, options) {}

  // pipeline::PrepareState on ctx; `schemas_needed` for the forms that render
  // values or carry the schemas. `progress` may be null.
  // `resources_parsed_later`: see pipeline::PrepareState.
  Status Prepare(pipeline::ProgressMeter* progress, bool schemas_needed, bool resources_parsed_later = false) {
    return pipeline::PrepareState(&ctx, progress, schemas_needed, &state, resources_parsed_later);
  }

  pipeline::PlanContext ctx;
  pipeline::PreparedState state;
};

}  // namespace tfstream::forms
