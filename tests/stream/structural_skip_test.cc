#include "stream/structural_skip.h"

#include <catch2/catch.hpp>

#include <random>
#include <string>
#include <vector>

using tfstream::stream::SkipByStructure;
using tfstream::stream::SkipByStructurePortable;
using tfstream::stream::StructuralEnd;

namespace {

// Byte-at-a-time statement of the same rules: a byte after an odd run of
// backslashes is escaped (wherever it is), an unescaped quote toggles
// "in a string", brackets outside strings change the depth.
StructuralEnd Reference(const std::string& t, size_t pos, int max_depth) {
  size_t n = t.size();
  while (pos < n && (t[pos] == ' ' || t[pos] == '\n' || t[pos] == '\r' || t[pos] == '\t')) ++pos;
  if (pos >= n) return {n, false, false};
  std::vector<bool> escaped(n + 1, false);
  size_t run = 0;
  for (size_t i = pos; i < n; ++i) {
    escaped[i] = run % 2 == 1;
    run = t[i] == '\\' ? run + 1 : 0;
  }
  char c = t[pos];
  if (c == '"') {
    for (size_t i = pos + 1; i < n; ++i) {
      if (t[i] == '"' && !escaped[i]) return {i + 1, true, false};
    }
    return {n, false, false};
  }
  if (c != '{' && c != '[') {
    while (pos < n && t[pos] != ',' && t[pos] != '}' && t[pos] != ']' && t[pos] != ' ' && t[pos] != '\n' &&
           t[pos] != '\r' && t[pos] != '\t') {
      ++pos;
    }
    return {pos, true, false};
  }
  bool in_string = false;
  int depth = 0;
  for (size_t i = pos; i < n; ++i) {
    char b = t[i];
    if (b == '"' && !escaped[i]) {
      in_string = !in_string;
    } else if (!in_string && (b == '{' || b == '[')) {
      if (++depth > max_depth) return {i, false, true};
    } else if (!in_string && (b == '}' || b == ']')) {
      if (--depth == 0) return {i + 1, true, false};
    }
  }
  return {n, false, false};
}

}  // namespace

TEST_CASE("structural skip finds the end of containers, strings and scalars", "[structural]") {
  CHECK(SkipByStructure(R"({"a":[1,2,{"b":"}"}]} tail)", 0, 100).end == 21);
  CHECK(SkipByStructure(R"(  "x\"y\\" ,)", 0, 100).end == 10);
  CHECK(SkipByStructure("123.5e1,", 0, 100).end == 7);
  CHECK(SkipByStructure("true}", 0, 100).end == 4);
  CHECK(SkipByStructure(R"(["\\\"]"])", 0, 100).end == 9);
  StructuralEnd open = SkipByStructure(R"({"a":1)", 0, 100);
  CHECK(open.end == 6);  // never closed: the end of the text
  CHECK_FALSE(open.complete);
  CHECK(SkipByStructure(R"({"a":1})", 0, 100).complete);
}

TEST_CASE("structural skip stops at the bracket that passes the depth limit", "[structural]") {
  std::string deep = std::string(200, '[') + std::string(200, ']');
  StructuralEnd ok = SkipByStructure(deep, 0, 200);
  CHECK(ok.end == deep.size());
  CHECK_FALSE(ok.too_deep);
  StructuralEnd bad = SkipByStructure(deep, 0, 150);
  CHECK(bad.too_deep);
  CHECK(bad.end == 150);
}

TEST_CASE("structural skip agrees with a byte-at-a-time reference on random text", "[structural]") {
  INFO("AVX2 loop in use: " << tfstream::stream::SkipByStructureUsesAvx2());
  std::mt19937 rng(12345);
  const char alphabet[] = "\"\\{}[]a ,:";
  for (int round = 0; round < 20000; ++round) {
    size_t len = rng() % 300;
    std::string t;
    t.push_back("{[\"1"[rng() % 4]);
    for (size_t i = 0; i < len; ++i) {
      // Long backslash and quote runs cross block boundaries now and then.
      char c = alphabet[rng() % (sizeof alphabet - 1)];
      size_t repeat = rng() % 8 == 0 ? rng() % 70 : 1;
      t.append(repeat, c);
    }
    size_t start = rng() % 3 == 0 ? rng() % t.size() : 0;
    int max_depth = 1 + static_cast<int>(rng() % 40);
    StructuralEnd want = Reference(t, start, max_depth);
    StructuralEnd got = SkipByStructure(t, start, max_depth);
    StructuralEnd portable = SkipByStructurePortable(t, start, max_depth);
    INFO(t);
    REQUIRE(got.end == want.end);
    REQUIRE(got.too_deep == want.too_deep);
    REQUIRE(got.complete == want.complete);
    REQUIRE(portable.end == want.end);
    REQUIRE(portable.complete == want.complete);
    REQUIRE(portable.too_deep == want.too_deep);
    // Progress reports split the loop; the answer stays the same.
    tfstream::stream::SkipProgress progress;
    progress.interval = 1 + rng() % 200;
    size_t last = start;
    progress.fn = [&](size_t at) {
      REQUIRE(at >= last);
      REQUIRE(at < t.size());
      last = at;
    };
    StructuralEnd reported = SkipByStructure(t, start, max_depth, &progress);
    REQUIRE(reported.end == want.end);
    REQUIRE(reported.complete == want.complete);
    REQUIRE(reported.too_deep == want.too_deep);
    last = start;
    StructuralEnd reported_portable = SkipByStructurePortable(t, start, max_depth, &progress);
    REQUIRE(reported_portable.end == want.end);
    REQUIRE(reported_portable.complete == want.complete);
    REQUIRE(reported_portable.too_deep == want.too_deep);
  }
}

TEST_CASE("structural skip reports progress through long values", "[structural]") {
  std::string doc = "[";
  for (int i = 0; i < 5000; ++i) doc += R"({"k":"v\"]"},)";
  doc += "1]";
  std::vector<size_t> seen;
  tfstream::stream::SkipProgress progress;
  progress.interval = 4096;
  progress.fn = [&](size_t pos) { seen.push_back(pos); };
  StructuralEnd e = SkipByStructure(doc, 0, 100, &progress);
  CHECK(e.complete);
  CHECK(e.end == doc.size());
  REQUIRE(seen.size() >= doc.size() / 4096 - 1);
  for (size_t i = 1; i < seen.size(); ++i) CHECK(seen[i] - seen[i - 1] >= 4096);
}
