// LongestCommonSubsequence with the result objchange.LongestCommonSubsequence
// (plans/objchange/lcs.go @883c722) returns, computed without its n×m table
// when the lists are long.
//
// Why the shortcuts are exact (the caller only ever compares the result's
// values, never which index they came from):
//  - Go's walk back from the bottom-right cell takes every diagonal it meets,
//    so a common suffix is always in the result;
//  - a common prefix of length p adds p to every cell past it, so the walk
//    over the rest behaves as on the rest alone and then consumes the prefix;
//  - for the middle, every cell the walk visits, and every neighbour it could
//    choose, has an edit distance of at most D = n + m - 2·LCS, so a DP
//    restricted to the diagonal band |x - y| <= B computes them exactly once
//    B >= D; B grows until the band's own (pessimistic) D fits inside it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <vector>

namespace tfstream::render::collections {

namespace lcs_internal {

// Go's table walk over cells supplied by `c(x, y)` (0 outside) and `eq(x, y)`.
template <typename C, typename E>
std::vector<size_t> Walk(size_t nx, size_t ny, size_t length, C c, E eq) {
  std::vector<size_t> seq(length);
  long x = static_cast<long>(nx) - 1, y = static_cast<long>(ny) - 1;
  long i = static_cast<long>(length) - 1;
  while (x > -1 && y > -1 && i > -1) {
    if (eq(x, y)) {
      seq[static_cast<size_t>(i)] = static_cast<size_t>(x);
      --x;
      --y;
      --i;
    } else {
      int l = x > 0 ? c(x - 1, y) : 0;
      int u = y > 0 ? c(x, y - 1) : 0;
      if (l > u) {
        --x;
      } else {
        --y;
      }
    }
  }
  return seq;
}

template <typename Eq>
std::vector<size_t> Full(size_t nx, size_t ny, Eq eq) {
  const size_t w = nx;
  std::vector<int32_t> c(nx * ny);
  std::vector<bool> eqs(nx * ny);
  for (size_t y = 0; y < ny; ++y) {
    for (size_t x = 0; x < nx; ++x) {
      if (eq(x, y)) {
        eqs[w * y + x] = true;
        c[w * y + x] = (x == 0 || y == 0) ? 1 : c[w * (y - 1) + (x - 1)] + 1;
      } else {
        int32_t l = x > 0 ? c[w * y + (x - 1)] : 0;
        int32_t u = y > 0 ? c[w * (y - 1) + x] : 0;
        c[w * y + x] = l > u ? l : u;
      }
    }
  }
  size_t length = static_cast<size_t>(c.back());
  return Walk(
      nx, ny, length, [&](long x, long y) { return c[w * static_cast<size_t>(y) + static_cast<size_t>(x)]; },
      [&](long x, long y) { return static_cast<bool>(eqs[w * static_cast<size_t>(y) + static_cast<size_t>(x)]); });
}

// Banded DP; returns false when band `b` was too narrow to be exact.
template <typename Eq>
bool Banded(size_t nx, size_t ny, size_t b, Eq eq, std::vector<size_t>* out) {
  const long B = static_cast<long>(b);
  const size_t width = 2 * b + 1;
  std::vector<int32_t> c(ny * width, 0);
  std::vector<bool> eqs(ny * width, false);
  auto idx = [&](long x, long y) { return static_cast<size_t>(y) * width + static_cast<size_t>(x - y + B); };
  auto in_band = [&](long x, long y) { return x >= 0 && y >= 0 && x < static_cast<long>(nx) && std::labs(x - y) <= B; };
  auto get = [&](long x, long y) -> int32_t { return in_band(x, y) ? c[idx(x, y)] : 0; };
  for (long y = 0; y < static_cast<long>(ny); ++y) {
    long x0 = y - B < 0 ? 0 : y - B;
    long x1 = y + B < static_cast<long>(nx) - 1 ? y + B : static_cast<long>(nx) - 1;
    for (long x = x0; x <= x1; ++x) {
      size_t k = idx(x, y);
      if (eq(static_cast<size_t>(x), static_cast<size_t>(y))) {
        eqs[k] = true;
        c[k] = (x == 0 || y == 0) ? 1 : get(x - 1, y - 1) + 1;
      } else {
        int32_t l = x > 0 ? get(x - 1, y) : 0;
        int32_t u = y > 0 ? get(x, y - 1) : 0;
        c[k] = l > u ? l : u;
      }
    }
  }
  long ex = static_cast<long>(nx) - 1, ey = static_cast<long>(ny) - 1;
  size_t length = static_cast<size_t>(get(ex, ey));
  size_t distance = nx + ny - 2 * length;
  if (distance > b) return false;
  *out = Walk(nx, ny, length, get, [&](long x, long y) { return in_band(x, y) && static_cast<bool>(eqs[idx(x, y)]); });
  return true;
}

}  // namespace lcs_internal

// eq(i, j) compares xs[i] with ys[j]. Returns indexes into xs of the LCS
// elements, holding the same values, in order, as Go's result.
template <typename Eq>
std::vector<size_t> LongestCommonSubsequence(size_t nx, size_t ny, Eq eq) {
  if (nx == 0 || ny == 0) return {};
  size_t p = 0;
  while (p < nx && p < ny && eq(p, p)) ++p;
  size_t s = 0;
  while (s < nx - p && s < ny - p && eq(nx - 1 - s, ny - 1 - s)) ++s;
  const size_t mx = nx - p - s, my = ny - p - s;
  std::vector<size_t> mid;
  if (mx > 0 && my > 0) {
    auto meq = [&](size_t x, size_t y) { return eq(x + p, y + p); };
    const size_t diff = mx > my ? mx - my : my - mx;
    const size_t longest = mx > my ? mx : my;
    size_t b = diff + 8;
    while (true) {
      // Use the plain table once it is no bigger than the band would be.
      if (b >= longest || mx * my <= (mx + my) * (2 * b + 1)) {
        mid = lcs_internal::Full(mx, my, meq);
        break;
      }
      if (lcs_internal::Banded(mx, my, b, meq, &mid)) break;
      b *= 2;
    }
  }
  std::vector<size_t> result;
  result.reserve(p + mid.size() + s);
  for (size_t i = 0; i < p; ++i) result.push_back(i);
  for (size_t i : mid) result.push_back(i + p);
  for (size_t i = nx - s; i < nx; ++i) result.push_back(i);
  return result;
}

}  // namespace tfstream::render::collections
