// ProcessSlice and LongestCommonSubsequence: how Terraform pairs up the
// elements of two lists (collections/slice.go and plans/objchange/lcs.go
// @883c722, and OpenTofu's v1.12.6). Terraform compares lists of equal length
// that are not a reordering position by position; otherwise, and always for
// OpenTofu, the LCS decides, and runs of deletions and creations between
// common elements are emitted, pairing elements the caller says to diff
// (objects; for OpenTofu also multi-line strings sharing a line) as updates.
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

#include "base/flavor.h"
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
// (or beyond) the other slice's length means "absent".
//   eq_ba(b, a): before[b] == after[a]
//   eq_bb(b, k): before[b] == before[k]   (k is an LCS element, an index into before)
//   eq_ab(a, k): after[a] == before[k]
//   hash_b(b), hash_a(a): hashes consistent with those equalities
//   should_diff(b, a): whether before[b] and after[a], neither in the LCS,
//     are diffed as one element rather than deleted and created (Terraform's
//     isObjType on both, OpenTofu's ShouldDiffElement)
// flavor.slice_pairs_without_reorder_shortcut: no shortcut for equal-length
// lists; flavor.slice_created_pairs_with_cursor: created elements pair too.
template <typename EqBA, typename EqBB, typename EqAB, typename HashB, typename HashA, typename ShouldDiff,
          typename Process>
void ProcessSlice(size_t nb, size_t na, EqBA eq_ba, EqBB eq_bb, EqAB eq_ab, HashB hash_b, HashA hash_a,
                  ShouldDiff should_diff, const Flavor& flavor, Process process) {
  if (!flavor.slice_pairs_without_reorder_shortcut && nb == na && !IsReorder(nb, na, eq_ba, hash_b, hash_a)) {
    for (size_t ix = 0; ix < nb; ++ix) process(ix, ix);
    return;
  }
  std::vector<size_t> lcs = LongestCommonSubsequence(nb, na, eq_ba);
  size_t b = 0, a = 0, l = 0;
  while (b < nb || a < na || l < lcs.size()) {
    // Before elements up to the next LCS element are deleted, or diffed
    // against the after element at the cursor.
    while (b < nb && (l >= lcs.size() || !eq_bb(b, lcs[l]))) {
      if (a < na && should_diff(b, a) && (l >= lcs.size() || !eq_ab(a, lcs[l]))) {
        process(b, a);
        ++b;
        ++a;
        continue;
      }
      process(b, na);
      ++b;
    }
    // After elements up to the next LCS element are created; OpenTofu 1.11+ diffs
    // one against the before element at the cursor (the LCS element itself,
    // which then no longer lines up) when should_diff says so.
    while (a < na && (l >= lcs.size() || !eq_ab(a, lcs[l]))) {
      if (flavor.slice_created_pairs_with_cursor && b < nb && should_diff(b, a)) {
        process(b, a);
        ++b;
        ++a;
        continue;
      }
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
