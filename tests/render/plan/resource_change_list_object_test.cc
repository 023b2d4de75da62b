// Ported from TestResourceChange_listObject in Terraform's
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

TEST_CASE("TestResourceChange_listObject", "[plan]") {
  SECTION("updating non-identifying attribute") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {
          "accounts": [
            {"id": "1", "name": "production", "status": "ACTIVE"},
            {"id": "2", "name": "staging", "status": "ACTIVE"},
            {"id": "3", "name": "disaster-recovery", "status": "ACTIVE"}
          ],
          "id": "i-02ae66f368e8518a9"
        },
        "after": {
          "accounts": [
            {"id": "1", "name": "production", "status": "ACTIVE"},
            {"id": "2", "name": "staging", "status": "EXPLODED"},
            {"id": "3", "name": "disaster-recovery", "status": "ACTIVE"}
          ]
        },
        "after_unknown": {"accounts": [{}, {}, {}], "id": true},
        "before_sensitive": {"accounts": [{}, {}, {}]},
        "after_sensitive": {"accounts": [{}, {}, {}]}
      }
    })json";
    const char* schema = R"json({
      "attributes": {
        "accounts": {"type": ["list", ["object", {"id": "string", "name": "string", "status": "string"}]]},
        "id": {"type": "string", "optional": true, "computed": true}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
      ~ accounts = [
            {
                id     = "1"
                name   = "production"
                status = "ACTIVE"
            },
          ~ {
                id     = "2"
                name   = "staging"
              ~ status = "ACTIVE" -> "EXPLODED"
            },
            {
                id     = "3"
                name   = "disaster-recovery"
                status = "ACTIVE"
            },
        ]
      ~ id       = "i-02ae66f368e8518a9" -> (known after apply)
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }
}
