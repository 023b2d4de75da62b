// The run of one plan: the sequence every output form shares, written once.
// It owns the context, pre-scans the document, prepares and checks what the
// sink needs (sink.h's Needs), validates, then pushes the document to the
// sink in Terraform's order (plan.renderHuman, jsonformat/plan.go): the
// warning, drift, the "No changes" texts, deferred changes, the legend, the
// planned changes (rendered on all cores, pushed in input order), the totals,
// the actions to invoke and the outputs; or, for a sink that needs facts
// only, the facts of the blocks that would print. Then the decision
// --detailed-exitcode reports, the notes and warnings.
#pragma once

#include <string>
#include <vector>

#include "base/status.h"
#include "pipeline/plan_changes.h"
#include "pipeline/plan_pipeline.h"
#include "pipeline/plan_prepare.h"
#include "pipeline/progress_meter.h"
#include "pipeline/sink.h"

namespace tfstream::pipeline {

struct PlanContext;

// What a sink is shown of the plan. It lives as long as the run; Begin
// receives it with the fields marked "Begin" set, and the run fills in the
// others as it goes (a sink may keep a pointer to it).
struct PlanView {
  explicit PlanView(const PlanContext& context) : ctx(context) {}
  const PlanContext& ctx;
  // Begin: Terraform's Errored and NoChanges qualities.
  bool errored = false;
  bool no_changes_quality = false;
  // Begin, with Needs::text: what preparing found (outputs and their
  // actions, the newer-format warning).
  const PreparedPlan* prepared = nullptr;
  // Begin, with Needs::changes_decided: `terraform plan -detailed-exitcode`'s
  // answer and the output changes it was decided from (plan_changes.h).
  bool has_changes = false;
  const std::vector<OutputChangeFacts>* output_facts = nullptr;
  // Begin, with Needs::checked_schemas and a --schemas file: its format_version.
  std::string schemas_file_format_version;
  // With Needs::text, once the drift and deferred sections are pushed (from
  // the first piece of any later section, and at Finish): whether each
  // showed, and with --drift hide how many objects the hidden drift holds.
  bool have_drift = false;
  bool have_deferred = false;
  size_t hidden_drift = 0;
  // Finish, with Needs::output_actions: the outputs by name with their actions.
  std::vector<OutputEntry> outputs;
};

// Runs the plan in `input` into `sink`. `progress` may be null; `report`
// (may be null) gets the notes, warnings and --detailed-exitcode facts.
// Errors come back as "<label>: byte <offset>: <message>" (or "<label>: ...").
Status RunPlan(const Input& input, const Options& options, ProgressMeter* progress, Sink* sink, Report* report);

}  // namespace tfstream::pipeline
