// The whole trip for one plan: pre-scan, schema checks, then the document in
// Terraform's order (Renderer.RenderHumanPlan and plan.renderHuman,
// jsonformat/renderer.go and plan.go @883c722), each resource block rendered
// from its own parsed tree and flushed before the next is read.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "base/status.h"
#include "buffer/output_sink.h"

namespace tfstream::pipeline {

enum class PlanMode { kNormal, kDestroy, kRefreshOnly };
enum class Quality { kAuto, kNone, kErrored, kNoChanges };

struct Options {
  PlanMode mode = PlanMode::kNormal;
  bool color = false;
  int width = 78;
  bool automation = false;
  Quality quality = Quality::kAuto;
  // Threads rendering resource blocks; blocks are still written in input
  // order. 1 renders on the calling thread.
  int jobs = 1;
};

struct Input {
  std::string_view plan;  // the whole plan document
  std::string plan_label;
  bool has_schemas = false;
  std::string_view schemas;  // the whole schemas document, when given
  std::string schemas_label;
  // Called with an offset before which the plan's bytes are not needed for a
  // while (see InputFile::ReleaseBefore); may be empty.
  std::function<void(uint64_t)> release_plan_before;
};

// Errors come back as "<label>:<offset>: <message>" (or "<label>: ...").
Status RenderPlan(const Input& input, const Options& options, buffer::OutputSink* out);

}  // namespace tfstream::pipeline
