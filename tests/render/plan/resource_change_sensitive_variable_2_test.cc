// Ported from TestResourceChange_sensitiveVariable in Terraform's
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

TEST_CASE("TestResourceChange_sensitiveVariable (part 2 of 2)", "[plan]") {
  SECTION("update with sensitive value forcing replacement") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["delete", "create"],
        "before": {
          "ami": "ami-BEFORE",
          "id": "i-02ae66f368e8518a9",
          "nested_block_set": [{"an_attr": "secret"}]
        },
        "after": {
          "ami": "ami-AFTER",
          "id": "i-02ae66f368e8518a9",
          "nested_block_set": [{"an_attr": "changed"}]
        },
        "after_unknown": {},
        "before_sensitive": {"ami": true, "nested_block_set": true},
        "after_sensitive": {"ami": true, "nested_block_set": true},
        "replace_paths": [["ami"], ["nested_block_set"]]
      }
    })json";
    const char* schema = R"json({
      "attributes": {
        "ami": {"type": "string", "optional": true},
        "id": {"type": "string", "optional": true, "computed": true}
      },
      "block_types": {
        "nested_block_set": {
          "nesting_mode": "set",
          "block": {"attributes": {"an_attr": {"type": "string", "required": true}}}
        }
      }
    })json";
    const char* expected = R"txt(  # test_instance.example must be replaced
-/+ resource "test_instance" "example" {
      ~ ami = (sensitive value) # forces replacement
        id  = "i-02ae66f368e8518a9"

      - nested_block_set { # forces replacement
          # At least one attribute in this block is (or was) sensitive,
          # so its contents will not be displayed.
        }
      + nested_block_set { # forces replacement
          # At least one attribute in this block is (or was) sensitive,
          # so its contents will not be displayed.
        }
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("update with sensitive attribute forcing replacement") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["delete", "create"],
        "before": {"ami": "ami-BEFORE", "id": "i-02ae66f368e8518a9"},
        "after": {"ami": "ami-AFTER", "id": "i-02ae66f368e8518a9"},
        "after_unknown": {},
        "before_sensitive": {"ami": true},
        "after_sensitive": {"ami": true},
        "replace_paths": [["ami"]]
      }
    })json";
    const char* schema = R"json({
      "attributes": {
        "ami": {"type": "string", "optional": true, "computed": true, "sensitive": true},
        "id": {"type": "string", "optional": true, "computed": true}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example must be replaced
-/+ resource "test_instance" "example" {
      ~ ami = (sensitive value) # forces replacement
        id  = "i-02ae66f368e8518a9"
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("update with sensitive nested type attribute forcing replacement") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["delete", "create"],
        "before": {
          "conn_info": {"password": "top-secret", "user": "not-secret"},
          "id": "i-02ae66f368e8518a9"
        },
        "after": {"conn_info": {"password": "new-secret", "user": "not-secret"}, "id": "i-02ae66f368e8518a9"},
        "after_unknown": {},
        "before_sensitive": {"conn_info": {"password": true}},
        "after_sensitive": {"conn_info": {"password": true}},
        "replace_paths": [["conn_info"], ["password"]]
      }
    })json";
    const char* schema = R"json({
      "attributes": {
        "conn_info": {
          "nested_type": {
            "attributes": {
              "password": {"type": "string", "optional": true, "sensitive": true},
              "user": {"type": "string", "optional": true}
            },
            "nesting_mode": "single"
          }
        },
        "id": {"type": "string", "optional": true, "computed": true}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example must be replaced
-/+ resource "test_instance" "example" {
      ~ conn_info = { # forces replacement
          ~ password = (sensitive value)
            # (1 unchanged attribute hidden)
        }
        id        = "i-02ae66f368e8518a9"
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }
}
