// Ported from TestOutputChanges in Terraform's
// internal/command/jsonformat/plan_test.go @883c722.
//
// Each case's output changes are written as jsonplan.MarshalOutputChanges
// writes them (actions "no-op", as outputChange leaves the action unset;
// before_sensitive and after_sensitive both the output's sensitivity) and
// rendered as a whole plan; the expected text, renderHumanDiffOutputs', is
// copied unchanged and compared with the plan's "Changes to Outputs" lines.
#include <catch2/catch.hpp>
#include <string>

#include "render/plan/plan_document_support.h"

namespace {

using tfstream::testing::plan::Excerpt;
using tfstream::testing::plan::RenderPlanDocument;

std::string PlanWithOutputs(const std::string& output_changes) {
  return R"json({"plan_format_version": "", "output_changes": )json" + output_changes +
         R"json(, "provider_format_version": ""})json";
}

}  // namespace

TEST_CASE("TestOutputChanges", "[plan]") {
  SECTION("new output value") {
    std::string plan = PlanWithOutputs(R"json({
      "foo": {"actions": ["no-op"], "before": null, "after": "bar", "after_unknown": false,
              "before_sensitive": false, "after_sensitive": false}
    })json");
    std::string expected = R"txt(  + foo = "bar")txt";
    CHECK(Excerpt(RenderPlanDocument(plan), expected) == expected + "\n");
  }

  SECTION("removed output") {
    std::string plan = PlanWithOutputs(R"json({
      "foo": {"actions": ["no-op"], "before": "bar", "after": null, "after_unknown": false,
              "before_sensitive": false, "after_sensitive": false}
    })json");
    std::string expected = R"txt(  - foo = "bar" -> null)txt";
    CHECK(Excerpt(RenderPlanDocument(plan), expected) == expected + "\n");
  }

  SECTION("single string change") {
    std::string plan = PlanWithOutputs(R"json({
      "foo": {"actions": ["no-op"], "before": "bar", "after": "baz", "after_unknown": false,
              "before_sensitive": false, "after_sensitive": false}
    })json");
    std::string expected = R"txt(  ~ foo = "bar" -> "baz")txt";
    CHECK(Excerpt(RenderPlanDocument(plan), expected) == expected + "\n");
  }

  SECTION("element added to list") {
    std::string plan = PlanWithOutputs(R"json({
      "foo": {"actions": ["no-op"], "before": ["alpha", "beta", "delta", "epsilon"],
              "after": ["alpha", "beta", "gamma", "delta", "epsilon"], "after_unknown": false,
              "before_sensitive": false, "after_sensitive": false}
    })json");
    std::string expected = R"txt(  ~ foo = [
        # (1 unchanged element hidden)
        "beta",
      + "gamma",
        "delta",
        # (1 unchanged element hidden)
    ])txt";
    CHECK(Excerpt(RenderPlanDocument(plan), expected) == expected + "\n");
  }

  SECTION("multiple outputs changed, one sensitive") {
    std::string plan = PlanWithOutputs(R"json({
      "a": {"actions": ["no-op"], "before": 1, "after": 2, "after_unknown": false,
            "before_sensitive": false, "after_sensitive": false},
      "b": {"actions": ["no-op"], "before": "hunter2", "after": "correct-horse-battery-staple",
            "after_unknown": false, "before_sensitive": true, "after_sensitive": true},
      "c": {"actions": ["no-op"], "before": false, "after": true, "after_unknown": false,
            "before_sensitive": false, "after_sensitive": false}
    })json");
    std::string expected = R"txt(  ~ a = 1 -> 2
  ~ b = (sensitive value)
  ~ c = false -> true)txt";
    CHECK(Excerpt(RenderPlanDocument(plan), expected) == expected + "\n");
  }
}
