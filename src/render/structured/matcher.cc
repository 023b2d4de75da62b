#include "render/structured/matcher.h"

#include <cmath>
#include <cstdlib>
#include <vector>

#include "render/text/go_float.h"

namespace tfstream::render::structured {
namespace {

using stream::JsonKind;
using stream::JsonValue;

// Go's int(float64) on amd64: truncation, with out-of-range values becoming
// the minimum int64 (CVTTSD2SQ's "integer indefinite").
long GoFloatToInt(double f) {
  if (std::isnan(f) || f >= 9223372036854775808.0 || f < -9223372036854775808.0) {
    return static_cast<long>(0x8000000000000000ull);
  }
  return static_cast<long>(f);
}

}  // namespace

bool Matcher::Parse(const JsonValue* paths, bool propagate, buffer::Arena* arena, Matcher* out) {
  *out = Empty(propagate);
  if (paths == nullptr) return true;
  if (!paths->IsArray()) return false;
  PathRef* refs = arena->NewArray<PathRef>(paths->size);
  for (size_t i = 0; i < paths->size; ++i) {
    const JsonValue* p = paths->items[i];
    if (p == nullptr) continue;  // null decodes to an empty path
    if (!p->IsArray()) return false;
    refs[i] = PathRef{p->items, p->size};
  }
  out->paths_ = refs;
  out->count_ = paths->size;
  return true;
}

bool Matcher::AppendSingle(const JsonValue* path, buffer::Arena* arena) {
  if (path != nullptr && !path->IsArray()) return false;
  PathRef* refs = arena->NewArray<PathRef>(count_ + 1);
  for (size_t i = 0; i < count_; ++i) refs[i] = paths_[i];
  if (path != nullptr) refs[count_] = PathRef{path->items, path->size};
  paths_ = refs;
  ++count_;
  return true;
}

// Matches() once there are paths: one of them has no step left.
bool Matcher::AnyPathEnds() const {
  for (size_t i = 0; i < count_; ++i) {
    if (paths_[i].size == 0) return true;
  }
  return false;
}

template <typename Pred>
Matcher Matcher::Child(Pred matches_step, const DiffContext& ctx) const {
  if (always_) return *this;
  Matcher child = Empty(propagate_);
  if (count_ == 0) return child;
  PathRef* refs = nullptr;
  size_t n = 0;
  for (size_t i = 0; i < count_; ++i) {
    const PathRef& p = paths_[i];
    bool keep = false;
    PathRef next = p;
    if (p.size == 0) {
      keep = propagate_;
    } else {
      const JsonValue* step = p.steps[0];
      int m = matches_step(step);
      if (m < 0) {
        if (!ctx.flavor->attribute_path_skips_invalid_steps) {
          ctx.Fail("found invalid type within an attribute path (only strings and numbers are allowed)");
        }
        continue;
      }
      if (m > 0) {
        keep = true;
        next = PathRef{p.steps + 1, p.size - 1};
      }
    }
    if (!keep) continue;
    if (refs == nullptr) refs = ctx.arena->NewArray<PathRef>(count_);
    refs[n++] = next;
  }
  child.paths_ = refs;
  child.count_ = n;
  return child;
}

Matcher Matcher::ChildWithKey(std::string_view key, const DiffContext& ctx) const {
  return Child(
      [key](const JsonValue* step) -> int {
        if (step == nullptr) return -1;
        if (step->IsString()) return step->text() == key ? 1 : 0;
        if (step->IsNumber()) return 0;
        return -1;
      },
      ctx);
}

Matcher Matcher::ChildWithIndex(long index, const DiffContext& ctx) const {
  return Child(
      [index](const JsonValue* step) -> int {
        if (step == nullptr) return -1;
        if (step->IsNumber()) {
          return GoFloatToInt(std::strtod(std::string(step->text()).c_str(), nullptr)) == index ? 1 : 0;
        }
        if (step->IsString()) {
          double f;
          if (!text::GoParseFloat(step->text(), &f)) return 0;
          return GoFloatToInt(f) == index ? 1 : 0;
        }
        return -1;
      },
      ctx);
}

}  // namespace tfstream::render::structured
