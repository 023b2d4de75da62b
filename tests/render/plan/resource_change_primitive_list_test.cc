// Ported from TestResourceChange_primitiveList in Terraform's
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

TEST_CASE("TestResourceChange_primitiveList", "[plan]") {
  SECTION("in-place update - creation") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {"ami": "ami-STATIC", "id": "i-02ae66f368e8518a9", "list_field": null},
        "after": {"ami": "ami-STATIC", "list_field": ["new-element"]},
        "after_unknown": {"id": true, "list_field": [false]},
        "before_sensitive": {},
        "after_sensitive": {"list_field": [false]}
      }
    })json";
    const char* schema = R"json({
      "attributes": {
        "ami": {"type": "string", "optional": true},
        "id": {"type": "string", "optional": true, "computed": true},
        "list_field": {"type": ["list", "string"], "optional": true}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
      ~ id         = "i-02ae66f368e8518a9" -> (known after apply)
      + list_field = [
          + "new-element",
        ]
        # (1 unchanged attribute hidden)
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("in-place update - first addition") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {"ami": "ami-STATIC", "id": "i-02ae66f368e8518a9", "list_field": []},
        "after": {"ami": "ami-STATIC", "list_field": ["new-element"]},
        "after_unknown": {"id": true, "list_field": [false]},
        "before_sensitive": {"list_field": []},
        "after_sensitive": {"list_field": [false]}
      }
    })json";
    const char* schema = R"json({
      "attributes": {
        "ami": {"type": "string", "optional": true},
        "id": {"type": "string", "optional": true, "computed": true},
        "list_field": {"type": ["list", "string"], "optional": true}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
      ~ id         = "i-02ae66f368e8518a9" -> (known after apply)
      ~ list_field = [
          + "new-element",
        ]
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
        "before": {
          "ami": "ami-STATIC",
          "id": "i-02ae66f368e8518a9",
          "list_field": ["aaaa", "bbbb", "dddd", "eeee", "ffff"]
        },
        "after": {"ami": "ami-STATIC", "list_field": ["aaaa", "bbbb", "cccc", "dddd", "eeee", "ffff"]},
        "after_unknown": {"id": true, "list_field": [false, false, false, false, false, false]},
        "before_sensitive": {"list_field": [false, false, false, false, false]},
        "after_sensitive": {"list_field": [false, false, false, false, false, false]}
      }
    })json";
    const char* schema = R"json({
      "attributes": {
        "ami": {"type": "string", "optional": true},
        "id": {"type": "string", "optional": true, "computed": true},
        "list_field": {"type": ["list", "string"], "optional": true}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
      ~ id         = "i-02ae66f368e8518a9" -> (known after apply)
      ~ list_field = [
            # (1 unchanged element hidden)
            "bbbb",
          + "cccc",
            "dddd",
            # (2 unchanged elements hidden)
        ]
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
        "before": {"ami": "ami-STATIC", "id": "i-02ae66f368e8518a9", "list_field": ["aaaa", "cccc"]},
        "after": {"ami": "ami-STATIC", "list_field": ["aaaa", "bbbb", "cccc"]},
        "after_unknown": {"id": true, "list_field": [false, false, false]},
        "before_sensitive": {"list_field": [false, false]},
        "after_sensitive": {"list_field": [false, false, false]},
        "replace_paths": [["list_field"]]
      },
      "action_reason": "replace_because_cannot_update"
    })json";
    const char* schema = R"json({
      "attributes": {
        "ami": {"type": "string", "optional": true},
        "id": {"type": "string", "optional": true, "computed": true},
        "list_field": {"type": ["list", "string"], "optional": true}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example must be replaced
-/+ resource "test_instance" "example" {
      ~ id         = "i-02ae66f368e8518a9" -> (known after apply)
      ~ list_field = [ # forces replacement
            "aaaa",
          + "bbbb",
            "cccc",
        ]
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
          "list_field": ["aaaa", "bbbb", "cccc", "dddd", "eeee"]
        },
        "after": {"ami": "ami-STATIC", "list_field": ["bbbb", "dddd", "eeee"]},
        "after_unknown": {"id": true, "list_field": [false, false, false]},
        "before_sensitive": {"list_field": [false, false, false, false, false]},
        "after_sensitive": {"list_field": [false, false, false]}
      }
    })json";
    const char* schema = R"json({
      "attributes": {
        "ami": {"type": "string", "optional": true},
        "id": {"type": "string", "optional": true, "computed": true},
        "list_field": {"type": ["list", "string"], "optional": true}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
      ~ id         = "i-02ae66f368e8518a9" -> (known after apply)
      ~ list_field = [
          - "aaaa",
            "bbbb",
          - "cccc",
            "dddd",
            # (1 unchanged element hidden)
        ]
        # (1 unchanged attribute hidden)
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("creation - empty list") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["create"],
        "before": null,
        "after": {"ami": "ami-STATIC", "list_field": []},
        "after_unknown": {"id": true, "list_field": []},
        "before_sensitive": false,
        "after_sensitive": {"list_field": []}
      }
    })json";
    const char* schema = R"json({
      "attributes": {
        "ami": {"type": "string", "optional": true},
        "id": {"type": "string", "optional": true, "computed": true},
        "list_field": {"type": ["list", "string"], "optional": true}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be created
  + resource "test_instance" "example" {
      + ami        = "ami-STATIC"
      + id         = (known after apply)
      + list_field = []
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("in-place update - full to empty") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {"ami": "ami-STATIC", "id": "i-02ae66f368e8518a9", "list_field": ["aaaa", "bbbb", "cccc"]},
        "after": {"ami": "ami-STATIC", "list_field": []},
        "after_unknown": {"id": true, "list_field": []},
        "before_sensitive": {"list_field": [false, false, false]},
        "after_sensitive": {"list_field": []}
      }
    })json";
    const char* schema = R"json({
      "attributes": {
        "ami": {"type": "string", "optional": true},
        "id": {"type": "string", "optional": true, "computed": true},
        "list_field": {"type": ["list", "string"], "optional": true}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
      ~ id         = "i-02ae66f368e8518a9" -> (known after apply)
      ~ list_field = [
          - "aaaa",
          - "bbbb",
          - "cccc",
        ]
        # (1 unchanged attribute hidden)
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("in-place update - null to empty") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {"ami": "ami-STATIC", "id": "i-02ae66f368e8518a9", "list_field": null},
        "after": {"ami": "ami-STATIC", "list_field": []},
        "after_unknown": {"id": true, "list_field": []},
        "before_sensitive": {},
        "after_sensitive": {"list_field": []}
      }
    })json";
    const char* schema = R"json({
      "attributes": {
        "ami": {"type": "string", "optional": true},
        "id": {"type": "string", "optional": true, "computed": true},
        "list_field": {"type": ["list", "string"], "optional": true}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
      ~ id         = "i-02ae66f368e8518a9" -> (known after apply)
      + list_field = []
        # (1 unchanged attribute hidden)
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("update to unknown element") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {"ami": "ami-STATIC", "id": "i-02ae66f368e8518a9", "list_field": ["aaaa", "bbbb", "cccc"]},
        "after": {"ami": "ami-STATIC", "list_field": ["aaaa", null, "cccc"]},
        "after_unknown": {"id": true, "list_field": [false, true, false]},
        "before_sensitive": {"list_field": [false, false, false]},
        "after_sensitive": {"list_field": [false, false, false]}
      }
    })json";
    const char* schema = R"json({
      "attributes": {
        "ami": {"type": "string", "optional": true},
        "id": {"type": "string", "optional": true, "computed": true},
        "list_field": {"type": ["list", "string"], "optional": true}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
      ~ id         = "i-02ae66f368e8518a9" -> (known after apply)
      ~ list_field = [
            "aaaa",
          ~ "bbbb" -> (known after apply),
            "cccc",
        ]
        # (1 unchanged attribute hidden)
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("update - two new unknown elements") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {
          "ami": "ami-STATIC",
          "id": "i-02ae66f368e8518a9",
          "list_field": ["aaaa", "bbbb", "cccc", "dddd", "eeee"]
        },
        "after": {"ami": "ami-STATIC", "list_field": ["aaaa", null, null, "cccc", "dddd", "eeee"]},
        "after_unknown": {"id": true, "list_field": [false, true, true, false, false, false]},
        "before_sensitive": {"list_field": [false, false, false, false, false]},
        "after_sensitive": {"list_field": [false, false, false, false, false, false]}
      }
    })json";
    const char* schema = R"json({
      "attributes": {
        "ami": {"type": "string", "optional": true},
        "id": {"type": "string", "optional": true, "computed": true},
        "list_field": {"type": ["list", "string"], "optional": true}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
      ~ id         = "i-02ae66f368e8518a9" -> (known after apply)
      ~ list_field = [
            "aaaa",
          - "bbbb",
          + (known after apply),
          + (known after apply),
            "cccc",
            # (2 unchanged elements hidden)
        ]
        # (1 unchanged attribute hidden)
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }
}
