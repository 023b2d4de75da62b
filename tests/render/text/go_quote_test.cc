// Expected values follow strconv.Quote (go1.26.4): strconv/quote_test.go's
// table plus cases derived from appendEscapedRune and the Unicode 15.0.0
// tables Go 1.26 ships.
#include "render/text/go_quote.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstring>
#include <memory>
#include <string>
#include <utility>

#include "render/text/unicode_tables.h"

using tfstream::render::text::AppendGoQuoted;
using tfstream::render::text::GoQuote;
using tfstream::render::text::IsGoPrint;

TEST_CASE("GoQuote matches Go's strconv quote_test table", "[go_quote]") {
  CHECK(GoQuote("\a\b\f\r\n\t\v") == R"("\a\b\f\r\n\t\v")");
  CHECK(GoQuote("\\") == R"("\\")");
  CHECK(GoQuote("abc\xff" "def") == R"("abc\xffdef")");
  CHECK(GoQuote("\u263a") == "\"\u263a\"");
  CHECK(GoQuote("\U0010ffff") == R"("\U0010ffff")");
  CHECK(GoQuote("\x04") == R"("\x04")");
  CHECK(GoQuote("!\u00a0!\u2000!\u3000!") == R"("!\u00a0!\u2000!\u3000!")");
  CHECK(GoQuote("\x7f") == R"("\x7f")");
}

