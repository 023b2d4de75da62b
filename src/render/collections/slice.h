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

#include <cstddef>
#include <span>
#include <vector>

namespace tfstream::render::collections {

// Returns the indexes into `xs` of one longest common subsequence, the one
// objchange.LongestCommonSubsequence returns. eq(i, j) compares xs[i], ys[j].
template <typename Eq>
std::vector<size_t> LongestCommonSubsequence(size_t nx, size_t ny, Eq eq) {
  std::vector<size_t> seq;
  if (nx == 0 || ny == 0) return seq;
  const size_t w = nx;
  std::vector<int> c(nx * ny);
  std::vector<bool> eqs(nx * ny);
  for (size_t y = 0; y < ny; ++y) {
    for (size_t x = 0; x < nx; ++x) {
      if (eq(x, y)) {
        eqs[w * y + x] = true;
        c[w * y + x] = (x == 0 || y == 0) ? 1 : c[w * (y - 1) + (x - 1)] + 1;
      } else {
        int l = x > 0 ? c[w * y + (x - 1)] : 0;
        int u = y > 0 ? c[w * (y - 1) + x] : 0;
        c[w * y + x] = l > u ? l : u;
      }
    }
  }
  seq.resize(static_cast<size_t>(c.back()));
  long x = static_cast<long>(nx) - 1, y = static_cast<long>(ny) - 1;
  long i = static_cast<long>(seq.size()) - 1;
  while (x > -1 && y > -1) {
    if (eqs[w * y + x]) {
      seq[i] = static_cast<size_t>(x);
      --x;
      --y;
      --i;
    } else {
      int l = x > 0 ? c[w * y + (x - 1)] : 0;
      int u = y > 0 ? c[w * (y - 1) + x] : 0;
      if (l > u) {
        --x;
      } else {
        --y;
      }
    }
  }
  return seq;
}

// isReorder: same length and every before element occurs somewhere in after.
template <typename EqBA>
bool IsReorder(size_t nb, size_t na, EqBA eq_ba) {
  if (nb != na) return false;
  for (size_t b = 0; b < nb; ++b) {
    bool found = false;
    for (size_t a = 0; a < na; ++a) {
      if (eq_ba(b, a)) {
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
//   is_obj_b(b), is_obj_a(a): whether the element is object-typed
template <typename EqBA, typename EqBB, typename EqAB, typename IsObjB, typename IsObjA,
          typename Process>
void ProcessSlice(size_t nb, size_t na, EqBA eq_ba, EqBB eq_bb, EqAB eq_ab, IsObjB is_obj_b,
                  IsObjA is_obj_a, Process process) {
  if (nb == na && !IsReorder(nb, na, eq_ba)) {
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
