// Ported from TestResourceChange_primitiveTuple in Terraform's
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

TEST_CASE("TestResourceChange_primitiveTuple", "[plan]") {
  SECTION("in-place update") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {"id": "i-02ae66f368e8518a9", "tuple_field": ["aaaa", "bbbb", "dddd", "eeee", "ffff"]},
        "after": {"id": "i-02ae66f368e8518a9", "tuple_field": ["aaaa", "bbbb", "cccc", "eeee", "ffff"]},
        "after_unknown": {},
        "before_sensitive": {"tuple_field": [false, false, false, false, false]},
        "after_sensitive": {"tuple_field": [false, false, false, false, false]}
      }
    })json";
    const char* schema = R"json({
      "attributes": {
        "id": {"type": "string", "required": true},
        "tuple_field": {
          "type": ["tuple", ["string", "string", "string", "string", "string"]],
          "optional": true
        }
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
        id          = "i-02ae66f368e8518a9"
      ~ tuple_field = [
            # (1 unchanged element hidden)
            "bbbb",
          ~ "dddd" -> "cccc",
            "eeee",
            # (1 unchanged element hidden)
        ]
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }
}
