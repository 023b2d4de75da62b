// Expected values follow encoding/json (scanner.go and unquote in decode.go,
// go1.26.4) applied to the text between a string token's quotes.
#include "stream/go_json_string.h"

#include <catch2/catch.hpp>

#include <string>

using tfstream::stream::DecodeGoJsonString;
using tfstream::stream::NeedsGoJsonDecoding;

namespace {

// Decodes raw; "<error>" when DecodeGoJsonString fails.
std::string Decode(std::string_view raw) {
  std::string out;
  if (!DecodeGoJsonString(raw, &out)) return "<error>";
  return out;
}

const std::string kFFFD = "\xEF\xBF\xBD";

}  // namespace

TEST_CASE("DecodeGoJsonString copies plain text", "[go_json_string]") {
  CHECK(Decode("") == "");
  CHECK(Decode("abc") == "abc");
  CHECK(Decode("h\u00e9llo \u20ac \U0001F600") == "h\u00e9llo \u20ac \U0001F600");
  CHECK(Decode("\x7f") == "\x7f");      // DEL is not a control byte to JSON
  CHECK(Decode("'single'") == "'single'");
  CHECK(Decode(kFFFD) == kFFFD);        // a real U+FFFD is kept
}

TEST_CASE("DecodeGoJsonString decodes the JSON escapes", "[go_json_string]") {
  CHECK(Decode(R"(\"\\\/\b\f\n\r\t)") == "\"\\/\b\f\n\r\t");
  CHECK(Decode(R"(a\nb)") == "a\nb");
  CHECK(Decode(R"(\u0041)") == "A");
  CHECK(Decode(R"(\u00e9\u00E9)") == "\u00e9\u00e9");
  CHECK(Decode(R"(\u20AC)") == "\u20ac");
  CHECK(Decode(R"(\u0000)") == std::string("\0", 1));
  CHECK(Decode(R"(\u001b[31m)") == "\x1b[31m");
  CHECK(Decode(R"(\ufffd)") == kFFFD);
}

TEST_CASE("DecodeGoJsonString joins a surrogate pair into one rune", "[go_json_string]") {
  CHECK(Decode(R"(\ud83d\ude00)") == "\U0001F600");
  CHECK(Decode(R"(\uD83D\uDE00)") == "\U0001F600");
  CHECK(Decode(R"(\ud800\udc00)") == "\U00010000");
  CHECK(Decode(R"(\udbff\udfff)") == "\U0010FFFF");
}

TEST_CASE("DecodeGoJsonString turns a bad surrogate into U+FFFD on its own",
          "[go_json_string]") {
  CHECK(Decode(R"(\ud800)") == kFFFD);
  CHECK(Decode(R"(\udc00)") == kFFFD);
  CHECK(Decode(R"(\ud800\u0041)") == kFFFD + "A");
  CHECK(Decode(R"(\ud800x)") == kFFFD + "x");
  CHECK(Decode(R"(\ud800\n)") == kFFFD + "\n");
  CHECK(Decode(R"(\ud800\ud800\udc00)") == kFFFD + "\U00010000");
  CHECK(Decode(R"(\udc00\ud800)") == kFFFD + kFFFD);
  CHECK(Decode(R"(\ude00\ud83d)") == kFFFD + kFFFD);  // reversed pair
}

TEST_CASE("DecodeGoJsonString replaces each invalid UTF-8 byte with U+FFFD",
          "[go_json_string]") {
  CHECK(Decode("a\xFF" "b") == "a" + kFFFD + "b");
  CHECK(Decode("\xE2\x82") == kFFFD + kFFFD);
  CHECK(Decode("\xE2\x82" "x") == kFFFD + kFFFD + "x");
  CHECK(Decode("\xC0\x80") == kFFFD + kFFFD);
  CHECK(Decode("\xED\xA0\x80") == kFFFD + kFFFD + kFFFD);
  CHECK(Decode("\xF4\x90\x80\x80") == kFFFD + kFFFD + kFFFD + kFFFD);
  CHECK(Decode("\xF0\x9F\x98") == kFFFD + kFFFD + kFFFD);
  CHECK(Decode("\xFF\\n") == kFFFD + "\n");
}

TEST_CASE("DecodeGoJsonString rejects what Go's JSON scanner rejects", "[go_json_string]") {
  CHECK(Decode("\x01") == "<error>");
  CHECK(Decode("\x1f") == "<error>");
  CHECK(Decode("a\tb") == "<error>");
  CHECK(Decode("a\nb") == "<error>");
  CHECK(Decode(std::string("a\0b", 3)) == "<error>");
  CHECK(Decode("a\"b") == "<error>");
  CHECK(Decode(R"(\')") == "<error>");
  CHECK(Decode(R"(\x41)") == "<error>");
  CHECK(Decode(R"(\U00000041)") == "<error>");
  CHECK(Decode(R"(\a)") == "<error>");
  CHECK(Decode(R"(\u12)") == "<error>");
  CHECK(Decode(R"(\u12G4)") == "<error>");
  CHECK(Decode(R"(\u)") == "<error>");
  CHECK(Decode(R"(abc\)") == "<error>");
  CHECK(Decode(R"(\ud800\u12)") == "<error>");
}

TEST_CASE("DecodeGoJsonString appends to existing content", "[go_json_string]") {
  std::string out = "key=";
  REQUIRE(DecodeGoJsonString(R"(v\u0031)", &out));
  CHECK(out == "key=v1");
}

TEST_CASE("NeedsGoJsonDecoding is false exactly when the raw text is the value",
          "[go_json_string]") {
  CHECK_FALSE(NeedsGoJsonDecoding(""));
  CHECK_FALSE(NeedsGoJsonDecoding("abc"));
  CHECK_FALSE(NeedsGoJsonDecoding("h\u00e9llo \u20ac \U0001F600"));
  CHECK_FALSE(NeedsGoJsonDecoding("\x7f"));
  CHECK(NeedsGoJsonDecoding(R"(a\nb)"));
  CHECK(NeedsGoJsonDecoding(R"(\/)"));
  CHECK(NeedsGoJsonDecoding("\xFF"));
  CHECK(NeedsGoJsonDecoding("ok\xE2\x82"));
  CHECK(NeedsGoJsonDecoding("\xED\xA0\x80"));
  CHECK(NeedsGoJsonDecoding("\x01"));
  CHECK(NeedsGoJsonDecoding("a\"b"));

  for (const char* raw : {"", "abc", "h\u00e9llo", "\U0001F600 x", "[red]"}) {
    INFO(raw);
    REQUIRE_FALSE(NeedsGoJsonDecoding(raw));
    CHECK(Decode(raw) == raw);
  }
}
