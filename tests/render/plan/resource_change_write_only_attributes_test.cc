// Ported from TestResourceChange_writeOnlyAttributes in Terraform's
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

TEST_CASE("TestResourceChange_writeOnlyAttributes", "[plan]") {
  SECTION("create") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["create"],
        "before": null,
        "after": {
          "block": [{"block_set_password": null, "user": "this-is-not-secret"}],
          "conn_info": {"user": "not-secret", "write_only_set_password": null},
          "id": "i-02ae66f368e8518a9",
          "write_only": null
        },
        "after_unknown": {},
        "before_sensitive": false,
        "after_sensitive": {
          "block": [{"block_set_password": true}],
          "conn_info": {"write_only_set_password": true}
        }
      }
    })json";
    const char* schema = R"json({
      "attributes": {
        "conn_info": {
          "nested_type": {
            "attributes": {
              "user": {"type": "string", "optional": true},
              "write_only_set_password": {
                "type": "string",
                "optional": true,
                "sensitive": true,
                "write_only": true
              }
            },
            "nesting_mode": "single"
          }
        },
        "id": {"type": "string", "optional": true, "computed": true},
        "write_only": {"type": "string", "write_only": true}
      },
      "block_types": {
        "block": {
          "nesting_mode": "list",
          "block": {
            "attributes": {
              "block_set_password": {
                "type": "string",
                "optional": true,
                "sensitive": true,
                "write_only": true
              },
              "user": {"type": "string", "optional": true}
            }
          }
        }
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be created
  + resource "test_instance" "example" {
      + conn_info  = {
          + user                    = "not-secret"
          + write_only_set_password = (sensitive, write-only attribute)
        }
      + id         = "i-02ae66f368e8518a9"
      + write_only = (write-only attribute)

      + block {
          + block_set_password = (write-only attribute)
          + user               = "this-is-not-secret"
        }
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("update attribute") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {
          "block": [{"block_set_password": null, "user": "not-so-secret"}],
          "conn_info": {"user": "not-secret", "write_only_set_password": null},
          "id": "i-02ae66f368e8518a9",
          "write_only": null
        },
        "after": {
          "block": [{"block_set_password": null, "user": "not-so-secret"}],
          "conn_info": {"user": "not-secret", "write_only_set_password": null},
          "id": "i-02ae66f368e8518a10",
          "write_only": null
        },
        "after_unknown": {},
        "before_sensitive": {
          "block": [{"block_set_password": true}],
          "conn_info": {"write_only_set_password": true}
        },
        "after_sensitive": {
          "block": [{"block_set_password": true}],
          "conn_info": {"write_only_set_password": true}
        }
      }
    })json";
    const char* schema = R"json({
      "attributes": {
        "conn_info": {
          "nested_type": {
            "attributes": {
              "user": {"type": "string", "optional": true},
              "write_only_set_password": {
                "type": "string",
                "optional": true,
                "sensitive": true,
                "write_only": true
              }
            },
            "nesting_mode": "single"
          }
        },
        "id": {"type": "string", "optional": true, "computed": true},
        "write_only": {"type": "string", "write_only": true}
      },
      "block_types": {
        "block": {
          "nesting_mode": "list",
          "block": {
            "attributes": {
              "block_set_password": {
                "type": "string",
                "optional": true,
                "sensitive": true,
                "write_only": true
              },
              "user": {"type": "string", "optional": true}
            }
          }
        }
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
      ~ id         = "i-02ae66f368e8518a9" -> "i-02ae66f368e8518a10"
        # (2 unchanged attributes hidden)

        # (1 unchanged block hidden)
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("update - delete block") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["update"],
        "before": {
          "block": [{"block_set_password": null, "user": "not-secret"}],
          "conn_info": {"user": "not-secret", "write_only_set_password": null},
          "id": "i-02ae66f368e8518a9",
          "write_only": null
        },
        "after": {"block": null, "conn_info": null, "id": "i-02ae66f368e8518a9", "write_only": null},
        "after_unknown": {},
        "before_sensitive": {
          "block": [{"block_set_password": true}],
          "conn_info": {"write_only_set_password": true}
        },
        "after_sensitive": {}
      }
    })json";
    const char* schema = R"json({
      "attributes": {
        "conn_info": {
          "nested_type": {
            "attributes": {
              "user": {"type": "string", "optional": true},
              "write_only_set_password": {
                "type": "string",
                "optional": true,
                "sensitive": true,
                "write_only": true
              }
            },
            "nesting_mode": "single"
          }
        },
        "id": {"type": "string", "optional": true, "computed": true},
        "write_only": {"type": "string", "write_only": true}
      },
      "block_types": {
        "block": {
          "nesting_mode": "list",
          "block": {
            "attributes": {
              "block_set_password": {
                "type": "string",
                "optional": true,
                "sensitive": true,
                "write_only": true
              },
              "user": {"type": "string", "optional": true}
            }
          }
        }
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be updated in-place
  ~ resource "test_instance" "example" {
      - conn_info  = {
          - user                    = "not-secret" -> null
          - write_only_set_password = (sensitive, write-only attribute) -> null
        } -> null
        id         = "i-02ae66f368e8518a9"
        # (1 unchanged attribute hidden)

      - block {
          - block_set_password = (write-only attribute) -> null
          - user               = "not-secret" -> null
        }
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }

  SECTION("delete") {
    const char* change = R"json({
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {
        "actions": ["delete"],
        "before": {
          "block": [{"block_set_password": null, "user": "not-secret"}],
          "conn_info": {"user": "not-secret", "write_only_set_password": null},
          "id": "i-02ae66f368e8518a9",
          "write_only": null
        },
        "after": null,
        "after_unknown": {},
        "before_sensitive": {
          "block": [{"block_set_password": true}],
          "conn_info": {"write_only_set_password": true}
        },
        "after_sensitive": false
      }
    })json";
    const char* schema = R"json({
      "attributes": {
        "conn_info": {
          "nested_type": {
            "attributes": {
              "user": {"type": "string", "optional": true},
              "write_only_set_password": {
                "type": "string",
                "optional": true,
                "sensitive": true,
                "write_only": true
              }
            },
            "nesting_mode": "single"
          }
        },
        "id": {"type": "string", "optional": true, "computed": true},
        "write_only": {"type": "string", "write_only": true}
      },
      "block_types": {
        "block": {
          "nesting_mode": "list",
          "block": {
            "attributes": {
              "block_set_password": {
                "type": "string",
                "optional": true,
                "sensitive": true,
                "write_only": true
              },
              "user": {"type": "string", "optional": true}
            }
          }
        }
      }
    })json";
    const char* expected = R"txt(  # test_instance.example will be destroyed
  - resource "test_instance" "example" {
      - conn_info  = {
          - user                    = "not-secret" -> null
          - write_only_set_password = (sensitive, write-only attribute) -> null
        } -> null
      - id         = "i-02ae66f368e8518a9" -> null
      - write_only = (write-only attribute) -> null

      - block {
          - block_set_password = (write-only attribute) -> null
          - user               = "not-secret" -> null
        }
    })txt";
    CHECK(RenderResourceBlock(change, schema) == expected);
  }
}
