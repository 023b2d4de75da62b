// Ported from TestResourceChange_nestedMap in Terraform's
// internal/command/jsonformat/plan_test.go @883c722 (part 1 of 2).
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
using tfstream::testing::plan::kTestSchemaMap;
using tfstream::testing::plan::kTestSchemaPlusMap;

}  // namespace

TEST_CASE("TestResourceChange_nestedMap (part 1 of 2)", "[plan]") {
  SECTION("creation from null") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {"ami": null, "disks": null, "id": null, "root_block_device": null},
        "after": {
          "ami": "ami-AFTER",
          "disks": {"disk_a": {"mount_point": "/var/diska", "size": null}},
          "id": "i-02ae66f368e8518a9",
          "root_block_device": {"a": {"volume_type": "gp2"}}
        },
        "after_unknown": {},
        "before_sensitive": {},
        "after_sensitive": {"disks": {"disk_a": {}}, "root_block_device": {"a": {}}}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
      + ami   = "ami-AFTER"
      + disks = {
          + "disk_a" = {
              + mount_point = "/var/diska"
            },
        }
      + id    = "i-02ae66f368e8518a9"

      + root_block_device "a" {
          + volume_type = "gp2"
        }
    })txt";
    CHECK(RenderResourceBlock(change, kTestSchemaMap) == expected);
  }

  SECTION("in-place update - creation") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {"ami": "ami-BEFORE", "disks": {}, "id": "i-02ae66f368e8518a9", "root_block_device": {}},
        "after": {
          "ami": "ami-AFTER",
          "disks": {"disk_a": {"mount_point": "/var/diska", "size": null}},
          "id": "i-02ae66f368e8518a9",
          "root_block_device": {"a": {"volume_type": "gp2"}}
        },
        "after_unknown": {},
        "before_sensitive": {"disks": {}, "root_block_device": {}},
        "after_sensitive": {"disks": {"disk_a": {}}, "root_block_device": {"a": {}}}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
      ~ ami   = "ami-BEFORE" -> "ami-AFTER"
      ~ disks = {
          + "disk_a" = {
              + mount_point = "/var/diska"
            },
        }
        id    = "i-02ae66f368e8518a9"

      + root_block_device "a" {
          + volume_type = "gp2"
        }
    })txt";
    CHECK(RenderResourceBlock(change, kTestSchemaMap) == expected);
  }

  SECTION("in-place update - change attr") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {
          "ami": "ami-BEFORE",
          "disks": {"disk_a": {"mount_point": "/var/diska", "size": null}},
          "id": "i-02ae66f368e8518a9",
          "root_block_device": {"a": {"new_field": null, "volume_type": "gp2"}}
        },
        "after": {
          "ami": "ami-AFTER",
          "disks": {"disk_a": {"mount_point": "/var/diska", "size": "50GB"}},
          "id": "i-02ae66f368e8518a9",
          "root_block_device": {"a": {"new_field": "new_value", "volume_type": "gp2"}}
        },
        "after_unknown": {},
        "before_sensitive": {"disks": {"disk_a": {}}, "root_block_device": {"a": {}}},
        "after_sensitive": {"disks": {"disk_a": {}}, "root_block_device": {"a": {}}}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
      ~ ami   = "ami-BEFORE" -> "ami-AFTER"
      ~ disks = {
          ~ "disk_a" = {
              + size        = "50GB"
                # (1 unchanged attribute hidden)
            },
        }
        id    = "i-02ae66f368e8518a9"

      ~ root_block_device "a" {
          + new_field   = "new_value"
            # (1 unchanged attribute hidden)
        }
    })txt";
    CHECK(RenderResourceBlock(change, kTestSchemaPlusMap) == expected);
  }

  SECTION("in-place update - insertion") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {
          "ami": "ami-BEFORE",
          "disks": {"disk_a": {"mount_point": "/var/diska", "size": "50GB"}},
          "id": "i-02ae66f368e8518a9",
          "root_block_device": {"a": {"new_field": null, "volume_type": "gp2"}}
        },
        "after": {
          "ami": "ami-AFTER",
          "disks": {
            "disk_2": {"mount_point": "/var/disk2", "size": "50GB"},
            "disk_a": {"mount_point": "/var/diska", "size": "50GB"}
          },
          "id": "i-02ae66f368e8518a9",
          "root_block_device": {
            "a": {"new_field": null, "volume_type": "gp2"},
            "b": {"new_field": "new_value", "volume_type": "gp2"}
          }
        },
        "after_unknown": {},
        "before_sensitive": {"disks": {"disk_a": {}}, "root_block_device": {"a": {}}},
        "after_sensitive": {"disks": {"disk_2": {}, "disk_a": {}}, "root_block_device": {"a": {}, "b": {}}}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
      ~ ami   = "ami-BEFORE" -> "ami-AFTER"
      ~ disks = {
          + "disk_2" = {
              + mount_point = "/var/disk2"
              + size        = "50GB"
            },
            # (1 unchanged element hidden)
        }
        id    = "i-02ae66f368e8518a9"

      + root_block_device "b" {
          + new_field   = "new_value"
          + volume_type = "gp2"
        }

        # (1 unchanged block hidden)
    })txt";
    CHECK(RenderResourceBlock(change, kTestSchemaPlusMap) == expected);
  }

  SECTION("force-new update (whole block)") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["delete", "create"],
        "before": {
          "ami": "ami-BEFORE",
          "disks": {"disk_a": {"mount_point": "/var/diska", "size": "50GB"}},
          "id": "i-02ae66f368e8518a9",
          "root_block_device": {"a": {"volume_type": "gp2"}, "b": {"volume_type": "standard"}}
        },
        "after": {
          "ami": "ami-AFTER",
          "disks": {"disk_a": {"mount_point": "/var/diska", "size": "100GB"}},
          "id": "i-02ae66f368e8518a9",
          "root_block_device": {"a": {"volume_type": "different"}, "b": {"volume_type": "standard"}}
        },
        "after_unknown": {},
        "before_sensitive": {"disks": {"disk_a": {}}, "root_block_device": {"a": {}, "b": {}}},
        "after_sensitive": {"disks": {"disk_a": {}}, "root_block_device": {"a": {}, "b": {}}},
        "replace_paths": [["root_block_device", "a"], ["disks"]]
      },
      "action_reason": "replace_because_cannot_update"
    })json";
    const char* expected = R"txt(  # test_instance.example must be replaced
