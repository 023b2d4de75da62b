// Ported from TestResourceChange_map in Terraform's
// internal/command/jsonformat/plan_test.go @883c722.
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

TEST_CASE("TestResourceChange_map", "[plan]") {
  SECTION("in-place update - creation") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {"ami": "ami-STATIC", "id": "i-02ae66f368e8518a9", "map_field": null},
        "after": {"ami": "ami-STATIC", "map_field": {"be:ep": "boop", "new-key": "new-element"}},
        "after_unknown": {"id": true, "map_field": {}},
        "before_sensitive": {},
        "after_sensitive": {"map_field": {}}
      }
    })json";
    const char* schema = R"json({
      "attributes": {
        "ami": {"type": "string", "optional": true},
        "id": {"type": "string", "optional": true, "computed": true},
        "map_field": {"type": ["map", "string"], "optional": true}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
      ~ id        = "i-02ae66f368e8518a9" -> (known after apply)
      + map_field = {
          + "be:ep"   = "boop"
          + "new-key" = "new-element"
        }
        # (1 unchanged attribute hidden)
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("in-place update - first insertion") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {"ami": "ami-STATIC", "id": "i-02ae66f368e8518a9", "map_field": {}},
        "after": {"ami": "ami-STATIC", "map_field": {"be:ep": "boop", "new-key": "new-element"}},
        "after_unknown": {"id": true, "map_field": {}},
        "before_sensitive": {"map_field": {}},
        "after_sensitive": {"map_field": {}}
      }
    })json";
    const char* schema = R"json({
      "attributes": {
        "ami": {"type": "string", "optional": true},
        "id": {"type": "string", "optional": true, "computed": true},
        "map_field": {"type": ["map", "string"], "optional": true}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
      ~ id        = "i-02ae66f368e8518a9" -> (known after apply)
      ~ map_field = {
          + "be:ep"   = "boop"
          + "new-key" = "new-element"
        }
        # (1 unchanged attribute hidden)
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("in-place update - insertion") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {"ami": "ami-STATIC", "id": "i-02ae66f368e8518a9", "map_field": {"a": "aaaa", "c": "cccc"}},
        "after": {"ami": "ami-STATIC", "map_field": {"a": "aaaa", "b": "bbbb", "b:b": "bbbb", "c": "cccc"}},
        "after_unknown": {"id": true, "map_field": {}},
        "before_sensitive": {"map_field": {}},
        "after_sensitive": {"map_field": {}}
      }
    })json";
    const char* schema = R"json({
      "attributes": {
        "ami": {"type": "string", "optional": true},
        "id": {"type": "string", "optional": true, "computed": true},
        "map_field": {"type": ["map", "string"], "optional": true}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
      ~ id        = "i-02ae66f368e8518a9" -> (known after apply)
      ~ map_field = {
          + "b"   = "bbbb"
          + "b:b" = "bbbb"
            # (2 unchanged elements hidden)
        }
        # (1 unchanged attribute hidden)
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("force-new update - insertion") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["delete", "create"],
        "before": {"ami": "ami-STATIC", "id": "i-02ae66f368e8518a9", "map_field": {"a": "aaaa", "c": "cccc"}},
        "after": {"ami": "ami-STATIC", "map_field": {"a": "aaaa", "b": "bbbb", "c": "cccc"}},
        "after_unknown": {"id": true, "map_field": {}},
        "before_sensitive": {"map_field": {}},
        "after_sensitive": {"map_field": {}},
        "replace_paths": [["map_field"]]
      },
      "action_reason": "replace_because_cannot_update"
    })json";
    const char* schema = R"json({
      "attributes": {
        "ami": {"type": "string", "optional": true},
        "id": {"type": "string", "optional": true, "computed": true},
        "map_field": {"type": ["map", "string"], "optional": true}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example must be replaced
-/+ resource "test_instance" "example" {
      ~ id        = "i-02ae66f368e8518a9" -> (known after apply)
      ~ map_field = { # forces replacement
          + "b" = "bbbb"
            # (2 unchanged elements hidden)
        }
        # (1 unchanged attribute hidden)
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("in-place update - deletion") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {
          "ami": "ami-STATIC",
          "id": "i-02ae66f368e8518a9",
          "map_field": {"a": "aaaa", "b": "bbbb", "c": "cccc"}
        },
        "after": {"ami": "ami-STATIC", "map_field": {"b": "bbbb"}},
        "after_unknown": {"id": true, "map_field": {}},
        "before_sensitive": {"map_field": {}},
        "after_sensitive": {"map_field": {}}
      }
    })json";
    const char* schema = R"json({
      "attributes": {
        "ami": {"type": "string", "optional": true},
        "id": {"type": "string", "optional": true, "computed": true},
        "map_field": {"type": ["map", "string"], "optional": true}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
      ~ id        = "i-02ae66f368e8518a9" -> (known after apply)
      ~ map_field = {
          - "a" = "aaaa" -> null
          - "c" = "cccc" -> null
            # (1 unchanged element hidden)
        }
        # (1 unchanged attribute hidden)
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("creation - empty") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["create"],
        "before": null,
        "after": {"ami": "ami-STATIC", "map_field": {}},
        "after_unknown": {"id": true, "map_field": {}},
        "before_sensitive": false,
        "after_sensitive": {"map_field": {}}
      }
    })json";
    const char* schema = R"json({
      "attributes": {
        "ami": {"type": "string", "optional": true},
        "id": {"type": "string", "optional": true, "computed": true},
        "map_field": {"type": ["map", "string"], "optional": true}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be created
  + resource "test_instance" "example" {
      + ami       = "ami-STATIC"
      + id        = (known after apply)
      + map_field = {}
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("update to unknown element") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {
          "ami": "ami-STATIC",
          "id": "i-02ae66f368e8518a9",
          "map_field": {"a": "aaaa", "b": "bbbb", "c": "cccc"}
        },
        "after": {"ami": "ami-STATIC", "map_field": {"a": "aaaa", "c": "cccc"}},
        "after_unknown": {"id": true, "map_field": {"b": true}},
        "before_sensitive": {"map_field": {}},
        "after_sensitive": {"map_field": {}}
      }
    })json";
    const char* schema = R"json({
      "attributes": {
        "ami": {"type": "string", "optional": true},
        "id": {"type": "string", "optional": true, "computed": true},
        "map_field": {"type": ["map", "string"], "optional": true}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
      ~ id        = "i-02ae66f368e8518a9" -> (known after apply)
      ~ map_field = {
          ~ "b" = "bbbb" -> (known after apply)
            # (2 unchanged elements hidden)
        }
        # (1 unchanged attribute hidden)
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }
}
