// PlanAction: plans.Action, what a change does to a resource or a value.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

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

// jsonplan.UnmarshalActions; false for a list Terraform does not know (it
// panics on those).
bool PlanActionFromList(const std::vector<std::string>& actions, PlanAction* out);

// The one word --format json gives an action: the --action name whose set
// holds it (change_filter.h), so `--action WORD` selects exactly the changes
// of that word. "create", "update", "delete", "read", "forget", "no-op", and
// "replace" for every list that makes a new object in place of an old one:
// ["delete","create"], ["create","delete"], ["create","forget"] (and
// OpenTofu's ["forget","create"]).
std::string_view ActionWord(PlanAction action);

}  // namespace tfstream::stream
