// --format text (the default): the plan's human text, the document in
// Terraform's order (Renderer.RenderHumanPlan and plan.renderHuman,
// jsonformat/renderer.go and plan.go @883c722), each resource block rendered
// from its own parsed tree and flushed before the next is read.
#pragma once

#include <functional>

#include "base/status.h"
#include "buffer/output_sink.h"
#include "pipeline/plan_context.h"
#include "pipeline/plan_pipeline.h"
#include "pipeline/progress_meter.h"

namespace tfstream::forms {

// Fills `report` (may be null) with the warnings and notes, and with the
// --detailed-exitcode facts when the options ask for them. `at_end`, when
// set, is called with the run's context once the text is written (a form
// built on the text reads the plan's facts there: forms/html).
Status RenderText(const pipeline::Input& input, const pipeline::Options& options, pipeline::ProgressMeter* progress,
                  buffer::OutputSink* out, pipeline::Report* report,
                  const std::function<void(const pipeline::PlanContext&)>& at_end = nullptr);

}  // namespace tfstream::forms
