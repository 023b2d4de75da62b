// The GitHub alert at the top of a Markdown plan (--format markdown, with or
// without --summary) when it destroys anything, so that a reviewer cannot
// miss it in a long comment:
//
//   > [!WARNING]
//   > This plan destroys 3 resources: 2 deleted, 1 replaced.
//   > - `-` `aws_s3_bucket.old`
//   > - `-/+` `aws_db_instance.main`
//   > - ... and 1 more [Full plan](URL)          (the link with --details-url)
//
// It counts over the whole plan, as the Plan: line does (filters aside):
// ["delete"] blocks Terraform prints (data sources are never destroyed) and
// the replacements that destroy the old object (["delete","create"],
// ["create","delete"]); ["create","forget"] and ["forget"] keep the object.
// At most kAlertAddresses addresses are listed, in plan order, read where
// the pre-scan found them (PlanFacts::first_destroys); GitHub shows the
// block as a blockquote with a warning icon, other renderers as a plain
// blockquote.
#pragma once

#include <string>

#include "base/status.h"
#include "pipeline/plan_context.h"

namespace tfstream::forms {

inline constexpr size_t kAlertAddresses = 20;

// The alert followed by a blank line, or "" when the plan destroys nothing.
Status DestroyAlert(const pipeline::PlanContext& ctx, std::string* out);

}  // namespace tfstream::forms
