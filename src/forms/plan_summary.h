// --summary: one line per planned-change block that would be shown, from the
// pre-scan's facts alone (no schemas needed, no diffs computed), then
// Terraform's summary line:
//
//     + aws_s3_bucket.logs
//     ~ module.app["eu"].aws_instance.web[0]
//   -/+ aws_db_instance.main
//
//   Plan: 2 to add, 1 to change, 1 to destroy.
//
// Each line is the flavour's action symbol (Terraform's
// format.DiffActionSymbol or OpenTofu's renderers.DiffActionSymbol, coloured
// as usual), a space and the address, then " (deposed object KEY)",
// " (moved from OLD)" and " (will be imported)" where they apply. Lines are
// grouped in the legend's order (create, update, delete, delete-then-create,
// create-then-delete, read), then Terraform's create-then-forget ("+/."),
// OpenTofu's forget-then-create ("./+"), forget ("."), and last the blocks
// shown only because they are moved or imported (no-op, symbol blank); input
// order within a group. The blank line and the flavour's summary line
// follow (zero counts included), and, with --action/--address, the
// "Filtered out" line. Output changes are listed after it as plan.renderHuman
// lists them, one line each (symbol and name, no value):
//
//   Changes to Outputs:
//     + endpoint
//
// and a plan that changes only outputs gets, as Terraform's text, no
// "Plan:" line but the sentence on what applying it means (the outputs'
// diffs are computed for their actions: they need no schemas). With
// --mode refresh-only the drift, which is what such a plan records, comes
// first (plan_summary.cc, DriftChanges).
#pragma once

#include <memory>

#include "buffer/output_sink.h"
#include "pipeline/plan_pipeline.h"
#include "pipeline/sink.h"

namespace tfstream::forms {

// The sink of a plan's --summary (pipeline/sink.h), as text or, with
// --format markdown, Markdown; `report` (may be null) is told when standard
// output would have been too large.
std::unique_ptr<pipeline::Sink> MakeSummarySink(const pipeline::Options& options, buffer::OutputSink* out,
                                                pipeline::Report* report);

}  // namespace tfstream::forms
