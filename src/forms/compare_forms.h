// The output forms of `tfstream --compare` (pipeline/compare_run.h), as
// sinks of the comparison run (pipeline/sink.h): the text is the plan's text
// form (text_sink.h), writing each block as the run pushes it (blocks in the
// renderer's style, then outputs, then one summary line; one line when the
// plans are the same); --format markdown (a pull-request comment "Changed
// since the last plan", in parts as for plans) and --format json (what
// differs, by address) hold what they are given (in memory up to 1 MiB,
// then in a temporary file) until the run has checked both plans, then
// write it.
#pragma once

#include "base/status.h"
#include "buffer/output_sink.h"
#include "pipeline/compare_run.h"

namespace tfstream::forms {

// Compares in.old_plan with in.new_plan and writes the form options.format
// names to `out`; *differ tells whether anything differs.
Status RenderComparison(const pipeline::CompareInput& in, const pipeline::Options& options, buffer::OutputSink* out,
                        pipeline::Report* report, bool* differ);

}  // namespace tfstream::forms
