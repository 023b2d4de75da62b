// RenderPlan: one plan rendered in the output form the options choose: the
// text (plan_text.h), --summary (plan_summary.h), --format markdown
// (plan_markdown.h) or json (plan_json.h), or --bundle (plan_bundle.h).
//
// The forms sit above the run (src/pipeline/): each drives the run's stages
// (pre-scan, checks, PlanContext, the ordered block workers) and lays out
// what they give; the run knows no form. Options, Input and Report, what a
// caller hands in and gets back, are the run's (pipeline/plan_pipeline.h).
#pragma once

#include "base/status.h"
#include "buffer/output_sink.h"
#include "pipeline/plan_pipeline.h"

namespace tfstream::forms {

// Errors come back as "<label>: byte <offset>: <message>" (or "<label>: ...").
Status RenderPlan(const pipeline::Input& input, const pipeline::Options& options, buffer::OutputSink* out,
                  pipeline::Report* report = nullptr);

}  // namespace tfstream::forms
