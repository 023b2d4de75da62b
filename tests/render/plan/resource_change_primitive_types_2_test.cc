// Ported from TestResourceChange_primitiveTypes in Terraform's
// internal/command/jsonformat/plan_test.go @883c722 (part 2 of 2).
//
// Each SECTION is one upstream case. Its input is the resource_changes element
// jsonplan.MarshalResourceChanges writes for the case's cty values, sensitive
// paths and schema (with the schema's own sensitive attributes reported in
// before_sensitive/after_sensitive, and unknowns as after_unknown); the
// schema is the provider-schema JSON jsonprovider would write. The expected
// text is renderHumanDiff's, copied unchanged.
#include <catch2/catch.hpp>

#include "support/render_support.h"

namespace {

using tfstream::testing::RenderResourceBlock;

}  // namespace

TEST_CASE("TestResourceChange_primitiveTypes (part 2 of 2)", "[plan]") {
  SECTION("update with equal sensitive field") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {"id": "blah", "password": "top-secret", "str": "before"},
        "after": {"password": "top-secret", "str": "after"},
        "after_unknown": {"id": true},
        "before_sensitive": {"password": true},
        "after_sensitive": {"password": true}
      }
    })json";
    const char* schema = R"json({
      "attributes": {
        "id": {"type": "string", "computed": true},
        "password": {"type": "string", "optional": true, "sensitive": true},
        "str": {"type": "string", "optional": true}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
      ~ id       = "blah" -> (known after apply)
      ~ str      = "before" -> "after"
        # (1 unchanged attribute hidden)
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("replace tainted resource") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["delete", "create"],
        "before": {"ami": "ami-BEFORE", "id": "i-02ae66f368e8518a9"},
        "after": {"ami": "ami-AFTER"},
        "after_unknown": {"id": true},
        "before_sensitive": {},
        "after_sensitive": {},
        "replace_paths": [["ami"]]
      },
      "action_reason": "replace_because_tainted"
    })json";
    const char* schema = R"json({
      "attributes": {
        "ami": {"type": "string", "optional": true},
        "id": {"type": "string", "optional": true, "computed": true}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example is tainted, so must be replaced
-/+ resource "test_instance" "example" {
      ~ ami = "ami-BEFORE" -> "ami-AFTER" # forces replacement
      ~ id  = "i-02ae66f368e8518a9" -> (known after apply)
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("force replacement with empty before value") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["delete", "create"],
        "before": {"forced": null, "name": "name"},
        "after": {"forced": "example", "name": "name"},
        "after_unknown": {},
        "before_sensitive": {},
        "after_sensitive": {},
        "replace_paths": [["forced"]]
      },
      "action_reason": "replace_because_cannot_update"
    })json";
    const char* schema = R"json({
      "attributes": {
        "forced": {"type": "string", "optional": true},
        "name": {"type": "string", "optional": true}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example must be replaced
-/+ resource "test_instance" "example" {
      + forced = "example" # forces replacement
        name   = "name"
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("force replacement with empty before value legacy") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["delete", "create"],
        "before": {"forced": "", "name": "name"},
        "after": {"forced": "example", "name": "name"},
        "after_unknown": {},
        "before_sensitive": {},
        "after_sensitive": {},
        "replace_paths": [["forced"]]
      },
      "action_reason": "replace_because_cannot_update"
    })json";
    const char* schema = R"json({
      "attributes": {
        "forced": {"type": "string", "optional": true},
        "name": {"type": "string", "optional": true}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example must be replaced
-/+ resource "test_instance" "example" {
      + forced = "example" # forces replacement
        name   = "name"
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("read during apply because of unknown configuration") {
    const char* change = R"json({
      "address": "data.test_instance.example", "mode": "data", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["read"],
        "before": {"name": "name"},
        "after": {"name": "name"},
        "after_unknown": {},
        "before_sensitive": {},
        "after_sensitive": {}
      },
      "action_reason": "read_because_config_unknown"
    })json";
    const char* schema = R"json({"attributes": {"name": {"type": "string", "optional": true}}})json";
    const char* expected = R"txt(  # data.test_instance.example will be read during apply
  # (config refers to values not yet known)
 <= data "test_instance" "example" {
        name = "name"
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("read during apply because of pending changes to upstream dependency") {
    const char* change = R"json({
      "address": "data.test_instance.example", "mode": "data", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["read"],
        "before": {"name": "name"},
        "after": {"name": "name"},
        "after_unknown": {},
        "before_sensitive": {},
        "after_sensitive": {}
      },
      "action_reason": "read_because_dependency_pending"
    })json";
    const char* schema = R"json({"attributes": {"name": {"type": "string", "optional": true}}})json";
    const char* expected = R"txt(  # data.test_instance.example will be read during apply
  # (depends on a resource or a module with changes pending)
 <= data "test_instance" "example" {
        name = "name"
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("read during apply for unspecified reason") {
    const char* change = R"json({
      "address": "data.test_instance.example", "mode": "data", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["read"],
        "before": {"name": "name"},
        "after": {"name": "name"},
        "after_unknown": {},
        "before_sensitive": {},
        "after_sensitive": {}
      }
    })json";
    const char* schema = R"json({"attributes": {"name": {"type": "string", "optional": true}}})json";
    const char* expected = R"txt(  # data.test_instance.example will be read during apply
 <= data "test_instance" "example" {
        name = "name"
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("show all identifying attributes even if unchanged") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {
          "ami": "ami-BEFORE",
          "bar": "bar",
          "foo": "foo",
          "id": "i-02ae66f368e8518a9",
          "name": "alice",
          "tags": {"name": "bob"}
        },
        "after": {
          "ami": "ami-AFTER",
          "bar": "bar",
          "foo": "foo",
          "id": "i-02ae66f368e8518a9",
          "name": "alice",
          "tags": {"name": "bob"}
        },
        "after_unknown": {},
        "before_sensitive": {"tags": {}},
        "after_sensitive": {"tags": {}}
      }
    })json";
    const char* schema = R"json({
      "attributes": {
        "ami": {"type": "string", "optional": true},
        "bar": {"type": "string", "optional": true},
        "foo": {"type": "string", "optional": true},
        "id": {"type": "string", "optional": true, "computed": true},
        "name": {"type": "string", "optional": true},
        "tags": {"type": ["map", "string"], "optional": true}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
      ~ ami  = "ami-BEFORE" -> "ami-AFTER"
        id   = "i-02ae66f368e8518a9"
        name = "alice"
        tags = {
            "name" = "bob"
        }
        # (2 unchanged attributes hidden)
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }
}
