// The comparison run (tfstream --compare OLD PLAN): reads two plans, each
// in any shape the plan run reads, and hands what differs between their
// planned changes to a form (a Sink, pipeline/sink.h), one block at a time.
//
// Both plans are pre-scanned as the plan run does (validated, flavour and
// schemas settled); their resource_changes are then joined as they stream,
// one element of each plan at a time, by key (address, deposed key). An
// element whose bytes are the same in both plans is equal without being
// parsed (the scanner validates it); only differing ones are parsed,
// compared member by member, and diffed. resource_drift is joined the same
// way (unless --drift hide); deferred changes, action invocations and
// outputs, which are small, are compared by key in memory.
//
// Order: two plans of one configuration list their resources in the same
// order (Terraform sorts them), so the join holds nothing but the elements
// only one plan has. Elements out of step (plans in different orders) wait,
// as their key and place (a few hundred bytes), until their partner comes;
// memory then grows with how far out of step the plans are, never with
// their values (300 MB plan against its reversed copy: 41 MB peak, against
// 38 MB in order). See docs/compare.md.
#pragma once

#include <vector>

#include "base/status.h"
#include "pipeline/plan_pipeline.h"
#include "pipeline/sink.h"
#include "render/compare/difference.h"
#include "stream/attribute_glob.h"

namespace tfstream::pipeline {

struct CompareInput {
  Input old_plan, new_plan;
  // --ignore: attributes left out of both plans' values before comparing.
  std::vector<stream::AttributeGlob> ignore;
};

// Runs the comparison into `sink` (a form, pipeline/sink.h), with the
// options of the plan run (colour, width, flavour, release, --drift,
// --show-sensitive). The calls: Begin (both plans scanned and checked, the
// new plan's context), then one Block per difference as it is found
// (BlockView::difference says what differs; text is the block as the text
// form writes it: "\n" + block + "\n" in sections kPlannedChanges, kDrift,
// kDeferred and kActionInvocations; an output's line and "\n" in kOutputs,
// after a kOutputs heading "\nChanges to Outputs:\n"), then the summary
// (or, when nothing differs, the one line) as a kTotals piece, then Finish
// once both plans are known to be valid. *differ tells whether anything
// differs. Errors are located as the plan run's are; blocks already pushed
// stay (the text form has written them).
Status RunCompare(const CompareInput& in, const Options& options, Sink* sink, Report* report, bool* differ);

}  // namespace tfstream::pipeline
