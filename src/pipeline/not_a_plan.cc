#include "pipeline/not_a_plan.h"

#include <algorithm>
#include <string>

#include "pipeline/tool_commands.h"

namespace tfstream::pipeline {
namespace {

constexpr std::string_view kWrapperFix =
    "set `terraform_wrapper: false` on the hashicorp/setup-terraform step (`tofu_wrapper: false` on "
    "setup-opentofu's), or run the terraform binary directly";

bool IsJsonWhitespace(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }

}  // namespace

bool IsBlank(std::string_view doc) { return std::all_of(doc.begin(), doc.end(), IsJsonWhitespace); }

Status CheckNotBlank(std::string_view doc, bool from_stdin, bool schemas_given) {
  if (!IsBlank(doc)) return Status::Ok();
  const std::string what = doc.empty() ? "empty" : "only whitespace";
  if (!from_stdin) {
    return Status::Error("the file is " + what +
                         ", no plan (did the command that wrote it fail?); make it with " + kShowPlanCommand);
  }
  if (schemas_given) {
    return Status::Error(
        "standard input is " + what +
        ", no plan came through it: give the plan as PLAN, the provider schemas with --schemas "
        "(tfstream --schemas schemas.json plan.json), or pipe in " +
        kShowPlanCommand);
  }
  return Status::Error("standard input is " + what +
                       ", no plan came through it (did the command before the pipe fail?); pipe in " +
                       kShowPlanCommand + ", or give the plan's file as PLAN");
}

Status CheckNotCompressed(std::string_view doc) {
  if (doc.substr(0, 2) != "\x1f\x8b") return Status::Ok();
  return Status::Error(
      "this is gzip-compressed data, not JSON: decompress it first (gunzip -c FILE.gz | tfstream ... -)");
}

Status NoteTruncation(std::string_view doc, const Status& scan_error) {
  if (!scan_error.has_offset() || scan_error.offset() < doc.size() || IsBlank(doc)) return scan_error;
  return Status::Error(scan_error.message() + " (the JSON ends early: the input is truncated)",
                       scan_error.offset());
}

Status CheckPlanStart(std::string_view doc) {
  // Every zip archive starts with a local file header; a plan file is one.
  if (doc.substr(0, 4) == std::string_view("PK\x03\x04", 4)) {
    return Status::Error(std::string("this is a binary plan file (a zip archive), not its JSON: convert it with ") +
                         kShowPlanCommand);
  }
  if (Status s = CheckNotCompressed(doc); !s.ok()) return s;
  // hclog's JSON lines, its keys sorted: every message opens with @level.
  size_t start = 0;
  while (start < doc.size() && IsJsonWhitespace(doc[start])) ++start;
  if (doc.substr(start, 10) == "{\"@level\":") {
    return Status::Error(
        std::string("this is the JSON log of `terraform plan -json` (or `tofu plan -json`), one "
                    "message a line, not a plan: save the plan with ") +
        kSavePlanCommand + ", then give tfstream " + kShowPlanCommand);
  }
  // @actions/exec echoes the command it runs before its output.
  if (doc.substr(0, 9) == "[command]") {
    return Status::Error(
        "the input starts with a \"[command]...\" line, added by the setup-terraform wrapper around "
        "the JSON: " + std::string(kWrapperFix),
        0);
  }
  return Status::Ok();
}

Status ExplainScanError(std::string_view doc, const Status& scan_error) {
  if (!scan_error.has_offset()) return scan_error;
  if (scan_error.offset() >= doc.size()) return NoteTruncation(doc, scan_error);
  // Only where the document ended: past it the wrapper logs through
  // core.debug, one "::debug::" workflow command a line (and older
  // versions "::set-output").
  // No JSON value starts with ':', so this is never part of a plan.
  const size_t at = scan_error.offset();
  if (doc.substr(at, 2) != "::") return scan_error;
  return Status::Error(
      "\"::debug::\" lines follow the JSON, added by the setup-terraform wrapper: " + std::string(kWrapperFix),
      at);
}

bool IsEmptyDocument(const stream::PlanFacts& facts) {
  return facts.members.null_document || facts.members.count == facts.members.terraform_version;
}

std::string EmptyDocumentNote(const std::string& label) {
  return label + " is an empty document, rendered as OpenTofu renders it (no changes) because --flavor opentofu "
                 "was given; it holds no plan (OpenTofu's cloud backend serves {} for a run that made none)";
}

Status RendererStateRefusal() {
  return Status::Error(
      "this is the renderer's own state document (\"state_format_version\", \"root_module\": jsonformat.State, "
      "as `terraform test -json` logs it), which tfstream does not read: give --state the output of `terraform show "
      "-json` (or `tofu show -json`) without a PLANFILE");
}

Status CheckIsPlan(const stream::PlanFacts& facts, bool empty_as_opentofu) {
  const stream::DocumentMembers& m = facts.members;
  if (m.RendererStateOnly() && !m.state_values) return RendererStateRefusal();
  if (m.plan_section || facts.shape == stream::InputShape::kRenderer) return Status::Ok();
  if (empty_as_opentofu && IsEmptyDocument(facts)) return Status::Ok();
  const std::string run = std::string("; make the plan's JSON with ") + kShowPlanCommand;
  if (m.null_document) return Status::Error("the document is null, not a plan" + run);
  if (m.count == m.terraform_version) {
    return Status::Error("the document is an empty object, not a plan (`terraform show -json` without a PLANFILE "
                         "prints that for an empty state)" + run);
  }
  if (m.state_values || (m.format_version && !m.provider_schemas)) {
    return Status::Error("this is a state, not a plan (it has " +
                         std::string(m.state_values ? "\"values\"" : "\"format_version\"") +
                         " and no plan section): `terraform show -json` without a PLANFILE prints the state; render it with --state, "
                         "or" + run.substr(1));
  }
  if (m.provider_schemas) {
    return Status::Error(std::string("this is a provider schemas document, not a plan: pass it with --schemas, and "
                                     "as PLAN the output of ") + kShowPlanCommand);
  }
  return Status::Error(
      "not a plan: the document has none of a plan's members (planned_values, resource_changes, prior_state, "
      "configuration, output_changes, plan_format_version, ...)" + run);
}

}  // namespace tfstream::pipeline
