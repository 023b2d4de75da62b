// Ported from TestResourceChange_nestedList in Terraform's
// internal/command/jsonformat/plan_test.go @883c722.
//
// Each SECTION is one upstream case. Its input is the resource_changes element
// jsonplan.MarshalResourceChanges writes for the case's cty values, sensitive
// paths and schema (with the schema's own sensitive attributes reported in
// before_sensitive/after_sensitive, and unknowns as after_unknown); the
// schema is the provider-schema JSON jsonprovider would write. The expected
// text is renderHumanDiff's, copied unchanged.
#include <catch2/catch.hpp>

#include "render/plan/plan_test_schemas.h"
#include "support/render_support.h"

namespace {

using tfstream::testing::RenderResourceBlock;
using tfstream::testing::plan::kTestSchemaList;
using tfstream::testing::plan::kTestSchemaPlusList;

}  // namespace

TEST_CASE("TestResourceChange_nestedList", "[plan]") {
  SECTION("in-place update - equal") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {
          "ami": "ami-BEFORE",
          "disks": [{"mount_point": "/var/diska", "size": "50GB"}],
          "id": "i-02ae66f368e8518a9",
          "root_block_device": [{"volume_type": "gp2"}]
        },
        "after": {
          "ami": "ami-AFTER",
          "disks": [{"mount_point": "/var/diska", "size": "50GB"}],
          "id": "i-02ae66f368e8518a9",
          "root_block_device": [{"volume_type": "gp2"}]
        },
        "after_unknown": {},
        "before_sensitive": {"disks": [{}], "root_block_device": [{}]},
        "after_sensitive": {"disks": [{}], "root_block_device": [{}]}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
      ~ ami   = "ami-BEFORE" -> "ami-AFTER"
        id    = "i-02ae66f368e8518a9"
        # (1 unchanged attribute hidden)

        # (1 unchanged block hidden)
    })txt";
    CHECK(RenderResourceBlock(change, kTestSchemaList) == expected);
  }

  SECTION("in-place update - creation") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {"ami": "ami-BEFORE", "disks": [], "id": "i-02ae66f368e8518a9", "root_block_device": []},
        "after": {
          "ami": "ami-AFTER",
          "disks": [{"mount_point": "/var/diska", "size": "50GB"}],
          "id": "i-02ae66f368e8518a9",
          "root_block_device": [{"volume_type": null}]
        },
        "after_unknown": {},
        "before_sensitive": {"disks": [], "root_block_device": []},
        "after_sensitive": {"disks": [{}], "root_block_device": [{}]}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
      ~ ami   = "ami-BEFORE" -> "ami-AFTER"
      ~ disks = [
          + {
              + mount_point = "/var/diska"
              + size        = "50GB"
            },
        ]
        id    = "i-02ae66f368e8518a9"

      + root_block_device {}
    })txt";
    CHECK(RenderResourceBlock(change, kTestSchemaList) == expected);
  }

  SECTION("in-place update - first insertion") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {"ami": "ami-BEFORE", "disks": [], "id": "i-02ae66f368e8518a9", "root_block_device": []},
        "after": {
          "ami": "ami-AFTER",
          "disks": [{"mount_point": "/var/diska", "size": null}],
          "id": "i-02ae66f368e8518a9",
          "root_block_device": [{"volume_type": "gp2"}]
        },
        "after_unknown": {},
        "before_sensitive": {"disks": [], "root_block_device": []},
        "after_sensitive": {"disks": [{}], "root_block_device": [{}]}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
      ~ ami   = "ami-BEFORE" -> "ami-AFTER"
      ~ disks = [
          + {
              + mount_point = "/var/diska"
            },
        ]
        id    = "i-02ae66f368e8518a9"

      + root_block_device {
          + volume_type = "gp2"
        }
    })txt";
    CHECK(RenderResourceBlock(change, kTestSchemaList) == expected);
  }

  SECTION("in-place update - insertion") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {
          "ami": "ami-BEFORE",
          "disks": [
            {"mount_point": "/var/diska", "size": null},
            {"mount_point": "/var/diskb", "size": "50GB"}
          ],
          "id": "i-02ae66f368e8518a9",
          "root_block_device": [{"new_field": null, "volume_type": "gp2"}]
        },
        "after": {
          "ami": "ami-AFTER",
          "disks": [
            {"mount_point": "/var/diska", "size": "50GB"},
            {"mount_point": "/var/diskb", "size": "50GB"}
          ],
          "id": "i-02ae66f368e8518a9",
          "root_block_device": [{"new_field": "new_value", "volume_type": "gp2"}]
        },
        "after_unknown": {},
        "before_sensitive": {"disks": [{}, {}], "root_block_device": [{}]},
        "after_sensitive": {"disks": [{}, {}], "root_block_device": [{}]}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
      ~ ami   = "ami-BEFORE" -> "ami-AFTER"
      ~ disks = [
          ~ {
              + size        = "50GB"
                # (1 unchanged attribute hidden)
            },
            # (1 unchanged element hidden)
        ]
        id    = "i-02ae66f368e8518a9"

      ~ root_block_device {
          + new_field   = "new_value"
            # (1 unchanged attribute hidden)
        }
    })txt";
    CHECK(RenderResourceBlock(change, kTestSchemaPlusList) == expected);
  }

  SECTION("force-new update (inside blocks)") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["delete", "create"],
        "before": {
          "ami": "ami-BEFORE",
          "disks": [{"mount_point": "/var/diska", "size": "50GB"}],
          "id": "i-02ae66f368e8518a9",
          "root_block_device": [{"volume_type": "gp2"}]
        },
        "after": {
          "ami": "ami-AFTER",
          "disks": [{"mount_point": "/var/diskb", "size": "50GB"}],
          "id": "i-02ae66f368e8518a9",
          "root_block_device": [{"volume_type": "different"}]
        },
        "after_unknown": {},
        "before_sensitive": {"disks": [{}], "root_block_device": [{}]},
        "after_sensitive": {"disks": [{}], "root_block_device": [{}]},
        "replace_paths": [["root_block_device", 0, "volume_type"], ["disks", 0, "mount_point"]]
      },
      "action_reason": "replace_because_cannot_update"
    })json";
    const char* expected = R"txt(  # test_instance.example must be replaced
