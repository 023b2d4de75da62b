// Ported from TestResourceChange_actionReason in Terraform's
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

TEST_CASE("TestResourceChange_actionReason", "[plan]") {
  SECTION("delete for no particular reason") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["delete"],
        "before": {},
        "after": null,
        "after_unknown": {},
        "before_sensitive": {},
        "after_sensitive": false
      }
    })json";
    const char* schema = R"json({})json";
    const char* expected = R"txt(  # test_instance.example will be destroyed
  - resource "test_instance" "example" {})txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("delete because of wrong repetition mode (NoKey)") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["delete"],
        "before": {},
        "after": null,
        "after_unknown": {},
        "before_sensitive": {},
        "after_sensitive": false
      },
      "action_reason": "delete_because_wrong_repetition"
    })json";
    const char* schema = R"json({})json";
    const char* expected = R"txt(  # test_instance.example will be destroyed
  # (because resource uses count or for_each)
  - resource "test_instance" "example" {})txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("delete because of wrong repetition mode (IntKey)") {
    const char* change = R"json({
      "address": "test_instance.example[1]", "mode": "managed", "type": "test_instance", "name": "example",
      "index": 1, "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["delete"],
        "before": {},
        "after": null,
        "after_unknown": {},
        "before_sensitive": {},
        "after_sensitive": false
      },
      "action_reason": "delete_because_wrong_repetition"
    })json";
    const char* schema = R"json({})json";
    const char* expected = R"txt(  # test_instance.example[1] will be destroyed
  # (because resource does not use count)
  - resource "test_instance" "example" {})txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("delete because of wrong repetition mode (StringKey)") {
    const char* change = R"json({
      "address": "test_instance.example[\"a\"]", "mode": "managed", "type": "test_instance",
      "name": "example", "index": "a", "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["delete"],
        "before": {},
        "after": null,
        "after_unknown": {},
        "before_sensitive": {},
        "after_sensitive": false
      },
      "action_reason": "delete_because_wrong_repetition"
    })json";
    const char* schema = R"json({})json";
    const char* expected = R"txt(  # test_instance.example["a"] will be destroyed
  # (because resource does not use for_each)
  - resource "test_instance" "example" {})txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("delete because no resource configuration") {
    const char* change = R"json({
      "address": "module.foo.test_instance.example", "module_address": "module.foo", "mode": "managed",
      "type": "test_instance", "name": "example", "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["delete"],
        "before": {},
        "after": null,
        "after_unknown": {},
        "before_sensitive": {},
        "after_sensitive": false
      },
      "action_reason": "delete_because_no_resource_config"
    })json";
    const char* schema = R"json({})json";
    const char* expected = R"txt(  # module.foo.test_instance.example will be destroyed
  # (because test_instance.example is not in configuration)
  - resource "test_instance" "example" {})txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("delete because no module") {
    const char* change = R"json({
      "address": "module.foo[1].test_instance.example", "module_address": "module.foo[1]", "mode": "managed",
      "type": "test_instance", "name": "example", "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["delete"],
        "before": {},
        "after": null,
        "after_unknown": {},
        "before_sensitive": {},
        "after_sensitive": false
      },
      "action_reason": "delete_because_no_module"
    })json";
    const char* schema = R"json({})json";
    const char* expected = R"txt(  # module.foo[1].test_instance.example will be destroyed
  # (because module.foo[1] is not in configuration)
  - resource "test_instance" "example" {})txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("delete because out of range for count") {
    const char* change = R"json({
      "address": "test_instance.example[1]", "mode": "managed", "type": "test_instance", "name": "example",
      "index": 1, "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["delete"],
        "before": {},
        "after": null,
        "after_unknown": {},
        "before_sensitive": {},
        "after_sensitive": false
      },
      "action_reason": "delete_because_count_index"
    })json";
    const char* schema = R"json({})json";
    const char* expected = R"txt(  # test_instance.example[1] will be destroyed
  # (because index [1] is out of range for count)
  - resource "test_instance" "example" {})txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("delete because out of range for for_each") {
    const char* change = R"json({
      "address": "test_instance.example[\"boop\"]", "mode": "managed", "type": "test_instance",
      "name": "example", "index": "boop", "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["delete"],
        "before": {},
        "after": null,
        "after_unknown": {},
        "before_sensitive": {},
        "after_sensitive": false
      },
      "action_reason": "delete_because_each_key"
    })json";
    const char* schema = R"json({})json";
    const char* expected = R"txt(  # test_instance.example["boop"] will be destroyed
  # (because key ["boop"] is not in for_each map)
  - resource "test_instance" "example" {})txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("replace for no particular reason (delete first)") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["delete", "create"],
        "before": {},
        "after": null,
        "after_unknown": {},
        "before_sensitive": {},
        "after_sensitive": false
      }
    })json";
    const char* schema = R"json({})json";
    const char* expected = R"txt(  # test_instance.example must be replaced
-/+ resource "test_instance" "example" {})txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("replace for no particular reason (create first)") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["create", "delete"],
        "before": {},
        "after": null,
        "after_unknown": {},
        "before_sensitive": {},
        "after_sensitive": false
      }
    })json";
    const char* schema = R"json({})json";
    const char* expected = R"txt(  # test_instance.example must be replaced
+/- resource "test_instance" "example" {})txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("replace by request (delete first)") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["delete", "create"],
        "before": {},
        "after": null,
        "after_unknown": {},
        "before_sensitive": {},
        "after_sensitive": false
      },
      "action_reason": "replace_by_request"
    })json";
    const char* schema = R"json({})json";
    const char* expected = R"txt(  # test_instance.example will be replaced, as requested
-/+ resource "test_instance" "example" {})txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("replace by request (create first)") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["create", "delete"],
        "before": {},
        "after": null,
        "after_unknown": {},
        "before_sensitive": {},
        "after_sensitive": false
      },
      "action_reason": "replace_by_request"
    })json";
    const char* schema = R"json({})json";
    const char* expected = R"txt(  # test_instance.example will be replaced, as requested
+/- resource "test_instance" "example" {})txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("replace because tainted (delete first)") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["delete", "create"],
        "before": {},
        "after": null,
        "after_unknown": {},
        "before_sensitive": {},
        "after_sensitive": false
      },
      "action_reason": "replace_because_tainted"
    })json";
    const char* schema = R"json({})json";
    const char* expected = R"txt(  # test_instance.example is tainted, so must be replaced
-/+ resource "test_instance" "example" {})txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("replace because tainted (create first)") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["create", "delete"],
        "before": {},
        "after": null,
        "after_unknown": {},
        "before_sensitive": {},
        "after_sensitive": false
      },
      "action_reason": "replace_because_tainted"
    })json";
    const char* schema = R"json({})json";
    const char* expected = R"txt(  # test_instance.example is tainted, so must be replaced
+/- resource "test_instance" "example" {})txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("replace because cannot update (delete first)") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["delete", "create"],
        "before": {},
        "after": null,
        "after_unknown": {},
        "before_sensitive": {},
        "after_sensitive": false
      },
      "action_reason": "replace_because_cannot_update"
    })json";
    const char* schema = R"json({})json";
    const char* expected = R"txt(  # test_instance.example must be replaced
-/+ resource "test_instance" "example" {})txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("replace because cannot update (create first)") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["create", "delete"],
        "before": {},
        "after": null,
        "after_unknown": {},
        "before_sensitive": {},
        "after_sensitive": false
      },
      "action_reason": "replace_because_cannot_update"
    })json";
    const char* schema = R"json({})json";
    const char* expected = R"txt(  # test_instance.example must be replaced
+/- resource "test_instance" "example" {})txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }
}
