// AppendFloat64Text: numbers as Terraform <= 1.7.3 printed them (float64,
// big.Float.Text('f', -1)).
#include "render/text/go_float_text.h"

#include <catch2/catch.hpp>
#include <string>

namespace {

std::string Text(std::string_view number) {
  std::string out;
  tfstream::render::text::AppendFloat64Text(&out, number);
  return out;
}

}  // namespace

TEST_CASE("AppendFloat64Text prints the shortest digits that read back, without exponent", "[go_float_text]") {
  CHECK(Text("0") == "0");
  CHECK(Text("-0") == "-0");
  CHECK(Text("1") == "1");
  CHECK(Text("1.0") == "1");
  CHECK(Text("0.50") == "0.5");
  CHECK(Text("1e3") == "1000");
  CHECK(Text("0.1") == "0.1");
  CHECK(Text("-2.5e-3") == "-0.0025");
  CHECK(Text("3.14159") == "3.14159");
  CHECK(Text("9007199254740993") == "9007199254740992");
  CHECK(Text("12345678901234567890") == "12345678901234567000");
  // 2^64: big.Float's bounds stay symmetric at a power of two (strconv's
  // shortest would be 18446744073709552000).
  CHECK(Text("18446744073709551615") == "18446744073709550000");
  CHECK(Text("18446744073709551616") == "18446744073709550000");
  CHECK(Text("0.30000000000000004") == "0.30000000000000004");
  CHECK(Text("1.5e300").size() == 301);
  CHECK(Text("1e21") == "1000000000000000000000");
  CHECK(Text("1e400") == "1e400");  // no float64: as written
}
