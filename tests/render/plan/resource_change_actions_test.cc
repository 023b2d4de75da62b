// Ported from TestResourceChange_actions in Terraform's
// internal/command/jsonformat/plan_test.go @883c722.
//
// Each case plans the Go test's defaultResourceChange with its action
// invocations (as jsonplan.ActionInvocation marshals them; config values as
// ctyjson writes them), with testSchema(NestingSingle) as both the resource's
// and the action's schema, rendered as a whole plan. The expected text,
// renderHumanDiff's for the resource, is copied unchanged and compared with
// the resource's block in the plan.
#include <catch2/catch.hpp>
#include <initializer_list>
#include <string>
#include <string_view>

#include "render/plan/plan_document_support.h"
#include "render/plan/plan_test_schemas.h"

namespace {

using tfstream::testing::plan::Excerpt;
using tfstream::testing::plan::kTestSchemaSingle;
using tfstream::testing::plan::RenderPlanDocument;

// The plan, with `invocations` as its action_invocations.
std::string PlanWithActions(std::initializer_list<std::string> invocations) {
  std::string action_invocations = "[";
  for (const std::string& ai : invocations) {
    if (action_invocations.size() > 1) action_invocations += ", ";
    action_invocations += ai;
  }
  action_invocations += "]";
  return R"json({
    "plan_format_version": "",
    "resource_changes": [{
      "address": "test_instance.example", "mode": "managed", "type": "test_instance", "name": "example",
      "index_unknown": true, "provider_name": "registry.terraform.io/hashicorp/test",
      "change": {"actions": ["create"], "after": {"id":"1D5F5E9E-F2E5-401B-9ED5-692A215AC67E","value":"Hello, World!"}}
    }],
    "action_invocations": )json" +
         action_invocations + R"json(,
    "provider_format_version": "",
    "provider_schemas": {"registry.terraform.io/hashicorp/test": {
      "resource_schemas": {"test_instance": {"version": 0, "block": )json" +
         kTestSchemaSingle + R"json(}},
      "action_schemas": {"test_action": {"block": )json" +
         kTestSchemaSingle + "}}}}}";
}

// One invocation of action.test_action.hello triggered by
// test_instance.example.
std::string Invocation(std::string_view event, int block_index, int list_index,
                       std::string_view config_values) {
  std::string ai =
      R"json({"address": "action.test_action.hello", "type": "test_action", "name": "hello", )json";
  if (!config_values.empty()) ai += R"json("config_values": )json" + std::string(config_values) + ", ";
  ai += R"json("provider_name": "registry.terraform.io/hashicorp/test", "lifecycle_action_trigger": {)json"
        R"json("triggering_resource_address": "test_instance.example", "action_trigger_event": ")json" +
        std::string(event) + R"json(", "action_trigger_block_index": )json" + std::to_string(block_index) +
        R"json(, "actions_list_index": )json" + std::to_string(list_index) +
        R"json(, "on_failure": ""}})json";
  return ai;
}

constexpr const char* kDiskConfig =
    R"json({"disk":{"size":"100"},"id":"1D5F5E9E-F2E5-401B-9ED5-692A215AC67E","root_block_device":{"volume_type":"gp2"}})json";

}  // namespace

TEST_CASE("TestResourceChange_actions", "[plan]") {
  SECTION("before actions") {
    std::string plan = PlanWithActions({Invocation("BeforeCreate", 0, 0, kDiskConfig)});
    std::string expected = R"txt(  # test_instance.example will be created
  + resource "test_instance" "example" {
      + id = "1D5F5E9E-F2E5-401B-9ED5-692A215AC67E"
    }

    # Actions to be invoked before this change in order:
    # action.test_action.hello
    action "test_action" "hello" {
        config {
            disk = {
                size = "100"
            }
            id   = "1D5F5E9E-F2E5-401B-9ED5-692A215AC67E"
        
            root_block_device {
                volume_type = "gp2"
            }
        }
    }
)txt";
    CHECK(Excerpt(RenderPlanDocument(plan), expected) == expected + "\n");
  }

  SECTION("after actions") {
    std::string plan = PlanWithActions({Invocation("AfterCreate", 0, 0, kDiskConfig)});
    std::string expected = R"txt(  # test_instance.example will be created
  + resource "test_instance" "example" {
      + id = "1D5F5E9E-F2E5-401B-9ED5-692A215AC67E"
    }

    # Actions to be invoked after this change in order:
    # action.test_action.hello
    action "test_action" "hello" {
        config {
            disk = {
                size = "100"
            }
            id   = "1D5F5E9E-F2E5-401B-9ED5-692A215AC67E"
        
            root_block_device {
                volume_type = "gp2"
            }
        }
    }
)txt";
    CHECK(Excerpt(RenderPlanDocument(plan), expected) == expected + "\n");
  }

  SECTION("before and after actions") {
    std::string plan = PlanWithActions({
        Invocation("BeforeCreate", 0, 0, R"json({"id":"first-block-and-action"})json"),
        Invocation("BeforeCreate", 0, 1, R"json({"id":"first-block-second-action"})json"),
        Invocation("AfterCreate", 1, 0, R"json({"id":"second-block-first-action"})json"),
        Invocation("AfterCreate", 2, 0, R"json({"id":"third-block-first-action"})json"),
        Invocation("BeforeCreate", 3, 0, R"json({"id":"fourth-block-first-action"})json"),
    });
    std::string expected = R"txt(  # test_instance.example will be created
  + resource "test_instance" "example" {
      + id = "1D5F5E9E-F2E5-401B-9ED5-692A215AC67E"
    }

    # Actions to be invoked before this change in order:
    # action.test_action.hello
    action "test_action" "hello" {
        config {
            id = "first-block-and-action"
        }
    }
    # action.test_action.hello
    action "test_action" "hello" {
        config {
            id = "first-block-second-action"
        }
    }
    # action.test_action.hello
    action "test_action" "hello" {
        config {
            id = "fourth-block-first-action"
        }
    }


    # Actions to be invoked after this change in order:
    # action.test_action.hello
    action "test_action" "hello" {
        config {
            id = "second-block-first-action"
        }
    }
    # action.test_action.hello
    action "test_action" "hello" {
        config {
            id = "third-block-first-action"
        }
    }
)txt";
    CHECK(Excerpt(RenderPlanDocument(plan), expected) == expected + "\n");
  }

  SECTION("no config value") {
    std::string plan = PlanWithActions({Invocation("BeforeCreate", 0, 0, "")});
    std::string expected = R"txt(  # test_instance.example will be created
  + resource "test_instance" "example" {
      + id = "1D5F5E9E-F2E5-401B-9ED5-692A215AC67E"
    }

    # Actions to be invoked before this change in order:
    # action.test_action.hello
    action "test_action" "hello" {
    }
)txt";
    CHECK(Excerpt(RenderPlanDocument(plan), expected) == expected + "\n");
  }
}
