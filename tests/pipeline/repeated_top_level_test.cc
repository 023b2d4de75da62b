// A repeated top-level key naming a map (output_changes, provider_schemas,
// in the plan or in a --schemas file) decodes, in Go, into the map already
// there: the later object adds its keys, a repeated name takes the later
// value, and null empties the map.
#include <catch2/catch.hpp>

#include <string>

#include "pipeline/plan_doc.h"

namespace {

using tfstream::Status;
using tfstream::pipeline::Options;
using tfstream::testing::PlanChange;
using tfstream::testing::RenderDoc;

std::string Output(const std::string& name, const std::string& after) {
  return "\"" + name + R"(": {"actions": ["create"], "before": null, "after": ")" + after + "\"}";
}

// The text after "Changes to Outputs:".
std::string OutputsOf(const std::string& doc) {
  Options options;
  std::string text = RenderDoc(doc, options);
  size_t at = text.find("Changes to Outputs:\n");
  return at == std::string::npos ? text : text.substr(at, text.find("\n\n", at + 20) - at);
}

constexpr const char* kSchema =
    R"({"p": {"resource_schemas": {"t": {"version": 0, "block": {"attributes": {
      "id": {"type": "string", "computed": true}, "name": {"type": "string", "optional": true}}}}}}})";

// Renders a show-shaped plan with one update of t.a, its schemas from a
// --schemas file.
std::string RenderWithSchemasFile(const std::string& plan, const std::string& schemas) {
  tfstream::pipeline::Input input;
  input.plan = plan;
  input.plan_label = "plan.json";
  input.has_schemas = true;
  input.schemas = schemas;
  input.schemas_label = "schemas.json";
  tfstream::buffer::OutputSink out;
  Options options;
  Status s = tfstream::forms::RenderPlan(input, options, &out);
  return s.ok() ? *out.buffer() : "ERROR: " + s.message();
}

}  // namespace

TEST_CASE("a repeated output_changes adds its outputs", "[pipeline][repeated]") {
  const std::string doc = std::string(R"({"plan_format_version": "1.2", "output_changes": {)") + Output("o", "v") +
                          ", " + Output("z", "old") + R"(}, "Output_Changes": {)" + Output("z", "w") +
                          R"(}, "provider_schemas": {}})";
  CHECK(OutputsOf(doc) == "Changes to Outputs:\n  + o = \"v\"\n  + z = \"w\"");
  // null empties it: only what comes after counts.
  const std::string cleared = std::string(R"({"plan_format_version": "1.2", "output_changes": {)") +
                              Output("o", "v") + R"(}, "output_changes": null, "output_changes": {)" +
                              Output("z", "w") + R"(}, "provider_schemas": {}})";
  CHECK(OutputsOf(cleared) == "Changes to Outputs:\n  + z = \"w\"");
}

TEST_CASE("a repeated provider_schemas adds its providers", "[pipeline][repeated]") {
  const std::string change = PlanChange("t.a", R"(["update"])", "x", "y");
  const std::string doc = R"({"plan_format_version": "1.2", "resource_changes": [)" + change +
                          R"(], "provider_schemas": )" + kSchema + R"(, "provider_schemas": {"q": {}}})";
  CHECK(RenderDoc(doc, Options{}).find("~ name = \"x\" -> \"y\"") != std::string::npos);

  const std::string cleared = R"({"plan_format_version": "1.2", "resource_changes": [)" + change +
                              R"(], "provider_schemas": )" + kSchema +
                              R"(, "provider_schemas": null, "provider_schemas": {"q": {}}})";
  CHECK(RenderDoc(cleared, Options{}).find("no schema for resource type \"t\" of provider \"p\"") !=
        std::string::npos);
}

TEST_CASE("a repeated provider_schemas in a schemas file adds its providers", "[pipeline][repeated]") {
  const std::string plan = R"({"format_version": "1.2", "resource_changes": [)" +
                           PlanChange("t.a", R"(["update"])", "x", "y") + "]}";
  std::string text = RenderWithSchemasFile(
      plan, std::string(R"({"format_version": "1.0", "provider_schemas": )") + kSchema +
                R"(, "Provider_Schemas": {"q": {}}})");
  CHECK(text.find("~ name = \"x\" -> \"y\"") != std::string::npos);
  text = RenderWithSchemasFile(plan, std::string(R"({"format_version": "1.0", "provider_schemas": )") + kSchema +
                                         R"(, "provider_schemas": null})");
  CHECK(text.find("no schema for resource type \"t\" of provider \"p\"") != std::string::npos);
}
