// Ported from TestResourceChange_moved in Terraform's
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

TEST_CASE("TestResourceChange_moved", "[plan]") {
  SECTION("moved and updated") {
    const char* change = R"json({
      "address": "test_instance.example", "previous_address": "test_instance.previous", "mode": "managed",
      "type": "test_instance", "name": "example", "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {"bar": "baz", "foo": "hello", "id": "12345"},
        "after": {"bar": "boop", "foo": "hello", "id": "12345"},
        "after_unknown": {},
        "before_sensitive": {},
        "after_sensitive": {}
      }
    })json";
    const char* schema = R"json({
      "attributes": {
        "bar": {"type": "string", "optional": true},
        "foo": {"type": "string", "optional": true},
        "id": {"type": "string", "computed": true}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  # (moved from test_instance.previous)
  ~ resource "test_instance" "example" {
      ~ bar = "baz" -> "boop"
        id  = "12345"
        # (1 unchanged attribute hidden)
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("moved without changes") {
    const char* change = R"json({
      "address": "test_instance.example", "previous_address": "test_instance.previous", "mode": "managed",
      "type": "test_instance", "name": "example", "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["no-op"],
        "before": {"bar": "baz", "foo": "hello", "id": "12345"},
        "after": {"bar": "baz", "foo": "hello", "id": "12345"},
        "after_unknown": {},
        "before_sensitive": {},
        "after_sensitive": {}
      }
    })json";
    const char* schema = R"json({
      "attributes": {
        "bar": {"type": "string", "optional": true},
        "foo": {"type": "string", "optional": true},
        "id": {"type": "string", "computed": true}
      }
    })json";
    const char* expected = R"txt(  # test_instance.previous has moved to test_instance.example
    resource "test_instance" "example" {
        id  = "12345"
        # (2 unchanged attributes hidden)
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }
}
