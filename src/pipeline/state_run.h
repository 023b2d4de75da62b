// The run of one state (--state): the sequence every output form of a state
// shares, written once. It pre-scans and checks the state (state_prepare.h),
// then pushes to the sink what `terraform show` prints for it
// (RenderHumanState, jsonformat/state.go): the version warning, every
// resource's block in the module walk's order (rendered on all cores,
// pushed in order), then the root outputs; or, for a sink that needs facts
// only, each shown resource's facts in the same order.
#pragma once

#include <string>

#include "base/status.h"
#include "pipeline/plan_pipeline.h"
#include "pipeline/progress_meter.h"
#include "pipeline/sink.h"
#include "pipeline/state_prepare.h"

namespace tfstream::pipeline {

struct PlanContext;

// What a sink is shown of the state, from Begin to Finish.
struct StateView {
  StateView(const PlanContext& context, const PreparedState& state) : ctx(context), prepared(state) {}
  const PlanContext& ctx;
  const PreparedState& prepared;
  // With Needs::checked_schemas, a --schemas file and no schemas in the
  // state: the file's format_version.
  std::string schemas_file_format_version;
};

// Runs the state in `input` into `sink`. `progress` may be null; `report`
// (may be null) gets the notes and warnings.
Status RunState(const Input& input, const Options& options, ProgressMeter* progress, Sink* sink, Report* report);

}  // namespace tfstream::pipeline
