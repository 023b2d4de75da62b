#include "forms/render_plan.h"

#include <catch2/catch.hpp>
#include <string>

#include "pipeline/plan_doc.h"

using tfstream::pipeline::Options;
using tfstream::testing::RenderDoc;

namespace {

const char* kSchemas =
    R"("provider_schemas":{"p":{"resource_schemas":{"t":{"block":{"attributes":{"id":{"type":"string",)"
    R"("optional":true},"tags":{"type":["map","string"],"optional":true}}}}}}})";

std::string RenderState(const std::string& state) {
  Options o;
  o.document = tfstream::DocumentKind::kState;
  o.flavor = tfstream::pipeline::FlavorChoice::kTerraform;
  // The schemas file: written beside the state as --schemas would read it.
  static std::string schemas = std::string(R"({"format_version":"1.0",)") + kSchemas + "}";
  tfstream::pipeline::Input input;
  input.plan = state;
  input.plan_label = "state.json";
  input.has_schemas = true;
  input.schemas = schemas;
  input.schemas_label = "schemas.json";
  tfstream::buffer::OutputSink out;
  tfstream::Status s = tfstream::forms::RenderPlan(input, o, &out);
  if (!s.ok()) return "ERROR: " + s.message();
  return *out.buffer();
}

}  // namespace

TEST_CASE("state text: resources as unchanged blocks, outputs sorted and last", "[state]") {
  CHECK(RenderState(R"({"format_version":"1.0","values":{"outputs":{"z":{"value":"last","type":"string"},)"
                    R"("a":{"value":"s3cret","type":"string","sensitive":true}},"root_module":{"resources":[)"
                    R"({"address":"t.one","mode":"managed","type":"t","name":"one","provider_name":"p",)"
                    R"("values":{"id":"1","tags":{"k":"v"}},"tainted":true},)"
                    R"({"address":"t.one","mode":"managed","type":"t","name":"one","provider_name":"p",)"
                    R"("values":{"id":"0"},"deposed_key":"abcd1234","tainted":true}]}}})") ==
        "# t.one: (tainted)\n"
        "resource \"t\" \"one\" {\n"
        "    id   = \"1\"\n"
        "    tags = {\n"
        "        \"k\" = \"v\"\n"
        "    }\n"
        "}\n"
        "\n"
        "# t.one: (deposed object abcd1234)\n"
        "resource \"t\" \"one\" {\n"
        "    id = \"0\"\n"
        "}\n"
        "\n"
        "\n"
        "Outputs:\n"
        "\n"
        "a = (sensitive value)\n"
        "z = \"last\"\n");
}

TEST_CASE("state text: an empty state, and the version warning", "[state]") {
  CHECK(RenderState(R"({"format_version":"1.0"})") == "The state file is empty. No resources are represented.\n");
  CHECK(RenderState(R"({"format_version":"1.1"})") ==
        "\nWarning: This state was retrieved using a different version of Terraform, the\n"
        "state presented here maybe missing representations of recent features.\n"
        "The state file is empty. No resources are represented.\n");
}

TEST_CASE("state text: what the renderer would panic on is a one-line error before any output", "[state]") {
  CHECK(RenderState(R"({"values":{"root_module":{"resources":[{"address":"t.x","mode":"ephemeral","type":"t"}]}}})") ==
        "ERROR: state.json: byte 39: t.x: unknown resource mode \"ephemeral\" (a state holds \"managed\" and \"data\" "
        "resources)");
  // A null element has no address: the offset alone places it.
  CHECK(RenderState(R"({"values":{"root_module":{"resources":[null]}}})") ==
        "ERROR: state.json: byte 39: unknown resource mode \"\" (a state holds \"managed\" and \"data\" resources)");
  std::string missing = RenderState(
      R"({"values":{"root_module":{"resources":[{"address":"u.x","mode":"managed","type":"u","provider_name":"p"}]}}})");
  CHECK(missing.starts_with("ERROR: state.json: byte 39: u.x: no schema for resource type \"u\" of provider \"p\""));
  CHECK(RenderState(R"({"values":{"outputs":{"o":{"value":[1],"type":"string"}},"root_module":{"resources":[)"
                    R"({"address":"t.x","mode":"managed","type":"t","name":"x","provider_name":"p"}]}}})")
            .starts_with("ERROR: state.json: byte 26: output \"o\": an array value where the schema says string"));
}

TEST_CASE("state text: errors name the first resource in show's order, not the document's", "[state]") {
  // child_modules come before resources in the document (keys sorted), but
  // show prints a module's resources before its children's: the root's
  // resource is the first that needs the missing schema, and the first of
  // an unknown mode.
  auto res = [](const std::string& address, const std::string& mode, const std::string& type) {
    return R"({"address":")" + address + R"(","mode":")" + mode + R"(","type":")" + type +
           R"(","name":"x","provider_name":"p"})";
  };
  const std::string child = R"({"child_modules":[{"resources":[)";
  std::string missing = RenderState(R"({"values":{"root_module":)" + child + res("module.a.u.x", "managed", "u") +
                                    R"(]}],"resources":[)" + res("u.x", "managed", "u") + "]}}}");
  CHECK(missing.starts_with("ERROR: state.json: byte "));
  CHECK(missing.find(": u.x: no schema for resource type \"u\"") != std::string::npos);
  std::string mode = RenderState(R"({"values":{"root_module":)" + child + res("module.a.t.x", "ephemeral", "t") +
                                 R"(]}],"resources":[)" + res("t.x", "list", "t") + "]}}}");
  CHECK(mode.find(": t.x: unknown resource mode \"list\"") != std::string::npos);
  // Without errors the order of the document serves: both blocks, root first.
  std::string both = RenderState(R"({"values":{"root_module":)" + child + res("module.a.t.x", "managed", "t") +
                                 R"(]}],"resources":[)" + res("t.x", "managed", "t") + "]}}}");
  CHECK(both.starts_with("# t.x:\n"));
  CHECK(both.find("\n\n\n# module.a.t.x:\n") != std::string::npos);
}

