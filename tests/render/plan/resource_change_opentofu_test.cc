// The cases of OpenTofu's internal/command/jsonformat/plan_test.go (v1.12.6
// @b4305e5) whose expected text differs from Terraform's because of a diff
// rule (base/flavor.def's differ, collections and renderers switches); the
// document-level and header differences have their own tests. Inputs are
// written as in the other ported plan tests (see
// resource_change_primitive_list_test.cc); expected text copied unchanged.
// Each case also renders with the Terraform profile, which differs.
#include <catch2/catch.hpp>

#include "support/render_support.h"

namespace {

using tfstream::testing::BlockOptions;
using tfstream::testing::RenderResourceBlock;

constexpr const char* kListSchema = R"json({
  "attributes": {
    "ami": {"type": "string", "optional": true},
    "id": {"type": "string", "optional": true, "computed": true},
    "list_field": {"type": ["list", "string"], "optional": true}
  }
})json";

}  // namespace

TEST_CASE("OpenTofu TestResourceChange_primitiveList", "[plan][opentofu]") {
  // slice_pairs_without_reorder_shortcut: the unknown element is a deletion
  // and a creation, not an update of the same index.
  SECTION("update to unknown element") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.opentofu.org/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {"ami": "ami-STATIC", "id": "i-02ae66f368e8518a9", "list_field": ["aaaa", "bbbb", "cccc"]},
        "after": {"ami": "ami-STATIC", "list_field": ["aaaa", null, "cccc"]},
        "after_unknown": {"id": true, "list_field": [false, true, false]},
        "before_sensitive": {"list_field": [false, false, false]},
        "after_sensitive": {"list_field": [false, false, false]}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
      ~ id         = "i-02ae66f368e8518a9" -> (known after apply)
      ~ list_field = [
            "aaaa",
          - "bbbb",
          + (known after apply),
            "cccc",
        ]
        # (1 unchanged attribute hidden)
    })txt";
    CHECK(RenderResourceBlock(change, kListSchema, BlockOptions{.opentofu = true}) == expected);
    CHECK(RenderResourceBlock(change, kListSchema) != expected);
  }

  // list_pairs_multiline_strings (with the walk above): multi-line strings
  // sharing a line are diffed line by line, even against a shorter string.
  SECTION("in-place update - multiline string in list") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.opentofu.org/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {
          "ami": "ami-STATIC",
          "id": "i-02ae66f368e8518a9",
          "list_field": ["aaaa", "bbbb", "cccc", "line1\nline2\nline3", "dddd", "ffff"]
        },
        "after": {"ami": "ami-STATIC", "list_field": ["aaaa", "line1\nline2+\nline3", "ffff\nline2"]},
        "after_unknown": {"id": true, "list_field": [false, false, false]},
        "before_sensitive": {"list_field": [false, false, false, false, false, false]},
        "after_sensitive": {"list_field": [false, false, false]}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
      ~ id         = "i-02ae66f368e8518a9" -> (known after apply)
      ~ list_field = [
            "aaaa",
          - "bbbb",
          - "cccc",
          ~ <<-EOT
                line1
              - line2
              + line2+
                line3
            EOT,
          - "dddd",
          ~ <<-EOT
                ffff
              + line2
            EOT,
        ]
        # (1 unchanged attribute hidden)
    })txt";
    CHECK(RenderResourceBlock(change, kListSchema, BlockOptions{.opentofu = true}) == expected);
    CHECK(RenderResourceBlock(change, kListSchema) != expected);
  }
}
