// Ported from the TestRenderHuman_* functions of Terraform's
// internal/command/jsonformat/plan_test.go @883c722: whole plans rendered by
// plan.renderHuman. Each plan is the Go test's jsonformat.Plan written as the
// JSON document it marshals to; the expected text is copied unchanged.
#include <catch2/catch.hpp>

#include "render/plan/plan_document_support.h"

namespace {

using tfstream::pipeline::PlanMode;
using tfstream::testing::plan::RenderPlanDocument;

// The invoke-triggered action both InvokeActionPlan tests plan.
constexpr const char* kInvokedAction = R"json({
  "address": "action.test_action.action", "type": "test_action", "name": "action",
  "config_values": {"attr":"one"}, "provider_name": "test", "invoke_action_trigger": {}
})json";

constexpr const char* kTestActionSchemas = R"json({
  "action_schemas": {"test_action": {"block": {"attributes": {"attr": {"type": "string"}}}}}
})json";

constexpr const char* kAwsInstanceSchemas = R"json({
  "resource_schemas": {
    "aws_instance": {"version": 0, "block": {"attributes": {"ami": {"type": "string"}, "id": {"type": "string"}}}}
  }
})json";

// The resource change all TestRenderHuman_Imports cases share but for the
// parts given.
std::string ImportChange(std::string_view address, std::string_view previous_address, std::string_view name,
                         std::string_view actions, std::string_view after_id, std::string_view after_value,
                         std::string_view extra_change_members) {
  std::string rc = R"json({"address": ")json" + std::string(address) + "\", ";
  if (!previous_address.empty())
    rc += R"json("previous_address": ")json" + std::string(previous_address) + "\", ";
  rc += R"json("mode": "managed", "type": "test_resource", "name": ")json" + std::string(name) +
        R"json(", "provider_name": "test", "change": {"actions": )json" + std::string(actions) +
        R"json(, "before": {"id":"1D5F5E9E-F2E5-401B-9ED5-692A215AC67E","value":"Hello, World!"}, )json" +
        R"json("after": {"id":")json" + std::string(after_id) + R"json(","value":")json" +
        std::string(after_value) + "\"}, " + std::string(extra_change_members) + "}}";
  return rc;
}

// TestRenderHuman_Imports sets both format versions and this schema.
std::string ImportPlan(const std::string& resource_change) {
  return R"json({"plan_format_version": "1.2", "resource_changes": [)json" + resource_change +
         R"json(], "provider_format_version": "1.0", "provider_schemas": {"test": {"resource_schemas": {
           "test_resource": {"version": 0, "block": {"attributes": {"id": {"type": "string"},
                                                                     "value": {"type": "string"}}}}}}}})json";
}

constexpr const char* kOldId = "1D5F5E9E-F2E5-401B-9ED5-692A215AC67E";

}  // namespace

TEST_CASE("TestRenderHuman_InvokeActionPlan", "[plan]") {
  std::string plan = std::string(R"json({"plan_format_version": "", "action_invocations": [)json") +
                     kInvokedAction +
                     R"json(], "provider_format_version": "", "provider_schemas": {"test": )json" +
                     kTestActionSchemas + "}}";
  CHECK(RenderPlanDocument(plan, PlanMode::kRefreshOnly) == R"txt(
Terraform will perform the following actions:

Plan: 0 to add, 0 to change, 0 to destroy. Actions: 1 to invoke.

Terraform will invoke the following action(s):

  # action.test_action.action will be invoked
    # action.test_action.action
    action "test_action" "action" {
        config {
            attr = "one"
        }
    }

)txt");
}