-/+ resource "test_instance" "example" {
      ~ ami   = "ami-BEFORE" -> "ami-AFTER"
      ~ disks = {
          ~ "disk_a" = { # forces replacement
              ~ size        = "50GB" -> "100GB"
                # (1 unchanged attribute hidden)
            },
        }
        id    = "i-02ae66f368e8518a9"

      ~ root_block_device "a" { # forces replacement
          ~ volume_type = "gp2" -> "different"
        }

        # (1 unchanged block hidden)
    })txt";
    CHECK(RenderResourceBlock(change, kTestSchemaMap) == expected);
  }

  SECTION("in-place update - deletion") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {
          "ami": "ami-BEFORE",
          "disks": {"disk_a": {"mount_point": "/var/diska", "size": "50GB"}},
          "id": "i-02ae66f368e8518a9",
          "root_block_device": {"a": {"new_field": "new_value", "volume_type": "gp2"}}
        },
        "after": {"ami": "ami-AFTER", "disks": {}, "id": "i-02ae66f368e8518a9", "root_block_device": {}},
        "after_unknown": {},
        "before_sensitive": {"disks": {"disk_a": {}}, "root_block_device": {"a": {}}},
        "after_sensitive": {"disks": {}, "root_block_device": {}}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
      ~ ami   = "ami-BEFORE" -> "ami-AFTER"
      ~ disks = {
          - "disk_a" = {
              - mount_point = "/var/diska" -> null
              - size        = "50GB" -> null
            },
        }
        id    = "i-02ae66f368e8518a9"

      - root_block_device "a" {
          - new_field   = "new_value" -> null
          - volume_type = "gp2" -> null
        }
    })txt";
    CHECK(RenderResourceBlock(change, kTestSchemaPlusMap) == expected);
  }

  SECTION("in-place update - unknown") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {
          "ami": "ami-BEFORE",
          "disks": {"disk_a": {"mount_point": "/var/diska", "size": "50GB"}},
          "id": "i-02ae66f368e8518a9",
          "root_block_device": {"a": {"new_field": "new_value", "volume_type": "gp2"}}
        },
        "after": {
          "ami": "ami-AFTER",
          "id": "i-02ae66f368e8518a9",
          "root_block_device": {"a": {"new_field": "new_value", "volume_type": "gp2"}}
        },
        "after_unknown": {"disks": true, "root_block_device": {"a": {}}},
        "before_sensitive": {"disks": {"disk_a": {}}, "root_block_device": {"a": {}}},
        "after_sensitive": {"disks": {}, "root_block_device": {"a": {}}}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
      ~ ami   = "ami-BEFORE" -> "ami-AFTER"
      ~ disks = {
          - "disk_a" = {
              - mount_point = "/var/diska" -> null
              - size        = "50GB" -> null
            },
        } -> (known after apply)
        id    = "i-02ae66f368e8518a9"

        # (1 unchanged block hidden)
    })txt";
    CHECK(RenderResourceBlock(change, kTestSchemaPlusMap) == expected);
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
          "disks": {"diska": {"mount_point": "/var/diska", "size": "50GB"}},
          "id": "i-02ae66f368e8518a9"
        },
        "after_unknown": {"disks": {"diska": {}}, "root_block_device": true},
        "before_sensitive": false,
        "after_sensitive": {"disks": {"diska": {}}, "root_block_device": {}}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be created
  + resource "test_instance" "example" {
      + ami   = "ami-AFTER"
      + disks = {
          + "diska" = {
              + mount_point = "/var/diska"
              + size        = "50GB"
            },
        }
      + id    = "i-02ae66f368e8518a9"

      + root_block_device (known after apply)
    })txt";
    CHECK(RenderResourceBlock(change, kTestSchemaPlusMap) == expected);
  }

  SECTION("in-place update - unknown block") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {
          "ami": "ami-BEFORE",
          "disks": {"diska": {"mount_point": "/var/diska", "size": "50GB"}},
          "id": "i-02ae66f368e8518a9",
          "root_block_device": {
            "gp1": {"new_field": "new_value", "volume_type": "gp1"},
            "gp2": {"new_field": "new_value", "volume_type": "gp2"}
          }
        },
        "after": {
          "ami": "ami-AFTER",
          "disks": {"diska": {"mount_point": "/var/diska", "size": "50GB"}},
          "id": "i-02ae66f368e8518a9"
        },
        "after_unknown": {"disks": {"diska": {}}, "root_block_device": true},
        "before_sensitive": {"disks": {"diska": {}}, "root_block_device": {"gp1": {}, "gp2": {}}},
        "after_sensitive": {"disks": {"diska": {}}, "root_block_device": {}}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
      ~ ami   = "ami-BEFORE" -> "ami-AFTER"
        id    = "i-02ae66f368e8518a9"
        # (1 unchanged attribute hidden)

      ~ root_block_device (known after apply)
      - root_block_device "gp1" {
          - new_field   = "new_value" -> null
          - volume_type = "gp1" -> null
        }
      - root_block_device "gp2" {
          - new_field   = "new_value" -> null
          - volume_type = "gp2" -> null
        }
    })txt";
    CHECK(RenderResourceBlock(change, kTestSchemaPlusMap) == expected);
  }

  SECTION("in-place update - unknown block with replace") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["create", "delete"],
        "before": {
          "ami": "ami-BEFORE",
          "disks": {"diska": {"mount_point": "/var/diska", "size": "50GB"}},
          "id": "i-02ae66f368e8518a9",
          "root_block_device": {
            "gp1": {"new_field": "new_value", "volume_type": "gp1"},
            "gp2": {"new_field": "new_value", "volume_type": "gp2"}
          }
        },
        "after": {
          "ami": "ami-AFTER",
          "disks": {"diska": {"mount_point": "/var/diska", "size": "50GB"}},
          "id": "i-02ae66f368e8518a9"
        },
        "after_unknown": {"disks": {"diska": {}}, "root_block_device": true},
        "before_sensitive": {"disks": {"diska": {}}, "root_block_device": {"gp1": {}, "gp2": {}}},
        "after_sensitive": {"disks": {"diska": {}}, "root_block_device": {}},
        "replace_paths": [
          ["root_block_device", "gp1", "volume_type"],
          ["root_block_device", "gp2", "volume_type"]
        ]
      }
    })json";
    const char* expected = R"txt(  # test_instance.example must be replaced
