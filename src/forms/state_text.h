// --state: a state's human text, as `terraform show` / `tofu show` print it
// without a planfile (Renderer.RenderHumanState, jsonformat/renderer.go and
// state.go @883c722; OpenTofu v1.12.6): the version warning, then "The
// state file is empty..." or every resource's block in the module walk's
// order, each written as soon as it and the blocks before it are rendered,
// then the root outputs sorted by name after "\n\nOutputs:\n\n".
//
// The outputs come first in the document and print last: they are held as
// byte ranges of the input (which stays mapped or spooled), never as values,
// and rendered one at a time at the end.
#pragma once

#include <functional>

#include "base/status.h"
#include "buffer/output_sink.h"
#include "pipeline/plan_context.h"
#include "pipeline/plan_pipeline.h"
#include "pipeline/progress_meter.h"

namespace tfstream::forms {

// `at_end`: as RenderText's (plan_text.h).
Status RenderStateText(const pipeline::Input& input, const pipeline::Options& options,
                       pipeline::ProgressMeter* progress, buffer::OutputSink* out, pipeline::Report* report,
                       const std::function<void(const pipeline::PlanContext&)>& at_end = nullptr);

}  // namespace tfstream::forms
