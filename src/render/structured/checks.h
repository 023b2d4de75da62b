// CheckForSensitive and CheckForUnknown (structured/sensitive.go, unknown.go
// @883c722): the common handling of sensitive and unknown values before a
// differ looks at the value itself. Callers pass the differ to run on the
// inner value and the constructor of the wrapping diff.
#pragma once

#include "render/computed/diff.h"
#include "render/structured/change.h"

namespace tfstream::render::structured {

// process_inner(const Change&) -> Diff;
// create(Diff inner, bool before_sensitive, bool after_sensitive, Action) -> Diff.
template <typename ProcessInner, typename Create>
bool CheckForSensitive(const Change& change, ProcessInner process_inner, Create create, Diff* out) {
  bool before_sensitive = change.IsBeforeSensitive();
  bool after_sensitive = change.IsAfterSensitive();
  if (!before_sensitive && !after_sensitive) return false;

  Change value;  // as Go's literal: sensitivity cleared, non_legacy_schema dropped
  value.before_explicit = change.before_explicit;
  value.after_explicit = change.after_explicit;
  value.before = change.before;
  value.after = change.after;
  value.unknown = change.unknown;
  value.replace_paths = change.replace_paths;
  value.relevant_attributes = change.relevant_attributes;

  Diff inner = process_inner(value);
  Action action = inner.action;
  bool null_noop = change.before == nullptr && !change.before_explicit && change.after == nullptr &&
                   !change.after_explicit;
  if (action == Action::kNoOp && before_sensitive != after_sensitive && !null_noop) {
    action = Action::kUpdate;
  }
  *out = create(inner, before_sensitive, after_sensitive, action);
  return true;
}

// process(const Change& current) -> Diff;
// process_before(const Change& current, const Change& before) -> Diff.
// `child_unknown` replaces the unknown marks of the modelled "before" value.
template <typename Process, typename ProcessBefore>
bool CheckForUnknown(const Change& change, const JsonValue* child_unknown, Process process,
                     ProcessBefore process_before, Diff* out) {
  if (!change.IsUnknown()) return false;
  Change current = change;
  current.after_explicit = true;
  if (current.before == nullptr) {
    *out = process(current);
    return true;
  }
  Change before = current.AsDelete();
  before.unknown = child_unknown;
  *out = process_before(current, before);
  return true;
}

}  // namespace tfstream::render::structured
