// Ported from TestResourceChange_JSON in Terraform's
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

TEST_CASE("TestResourceChange_JSON (part 2 of 2)", "[plan]") {
  SECTION("JSON object with list of objects") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {"id": "i-02ae66f368e8518a9", "json_field": "{\"parent\":[{\"one\": \"111\"}]}"},
        "after": {"json_field": "{\"parent\":[{\"one\": \"111\"}, {\"two\": \"222\"}]}"},
        "after_unknown": {"id": true},
        "before_sensitive": {},
        "after_sensitive": {}
      }
    })json";
    const char* schema = R"json({
      "attributes": {
        "id": {"type": "string", "optional": true, "computed": true},
        "json_field": {"type": "string", "optional": true}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
      ~ id         = "i-02ae66f368e8518a9" -> (known after apply)
      ~ json_field = jsonencode(
          ~ {
              ~ parent = [
                    {
                        one = "111"
                    },
                  + {
                      + two = "222"
                    },
                ]
            }
        )
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("JSON object double nested lists") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {"id": "i-02ae66f368e8518a9", "json_field": "{\"parent\":[{\"another_list\": [\"111\"]}]}"},
        "after": {"json_field": "{\"parent\":[{\"another_list\": [\"111\", \"222\"]}]}"},
        "after_unknown": {"id": true},
        "before_sensitive": {},
        "after_sensitive": {}
      }
    })json";
    const char* schema = R"json({
      "attributes": {
        "id": {"type": "string", "optional": true, "computed": true},
        "json_field": {"type": "string", "optional": true}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
      ~ id         = "i-02ae66f368e8518a9" -> (known after apply)
      ~ json_field = jsonencode(
          ~ {
              ~ parent = [
                  ~ {
                      ~ another_list = [
                            "111",
                          + "222",
                        ]
                    },
                ]
            }
        )
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("in-place update from object to tuple") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {
          "id": "i-02ae66f368e8518a9",
          "json_field": "{\"aaa\": [42, {\"foo\":\"bar\"}, \"value\"]}"
        },
        "after": {"json_field": "[\"aaa\", 42, \"something\"]"},
        "after_unknown": {"id": true},
        "before_sensitive": {},
        "after_sensitive": {}
      }
    })json";
    const char* schema = R"json({
      "attributes": {
        "id": {"type": "string", "optional": true, "computed": true},
        "json_field": {"type": "string", "optional": true}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
      ~ id         = "i-02ae66f368e8518a9" -> (known after apply)
      ~ json_field = jsonencode(
          ~ {
              - aaa = [
                  - 42,
                  - {
                      - foo = "bar"
                    },
                  - "value",
                ]
            } -> [
              + "aaa",
              + 42,
              + "something",
            ]
        )
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }
}
