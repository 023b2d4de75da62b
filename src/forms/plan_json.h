// --format json: the plan's changes as one JSON document for machines (CI
// gates, bots, dashboards), from the pre-scan's facts and a second pass over
// resource_changes and resource_drift that reads each element's shallow
// facts only: no schemas needed (a --schemas file given is still checked),
// no diffs computed. Schema "format_version" 1.0, written down in README.md
// ("JSON"):
//
//   {"format_version": "1.0", "flavor": "terraform", "input_shape": "show-json", "plan_mode": "normal",
//    "errored": false, "has_changes": true,
//    "counts": {"import": 0, "add": 1, "change": 0, "destroy": 1, "forget": 0, "invoke": 0},
//    "shown_changes": 2, "filtered_out": 0,
//    "resource_changes": [{"address": ..., "action": "replace", ...}, ...],
//    "resource_drift": [...], "output_changes": [...]}
//
// The whole document is validated before its first byte is written (it is
// all or nothing: a consumer never sees half a document), then entries are
// written as they are read: memory does not grow with the number of
// resources (with --group-by module, one node per module instance).
#pragma once

#include <memory>

#include "buffer/output_sink.h"
#include "pipeline/plan_pipeline.h"
#include "pipeline/sink.h"

namespace tfstream::forms {

inline constexpr const char* kJsonFormatVersion = "1.0";

// The sink of a plan's JSON (pipeline/sink.h): facts only.
std::unique_ptr<pipeline::Sink> MakeJsonSink(const pipeline::Options& options, buffer::OutputSink* out);

}  // namespace tfstream::forms