+/- resource "test_instance" "example" {
      ~ ami   = "ami-BEFORE" -> "ami-AFTER"
        id    = "i-02ae66f368e8518a9"
        # (1 unchanged attribute hidden)

      ~ root_block_device (known after apply)
      - root_block_device "gp1" {
          - new_field   = "new_value" -> null
          - volume_type = "gp1" -> null # forces replacement
        }
      - root_block_device "gp2" {
          - new_field   = "new_value" -> null
          - volume_type = "gp2" -> null # forces replacement
        }
    })txt";
    CHECK(RenderResourceBlock(change, kTestSchemaPlusMap) == expected);
  }

  SECTION("in-place update - insertion sensitive") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {
          "ami": "ami-BEFORE",
          "disks": {},
          "id": "i-02ae66f368e8518a9",
          "root_block_device": {"a": {"new_field": "new_value", "volume_type": "gp2"}}
        },
        "after": {
          "ami": "ami-AFTER",
          "disks": {"disk_a": {"mount_point": "/var/diska", "size": "50GB"}},
          "id": "i-02ae66f368e8518a9",
          "root_block_device": {"a": {"new_field": "new_value", "volume_type": "gp2"}}
        },
        "after_unknown": {},
        "before_sensitive": {"disks": {}, "root_block_device": {"a": {}}},
        "after_sensitive": {"disks": {"disk_a": {"mount_point": true}}, "root_block_device": {"a": {}}}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
      ~ ami   = "ami-BEFORE" -> "ami-AFTER"
      ~ disks = {
          + "disk_a" = {
              + mount_point = (sensitive value)
              + size        = "50GB"
            },
        }
        id    = "i-02ae66f368e8518a9"

        # (1 unchanged block hidden)
    })txt";
    CHECK(RenderResourceBlock(change, kTestSchemaPlusMap) == expected);
  }

  SECTION("in-place update - multiple unchanged blocks") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {
          "ami": "ami-BEFORE",
          "disks": {"disk_a": {"mount_point": "/var/diska", "size": "50GB"}},
          "id": "i-02ae66f368e8518a9",
          "root_block_device": {"a": {"volume_type": "gp2"}, "b": {"volume_type": "gp2"}}
        },
        "after": {
          "ami": "ami-AFTER",
          "disks": {"disk_a": {"mount_point": "/var/diska", "size": "50GB"}},
          "id": "i-02ae66f368e8518a9",
          "root_block_device": {"a": {"volume_type": "gp2"}, "b": {"volume_type": "gp2"}}
        },
        "after_unknown": {},
        "before_sensitive": {"disks": {"disk_a": {}}, "root_block_device": {"a": {}, "b": {}}},
        "after_sensitive": {"disks": {"disk_a": {}}, "root_block_device": {"a": {}, "b": {}}}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
      ~ ami   = "ami-BEFORE" -> "ami-AFTER"
        id    = "i-02ae66f368e8518a9"
        # (1 unchanged attribute hidden)

        # (2 unchanged blocks hidden)
    })txt";
    CHECK(RenderResourceBlock(change, kTestSchemaMap) == expected);
  }

  SECTION("in-place update - multiple blocks first changed") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {
          "ami": "ami-BEFORE",
          "disks": {"disk_a": {"mount_point": "/var/diska", "size": "50GB"}},
          "id": "i-02ae66f368e8518a9",
          "root_block_device": {"a": {"volume_type": "gp2"}, "b": {"volume_type": "gp2"}}
        },
        "after": {
          "ami": "ami-AFTER",
          "disks": {"disk_a": {"mount_point": "/var/diska", "size": "50GB"}},
          "id": "i-02ae66f368e8518a9",
          "root_block_device": {"a": {"volume_type": "gp2"}, "b": {"volume_type": "gp3"}}
        },
        "after_unknown": {},
        "before_sensitive": {"disks": {"disk_a": {}}, "root_block_device": {"a": {}, "b": {}}},
        "after_sensitive": {"disks": {"disk_a": {}}, "root_block_device": {"a": {}, "b": {}}}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
      ~ ami   = "ami-BEFORE" -> "ami-AFTER"
        id    = "i-02ae66f368e8518a9"
        # (1 unchanged attribute hidden)

      ~ root_block_device "b" {
          ~ volume_type = "gp2" -> "gp3"
        }

        # (1 unchanged block hidden)
    })txt";
    CHECK(RenderResourceBlock(change, kTestSchemaMap) == expected);
  }

  SECTION("in-place update - multiple blocks second changed") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {
          "ami": "ami-BEFORE",
          "disks": {"disk_a": {"mount_point": "/var/diska", "size": "50GB"}},
          "id": "i-02ae66f368e8518a9",
          "root_block_device": {"a": {"volume_type": "gp2"}, "b": {"volume_type": "gp2"}}
        },
        "after": {
          "ami": "ami-AFTER",
          "disks": {"disk_a": {"mount_point": "/var/diska", "size": "50GB"}},
          "id": "i-02ae66f368e8518a9",
          "root_block_device": {"a": {"volume_type": "gp3"}, "b": {"volume_type": "gp2"}}
        },
        "after_unknown": {},
        "before_sensitive": {"disks": {"disk_a": {}}, "root_block_device": {"a": {}, "b": {}}},
        "after_sensitive": {"disks": {"disk_a": {}}, "root_block_device": {"a": {}, "b": {}}}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
      ~ ami   = "ami-BEFORE" -> "ami-AFTER"
        id    = "i-02ae66f368e8518a9"
        # (1 unchanged attribute hidden)

      ~ root_block_device "a" {
          ~ volume_type = "gp2" -> "gp3"
        }

        # (1 unchanged block hidden)
    })txt";
    CHECK(RenderResourceBlock(change, kTestSchemaMap) == expected);
  }
}
