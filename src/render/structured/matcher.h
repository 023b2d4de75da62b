// Matcher: attribute_path.Matcher (structured/attribute_path/matcher.go
// @883c722). Follows replace_paths or relevant_attributes down a value: each
// GetChild step keeps the paths whose next step names that child.
//
// Paths point into JSON arrays parsed into the resource's arena; matchers are
// small values, their path lists arena-allocated.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "buffer/arena.h"
#include "render/computed/diff.h"
#include "stream/json_value.h"

namespace tfstream::render::structured {

using render::DiffContext;

struct PathRef {
  const stream::JsonValue* const* steps = nullptr;
  size_t size = 0;
};

class Matcher {
 public:
  // AlwaysMatcher(): matches everything at every depth.
  static Matcher Always() {
    Matcher m;
    m.always_ = true;
    return m;
  }
  // Empty(propagate): matches nothing until paths are added.
  static Matcher Empty(bool propagate) {
    Matcher m;
    m.propagate_ = propagate;
    return m;
  }
  // Parse(message, propagate): `paths` is the decoded replace_paths value (an
  // array of arrays; null entries are empty paths). Returns false when the
  // value is not of that shape (Terraform panics).
  static bool Parse(const stream::JsonValue* paths, bool propagate, buffer::Arena* arena,
                    Matcher* out);
  // AppendSingle: adds one path (a JSON array or null). False if not an array.
  bool AppendSingle(const stream::JsonValue* path, buffer::Arena* arena);

  bool Matches() const { return always_ || (count_ > 0 && AnyPathEnds()); }
  bool MatchesPartial() const { return always_ || count_ > 0; }
  size_t path_count() const { return count_; }

  // A step of the wrong type (bool, null, array, object) makes Terraform
  // panic: we report it through ctx.Fail and skip the path. OpenTofu just
  // skips it (flavor.def attribute_path_skips_invalid_steps). Children live
  // in ctx.arena.
  // Called for every attribute of every value: the common matchers (always,
  // or no paths left) are answered inline.
  // A matcher with no paths left is its own child (Empty(propagate_): its
  // paths_ pointer is never read). Copying it whole, rather than building a
  // new one field by field, also spares the copy that follows a stall on
  // store forwarding (half the differ's lookup time on states).
  Matcher GetChildWithKey(std::string_view key, const DiffContext& ctx) const {
    if (always_ || count_ == 0) return *this;
    return ChildWithKey(key, ctx);
  }
  Matcher GetChildWithIndex(long index, const DiffContext& ctx) const {
    if (always_ || count_ == 0) return *this;
    return ChildWithIndex(index, ctx);
  }

 private:
  bool AnyPathEnds() const;
  Matcher ChildWithKey(std::string_view key, const DiffContext& ctx) const;
  Matcher ChildWithIndex(long index, const DiffContext& ctx) const;
  template <typename Pred>
  Matcher Child(Pred matches_step, const DiffContext& ctx) const;

  bool always_ = false;
  bool propagate_ = false;
  const PathRef* paths_ = nullptr;
  size_t count_ = 0;
};

}  // namespace tfstream::render::structured