TEST_CASE("state text: a plan or a schemas file given as a state is refused", "[state]") {
  CHECK(RenderState(R"({"format_version":"1.2","planned_values":{}})")
            .starts_with("ERROR: state.json: this is a plan, not a state: drop --state"));
  CHECK(RenderState(R"({"format_version":"1.0","provider_schemas":{}})")
            .starts_with("ERROR: state.json: this is a provider schemas document, not a state"));
  CHECK(RenderState(R"({"version":4,"serial":3,"lineage":"l","resources":[]})")
            .starts_with("ERROR: state.json: this is a raw state file (terraform.tfstate)"));
  // The renderer's own state document, in Terraform's tags and OpenTofu's,
  // with or without its schemas: refused, never read as an empty state.
  for (const char* doc :
       {R"({"state_format_version":"1.0","root_module":{"resources":[]},"outputs":{}})",
        R"({"state_format_version":"1.0","root":{"resources":[]},"root_module_outputs":{}})",
        R"({"state_format_version":"1.0","root_module":{},"provider_format_version":"1.0","provider_schemas":{}})"}) {
    CHECK(RenderState(doc).starts_with("ERROR: state.json: this is the renderer's own state document"));
  }
}

TEST_CASE("state --bundle: values copied, schemas trimmed, renders the same without --schemas", "[state]") {
  const std::string state =
      R"({"format_version":"1.0","values":{"outputs":{"o":{"value":"v","type":"string"}},"root_module":{)"
      R"("resources":[{"address":"t.x","mode":"managed","type":"t","name":"x","provider_name":"p",)"
      R"("values":{"id":"1"}}]}}})";
  const std::string schemas =
      R"({"format_version":"1.0","provider_schemas":{"p":{"resource_schemas":{"t":{"block":{"attributes":{)"
      R"("id":{"type":"string","optional":true}}}},"unused":{"block":{}}}},"q":{"resource_schemas":{}}}})";
  auto render = [](const std::string& doc, const std::string* schemas_doc, bool bundle) {
    Options o;
    o.document = tfstream::DocumentKind::kState;
    o.bundle = bundle;
    tfstream::pipeline::Input input;
    input.plan = doc;
    input.plan_label = "state.json";
    if (schemas_doc != nullptr) {
      input.has_schemas = true;
      input.schemas = *schemas_doc;
      input.schemas_label = "schemas.json";
    }
    tfstream::buffer::OutputSink out;
    tfstream::Status s = tfstream::forms::RenderPlan(input, o, &out);
    return s.ok() ? *out.buffer() : "ERROR: " + s.message();
  };
  const std::string bundle = render(state, &schemas, true);
  CHECK(bundle ==
        "{\n\"tfstream_flavor\": \"terraform\",\n\"format_version\": \"1.0\",\n\"terraform_version\": \"1.16\",\n"
        "\"tfstream_provider_format_version\": \"1.0\",\n"
        "\"values\": {\"outputs\":{\"o\":{\"value\":\"v\",\"type\":\"string\"}},\"root_module\":{\"resources\":"
        "[{\"address\":\"t.x\",\"mode\":\"managed\",\"type\":\"t\",\"name\":\"x\",\"provider_name\":\"p\","
        "\"values\":{\"id\":\"1\"}}]}},\n"
        "\"provider_schemas\": {\n\"p\": {\"resource_schemas\": {\"t\": {\"block\":{\"attributes\":{"
        "\"id\":{\"type\":\"string\",\"optional\":true}}}}}},\n\"q\": {}\n}\n}\n");
  CHECK(render(bundle, nullptr, false) == render(state, &schemas, false));
  CHECK(render(bundle, nullptr, true) == bundle);

  // A repeated "values" decodes into what the earlier one filled (Go): the
  // bundle holds what that gave, outputs of both and the later root module.
  const std::string repeated =
      R"({"values":{"outputs":{"a":{"value":"1","type":"string"}},"root_module":{"resources":[]}},)"
      R"("values":{"outputs":{"b":{"value":"2","type":"string"},"a":{"value":"3","type":"string"}},"root_module":{)"
      R"("resources":[{"address":"t.x","mode":"managed","type":"t","name":"x","provider_name":"p",)"
      R"("values":{"id":"1"}}]}},"values":{"outputs":{}}})";
  const std::string direct = render(repeated, &schemas, false);
  CHECK(direct.find("a = \"3\"\nb = \"2\"\n") != std::string::npos);
  CHECK(direct.starts_with("# t.x:\n"));
  const std::string merged = render(repeated, &schemas, true);
  CHECK(merged.find(R"("values": {"outputs":{"a":{"value":"1","type":"string"},"b":)") != std::string::npos);
  CHECK(render(merged, nullptr, false) == direct);
  CHECK(render(merged, nullptr, true) == merged);
}
