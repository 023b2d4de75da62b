// RenderPlan: one plan (or, with --state, one state) rendered in the output
// form the options choose: the text (text_sink.h), --summary
// (plan_summary.h, state_summary.h), --format markdown (plan_markdown.h) or
// json (plan_json.h, state_summary.h), or --bundle (plan_bundle.h,
// state_bundle.h).
//
// Each form is a sink (pipeline/sink.h) of the run of its document
// (pipeline/plan_run.h, state_run.h): the run drives the stages (pre-scan,
// checks, the ordered block workers) and pushes what the sink needs; the
// run knows no form. Options, Input and Report, what a caller hands in and
// gets back, are the run's (pipeline/plan_pipeline.h).
#pragma once

#include "base/status.h"
#include "buffer/output_sink.h"
#include "pipeline/plan_pipeline.h"

namespace tfstream::forms {

// Errors come back as "<label>: byte <offset>: <message>" (or "<label>: ...").
Status RenderPlan(const pipeline::Input& input, const pipeline::Options& options, buffer::OutputSink* out,
                  pipeline::Report* report = nullptr);

}  // namespace tfstream::forms