-/+ resource "test_instance" "example" {
      ~ ami   = "ami-BEFORE" -> "ami-AFTER"
      ~ disks = [
          ~ {
              ~ mount_point = "/var/diska" -> "/var/diskb" # forces replacement
                # (1 unchanged attribute hidden)
            },
        ]
        id    = "i-02ae66f368e8518a9"

      ~ root_block_device {
          ~ volume_type = "gp2" -> "different" # forces replacement
        }
    })txt";
    CHECK(RenderResourceBlock(change, kTestSchemaList) == expected);
  }

  SECTION("force-new update (whole block)") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["delete", "create"],
        "before": {
          "ami": "ami-BEFORE",
          "disks": [{"mount_point": "/var/diska", "size": "50GB"}],
          "id": "i-02ae66f368e8518a9",
          "root_block_device": [{"volume_type": "gp2"}]
        },
        "after": {
          "ami": "ami-AFTER",
          "disks": [{"mount_point": "/var/diskb", "size": "50GB"}],
          "id": "i-02ae66f368e8518a9",
          "root_block_device": [{"volume_type": "different"}]
        },
        "after_unknown": {},
        "before_sensitive": {"disks": [{}], "root_block_device": [{}]},
        "after_sensitive": {"disks": [{}], "root_block_device": [{}]},
        "replace_paths": [["root_block_device"], ["disks"]]
      },
      "action_reason": "replace_because_cannot_update"
    })json";
    const char* expected = R"txt(  # test_instance.example must be replaced
