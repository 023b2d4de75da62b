// The sections of the plan text other than the planned changes themselves
// (jsonformat/plan.go @883c722): drift, deferred changes, CLI-invoked
// actions and outputs, plus the two whole-plan questions the layout depends
// on (does the drift section show; is the plan empty).
#pragma once

#include <string>
#include <vector>

#include "buffer/output_sink.h"
#include "pipeline/plan_context.h"
#include "pipeline/resource_worker.h"

namespace tfstream::pipeline {

struct OutputEntry {
  std::string name;
  stream::ByteRange range;
  render::Action action = render::Action::kNoOp;
};

// Lists output_changes sorted by name (a repeated name keeps its last value)
// with each output's action.
Status PrepareOutputs(const PlanContext& ctx, ResourceWorker* worker, std::vector<OutputEntry>* outputs);
// renderHumanDiffOutputs: the lines of the "Changes to Outputs" section.
Status RenderOutputs(const PlanContext& ctx, ResourceWorker* worker, const std::vector<OutputEntry>& outputs,
                     std::string* out);
// renderHumanActionInvocations: CLI-invoked actions.
Status RenderCliActions(const PlanContext& ctx, ResourceWorker* worker, std::string* out);

// renderHumanDiffDrift; *shown tells whether anything was printed, *blocks
// (when given) how many resource blocks it listed.
Status RenderDrift(const PlanContext& ctx, ResourceWorker* worker, const std::vector<OutputEntry>& outputs,
                   buffer::OutputSink* out, bool* shown, size_t* blocks = nullptr);
// --drift hide: the drift section rendered into nothing (so that it fails
// as it would), *shown as RenderDrift's and *blocks its number of blocks.
Status CountDrift(const PlanContext& ctx, ResourceWorker* worker, const std::vector<OutputEntry>& outputs,
                  bool* shown, size_t* blocks);
// The line standing for a hidden drift section of `blocks` objects, without
// markup or newlines: "3 objects have changed outside of Terraform (not
// shown: --drift hide)".
std::string HiddenDriftWords(const Flavor& flavor, size_t blocks);
// renderHumanDeferredChanges (renderer-shaped input only).
Status RenderDeferred(const PlanContext& ctx, ResourceWorker* worker, buffer::OutputSink* out, bool* shown);

}  // namespace tfstream::pipeline
