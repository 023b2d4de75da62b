// What is not a plan is refused before any output, in every output form,
// and every plan shape still renders (pipeline/not_a_plan.h).
#include <catch2/catch.hpp>

#include <string>

#include "pipeline/plan_doc.h"

using tfstream::pipeline::Format;
using tfstream::pipeline::Options;
using tfstream::testing::PlanChange;
using tfstream::testing::PlanDoc;
using tfstream::testing::RenderDoc;

namespace {

// Each output form: text, --summary, --format markdown.
std::vector<Options> EveryForm() {
  Options text, summary, markdown;
  summary.summary = true;
  markdown.format = Format::kMarkdown;
  return {text, summary, markdown};
}

bool Refused(const std::string& doc, const std::string& what) {
  bool all = true;
  for (const Options& o : EveryForm()) {
    std::string got = RenderDoc(doc, o);
    if (got.rfind("ERROR: plan.json" + what, 0) != 0) {
      UNSCOPED_INFO(doc << " -> " << got);
      all = false;
    }
  }
  return all;
}

bool Renders(const std::string& doc) {
  bool all = true;
  for (const Options& o : EveryForm()) {
    std::string got = RenderDoc(doc, o);
    if (got.rfind("ERROR", 0) == 0) {
      UNSCOPED_INFO(doc << " -> " << got);
      all = false;
    }
  }
  return all;
}

}  // namespace

TEST_CASE("documents that are not plans are refused with what they are", "[pipeline][not-a-plan]") {
  CHECK(Refused("null", ": the document is null, not a plan"));
  CHECK(Refused(" \n null \n", ": the document is null, not a plan"));
  CHECK(Refused("{}", ": the document is an empty object, not a plan"));
  CHECK(Refused(" { } ", ": the document is an empty object, not a plan"));
  // `terraform show -json` without a plan file: the state, or for an empty
  // state just the format version.
  CHECK(Refused(R"({"format_version":"1.0","terraform_version":"1.9.0","values":{"root_module":{}}})",
                ": this is a state, not a plan"));
  CHECK(Refused(R"({"format_version":"1.0"})", ": this is a state, not a plan"));
  CHECK(Refused(R"({"VALUES":{}})", ": this is a state, not a plan"));
  CHECK(Refused(R"({"format_version":"1.0","provider_schemas":{"p":{}}})",
                ": this is a provider schemas document, not a plan: pass it with --schemas"));
  CHECK(Refused(R"({"format_version":"1.0","provider_schemas":null})", ": this is a provider schemas document"));
  CHECK(Refused(R"({"foo":1})", ": not a plan: the document has none of a plan's members"));
  // The wording names the command that makes a plan's JSON.
  CHECK(RenderDoc("{}", Options{}).find("`terraform show -json PLANFILE`") != std::string::npos);
}

TEST_CASE("binary plan files and the setup-terraform wrapper's lines are recognised", "[pipeline][not-a-plan]") {
  CHECK(Refused(std::string("PK\x03\x04\x14\x00\x08\x00", 8) + "tfplan",
                ": this is a binary plan file (a zip archive), not its JSON: convert it with "
                "`terraform show -json PLANFILE`"));
  const std::string plan = PlanDoc({PlanChange("t.a", R"(["create"])", "null", "a")});
  CHECK(Refused("[command]/home/runner/work/_temp/terraform-bin show -json tfplan\n" + plan,
                ": byte 0: the input starts with a \"[command]...\" line"));
  const std::string trailing = plan + "\n::debug::Terraform exited with code 0.\n::debug::stdout: x\n";
  const std::string at = std::to_string(plan.size() + 1);
  CHECK(Refused(trailing, std::string(": byte ").append(at).append(": \"::debug::\" lines follow the JSON")));
  CHECK(RenderDoc(trailing, Options{}).find("`terraform_wrapper: false`") != std::string::npos);
  // Other trailing data is still the JSON error it was.
  CHECK(RenderDoc(plan + " x", Options{}).find("unexpected data after the end of the plan") != std::string::npos);
}