-/+ resource "test_instance" "example" {
      ~ ami   = "ami-BEFORE" -> "ami-AFTER"
      ~ disks = [ # forces replacement
          ~ {
              ~ mount_point = "/var/diska" -> "/var/diskb"
                # (1 unchanged attribute hidden)
            },
        ]
        id    = "i-02ae66f368e8518a9"

      ~ root_block_device { # forces replacement
          ~ volume_type = "gp2" -> "different"
        }
    })txt";
    CHECK(RenderResourceBlock(change, kTestSchemaList) == expected);
  }

  SECTION("in-place update - deletion") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {
          "ami": "ami-BEFORE",
          "disks": [{"mount_point": "/var/diska", "size": "50GB"}],
          "id": "i-02ae66f368e8518a9",
          "root_block_device": [{"volume_type": "gp2"}]
        },
        "after": {"ami": "ami-AFTER", "disks": [], "id": "i-02ae66f368e8518a9", "root_block_device": []},
        "after_unknown": {},
        "before_sensitive": {"disks": [{}], "root_block_device": [{}]},
        "after_sensitive": {"disks": [], "root_block_device": []}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
      ~ ami   = "ami-BEFORE" -> "ami-AFTER"
      ~ disks = [
          - {
              - mount_point = "/var/diska" -> null
              - size        = "50GB" -> null
            },
        ]
        id    = "i-02ae66f368e8518a9"

      - root_block_device {
          - volume_type = "gp2" -> null
        }
    })txt";
    CHECK(RenderResourceBlock(change, kTestSchemaList) == expected);
  }

  SECTION("with dynamically-typed attribute") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {"block": []},
        "after": {"block": [{"attr": "foo"}, {"attr": true}]},
        "after_unknown": {},
        "before_sensitive": {"block": []},
        "after_sensitive": {"block": [{}, {}]}
      }
    })json";
    const char* schema = R"json({
      "block_types": {
        "block": {
          "nesting_mode": "list",
          "block": {"attributes": {"attr": {"type": "dynamic", "optional": true}}}
        }
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
      + block {
          + attr = "foo"
        }
      + block {
          + attr = true
        }
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("in-place sequence update - deletion") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {"list": [{"attr": "x"}, {"attr": "y"}]},
        "after": {"list": [{"attr": "y"}, {"attr": "z"}]},
        "after_unknown": {},
        "before_sensitive": {"list": [{}, {}]},
        "after_sensitive": {"list": [{}, {}]}
      }
    })json";
    const char* schema = R"json({
      "block_types": {
        "list": {
          "nesting_mode": "list",
          "block": {"attributes": {"attr": {"type": "string", "required": true}}}
        }
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
      ~ list {
          ~ attr = "x" -> "y"
        }
      ~ list {
          ~ attr = "y" -> "z"
        }
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("in-place update - unknown") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {
          "ami": "ami-BEFORE",
          "disks": [{"mount_point": "/var/diska", "size": "50GB"}],
          "id": "i-02ae66f368e8518a9",
          "root_block_device": [{"new_field": "new_value", "volume_type": "gp2"}]
        },
        "after": {
          "ami": "ami-AFTER",
          "id": "i-02ae66f368e8518a9",
          "root_block_device": [{"new_field": "new_value", "volume_type": "gp2"}]
        },
        "after_unknown": {"disks": true, "root_block_device": [{}]},
        "before_sensitive": {"disks": [{}], "root_block_device": [{}]},
        "after_sensitive": {"disks": [], "root_block_device": [{}]}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
      ~ ami   = "ami-BEFORE" -> "ami-AFTER"
      ~ disks = [
          - {
              - mount_point = "/var/diska" -> null
              - size        = "50GB" -> null
            },
        ] -> (known after apply)
        id    = "i-02ae66f368e8518a9"

        # (1 unchanged block hidden)
    })txt";
    CHECK(RenderResourceBlock(change, kTestSchemaPlusList) == expected);
  }

  SECTION("in-place create - unknown block") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["create"],
        "before": null,
        "after": {
          "ami": "ami-AFTER",
          "disks": [{"mount_point": "/var/diska", "size": "50GB"}],
          "id": "i-02ae66f368e8518a9"
        },
        "after_unknown": {"disks": [{}], "root_block_device": true},
        "before_sensitive": false,
        "after_sensitive": {"disks": [{}], "root_block_device": []}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be created
  + resource "test_instance" "example" {
      + ami   = "ami-AFTER"
      + disks = [
          + {
              + mount_point = "/var/diska"
              + size        = "50GB"
            },
        ]
      + id    = "i-02ae66f368e8518a9"

      + root_block_device (known after apply)
    })txt";
    CHECK(RenderResourceBlock(change, kTestSchemaPlusList) == expected);
  }

  SECTION("in-place update - unknown block") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {
          "ami": "ami-BEFORE",
          "disks": [{"mount_point": "/var/diska", "size": "50GB"}],
          "id": "i-02ae66f368e8518a9",
          "root_block_device": [
            {"new_field": "new_value", "volume_type": "gp1"},
            {"new_field": "new_value", "volume_type": "gp2"}
          ]
        },
        "after": {
          "ami": "ami-AFTER",
          "disks": [{"mount_point": "/var/diska", "size": "50GB"}],
          "id": "i-02ae66f368e8518a9"
        },
        "after_unknown": {"disks": [{}], "root_block_device": true},
        "before_sensitive": {"disks": [{}], "root_block_device": [{}, {}]},
        "after_sensitive": {"disks": [{}], "root_block_device": []}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
      ~ ami   = "ami-BEFORE" -> "ami-AFTER"
        id    = "i-02ae66f368e8518a9"
        # (1 unchanged attribute hidden)

      ~ root_block_device (known after apply)
      - root_block_device {
          - new_field   = "new_value" -> null
          - volume_type = "gp1" -> null
        }
      - root_block_device {
          - new_field   = "new_value" -> null
          - volume_type = "gp2" -> null
        }
    })txt";
    CHECK(RenderResourceBlock(change, kTestSchemaPlusList) == expected);
  }

  SECTION("in-place update - unknown block with replace") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["create", "delete"],
        "before": {
          "ami": "ami-BEFORE",
          "disks": [{"mount_point": "/var/diska", "size": "50GB"}],
          "id": "i-02ae66f368e8518a9",
          "root_block_device": [
            {"new_field": "new_value", "volume_type": "gp1"},
            {"new_field": "new_value", "volume_type": "gp2"}
          ]
        },
        "after": {
          "ami": "ami-AFTER",
          "disks": [{"mount_point": "/var/diska", "size": "50GB"}],
          "id": "i-02ae66f368e8518a9"
        },
        "after_unknown": {"disks": [{}], "root_block_device": true},
        "before_sensitive": {"disks": [{}], "root_block_device": [{}, {}]},
        "after_sensitive": {"disks": [{}], "root_block_device": []},
        "replace_paths": [["root_block_device", 0, "volume_type"], ["root_block_device", 1, "volume_type"]]
      }
    })json";
    const char* expected = R"txt(  # test_instance.example must be replaced
