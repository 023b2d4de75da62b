// Ported from TestResourceChange_primitiveTypes in Terraform's
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

TEST_CASE("TestResourceChange_primitiveTypes (part 1 of 2)", "[plan]") {
  SECTION("creation") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["create"],
        "before": null,
        "after": {},
        "after_unknown": {"id": true},
        "before_sensitive": false,
        "after_sensitive": {}
      }
    })json";
    const char* schema = R"json({"attributes": {"id": {"type": "string", "computed": true}}})json";
    const char* expected = R"txt(  # test_instance.example will be created
  + resource "test_instance" "example" {
      + id = (known after apply)
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("creation (null string)") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["create"],
        "before": null,
        "after": {"string": "null"},
        "after_unknown": {},
        "before_sensitive": false,
        "after_sensitive": {}
      }
    })json";
    const char* schema = R"json({"attributes": {"string": {"type": "string", "optional": true}}})json";
    const char* expected = R"txt(  # test_instance.example will be created
  + resource "test_instance" "example" {
      + string = "null"
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("creation (null string with extra whitespace)") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["create"],
        "before": null,
        "after": {"string": "null "},
        "after_unknown": {},
        "before_sensitive": false,
        "after_sensitive": {}
      }
    })json";
    const char* schema = R"json({"attributes": {"string": {"type": "string", "optional": true}}})json";
    const char* expected = R"txt(  # test_instance.example will be created
  + resource "test_instance" "example" {
      + string = "null "
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("creation (object with quoted keys)") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["create"],
        "before": null,
        "after": {"object": {"quoted:key": "some-value", "unquoted": "value"}},
        "after_unknown": {},
        "before_sensitive": false,
        "after_sensitive": {"object": {}}
      }
    })json";
    const char* schema = R"json({
      "attributes": {
        "object": {"type": ["object", {"quoted:key": "string", "unquoted": "string"}], "optional": true}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be created
  + resource "test_instance" "example" {
      + object = {
          + "quoted:key" = "some-value"
          + unquoted     = "value"
        }
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("deletion") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["delete"],
        "before": {"id": "i-02ae66f368e8518a9"},
        "after": null,
        "after_unknown": {},
        "before_sensitive": {},
        "after_sensitive": false
      }
    })json";
    const char* schema = R"json({"attributes": {"id": {"type": "string", "computed": true}}})json";
    const char* expected = R"txt(  # test_instance.example will be destroyed
  - resource "test_instance" "example" {
      - id = "i-02ae66f368e8518a9" -> null
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("deletion of deposed object") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test", "deposed": "byebye",
      "change": {
        "actions": ["delete"],
        "before": {"id": "i-02ae66f368e8518a9"},
        "after": null,
        "after_unknown": {},
        "before_sensitive": {},
        "after_sensitive": false
      }
    })json";
    const char* schema = R"json({"attributes": {"id": {"type": "string", "computed": true}}})json";
    const char* expected = R"txt(  # test_instance.example (deposed object byebye) will be destroyed
  # (left over from a partially-failed replacement of this instance)
  - resource "test_instance" "example" {
      - id = "i-02ae66f368e8518a9" -> null
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("deletion (empty string)") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["delete"],
        "before": {"id": "i-02ae66f368e8518a9", "intentionally_long": ""},
        "after": null,
        "after_unknown": {},
        "before_sensitive": {},
        "after_sensitive": false
      }
    })json";
    const char* schema = R"json({
      "attributes": {
        "id": {"type": "string", "computed": true},
        "intentionally_long": {"type": "string", "optional": true}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be destroyed
  - resource "test_instance" "example" {
      - id                 = "i-02ae66f368e8518a9" -> null
        # (1 unchanged attribute hidden)
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("forget") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["forget"],
        "before": {"ami": "ami-123", "id": "i-02ae66f368e8518a9"},
        "after": null,
        "after_unknown": {},
        "before_sensitive": {},
        "after_sensitive": false
      }
    })json";
    const char* schema = R"json({
      "attributes": {"ami": {"type": "string", "optional": true}, "id": {"type": "string", "computed": true}}
    })json";
    const char* expected =
        R"txt( # test_instance.example will no longer be managed by Terraform, but will not be destroyed
 # (destroy = false is set in the configuration)
 . resource "test_instance" "example" {
        id  = "i-02ae66f368e8518a9"
        # (1 unchanged attribute hidden)
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("forget (deposed)") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test", "deposed": "adios",
      "change": {
        "actions": ["forget"],
        "before": {"id": "i-02ae66f368e8518a9"},
        "after": null,
        "after_unknown": {},
        "before_sensitive": {},
        "after_sensitive": false
      }
    })json";
    const char* schema = R"json({"attributes": {"id": {"type": "string", "computed": true}}})json";
    const char* expected =
        R"txt( # test_instance.example (deposed object adios) will be removed from Terraform state, but will not be destroyed
 # (left over from a partially-failed replacement of this instance)
 # (destroy = false is set in the configuration)
 . resource "test_instance" "example" {
        id = "i-02ae66f368e8518a9"
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("create-then-forget") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["create", "forget"],
        "before": {"ami": "ami-BEFORE", "id": "i-02ae66f368e8518a9"},
        "after": {"ami": "ami-AFTER", "id": "i-02999999999999999"},
        "after_unknown": {},
        "before_sensitive": {},
        "after_sensitive": {},
        "replace_paths": [["ami"]]
      }
    })json";
    const char* schema = R"json({
      "attributes": {"ami": {"type": "string", "optional": true}, "id": {"type": "string", "computed": true}}
    })json";
    const char* expected =
        R"txt( # test_instance.example must be replaced, but the existing object will not be destroyed
 # (destroy = false is set in the configuration)
 +/. resource "test_instance" "example" {
      ~ ami = "ami-BEFORE" -> "ami-AFTER" # forces replacement
      ~ id  = "i-02ae66f368e8518a9" -> "i-02999999999999999"
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("string in-place update") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {"ami": "ami-BEFORE", "id": "i-02ae66f368e8518a9"},
        "after": {"ami": "ami-AFTER", "id": "i-02ae66f368e8518a9"},
        "after_unknown": {},
        "before_sensitive": {},
        "after_sensitive": {}
      }
    })json";
    const char* schema = R"json({
      "attributes": {
        "ami": {"type": "string", "optional": true},
        "id": {"type": "string", "optional": true, "computed": true}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
      ~ ami = "ami-BEFORE" -> "ami-AFTER"
        id  = "i-02ae66f368e8518a9"
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("update with quoted key") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {"id": "i-02ae66f368e8518a9", "saml:aud": "https://example.com/saml", "zeta": "alpha"},
        "after": {"id": "i-02ae66f368e8518a9", "saml:aud": "https://saml.example.com", "zeta": "alpha"},
        "after_unknown": {},
        "before_sensitive": {},
        "after_sensitive": {}
      }
    })json";
    const char* schema = R"json({
      "attributes": {
        "id": {"type": "string", "optional": true, "computed": true},
        "saml:aud": {"type": "string", "optional": true},
        "zeta": {"type": "string", "optional": true}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
        id         = "i-02ae66f368e8518a9"
      ~ "saml:aud" = "https://example.com/saml" -> "https://saml.example.com"
        # (1 unchanged attribute hidden)
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("string force-new update") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["delete", "create"],
        "before": {"ami": "ami-BEFORE", "id": "i-02ae66f368e8518a9"},
        "after": {"ami": "ami-AFTER", "id": "i-02ae66f368e8518a9"},
        "after_unknown": {},
        "before_sensitive": {},
        "after_sensitive": {},
        "replace_paths": [["ami"]]
      },
      "action_reason": "replace_because_cannot_update"
    })json";
    const char* schema = R"json({
      "attributes": {
        "ami": {"type": "string", "optional": true},
        "id": {"type": "string", "optional": true, "computed": true}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example must be replaced
-/+ resource "test_instance" "example" {
      ~ ami = "ami-BEFORE" -> "ami-AFTER" # forces replacement
        id  = "i-02ae66f368e8518a9"
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("string in-place update (null values)") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {"ami": "ami-BEFORE", "empty": "", "id": "i-02ae66f368e8518a9", "unchanged": null},
        "after": {"ami": "ami-AFTER", "empty": null, "id": "i-02ae66f368e8518a9", "unchanged": null},
        "after_unknown": {},
        "before_sensitive": {},
        "after_sensitive": {}
      }
    })json";
    const char* schema = R"json({
      "attributes": {
        "ami": {"type": "string", "optional": true},
        "empty": {"type": "string", "optional": true},
        "id": {"type": "string", "optional": true, "computed": true},
        "unchanged": {"type": "string", "optional": true}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
      ~ ami   = "ami-BEFORE" -> "ami-AFTER"
        id    = "i-02ae66f368e8518a9"
        # (1 unchanged attribute hidden)
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("string update (non-legacy)") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {"from_null": null, "id": "i-02ae66f368e8518a9", "to_null": ""},
        "after": {"from_null": "", "id": "i-02ae66f368e8518a9", "to_null": null},
        "after_unknown": {},
        "before_sensitive": {},
        "after_sensitive": {}
      }
    })json";
    const char* schema = R"json({
      "attributes": {
        "from_null": {"type": "dynamic", "optional": true},
        "id": {"type": "string", "optional": true, "computed": true},
        "to_null": {"type": "string", "optional": true}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
      + from_null = ""
        id        = "i-02ae66f368e8518a9"
      - to_null   = "" -> null
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("string update (non-legacy nested object)") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {"id": "i-02ae66f368e8518a9", "obj": {"from_null": null, "to_null": ""}},
        "after": {"id": "i-02ae66f368e8518a9", "obj": {"from_null": "", "to_null": null}},
        "after_unknown": {},
        "before_sensitive": {"obj": {}},
        "after_sensitive": {"obj": {}}
      }
    })json";
    const char* schema = R"json({
      "attributes": {
        "id": {"type": "string", "optional": true, "computed": true},
        "obj": {
          "nested_type": {
            "attributes": {
              "from_null": {"type": "dynamic", "optional": true},
              "to_null": {"type": "string", "optional": true}
            },
            "nesting_mode": "single"
          }
        }
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
        id  = "i-02ae66f368e8518a9"
      ~ obj = {
          + from_null = ""
          - to_null   = "" -> null
        }
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("in-place update of multi-line string field") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {"id": "i-02ae66f368e8518a9", "more_lines": "original\nlong\nmulti-line\nstring\nfield"},
        "after": {"more_lines": "original\nextremely long\nmulti-line\nstring\nfield"},
        "after_unknown": {"id": true},
        "before_sensitive": {},
        "after_sensitive": {}
      }
    })json";
    const char* schema = R"json({
      "attributes": {
        "id": {"type": "string", "optional": true, "computed": true},
        "more_lines": {"type": "string", "optional": true}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
      ~ id         = "i-02ae66f368e8518a9" -> (known after apply)
      ~ more_lines = <<-EOT
            original
          - long
          + extremely long
            multi-line
            string
            field
        EOT
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("addition of multi-line string field") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {"id": "i-02ae66f368e8518a9", "more_lines": null},
        "after": {"more_lines": "original\nnew line"},
        "after_unknown": {"id": true},
        "before_sensitive": {},
        "after_sensitive": {}
      }
    })json";
    const char* schema = R"json({
      "attributes": {
        "id": {"type": "string", "optional": true, "computed": true},
        "more_lines": {"type": "string", "optional": true}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
      ~ id         = "i-02ae66f368e8518a9" -> (known after apply)
      + more_lines = <<-EOT
            original
            new line
        EOT
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("force-new update of multi-line string field") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["delete", "create"],
        "before": {"id": "i-02ae66f368e8518a9", "more_lines": "original"},
        "after": {"more_lines": "original\nnew line"},
        "after_unknown": {"id": true},
        "before_sensitive": {},
        "after_sensitive": {},
        "replace_paths": [["more_lines"]]
      }
    })json";
    const char* schema = R"json({
      "attributes": {
        "id": {"type": "string", "optional": true, "computed": true},
        "more_lines": {"type": "string", "optional": true}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example must be replaced
-/+ resource "test_instance" "example" {
      ~ id         = "i-02ae66f368e8518a9" -> (known after apply)
      ~ more_lines = <<-EOT # forces replacement
            original
          + new line
        EOT
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("creation with sensitive field") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["create"],
        "before": null,
        "after": {"conn_info": {"password": "top-secret", "user": "not-secret"}, "password": "top-secret"},
        "after_unknown": {"conn_info": {}, "id": true},
        "before_sensitive": false,
        "after_sensitive": {"conn_info": {"password": true}, "password": true}
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
        "id": {"type": "string", "computed": true},
        "password": {"type": "string", "optional": true, "sensitive": true}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be created
  + resource "test_instance" "example" {
      + conn_info = {
          + password = (sensitive value)
          + user     = "not-secret"
        }
      + id        = (known after apply)
      + password  = (sensitive value)
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }
}
