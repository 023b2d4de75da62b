// Tells a plan from the documents tfstream is handed by mistake, before any
// output: rendered, each would read as a plan without changes ("No changes.",
// "Plan: 0 to add...") that a reviewer could approve. The rule is README's
// "What is a plan" and --help's.
#pragma once

#include <string_view>

#include "base/status.h"
#include "stream/pre_scan.h"

namespace tfstream::pipeline {

// The refusal of the renderer's own state document (jsonformat.State), as a
// plan or as a state: rendered, it would read as an empty one.
Status RendererStateRefusal();

// Input that is not JSON at all but a known mistake, recognised by its first
// bytes: a binary plan file (a zip archive), a gzip-compressed file, the
// hashicorp/setup-terraform wrapper's leading "[command]..." line, the JSON
// log of `terraform plan -json` (one message a line). Ok when the text may
// be a plan.
Status CheckPlanStart(std::string_view doc);

// No bytes, or only JSON whitespace.
bool IsBlank(std::string_view doc);

// Input with no JSON at all (no bytes, or only whitespace): where no plan
// came from and how to give one. `from_stdin`: read from standard input;
// `schemas_given`: --schemas was given (a plan named there instead of as
// PLAN leaves standard input to be read). Ok when `doc` has some text.
Status CheckNotBlank(std::string_view doc, bool from_stdin, bool schemas_given);

// A gzip-compressed document (magic 1f 8b), named with how to decompress it.
// Ok otherwise. For the plan and the --schemas file alike.
Status CheckNotCompressed(std::string_view doc);

// `scan_error` with a note that the input is truncated when it stopped at
// the end of a non-blank document (the JSON ended before its value did);
// else `scan_error` itself.
Status NoteTruncation(std::string_view doc, const Status& scan_error);

// `scan_error` (from stream::PreScan, with its offset) explained, when the
// data it stopped at is the setup-terraform wrapper's trailing "::debug::"
// lines or the end of a truncated document; else `scan_error` itself.
Status ExplainScanError(std::string_view doc, const Status& scan_error);

// After a pre-scan without errors: whether its top-level members make the
// document a plan. The error says what the document is and how to get a plan.
// With `empty_as_opentofu`, {} and null pass (see EmptyDocumentNote), and so
// does an object of nothing but "terraform_version".
Status CheckIsPlan(const stream::PlanFacts& facts, bool empty_as_opentofu = false);

// Whether the document is {} or null: no member at all, or only
// "terraform_version" (--renderer-version auto reads it; the release corpora
// add it to OpenTofu's {} documents, which render as plans without changes).
bool IsEmptyDocument(const stream::PlanFacts& facts);

// What tfstream says on standard error when, with --flavor opentofu given,
// it renders an empty document ({} or null) as OpenTofu does: as a plan
// without changes. OpenTofu's cloud backend serves {} as the redacted plan
// of a run that made none (internal/cloud/testdata/plan-json-error), and
// `tofu` prints "No changes." for it; a user who asked for OpenTofu's
// renderer gets its text, and this line says it holds no plan.
std::string EmptyDocumentNote(const std::string& label);

}  // namespace tfstream::pipeline
