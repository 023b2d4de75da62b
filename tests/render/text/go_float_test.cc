#include "render/text/go_float.h"

#include <catch2/catch.hpp>

#include <cmath>

using tfstream::render::text::GoParseFloat;

namespace {

bool Parses(std::string_view s, double want) {
  double v = 0;
  return GoParseFloat(s, &v) && v == want;
}

bool Rejects(std::string_view s) {
  double v = 0;
  return !GoParseFloat(s, &v);
}

}  // namespace

TEST_CASE("GoParseFloat accepts what strconv.ParseFloat accepts", "[go_float]") {
  CHECK(Parses("1", 1));
  CHECK(Parses("-2.5e3", -2500));
  CHECK(Parses(".5", 0.5));
  CHECK(Parses("5.", 5));
  CHECK(Parses("+1E-2", 0.01));
  CHECK(Parses("0x1p0", 1));
  CHECK(Parses("0x1.8p1", 3));
  CHECK(Parses("0x_1p0", 1));      // after the base prefix
  CHECK(Parses("0x1_0p0", 16));    // between digits
  CHECK(Parses("0x1p1_0", 1024));  // in the exponent too
  CHECK(Parses("inf", INFINITY));
  CHECK(Parses("-Infinity", -INFINITY));
  CHECK(Parses("+INF", INFINITY));
  double v = 0;
  CHECK((GoParseFloat("nan", &v) && std::isnan(v)));
  CHECK((GoParseFloat("NaN", &v) && std::isnan(v)));
}

TEST_CASE("GoParseFloat rejects what strconv.ParseFloat rejects", "[go_float]") {
  for (const char* s : {"", "+", ".", "e1", "1e", "1e+", "0x1", "0x", "0xp1", "1_000", "1.5_0", "0x1__0p0",
                        "0x1_p0", "0x1p_1", "0x1p1_", "_1", "+nan", "-nan", "1e400", "-1e400", "1 ", " 1",
                        "infinit", "0x1.8p1x"}) {
    INFO(s);
    CHECK(Rejects(s));
  }
}
