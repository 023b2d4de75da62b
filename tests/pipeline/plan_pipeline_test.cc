#include "pipeline/plan_pipeline.h"

#include <catch2/catch.hpp>

#include "pipeline/plan_doc.h"

using tfstream::pipeline::Options;
using tfstream::testing::PlanChange;
using tfstream::testing::PlanDoc;
using tfstream::testing::RenderDoc;

namespace {

const std::string kDoc = PlanDoc({
    PlanChange("t.a", R"(["create"])", "null", "a"),
    PlanChange("module.m.t.b", R"(["update"])", "b", "b2"),
    PlanChange("t.c", R"(["delete"])", "c", "null"),
    PlanChange("t.d", R"(["no-op"])", "d", "d"),
});

}  // namespace

TEST_CASE("without a filter the text has no trace of one", "[pipeline][filter]") {
  std::string text = RenderDoc(kDoc, Options{});
  CHECK(text.find("  + create\n  ~ update in-place\n  - destroy\n") != std::string::npos);
  CHECK(text.find("Filtered out") == std::string::npos);
  std::string tail = "\nPlan: 1 to add, 1 to change, 1 to destroy.\n";
  REQUIRE(text.size() >= tail.size());
  CHECK(text.substr(text.size() - tail.size()) == tail);
}

TEST_CASE("a filter shows matching blocks, their legend, Terraform's summary and the count hidden",
          "[pipeline][filter]") {
  Options o;
  REQUIRE(o.filter.AddAddress("module.m").ok());
  std::string text = RenderDoc(kDoc, o);
  CHECK(text ==
        "\nTerraform used the selected providers to generate the following execution\n"
        "plan. Resource actions are indicated with the following symbols:\n"
        "  ~ update in-place\n"
        "\nTerraform will perform the following actions:\n"
        "\n  # module.m.t.b will be updated in-place\n"
        "  ~ resource \"t\" \"b\" {\n"
        "        id   = \"i\"\n"
        "      ~ name = \"b\" -> \"b2\"\n"
        "    }\n"
        "\nPlan: 1 to add, 1 to change, 1 to destroy.\n"
        "Filtered out 2 of 3 resource blocks.\n");
}

TEST_CASE("a filter that hides everything keeps the header and the summary", "[pipeline][filter]") {
  Options o;
  REQUIRE(o.filter.AddActions("read").ok());
  std::string text = RenderDoc(kDoc, o);
  CHECK(text ==
        "\nTerraform will perform the following actions:\n"
        "\nPlan: 1 to add, 1 to change, 1 to destroy.\n"
        "Filtered out 3 of 3 resource blocks.\n");
}

TEST_CASE("filtered blocks render the same on several threads", "[pipeline][filter]") {
  std::vector<std::string> changes;
  for (int i = 0; i < 200; ++i) {
    std::string n = std::to_string(i);
    changes.push_back(PlanChange("module.m" + std::to_string(i % 3) + ".t.x" + n,
                                 i % 2 ? R"(["create"])" : R"(["delete"])", i % 2 ? "null" : n,
                                 i % 2 ? n : "null"));
  }
  std::string doc = PlanDoc(changes);
  Options o;
  REQUIRE(o.filter.AddActions("delete").ok());
  REQUIRE(o.filter.AddAddress("module.m1").ok());
  o.jobs = 1;
  std::string one = RenderDoc(doc, o);
  o.jobs = 4;
  CHECK(RenderDoc(doc, o) == one);
  CHECK(one.find("Filtered out 167 of 200 resource blocks.\n") != std::string::npos);
}
