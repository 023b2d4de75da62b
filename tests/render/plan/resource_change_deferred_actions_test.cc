// Ported from TestResourceChange_deferredActions in Terraform's
// internal/command/jsonformat/plan_test.go @883c722.
//
// Each case's deferred change is the deferred_changes element
// jsonplan.MarshalDeferredResourceChanges writes for it (schema
// testSchema(NestingSingle)), rendered as a whole plan; the expected text,
// renderHumanDeferredDiff's, is copied unchanged and compared with the
// deferred block in the plan.
#include <catch2/catch.hpp>
#include <string>

#include "render/plan/plan_document_support.h"
#include "render/plan/plan_test_schemas.h"

namespace {

using tfstream::testing::plan::Excerpt;
using tfstream::testing::plan::kTestSchemaSingle;
using tfstream::testing::plan::RenderPlanDocument;

std::string PlanWithDeferred(const std::string& deferred_change) {
  return R"json({"plan_format_version": "", "deferred_changes": [)json" + deferred_change +
         R"json(], "provider_format_version": "", "provider_schemas": {"registry.terraform.io/hashicorp/test": {
           "resource_schemas": {"test_instance": {"version": 0, "block": )json" +
         kTestSchemaSingle + "}}}}}";
}

}  // namespace

TEST_CASE("TestResourceChange_deferredActions", "[plan]") {
  SECTION("deferred create action") {
    std::string plan = PlanWithDeferred(R"json({
      "reason": "absent_prereq",
      "resource_change": {
        "address": "test_instance.instance", "mode": "managed", "type": "test_instance", "name": "instance",
        "provider_name": "registry.terraform.io/hashicorp/test",
        "change": {
          "actions": ["create"],
          "before": null,
          "after": {"ami": "bar"},
          "after_unknown": {"disk": true, "id": true, "root_block_device": true},
          "before_sensitive": false,
          "after_sensitive": {"disk": {}, "root_block_device": {}}
        }
      }
    })json");
    std::string expected = R"txt(  # test_instance.instance was deferred
  # (because a prerequisite for this resource has not yet been created)
  + resource "test_instance" "instance" {
      + ami  = "bar"
      + disk = (known after apply)
      + id   = (known after apply)

      + root_block_device (known after apply)
    })txt";
    CHECK(Excerpt(RenderPlanDocument(plan), expected) == expected + "\n");
  }

  SECTION("deferred create action unknown for_each") {
    std::string plan = PlanWithDeferred(R"json({
      "reason": "instance_count_unknown",
      "resource_change": {
        "address": "test_instance.instance[*]", "mode": "managed", "type": "test_instance", "name": "instance",
        "index_unknown": true, "provider_name": "registry.terraform.io/hashicorp/test",
        "change": {
          "actions": ["create"],
          "before": null,
          "after": {"ami": "bar"},
          "after_unknown": {"disk": true, "id": true, "root_block_device": true},
          "before_sensitive": false,
          "after_sensitive": {"disk": {}, "root_block_device": {}}
        }
      }
    })json");
    std::string expected = R"txt(  # test_instance.instance[*] was deferred
  # (because the number of resource instances is unknown)
  + resource "test_instance" "instance" {
      + ami  = "bar"
      + disk = (known after apply)
      + id   = (known after apply)

      + root_block_device (known after apply)
    })txt";
    CHECK(Excerpt(RenderPlanDocument(plan), expected) == expected + "\n");
  }

  SECTION("deferred update action") {
    std::string plan = PlanWithDeferred(R"json({
      "reason": "provider_config_unknown",
      "resource_change": {
        "address": "test_instance.instance", "mode": "managed", "type": "test_instance", "name": "instance",
        "provider_name": "registry.terraform.io/hashicorp/test",
        "change": {
          "actions": ["update"],
          "before": {"ami": "bar", "disk": null, "id": "foo", "root_block_device": null},
          "after": {"ami": "baz", "disk": null, "id": "foo", "root_block_device": null},
          "after_unknown": {},
          "before_sensitive": {},
          "after_sensitive": {}
        }
      }
    })json");
    std::string expected = R"txt(  # test_instance.instance was deferred
  # (because the provider configuration is unknown)
  ~ resource "test_instance" "instance" {
      ~ ami = "bar" -> "baz"
        id  = "foo"
    })txt";
    CHECK(Excerpt(RenderPlanDocument(plan), expected) == expected + "\n");
  }

  SECTION("deferred destroy action") {
    // The Go case plans an update whose after value is null.
    std::string plan = PlanWithDeferred(R"json({
      "reason": "resource_config_unknown",
      "resource_change": {
        "address": "test_instance.instance", "mode": "managed", "type": "test_instance", "name": "instance",
        "provider_name": "registry.terraform.io/hashicorp/test",
        "change": {
          "actions": ["update"],
          "before": {"ami": "bar", "disk": null, "id": "foo", "root_block_device": null},
          "after": null,
          "after_unknown": {},
          "before_sensitive": {},
          "after_sensitive": false
        }
      }
    })json");
    std::string expected = R"txt(  # test_instance.instance was deferred
  # (because the resource configuration is unknown)
  ~ resource "test_instance" "instance" {
      - ami = "bar" -> null
      - id  = "foo" -> null
    })txt";
    CHECK(Excerpt(RenderPlanDocument(plan), expected) == expected + "\n");
  }
}
