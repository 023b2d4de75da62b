// PlanAction: plans.Action, what a change does to a resource or a value.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "base/flavor.h"

namespace tfstream::stream {

enum class PlanAction : uint8_t {
  kNoOp,
  kCreate,
  kRead,
  kUpdate,
  kDeleteThenCreate,
  kCreateThenDelete,
  kDelete,
  kForget,
  kCreateThenForget,  // Terraform's ["create","forget"]
  kForgetThenCreate,  // OpenTofu's ["forget","create"]
};
constexpr size_t kPlanActionCount = 10;

// jsonplan.UnmarshalActions of either renderer; false for a list neither
// knows (they panic on those). Each knows one list the other does not:
// FlavorKnowsAction tells, once the flavour is settled.
bool PlanActionFromList(const std::vector<std::string>& actions, PlanAction* out);

// OpenTofu 1.11's ["open"] (plans.Open), the action of its ephemeral
// resources, which its renderer skips (flavor.def ephemeral_changes_skipped);
// no renderer knows it on another mode.
inline bool IsOpenActionList(const std::vector<std::string>& actions) {
  return actions.size() == 1 && actions[0] == "open";
}

// The one word --format json gives an action: the --action name whose set
// holds it (change_filter.h), so `--action WORD` selects exactly the changes
// of that word. "create", "update", "delete", "read", "forget", "no-op", and
// "replace" for every list that makes a new object in place of an old one:
// ["delete","create"], ["create","delete"], ["create","forget"] (and
// OpenTofu's ["forget","create"]).
std::string_view ActionWord(PlanAction action);

// Whether `flavor`'s jsonplan.UnmarshalActions knows the action (flavor.def
// action_forget, action_create_then_forget, action_forget_then_create).
inline bool FlavorKnowsAction(const Flavor& flavor, PlanAction action) {
  if (action == PlanAction::kForget) return flavor.action_forget;
  if (action == PlanAction::kCreateThenForget) return flavor.action_create_then_forget;
  if (action == PlanAction::kForgetThenCreate) return flavor.action_forget_then_create;
  return true;
}

}  // namespace tfstream::stream
