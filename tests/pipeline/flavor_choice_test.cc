// --flavor and its auto rule (pipeline/flavor_choice.h): the flavour is
// settled by ScanPlan, before anything is written.
#include <catch2/catch.hpp>

#include <string>

#include "pipeline/flavor_choice.h"
#include "pipeline/plan_prepare.h"
#include "pipeline/plan_doc.h"

namespace {

using tfstream::FlavorId;
using tfstream::pipeline::FlavorChoice;
using tfstream::pipeline::Input;
using tfstream::pipeline::Options;
using tfstream::pipeline::PlanContext;

// The flavour ScanPlan settles for `plan` (and a --schemas file when given).
FlavorId Settled(const std::string& plan, FlavorChoice choice = FlavorChoice::kAuto,
                 const std::string* schemas = nullptr) {
  Input in;
  in.plan = plan;
  in.plan_label = "plan.json";
  if (schemas != nullptr) {
    in.has_schemas = true;
    in.schemas = *schemas;
    in.schemas_label = "schemas.json";
  }
  Options opt;
  opt.flavor = choice;
  PlanContext ctx(in, opt);
  REQUIRE(tfstream::pipeline::ScanPlan(&ctx, nullptr).ok());
  return ctx.flavor->id;
}

std::string Change(const std::string& provider, const std::string& actions = R"(["create"])") {
  return R"({"address":"t.a","mode":"managed","type":"t","name":"a","provider_name":")" + provider +
         R"(","change":{"actions":)" + actions + R"(,"before":null,"after":{}}})";
}

std::string ShowPlan(const std::string& changes) {
  return R"({"format_version":"1.2","planned_values":{},"resource_changes":[)" + changes + "]}";
}

std::string Schemas(const std::string& provider) {
  return R"({"format_version":"1.0","provider_schemas":{")" + provider +
         R"(":{"provider":{"version":0,"block":{}},"resource_schemas":{}}}})";
}

}  // namespace

TEST_CASE("auto picks Terraform for Terraform's registry and for plain provider names", "[flavor]") {
  CHECK(Settled(ShowPlan(Change("registry.terraform.io/hashicorp/aws"))) == FlavorId::kTerraform);
  CHECK(Settled(ShowPlan(Change("p"))) == FlavorId::kTerraform);
  CHECK(Settled(ShowPlan("")) == FlavorId::kTerraform);
  // Terraform's own create-then-forget is no sign of OpenTofu.
  CHECK(Settled(ShowPlan(Change("p", R"(["create","forget"])"))) == FlavorId::kTerraform);
}

TEST_CASE("auto picks OpenTofu for a resource change on registry.opentofu.org", "[flavor]") {
  CHECK(Settled(ShowPlan(Change("registry.terraform.io/hashicorp/null") + "," +
                         Change("registry.opentofu.org/hashicorp/null"))) == FlavorId::kOpenTofu);
  // Only a prefix counts: the host named elsewhere in the address does not.
  CHECK(Settled(ShowPlan(Change("example.com/registry.opentofu.org/x"))) == FlavorId::kTerraform);
}

TEST_CASE("auto picks OpenTofu for OpenTofu's forget-then-create", "[flavor]") {
  CHECK(Settled(ShowPlan(Change("p", R"(["forget","create"])"))) == FlavorId::kOpenTofu);
}

TEST_CASE("auto reads the provider_schemas keys when no resource change decides", "[flavor]") {
  std::string embedded = R"({"plan_format_version":"1.2","provider_schemas":{"registry.opentofu.org/hashicorp/null":)"
                         R"({"provider":{"version":0,"block":{}}}}})";
  CHECK(Settled(embedded) == FlavorId::kOpenTofu);
  std::string tofu_schemas = Schemas("registry.opentofu.org/hashicorp/null");
  std::string terraform_schemas = Schemas("registry.terraform.io/hashicorp/null");
  CHECK(Settled(ShowPlan(""), FlavorChoice::kAuto, &tofu_schemas) == FlavorId::kOpenTofu);
  CHECK(Settled(ShowPlan(""), FlavorChoice::kAuto, &terraform_schemas) == FlavorId::kTerraform);
  // A schemas file that is not one is no sign (CheckSchemas reports it later).
  std::string broken = "{";
  CHECK(Settled(ShowPlan(""), FlavorChoice::kAuto, &broken) == FlavorId::kTerraform);
}

TEST_CASE("an explicit --flavor wins over every sign", "[flavor]") {
  std::string tofu = ShowPlan(Change("registry.opentofu.org/hashicorp/null"));
  CHECK(Settled(tofu, FlavorChoice::kTerraform) == FlavorId::kTerraform);
  CHECK(Settled(ShowPlan(Change("p")), FlavorChoice::kOpenTofu) == FlavorId::kOpenTofu);
  // A sign Terraform's renderer cannot take is then an error, not a switch.
  Input in;
  std::string plan = ShowPlan(Change("p", R"(["forget","create"])"));
  in.plan = plan;
  in.plan_label = "plan.json";
  Options opt;
  opt.flavor = FlavorChoice::kTerraform;
  PlanContext ctx(in, opt);
  tfstream::Status s = tfstream::pipeline::ScanPlan(&ctx, nullptr);
  REQUIRE_FALSE(s.ok());
  CHECK(s.message().find("unrecognized action list [forget, create]") != std::string::npos);
}

TEST_CASE("the OpenTofu profile colours [purple], the Terraform one leaves it as written", "[flavor]") {
  Input in;
  in.plan = ShowPlan("");
  in.plan_label = "plan.json";
  Options opt;
  opt.color = true;
  PlanContext ctx(in, opt);
  ctx.SetFlavor(tfstream::OpenTofuFlavor());
  CHECK(ctx.colorize.Color("[purple]x") == "\x1b[38;5;57mx\x1b[0m");
  ctx.SetFlavor(tfstream::TerraformFlavor());
  CHECK(ctx.colorize.Color("[purple]x") == "[purple]x");
}
