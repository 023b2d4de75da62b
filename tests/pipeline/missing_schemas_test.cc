// A schema a resource needs is missing: the error names what is missing
// (the whole provider, or a type of it), says how to make schemas and that
// --summary needs none, and recognises providers named by Terraform 0.12's
// short names on one side only.
#include <catch2/catch.hpp>

#include <string>

#include "buffer/output_sink.h"
#include "forms/render_plan.h"

using tfstream::Status;
using tfstream::pipeline::Options;

namespace {

std::string ShowPlan(const std::string& provider, const std::string& type = "aws_instance") {
  return R"({"format_version":"1.2","planned_values":{},"resource_changes":[{"address":")" + type +
         R"(.a","mode":"managed","type":")" + type + R"(","name":"a","provider_name":")" + provider +
         R"(","change":{"actions":["create"],"before":null,"after":{"id":"x"},"after_unknown":{}}}]})";
}

std::string Schemas(const std::string& providers_json) {
  return R"({"format_version":"1.0","provider_schemas":{)" + providers_json + "}}";
}

std::string Provider(const std::string& name, const std::string& type = "aws_instance") {
  return "\"" + name + R"(":{"provider":{"version":0,"block":{}},"resource_schemas":{")" + type +
         R"(":{"version":0,"block":{"attributes":{"id":{"type":"string","computed":true}}}}}})";
}

// The error of rendering `plan` with `schemas` ("" for no --schemas).
std::string Error(const std::string& plan, const std::string& schemas, bool summary = false) {
  tfstream::pipeline::Input in;
  in.plan = plan;
  in.plan_label = "plan.json";
  in.has_schemas = !schemas.empty();
  in.schemas = schemas;
  in.schemas_label = "schemas.json";
  Options o;
  o.summary = summary;
  tfstream::buffer::OutputSink out;
  Status s = tfstream::forms::RenderPlan(in, o, &out);
  return s.ok() ? "OK" : s.message();
}

bool Has(const std::string& got, const std::string& part) {
  INFO(got);
  return got.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("missing schemas: what is missing and how to get schemas", "[pipeline][missing-schemas]") {
  const std::string aws = "registry.terraform.io/hashicorp/aws";
  const std::string no_aws = R"(no schema for resource type "aws_instance" of provider ")" + aws + R"(": )";
  const std::string make = "make them with `terraform providers schema -json > schemas.json` (or `tofu";
  const std::string summary = "(--summary needs no schemas)";

  std::string e = Error(ShowPlan(aws), "");
  CHECK(Has(e, "aws_instance.a: " + no_aws + "no provider schemas given: " + make));
  CHECK(Has(e, "and pass them with --schemas " + summary));
  CHECK(Error(ShowPlan(aws), "", /*summary=*/true) == "OK");

  // The whole provider is absent: named, with what the schemas have.
  e = Error(ShowPlan(aws), Schemas(Provider("registry.terraform.io/hashicorp/google") + "," +
                                   Provider("registry.terraform.io/hashicorp/null")));
  CHECK(Has(e, no_aws + "the schemas file has no such provider (it has \"registry.terraform.io/hashicorp/google\" "
                        "and \"registry.terraform.io/hashicorp/null\"): " + make));
  CHECK(Has(e, summary));
  CHECK(Has(Error(ShowPlan(aws), Schemas("")), "the schemas file has no such provider (it has no providers)"));

  // The provider is there, the type is not: another provider version.
  e = Error(ShowPlan(aws), Schemas(Provider(aws, "aws_s3_bucket")));
  CHECK(Has(e, no_aws + "the schemas file has the provider but not this type, so they may come from another "
                        "provider version: " + make));
}

TEST_CASE("missing schemas: Terraform 0.12's short provider names on one side", "[pipeline][missing-schemas]") {
  const std::string aws = "registry.terraform.io/hashicorp/aws";
  // Schemas by short name, plan by address: refused with the reason, not guessed.
  std::string e = Error(ShowPlan(aws), Schemas(Provider("aws")));
  CHECK(Has(e, "the schemas file names it \"aws\", by Terraform 0.12's short provider names, and the plan by "
               "address: make them with"));
  CHECK(Has(e, "with the Terraform that made the plan"));
  // A plan by short name, schemas by address.
  e = Error(ShowPlan("aws"), Schemas(Provider(aws)));
  CHECK(Has(e, "the plan names it by Terraform 0.12's short provider name and the schemas file by address (\"" +
                   aws + "\")"));
  // Both by short name (a Terraform 0.12 plan with its own schemas): fine.
  CHECK(Error(ShowPlan("aws"), Schemas(Provider("aws"))) == "OK");
}

TEST_CASE("a --schemas file that is a plan, empty, gzip or truncated is named",
          "[pipeline][missing-schemas]") {
  const std::string aws = "registry.terraform.io/hashicorp/aws";
  // The plan given as --schemas (PLAN forgotten, or the two swapped).
  CHECK(Error(ShowPlan(aws), ShowPlan(aws)) ==
        "schemas.json: this is a plan, not provider schemas: give it as PLAN, and to --schemas the output of "
        "`terraform providers schema -json > schemas.json` (or `tofu providers schema -json`)");
  // A renderer-shaped plan embeds provider_schemas: it is a schemas file too.
  CHECK(Error(ShowPlan(aws), R"({"plan_format_version":"1.2","provider_schemas":{)" + Provider(aws) + "}}") ==
        "OK");
  CHECK(Has(Error(ShowPlan(aws), " \n"), "schemas.json: the schemas file is only whitespace: make it with"));
  CHECK(Has(Error(ShowPlan(aws), std::string("\x1f\x8b\x08\x00", 4)),
            "schemas.json: this is gzip-compressed data, not JSON: decompress it first"));
  const std::string whole = Schemas(Provider(aws));
  for (size_t cut : {size_t{5}, size_t{30}, whole.size() - 1}) {
    CHECK(Has(Error(ShowPlan(aws), whole.substr(0, cut)), "(the JSON ends early: the input is truncated)"));
  }
}
