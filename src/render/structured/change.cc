#include "render/structured/change.h"

#include <algorithm>

namespace tfstream::render::structured {
namespace {

const JsonValue* AsObject(const JsonValue* v) { return v != nullptr && v->IsObject() ? v : nullptr; }
const JsonValue* AsArray(const JsonValue* v) { return v != nullptr && v->IsArray() ? v : nullptr; }

// KeyCompare, sooner where it is cheap to tell: keys that differ in their
// first byte (the next key of a sparse map is usually another letter's), and
// equal keys, which KeyEqual settles by their sizes and words.
inline int QuickCompare(std::string_view a, std::string_view b) {
  if (!a.empty() && !b.empty() && a[0] != b[0]) {
    return static_cast<unsigned char>(a[0]) < static_cast<unsigned char>(b[0]) ? -1 : 1;
  }
  if (stream::KeyEqual(a, b)) return 0;
  return stream::KeyCompare(a, b);
}

// getFromGenericMap, for a key above every key looked up before in this map:
// the members before *cursor are all below it, so the search walks forward
// from there, and usually stops at once, on the key itself (before and after
// hold every attribute) or on a greater one (unknown and sensitivity maps
// hold few). One comparison a map either way.
inline const JsonValue* FromMapForward(const JsonValue* m, std::string_view key, bool* present,
                                       size_t* cursor) {
  *present = false;
  if (m == nullptr) return nullptr;
  size_t i = *cursor;
  const size_t n = m->size;
  for (; i < n; ++i) {
    const int c = QuickCompare(m->members[i].key, key);
    if (c < 0) continue;
    if (c == 0) {
      *present = true;
      *cursor = i + 1;
      return m->members[i].value;
    }
    break;
  }
  *cursor = i;
  return nullptr;
}

// Where a forward walk for `key` starts in m: its first member not below key.
size_t LowerBound(const JsonValue* m, std::string_view key) {
  if (m == nullptr) return 0;
  size_t lo = 0, hi = m->size;
  while (lo < hi) {
    const size_t mid = lo + (hi - lo) / 2;
    if (stream::KeyCompare(m->members[mid].key, key) < 0) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  return lo;
}

// JsonDeepEqual, with the primitives most values are answered inline: short
// strings compared by words, not by a call to memcmp.
inline bool PrimitiveOrDeepEqual(const JsonValue* a, const JsonValue* b) {
  if (a == b) return true;
  if (a == nullptr || b == nullptr || a->kind != b->kind) return false;
  if (a->IsString() && a->size <= 64) return stream::KeyEqual(a->text(), b->text());
  if (a->IsBool()) return a->boolean == b->boolean;
  return stream::JsonDeepEqual(a, b);
}

// getFromGenericSlice
const JsonValue* FromSlice(const JsonValue* s, long ix, bool* present) {
  *present = s != nullptr && ix >= 0 && static_cast<size_t>(ix) < s->size;
  return *present ? s->items[ix] : nullptr;
}

void AddKeys(const JsonValue* m, std::vector<std::string_view>* keys) {
  if (m == nullptr) return;
  for (size_t i = 0; i < m->size; ++i) keys->push_back(m->members[i].key);
}

}  // namespace

Action Change::CalculateAction() const {
  if ((before == nullptr && !before_explicit) && (after != nullptr || after_explicit)) {
    return Action::kCreate;
  }
  if ((after == nullptr && !after_explicit) && (before != nullptr || before_explicit)) {
    return Action::kDelete;
  }
  if (PrimitiveOrDeepEqual(before, after) && after_explicit == before_explicit &&
      IsAfterSensitive() == IsBeforeSensitive()) {
    return Action::kNoOp;
  }
  return Action::kUpdate;
}

Action Change::GetDefaultActionForIteration() const {
  if (before == nullptr && after == nullptr) return Action::kNoOp;
  if (before == nullptr) return Action::kCreate;
  if (after == nullptr) return Action::kDelete;
  return Action::kNoOp;
}

Change Change::AsNoOp() const {
  Change c;
  c.before_explicit = before_explicit;
  c.after_explicit = before_explicit;
  c.before = before;
  c.after = before;
  c.unknown = nullptr;  // Go sets Unknown to false, which IsUnknown reads as not unknown
  c.before_sensitive = before_sensitive;
  c.after_sensitive = before_sensitive;
  c.replace_paths = replace_paths;
  c.relevant_attributes = relevant_attributes;
  return c;
}

Change Change::AsDelete() const {
  Change c;
  c.before_explicit = before_explicit;
  c.after_explicit = false;
  c.before = before;
  c.after = nullptr;
  c.unknown = nullptr;
  c.before_sensitive = before_sensitive;
  c.after_sensitive = nullptr;
  c.replace_paths = replace_paths;
  c.relevant_attributes = relevant_attributes;
  return c;
}

Change Change::AsCreate() const {
  Change c;
  c.before_explicit = false;
  c.after_explicit = after_explicit;
  c.before = nullptr;
  c.after = after;
  c.unknown = unknown;
  c.before_sensitive = nullptr;
  c.after_sensitive = after_sensitive;
  c.replace_paths = replace_paths;
  c.relevant_attributes = relevant_attributes;
  return c;
}

ChangeMap Change::AsMap() const {
  ChangeMap m;
  m.before = AsObject(before);
  m.after = AsObject(after);
  m.unknown = AsObject(unknown);
  m.before_sensitive = AsObject(before_sensitive);
  m.after_sensitive = AsObject(after_sensitive);
  m.replace_paths = replace_paths;
  m.relevant_attributes = relevant_attributes;
  m.non_legacy_schema = non_legacy_schema;
  return m;
}

ChangeSlice Change::AsSlice() const {
  ChangeSlice s;
  s.before = AsArray(before);
  s.after = AsArray(after);
  s.unknown = AsArray(unknown);
  s.before_sensitive = AsArray(before_sensitive);
  s.after_sensitive = AsArray(after_sensitive);
  s.replace_paths = replace_paths;
  s.relevant_attributes = relevant_attributes;
  return s;
}

// Keys come in ascending order (the schema's attributes, the sorted union of
// the maps' keys), except where a block's nested block types follow its
// attributes: then the cursors start again from a binary search.
[[gnu::noinline]] void ChangeMap::RestartAt(std::string_view key) const {
  cursor[0] = LowerBound(before, key);
  cursor[1] = LowerBound(after, key);
  cursor[2] = LowerBound(unknown, key);
  cursor[3] = LowerBound(before_sensitive, key);
  cursor[4] = LowerBound(after_sensitive, key);
}

Change ChangeMap::GetChild(std::string_view key, const DiffContext& ctx) const {
  if (has_last_key && QuickCompare(last_key, key) >= 0) RestartAt(key);
  has_last_key = true;
  last_key = key;
  Change c;
  bool ignored;
  c.before = FromMapForward(before, key, &c.before_explicit, &cursor[0]);
  // An unchanged value (a state's, a no-op's) has the same map before and
  // after: one lookup serves both.
  if (after == before) {
    c.after = c.before;
    c.after_explicit = c.before_explicit;
  } else {
    c.after = FromMapForward(after, key, &c.after_explicit, &cursor[1]);
  }
  c.unknown = FromMapForward(unknown, key, &ignored, &cursor[2]);
  c.before_sensitive = FromMapForward(before_sensitive, key, &ignored, &cursor[3]);
  if (after_sensitive == before_sensitive) {
    c.after_sensitive = c.before_sensitive;
  } else {
    c.after_sensitive = FromMapForward(after_sensitive, key, &ignored, &cursor[4]);
  }
  c.replace_paths = replace_paths.GetChildWithKey(key, ctx);
  c.relevant_attributes = relevant_attributes.GetChildWithKey(key, ctx);
  c.non_legacy_schema = non_legacy_schema;
  return c;
}

// The sorted union of the keys of `maps` (null ones count as empty). A
// parsed map's members are sorted and unique already, so the union is a merge
// of sorted lists; that of one distinct map (an unchanged value's before and
// after are one) is its keys as they are.
template <size_t N>
std::vector<std::string_view> KeyUnion(const JsonValue* const (&maps)[N]) {
  const JsonValue* distinct[N];
  size_t n = 0, total = 0;
  for (const JsonValue* m : maps) {
    if (m == nullptr || m->size == 0) continue;
    bool seen = false;
    for (size_t i = 0; i < n && !seen; ++i) seen = distinct[i] == m;
    if (!seen) {
      distinct[n++] = m;
      total += m->size;
    }
  }
  std::vector<std::string_view> keys;
  keys.reserve(total);
  if (n == 0) return keys;
  AddKeys(distinct[0], &keys);
  std::vector<std::string_view> merged;
  for (size_t d = 1; d < n; ++d) {
    const JsonValue* m = distinct[d];
    merged.clear();
    merged.reserve(keys.size() + m->size);
    size_t i = 0, j = 0;
    while (i < keys.size() && j < m->size) {
      const int c = stream::KeyCompare(keys[i], m->members[j].key);
      if (c <= 0) {
        merged.push_back(keys[i++]);
        if (c == 0) ++j;
      } else {
        merged.push_back(m->members[j++].key);
      }
    }
    for (; i < keys.size(); ++i) merged.push_back(keys[i]);
    for (; j < m->size; ++j) merged.push_back(m->members[j].key);
    keys.swap(merged);
  }
  return keys;
}

std::vector<std::string_view> ChangeMap::ExplicitKeys() const {
  const JsonValue* const maps[] = {before, after};
  return KeyUnion(maps);
}

std::vector<std::string_view> ChangeMap::AllKeys() const {
  const JsonValue* const maps[] = {before, after, unknown, after_sensitive, before_sensitive};
  return KeyUnion(maps);
}

Change ChangeSlice::GetChild(long before_ix, long after_ix, const DiffContext& ctx) const {
  Change c;
  bool ignored;
  c.before = FromSlice(before, before_ix, &c.before_explicit);
  c.after = FromSlice(after, after_ix, &c.after_explicit);
  c.unknown = FromSlice(unknown, after_ix, &ignored);
  c.before_sensitive = FromSlice(before_sensitive, before_ix, &ignored);
  c.after_sensitive = FromSlice(after_sensitive, after_ix, &ignored);
  long most_relevant = before_ix;
  if (before_ix < 0 || static_cast<size_t>(before_ix) >= BeforeLen()) most_relevant = after_ix;
  c.replace_paths = replace_paths.GetChildWithIndex(most_relevant, ctx);
  c.relevant_attributes = relevant_attributes.GetChildWithIndex(most_relevant, ctx);
  return c;
}

}  // namespace tfstream::render::structured
