// ProcessJsonSlice: ProcessSlice over two JSON arrays (either may be null),
// with element hashes computed once so that equality checks between
// different values are almost always a single integer comparison.
#pragma once

#include <cstdint>
#include <vector>

#include "render/collections/slice.h"
#include "stream/json_hash.h"
#include "stream/json_value.h"

namespace tfstream::render::collections {

// should_diff(b, a) as for ProcessSlice.
template <typename ShouldDiff, typename Process>
void ProcessJsonSlice(const stream::JsonValue* before, const stream::JsonValue* after, ShouldDiff should_diff,
                      const Flavor& flavor, Process process) {
  const size_t nb = before != nullptr ? before->size : 0;
  const size_t na = after != nullptr ? after->size : 0;
  std::vector<uint64_t> hb(nb), ha(na);
  for (size_t i = 0; i < nb; ++i) hb[i] = stream::JsonHash(before->items[i]);
  if (after == before) {
    ha = hb;  // an unchanged array: hashed once
  } else {
    for (size_t i = 0; i < na; ++i) ha[i] = stream::JsonHash(after->items[i]);
  }
  auto bv = [&](size_t i) { return before->items[i]; };
  auto av = [&](size_t i) { return after->items[i]; };
  ProcessSlice(
      nb, na, [&](size_t b, size_t a) { return hb[b] == ha[a] && stream::JsonDeepEqual(bv(b), av(a)); },
      [&](size_t b, size_t k) { return hb[b] == hb[k] && stream::JsonDeepEqual(bv(b), bv(k)); },
      [&](size_t a, size_t k) { return ha[a] == hb[k] && stream::JsonDeepEqual(av(a), bv(k)); },
      [&](size_t b) { return hb[b]; }, [&](size_t a) { return ha[a]; }, should_diff, flavor, process);
}

}  // namespace tfstream::render::collections
