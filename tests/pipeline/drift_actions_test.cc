// Terraform reads a drifted resource's action list (jsonplan.UnmarshalActions,
// which panics on an unknown one) only in renderHumanDiff, so only for the
// drift it renders: relevant to some attribute (all of it in refresh-only
// mode), outside refresh-only mode with a diff that is not a no-op, and only
// when the section is printed at all.
#include <catch2/catch.hpp>

#include "pipeline/plan_doc.h"

using tfstream::pipeline::Options;
using tfstream::pipeline::PlanMode;
using tfstream::testing::PlanChange;
using tfstream::testing::PlanDoc;
using tfstream::testing::RenderDoc;

namespace {

const std::string kBadList = "has an unrecognized action list";

// A plan with `change`, t.a drifted (its name from "a" to `after`, with the
// action list `actions`), and `relevant` as relevant_attributes.
std::string Render(const std::string& change, const std::string& actions, const std::string& after,
                   const std::string& relevant, PlanMode mode = PlanMode::kNormal) {
  std::string doc = PlanDoc({change});
  doc.pop_back();
  doc += R"(,"resource_drift":[)" + PlanChange("t.a", actions, "a", after) + R"(],"relevant_attributes":[)" +
         relevant + "]}";
  Options options;
  options.mode = mode;
  return RenderDoc(doc, options);
}

const std::string kUpdateX = PlanChange("t.x", R"(["update"])", "x", "x2");
const std::string kNameOfA = R"({"resource":"t.a","attribute":["name"]})";

}  // namespace

TEST_CASE("a drifted resource's unknown action list fails only where the drift is rendered", "[pipeline][drift]") {
  // Rendered: relevant, changed, and the plan does something.
  CHECK(Render(kUpdateX, "[]", "a2", kNameOfA).find(kBadList) != std::string::npos);
  CHECK(Render(kUpdateX, R"(["explode"])", "a2", kNameOfA).find(kBadList) != std::string::npos);
  // Not relevant to any attribute.
  std::string text = Render(kUpdateX, "[]", "a2", R"({"resource":"t.b","attribute":["name"]})");
  CHECK(text.rfind("ERROR", 0) != 0);
  CHECK(text.find("# t.x will be updated in-place") != std::string::npos);
  // Relevant, but its diff is a no-op.
  text = Render(kUpdateX, "[]", "a", kNameOfA);
  CHECK(text.rfind("ERROR", 0) != 0);
  CHECK(text.find("# t.x will be updated in-place") != std::string::npos);
  // Relevant and changed, but the plan does nothing: no drift section.
  text = Render(PlanChange("t.x", R"(["no-op"])", "x", "x"), "[]", "a2", kNameOfA);
  CHECK(text.rfind("ERROR", 0) != 0);
  CHECK(text.find("No changes.") != std::string::npos);
  // Refresh-only mode renders every drift, even a no-op diff.
  CHECK(Render(kUpdateX, "[]", "a", "", PlanMode::kRefreshOnly).find(kBadList) != std::string::npos);
}