TEST_CASE("every kind of plan is still a plan", "[pipeline][not-a-plan]") {
  // A plan without changes has no resource_changes; show -json always
  // writes planned_values, the renderer's shape plan_format_version.
  const std::string schemas = R"("provider_schemas":{"p":{"provider":{"version":0,"block":{}}}})";
  CHECK(Renders(R"({"format_version":"1.2","planned_values":{},"applyable":false,"complete":true,"errored":false})"));
  CHECK(Renders(R"({"format_version":"0.1","planned_values":{"root_module":{}},"configuration":{}})"));
  CHECK(Renders(R"({"Planned_Values":{}})"));  // keys match fields as Go's decoder matches them
  CHECK(Renders(R"({"prior_state":{}})"));
  CHECK(Renders(R"({"resource_changes":null})"));
  CHECK(Renders(R"({"output_changes":{}})"));
  CHECK(Renders(R"({"plan_format_version":"1.2"})"));
  CHECK(Renders(R"({"provider_format_version":"1.0"})"));
  CHECK(Renders("{" + schemas + "}"));  // the renderer's shape without changes
  CHECK(Renders(R"({"plan_format_version":"1.2",)" + schemas + "}"));
  CHECK(Renders(R"({"format_version":"1.2","planned_values":{},)" + schemas + "}"));
  CHECK(Renders(PlanDoc({PlanChange("t.a", R"(["create"])", "null", "a")})));
}

TEST_CASE("a plan -json log, gzip data and empty input are named, with what to do",
          "[pipeline][not-a-plan]") {
  // `terraform plan -json`: hclog's JSON lines, keys sorted, @level first.
  const std::string log =
      R"({"@level":"info","@message":"Terraform 1.9.0","@module":"terraform.ui","@timestamp":"2026-01-01T00:00:00Z",)"
      R"("terraform":"1.9.0","type":"version","ui":"1.2"})"
      "\n"
      R"({"@level":"info","@message":"Plan: 1 to add, 0 to change, 0 to destroy.","@module":"terraform.ui",)"
      R"("changes":{"add":1,"change":0,"import":0,"remove":0,"operation":"plan"},"type":"change_summary"})"
      "\n";
  CHECK(
      Refused(log,
              ": this is the JSON log of `terraform plan -json` (or `tofu plan -json`), one message a line, "
              "not a plan: save the plan with `terraform plan -out=PLANFILE`"));
  CHECK(RenderDoc(log, Options{}).find("then give tfstream `terraform show -json PLANFILE`") !=
        std::string::npos);
  CHECK(Refused(std::string("\x1f\x8b\x08\x00\x00\x00\x00\x00", 8) + "gz",
                ": this is gzip-compressed data, not JSON: decompress it first"));
  CHECK(Refused("", ": the file is empty, no plan"));
  CHECK(Refused(" \n\t", ": the file is only whitespace, no plan"));
}

TEST_CASE("empty standard input says no plan came through it", "[pipeline][not-a-plan]") {
  auto render = [](bool schemas_given) {
    tfstream::pipeline::Input input;
    input.plan = "";
    input.plan_label = "<stdin>";
    input.plan_from_stdin = true;
    const std::string schemas = R"({"format_version":"1.0","provider_schemas":{}})";
    if (schemas_given) {
      input.has_schemas = true;
      input.schemas = schemas;
      input.schemas_label = "schemas.json";
    }
    tfstream::buffer::OutputSink out;
    tfstream::Status s = tfstream::forms::RenderPlan(input, Options{}, &out);
    return s.message();
  };
  CHECK(
      render(false) ==
      "<stdin>: standard input is empty, no plan came through it (did the command before the pipe fail?); "
      "pipe "
      "in `terraform show -json PLANFILE` (or `tofu show -json PLANFILE`), or give the plan's file as PLAN");
  // --schemas plan.json with the plan forgotten: standard input is read.
  CHECK(render(true).find(
            "<stdin>: standard input is empty, no plan came through it: give the plan as PLAN, the "
            "provider schemas with --schemas") == 0);
}

TEST_CASE("a truncated plan says so", "[pipeline][not-a-plan]") {
  const std::string plan = PlanDoc({PlanChange("t.a", R"(["create"])", "null", "a")});
  for (size_t cut : {size_t{1}, size_t{20}, plan.size() / 2, plan.size() - 1}) {
    std::string got = RenderDoc(plan.substr(0, cut), Options{});
    INFO(cut << ": " << got);
    CHECK(got.find("ERROR: plan.json: byte " + std::to_string(cut) + ": ") == 0);
    CHECK(got.find("(the JSON ends early: the input is truncated)") != std::string::npos);
  }
  // Broken JSON before the end is no truncation.
  CHECK(RenderDoc("{\"a\":x}", Options{}).find("truncated") == std::string::npos);
}
