// Ported from TestResourceChange_nestedSingle in Terraform's
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
using tfstream::testing::plan::kTestSchemaPlusSingle;
using tfstream::testing::plan::kTestSchemaSingle;

}  // namespace

TEST_CASE("TestResourceChange_nestedSingle", "[plan]") {
  SECTION("in-place update - equal") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {
          "ami": "ami-BEFORE",
          "disk": {"mount_point": "/var/diska", "size": "50GB"},
          "id": "i-02ae66f368e8518a9",
          "root_block_device": {"volume_type": "gp2"}
        },
        "after": {
          "ami": "ami-AFTER",
          "disk": {"mount_point": "/var/diska", "size": "50GB"},
          "id": "i-02ae66f368e8518a9",
          "root_block_device": {"volume_type": "gp2"}
        },
        "after_unknown": {},
        "before_sensitive": {"disk": {}, "root_block_device": {}},
        "after_sensitive": {"disk": {}, "root_block_device": {}}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
      ~ ami  = "ami-BEFORE" -> "ami-AFTER"
        id   = "i-02ae66f368e8518a9"
        # (1 unchanged attribute hidden)

        # (1 unchanged block hidden)
    })txt";
    CHECK(RenderResourceBlock(change, kTestSchemaSingle) == expected);
  }

  SECTION("in-place update - creation") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {"ami": "ami-BEFORE", "disk": null, "id": "i-02ae66f368e8518a9", "root_block_device": null},
        "after": {
          "ami": "ami-AFTER",
          "disk": {"mount_point": "/var/diska", "size": "50GB"},
          "id": "i-02ae66f368e8518a9",
          "root_block_device": {"volume_type": null}
        },
        "after_unknown": {},
        "before_sensitive": {},
        "after_sensitive": {"disk": {}, "root_block_device": {}}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
      ~ ami  = "ami-BEFORE" -> "ami-AFTER"
      + disk = {
          + mount_point = "/var/diska"
          + size        = "50GB"
        }
        id   = "i-02ae66f368e8518a9"

      + root_block_device {}
    })txt";
    CHECK(RenderResourceBlock(change, kTestSchemaSingle) == expected);
  }

  SECTION("force-new update (inside blocks)") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["delete", "create"],
        "before": {
          "ami": "ami-BEFORE",
          "disk": {"mount_point": "/var/diska", "size": "50GB"},
          "id": "i-02ae66f368e8518a9",
          "root_block_device": {"volume_type": "gp2"}
        },
        "after": {
          "ami": "ami-AFTER",
          "disk": {"mount_point": "/var/diskb", "size": "50GB"},
          "id": "i-02ae66f368e8518a9",
          "root_block_device": {"volume_type": "different"}
        },
        "after_unknown": {},
        "before_sensitive": {"disk": {}, "root_block_device": {}},
        "after_sensitive": {"disk": {}, "root_block_device": {}},
        "replace_paths": [["root_block_device", "volume_type"], ["disk", "mount_point"]]
      },
      "action_reason": "replace_because_cannot_update"
    })json";
    const char* expected = R"txt(  # test_instance.example must be replaced
-/+ resource "test_instance" "example" {
      ~ ami  = "ami-BEFORE" -> "ami-AFTER"
      ~ disk = {
          ~ mount_point = "/var/diska" -> "/var/diskb" # forces replacement
            # (1 unchanged attribute hidden)
        }
        id   = "i-02ae66f368e8518a9"

      ~ root_block_device {
          ~ volume_type = "gp2" -> "different" # forces replacement
        }
    })txt";
    CHECK(RenderResourceBlock(change, kTestSchemaSingle) == expected);
  }

  SECTION("force-new update (whole block)") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["delete", "create"],
        "before": {
          "ami": "ami-BEFORE",
          "disk": {"mount_point": "/var/diska", "size": "50GB"},
          "id": "i-02ae66f368e8518a9",
          "root_block_device": {"volume_type": "gp2"}
        },
        "after": {
          "ami": "ami-AFTER",
          "disk": {"mount_point": "/var/diskb", "size": "50GB"},
          "id": "i-02ae66f368e8518a9",
          "root_block_device": {"volume_type": "different"}
        },
        "after_unknown": {},
        "before_sensitive": {"disk": {}, "root_block_device": {}},
        "after_sensitive": {"disk": {}, "root_block_device": {}},
        "replace_paths": [["root_block_device"], ["disk"]]
      },
      "action_reason": "replace_because_cannot_update"
    })json";
    const char* expected = R"txt(  # test_instance.example must be replaced
