// The "No changes" texts after a drift section (plan.renderHuman,
// jsonformat/plan.go @883c722). A plan whose only resource change is a
// deleted data source prints no change block, yet its diff is not empty, so
// the drift section is shown; what follows it depends on the NoChanges
// quality and on TF_IN_AUTOMATION.
#include <catch2/catch.hpp>

#include <string>

#include "pipeline/plan_doc.h"

namespace {

using tfstream::pipeline::Options;
using tfstream::pipeline::Quality;
using tfstream::testing::RenderDoc;

constexpr const char* kDriftThenDeletedDataSource = R"json({
  "plan_format_version": "1.2",
  "resource_drift": [{
    "address": "t.a", "mode": "managed", "type": "t", "name": "a", "provider_name": "p",
    "change": {"actions": ["update"], "before": {"id": "i", "name": "old"}, "after": {"id": "i", "name": "new"},
               "after_unknown": {}, "before_sensitive": false, "after_sensitive": false}
  }],
  "resource_changes": [{
    "address": "data.t.d", "mode": "data", "type": "t", "name": "d", "provider_name": "p",
    "change": {"actions": ["delete"], "before": {"id": "i", "name": "x"}, "after": null,
               "after_unknown": {}, "before_sensitive": false, "after_sensitive": false}
  }],
  "relevant_attributes": [{"resource": "t.a", "attribute": ["name"]}],
  "provider_schemas": {"p": {"provider": {"version": 0, "block": {}},
    "resource_schemas": {"t": {"version": 0, "block": {"attributes": {
      "id": {"type": "string", "computed": true}, "name": {"type": "string", "optional": true}}}}},
    "data_source_schemas": {"t": {"version": 0, "block": {"attributes": {
      "id": {"type": "string", "computed": true}, "name": {"type": "string", "optional": true}}}}}}}
})json";

constexpr const char* kDriftSection = R"txt(
Note: Objects have changed outside of Terraform

Terraform detected the following changes made outside of Terraform since the
last "terraform apply" which may have affected this plan:

  # t.a has changed
  ~ resource "t" "a" {
        id   = "i"
      ~ name = "old" -> "new"
    }


Unless you have made equivalent changes to your configuration, or ignored the
relevant attributes using ignore_changes, the following plan may include
actions to undo or respond to these changes.

─────────────────────────────────────────────────────────────────────────────

No changes. Your infrastructure matches the configuration.

)txt";

std::string Render(Quality quality, bool automation) {
  Options options;
  options.quality = quality;
  options.automation = automation;
  return RenderDoc(kDriftThenDeletedDataSource, options);
}

}  // namespace

TEST_CASE("no changes after drift: applying would only update the state", "[pipeline][no-changes]") {
  CHECK(Render(Quality::kNone, false) == std::string(kDriftSection) +
                                             "Your configuration already matches the changes detected above, so applying\n"
                                             "this plan will only update the state to include the changes detected above\n"
                                             "and won't change any real infrastructure.\n");
}

TEST_CASE("no changes after drift with the NoChanges quality suggests a refresh-only plan",
          "[pipeline][no-changes]") {
  const std::string suggestion =
      "Your configuration already matches the changes detected above. If you'd like\n"
      "to update the Terraform state to match, create and apply a refresh-only plan";
  CHECK(Render(Quality::kNoChanges, false) ==
        std::string(kDriftSection) + suggestion + ":\n  terraform apply -refresh-only\n");
  // In automation the suggestion names no command.
  CHECK(Render(Quality::kNoChanges, true) == std::string(kDriftSection) + suggestion + ".\n");
}

// renderHumanDeferredChanges: the note is printed once there are deferred
// changes at all; a deferred no-op (not moved, not importing) prints no block.
TEST_CASE("no current changes: a deferred no-op prints no block, the note stays", "[pipeline][no-changes]") {
  auto deferred = [](const char* address, const char* actions) {
    return std::string(R"json({"reason": "deferred_prereq", "resource_change": {"address": ")json") + address +
           R"json(", "mode": "managed", "type": "t", "name": "a", "provider_name": "p", "change": {"actions": )json" +
           actions + R"json(, "before": {"id": "i", "name": "n"}, "after": {"id": "i", "name": "n"}}}})json";
  };
  const std::string schemas =
      R"json("provider_schemas": {"p": {"provider": {"version": 0, "block": {}},
        "resource_schemas": {"t": {"version": 0, "block": {"attributes": {
          "id": {"type": "string", "computed": true}, "name": {"type": "string", "optional": true}}}}}}})json";
  const std::string header = R"txt(
No current changes. This plan requires another plan to be applied first.


Note: This is a partial plan, parts can only be known in the next plan / apply cycle.

)txt";
  const std::string rule = "\n─────────────────────────────────────────────────────────────────────────────\n";
  const std::string block = R"txt(
  # t.b was deferred
  # (because a prerequisite for this resource is deferred)
  ~ resource "t" "a" {
        id   = "i"
        name = "n"
    }
)txt";
  Options options;
  options.quality = Quality::kNone;
  CHECK(RenderDoc(R"json({"plan_format_version": "1.2", "deferred_changes": [)json" + deferred("t.a", R"(["no-op"])") +
                      ", " + deferred("t.b", R"(["update"])") + "], " + schemas + "}",
                  options) == header + block + rule);
  CHECK(RenderDoc(R"json({"plan_format_version": "1.2", "deferred_changes": [)json" + deferred("t.a", R"(["no-op"])") +
                      "], " + schemas + "}",
                  options) == header + rule);
}
