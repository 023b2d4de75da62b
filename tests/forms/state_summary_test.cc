#include "forms/state_summary.h"

#include <catch2/catch.hpp>
#include <string>

#include "pipeline/plan_doc.h"

using tfstream::pipeline::Options;
using tfstream::testing::RenderDoc;

namespace {

const std::string kState =
    R"({"format_version":"1.0","values":{"outputs":{"b":{"value":1},"a":{"value":2}},"root_module":{)"
    R"("resources":[{"address":"t.x","mode":"managed","type":"t","name":"x","provider_name":"p","tainted":true}],)"
    R"("child_modules":[{"resources":[{"address":"module.m.data.d.y","mode":"data","type":"d","name":"y",)"
    R"("provider_name":"p"},{"address":"module.m.data.d.y","mode":"data","type":"d","name":"y",)"
    R"("provider_name":"p","deposed_key":"k1"}]}]}}})";

Options StateOptions() {
  Options o;
  o.document = tfstream::DocumentKind::kState;
  return o;
}

}  // namespace

TEST_CASE("state summary: objects in walk order with their status, then the counts; no schemas needed", "[state]") {
  Options o = StateOptions();
  o.summary = true;
  CHECK(RenderDoc(kState, o) ==
        "t.x (tainted)\n"
        "module.m.data.d.y\n"
        "module.m.data.d.y (deposed object k1)\n"
        "\n"
        "State: 3 resource objects, 2 outputs.\n");
  REQUIRE(o.filter.AddAddress("module.*").ok());
  CHECK(RenderDoc(kState, o) ==
        "module.m.data.d.y\n"
        "module.m.data.d.y (deposed object k1)\n"
        "\n"
        "Shown 2 of 3 resource objects.\n");
}

TEST_CASE("state --format json: resources with module, mode and status; output names sorted", "[state]") {
  Options o = StateOptions();
  o.format = tfstream::pipeline::Format::kJson;
  CHECK(RenderDoc(kState, o) ==
        "{\"format_version\": \"1.0\",\n \"flavor\": \"terraform\",\n \"input_shape\": \"state\",\n"
        " \"state_format_version\": \"1.0\",\n \"resources\": [\n"
        "  {\"address\": \"t.x\", \"module\": \"\", \"mode\": \"managed\", \"type\": \"t\", \"name\": \"x\", "
        "\"provider_name\": \"p\", \"tainted\": true, \"deposed_key\": null},\n"
        "  {\"address\": \"module.m.data.d.y\", \"module\": \"module.m\", \"mode\": \"data\", \"type\": \"d\", "
        "\"name\": \"y\", \"provider_name\": \"p\", \"tainted\": false, \"deposed_key\": null},\n"
        "  {\"address\": \"module.m.data.d.y\", \"module\": \"module.m\", \"mode\": \"data\", \"type\": \"d\", "
        "\"name\": \"y\", \"provider_name\": \"p\", \"tainted\": false, \"deposed_key\": \"k1\"}\n"
        " ],\n \"resource_count\": 3,\n \"outputs\": [\"a\", \"b\"]}\n");
}
