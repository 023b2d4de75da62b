#include "render/text/go_float.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>

using tfstream::render::text::GoParseFloat;

namespace {

bool Parses(std::string_view s, double want) {
  double v = 0;
  return GoParseFloat(s, &v) && v == want;
}

uint64_t Bits(std::string_view s) {
  double v = 0;
  if (!GoParseFloat(s, &v)) return ~uint64_t{0};
  uint64_t bits;
  std::memcpy(&bits, &v, sizeof bits);
  return bits;
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
  // Decimal numbers take underscores between digits as well (Go 1.26.10
  // printed these values).
  CHECK(Parses("1_000", 1000));
  CHECK(Parses("1.5_0", 1.5));
  CHECK(Parses("1_23.50_0_0e+1_2", 1.235e14));
  CHECK(Parses("1e1_0", 1e10));
  CHECK(Parses("inf", INFINITY));
  CHECK(Parses("-Infinity", -INFINITY));
  CHECK(Parses("+INF", INFINITY));
  double v = 0;
  CHECK((GoParseFloat("nan", &v) && std::isnan(v)));
  CHECK((GoParseFloat("NaN", &v) && std::isnan(v)));
}

TEST_CASE("GoParseFloat rejects what strconv.ParseFloat rejects", "[go_float]") {
  for (const char* s : {"", "+", ".", "e1", "1e", "1e+", "0x1", "0x", "0xp1", "1__0", "1_", "1_.5", "1._5",
                        "1e_1", "0x1__0p0", "0x1_p0", "0x1p_1", "0x1p1_", "_1", "+nan", "-nan", "1e400", "-1e400",
                        "1 ", " 1", "infinit", "0x1.8p1x", "0b101", "0o17"}) {
    INFO(s);
    CHECK(Rejects(s));
  }
}

TEST_CASE("GoParseFloat rounds and scales as strconv.ParseFloat does", "[go_float]") {
  // Hexadecimal subnormals: rounded to nearest even with the dropped bits as
  // a sticky bit (glibc's strtod gives 0x0008000000000000 for both).
  CHECK(Bits("0x20000000000003p-1076") == 0x0008000000000001ULL);
  CHECK(Bits("0x2.0000000000003p-1024") == 0x0008000000000001ULL);
  // Go stops reading an exponent's value at five digits: these move the
  // point by 99999 or so, not by the exponent written (Go: +Inf with a
  // range error, and 0).
  CHECK(Rejects("0x1" + std::string(25000, '0') + "p-100000"));
  CHECK(Bits("0." + std::string(99999, '0') + "1e100000") == 0);
}
