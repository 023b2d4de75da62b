// ChangeFilter: which planned-change blocks --action and --address let
// through. The pre-scan (for the legend, the counts and --summary) and the
// resource worker (for the blocks themselves) both decide with Matches() on
// the same ResourceFacts, so the two can never disagree.
//
// --action names, each a set of blocks:
//   create   ["create"]                 update   ["update"]
//   delete   ["delete"]                 read     ["read"]
//   replace  ["delete","create"], ["create","delete"], ["create","forget"]
//   forget   ["forget"]
//   no-op    ["no-op"] (printed only because it is moved or imported)
//   moved    any action, previous_address differs from address
//   import   any action, change.importing present
// A block passes when it is in at least one named set (OR) and its address
// matches at least one --address pattern (OR); each option left out lets
// every block through. Blocks Terraform does not print (plain no-ops, data
// source deletions) are never shown and never counted as filtered out.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "base/status.h"
#include "stream/address_glob.h"
#include "stream/plan_action.h"

namespace tfstream::stream {

struct ResourceFacts;

// plan.renderHuman's rule for which resource_changes get a block. `mode` is
// the change's resource mode: deleted data sources get none, and neither do
// ephemeral resources (OpenTofu 1.11; other profiles refuse the mode).
inline bool IsPrintedChange(PlanAction action, bool moved, bool importing, std::string_view mode) {
  if (action == PlanAction::kNoOp && !moved && !importing) return false;
  if (mode == "ephemeral") return false;
  return !(action == PlanAction::kDelete && mode != "managed");
}

class ChangeFilter {
 public:
  // Adds the comma-separated action names of one --action value.
  Status AddActions(std::string_view list);
  // Adds one --address pattern.
  Status AddAddress(std::string_view pattern);

  bool active() const { return action_mask_ != 0 || !globs_.empty(); }

  // Whether --address lets `address` through (any pattern matches, or none
  // was given); --action is not asked.
  bool MatchesAddress(std::string_view address) const;
  bool has_addresses() const { return !globs_.empty(); }

  // REQUIRES: `action` is the PlanAction of rf.actions.
  bool Matches(const ResourceFacts& rf, PlanAction action) const;
  // Whether the block would match with "**." before every --address pattern
  // that names a root-module address (neither "*..." nor "module..."): a
  // pattern such as "aws_db_instance.*" matches from the root only, and
  // says nothing of the same type inside modules. False without such a
  // pattern.
  bool MatchesInModules(const ResourceFacts& rf, PlanAction action) const;
  // Those patterns, each with "**." before it ("**.aws_db_instance.*").
  std::vector<std::string> InModulesPatterns() const;

 private:
  bool ActionMatches(const ResourceFacts& rf, PlanAction action) const;

  enum Set : uint32_t {
    kCreate = 1u << 0,
    kUpdate = 1u << 1,
    kDelete = 1u << 2,
    kReplace = 1u << 3,
    kRead = 1u << 4,
    kForget = 1u << 5,
    kNoOp = 1u << 6,
    kMoved = 1u << 7,
    kImport = 1u << 8,
  };

  uint32_t action_mask_ = 0;
  std::vector<AddressGlob> globs_;
  // MatchesInModules' patterns: each of globs_, or its "**." form when it
  // names a root-module address.
  std::vector<AddressGlob> in_modules_globs_;
  bool any_root_pattern_ = false;
};

}  // namespace tfstream::stream
