// --format markdown: the plan as a Markdown document for a pull-request
// comment, never coloured:
//
//   **Plan:** 1 to add, 1 to change, 0 to destroy.     (Terraform's line;
//                                                        or "No changes." ...)
//   Filtered out 2 of 4 resource blocks.               (with --action/--address)
//
//   | Action | Resources |                             (shown blocks by action,
//   | :-- | --: |                                       legend order; rows with 0
//   | `+` create | 1 |                                  are left out)
//
//   <details><summary><code>+</code> aws_s3_bucket.logs will be created</summary>
//
//   ```diff
//     # aws_s3_bucket.logs will be created
//   +   resource "aws_s3_bucket" "logs" {
//   ...
//   ```
//
//   </details>
//   ...                                                 (one per block)
//   <details><summary>Changes to Outputs</summary> ...
//   <details><summary>Objects have changed outside of Terraform</summary> ...
//
// The deferred changes (before the blocks), the actions to invoke and the
// drift note (last, after the planned changes it would otherwise push out
// of a --max-parts cap) are one collapsed section each when Terraform would
// print them; with --drift hide the drift is one line after the headline
// ("_3 objects have changed outside of Terraform (not shown: --drift
// hide)._"). Every resource
// block is a section of its own holding exactly Terraform's text with the
// symbols moved to the line start (markdown_block.h). The document is split
// into parts by MarkdownParts (markdown_parts.h).
#pragma once

#include <memory>

#include "buffer/output_sink.h"
#include "forms/markdown_parts.h"
#include "pipeline/plan_pipeline.h"
#include "pipeline/sink.h"
#include "render/computed/action.h"
#include "stream/pre_scan.h"

namespace tfstream::forms {

// The table of shown blocks by action ("| Action | Resources |"), "" when
// no block is shown; and the words of an action's row.
std::string MarkdownCountTable(const stream::PlanFacts& facts, const Flavor& flavor);
std::string_view ActionRowWords(render::Action action, const Flavor& flavor);

// Sets up `parts` as the options ask (--title, --max-parts, --details-url;
// the size and prefix are its constructor's), noting a too-large standard
// output in `report`.
void ConfigureParts(const pipeline::Options& options, pipeline::Report* report, MarkdownParts* parts);

// The sink of a plan's Markdown (pipeline/sink.h); `report` (may be null)
// is told when standard output would have been too large.
std::unique_ptr<pipeline::Sink> MakeMarkdownSink(const pipeline::Options& options, buffer::OutputSink* out,
                                                 pipeline::Report* report);

}  // namespace tfstream::forms
