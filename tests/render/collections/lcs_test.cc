#include "render/collections/lcs.h"

#include <catch2/catch.hpp>

#include <random>
#include <vector>

namespace {

using tfstream::render::collections::LongestCommonSubsequence;
namespace internal = tfstream::render::collections::lcs_internal;

std::vector<int> Values(const std::vector<int>& xs, const std::vector<size_t>& idx) {
  std::vector<int> v;
  for (size_t i : idx) v.push_back(xs[i]);
  return v;
}

// The literal port of Go's table walk is the reference.
std::vector<int> Reference(const std::vector<int>& xs, const std::vector<int>& ys) {
  if (xs.empty() || ys.empty()) return {};
  return Values(xs, internal::Full(xs.size(), ys.size(), [&](size_t x, size_t y) { return xs[x] == ys[y]; }));
}

std::vector<int> Fast(const std::vector<int>& xs, const std::vector<int>& ys) {
  return Values(xs, LongestCommonSubsequence(xs.size(), ys.size(), [&](size_t x, size_t y) { return xs[x] == ys[y]; }));
}

}  // namespace

TEST_CASE("LCS keeps Go's tie-breaking on small examples", "[lcs]") {
  // Go's walk prefers moving up (dropping a ys element) on ties.
  CHECK(Fast({1, 2}, {2, 1}) == Reference({1, 2}, {2, 1}));
  CHECK(Fast({1, 2, 3}, {3, 2, 1}) == Reference({1, 2, 3}, {3, 2, 1}));
  CHECK(Fast({1, 1}, {1}) == std::vector<int>{1});
  CHECK(Fast({}, {1}).empty());
}

TEST_CASE("LCS with prefix, suffix and band shortcuts equals the full table walk", "[lcs]") {
  std::mt19937 rng(12345);
  for (int round = 0; round < 3000; ++round) {
    int alphabet = 1 + static_cast<int>(rng() % 6);
    size_t n = rng() % 40, m = rng() % 40;
    std::vector<int> xs(n), ys(m);
    for (int& v : xs) v = static_cast<int>(rng() % alphabet);
    for (int& v : ys) v = static_cast<int>(rng() % alphabet);
    INFO("round " << round);
    REQUIRE(Fast(xs, ys) == Reference(xs, ys));
  }
}

TEST_CASE("LCS on long lists with scattered edits uses the band and stays exact", "[lcs]") {
  std::mt19937 rng(777);
  for (int round = 0; round < 60; ++round) {
    size_t n = 200 + rng() % 300;
    std::vector<int> xs(n);
    for (int& v : xs) v = static_cast<int>(rng() % 50);
    std::vector<int> ys = xs;
    int edits = 1 + static_cast<int>(rng() % 12);
    for (int e = 0; e < edits; ++e) {
      size_t at = rng() % (ys.size() + 1);
      switch (rng() % 3) {
        case 0: ys.insert(ys.begin() + static_cast<long>(at), static_cast<int>(rng() % 50)); break;
        case 1: if (at < ys.size()) ys.erase(ys.begin() + static_cast<long>(at)); break;
        default: if (at < ys.size()) ys[at] = static_cast<int>(rng() % 50); break;
      }
    }
    INFO("round " << round);
    REQUIRE(Fast(xs, ys) == Reference(xs, ys));
  }
}

TEST_CASE("LCS of 100k-element lists with few changes is fast", "[lcs]") {
  std::vector<int> xs(100000);
  for (size_t i = 0; i < xs.size(); ++i) xs[i] = static_cast<int>(i);
  std::vector<int> ys = xs;
  ys[500] = -1;
  ys.erase(ys.begin() + 50000);
  ys.insert(ys.begin() + 90000, -2);
  std::vector<int> got = Fast(xs, ys);
  CHECK(got.size() == xs.size() - 2);
}
