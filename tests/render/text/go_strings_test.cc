// Expected values follow unicode/utf8, unicode.IsSpace, strings.TrimSpace and
// fmt's %-*s as implemented in go1.26.4.
#include "render/text/go_strings.h"

#include <catch2/catch.hpp>

#include <string>

namespace text = tfstream::render::text;

namespace {

struct Decoded {
  char32_t rune;
  size_t width;
};

Decoded Decode(std::string_view s, size_t pos = 0) {
  char32_t r = 0;
  const size_t w = text::DecodeRune(s, pos, &r);
  return {r, w};
}

Decoded DecodeLast(std::string_view s) {
  char32_t r = 0;
  const size_t w = text::DecodeLastRune(s, s.size(), &r);
  return {r, w};
}

}  // namespace

TEST_CASE("DecodeRune decodes valid UTF-8 of every length", "[go_strings]") {
  CHECK(Decode("A").rune == U'A');
  CHECK(Decode("A").width == 1);
  CHECK(Decode("\xC2\x80").rune == 0x80);
  CHECK(Decode("\xC2\x80").width == 2);
  CHECK(Decode("\xE2\x82\xAC").rune == 0x20AC);
  CHECK(Decode("\xE2\x82\xAC").width == 3);
  CHECK(Decode("\xEF\xBF\xBD").rune == 0xFFFD);
  CHECK(Decode("\xEF\xBF\xBD").width == 3);
  CHECK(Decode("\xF0\x9F\x98\x80").rune == 0x1F600);
  CHECK(Decode("\xF0\x9F\x98\x80").width == 4);
  CHECK(Decode("\xF4\x8F\xBF\xBF").rune == 0x10FFFF);
  CHECK(Decode("x\xE2\x82\xAC", 1).rune == 0x20AC);
}

TEST_CASE("DecodeRune gives U+FFFD width 1 for each invalid form", "[go_strings]") {
  for (const char* bad : {"\x80", "\xBF", "\xC0\x80", "\xC1\xBF", "\xE0\x80\x80",
                          "\xE0\x9F\xBF", "\xED\xA0\x80", "\xED\xBF\xBF", "\xF0\x80\x80\x80",
                          "\xF0\x8F\xBF\xBF", "\xF4\x90\x80\x80", "\xF5\x80\x80\x80", "\xFF",
                          "\xC2", "\xE2\x82", "\xF0\x9F\x98", "\xC2\x41", "\xE2\x82\x41",
                          "\xF0\x9F\x98\x41"}) {
    INFO("input bytes: " << text::GoRuneCount(bad));
    const Decoded d = Decode(bad);
    CHECK(d.rune == text::kRuneError);
    CHECK(d.width == 1);
  }
}

TEST_CASE("DecodeRune at or past the end gives width 0", "[go_strings]") {
  CHECK(Decode("").width == 0);
  CHECK(Decode("").rune == text::kRuneError);
  CHECK(Decode("ab", 2).width == 0);
}

TEST_CASE("DecodeLastRune decodes the rune ending at the end", "[go_strings]") {
  CHECK(DecodeLast("a\xE2\x82\xAC").rune == 0x20AC);
  CHECK(DecodeLast("a\xE2\x82\xAC").width == 3);
  CHECK(DecodeLast("ab").rune == U'b');
  CHECK(DecodeLast("").width == 0);
  CHECK(DecodeLast("\xE2\x82").rune == text::kRuneError);
  CHECK(DecodeLast("\xE2\x82").width == 1);
  CHECK(DecodeLast("\xE3\x80\x80\xE3").width == 1);
  CHECK(DecodeLast("\x80\x80\x80\x80\x80").width == 1);
  CHECK(DecodeLast("\xF0\x9F\x98\x80").rune == 0x1F600);
}

TEST_CASE("AppendRune encodes like utf8.AppendRune", "[go_strings]") {
  std::string out;
  text::AppendRune(out, U'A');
  text::AppendRune(out, 0xE9);
  text::AppendRune(out, 0x20AC);
  text::AppendRune(out, 0x1F600);
  text::AppendRune(out, 0xD800);    // surrogate -> U+FFFD
  text::AppendRune(out, 0x110000);  // out of range -> U+FFFD
  CHECK(out == "A\u00e9\u20ac\U0001F600\uFFFD\uFFFD");
}

TEST_CASE("GoRuneCount counts each invalid byte as one rune", "[go_strings]") {
  CHECK(text::GoRuneCount("") == 0);
  CHECK(text::GoRuneCount("abc") == 3);
  CHECK(text::GoRuneCount("héllo") == 5);
  CHECK(text::GoRuneCount("日本語") == 3);
  CHECK(text::GoRuneCount("\xFF\xFE") == 2);
  CHECK(text::GoRuneCount("\xE2\x82") == 2);
  CHECK(text::GoRuneCount("a\xF0\x9F\x98") == 4);
  CHECK(text::GoRuneCount("\xED\xA0\x80") == 3);
  CHECK(text::GoRuneCount("\xF0\x9F\x98\x80!") == 2);
}

