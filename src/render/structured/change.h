// Change: structured.Change (structured/change.go, map.go, slice.go @883c722),
// the before/after pair of one value together with what is known of it:
// unknown-ness, sensitivity before and after, the replace paths and relevant
// attributes that apply to it. The differ walks it alongside the schema.
//
// All pointers refer to JsonValue trees in the resource's arena; a null pointer
// is Go's nil (absent or JSON null).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "render/computed/action.h"
#include "render/structured/matcher.h"
#include "stream/json_value.h"

namespace tfstream::render::structured {

using stream::JsonValue;

struct ChangeMap;
struct ChangeSlice;

struct Change {
  bool before_explicit = false;
  bool after_explicit = false;
  const JsonValue* before = nullptr;
  const JsonValue* after = nullptr;
  const JsonValue* unknown = nullptr;
  const JsonValue* before_sensitive = nullptr;
  const JsonValue* after_sensitive = nullptr;
  Matcher replace_paths = Matcher::Empty(false);
  Matcher relevant_attributes = Matcher::Always();
  bool non_legacy_schema = false;

  bool IsUnknown() const { return stream::IsTrue(unknown); }
  bool IsBeforeSensitive() const { return stream::IsTrue(before_sensitive); }
  bool IsAfterSensitive() const { return stream::IsTrue(after_sensitive); }

  Action CalculateAction() const;
  Action GetDefaultActionForIteration() const;

  // These rebuild the change the way Go's struct literals do, so like them
  // they drop non_legacy_schema.
  Change AsNoOp() const;
  Change AsDelete() const;
  Change AsCreate() const;

  ChangeMap AsMap() const;
  ChangeSlice AsSlice() const;
};

// genericToMap views: each pointer is an object or null (Go's nil map).
struct ChangeMap {
  const JsonValue* before = nullptr;
  const JsonValue* after = nullptr;
  const JsonValue* unknown = nullptr;
  const JsonValue* before_sensitive = nullptr;
  const JsonValue* after_sensitive = nullptr;
  Matcher replace_paths;
  Matcher relevant_attributes;
  bool non_legacy_schema = false;
  // Children are usually asked for in ascending key order (schemas and keys
  // are sorted), so lookups walk forward from the previous one instead of
  // searching from scratch: where each map's walk stands, and the last key.
  mutable size_t cursor[5] = {0, 0, 0, 0, 0};
  mutable std::string_view last_key;
  mutable bool has_last_key = false;

  Change GetChild(std::string_view key, const DiffContext& ctx) const;
  // Keys of before and after, sorted and deduplicated.
  std::vector<std::string_view> ExplicitKeys() const;
  // Keys of every structure (values, unknown and sensitivity), sorted.
  std::vector<std::string_view> AllKeys() const;
  // fn(key) for each key of AllKeys() (all) or ExplicitKeys(), in order,
  // merged on the fly rather than listed; and how many there are at most.
  template <typename Fn>
  void ForEachKey(bool all, Fn&& fn) const;
  size_t KeyBound(bool all) const {
    size_t n = 0;
    const JsonValue* const maps[5] = {before, after, unknown, before_sensitive, after_sensitive};
    for (int j = 0; j < (all ? 5 : 2); ++j) {
      if (maps[j] != nullptr && (j == 0 || maps[j] != before)) n += maps[j]->size;
    }
    return n;
  }

 private:
  void RestartAt(std::string_view key) const;
};

template <typename Fn>
void ChangeMap::ForEachKey(bool all, Fn&& fn) const {
  // The distinct non-empty maps, each at its next member; parsed maps are
  // sorted and unique, so the union is a merge that takes the least key
  // and steps past it in every map that has it.
  const JsonValue* const maps[5] = {before, after, unknown, before_sensitive, after_sensitive};
  const stream::JsonMember* at[5];
  const stream::JsonMember* end[5];
  int n = 0;
  for (int j = 0; j < (all ? 5 : 2); ++j) {
    const JsonValue* m = maps[j];
    if (m == nullptr || m->size == 0) continue;
    bool seen = false;
    for (int k = 0; k < j && !seen; ++k) seen = maps[k] == m;
    if (seen) continue;
    at[n] = m->members;
    end[n] = m->members + m->size;
    ++n;
  }
  if (n == 1) {
    for (const stream::JsonMember* p = at[0]; p != end[0]; ++p) fn(p->key);
    return;
  }
  while (n > 0) {
    std::string_view least = at[0]->key;
    for (int k = 1; k < n; ++k) {
      if (stream::KeyLess(at[k]->key, least)) least = at[k]->key;
    }
    fn(least);
    for (int k = 0; k < n;) {
      if (stream::KeyEqual(at[k]->key, least) && ++at[k] == end[k]) {
        --n;
        at[k] = at[n];
        end[k] = end[n];
      } else {
        ++k;
      }
    }
  }
}

// genericToSlice views: each pointer is an array or null (Go's nil slice).
struct ChangeSlice {
  const JsonValue* before = nullptr;
  const JsonValue* after = nullptr;
  const JsonValue* unknown = nullptr;
  const JsonValue* before_sensitive = nullptr;
  const JsonValue* after_sensitive = nullptr;
  Matcher replace_paths;
  Matcher relevant_attributes;

  size_t BeforeLen() const { return before ? before->size : 0; }
  size_t AfterLen() const { return after ? after->size : 0; }
  // Indexes outside a slice yield nil and not-explicit. The child does not
  // inherit non_legacy_schema (Go's ChangeSlice has no such field).
  Change GetChild(long before_ix, long after_ix, const DiffContext& ctx) const;
};

}  // namespace tfstream::render::structured
