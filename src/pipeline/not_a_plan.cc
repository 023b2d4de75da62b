#include "pipeline/not_a_plan.h"

#include <string>

#include "pipeline/tool_commands.h"

namespace tfstream::pipeline {
namespace {

constexpr std::string_view kWrapperFix =
    "set `terraform_wrapper: false` on the hashicorp/setup-terraform step (`tofu_wrapper: false` on "
    "setup-opentofu's), or run the terraform binary directly";

}  // namespace

Status CheckPlanStart(std::string_view doc) {
  // Every zip archive starts with a local file header; a plan file is one.
  if (doc.substr(0, 4) == std::string_view("PK\x03\x04", 4)) {
    return Status::Error(std::string("this is a binary plan file (a zip archive), not its JSON: convert it with ") +
                         kShowPlanCommand);
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
  if (!scan_error.has_offset() || scan_error.offset() >= doc.size()) return scan_error;
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
  return facts.members.null_document || facts.members.count == 0;
}

std::string EmptyDocumentNote(const std::string& label) {
  return label + " is an empty document, rendered as OpenTofu renders it (no changes) because --flavor opentofu "
                 "was given; it holds no plan (OpenTofu's cloud backend serves {} for a run that made none)";
}

Status CheckIsPlan(const stream::PlanFacts& facts, bool empty_as_opentofu) {
  const stream::DocumentMembers& m = facts.members;
  if (m.plan_section || facts.shape == stream::InputShape::kRenderer) return Status::Ok();
  if (empty_as_opentofu && IsEmptyDocument(facts)) return Status::Ok();
  const std::string run = std::string("; make the plan's JSON with ") + kShowPlanCommand;
  if (m.null_document) return Status::Error("the document is null, not a plan" + run);
  if (m.count == 0) {
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
