#include "render/structured/change.h"

#include <algorithm>

namespace tfstream::render::structured {
namespace {

const JsonValue* AsObject(const JsonValue* v) { return v != nullptr && v->IsObject() ? v : nullptr; }
const JsonValue* AsArray(const JsonValue* v) { return v != nullptr && v->IsArray() ? v : nullptr; }

// getFromGenericMap. Keys are asked for in order (the schema's, or the
// sorted union of the maps' keys), so the search walks forward from *cursor,
// usually finding the key right there with one comparison; a key that comes
// before the cursor is searched for.
[[gnu::noinline]] const JsonValue* FromMapSearch(const JsonValue* m, std::string_view key, bool* present,
                                                 size_t* cursor) {
  const size_t start = *cursor;
  size_t i = start;
  int c = 1;
  while (i < m->size && (c = stream::KeyCompare(m->members[i].key, key)) < 0) ++i;
  if (i < m->size && c == 0) {
    *present = true;
    *cursor = i + 1;
    return m->members[i].value;
  }
  if (i == start && i > 0 && stream::KeyCompare(m->members[i - 1].key, key) >= 0) {
    const JsonValue* v = nullptr;
    *present = m->Find(key, &v);
    return v;
  }
  *cursor = i;
  return nullptr;
}

// Five maps are looked up for every child, most often absent (null) or
// holding the key right at the cursor: those two cases are answered inline.
inline const JsonValue* FromMap(const JsonValue* m, std::string_view key, bool* present, size_t* cursor) {
  *present = false;
  if (m == nullptr || m->size == 0) return nullptr;
  const size_t i = *cursor;
  if (i < m->size && stream::KeyEqual(m->members[i].key, key)) {
    *present = true;
    *cursor = i + 1;
    return m->members[i].value;
  }
  return FromMapSearch(m, key, present, cursor);
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

void SortUnique(std::vector<std::string_view>* keys) {
  std::sort(keys->begin(), keys->end());
  keys->erase(std::unique(keys->begin(), keys->end()), keys->end());
}

}  // namespace

Action Change::CalculateAction() const {
  if ((before == nullptr && !before_explicit) && (after != nullptr || after_explicit)) {
    return Action::kCreate;
  }
  if ((after == nullptr && !after_explicit) && (before != nullptr || before_explicit)) {
    return Action::kDelete;
  }
  if (stream::JsonDeepEqual(before, after) && after_explicit == before_explicit &&
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

Change ChangeMap::GetChild(std::string_view key, const DiffContext& ctx) const {
  Change c;
  bool ignored;
  c.before = FromMap(before, key, &c.before_explicit, &cursor[0]);
  // An unchanged value (a state's, a no-op's) has the same map before and
  // after: one lookup serves both.
  if (after == before) {
    c.after = c.before;
    c.after_explicit = c.before_explicit;
  } else {
    c.after = FromMap(after, key, &c.after_explicit, &cursor[1]);
  }
  c.unknown = FromMap(unknown, key, &ignored, &cursor[2]);
  c.before_sensitive = FromMap(before_sensitive, key, &ignored, &cursor[3]);
  if (after_sensitive == before_sensitive) {
    c.after_sensitive = c.before_sensitive;
  } else {
    c.after_sensitive = FromMap(after_sensitive, key, &ignored, &cursor[4]);
  }
  c.replace_paths = replace_paths.GetChildWithKey(key, ctx);
  c.relevant_attributes = relevant_attributes.GetChildWithKey(key, ctx);
  c.non_legacy_schema = non_legacy_schema;
  return c;
}

// The sorted union of the keys of `maps` (null ones count as empty). A
// parsed map's members are sorted and unique already, so the union of one
// distinct map (an unchanged value's before and after are one) is usually
// its keys as they are.
template <size_t N>
std::vector<std::string_view> KeyUnion(const JsonValue* const (&maps)[N]) {
  const JsonValue* distinct[N];
  size_t n = 0;
  for (const JsonValue* m : maps) {
    if (m == nullptr || m->size == 0) continue;
    bool seen = false;
    for (size_t i = 0; i < n && !seen; ++i) seen = distinct[i] == m;
    if (!seen) distinct[n++] = m;
  }
  std::vector<std::string_view> keys;
  for (size_t i = 0; i < n; ++i) AddKeys(distinct[i], &keys);
  bool sorted = true;
  for (size_t i = 1; i < keys.size() && sorted; ++i) sorted = keys[i - 1] < keys[i];
  if (!sorted) SortUnique(&keys);
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
