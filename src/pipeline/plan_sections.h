// Renders the sections of the plan text other than the planned changes
// themselves (jsonformat/plan.go @883c722) on the run's own thread: drift,
// deferred changes, CLI-invoked actions and outputs, plus the two whole-plan
// questions the layout depends on (does the drift section show; is the plan
// empty). Their words are render/plan/plan_sections.h's.
#pragma once

#include <string>
#include <vector>

#include "pipeline/change_blocks.h"
#include "pipeline/plan_context.h"
#include "pipeline/resource_worker.h"
#include "pipeline/sink.h"
#include "render/plan/plan_sections.h"

namespace tfstream::pipeline {

struct OutputEntry {
  std::string name;
  stream::ByteRange range;
  render::Action action = render::Action::kNoOp;
};

// Where a section goes: the text that is no block (its heading, its
// closing words) and its blocks, each as soon as it is rendered.
struct SectionOut {
  std::function<Status(Part part, std::string_view text)> text;
  BlockSink blocks;
  // A section rendered into nothing (to fail as it would, or to count it).
  static SectionOut Nowhere();
};

// Lists output_changes sorted by name (a repeated name keeps its last value)
// with each output's action.
Status PrepareOutputs(const PlanContext& ctx, ResourceWorker* worker, std::vector<OutputEntry>* outputs);
// renderHumanDiffOutputs: the lines of the "Changes to Outputs" section,
// each output's (a "\n" before all but the first) given to `each`.
using OutputFn = std::function<Status(const OutputEntry& output, std::string_view text)>;
Status RenderOutputs(const PlanContext& ctx, ResourceWorker* worker, const std::vector<OutputEntry>& outputs,
                     const OutputFn& each);
// renderHumanActionInvocations: CLI-invoked actions, each one's text (a
// "\n" before all but the first) given to `each`.
using InvocationFn = std::function<Status(const stream::ActionInvocationFacts& action, std::string_view text)>;
Status RenderCliActions(const PlanContext& ctx, ResourceWorker* worker, const InvocationFn& each);

// renderHumanDiffDrift; *shown tells whether anything was printed, *blocks
// (when given) how many resource blocks it listed.
Status RenderDrift(const PlanContext& ctx, ResourceWorker* worker, const std::vector<OutputEntry>& outputs,
                   const SectionOut& out, bool* shown, size_t* blocks = nullptr);
// --drift hide: the drift section rendered into nothing (so that it fails
// as it would), *shown as RenderDrift's and *blocks its number of blocks.
Status CountDrift(const PlanContext& ctx, ResourceWorker* worker, const std::vector<OutputEntry>& outputs,
                  bool* shown, size_t* blocks);
// renderHumanDeferredChanges (renderer-shaped input only).
// Each block comes with the deferred element (its "resource_change" inside).
Status RenderDeferred(const PlanContext& ctx, ResourceWorker* worker, const SectionOut& out, bool* shown);

}  // namespace tfstream::pipeline
