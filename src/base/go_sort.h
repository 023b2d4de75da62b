// Go's slices.SortFunc, step for step. It is a pattern-defeating quicksort and
// not stable: past 12 elements, elements that compare equal can end in an
// order no stable sort gives, and Terraform prints them in that order (the
// action invocations of a resource, jsonformat/diff.go @883c722). So every
// comparison, pivot choice and swap below is the one Go makes, and equal
// elements end where Go leaves them.
//
// Reproduces SortFunc (src/slices/sort.go) and pdqsortCmpFunc with its helpers
// (src/slices/zsortanyfunc.go) of go1.26, which Terraform @883c722 is built
// with; the same since go1.24 (go1.21-go1.23 shifted breakPatterns' xorshift
// by 13, 17, 5 instead of 13, 7, 17). Checked against Go 1.26.10's
// slices.SortFunc on 400,000 random inputs, and against the Python port
// tests/base/go_sort_reference.py.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace tfstream {

namespace go_sort_internal {

// Indices are signed, as Go's ints are: some loops run down to a - 1.
using Index = std::ptrdiff_t;

template <typename T>
void Swap(std::vector<T>& d, Index i, Index j) {
  if (i != j) std::swap(d[i], d[j]);  // Go's self-swap is a no-op
}

template <typename T, typename Cmp>
bool Less(const std::vector<T>& d, Index i, Index j, Cmp& cmp) {
  return cmp(d[i], d[j]) < 0;
}

// bits.Len: the number of bits needed to write n; 0 for 0.
inline int BitLen(uint64_t n) { return static_cast<int>(std::bit_width(n)); }

template <typename T, typename Cmp>
void InsertionSort(std::vector<T>& d, Index a, Index b, Cmp& cmp) {
  for (Index i = a + 1; i < b; ++i) {
    for (Index j = i; j > a && Less(d, j, j - 1, cmp); --j) Swap(d, j, j - 1);
  }
}

// The heap is d[first + lo, first + hi), largest at the root.
template <typename T, typename Cmp>
void SiftDown(std::vector<T>& d, Index lo, Index hi, Index first, Cmp& cmp) {
  Index root = lo;
  for (;;) {
    Index child = 2 * root + 1;
    if (child >= hi) return;
    if (child + 1 < hi && Less(d, first + child, first + child + 1, cmp)) ++child;
    if (!Less(d, first + root, first + child, cmp)) return;
    Swap(d, first + root, first + child);
    root = child;
  }
}

template <typename T, typename Cmp>
void HeapSort(std::vector<T>& d, Index a, Index b, Cmp& cmp) {
  const Index n = b - a;
  for (Index i = (n - 1) / 2; i >= 0; --i) SiftDown(d, i, n, a, cmp);
  for (Index i = n - 1; i >= 0; --i) {
    Swap(d, a, a + i);
    SiftDown(d, 0, i, a, cmp);
  }
}

// Partitions d[a, b) around d[pivot]: smaller ones left of the returned
// index, which holds the pivot. *already_partitioned: nothing had to move.
template <typename T, typename Cmp>
Index Partition(std::vector<T>& d, Index a, Index b, Index pivot, Cmp& cmp, bool* already_partitioned) {
  Swap(d, a, pivot);
  Index i = a + 1, j = b - 1;
  *already_partitioned = true;
  for (;;) {
    while (i <= j && Less(d, i, a, cmp)) ++i;
    while (i <= j && !Less(d, j, a, cmp)) --j;
    if (i > j) break;
    *already_partitioned = false;
    Swap(d, i, j);
    ++i;
    --j;
  }
  Swap(d, j, a);
  return j;
}

// REQUIRES: nothing in d[a, b) is smaller than d[pivot]. Moves the elements
// equal to it first; returns where the greater ones start.
template <typename T, typename Cmp>
Index PartitionEqual(std::vector<T>& d, Index a, Index b, Index pivot, Cmp& cmp) {
  Swap(d, a, pivot);
  Index i = a + 1, j = b - 1;
  for (;;) {
    while (i <= j && !Less(d, a, i, cmp)) ++i;
    while (i <= j && Less(d, a, j, cmp)) --j;
    if (i > j) return i;
    Swap(d, i, j);
    ++i;
    --j;
  }
}

// Fixes up to 5 adjacent inversions (only when b - a >= 50); true when
// d[a, b) is then sorted. Go's leftward shift runs down to index 1, not a + 1:
// kept, though the element at a - 1 (a pivot) always stops it first.
template <typename T, typename Cmp>
bool PartialInsertionSort(std::vector<T>& d, Index a, Index b, Cmp& cmp) {
  constexpr int kMaxSteps = 5;
  constexpr Index kShortestShifting = 50;
  Index i = a + 1;
  for (int step = 0; step < kMaxSteps; ++step) {
    while (i < b && !Less(d, i, i - 1, cmp)) ++i;
    if (i == b) return true;
    if (b - a < kShortestShifting) return false;
    Swap(d, i, i - 1);
    if (i - a >= 2) {
      for (Index j = i - 1; j >= 1 && Less(d, j, j - 1, cmp); --j) Swap(d, j, j - 1);
    }
    if (b - i >= 2) {
      for (Index j = i + 1; j < b && Less(d, j, j - 1, cmp); ++j) Swap(d, j, j - 1);
    }
  }
  return false;
}

// Three swaps near the middle, at offsets from a fixed xorshift stream seeded
// with the length: the "random" scatter is the same on every run, as in Go.
template <typename T>
void BreakPatterns(std::vector<T>& d, Index a, Index b) {
  const Index length = b - a;
  if (length < 8) return;
  uint64_t random = static_cast<uint64_t>(length);
  const uint64_t modulus = uint64_t{1} << BitLen(static_cast<uint64_t>(length));  // nextPowerOfTwo
  for (Index idx = a + (length / 4) * 2 - 1; idx <= a + (length / 4) * 2 + 1; ++idx) {
    random ^= random << 13;
    random ^= random >> 7;
    random ^= random << 17;
    Index other = static_cast<Index>(random & (modulus - 1));
    if (other >= length) other -= length;
    Swap(d, idx, a + other);
  }
}

enum class Hint { kUnknown, kIncreasing, kDecreasing };

// Orders the indices x, y so that d[*x] <= d[*y], counting a swap.
template <typename T, typename Cmp>
void Order2(const std::vector<T>& d, Index* x, Index* y, int* swaps, Cmp& cmp) {
  if (Less(d, *y, *x, cmp)) {
    ++*swaps;
    std::swap(*x, *y);
  }
}

template <typename T, typename Cmp>
Index Median(const std::vector<T>& d, Index x, Index y, Index z, int* swaps, Cmp& cmp) {
  Order2(d, &x, &y, swaps, cmp);
  Order2(d, &y, &z, swaps, cmp);
  Order2(d, &x, &y, swaps, cmp);
  return y;
}

// Median of three (from 8 elements) or Tukey's ninther (from 50); no swap
// of indices hints at sorted input, all 12 at reversed input.
template <typename T, typename Cmp>
Index ChoosePivot(const std::vector<T>& d, Index a, Index b, Cmp& cmp, Hint* hint) {
  const Index l = b - a;
  int swaps = 0;
  Index i = a + l / 4 * 1, j = a + l / 4 * 2, k = a + l / 4 * 3;
  if (l >= 8) {
    if (l >= 50) {
      i = Median(d, i - 1, i, i + 1, &swaps, cmp);
      j = Median(d, j - 1, j, j + 1, &swaps, cmp);
      k = Median(d, k - 1, k, k + 1, &swaps, cmp);
    }
    j = Median(d, i, j, k, &swaps, cmp);
  }
  *hint = swaps == 0 ? Hint::kIncreasing : swaps == 12 ? Hint::kDecreasing : Hint::kUnknown;
  return j;
}

template <typename T>
void ReverseRange(std::vector<T>& d, Index a, Index b) {
  for (Index i = a, j = b - 1; i < j; ++i, --j) Swap(d, i, j);
}

// Sorts d[a, b); `limit` bad pivots are allowed before heapsort takes over.
template <typename T, typename Cmp>
void PdqSort(std::vector<T>& d, Index a, Index b, int limit, Cmp& cmp) {
  constexpr Index kMaxInsertion = 12;
  bool was_balanced = true, was_partitioned = true;
  for (;;) {
    const Index length = b - a;
    if (length <= kMaxInsertion) {
      InsertionSort(d, a, b, cmp);
      return;
    }
    if (limit == 0) {
      HeapSort(d, a, b, cmp);
      return;
    }
    if (!was_balanced) {
      BreakPatterns(d, a, b);
      --limit;
    }
    Hint hint;
    Index pivot = ChoosePivot(d, a, b, cmp, &hint);
    if (hint == Hint::kDecreasing) {
      ReverseRange(d, a, b);
      pivot = (b - 1) - (pivot - a);
      hint = Hint::kIncreasing;
    }
    if (was_balanced && was_partitioned && hint == Hint::kIncreasing && PartialInsertionSort(d, a, b, cmp)) {
      return;
    }
    // The pivot before this range is not smaller than the chosen one: the
    // range is full of its equals; set them aside in one pass.
    if (a > 0 && !Less(d, a - 1, pivot, cmp)) {
      a = PartitionEqual(d, a, b, pivot, cmp);
      continue;
    }
    const Index mid = Partition(d, a, b, pivot, cmp, &was_partitioned);
    const Index left = mid - a, right = b - mid;
    const Index balance_threshold = length / 8;
    if (left < right) {
      was_balanced = left >= balance_threshold;
      PdqSort(d, a, mid, limit, cmp);
      a = mid + 1;
    } else {
      was_balanced = right >= balance_threshold;
      PdqSort(d, mid + 1, b, limit, cmp);
      b = mid;
    }
  }
}

}  // namespace go_sort_internal

// Sorts v as Go's slices.SortFunc(v, cmp) does, leaving equal elements in
// Go's order. cmp(x, y) returns < 0, 0 or > 0 as Go's cmp functions do and
// must be a strict weak ordering.
template <typename T, typename Cmp>
void GoSortFunc(std::vector<T>& v, Cmp cmp) {
  const auto n = static_cast<go_sort_internal::Index>(v.size());
  go_sort_internal::PdqSort(v, 0, n, go_sort_internal::BitLen(v.size()), cmp);
}

}  // namespace tfstream
