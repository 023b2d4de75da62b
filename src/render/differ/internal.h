// Declarations shared between the differ's files; not part of its interface.
#pragma once

#include <algorithm>
#include <new>
#include <span>
#include <vector>

#include "render/differ/differ.h"
#include "render/renderers/renderers.h"

namespace tfstream::render::differ {

using structured::Change;

Diff ComputeDiffForNestedAttribute(const Change& change, const stream::NestedType& nested,
                                   const DiffContext& ctx);
// Terraform's computeDiffForWriteOnlyAttribute: `change` is the block's.
Diff ComputeDiffForWriteOnlyAttribute(const Change& change, Action block_action,
                                      const DiffContext& ctx);

// OpenTofu's diffChildAttribute: "" is null in a block's attributes
// (flavor.def empty_strings_null_in_block_attributes; Terraform folds in
// ComputeDiffForType instead).
inline void FoldEmptyStrings(Change* change) {
  auto empty = [](const stream::JsonValue* v) { return v != nullptr && v->IsString() && v->text().empty(); };
  if (empty(change->before)) change->before = nullptr;
  if (empty(change->after)) change->after = nullptr;
}

Diff ComputeAttributeDiffAsList(const Change& change, const stream::CtyType& element,
                                const DiffContext& ctx);
Diff ComputeAttributeDiffAsNestedList(const Change& change, std::span<const stream::NamedAttribute> attributes,
                                      const DiffContext& ctx);
Diff ComputeAttributeDiffAsSet(const Change& change, const stream::CtyType& element,
                               const DiffContext& ctx);
Diff ComputeAttributeDiffAsNestedSet(const Change& change, std::span<const stream::NamedAttribute> attributes,
                                     const DiffContext& ctx);
Diff ComputeAttributeDiffAsMap(const Change& change, const stream::CtyType& element,
                               const DiffContext& ctx);
Diff ComputeAttributeDiffAsNestedMap(const Change& change, std::span<const stream::NamedAttribute> attributes,
                                     const DiffContext& ctx);
Diff ComputeAttributeDiffAsObject(const Change& change, std::span<const stream::NamedCtyType> attributes,
                                  const DiffContext& ctx);
Diff ComputeAttributeDiffAsNestedObject(const Change& change,
                                        std::span<const stream::NamedAttribute> attributes,
                                        const DiffContext& ctx);
Diff ComputeAttributeDiffAsTuple(const Change& change, std::span<const stream::CtyType* const> elements,
                                 const DiffContext& ctx);

// Nested blocks: the element diffs and the action of the whole group.
// `out` in ctx.arena.
Action ComputeBlockDiffsAsList(const Change& change, const stream::Block& block,
                               const DiffContext& ctx, std::span<const Diff>* out);
Action ComputeBlockDiffsAsSet(const Change& change, const stream::Block& block,
                              const DiffContext& ctx, std::span<const Diff>* out);
Action ComputeBlockDiffsAsMap(const Change& change, const stream::Block& block,
                              const DiffContext& ctx, std::span<const NamedDiff>* out);

// Non-null children found while a block's or object's children are looked
// up in its schema's order, so that members the schema lacks cost nothing to
// rule out: there are none when the counts equal the non-null members.
struct ChildHits {
  size_t before = 0, after = 0;
  void Count(const Change& child) {
    before += child.before != nullptr;
    after += child.after != nullptr;
  }
};

// Adds to ctx.unknown_names the non-null members of `map`'s before and after
// that `known(name)` (the schema) lacks; cheap unless there are some.
template <typename Known>
void NoteUnknownMembers(const structured::ChangeMap& map, ChildHits hits, Known known, const DiffContext& ctx) {
  if (ctx.unknown_names == nullptr) return;
  auto non_null = [](const stream::JsonValue* object) {
    size_t n = 0;
    if (object != nullptr) {
      for (size_t i = 0; i < object->size; ++i) n += object->members[i].value != nullptr;
    }
    return n;
  };
  if (non_null(map.before) == hits.before && non_null(map.after) == hits.after) return;
  for (const stream::JsonValue* object : {map.before, map.after}) {
    if (object == nullptr) continue;
    for (size_t i = 0; i < object->size; ++i) {
      const stream::JsonMember& m = object->members[i];
      if (m.value != nullptr && !known(m.key)) ctx.unknown_names->push_back(m.key);
    }
  }
}

// asDiff: the change's own action and replacement.
inline Diff AsDiff(const Change& change, const DiffRenderer* renderer) {
  return Diff{renderer, change.CalculateAction(), change.replace_paths.Matches()};
}

// A JSON object {name: true, ...} over the attribute names: what Terraform
// marks unknown in the "before" of a value that becomes unknown.
const stream::JsonValue* ChildUnknown(std::span<const stream::NamedAttribute> attributes,
                                      buffer::Arena* arena);

// The length of a value viewed as a slice (genericToSlice): 0 unless an array.
inline size_t SliceLen(const stream::JsonValue* v) { return v != nullptr && v->IsArray() ? v->size : 0; }

// A list built in the arena, where the diff tree it becomes part of lives:
// no heap allocation per node (a std::vector would be copied there after
// all). `capacity` is an upper bound where the caller knows one; beyond it
// the list moves to a larger array (the arena keeps the old one).
template <typename T>
class ArenaList {
 public:
  ArenaList(buffer::Arena* arena, size_t capacity) : arena_(arena), capacity_(capacity) {
    data_ = static_cast<T*>(arena_->Allocate(sizeof(T) * capacity_, alignof(T)));
  }
  void push_back(const T& v) {
    if (size_ == capacity_) Grow();
    new (data_ + size_++) T(v);
  }
  T* begin() { return data_; }
  T* end() { return data_ + size_; }
  size_t size() const { return size_; }
  std::span<const T> span() const { return {data_, size_}; }

 private:
  void Grow() {
    const size_t capacity = capacity_ < 4 ? 8 : 2 * capacity_;
    T* data = static_cast<T*>(arena_->Allocate(sizeof(T) * capacity, alignof(T)));
    for (size_t i = 0; i < size_; ++i) new (data + i) T(data_[i]);
    data_ = data;
    capacity_ = capacity;
  }

  buffer::Arena* arena_;
  T* data_;
  size_t size_ = 0;
  size_t capacity_;
};

// Sorts a block's or object's children by name. They come in the schema's
// order, sorted already, unless write-only ones were listed after the
// others; names are unique, so skipping the sort of a sorted list changes
// nothing.
inline void SortByName(ArenaList<NamedDiff>* diffs) {
  auto by_name = [](const NamedDiff& a, const NamedDiff& b) { return stream::KeyLess(a.name, b.name); };
  if (!std::is_sorted(diffs->begin(), diffs->end(), by_name)) std::sort(diffs->begin(), diffs->end(), by_name);
}

}  // namespace tfstream::render::differ
