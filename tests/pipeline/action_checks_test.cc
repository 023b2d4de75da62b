// What an action invocation must have before output, as Terraform's
// precomputeDiffs and renderActionInvocation need it: the provider's schema
// for every invocation attached to a resource change or invoked from the CLI,
// and, when it has config, the action type's schema only where the
// invocation is rendered (a missing one is dereferenced only then).
#include <catch2/catch.hpp>

#include "pipeline/plan_doc.h"

using tfstream::pipeline::Options;
using tfstream::testing::PlanChange;
using tfstream::testing::PlanDoc;
using tfstream::testing::RenderDoc;

namespace {

std::string Invocation(const std::string& provider, const std::string& trigger, bool config = true) {
  return R"({"address":"action.missing.b","type":"missing","name":"b","provider_name":")" + provider + R"(",)" +
         (config ? R"("config_values":{},)" : "") + trigger + "}";
}

const std::string kBeforeUpdateOfA =
    R"("lifecycle_action_trigger":{"triggering_resource_address":"t.a","action_trigger_event":"BeforeUpdate",)"
    R"("action_trigger_block_index":0,"actions_list_index":0})";

std::string Render(const std::string& change, const std::string& invocation) {
  std::string doc = PlanDoc({change});
  doc.pop_back();
  return RenderDoc(doc + R"(,"action_invocations":[)" + invocation + "]}", Options{});
}

}  // namespace

TEST_CASE("a missing action type is an error only where the invocation is rendered", "[pipeline][actions]") {
  const std::string no_type = "no schema for action type \"missing\"";
  // The no-op resource's block is not rendered, nor are its actions.
  std::string text = Render(PlanChange("t.a", R"(["no-op"])", "a", "a"), Invocation("p", kBeforeUpdateOfA));
  INFO(text);
  CHECK(text.rfind("ERROR", 0) != 0);
  CHECK(text.find("Actions: 1 to invoke.") != std::string::npos);
  CHECK(Render(PlanChange("t.a", R"(["update"])", "a", "a2"), Invocation("p", kBeforeUpdateOfA)).find(no_type) !=
        std::string::npos);
  // Without config nothing needs the action's schema.
  CHECK(Render(PlanChange("t.a", R"(["update"])", "a", "a2"), Invocation("p", kBeforeUpdateOfA, false))
            .rfind("ERROR", 0) != 0);
  // Invoked from the CLI: always rendered.
  CHECK(Render(PlanChange("t.a", R"(["no-op"])", "a", "a"),
               Invocation("p", R"("invoke_action_trigger":{})"))
            .find(no_type) != std::string::npos);
}

TEST_CASE("a missing action provider is an error for any resource change it is attached to", "[pipeline][actions]") {
  const std::string no_provider = "of provider \"q\": the plan's provider_schemas has no such provider";
  CHECK(Render(PlanChange("t.a", R"(["no-op"])", "a", "a"), Invocation("q", kBeforeUpdateOfA)).find(no_provider) !=
        std::string::npos);
  // Attached to no resource change: never looked up.
  std::string trigger_other = kBeforeUpdateOfA;
  trigger_other.replace(trigger_other.find("t.a"), 3, "t.z");
  CHECK(Render(PlanChange("t.a", R"(["no-op"])", "a", "a"), Invocation("q", trigger_other)).rfind("ERROR", 0) != 0);
}