+/- resource "test_instance" "example" {
      ~ ami   = "ami-BEFORE" -> "ami-AFTER"
        id    = "i-02ae66f368e8518a9"
        # (1 unchanged attribute hidden)

      ~ root_block_device (known after apply)
      - root_block_device {
          - new_field   = "new_value" -> null
          - volume_type = "gp1" -> null # forces replacement
        }
      - root_block_device {
          - new_field   = "new_value" -> null
          - volume_type = "gp2" -> null # forces replacement
        }
    })txt";
    CHECK(RenderResourceBlock(change, kTestSchemaPlusList) == expected);
  }

  SECTION("in-place update - modification") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {
          "ami": "ami-BEFORE",
          "disks": [
            {"mount_point": "/var/diska", "size": "50GB"},
            {"mount_point": "/var/diskb", "size": "50GB"},
            {"mount_point": "/var/diskc", "size": "50GB"}
          ],
          "id": "i-02ae66f368e8518a9",
          "root_block_device": [{"new_field": "new_value", "volume_type": "gp2"}]
        },
        "after": {
          "ami": "ami-AFTER",
          "disks": [
            {"mount_point": "/var/diska", "size": "50GB"},
            {"mount_point": "/var/diskb", "size": "75GB"},
            {"mount_point": "/var/diskc", "size": "25GB"}
          ],
          "id": "i-02ae66f368e8518a9",
          "root_block_device": [{"new_field": "new_value", "volume_type": "gp2"}]
        },
        "after_unknown": {},
        "before_sensitive": {"disks": [{}, {}, {}], "root_block_device": [{}]},
        "after_sensitive": {"disks": [{}, {}, {}], "root_block_device": [{}]}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
      ~ ami   = "ami-BEFORE" -> "ami-AFTER"
      ~ disks = [
          ~ {
              ~ size        = "50GB" -> "75GB"
                # (1 unchanged attribute hidden)
            },
          ~ {
              ~ size        = "50GB" -> "25GB"
                # (1 unchanged attribute hidden)
            },
            # (1 unchanged element hidden)
        ]
        id    = "i-02ae66f368e8518a9"

        # (1 unchanged block hidden)
    })txt";
    CHECK(RenderResourceBlock(change, kTestSchemaPlusList) == expected);
  }
}
