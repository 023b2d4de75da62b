// The renderer's version warning (Renderer.RenderHumanPlan, renderer.go
// @883c722) for `terraform show -json` input: tfstream hands the renderer the
// plan's own format_version and the --schemas file's, so a plan (or schemas)
// newer than the renderer warns, where `terraform show` itself, passing its
// own versions, never does.
#include <catch2/catch.hpp>

#include <string>

#include "buffer/output_sink.h"
#include "forms/render_plan.h"

namespace {

using tfstream::pipeline::FlavorChoice;
using tfstream::pipeline::Options;

std::string Render(const std::string& plan, const std::string& schemas, FlavorChoice flavor = FlavorChoice::kAuto) {
  tfstream::pipeline::Input in;
  in.plan = plan;
  in.plan_label = "plan.json";
  in.has_schemas = true;
  in.schemas = schemas;
  in.schemas_label = "schemas.json";
  Options opt;
  opt.flavor = flavor;
  tfstream::buffer::OutputSink out;
  tfstream::Status s = tfstream::forms::RenderPlan(in, opt, &out);
  if (!s.ok()) return "ERROR: " + s.message();
  return *out.buffer();
}

std::string ShowPlan(const std::string& version) {
  return R"({"format_version":")" + version + R"(","planned_values":{},"applyable":false})";
}
std::string Schemas(const std::string& version) {
  return R"({"format_version":")" + version + R"(","provider_schemas":{}})";
}

constexpr const char* kTerraformWarning =
    "\nWarning: This plan was generated using a different version of Terraform, the\n"
    "diff presented here may be missing representations of recent features.\n";

}  // namespace

TEST_CASE("show -json input newer than the renderer gets Terraform's version warning", "[version]") {
  CHECK(Render(ShowPlan("1.3"), Schemas("1.0")).starts_with(kTerraformWarning));
  CHECK(Render(ShowPlan("1.2"), Schemas("1.1")).starts_with(kTerraformWarning));
}

TEST_CASE("show -json input of the renderer's versions or older gets no warning", "[version]") {
  for (const char* v : {"1.2", "1.0", "0.1"}) {
    std::string text = Render(ShowPlan(v), Schemas("1.0"));
    CHECK(text.find("Warning") == std::string::npos);
    CHECK(text.starts_with("\nNo changes."));
  }
  // Versions that are no numbers never warn (incompatibleVersions).
  CHECK(Render(ShowPlan("x"), Schemas("y")).find("Warning") == std::string::npos);
}

TEST_CASE("the OpenTofu flavour words the warning as OpenTofu", "[version]") {
  CHECK(Render(ShowPlan("1.3"), Schemas("1.0"), FlavorChoice::kOpenTofu)
            .starts_with("\nWarning: This plan was generated using a different version of OpenTofu"));
}
