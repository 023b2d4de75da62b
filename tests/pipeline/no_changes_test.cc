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

// `terraform show` takes the NoChanges quality from the plan's Applyable,
// which Go decodes as false when the key is absent (plans before format 1.2)
// or null.
TEST_CASE("show -json input without applyable has the NoChanges quality", "[pipeline][no-changes]") {
  std::string show = kDriftThenDeletedDataSource;
  const std::string from = R"("plan_format_version": "1.2",)";
  show.replace(show.find(from), from.size(), R"("format_version": "1.1",)");
  const std::string suggestion =
      "Your configuration already matches the changes detected above. If you'd like\n"
      "to update the Terraform state to match, create and apply a refresh-only plan:\n"
      "  terraform apply -refresh-only\n";
  const std::string applying =
      "Your configuration already matches the changes detected above, so applying\n"
      "this plan will only update the state to include the changes detected above\n"
      "and won't change any real infrastructure.\n";
  Options options;  // quality auto
  CHECK(RenderDoc(show, options) == std::string(kDriftSection) + suggestion);
  std::string with_null = show, with_true = show;
  with_null.insert(1, R"("applyable": null,)");
  with_true.insert(1, R"("applyable": true,)");
  CHECK(RenderDoc(with_null, options) == std::string(kDriftSection) + suggestion);
  CHECK(RenderDoc(with_true, options) == std::string(kDriftSection) + applying);
}

// Terraform computes the diff of every drift entry before it decides whether
// the section is worth showing: an entry it cannot diff fails the plan even
// when the section ends up hidden.
TEST_CASE("hidden drift still fails on a later entry without a schema", "[pipeline][no-changes]") {
  std::string doc = kDriftThenDeletedDataSource;
  // No resource changes: the plan is empty, so the drift is not shown.
  const std::string changes = doc.substr(doc.find(R"("resource_changes")"),
                                         doc.find(R"("relevant_attributes")") - doc.find(R"("resource_changes")"));
  doc.erase(doc.find(changes), changes.size());
  const std::string second_entry = R"(, {
    "address": "u.b", "mode": "managed", "type": "u", "name": "b", "provider_name": "p",
    "change": {"actions": ["update"], "before": {"id": "i"}, "after": {"id": "j"}}})";
  const std::string relevant = R"({"resource": "u.b", "attribute": ["id"]}, )";
  Options options;
  options.quality = Quality::kNone;
  CHECK(RenderDoc(doc, options) ==
        "\nNo changes. Your infrastructure matches the configuration.\n\n"
        "Terraform has compared your real infrastructure against your configuration\n"
        "and found no differences, so no changes are needed.\n");
  std::string bad = doc;
  bad.insert(bad.find("\n  }],\n  \"relevant_attributes\"") + 4, second_entry);
  bad.insert(bad.find(R"({"resource": "t.a")"), relevant);
  CHECK(RenderDoc(bad, options).find(": u.b: no schema for resource type \"u\"") != std::string::npos);
}