-/+ resource "test_instance" "example" {
      ~ ami  = "ami-BEFORE" -> "ami-AFTER"
      ~ disk = { # forces replacement
          ~ mount_point = "/var/diska" -> "/var/diskb"
            # (1 unchanged attribute hidden)
        }
        id   = "i-02ae66f368e8518a9"

      ~ root_block_device { # forces replacement
          ~ volume_type = "gp2" -> "different"
        }
    })txt";
    CHECK(RenderResourceBlock(change, kTestSchemaSingle) == expected);
  }

  SECTION("in-place update - deletion") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {
          "ami": "ami-BEFORE",
          "disk": {"mount_point": "/var/diska", "size": "50GB"},
          "id": "i-02ae66f368e8518a9",
          "root_block_device": {"volume_type": "gp2"}
        },
        "after": {"ami": "ami-AFTER", "disk": null, "id": "i-02ae66f368e8518a9", "root_block_device": null},
        "after_unknown": {},
        "before_sensitive": {"disk": {}, "root_block_device": {}},
        "after_sensitive": {}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
      ~ ami  = "ami-BEFORE" -> "ami-AFTER"
      - disk = {
          - mount_point = "/var/diska" -> null
          - size        = "50GB" -> null
        } -> null
        id   = "i-02ae66f368e8518a9"

      - root_block_device {
          - volume_type = "gp2" -> null
        }
    })txt";
    CHECK(RenderResourceBlock(change, kTestSchemaSingle) == expected);
  }

  SECTION("with dynamically-typed attribute") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {"block": null},
        "after": {"block": {"attr": "foo"}},
        "after_unknown": {},
        "before_sensitive": {},
        "after_sensitive": {"block": {}}
      }
    })json";
    const char* schema = R"json({
      "block_types": {
        "block": {
          "nesting_mode": "single",
          "block": {"attributes": {"attr": {"type": "dynamic", "optional": true}}}
        }
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
      + block {
          + attr = "foo"
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
          "disk": {"mount_point": "/var/diska", "size": "50GB"},
          "id": "i-02ae66f368e8518a9",
          "root_block_device": {"new_field": "new_value", "volume_type": "gp2"}
        },
        "after": {
          "ami": "ami-AFTER",
          "id": "i-02ae66f368e8518a9",
          "root_block_device": {"new_field": "new_value", "volume_type": "gp2"}
        },
        "after_unknown": {"disk": true, "root_block_device": {}},
        "before_sensitive": {"disk": {}, "root_block_device": {}},
        "after_sensitive": {"disk": {}, "root_block_device": {}}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
      ~ ami  = "ami-BEFORE" -> "ami-AFTER"
      ~ disk = {
          ~ mount_point = "/var/diska" -> (known after apply)
          ~ size        = "50GB" -> (known after apply)
        } -> (known after apply)
        id   = "i-02ae66f368e8518a9"

        # (1 unchanged block hidden)
    })txt";
    CHECK(RenderResourceBlock(change, kTestSchemaPlusSingle) == expected);
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
          "disk": {"mount_point": "/var/diska", "size": "50GB"},
          "id": "i-02ae66f368e8518a9"
        },
        "after_unknown": {"disk": {}, "root_block_device": true},
        "before_sensitive": false,
        "after_sensitive": {"disk": {}, "root_block_device": {}}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be created
  + resource "test_instance" "example" {
      + ami  = "ami-AFTER"
      + disk = {
          + mount_point = "/var/diska"
          + size        = "50GB"
        }
      + id   = "i-02ae66f368e8518a9"

      + root_block_device (known after apply)
    })txt";
    CHECK(RenderResourceBlock(change, kTestSchemaPlusSingle) == expected);
  }

  SECTION("in-place update - unknown block") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {
          "ami": "ami-BEFORE",
          "disk": {"mount_point": "/var/diska", "size": "50GB"},
          "id": "i-02ae66f368e8518a9",
          "root_block_device": {"new_field": "new_value", "volume_type": "gp1"}
        },
        "after": {
          "ami": "ami-AFTER",
          "disk": {"mount_point": "/var/diska", "size": "50GB"},
          "id": "i-02ae66f368e8518a9"
        },
        "after_unknown": {"disk": {}, "root_block_device": true},
        "before_sensitive": {"disk": {}, "root_block_device": {}},
        "after_sensitive": {"disk": {}, "root_block_device": {}}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
      ~ ami  = "ami-BEFORE" -> "ami-AFTER"
        id   = "i-02ae66f368e8518a9"
        # (1 unchanged attribute hidden)

      ~ root_block_device {
          ~ new_field   = "new_value" -> (known after apply)
          ~ volume_type = "gp1" -> (known after apply)
        } -> (known after apply)
    })txt";
    CHECK(RenderResourceBlock(change, kTestSchemaPlusSingle) == expected);
  }

  SECTION("in-place update - unknown block with replace") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["create", "delete"],
        "before": {
          "ami": "ami-BEFORE",
          "disk": {"mount_point": "/var/diska", "size": "50GB"},
          "id": "i-02ae66f368e8518a9",
          "root_block_device": {"new_field": "new_value", "volume_type": "gp1"}
        },
        "after": {
          "ami": "ami-AFTER",
          "disk": {"mount_point": "/var/diska", "size": "50GB"},
          "id": "i-02ae66f368e8518a9"
        },
        "after_unknown": {"disk": {}, "root_block_device": true},
        "before_sensitive": {"disk": {}, "root_block_device": {}},
        "after_sensitive": {"disk": {}, "root_block_device": {}},
        "replace_paths": [["root_block_device", "volume_type"]]
      }
    })json";
    const char* expected = R"txt(  # test_instance.example must be replaced
