// PlanAction: plans.Action, what a change does to a resource or a value.
#pragma once

#include <cstdint>
#include <string>
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

}  // namespace tfstream::stream
