// ProcessSlice and LongestCommonSubsequence: how Terraform pairs up the
// elements of two lists (collections/slice.go and plans/objchange/lcs.go
// @883c722). Lists of equal length that are not a reordering are compared
// position by position; otherwise the LCS decides, and runs of deletions and
// creations between common elements are emitted, pairing object-typed
// elements as updates.
//
// The walk compares elements with the LCS by value, not by position, exactly
// as the Go code does; the LCS tie-breaking follows its table walk.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <span>
#include <vector>

#include "render/collections/lcs.h"

namespace tfstream::render::collections {

// isReorder: same length and every before element occurs somewhere in after.
// Go compares every pair; hashing finds the candidates first.
template <typename EqBA, typename HashB, typename HashA>
bool IsReorder(size_t nb, size_t na, EqBA eq_ba, HashB hash_b, HashA hash_a) {
  if (nb != na) return false;
  std::vector<std::pair<uint64_t, size_t>> after(na);
  for (size_t a = 0; a < na; ++a) after[a] = {hash_a(a), a};
  std::sort(after.begin(), after.end());
  for (size_t b = 0; b < nb; ++b) {
    uint64_t h = hash_b(b);
    auto it = std::lower_bound(after.begin(), after.end(), std::make_pair(h, size_t{0}));
    bool found = false;
    for (; it != after.end() && it->first == h; ++it) {
      if (eq_ba(b, it->second)) {
        found = true;
        break;
      }
    }
    if (!found) return false;
  }
  return true;
}

// Calls process(before_ix, after_ix) for each pairing, where an index equal to
// the other slice's length means "absent".
//   eq_ba(b, a): before[b] == after[a]
//   eq_bb(b, k): before[b] == before[k]   (k is an LCS element, an index into before)
//   eq_ab(a, k): after[a] == before[k]
//   hash_b(b), hash_a(a): hashes consistent with those equalities
//   is_obj_b(b), is_obj_a(a): whether the element is object-typed
template <typename EqBA, typename EqBB, typename EqAB, typename HashB, typename HashA, typename IsObjB,
          typename IsObjA, typename Process>
void ProcessSlice(size_t nb, size_t na, EqBA eq_ba, EqBB eq_bb, EqAB eq_ab, HashB hash_b, HashA hash_a,
                  IsObjB is_obj_b, IsObjA is_obj_a, Process process) {
  if (nb == na && !IsReorder(nb, na, eq_ba, hash_b, hash_a)) {
    for (size_t ix = 0; ix < nb; ++ix) process(ix, ix);
    return;
  }
  std::vector<size_t> lcs = LongestCommonSubsequence(nb, na, eq_ba);
  size_t b = 0, a = 0, l = 0;
  while (b < nb || a < na || l < lcs.size()) {
    while (b < nb && (l >= lcs.size() || !eq_bb(b, lcs[l]))) {
      bool object_diff = is_obj_b(b) && a < na && is_obj_a(a) && (l >= lcs.size() || !eq_ab(a, lcs[l]));
      if (object_diff) {
        process(b, a);
        ++b;
        ++a;
        continue;
      }
      process(b, na);
      ++b;
    }
    while (a < na && (l >= lcs.size() || !eq_ab(a, lcs[l]))) {
      process(nb, a);
      ++a;
    }
    if (l < lcs.size()) {
      process(b, a);
      ++b;
      ++a;
      ++l;
    }
  }
}

}  // namespace tfstream::render::collections
