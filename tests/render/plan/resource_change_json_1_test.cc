// Ported from TestResourceChange_JSON in Terraform's
// internal/command/jsonformat/plan_test.go @883c722 (part 1 of 2).
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

TEST_CASE("TestResourceChange_JSON (part 1 of 2)", "[plan]") {
  SECTION("creation") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["create"],
        "before": null,
        "after": {
          "json_field": "{\n\t\t\t\t\t\"str\": \"value\",\n\t\t\t\t\t\"list\":[\"a\",\"b\", 234, true],\n\t\t\t\t\t\"obj\": {\"key\": \"val\"}\n\t\t\t\t}"
        },
        "after_unknown": {"id": true},
        "before_sensitive": false,
        "after_sensitive": {}
      }
    })json";
    const char* schema = R"json({
      "attributes": {
        "id": {"type": "string", "optional": true, "computed": true},
        "json_field": {"type": "string", "optional": true}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be created
  + resource "test_instance" "example" {
      + id         = (known after apply)
      + json_field = jsonencode(
            {
              + list = [
                  + "a",
                  + "b",
                  + 234,
                  + true,
                ]
              + obj  = {
                  + key = "val"
                }
              + str  = "value"
            }
        )
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("in-place update of object") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {"id": "i-02ae66f368e8518a9", "json_field": "{\"aaa\": \"value\",\"ccc\": 5}"},
        "after": {"json_field": "{\"aaa\": \"value\", \"bbb\": \"new_value\"}"},
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
              + bbb = "new_value"
              - ccc = 5
                # (1 unchanged attribute hidden)
            }
        )
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("in-place update of object with quoted keys") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {"id": "i-02ae66f368e8518a9", "json_field": "{\"aaa\": \"value\", \"c:c\": \"old_value\"}"},
        "after": {"json_field": "{\"aaa\": \"value\", \"b:bb\": \"new_value\"}"},
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
              + "b:bb" = "new_value"
              - "c:c"  = "old_value"
                # (1 unchanged attribute hidden)
            }
        )
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("in-place update (from empty tuple)") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {"id": "i-02ae66f368e8518a9", "json_field": "{\"aaa\": []}"},
        "after": {"json_field": "{\"aaa\": [\"value\"]}"},
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
              ~ aaa = [
                  + "value",
                ]
            }
        )
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("in-place update (to empty tuple)") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {"id": "i-02ae66f368e8518a9", "json_field": "{\"aaa\": [\"value\"]}"},
        "after": {"json_field": "{\"aaa\": []}"},
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
              ~ aaa = [
                  - "value",
                ]
            }
        )
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("in-place update (tuple of different types)") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {
          "id": "i-02ae66f368e8518a9",
          "json_field": "{\"aaa\": [42, {\"foo\":\"bar\"}, \"value\"]}"
        },
        "after": {"json_field": "{\"aaa\": [42, {\"foo\":\"baz\"}, \"value\"]}"},
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
              ~ aaa = [
                    42,
                  ~ {
                      ~ foo = "bar" -> "baz"
                    },
                    "value",
                ]
            }
        )
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("force-new update") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["delete", "create"],
        "before": {"id": "i-02ae66f368e8518a9", "json_field": "{\"aaa\": \"value\"}"},
        "after": {"json_field": "{\"aaa\": \"value\", \"bbb\": \"new_value\"}"},
        "after_unknown": {"id": true},
        "before_sensitive": {},
        "after_sensitive": {},
        "replace_paths": [["json_field"]]
      },
      "action_reason": "replace_because_cannot_update"
    })json";
    const char* schema = R"json({
      "attributes": {
        "id": {"type": "string", "optional": true, "computed": true},
        "json_field": {"type": "string", "optional": true}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example must be replaced
-/+ resource "test_instance" "example" {
      ~ id         = "i-02ae66f368e8518a9" -> (known after apply)
      ~ json_field = jsonencode(
          ~ {
              + bbb = "new_value"
                # (1 unchanged attribute hidden)
            } # forces replacement
        )
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("in-place update (whitespace change)") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {"id": "i-02ae66f368e8518a9", "json_field": "{\"aaa\": \"value\", \"bbb\": \"another\"}"},
        "after": {"json_field": "{\"aaa\":\"value\",\n\t\t\t\t\t\"bbb\":\"another\"}"},
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
      ~ json_field = jsonencode( # whitespace changes
            {
                aaa = "value"
                bbb = "another"
            }
        )
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("force-new update (whitespace change)") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["delete", "create"],
        "before": {"id": "i-02ae66f368e8518a9", "json_field": "{\"aaa\": \"value\", \"bbb\": \"another\"}"},
        "after": {"json_field": "{\"aaa\":\"value\",\n\t\t\t\t\t\"bbb\":\"another\"}"},
        "after_unknown": {"id": true},
        "before_sensitive": {},
        "after_sensitive": {},
        "replace_paths": [["json_field"]]
      },
      "action_reason": "replace_because_cannot_update"
    })json";
    const char* schema = R"json({
      "attributes": {
        "id": {"type": "string", "optional": true, "computed": true},
        "json_field": {"type": "string", "optional": true}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example must be replaced
-/+ resource "test_instance" "example" {
      ~ id         = "i-02ae66f368e8518a9" -> (known after apply)
      ~ json_field = jsonencode( # whitespace changes force replacement
            {
                aaa = "value"
                bbb = "another"
            }
        )
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("creation (empty)") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["create"],
        "before": null,
        "after": {"json_field": "{}"},
        "after_unknown": {"id": true},
        "before_sensitive": false,
        "after_sensitive": {}
      }
    })json";
    const char* schema = R"json({
      "attributes": {
        "id": {"type": "string", "optional": true, "computed": true},
        "json_field": {"type": "string", "optional": true}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be created
  + resource "test_instance" "example" {
      + id         = (known after apply)
      + json_field = jsonencode({})
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("JSON list item removal") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {"id": "i-02ae66f368e8518a9", "json_field": "[\"first\",\"second\",\"third\"]"},
        "after": {"json_field": "[\"first\",\"second\"]"},
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
          ~ [
                # (1 unchanged element hidden)
                "second",
              - "third",
            ]
        )
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("JSON list item addition") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {"id": "i-02ae66f368e8518a9", "json_field": "[\"first\",\"second\"]"},
        "after": {"json_field": "[\"first\",\"second\",\"third\"]"},
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
          ~ [
                # (1 unchanged element hidden)
                "second",
              + "third",
            ]
        )
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("JSON list object addition") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {"id": "i-02ae66f368e8518a9", "json_field": "{\"first\":\"111\"}"},
        "after": {"json_field": "{\"first\":\"111\",\"second\":\"222\"}"},
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
              + second = "222"
                # (1 unchanged attribute hidden)
            }
        )
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("JSON object with nested list") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {"id": "i-02ae66f368e8518a9", "json_field": "{\n\t\t  \"Statement\": [\"first\"]\n\t\t}"},
        "after": {"json_field": "{\n\t\t  \"Statement\": [\"first\", \"second\"]\n\t\t}"},
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
              ~ Statement = [
                    "first",
                  + "second",
                ]
            }
        )
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("JSON list of objects - adding item") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {"id": "i-02ae66f368e8518a9", "json_field": "[{\"one\": \"111\"}]"},
        "after": {"json_field": "[{\"one\": \"111\"}, {\"two\": \"222\"}]"},
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
          ~ [
                {
                    one = "111"
                },
              + {
                  + two = "222"
                },
            ]
        )
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("JSON list of objects - removing item") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {
          "id": "i-02ae66f368e8518a9",
          "json_field": "[{\"one\": \"111\"}, {\"two\": \"222\"}, {\"three\": \"333\"}]"
        },
        "after": {"json_field": "[{\"one\": \"111\"}, {\"three\": \"333\"}]"},
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
          ~ [
                {
                    one = "111"
                },
              - {
                  - two = "222"
                },
                {
                    three = "333"
                },
            ]
        )
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }
}