TEST_CASE("GoQuote escapes double quote and backslash but not single quote", "[go_quote]") {
  CHECK(GoQuote("") == R"("")");
  CHECK(GoQuote("a\"b") == R"("a\"b")");
  CHECK(GoQuote("it's") == R"("it's")");
  CHECK(GoQuote("C:\\dir") == R"("C:\\dir")");
  CHECK(GoQuote("foo bar") == R"("foo bar")");
}

TEST_CASE("GoQuote keeps printable non-ASCII runes as UTF-8", "[go_quote]") {
  CHECK(GoQuote("héllo") == "\"héllo\"");
  CHECK(GoQuote("日本語") == "\"日本語\"");
  CHECK(GoQuote("\U0001F600") == "\"\U0001F600\"");
  CHECK(GoQuote("e\u0301") == "\"e\u0301\"");        // combining mark (Mn) is printable
  CHECK(GoQuote("\U000E0100") == "\"\U000E0100\"");  // variation selector (Mn)
  CHECK(GoQuote("\uFFFD") == "\"\uFFFD\"");          // a real U+FFFD is printable
}

TEST_CASE("GoQuote escapes control and format runes with lowercase hex", "[go_quote]") {
  CHECK(GoQuote(std::string("\0", 1)) == R"("\x00")");
  CHECK(GoQuote("\x1b[0m") == R"("\x1b[0m")");
  CHECK(GoQuote("\x1f") == R"("\x1f")");
  CHECK(GoQuote("\u0080") == R"("\u0080")");  // C1 controls are \u, not \x
  CHECK(GoQuote("\u0085") == R"("\u0085")");
  CHECK(GoQuote("\u00ad") == R"("\u00ad")");  // soft hyphen
  CHECK(GoQuote("\u200b") == R"("\u200b")");
  CHECK(GoQuote("\u2028") == R"("\u2028")");
  CHECK(GoQuote("\ufeff") == R"("\ufeff")");
  CHECK(GoQuote("\ue000") == R"("\ue000")");  // private use
  CHECK(GoQuote("\U000E0001") == R"("\U000e0001")");
  CHECK(GoQuote("\U000F0000") == R"("\U000f0000")");
}

TEST_CASE("GoQuote escapes each byte of invalid UTF-8 as \\x", "[go_quote]") {
  CHECK(GoQuote("\xc0\x80") == R"("\xc0\x80")");              // overlong NUL
  CHECK(GoQuote("\xed\xa0\x80") == R"("\xed\xa0\x80")");      // UTF-8 encoded surrogate
  CHECK(GoQuote("\xf4\x90\x80\x80") == R"("\xf4\x90\x80\x80")");  // above U+10FFFF
  CHECK(GoQuote("\xe2\x82") == R"("\xe2\x82")");              // truncated at the end
  CHECK(GoQuote("\xe2\x82x") == R"("\xe2\x82x")");            // truncated mid-string
  CHECK(GoQuote("\x80\xbf") == R"("\x80\xbf")");              // stray continuations
  CHECK(GoQuote("\xfe\xff") == R"("\xfe\xff")");
  CHECK(GoQuote("a\xe2\x82\xac\xff") == "\"a\u20ac\\xff\"");  // valid rune then bad byte
}

TEST_CASE("GoQuote uses Unicode 15.0.0 assignments", "[go_quote]") {
  CHECK(GoQuote("\U0001F6DC") == "\"\U0001F6DC\"");       // WIRELESS, new in 15.0
  CHECK(GoQuote("\U00011F04") == "\"\U00011F04\"");       // Kawi letter, new in 15.0
  CHECK(GoQuote("\U00031350") == "\"\U00031350\"");       // CJK Extension H
  CHECK(GoQuote("\U0001FA89") == R"("\U0001fa89")");      // unassigned in 15.0
  CHECK(GoQuote("\u0378") == R"("\u0378")");              // unassigned
}

TEST_CASE("AppendGoQuoted appends to existing content", "[go_quote]") {
  std::string out = "abc";
  AppendGoQuoted(out, "x\ny");
  CHECK(out == R"(abc"x\ny")");
}

TEST_CASE("IsGoPrint agrees with strconv.IsPrint at the edges", "[go_quote]") {
  CHECK_FALSE(IsGoPrint(0x00));
  CHECK_FALSE(IsGoPrint(0x1F));
  CHECK(IsGoPrint(0x20));
  CHECK(IsGoPrint(0x7E));
  CHECK_FALSE(IsGoPrint(0x7F));
  CHECK_FALSE(IsGoPrint(0x9F));
  CHECK_FALSE(IsGoPrint(0xA0));
  CHECK(IsGoPrint(0xA1));
  CHECK_FALSE(IsGoPrint(0xAD));
  CHECK(IsGoPrint(0xFF));
  CHECK(IsGoPrint(0x100));
  CHECK_FALSE(IsGoPrint(0x1680));
  CHECK_FALSE(IsGoPrint(0x3000));
  CHECK_FALSE(IsGoPrint(0xD800));
  CHECK_FALSE(IsGoPrint(0xDFFF));
  CHECK(IsGoPrint(0xFFFD));
  CHECK_FALSE(IsGoPrint(0xFFFE));
  CHECK(IsGoPrint(0x10000));
  CHECK_FALSE(IsGoPrint(0x1000C));  // hole listed in isNotPrint32
  CHECK(IsGoPrint(0x2A6DF));
  CHECK_FALSE(IsGoPrint(0x2A6E0));
  CHECK(IsGoPrint(0xE01EF));
  CHECK_FALSE(IsGoPrint(0xE01F0));
  CHECK_FALSE(IsGoPrint(0x10FFFF));
  CHECK_FALSE(IsGoPrint(0x110000));
  CHECK_FALSE(IsGoPrint(0xFFFFFFFF));
}

TEST_CASE("IsGoPrint accepts exactly the 148998 runes of categories L M N P S plus space",
          "[go_quote]") {
  // Count taken from Unicode 15.0.0 (Python 3.12 unicodedata), the version
  // Go 1.21 through 1.26 use; a different table version changes it.
  size_t count = 0;
  for (char32_t r = 0; r <= 0x10FFFF; ++r) count += IsGoPrint(r) ? 1 : 0;
  CHECK(count == 148998);
}

TEST_CASE("GoQuote escapes a special byte at any position against 16-byte blocks", "[go_quote]") {
  // Plain runs are copied 16 bytes at a time; each special byte must still
  // be found wherever it falls, and nothing past the text read.
  const std::pair<std::string, std::string> specials[] = {
      {"\"", "\\\""}, {"\\", "\\\\"}, {"\n", "\\n"}, {"\x7f", "\\x7f"}, {"\x01", "\\x01"},
      {"\xff", "\\xff"}, {"\xc3\xa9", "\xc3\xa9"}, {"\xc2\xad", "\\u00ad"}};
  for (const auto& [raw, quoted] : specials) {
    for (size_t before = 0; before <= 34; ++before) {
      for (size_t after : {size_t{0}, size_t{1}, size_t{16}, size_t{17}}) {
        std::string prefix(before, 'a'), suffix(after, '~');
        std::string text = prefix + raw + suffix;
        std::unique_ptr<char[]> exact(new char[text.size()]);
        std::memcpy(exact.get(), text.data(), text.size());
        INFO("special " << quoted << " after " << before << " bytes");
        CHECK(GoQuote(std::string_view(exact.get(), text.size())) == "\"" + prefix + quoted + suffix + "\"");
      }
    }
  }
}

TEST_CASE("GoQuote with Go 1.20's tables escapes the graphic runes of Unicode 14 and 15", "[go_quote]") {
  using tfstream::render::text::GoUnicode;
  namespace tables = tfstream::render::text::tables;
  // U+1FAE0 MELTING FACE (14.0), U+1FA75 LIGHT BLUE HEART (15.0), U+061D (14.0, Po).
  CHECK(GoQuote("a\xf0\x9f\xab\xa0" "b", GoUnicode::k13) == "\"a\\U0001fae0b\"");
  CHECK(GoQuote("\xf0\x9f\xa9\xb5", GoUnicode::k13) == "\"\\U0001fa75\"");
  CHECK(GoQuote("\xd8\x9d", GoUnicode::k13) == "\"\\u061d\"");
  CHECK(GoQuote("a\xf0\x9f\xab\xa0" "b") == "\"a\xf0\x9f\xab\xa0" "b\"");
  // U+1F97A (Unicode 11) and U+00E9 are printable in both.
  CHECK(GoQuote("\xf0\x9f\xa5\xba\xc3\xa9", GoUnicode::k13) == "\"\xf0\x9f\xa5\xba\xc3\xa9\"");
  // The Go 1.20 table only takes runes away: each lies inside Go 1.21's IsPrint.
  size_t runes = 0;
  for (size_t i = 0; i < tables::kGoPrintSinceUnicode14RangesSize; ++i) {
    const auto& r = tables::kGoPrintSinceUnicode14Ranges[i];
    if (i > 0) CHECK(tables::kGoPrintSinceUnicode14Ranges[i - 1].hi + 1 < r.lo);
    for (uint32_t c = r.lo; c <= r.hi; ++c) {
      ++runes;
      CHECK(IsGoPrint(c));
      CHECK_FALSE(IsGoPrint(c, GoUnicode::k13));
    }
  }
  CHECK(runes == tables::kGoPrintSinceUnicode14Runes);
  CHECK(runes == 5318);
}

TEST_CASE("WriteGoQuotedLine writes what AppendGoQuoted appends, and refuses a line feed", "[go_quote]") {
  using tfstream::render::text::GoQuotedLineRoom;
  using tfstream::render::text::WriteGoQuotedLine;
  // Every length up to 40 (the sixteen-byte steps and the tail), with each
  // special byte at each position; the input sits at the end of its own
  // allocation so that a read past it would be seen by the sanitizer build.
  const char specials[] = {'"', '\\', '\x01', '\x7f', '\xe6', '\t', '\n'};
  for (size_t len = 0; len <= 40; ++len) {
    for (size_t at = 0; at <= len; ++at) {
      for (char special : specials) {
        std::string text(len, 'a');
        if (at < len) text[at] = special;
        if (special == '\xe6' && at + 2 < len) {  // a whole rune: U+65E5
          text[at + 1] = '\x97';
          text[at + 2] = '\xa5';
        }
        std::unique_ptr<char[]> in(new char[len == 0 ? 1 : len]);
        std::memcpy(in.get(), text.data(), len);
        const std::string_view s(in.get(), len);
        std::unique_ptr<char[]> room(new char[GoQuotedLineRoom(len)]);
        char* end = WriteGoQuotedLine(room.get(), s);
        if (text.find('\n') != std::string::npos) {
          CHECK(end == nullptr);
        } else {
          REQUIRE(end != nullptr);
          CHECK(std::string(room.get(), end) == GoQuote(s));
        }
      }
    }
  }
}

TEST_CASE("WriteGoQuotedShortPlain writes what WriteGoQuotedLine does, or declines", "[go_quote]") {
  using tfstream::render::text::GoQuotedLineRoom;
  using tfstream::render::text::WriteGoQuotedShortPlain;
  // Each length up to past 32, with each special byte at each position;
  // the input at the end of its own allocation (the sanitizer build sees a
  // read past it).
  const char specials[] = {'a', '"', '\\', '\x01', '\x1f', '\x7f', '\x80', '\xe6', '\xff', '\n', ' ', '~'};
  for (size_t len = 0; len <= 36; ++len) {
    for (size_t at = 0; at <= len; ++at) {
      for (char special : specials) {
        std::string text(len, 'b');
        if (at < len) text[at] = special;
        std::unique_ptr<char[]> in(new char[len == 0 ? 1 : len]);
        std::memcpy(in.get(), text.data(), len);
        const std::string_view s(in.get(), len);
        std::unique_ptr<char[]> room(new char[GoQuotedLineRoom(len)]);
        char* end = WriteGoQuotedShortPlain(room.get(), s);
        const bool plain = text.find_first_of("\"\\\x7f") == std::string::npos &&
                           std::all_of(text.begin(), text.end(), [](char c) {
                             return static_cast<unsigned char>(c) >= 0x20 && static_cast<unsigned char>(c) < 0x7f;
                           });
        INFO("len " << len << " at " << at << " special " << static_cast<int>(special));
#if defined(__SSE2__)
        const bool taken = len < 32 && plain;
#else
        const bool taken = false;  // the fast path is SSE2's
#endif
        if (taken) {
          REQUIRE(end != nullptr);
          CHECK(std::string(room.get(), end) == GoQuote(s));
        } else {
          CHECK(end == nullptr);
        }
      }
    }
  }
}
