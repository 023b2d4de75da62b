// GoSortFunc must leave equal elements where Go's slices.SortFunc leaves
// them. The expected permutations below were printed by Go 1.26.10's own
// slices.SortFunc (Debian's golang-1.26, sorting (key, index) pairs by key),
// which agreed with go_sort.h on 400,000 random inputs; the Python port
// tests/base/go_sort_reference.py (`--perm KEYS`) prints the same.
#include "base/go_sort.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <random>
#include <utility>
#include <vector>

namespace {

using Item = std::pair<int, size_t>;  // key, index in the input

int CompareKeys(const Item& x, const Item& y) { return x.first < y.first ? -1 : x.first > y.first ? 1 : 0; }

// The input indices in the order GoSortFunc leaves them.
std::vector<size_t> GoOrder(const std::vector<int>& keys) {
  std::vector<Item> items;
  for (size_t i = 0; i < keys.size(); ++i) items.emplace_back(keys[i], i);
  tfstream::GoSortFunc(items, CompareKeys);
  std::vector<size_t> order;
  for (const Item& item : items) order.push_back(item.second);
  return order;
}

std::vector<size_t> StableOrder(const std::vector<int>& keys) {
  std::vector<size_t> order(keys.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](size_t x, size_t y) { return keys[x] < keys[y]; });
  return order;
}

std::vector<int> RandomKeys(std::mt19937& rng, size_t n, int span) {
  std::vector<int> keys(n);
  for (int& k : keys) k = static_cast<int>(rng() % static_cast<unsigned>(span));
  return keys;
}

}  // namespace

TEST_CASE("GoSortFunc sorts by key", "[base][go_sort]") {
  std::mt19937 rng(7);
  for (int round = 0; round < 2000; ++round) {
    const std::vector<int> keys = RandomKeys(rng, rng() % 201, 1 + static_cast<int>(rng() % 40));
    const std::vector<size_t> order = GoOrder(keys);
    REQUIRE(order.size() == keys.size());
    std::vector<size_t> seen = order;
    std::sort(seen.begin(), seen.end());
    for (size_t i = 0; i < seen.size(); ++i) REQUIRE(seen[i] == i);
    for (size_t i = 1; i < order.size(); ++i) REQUIRE(keys[order[i - 1]] <= keys[order[i]]);
  }
}

TEST_CASE("GoSortFunc is stable up to 12 elements (insertion sort)", "[base][go_sort]") {
  std::mt19937 rng(11);
  for (int round = 0; round < 2000; ++round) {
    const std::vector<int> keys = RandomKeys(rng, rng() % 13, 1 + static_cast<int>(rng() % 4));
    REQUIRE(GoOrder(keys) == StableOrder(keys));
  }
}

TEST_CASE("GoSortFunc leaves ties where Go's pdqsort does", "[base][go_sort]") {
  SECTION("all equal: sorted input is detected and left as it is, 13 and 50 elements") {
    for (size_t n : {size_t{13}, size_t{50}}) {
      const std::vector<int> keys(n, 0);
      CHECK(GoOrder(keys) == StableOrder(keys));
    }
  }
  SECTION("three keys interleaved, 30 elements") {
    std::vector<int> keys;
    for (int i = 0; i < 30; ++i) keys.push_back(i * 7 % 3);
    const std::vector<size_t> go = {12, 27, 24, 3,  21, 18, 6,  0, 15, 9, 7,  4,  10, 13, 28,
                                    1,  16, 25, 22, 19, 8,  20, 5, 23, 2, 17, 26, 11, 14, 29};
    CHECK(GoOrder(keys) == go);
    CHECK(go != StableOrder(keys));
  }
  SECTION("descending pairs, 60 elements") {
    std::vector<int> keys;
    for (int i = 0; i < 60; ++i) keys.push_back((59 - i) / 2);
    const std::vector<size_t> go = {59, 58, 57, 56, 55, 54, 53, 52, 51, 50, 48, 49, 46, 47, 45,
                                    44, 42, 43, 41, 40, 39, 38, 37, 36, 35, 34, 32, 33, 31, 30,
                                    29, 28, 26, 27, 25, 24, 23, 22, 21, 20, 18, 19, 17, 16, 15,
                                    14, 13, 12, 10, 11, 9,  8,  7,  6,  5,  4,  3,  2,  0,  1};
    CHECK(GoOrder(keys) == go);
    CHECK(go != StableOrder(keys));
  }
  SECTION("descending, 60 elements: the ninther sees it and reverses the whole range, ties too") {
    std::vector<int> keys;  // 11 x 49, then 48 down to 11, then 11 x 10
    for (int i = 0; i < 60; ++i) keys.push_back(std::clamp(59 - i, 10, 49));
    std::vector<size_t> go;
    for (size_t i = 60; i-- > 0;) go.push_back(i);
    CHECK(GoOrder(keys) == go);
    CHECK(go != StableOrder(keys));
  }
  // The next two inputs are go_sort_reference.py's adversary_keys(n, 2): keys
  // chosen as Go's sort compares, so that its pivots are bad.
  SECTION("an unbalanced partition makes breakPatterns swap, 20 elements") {
    const std::vector<int> keys = {1, 1, 2, 2, 4, 0, 6, 3, 10, 8, 0, 5, 6, 4, 7, 7, 8, 3, 9, 5};
    const std::vector<size_t> go = {10, 5, 1, 0, 3, 2, 7, 17, 13, 4, 11, 19, 6, 12, 14, 15, 16, 9, 18, 8};
    CHECK(GoOrder(keys) == go);
    CHECK(go != StableOrder(keys));
  }
  SECTION("too many bad pivots fall back to heapsort, 40 elements") {
    const std::vector<int> keys = {1, 1, 2, 2,  3,  3, 4,  4,  5,  18, 0,  9,  19, 10, 12, 11, 8,  10, 6,  14,
                                   0, 7, 8, 20, 11, 6, 17, 16, 16, 18, 17, 15, 15, 14, 5,  13, 13, 7,  12, 9};
    const std::vector<size_t> go = {20, 10, 0,  1,  2,  3,  4,  5,  7,  6,  8,  34, 25, 18,
                                    21, 37, 16, 22, 11, 39, 17, 13, 24, 15, 14, 38, 36, 35,
                                    33, 19, 31, 32, 28, 27, 30, 26, 29, 9,  12, 23};
    CHECK(GoOrder(keys) == go);
    CHECK(go != StableOrder(keys));
  }
}
