#include "stream/plan_action.h"

namespace tfstream::stream {

bool PlanActionFromList(const std::vector<std::string>& a, PlanAction* out) {
  if (a.size() == 2) {
    if (a[0] == "create" && a[1] == "delete") return *out = PlanAction::kCreateThenDelete, true;
    if (a[0] == "delete" && a[1] == "create") return *out = PlanAction::kDeleteThenCreate, true;
    if (a[0] == "create" && a[1] == "forget") return *out = PlanAction::kCreateThenForget, true;
    if (a[0] == "forget" && a[1] == "create") return *out = PlanAction::kForgetThenCreate, true;
  }
  if (a.size() == 1) {
    const std::string& s = a[0];
    if (s == "create") return *out = PlanAction::kCreate, true;
    if (s == "delete") return *out = PlanAction::kDelete, true;
    if (s == "update") return *out = PlanAction::kUpdate, true;
    if (s == "read") return *out = PlanAction::kRead, true;
    if (s == "forget") return *out = PlanAction::kForget, true;
    if (s == "no-op") return *out = PlanAction::kNoOp, true;
  }
  return false;
}

std::string_view ActionWord(PlanAction action) {
  switch (action) {
    case PlanAction::kNoOp:
      return "no-op";
    case PlanAction::kCreate:
      return "create";
    case PlanAction::kRead:
      return "read";
    case PlanAction::kUpdate:
      return "update";
    case PlanAction::kDeleteThenCreate:
    case PlanAction::kCreateThenDelete:
    case PlanAction::kCreateThenForget:
    case PlanAction::kForgetThenCreate:
      return "replace";
    case PlanAction::kDelete:
      return "delete";
    case PlanAction::kForget:
      return "forget";
  }
  return "no-op";  // not reached: every PlanAction is named above
}

}  // namespace tfstream::stream
