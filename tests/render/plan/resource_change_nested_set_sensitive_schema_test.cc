// Ported from TestResourceChange_nestedSetSensitiveSchema in Terraform's
// internal/command/jsonformat/plan_test.go @883c722.
//
// Each SECTION is one upstream case. Its input is the resource_changes element
// jsonplan.MarshalResourceChanges writes for the case's cty values, sensitive
// paths and schema (with the schema's own sensitive attributes reported in
// before_sensitive/after_sensitive, and unknowns as after_unknown); the
// schema is the provider-schema JSON jsonprovider would write. The expected
// text is renderHumanDiff's, copied unchanged.
#include <catch2/catch.hpp>

#include "render/plan/plan_test_schemas.h"
#include "support/render_support.h"

namespace {

using tfstream::testing::RenderResourceBlock;
using tfstream::testing::plan::kTestSchemaSensitiveSet;

}  // namespace

TEST_CASE("TestResourceChange_nestedSetSensitiveSchema", "[plan]") {
  SECTION("creation from null") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {"ami": null, "disks": null, "id": null},
        "after": {
          "ami": "ami-AFTER",
          "disks": [{"mount_point": "/var/diska", "size": null}],
          "id": "i-02ae66f368e8518a9"
        },
        "after_unknown": {},
        "before_sensitive": {"disks": true},
        "after_sensitive": {"disks": true}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
      + ami   = "ami-AFTER"
      + disks = (sensitive value)
      + id    = "i-02ae66f368e8518a9"
    })txt";
    CHECK(RenderResourceBlock(change, kTestSchemaSensitiveSet) == expected);
  }

  SECTION("in-place update") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {"ami": "ami-BEFORE", "disks": [], "id": "i-02ae66f368e8518a9"},
        "after": {
          "ami": "ami-AFTER",
          "disks": [{"mount_point": "/var/diska", "size": null}],
          "id": "i-02ae66f368e8518a9"
        },
        "after_unknown": {},
        "before_sensitive": {"disks": true},
        "after_sensitive": {"disks": true}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
      ~ ami   = "ami-BEFORE" -> "ami-AFTER"
      ~ disks = (sensitive value)
        id    = "i-02ae66f368e8518a9"
    })txt";
    CHECK(RenderResourceBlock(change, kTestSchemaSensitiveSet) == expected);
  }

  SECTION("force-new update (whole block)") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["delete", "create"],
        "before": {
          "ami": "ami-BEFORE",
          "disks": [{"mount_point": "/var/diska", "size": "50GB"}],
          "id": "i-02ae66f368e8518a9"
        },
        "after": {
          "ami": "ami-AFTER",
          "disks": [{"mount_point": "/var/diska", "size": "100GB"}],
          "id": "i-02ae66f368e8518a9"
        },
        "after_unknown": {},
        "before_sensitive": {"disks": true},
        "after_sensitive": {"disks": true},
        "replace_paths": [["disks"]]
      },
      "action_reason": "replace_because_cannot_update"
    })json";
    const char* expected = R"txt(  # test_instance.example must be replaced
-/+ resource "test_instance" "example" {
      ~ ami   = "ami-BEFORE" -> "ami-AFTER"
      ~ disks = (sensitive value) # forces replacement
        id    = "i-02ae66f368e8518a9"
    })txt";
    CHECK(RenderResourceBlock(change, kTestSchemaSensitiveSet) == expected);
  }

  SECTION("in-place update - deletion") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {
          "ami": "ami-BEFORE",
          "disks": [{"mount_point": "/var/diska", "size": "50GB"}],
          "id": "i-02ae66f368e8518a9"
        },
        "after": {"ami": "ami-AFTER", "disks": null, "id": "i-02ae66f368e8518a9"},
        "after_unknown": {},
        "before_sensitive": {"disks": true},
        "after_sensitive": {"disks": true}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
      ~ ami   = "ami-BEFORE" -> "ami-AFTER"
      - disks = (sensitive value) -> null
        id    = "i-02ae66f368e8518a9"
    })txt";
    CHECK(RenderResourceBlock(change, kTestSchemaSensitiveSet) == expected);
  }

  SECTION("in-place update - unknown") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {
          "ami": "ami-BEFORE",
          "disks": [{"mount_point": "/var/diska", "size": "50GB"}],
          "id": "i-02ae66f368e8518a9"
        },
        "after": {"ami": "ami-AFTER", "id": "i-02ae66f368e8518a9"},
        "after_unknown": {"disks": true},
        "before_sensitive": {"disks": true},
        "after_sensitive": {"disks": true}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
      ~ ami   = "ami-BEFORE" -> "ami-AFTER"
      ~ disks = (sensitive value)
        id    = "i-02ae66f368e8518a9"
    })txt";
    CHECK(RenderResourceBlock(change, kTestSchemaSensitiveSet) == expected);
  }
}
