// Ported from TestResourceChange_nestedMap in Terraform's
// internal/command/jsonformat/plan_test.go @883c722 (part 2 of 2).
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
using tfstream::testing::plan::kTestSchemaMultipleBlocksMap;

}  // namespace

TEST_CASE("TestResourceChange_nestedMap (part 2 of 2)", "[plan]") {
  SECTION("in-place update - multiple blocks changed") {
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
          "root_block_device": {"a": {"volume_type": "gp3"}, "b": {"volume_type": "gp3"}}
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
      ~ root_block_device "b" {
          ~ volume_type = "gp2" -> "gp3"
        }
    })txt";
    CHECK(RenderResourceBlock(change, kTestSchemaMap) == expected);
  }

  SECTION("in-place update - multiple different unchanged blocks") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {
          "ami": "ami-BEFORE",
          "disks": {"disk_a": {"mount_point": "/var/diska", "size": "50GB"}},
          "id": "i-02ae66f368e8518a9",
          "leaf_block_device": {"b": {"volume_type": "gp2"}},
          "root_block_device": {"a": {"volume_type": "gp2"}}
        },
        "after": {
          "ami": "ami-AFTER",
          "disks": {"disk_a": {"mount_point": "/var/diska", "size": "50GB"}},
          "id": "i-02ae66f368e8518a9",
          "leaf_block_device": {"b": {"volume_type": "gp2"}},
          "root_block_device": {"a": {"volume_type": "gp2"}}
        },
        "after_unknown": {},
        "before_sensitive": {
          "disks": {"disk_a": {}},
          "leaf_block_device": {"b": {}},
          "root_block_device": {"a": {}}
        },
        "after_sensitive": {
          "disks": {"disk_a": {}},
          "leaf_block_device": {"b": {}},
          "root_block_device": {"a": {}}
        }
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
      ~ ami   = "ami-BEFORE" -> "ami-AFTER"
        id    = "i-02ae66f368e8518a9"
        # (1 unchanged attribute hidden)

        # (2 unchanged blocks hidden)
    })txt";
    CHECK(RenderResourceBlock(change, kTestSchemaMultipleBlocksMap) == expected);
  }

  SECTION("in-place update - multiple different blocks first changed") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {
          "ami": "ami-BEFORE",
          "disks": {"disk_a": {"mount_point": "/var/diska", "size": "50GB"}},
          "id": "i-02ae66f368e8518a9",
          "leaf_block_device": {"b": {"volume_type": "gp2"}},
          "root_block_device": {"a": {"volume_type": "gp2"}}
        },
        "after": {
          "ami": "ami-AFTER",
          "disks": {"disk_a": {"mount_point": "/var/diska", "size": "50GB"}},
          "id": "i-02ae66f368e8518a9",
          "leaf_block_device": {"b": {"volume_type": "gp3"}},
          "root_block_device": {"a": {"volume_type": "gp2"}}
        },
        "after_unknown": {},
        "before_sensitive": {
          "disks": {"disk_a": {}},
          "leaf_block_device": {"b": {}},
          "root_block_device": {"a": {}}
        },
        "after_sensitive": {
          "disks": {"disk_a": {}},
          "leaf_block_device": {"b": {}},
          "root_block_device": {"a": {}}
        }
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
      ~ ami   = "ami-BEFORE" -> "ami-AFTER"
        id    = "i-02ae66f368e8518a9"
        # (1 unchanged attribute hidden)

      ~ leaf_block_device "b" {
          ~ volume_type = "gp2" -> "gp3"
        }

        # (1 unchanged block hidden)
    })txt";
    CHECK(RenderResourceBlock(change, kTestSchemaMultipleBlocksMap) == expected);
  }

  SECTION("in-place update - multiple different blocks second changed") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {
          "ami": "ami-BEFORE",
          "disks": {"disk_a": {"mount_point": "/var/diska", "size": "50GB"}},
          "id": "i-02ae66f368e8518a9",
          "leaf_block_device": {"b": {"volume_type": "gp2"}},
          "root_block_device": {"a": {"volume_type": "gp2"}}
        },
        "after": {
          "ami": "ami-AFTER",
          "disks": {"disk_a": {"mount_point": "/var/diska", "size": "50GB"}},
          "id": "i-02ae66f368e8518a9",
          "leaf_block_device": {"b": {"volume_type": "gp2"}},
          "root_block_device": {"a": {"volume_type": "gp3"}}
        },
        "after_unknown": {},
        "before_sensitive": {
          "disks": {"disk_a": {}},
          "leaf_block_device": {"b": {}},
          "root_block_device": {"a": {}}
        },
        "after_sensitive": {
          "disks": {"disk_a": {}},
          "leaf_block_device": {"b": {}},
          "root_block_device": {"a": {}}
        }
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
    CHECK(RenderResourceBlock(change, kTestSchemaMultipleBlocksMap) == expected);
  }

  SECTION("in-place update - multiple different blocks changed") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {
          "ami": "ami-BEFORE",
          "disks": {"disk_a": {"mount_point": "/var/diska", "size": "50GB"}},
          "id": "i-02ae66f368e8518a9",
          "leaf_block_device": {"b": {"volume_type": "gp2"}},
          "root_block_device": {"a": {"volume_type": "gp2"}}
        },
        "after": {
          "ami": "ami-AFTER",
          "disks": {"disk_a": {"mount_point": "/var/diska", "size": "50GB"}},
          "id": "i-02ae66f368e8518a9",
          "leaf_block_device": {"b": {"volume_type": "gp3"}},
          "root_block_device": {"a": {"volume_type": "gp3"}}
        },
        "after_unknown": {},
        "before_sensitive": {
          "disks": {"disk_a": {}},
          "leaf_block_device": {"b": {}},
          "root_block_device": {"a": {}}
        },
        "after_sensitive": {
          "disks": {"disk_a": {}},
          "leaf_block_device": {"b": {}},
          "root_block_device": {"a": {}}
        }
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
      ~ ami   = "ami-BEFORE" -> "ami-AFTER"
        id    = "i-02ae66f368e8518a9"
        # (1 unchanged attribute hidden)

      ~ leaf_block_device "b" {
          ~ volume_type = "gp2" -> "gp3"
        }

      ~ root_block_device "a" {
          ~ volume_type = "gp2" -> "gp3"
        }
    })txt";
    CHECK(RenderResourceBlock(change, kTestSchemaMultipleBlocksMap) == expected);
  }

  SECTION("in-place update - mixed blocks unchanged") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {
          "ami": "ami-BEFORE",
          "disks": {"disk_a": {"mount_point": "/var/diska", "size": "50GB"}},
          "id": "i-02ae66f368e8518a9",
          "leaf_block_device": {"a": {"volume_type": "gp2"}, "b": {"volume_type": "gp2"}},
          "root_block_device": {"a": {"volume_type": "gp2"}, "b": {"volume_type": "gp2"}}
        },
        "after": {
          "ami": "ami-AFTER",
          "disks": {"disk_a": {"mount_point": "/var/diska", "size": "50GB"}},
          "id": "i-02ae66f368e8518a9",
          "leaf_block_device": {"a": {"volume_type": "gp2"}, "b": {"volume_type": "gp2"}},
          "root_block_device": {"a": {"volume_type": "gp2"}, "b": {"volume_type": "gp2"}}
        },
        "after_unknown": {},
        "before_sensitive": {
          "disks": {"disk_a": {}},
          "leaf_block_device": {"a": {}, "b": {}},
          "root_block_device": {"a": {}, "b": {}}
        },
        "after_sensitive": {
          "disks": {"disk_a": {}},
          "leaf_block_device": {"a": {}, "b": {}},
          "root_block_device": {"a": {}, "b": {}}
        }
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
      ~ ami   = "ami-BEFORE" -> "ami-AFTER"
        id    = "i-02ae66f368e8518a9"
        # (1 unchanged attribute hidden)

        # (4 unchanged blocks hidden)
    })txt";
    CHECK(RenderResourceBlock(change, kTestSchemaMultipleBlocksMap) == expected);
  }

  SECTION("in-place update - mixed blocks changed") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {
          "ami": "ami-BEFORE",
          "disks": {"disk_a": {"mount_point": "/var/diska", "size": "50GB"}},
          "id": "i-02ae66f368e8518a9",
          "leaf_block_device": {"a": {"volume_type": "gp2"}, "b": {"volume_type": "gp2"}},
          "root_block_device": {"a": {"volume_type": "gp2"}, "b": {"volume_type": "gp2"}}
        },
        "after": {
          "ami": "ami-AFTER",
          "disks": {"disk_a": {"mount_point": "/var/diska", "size": "50GB"}},
          "id": "i-02ae66f368e8518a9",
          "leaf_block_device": {"a": {"volume_type": "gp2"}, "b": {"volume_type": "gp3"}},
          "root_block_device": {"a": {"volume_type": "gp2"}, "b": {"volume_type": "gp3"}}
        },
        "after_unknown": {},
        "before_sensitive": {
          "disks": {"disk_a": {}},
          "leaf_block_device": {"a": {}, "b": {}},
          "root_block_device": {"a": {}, "b": {}}
        },
        "after_sensitive": {
          "disks": {"disk_a": {}},
          "leaf_block_device": {"a": {}, "b": {}},
          "root_block_device": {"a": {}, "b": {}}
        }
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
      ~ ami   = "ami-BEFORE" -> "ami-AFTER"
        id    = "i-02ae66f368e8518a9"
        # (1 unchanged attribute hidden)

      ~ leaf_block_device "b" {
          ~ volume_type = "gp2" -> "gp3"
        }

      ~ root_block_device "b" {
          ~ volume_type = "gp2" -> "gp3"
        }

        # (2 unchanged blocks hidden)
    })txt";
    CHECK(RenderResourceBlock(change, kTestSchemaMultipleBlocksMap) == expected);
  }
}
