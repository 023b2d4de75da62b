// Ported from TestResourceChange_sensitiveVariable in Terraform's
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

TEST_CASE("TestResourceChange_sensitiveVariable (part 1 of 2)", "[plan]") {
  SECTION("creation") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["create"],
        "before": null,
        "after": {
          "ami": "ami-123",
          "id": "i-02ae66f368e8518a9",
          "list_field": ["hello", "friends", "!"],
          "map_key": {"breakfast": 800, "dinner": 2000},
          "map_whole": {"breakfast": "pizza", "dinner": "pizza"},
          "nested_block_list": [{"an_attr": "secretval", "another": "not secret"}],
          "nested_block_set": [{"an_attr": "secretval", "another": "not secret"}]
        },
        "after_unknown": {},
        "before_sensitive": false,
        "after_sensitive": {
          "ami": true,
          "list_field": [false, true, false],
          "map_key": {"dinner": true},
          "map_whole": true,
          "nested_block_list": true,
          "nested_block_set": true
        }
      }
    })json";
    const char* schema = R"json({
      "attributes": {
        "ami": {"type": "string", "optional": true},
        "id": {"type": "string", "optional": true, "computed": true},
        "list_field": {"type": ["list", "string"], "optional": true},
        "map_key": {"type": ["map", "number"], "optional": true},
        "map_whole": {"type": ["map", "string"], "optional": true}
      },
      "block_types": {
        "nested_block_list": {
          "nesting_mode": "list",
          "block": {
            "attributes": {
              "an_attr": {"type": "string", "optional": true},
              "another": {"type": "string", "optional": true}
            }
          }
        },
        "nested_block_set": {
          "nesting_mode": "set",
          "block": {
            "attributes": {
              "an_attr": {"type": "string", "optional": true},
              "another": {"type": "string", "optional": true}
            }
          }
        }
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be created
  + resource "test_instance" "example" {
      + ami        = (sensitive value)
      + id         = "i-02ae66f368e8518a9"
      + list_field = [
          + "hello",
          + (sensitive value),
          + "!",
        ]
      + map_key    = {
          + "breakfast" = 800
          + "dinner"    = (sensitive value)
        }
      + map_whole  = (sensitive value)

      + nested_block_list {
          # At least one attribute in this block is (or was) sensitive,
          # so its contents will not be displayed.
        }

      + nested_block_set {
          # At least one attribute in this block is (or was) sensitive,
          # so its contents will not be displayed.
        }
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("in-place update - before sensitive") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {
          "ami": "ami-BEFORE",
          "id": "i-02ae66f368e8518a9",
          "list_field": ["hello", "friends", "!"],
          "map_key": {"breakfast": 800, "dinner": 2000},
          "map_whole": {"breakfast": "pizza", "dinner": "pizza"},
          "nested_block": [{"an_attr": "secretval"}],
          "nested_block_set": [{"an_attr": "secretval"}],
          "some_number": 1,
          "special": true
        },
        "after": {
          "ami": "ami-AFTER",
          "id": "i-02ae66f368e8518a9",
          "list_field": ["hello", "friends", "."],
          "map_key": {"breakfast": 800, "dinner": 1900},
          "map_whole": {"breakfast": "cereal", "dinner": "pizza"},
          "nested_block": [{"an_attr": "changed"}],
          "nested_block_set": [{"an_attr": "changed"}],
          "some_number": 2,
          "special": false
        },
        "after_unknown": {},
        "before_sensitive": {
          "ami": true,
          "list_field": [false, false, true],
          "map_key": {"dinner": true},
          "map_whole": true,
          "nested_block": true,
          "nested_block_set": true,
          "some_number": true,
          "special": true
        },
        "after_sensitive": {
          "list_field": [false, false, false],
          "map_key": {},
          "map_whole": {},
          "nested_block": [{}],
          "nested_block_set": [{}]
        }
      }
    })json";
    const char* schema = R"json({
      "attributes": {
        "ami": {"type": "string", "optional": true},
        "id": {"type": "string", "optional": true, "computed": true},
        "list_field": {"type": ["list", "string"], "optional": true},
        "map_key": {"type": ["map", "number"], "optional": true},
        "map_whole": {"type": ["map", "string"], "optional": true},
        "some_number": {"type": "number", "optional": true},
        "special": {"type": "bool", "optional": true}
      },
      "block_types": {
        "nested_block": {
          "nesting_mode": "list",
          "block": {"attributes": {"an_attr": {"type": "string", "optional": true}}}
        },
        "nested_block_set": {
          "nesting_mode": "set",
          "block": {"attributes": {"an_attr": {"type": "string", "optional": true}}}
        }
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
      # Warning: this attribute value will no longer be marked as sensitive
      # after applying this change.
      ~ ami         = (sensitive value)
        id          = "i-02ae66f368e8518a9"
      ~ list_field  = [
            # (1 unchanged element hidden)
            "friends",
          # Warning: this attribute value will no longer be marked as sensitive
          # after applying this change.
          ~ (sensitive value),
        ]
      ~ map_key     = {
          # Warning: this attribute value will no longer be marked as sensitive
          # after applying this change.
          ~ "dinner"    = (sensitive value)
            # (1 unchanged element hidden)
        }
      # Warning: this attribute value will no longer be marked as sensitive
      # after applying this change.
      ~ map_whole   = (sensitive value)
      # Warning: this attribute value will no longer be marked as sensitive
      # after applying this change.
      ~ some_number = (sensitive value)
      # Warning: this attribute value will no longer be marked as sensitive
      # after applying this change.
      ~ special     = (sensitive value)

      # Warning: this block will no longer be marked as sensitive
      # after applying this change.
      ~ nested_block {
          # At least one attribute in this block is (or was) sensitive,
          # so its contents will not be displayed.
        }

      - nested_block_set {
          # At least one attribute in this block is (or was) sensitive,
          # so its contents will not be displayed.
        }
      + nested_block_set {
          + an_attr = "changed"
        }
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("in-place update - after sensitive") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {
          "id": "i-02ae66f368e8518a9",
          "list_field": ["hello", "friends"],
          "map_key": {"breakfast": 800, "dinner": 2000},
          "map_whole": {"breakfast": "pizza", "dinner": "pizza"},
          "nested_block_single": {"an_attr": "original"}
        },
        "after": {
          "id": "i-02ae66f368e8518a9",
          "list_field": ["goodbye", "friends"],
          "map_key": {"breakfast": 700, "dinner": 2100},
          "map_whole": {"breakfast": "cereal", "dinner": "pizza"},
          "nested_block_single": {"an_attr": "changed"}
        },
        "after_unknown": {},
        "before_sensitive": {
          "list_field": [false, false],
          "map_key": {},
          "map_whole": {},
          "nested_block_single": {}
        },
        "after_sensitive": {
          "list_field": [true, false],
          "map_key": {"dinner": true},
          "map_whole": true,
          "nested_block_single": true
        }
      }
    })json";
    const char* schema = R"json({
      "attributes": {
        "id": {"type": "string", "optional": true, "computed": true},
        "list_field": {"type": ["list", "string"], "optional": true},
        "map_key": {"type": ["map", "number"], "optional": true},
        "map_whole": {"type": ["map", "string"], "optional": true}
      },
      "block_types": {
        "nested_block_single": {
          "nesting_mode": "single",
          "block": {"attributes": {"an_attr": {"type": "string", "optional": true}}}
        }
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
        id         = "i-02ae66f368e8518a9"
      ~ list_field = [
          # Warning: this attribute value will be marked as sensitive and will not
          # display in UI output after applying this change.
          ~ (sensitive value),
            "friends",
        ]
      ~ map_key    = {
          ~ "breakfast" = 800 -> 700
          # Warning: this attribute value will be marked as sensitive and will not
          # display in UI output after applying this change.
          ~ "dinner"    = (sensitive value)
        }
      # Warning: this attribute value will be marked as sensitive and will not
      # display in UI output after applying this change.
      ~ map_whole  = (sensitive value)

      # Warning: this block will be marked as sensitive and will not
      # display in UI output after applying this change.
      ~ nested_block_single {
          # At least one attribute in this block is (or was) sensitive,
          # so its contents will not be displayed.
        }
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("in-place update - both sensitive") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {
          "ami": "ami-BEFORE",
          "id": "i-02ae66f368e8518a9",
          "list_field": ["hello", "friends"],
          "map_key": {"breakfast": 800, "dinner": 2000},
          "map_whole": {"breakfast": "pizza", "dinner": "pizza"},
          "nested_block_map": {"foo": {"an_attr": "original"}}
        },
        "after": {
          "ami": "ami-AFTER",
          "id": "i-02ae66f368e8518a9",
          "list_field": ["goodbye", "friends"],
          "map_key": {"breakfast": 800, "dinner": 1800},
          "map_whole": {"breakfast": "cereal", "dinner": "pizza"},
          "nested_block_map": {"foo": {}}
        },
        "after_unknown": {
          "list_field": [false, false],
          "map_key": {},
          "map_whole": {},
          "nested_block_map": {"foo": {"an_attr": true}}
        },
        "before_sensitive": {
          "ami": true,
          "list_field": [true, false],
          "map_key": {"dinner": true},
          "map_whole": true,
          "nested_block_map": true
        },
        "after_sensitive": {
          "ami": true,
          "list_field": [true, false],
          "map_key": {"dinner": true},
          "map_whole": true,
          "nested_block_map": true
        }
      }
    })json";
    const char* schema = R"json({
      "attributes": {
        "ami": {"type": "string", "optional": true},
        "id": {"type": "string", "optional": true, "computed": true},
        "list_field": {"type": ["list", "string"], "optional": true},
        "map_key": {"type": ["map", "number"], "optional": true},
        "map_whole": {"type": ["map", "string"], "optional": true}
      },
      "block_types": {
        "nested_block_map": {
          "nesting_mode": "map",
          "block": {"attributes": {"an_attr": {"type": "string", "optional": true}}}
        }
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
      ~ ami        = (sensitive value)
        id         = "i-02ae66f368e8518a9"
      ~ list_field = [
          ~ (sensitive value),
            "friends",
        ]
      ~ map_key    = {
          ~ "dinner"    = (sensitive value)
            # (1 unchanged element hidden)
        }
      ~ map_whole  = (sensitive value)

      ~ nested_block_map "foo" {
          # At least one attribute in this block is (or was) sensitive,
          # so its contents will not be displayed.
        }
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("in-place update - value unchanged, sensitivity changes") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {
          "ami": "ami-BEFORE",
          "id": "i-02ae66f368e8518a9",
          "list_field": ["hello", "friends", "!"],
          "map_key": {"breakfast": 800, "dinner": 2000},
          "map_whole": {"breakfast": "pizza", "dinner": "pizza"},
          "nested_block": [{"an_attr": "secretval"}],
          "nested_block_set": [{"an_attr": "secretval"}],
          "some_number": 1,
          "special": true
        },
        "after": {
          "ami": "ami-BEFORE",
          "id": "i-02ae66f368e8518a9",
          "list_field": ["hello", "friends", "!"],
          "map_key": {"breakfast": 800, "dinner": 2000},
          "map_whole": {"breakfast": "pizza", "dinner": "pizza"},
          "nested_block": [{"an_attr": "secretval"}],
          "nested_block_set": [{"an_attr": "secretval"}],
          "some_number": 1,
          "special": true
        },
        "after_unknown": {},
        "before_sensitive": {
          "ami": true,
          "list_field": [false, false, true],
          "map_key": {"dinner": true},
          "map_whole": true,
          "nested_block": true,
          "nested_block_set": true,
          "some_number": true,
          "special": true
        },
        "after_sensitive": {
          "list_field": [false, false, false],
          "map_key": {},
          "map_whole": {},
          "nested_block": [{}],
          "nested_block_set": [{}]
        }
      }
    })json";
    const char* schema = R"json({
      "attributes": {
        "ami": {"type": "string", "optional": true},
        "id": {"type": "string", "optional": true, "computed": true},
        "list_field": {"type": ["list", "string"], "optional": true},
        "map_key": {"type": ["map", "number"], "optional": true},
        "map_whole": {"type": ["map", "string"], "optional": true},
        "some_number": {"type": "number", "optional": true},
        "special": {"type": "bool", "optional": true}
      },
      "block_types": {
        "nested_block": {
          "nesting_mode": "list",
          "block": {"attributes": {"an_attr": {"type": "string", "optional": true}}}
        },
        "nested_block_set": {
          "nesting_mode": "set",
          "block": {"attributes": {"an_attr": {"type": "string", "optional": true}}}
        }
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
      # Warning: this attribute value will no longer be marked as sensitive
      # after applying this change. The value is unchanged.
      ~ ami         = (sensitive value)
        id          = "i-02ae66f368e8518a9"
      ~ list_field  = [
            # (1 unchanged element hidden)
            "friends",
          # Warning: this attribute value will no longer be marked as sensitive
          # after applying this change. The value is unchanged.
          ~ (sensitive value),
        ]
      ~ map_key     = {
          # Warning: this attribute value will no longer be marked as sensitive
          # after applying this change. The value is unchanged.
          ~ "dinner"    = (sensitive value)
            # (1 unchanged element hidden)
        }
      # Warning: this attribute value will no longer be marked as sensitive
      # after applying this change. The value is unchanged.
      ~ map_whole   = (sensitive value)
      # Warning: this attribute value will no longer be marked as sensitive
      # after applying this change. The value is unchanged.
      ~ some_number = (sensitive value)
      # Warning: this attribute value will no longer be marked as sensitive
      # after applying this change. The value is unchanged.
      ~ special     = (sensitive value)

      # Warning: this block will no longer be marked as sensitive
      # after applying this change.
      ~ nested_block {
          # At least one attribute in this block is (or was) sensitive,
          # so its contents will not be displayed.
        }

      # Warning: this block will no longer be marked as sensitive
      # after applying this change.
      ~ nested_block_set {
          # At least one attribute in this block is (or was) sensitive,
          # so its contents will not be displayed.
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
        "before": {
          "ami": "ami-BEFORE",
          "id": "i-02ae66f368e8518a9",
          "list_field": ["hello", "friends"],
          "map_key": {"breakfast": 800, "dinner": 2000},
          "map_whole": {"breakfast": "pizza", "dinner": "pizza"},
          "nested_block_set": [{"an_attr": "secret", "another": "not secret"}]
        },
        "after": null,
        "after_unknown": {},
        "before_sensitive": {
          "ami": true,
          "list_field": [false, true],
          "map_key": {"dinner": true},
          "map_whole": true,
          "nested_block_set": true
        },
        "after_sensitive": false
      }
    })json";
    const char* schema = R"json({
      "attributes": {
        "ami": {"type": "string", "optional": true},
        "id": {"type": "string", "optional": true, "computed": true},
        "list_field": {"type": ["list", "string"], "optional": true},
        "map_key": {"type": ["map", "number"], "optional": true},
        "map_whole": {"type": ["map", "string"], "optional": true}
      },
      "block_types": {
        "nested_block_set": {
          "nesting_mode": "set",
          "block": {
            "attributes": {
              "an_attr": {"type": "string", "optional": true},
              "another": {"type": "string", "optional": true}
            }
          }
        }
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be destroyed
  - resource "test_instance" "example" {
      - ami        = (sensitive value) -> null
      - id         = "i-02ae66f368e8518a9" -> null
      - list_field = [
          - "hello",
          - (sensitive value),
        ] -> null
      - map_key    = {
          - "breakfast" = 800
          - "dinner"    = (sensitive value)
        } -> null
      - map_whole  = (sensitive value) -> null

      - nested_block_set {
          # At least one attribute in this block is (or was) sensitive,
          # so its contents will not be displayed.
        }
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }
}
