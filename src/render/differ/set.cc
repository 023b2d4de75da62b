// Reproduces computeAttributeDiffAsSet, computeAttributeDiffAsNestedSet,
// computeBlockDiffsAsSet and processSet (differ/set.go @883c722).
//
// Pairing quirk kept on purpose: each before element, in order, claims every
// still-unclaimed after element equal to it (value, sensitivity, known-ness);
// the last one claimed becomes its partner and the others vanish from the
// output. Unclaimed after elements follow as creations.
#include <algorithm>
#include <unordered_map>

#include "render/differ/internal.h"
#include "stream/json_hash.h"

namespace tfstream::render::differ {
namespace {

const stream::JsonValue* At(const stream::JsonValue* array, size_t i) {
  return array != nullptr && i < array->size ? array->items[i] : nullptr;
}

// Pairs the elements of a larger set: equal values share a hash, so only the
// after elements with the before element's hash (taken in index order) can
// match. An unchanged set (a state's, a no-op's) is one array before and
// after: its hashes are taken once.
void PairByHash(const structured::ChangeSlice& slice, long* partner_of_before, bool* claimed,
                const DiffContext& ctx) {
  const size_t nb = slice.BeforeLen(), na = slice.AfterLen();
  uint64_t* after_hash = static_cast<uint64_t*>(ctx.arena->Allocate(sizeof(uint64_t) * na, alignof(uint64_t)));
  for (size_t jx = 0; jx < na; ++jx) after_hash[jx] = stream::JsonHash(At(slice.after, jx));
  auto before_hash = [&](size_t ix) {
    return slice.before == slice.after ? after_hash[ix] : stream::JsonHash(At(slice.before, ix));
  };
  auto try_claim = [&](size_t ix, const stream::JsonValue* b, bool before_sensitive, size_t jx) {
    if (stream::JsonDeepEqual(b, At(slice.after, jx)) &&
        before_sensitive == stream::IsTrue(At(slice.after_sensitive, jx)) &&
        !stream::IsTrue(At(slice.unknown, jx))) {
      partner_of_before[ix] = static_cast<long>(jx);
      claimed[jx] = true;
    }
  };
  constexpr size_t kLinear = 32;  // below this, a scan beats building buckets
  if (na <= kLinear) {
    for (size_t ix = 0; ix < nb; ++ix) {
      const stream::JsonValue* b = At(slice.before, ix);
      const uint64_t h = before_hash(ix);
      const bool before_sensitive = stream::IsTrue(At(slice.before_sensitive, ix));
      for (size_t jx = 0; jx < na; ++jx) {
        if (!claimed[jx] && after_hash[jx] == h) try_claim(ix, b, before_sensitive, jx);
      }
    }
  } else {
    std::unordered_map<uint64_t, std::vector<size_t>> buckets;
    for (size_t jx = 0; jx < na; ++jx) buckets[after_hash[jx]].push_back(jx);
    for (size_t ix = 0; ix < nb; ++ix) {
      const stream::JsonValue* b = At(slice.before, ix);
      auto it = buckets.find(before_hash(ix));
      if (it == buckets.end()) continue;
      const bool before_sensitive = stream::IsTrue(At(slice.before_sensitive, ix));
      std::vector<size_t>& bucket = it->second;
      size_t kept = 0;
      for (size_t jx : bucket) {
        try_claim(ix, b, before_sensitive, jx);
        if (!claimed[jx]) bucket[kept++] = jx;
      }
      bucket.resize(kept);
    }
  }
}

template <typename Process>
void ProcessSet(const Change& change, const DiffContext& ctx, Process process) {
  structured::ChangeSlice slice = change.AsSlice();
  const size_t nb = slice.BeforeLen(), na = slice.AfterLen();
  // Scratch in the arena, which the resource's diff tree is dropped with.
  long* partner_of_before = static_cast<long*>(ctx.arena->Allocate(sizeof(long) * nb, alignof(long)));
  std::fill_n(partner_of_before, nb, -1L);
  bool* claimed = static_cast<bool*>(ctx.arena->Allocate(na, alignof(bool)));
  std::fill_n(claimed, na, false);
  // Go compares every pair. A small set is compared so, without hashes: a
  // comparison of two different elements stops at their first difference,
  // where hashing reads all of both.
  constexpr size_t kUnhashedPairs = 16;
  if (nb * na <= kUnhashedPairs) {
    for (size_t ix = 0; ix < nb; ++ix) {
      const stream::JsonValue* b = At(slice.before, ix);
      const bool before_sensitive = stream::IsTrue(At(slice.before_sensitive, ix));
      for (size_t jx = 0; jx < na; ++jx) {
        if (claimed[jx]) continue;
        if (stream::JsonDeepEqual(b, At(slice.after, jx)) &&
            before_sensitive == stream::IsTrue(At(slice.after_sensitive, jx)) &&
            !stream::IsTrue(At(slice.unknown, jx))) {
          partner_of_before[ix] = static_cast<long>(jx);
          claimed[jx] = true;
        }
      }
    }
  } else {
    PairByHash(slice, partner_of_before, claimed, ctx);
  }
  auto child_at = [&](long b, long a) {
    Change c = slice.GetChild(b, a, ctx);
    c.relevant_attributes = structured::Matcher::Always();
    return c;
  };
  for (size_t ix = 0; ix < nb; ++ix) {
    long jx = partner_of_before[ix];
    process(child_at(static_cast<long>(ix), jx >= 0 ? jx : static_cast<long>(na)));
  }
  for (size_t jx = 0; jx < na; ++jx) {
    if (claimed[jx]) continue;
    process(child_at(static_cast<long>(nb), static_cast<long>(jx)));
  }
}

// How many elements processSet yields at most: every before element, and
// every after element unclaimed.
size_t SetLength(const Change& change) { return SliceLen(change.before) + SliceLen(change.after); }

}  // namespace

Diff ComputeAttributeDiffAsSet(const Change& change, const stream::CtyType& element,
                               const DiffContext& ctx) {
  ArenaList<Diff> elements(ctx.arena, SetLength(change));
  Action current = change.GetDefaultActionForIteration();
  ProcessSet(change, ctx, [&](const Change& value) {
    Diff d = ComputeDiffForType(value, &element, ctx);
    elements.push_back(d);
    current = CompareActions(current, d.action);
  });
  return Diff{renderers::Set(ctx.arena, elements.span()), current, change.replace_paths.Matches()};
}

Diff ComputeAttributeDiffAsNestedSet(const Change& change,
                                     std::span<const stream::NamedAttribute> attributes,
                                     const DiffContext& ctx) {
  ArenaList<Diff> elements(ctx.arena, SetLength(change));
  Action current = change.GetDefaultActionForIteration();
  stream::NestedType single{attributes, stream::NestingMode::kSingle, "single"};
  ProcessSet(change, ctx, [&](const Change& value) {
    Diff d = ComputeDiffForNestedAttribute(value, single, ctx);
    elements.push_back(d);
    current = CompareActions(current, d.action);
  });
  return Diff{renderers::NestedSet(ctx.arena, elements.span()), current, change.replace_paths.Matches()};
}

Action ComputeBlockDiffsAsSet(const Change& change, const stream::Block& block,
                              const DiffContext& ctx, std::span<const Diff>* out) {
  Action current = change.GetDefaultActionForIteration();
  ArenaList<Diff> elements(ctx.arena, SetLength(change));
  ProcessSet(change, ctx, [&](const Change& value) {
    Diff d = ComputeDiffForBlock(value, block, ctx);
    elements.push_back(d);
    current = CompareActions(current, d.action);
  });
  *out = elements.span();
  return current;
}

}  // namespace tfstream::render::differ
