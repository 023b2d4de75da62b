// What `tfstream --compare` finds between two plans, one record per thing
// that differs: a resource instance's planned change or drift, a deferred
// change, an action invocation or an output. The run
// (pipeline/compare_run.h) finds them; the forms (forms/compare_forms.h) lay
// them out; compare_words.h says them.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace tfstream::render::compare {

// Bits of Difference::what.
enum What : uint32_t {
  kOnlyNew = 1u << 0,       // only the new plan has it
  kOnlyOld = 1u << 1,       // only the old plan has it
  kAction = 1u << 2,        // the action list differs
  kPlanned = 1u << 3,       // after / after_unknown: the planned values
  kPrior = 1u << 4,         // before: the values the plan starts from
  kSensitivity = 1u << 5,   // before_sensitive / after_sensitive
  kReason = 1u << 6,        // action_reason
  kReplacePaths = 1u << 7,  // replace_paths
  kImport = 1u << 8,        // importing, generated_config
  kMove = 1u << 9,          // previous_address
  kOther = 1u << 10,        // any other member (named in other_fields)
};

enum class Section : uint8_t { kChange, kDrift, kDeferred, kActionInvocation, kOutput };

struct Difference {
  Section section = Section::kChange;
  std::string address;  // an output's name for kOutput
  std::string deposed;
  uint32_t what = 0;
  // ActionWord (stream/plan_action.h) of each side's action list; empty on
  // the side that lacks the change.
  std::string old_action, new_action;
  std::string old_reason, new_reason;
  std::string old_previous_address, new_previous_address;
  // Paths (stream/attribute_glob.h's spelling) where the planned values
  // differ (or the prior values, when only they do); at most kMaxPaths.
  std::vector<std::string> attributes;
  std::vector<std::string> other_fields;
  // The block in the renderer's style: the "# ADDRESS: ..." comment and,
  // where there is one, the diff of the old plan's result against the new
  // one's; coloured (or marked for Markdown) as the options say. No leading
  // or trailing newline. For an output: its "~ name = ..." line.
  std::string block;

  static constexpr size_t kMaxPaths = 20;
};

// Counts for the summary line.
struct Totals {
  size_t changes = 0, drift = 0, deferred = 0, actions = 0, outputs = 0;
  size_t only_new = 0, only_old = 0, both = 0;  // resource changes
  // Resource changes read from each plan.
  size_t old_count = 0, new_count = 0;
  size_t Total() const { return changes + drift + deferred + actions + outputs; }
};

}  // namespace tfstream::render::compare