TEST_CASE("IsGoSpace is unicode.IsSpace", "[go_strings]") {
  for (char32_t r : {U'\t', U'\n', U'\v', U'\f', U'\r', U' ', char32_t{0x85}, char32_t{0xA0},
                     char32_t{0x1680}, char32_t{0x2000}, char32_t{0x2005}, char32_t{0x200A},
                     char32_t{0x2028}, char32_t{0x2029}, char32_t{0x202F}, char32_t{0x205F},
                     char32_t{0x3000}}) {
    INFO("rune " << static_cast<uint32_t>(r));
    CHECK(text::IsGoSpace(r));
  }
  for (char32_t r : {char32_t{0}, char32_t{0x08}, char32_t{0x0E}, char32_t{0x1C}, char32_t{0x1F},
                     char32_t{0x84}, char32_t{0xAD}, char32_t{0x180E}, char32_t{0x200B},
                     char32_t{0x2060}, char32_t{0xFEFF}, char32_t{0xFFFD}, U'a'}) {
    INFO("rune " << static_cast<uint32_t>(r));
    CHECK_FALSE(text::IsGoSpace(r));
  }
}

TEST_CASE("GoTrimSpace trims ASCII and Unicode white space", "[go_strings]") {
  CHECK(text::GoTrimSpace("") == "");
  CHECK(text::GoTrimSpace("   ") == "");
  CHECK(text::GoTrimSpace("abc") == "abc");
  CHECK(text::GoTrimSpace("  a b  ") == "a b");
  CHECK(text::GoTrimSpace("\t\n\v\f\r x \r\n") == "x");
  CHECK(text::GoTrimSpace("\u3000x\u00a0") == "x");
  CHECK(text::GoTrimSpace("\u0085abc\u0085") == "abc");
  CHECK(text::GoTrimSpace(" \u3000 ") == "");
  CHECK(text::GoTrimSpace("\u2028\u2029") == "");
  CHECK(text::GoTrimSpace(" x\u3000y ") == "x\u3000y");
}

TEST_CASE("GoTrimSpace keeps non-space format characters and invalid bytes", "[go_strings]") {
  CHECK(text::GoTrimSpace(" \u200b ") == "\u200b");
  CHECK(text::GoTrimSpace("\ufeffx\ufeff") == "\ufeffx\ufeff");
  CHECK(text::GoTrimSpace(" \x1c ") == "\x1c");  // not White_Space in Go
  CHECK(text::GoTrimSpace("\xA0x") == "\xA0x");  // a lone 0xA0 byte is not U+00A0
  CHECK(text::GoTrimSpace("x \xE3\x80") == "x \xE3\x80");
  CHECK(text::GoTrimSpace("\xE3\x80 x") == "\xE3\x80 x");
  CHECK(text::GoTrimSpace("\xE3\xE3\x80\x80") == "\xE3");  // U+3000 after a bad byte
  CHECK(text::GoTrimSpace("\xFF \u3000") == "\xFF");
}

TEST_CASE("GoTrimSpace returns a view into its argument", "[go_strings]") {
  const std::string s = "  payload\u3000";
  const std::string_view v = text::GoTrimSpace(s);
  CHECK(v == "payload");
  CHECK(v.data() == s.data() + 2);
}

TEST_CASE("AppendPaddedRight pads to a width in runes like %-*s", "[go_strings]") {
  std::string out;
  text::AppendPaddedRight(out, "ab", 5);
  CHECK(out == "ab   ");
  out.clear();
  text::AppendPaddedRight(out, "héllo", 7);  // 5 runes, 6 bytes
  CHECK(out == "héllo  ");
  out.clear();
  text::AppendPaddedRight(out, "日本", 4);  // runes, not display columns
  CHECK(out == "日本  ");
  out.clear();
  text::AppendPaddedRight(out, "abcdef", 3);
  CHECK(out == "abcdef");
  out.clear();
  text::AppendPaddedRight(out, "", 2);
  CHECK(out == "  ");
  out.clear();
  text::AppendPaddedRight(out, "x", 0);
  CHECK(out == "x");
  out.clear();
  out.push_back('>');  // not out = ">": GCC 12 warns falsely (-Wrestrict) on that assignment here
  text::AppendPaddedRight(out, "\xFF\xFE", 3);  // two invalid bytes are two runes
  CHECK(out == ">\xFF\xFE ");
}

TEST_CASE("AppendPaddedRight refuses a width above 1e6 as fmt does", "[go_strings]") {
  std::string out;
  text::AppendPaddedRight(out, "a", 1000000);
  CHECK(out.size() == 1000000);
  out.clear();
  text::AppendPaddedRight(out, "a", 1000001);
  CHECK(out == "%!(BADWIDTH)a");
}