TEST_CASE("TestRenderHuman_InvokeActionPlanWithRefresh", "[plan]") {
  std::string plan = std::string(R"json({
    "plan_format_version": "",
    "resource_drift": [{
      "address": "aws_instance.foo", "mode": "managed", "type": "aws_instance", "name": "foo",
      "index_unknown": true, "provider_name": "aws",
      "change": {
        "actions": ["update"],
        "before": {"id":"1D5F5E9E-F2E5-401B-9ED5-692A215AC67E","value":"Hello, World!"},
        "after": {"id":"1D5F5E9E-F2E5-401B-9ED5-692A215AC67E","value":"Hello, World!"}
      }
    }],
    "action_invocations": [)json") +
                     kInvokedAction +
                     R"json(], "provider_format_version": "", "provider_schemas": {"test": )json" +
                     kTestActionSchemas + R"json(, "aws": )json" + kAwsInstanceSchemas + "}}";
  CHECK(RenderPlanDocument(plan, PlanMode::kRefreshOnly) ==
        R"txt(
Note: Objects have changed outside of Terraform

Terraform detected the following changes made outside of Terraform since the
last "terraform apply" which may have affected this plan:

  # aws_instance.foo has changed
  ~ resource "aws_instance" "foo" {
        id = "1D5F5E9E-F2E5-401B-9ED5-692A215AC67E"
    }


This is a refresh-only plan, so Terraform will not take any actions to undo
these. If you were expecting these changes then you can apply this plan to
record the updated values in the Terraform state without changing any remote
objects.

─────────────────────────────────────────────────────────────────────────────

Terraform will perform the following actions:

Plan: 0 to add, 0 to change, 0 to destroy. Actions: 1 to invoke.

Terraform will invoke the following action(s):

  # action.test_action.action will be invoked
    # action.test_action.action
    action "test_action" "action" {
        config {
            attr = "one"
        }
    }

)txt");
}

TEST_CASE("TestRenderHuman_EmptyPlan", "[plan]") {
  CHECK(RenderPlanDocument(R"json({"plan_format_version": "", "provider_format_version": ""})json") ==
        R"txt(
No changes. Your infrastructure matches the configuration.

Terraform has compared your real infrastructure against your configuration
and found no differences, so no changes are needed.
)txt");
}

TEST_CASE("TestRenderHuman_DeferredPlan", "[plan]") {
  std::string plan = std::string(R"json({
    "plan_format_version": "",
    "deferred_changes": [{
      "reason": "deferred_prereq",
      "resource_change": {
        "address": "aws_instance.foo", "mode": "managed", "type": "aws_instance", "name": "foo",
        "index_unknown": true, "provider_name": "aws",
        "change": {
          "actions": ["update"],
          "before": {"id":"1D5F5E9E-F2E5-401B-9ED5-692A215AC67E","value":"Hello, World!"},
          "after": {"id":"1D5F5E9E-F2E5-401B-9ED5-692A215AC67E","value":"Hello, World!"}
        }
      }
    }],
    "provider_format_version": "",
    "provider_schemas": {"aws": )json") +
                     kAwsInstanceSchemas + "}}";
  CHECK(RenderPlanDocument(plan) == R"txt(
No current changes. This plan requires another plan to be applied first.


Note: This is a partial plan, parts can only be known in the next plan / apply cycle.


  # aws_instance.foo was deferred
  # (because a prerequisite for this resource is deferred)
  ~ resource "aws_instance" "foo" {
        id = "1D5F5E9E-F2E5-401B-9ED5-692A215AC67E"
    }

─────────────────────────────────────────────────────────────────────────────
)txt");
}

TEST_CASE("TestRenderHuman_EmptyOutputs", "[plan]") {
  CHECK(RenderPlanDocument(R"json({
    "plan_format_version": "",
    "output_changes": {"a_string": {"actions": ["no-op"], "before": "some-text", "after": "some-text"}},
    "provider_format_version": ""
  })json") == R"txt(
No changes. Your infrastructure matches the configuration.

Terraform has compared your real infrastructure against your configuration
and found no differences, so no changes are needed.
)txt");
}

TEST_CASE("TestRenderHuman_Imports", "[plan]") {
  const std::string imported_from = R"json("importing": {"id": "1D5F5E9E-F2E5-401B-9ED5-692A215AC67E"})json";

  SECTION("simple_import") {
    std::string rc = ImportChange("test_resource.resource", "", "resource", R"(["no-op"])", kOldId,
                                  "Hello, World!", imported_from);
    CHECK(RenderPlanDocument(ImportPlan(rc)) == R"txt(
Terraform will perform the following actions:

  # test_resource.resource will be imported
    resource "test_resource" "resource" {
        id    = "1D5F5E9E-F2E5-401B-9ED5-692A215AC67E"
        value = "Hello, World!"
    }

Plan: 1 to import, 0 to add, 0 to change, 0 to destroy.
)txt");
  }

  SECTION("simple_import_with_generated_config") {
    // generated_config is resource "test_resource" "resource" {...} as the
    // Go test writes it, JSON-escaped.
    std::string rc = ImportChange(
        "test_resource.resource", "", "resource", R"(["no-op"])", kOldId, "Hello, World!",
        imported_from +
            R"json(, "generated_config": "resource \"test_resource\" \"resource\" {\n)json"
            R"json(  id = \"1D5F5E9E-F2E5-401B-9ED5-692A215AC67E\"\n  value = \"Hello, World!\"\n}")json");
    CHECK(RenderPlanDocument(ImportPlan(rc)) == R"txt(
Terraform will perform the following actions:

  # test_resource.resource will be imported
  # (config will be generated)
    resource "test_resource" "resource" {
        id    = "1D5F5E9E-F2E5-401B-9ED5-692A215AC67E"
        value = "Hello, World!"
    }

Plan: 1 to import, 0 to add, 0 to change, 0 to destroy.
)txt");
  }

  SECTION("import_and_move") {
    std::string rc = ImportChange("test_resource.after", "test_resource.before", "after", R"(["no-op"])",
                                  kOldId, "Hello, World!", imported_from);
    CHECK(RenderPlanDocument(ImportPlan(rc)) == R"txt(
Terraform will perform the following actions:

  # test_resource.before has moved to test_resource.after
  # (imported from "1D5F5E9E-F2E5-401B-9ED5-692A215AC67E")
    resource "test_resource" "after" {
        id    = "1D5F5E9E-F2E5-401B-9ED5-692A215AC67E"
        value = "Hello, World!"
    }

Plan: 1 to import, 0 to add, 0 to change, 0 to destroy.
)txt");
  }

  SECTION("import_move_and_update") {
    std::string rc = ImportChange("test_resource.after", "test_resource.before", "after", R"(["update"])",
                                  kOldId, "Hello, Universe!", imported_from);
    CHECK(RenderPlanDocument(ImportPlan(rc)) == R"txt(
Terraform used the selected providers to generate the following execution
plan. Resource actions are indicated with the following symbols:
  ~ update in-place

Terraform will perform the following actions:

  # test_resource.after will be updated in-place
  # (moved from test_resource.before)
  # (imported from "1D5F5E9E-F2E5-401B-9ED5-692A215AC67E")
  ~ resource "test_resource" "after" {
        id    = "1D5F5E9E-F2E5-401B-9ED5-692A215AC67E"
      ~ value = "Hello, World!" -> "Hello, Universe!"
    }

Plan: 1 to import, 0 to add, 1 to change, 0 to destroy.
)txt");
  }

  SECTION("import_and_update") {
    std::string rc = ImportChange("test_resource.resource", "", "resource", R"(["update"])", kOldId,
                                  "Hello, Universe!", imported_from);
    CHECK(RenderPlanDocument(ImportPlan(rc)) == R"txt(
Terraform used the selected providers to generate the following execution
plan. Resource actions are indicated with the following symbols:
  ~ update in-place

Terraform will perform the following actions:

  # test_resource.resource will be updated in-place
  # (imported from "1D5F5E9E-F2E5-401B-9ED5-692A215AC67E")
  ~ resource "test_resource" "resource" {
        id    = "1D5F5E9E-F2E5-401B-9ED5-692A215AC67E"
      ~ value = "Hello, World!" -> "Hello, Universe!"
    }

Plan: 1 to import, 0 to add, 1 to change, 0 to destroy.
)txt");
  }

  SECTION("import_and_update_with_no_id") {
    std::string rc = ImportChange("test_resource.resource", "", "resource", R"(["update"])", kOldId,
                                  "Hello, Universe!", R"json("importing": {})json");
    CHECK(RenderPlanDocument(ImportPlan(rc)) == R"txt(
Terraform used the selected providers to generate the following execution
plan. Resource actions are indicated with the following symbols:
  ~ update in-place

Terraform will perform the following actions:

  # test_resource.resource will be updated in-place
  # (will be imported first)
  ~ resource "test_resource" "resource" {
        id    = "1D5F5E9E-F2E5-401B-9ED5-692A215AC67E"
      ~ value = "Hello, World!" -> "Hello, Universe!"
    }

Plan: 1 to import, 0 to add, 1 to change, 0 to destroy.
)txt");
  }

  SECTION("import_and_replace") {
    std::string rc = ImportChange("test_resource.resource", "", "resource", R"(["create", "delete"])",
                                  "9794FB1F-7260-442F-830C-F2D450E90CE3", "Hello, World!",
                                  R"json("replace_paths": [["id"]], )json" + imported_from);
    CHECK(RenderPlanDocument(ImportPlan(rc)) == R"txt(
Terraform used the selected providers to generate the following execution
plan. Resource actions are indicated with the following symbols:
+/- create replacement and then destroy

Terraform will perform the following actions:

  # test_resource.resource must be replaced
  # (imported from "1D5F5E9E-F2E5-401B-9ED5-692A215AC67E")
  # Warning: this will destroy the imported resource
+/- resource "test_resource" "resource" {
      ~ id    = "1D5F5E9E-F2E5-401B-9ED5-692A215AC67E" -> "9794FB1F-7260-442F-830C-F2D450E90CE3" # forces replacement
        value = "Hello, World!"
    }

Plan: 1 to import, 1 to add, 0 to change, 1 to destroy.
)txt");
  }
}
