// Ported from TestResourceChange_nestedSet in Terraform's
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
using tfstream::testing::plan::kTestSchemaPlusSet;
using tfstream::testing::plan::kTestSchemaSet;

}  // namespace

TEST_CASE("TestResourceChange_nestedSet", "[plan]") {
  SECTION("creation from null - sensitive set") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["create"],
        "before": null,
        "after": {
          "ami": "ami-AFTER",
          "disks": [{"mount_point": "/var/diska", "size": null}],
          "id": "i-02ae66f368e8518a9",
          "root_block_device": [{"volume_type": "gp2"}]
        },
        "after_unknown": {},
        "before_sensitive": false,
        "after_sensitive": {"disks": true, "root_block_device": [{}]}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be created
  + resource "test_instance" "example" {
      + ami   = "ami-AFTER"
      + disks = (sensitive value)
      + id    = "i-02ae66f368e8518a9"

      + root_block_device {
          + volume_type = "gp2"
        }
    })txt";
    CHECK(RenderResourceBlock(change, kTestSchemaSet) == expected);
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
    CHECK(RenderResourceBlock(change, kTestSchemaSet) == expected);
  }

  SECTION("in-place update - creation - sensitive set") {
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
        "after_sensitive": {"disks": true, "root_block_device": [{}]}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
      ~ ami   = "ami-BEFORE" -> "ami-AFTER"
      # Warning: this attribute value will be marked as sensitive and will not
      # display in UI output after applying this change.
      ~ disks = (sensitive value)
        id    = "i-02ae66f368e8518a9"

      + root_block_device {
          + volume_type = "gp2"
        }
    })txt";
    CHECK(RenderResourceBlock(change, kTestSchemaSet) == expected);
  }

  SECTION("in-place update - marking set sensitive") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {
          "ami": "ami-BEFORE",
          "disks": [{"mount_point": "/var/diska", "size": "50GB"}],
          "id": "i-02ae66f368e8518a9",
          "root_block_device": []
        },
        "after": {
          "ami": "ami-AFTER",
          "disks": [{"mount_point": "/var/diska", "size": "50GB"}],
          "id": "i-02ae66f368e8518a9",
          "root_block_device": []
        },
        "after_unknown": {},
        "before_sensitive": {"disks": [{}], "root_block_device": []},
        "after_sensitive": {"disks": true, "root_block_device": []}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
      ~ ami   = "ami-BEFORE" -> "ami-AFTER"
      # Warning: this attribute value will be marked as sensitive and will not
      # display in UI output after applying this change. The value is unchanged.
      ~ disks = (sensitive value)
        id    = "i-02ae66f368e8518a9"
    })txt";
    CHECK(RenderResourceBlock(change, kTestSchemaSet) == expected);
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
            {"mount_point": "/var/diskb", "size": "100GB"}
          ],
          "id": "i-02ae66f368e8518a9",
          "root_block_device": [{"new_field": null, "volume_type": "gp2"}]
        },
        "after": {
          "ami": "ami-AFTER",
          "disks": [
            {"mount_point": "/var/diska", "size": "50GB"},
            {"mount_point": "/var/diskb", "size": "100GB"}
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
          - {
              - mount_point = "/var/diska" -> null
            },
          + {
              + mount_point = "/var/diska"
              + size        = "50GB"
            },
            # (1 unchanged element hidden)
        ]
        id    = "i-02ae66f368e8518a9"

      - root_block_device {
          - volume_type = "gp2" -> null
        }
      + root_block_device {
          + new_field   = "new_value"
          + volume_type = "gp2"
        }
    })txt";
    CHECK(RenderResourceBlock(change, kTestSchemaPlusSet) == expected);
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
      ~ disks = [
          - { # forces replacement
              - mount_point = "/var/diska" -> null
              - size        = "50GB" -> null
            },
          + { # forces replacement
              + mount_point = "/var/diskb"
              + size        = "50GB"
            },
        ]
        id    = "i-02ae66f368e8518a9"

      - root_block_device { # forces replacement
          - volume_type = "gp2" -> null
        }
      + root_block_device { # forces replacement
          + volume_type = "different"
        }
    })txt";
    CHECK(RenderResourceBlock(change, kTestSchemaSet) == expected);
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
          "root_block_device": [{"new_field": "new_value", "volume_type": "gp2"}]
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
          - new_field   = "new_value" -> null
          - volume_type = "gp2" -> null
        }
    })txt";
    CHECK(RenderResourceBlock(change, kTestSchemaPlusSet) == expected);
  }

  SECTION("in-place update - empty nested sets") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {"ami": "ami-BEFORE", "disks": null, "id": "i-02ae66f368e8518a9", "root_block_device": []},
        "after": {"ami": "ami-AFTER", "disks": [], "id": "i-02ae66f368e8518a9", "root_block_device": []},
        "after_unknown": {},
        "before_sensitive": {"root_block_device": []},
        "after_sensitive": {"disks": [], "root_block_device": []}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
      ~ ami   = "ami-BEFORE" -> "ami-AFTER"
      + disks = []
        id    = "i-02ae66f368e8518a9"
    })txt";
    CHECK(RenderResourceBlock(change, kTestSchemaSet) == expected);
  }

  SECTION("in-place update - null insertion") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {
          "ami": "ami-BEFORE",
          "disks": null,
          "id": "i-02ae66f368e8518a9",
          "root_block_device": [{"new_field": null, "volume_type": "gp2"}]
        },
        "after": {
          "ami": "ami-AFTER",
          "disks": [{"mount_point": "/var/diska", "size": "50GB"}],
          "id": "i-02ae66f368e8518a9",
          "root_block_device": [{"new_field": "new_value", "volume_type": "gp2"}]
        },
        "after_unknown": {},
        "before_sensitive": {"root_block_device": [{}]},
        "after_sensitive": {"disks": [{}], "root_block_device": [{}]}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
      ~ ami   = "ami-BEFORE" -> "ami-AFTER"
      + disks = [
          + {
              + mount_point = "/var/diska"
              + size        = "50GB"
            },
        ]
        id    = "i-02ae66f368e8518a9"

      - root_block_device {
          - volume_type = "gp2" -> null
        }
      + root_block_device {
          + new_field   = "new_value"
          + volume_type = "gp2"
        }
    })txt";
    CHECK(RenderResourceBlock(change, kTestSchemaPlusSet) == expected);
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
    CHECK(RenderResourceBlock(change, kTestSchemaPlusSet) == expected);
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
    CHECK(RenderResourceBlock(change, kTestSchemaPlusSet) == expected);
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
    CHECK(RenderResourceBlock(change, kTestSchemaPlusSet) == expected);
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
    CHECK(RenderResourceBlock(change, kTestSchemaPlusSet) == expected);
  }
}