+/- resource "test_instance" "example" {
      ~ ami  = "ami-BEFORE" -> "ami-AFTER"
        id   = "i-02ae66f368e8518a9"
        # (1 unchanged attribute hidden)

      ~ root_block_device {
          ~ new_field   = "new_value" -> (known after apply)
          ~ volume_type = "gp1" -> (known after apply) # forces replacement
        } -> (known after apply)
    })txt";
    CHECK(RenderResourceBlock(change, kTestSchemaPlusSingle) == expected);
  }

  SECTION("in-place update - modification") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {
          "ami": "ami-BEFORE",
          "disk": {"mount_point": "/var/diska", "size": "50GB"},
          "id": "i-02ae66f368e8518a9",
          "root_block_device": {"new_field": "new_value", "volume_type": "gp2"}
        },
        "after": {
          "ami": "ami-AFTER",
          "disk": {"mount_point": "/var/diska", "size": "25GB"},
          "id": "i-02ae66f368e8518a9",
          "root_block_device": {"new_field": "new_value", "volume_type": "gp2"}
        },
        "after_unknown": {},
        "before_sensitive": {"disk": {}, "root_block_device": {}},
        "after_sensitive": {"disk": {}, "root_block_device": {}}
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
      ~ ami  = "ami-BEFORE" -> "ami-AFTER"
      ~ disk = {
          ~ size        = "50GB" -> "25GB"
            # (1 unchanged attribute hidden)
        }
        id   = "i-02ae66f368e8518a9"

        # (1 unchanged block hidden)
    })txt";
    CHECK(RenderResourceBlock(change, kTestSchemaPlusSingle) == expected);
  }
}
