#!/usr/bin/env python3
"""Reference port of Go's slices.SortFunc, and a differential test of
src/base/go_sort.h against it.

The port is written from Go's src/slices/sort.go and zsortanyfunc.go
(pdqsortCmpFunc and its helpers as in go1.24 to go1.26; go1.21-go1.23 used
other xorshift shifts in breakPatterns), apart from the C++, so that the two
can check each other. The expected permutations in tests/base/go_sort_test.cc
were printed by Go 1.26.10's slices.SortFunc itself, and this port agrees.

  go_sort_reference.py --diff [--cases N] [--seed S]
      compiles a small driver around go_sort.h with $CXX (default g++) and
      compares its permutations with this port's on N random inputs.
  go_sort_reference.py --perm KEY,KEY,...
      prints the order in which Go leaves the indices 0..n-1 of the keys.
"""
import argparse
import os
import random
import subprocess
import sys
import tempfile

MASK64 = (1 << 64) - 1


def bit_len(n):
    return n.bit_length()


class GoSort:
    """Sorts a Python list in place exactly as slices.SortFunc does."""

    def __init__(self, data, cmp):
        self.d = data
        self.cmp = cmp
        # Which branches ran, for building test fixtures.
        self.used_heap = False
        self.used_break = False
        self.used_equal = False

    def less(self, i, j):
        return self.cmp(self.d[i], self.d[j]) < 0

    def swap(self, i, j):
        self.d[i], self.d[j] = self.d[j], self.d[i]

    def sort(self):
        n = len(self.d)
        self.pdq(0, n, bit_len(n))

    def insertion(self, a, b):
        for i in range(a + 1, b):
            j = i
            while j > a and self.less(j, j - 1):
                self.swap(j, j - 1)
                j -= 1

    def sift_down(self, lo, hi, first):
        root = lo
        while True:
            child = 2 * root + 1
            if child >= hi:
                return
            if child + 1 < hi and self.less(first + child, first + child + 1):
                child += 1
            if not self.less(first + root, first + child):
                return
            self.swap(first + root, first + child)
            root = child

    def heap(self, a, b):
        self.used_heap = True
        first, lo, hi = a, 0, b - a
        i = (hi - 1) // 2  # hi > 12 here, so floor and truncation agree
        while i >= 0:
            self.sift_down(i, hi, first)
            i -= 1
        i = hi - 1
        while i >= 0:
            self.swap(first, first + i)
            self.sift_down(lo, i, first)
            i -= 1

    def break_patterns(self, a, b):
        self.used_break = True
        length = b - a
        if length < 8:
            return
        state = length
        modulus = 1 << bit_len(length)
        idx = a + (length // 4) * 2 - 1
        while idx <= a + (length // 4) * 2 + 1:
            state ^= (state << 13) & MASK64
            state ^= state >> 7
            state ^= (state << 17) & MASK64
            other = state & (modulus - 1)
            if other >= length:
                other -= length
            self.swap(idx, a + other)
            idx += 1

    def order2(self, x, y, swaps):
        if self.cmp(self.d[y], self.d[x]) < 0:
            swaps[0] += 1
            return y, x
        return x, y

    def median(self, x, y, z, swaps):
        x, y = self.order2(x, y, swaps)
        y, z = self.order2(y, z, swaps)
        x, y = self.order2(x, y, swaps)
        return y

    def choose_pivot(self, a, b):
        l = b - a
        swaps = [0]
        i = a + l // 4 * 1
        j = a + l // 4 * 2
        k = a + l // 4 * 3
        if l >= 8:
            if l >= 50:
                i = self.median(i - 1, i, i + 1, swaps)
                j = self.median(j - 1, j, j + 1, swaps)
                k = self.median(k - 1, k, k + 1, swaps)
            j = self.median(i, j, k, swaps)
        if swaps[0] == 0:
            return j, "inc"
        if swaps[0] == 12:
            return j, "dec"
        return j, "unknown"

    def reverse(self, a, b):
        i, j = a, b - 1
        while i < j:
            self.swap(i, j)
            i += 1
            j -= 1

    def partial_insertion(self, a, b):
        i = a + 1
        for _ in range(5):
            while i < b and not self.less(i, i - 1):
                i += 1
            if i == b:
                return True
            if b - a < 50:
                return False
            self.swap(i, i - 1)
            if i - a >= 2:
                j = i - 1
                while j >= 1:
                    if not self.less(j, j - 1):
                        break
                    self.swap(j, j - 1)
                    j -= 1
            if b - i >= 2:
                j = i + 1
                while j < b:
                    if not self.less(j, j - 1):
                        break
                    self.swap(j, j - 1)
                    j += 1
        return False

    def partition(self, a, b, pivot):
        self.swap(a, pivot)
        i, j = a + 1, b - 1
        while i <= j and self.less(i, a):
            i += 1
        while i <= j and not self.less(j, a):
            j -= 1
        if i > j:
            self.swap(j, a)
            return j, True
        self.swap(i, j)
        i += 1
        j -= 1
        while True:
            while i <= j and self.less(i, a):
                i += 1
            while i <= j and not self.less(j, a):
                j -= 1
            if i > j:
                break
            self.swap(i, j)
            i += 1
            j -= 1
        self.swap(j, a)
        return j, False

    def partition_equal(self, a, b, pivot):
        self.used_equal = True
        self.swap(a, pivot)
        i, j = a + 1, b - 1
        while True:
            while i <= j and not self.less(a, i):
                i += 1
            while i <= j and self.less(a, j):
                j -= 1
            if i > j:
                break
            self.swap(i, j)
            i += 1
            j -= 1
        return i

    def pdq(self, a, b, limit):
        was_balanced = True
        was_partitioned = True
        while True:
            length = b - a
            if length <= 12:
                self.insertion(a, b)
                return
            if limit == 0:
                self.heap(a, b)
                return
            if not was_balanced:
                self.break_patterns(a, b)
                limit -= 1
            pivot, hint = self.choose_pivot(a, b)
            if hint == "dec":
                self.reverse(a, b)
                pivot = (b - 1) - (pivot - a)
                hint = "inc"
            if was_balanced and was_partitioned and hint == "inc":
                if self.partial_insertion(a, b):
                    return
            if a > 0 and not self.less(a - 1, pivot):
                a = self.partition_equal(a, b, pivot)
                continue
            mid, was_partitioned = self.partition(a, b, pivot)
            left, right = mid - a, b - mid
            threshold = length // 8
            if left < right:
                was_balanced = left >= threshold
                self.pdq(a, mid, limit)
                a = mid + 1
            else:
                was_balanced = right >= threshold
                self.pdq(mid + 1, b, limit)
                b = mid


def go_perm(keys):
    """Indices of `keys` in the order slices.SortFunc leaves them."""
    items = [(k, i) for i, k in enumerate(keys)]
    s = GoSort(items, lambda x, y: (x[0] > y[0]) - (x[0] < y[0]))
    s.sort()
    return [i for _, i in items], s


def adversary_keys(n, tie, rng=None):
    """Keys that lead Go's sort into bad pivots, after McIlroy's "A killer
    adversary for quicksort": values are fixed lazily as the sort compares,
    `tie` consecutive ones alike, so the sort also meets equal keys. Replaying
    the keys repeats the comparisons, so breakPatterns and, for some n, the
    heapsort fallback run."""
    gas = n + 1
    val = [gas] * n
    state = {"solid": 0, "cand": 0}

    def cmp(x, y):
        if val[x] == gas and val[y] == gas:
            first = x == state["cand"] if rng is None else rng.random() < 0.8
            val[x if first else y] = state["solid"] // tie
            state["solid"] += 1
        if val[x] == gas:
            state["cand"] = x
        elif val[y] == gas:
            state["cand"] = y
        return (val[x] > val[y]) - (val[x] < val[y])

    GoSort(list(range(n)), cmp).sort()
    top = max([v for v in val if v != gas], default=-1) + 1
    return [top if v == gas else v for v in val]


def random_keys(rng):
    r = rng.random()
    if r < 0.02:
        return adversary_keys(rng.randint(13, 200), rng.randint(1, 4), rng if rng.random() < 0.5 else None)
    if r < 0.1:
        n = rng.randint(0, 12)
    elif r < 0.7:
        n = rng.randint(13, 60)
    else:
        n = rng.randint(0, 200)
    kind = rng.randrange(8)
    span = rng.choice([1, 2, 3, 4, 6, 10, max(1, n // 3), max(1, n)])
    if kind == 0:
        return [rng.randrange(span) for _ in range(n)]
    if kind == 1:
        return [0] * n
    if kind == 2:
        return sorted(rng.randrange(span) for _ in range(n))
    if kind == 3:
        return sorted((rng.randrange(span) for _ in range(n)), reverse=True)
    if kind == 4:  # sawtooth
        period = rng.randint(1, max(1, n))
        return [(i % period) % span for i in range(n)]
    if kind == 5:  # organ pipe
        return [min(i, n - 1 - i) % span for i in range(n)]
    if kind == 6:  # sorted with a few swaps
        keys = sorted(rng.randrange(span) for _ in range(n))
        for _ in range(rng.randint(1, 4)):
            if n > 1:
                i, j = rng.randrange(n), rng.randrange(n)
                keys[i], keys[j] = keys[j], keys[i]
        return keys
    # descending sawtooth and runs of equal keys
    run = rng.randint(1, 8)
    return [(n - i) // run % span for i in range(n)]


DRIVER = r"""
#include <iostream>
#include <vector>
#include "base/go_sort.h"
int main() {
  size_t n;
  while (std::cin >> n) {
    std::vector<std::pair<long, size_t>> v(n);
    for (size_t i = 0; i < n; ++i) { std::cin >> v[i].first; v[i].second = i; }
    tfstream::GoSortFunc(v, [](const auto& x, const auto& y) {
      return x.first < y.first ? -1 : x.first > y.first ? 1 : 0;
    });
    for (size_t i = 0; i < n; ++i) std::cout << v[i].second << (i + 1 < n ? " " : "");
    std::cout << "\n";
  }
}
"""


def differential(cases, seed):
    src_dir = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "src")
    rng = random.Random(seed)
    inputs = [random_keys(rng) for _ in range(cases)]
    with tempfile.TemporaryDirectory() as tmp:
        exe = os.path.join(tmp, "driver")
        with open(os.path.join(tmp, "driver.cc"), "w") as f:
            f.write(DRIVER)
        subprocess.run([os.environ.get("CXX", "g++"), "-std=c++20", "-O2", "-Wall", "-Wextra", "-I", src_dir,
                        os.path.join(tmp, "driver.cc"), "-o", exe], check=True)
        text = "".join(f"{len(k)} {' '.join(map(str, k))}\n" for k in inputs)
        out = subprocess.run([exe], input=text, capture_output=True, text=True, check=True).stdout.splitlines()
    mismatches = unsorted = unstable_small = 0
    long_differs = heap = breaks = 0
    for keys, line in zip(inputs, out):
        perm, s = go_perm(keys)
        heap += s.used_heap
        breaks += s.used_break
        if [int(x) for x in line.split()] != perm:
            mismatches += 1
            if mismatches <= 5:
                print("mismatch:", keys, file=sys.stderr)
        if any(keys[perm[i]] > keys[perm[i + 1]] for i in range(len(perm) - 1)):
            unsorted += 1
        stable = sorted(range(len(keys)), key=lambda i: keys[i])
        if len(keys) <= 12 and perm != stable:
            unstable_small += 1
        if len(keys) > 12 and perm != stable:
            long_differs += 1
    if len(out) != len(inputs):
        mismatches += abs(len(out) - len(inputs))
    print(f"{len(inputs)} inputs: {mismatches} mismatches, {unsorted} unsorted, "
          f"{unstable_small} of n<=12 differ from a stable sort; "
          f"{long_differs} of n>12 differ from a stable sort; heapsort in {heap}, breakPatterns in {breaks}")
    return 0 if mismatches == unsorted == unstable_small == 0 else 1


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--diff", action="store_true")
    p.add_argument("--cases", type=int, default=200000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--perm")
    a = p.parse_args()
    if a.perm is not None:
        keys = [int(k) for k in a.perm.split(",") if k != ""]
        perm, s = go_perm(keys)
        print(", ".join(map(str, perm)))
        print(f"heapsort={s.used_heap} breakPatterns={s.used_break} partitionEqual={s.used_equal}",
              file=sys.stderr)
        return 0
    if a.diff:
        return differential(a.cases, a.seed)
    p.print_help()
    return 2


if __name__ == "__main__":
    sys.exit(main())
