// KeyLess and KeyEqual compare up to eight bytes at a time; they must agree
// with the bytewise order of sort.Strings (std::string_view's, unsigned)
// at every length and at every position of the first difference.
#include "stream/json_value.h"

#include <catch2/catch.hpp>

#include <memory>
#include <random>
#include <string>
#include <vector>

using tfstream::stream::KeyEqual;
using tfstream::stream::KeyLess;

TEST_CASE("KeyLess and KeyEqual order keys bytewise, unsigned", "[json_value]") {
  std::mt19937 rng(7);
  const char alphabet[] = {'a', 'b', '_', '\x7f', '\x80', '\xff', '\0'};
  for (int round = 0; round < 20000; ++round) {
    size_t la = rng() % 20, lb = rng() % 20;
    std::string a, b;
    for (size_t i = 0; i < la; ++i) a += alphabet[rng() % 3 == 0 ? rng() % 7 : 0];
    // Often a copy of a with one change, so that long prefixes are shared.
    if (rng() % 2) {
      b = a.substr(0, lb);
      if (!b.empty() && rng() % 2) b[rng() % b.size()] = alphabet[rng() % 7];
      while (b.size() < lb) b += alphabet[rng() % 7];
    } else {
      for (size_t i = 0; i < lb; ++i) b += alphabet[rng() % 7];
    }
    // Exact-size heap copies: the sanitizer build catches reads past a key.
    std::unique_ptr<char[]> ea(new char[a.size()]), eb(new char[b.size()]);
    std::copy(a.begin(), a.end(), ea.get());
    std::copy(b.begin(), b.end(), eb.get());
    std::string_view va(ea.get(), a.size()), vb(eb.get(), b.size());
    INFO("a=" << a << " b=" << b);
    REQUIRE(KeyLess(va, vb) == (va < vb));
    REQUIRE(KeyLess(vb, va) == (vb < va));
    REQUIRE(KeyEqual(va, vb) == (va == vb));
  }
}

TEST_CASE("KeyLess finds the first difference at every position", "[json_value]") {
  for (size_t n = 1; n <= 33; ++n) {
    for (size_t at = 0; at < n; ++at) {
      std::string a(n, 'k'), b(n, 'k');
      b[at] = '\xe0';  // above 'k' unsigned, below it signed
      CHECK(KeyLess(a, b));
      CHECK_FALSE(KeyLess(b, a));
      CHECK_FALSE(KeyEqual(a, b));
      CHECK(KeyEqual(a, a.substr()));
      CHECK(KeyLess(a.substr(0, at), a));
    }
  }
}

TEST_CASE("KeyCompare orders every pair of keys up to five bytes", "[json_value]") {
  // Short keys are compared as one number of their bytes (some repeated):
  // every length and byte position, over bytes at both ends of the range.
  const char alphabet[] = {'\0', 'a', '\x7f', '\x80', '\xff'};
  std::vector<std::string> keys{""};
  for (size_t from = 0; keys.back().size() < 5;) {
    const size_t to = keys.size();
    for (size_t i = from; i < to; ++i) {
      for (char c : alphabet) keys.push_back(keys[i] + c);
    }
    from = to;
  }
  for (const std::string& a : keys) {
    for (const std::string& b : keys) {
      const std::string_view va(a), vb(b);
      const int want = va < vb ? -1 : (vb < va ? 1 : 0);
      const int got = tfstream::stream::KeyCompare(va, vb);
      INFO("a=" << a << " b=" << b);
      REQUIRE((got < 0 ? -1 : (got > 0 ? 1 : 0)) == want);
    }
  }
}
