// Expected values follow encoding/json (scanner.go and unquote in decode.go,
// go1.26.4) applied to the text between a string token's quotes.
#include "stream/go_json_string.h"

#include <catch2/catch.hpp>

#include <cstring>
#include <memory>
#include <random>
#include <string>
#include <vector>

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

namespace {

// Each special sequence with what it decodes to ("<error>" if rejected).
struct Special {
  const char* raw;
  std::string decoded;
};
const Special kSpecials[] = {
    {R"(\")", "\""},          {R"(\\)", "\\"},           {R"(\n)", "\n"},
    {R"(\u00e9)", "\u00e9"},  {R"(\ud83d\ude00)", "\U0001F600"}, {R"(\ud800)", kFFFD},
    {"\xc3\xa9", "\xc3\xa9"}, {"\xe2\x82\xac", "\xe2\x82\xac"},   {"\xff", kFFFD},
    {"\xe2\x82", kFFFD + kFFFD}, {"\"", "<error>"},      {"\x01", "<error>"},
    {"\\", "<error>"},        {R"(\u12)", "<error>"},
};

// A copy of s in a heap block of exactly its size: the sanitizer build
// reports any read past the end, as past the end of a mapped input.
std::string DecodeExact(const std::string& s, bool* needs) {
  std::unique_ptr<char[]> exact(new char[s.size()]);
  std::memcpy(exact.get(), s.data(), s.size());
  std::string_view raw(exact.get(), s.size());
  *needs = NeedsGoJsonDecoding(raw);
  return Decode(raw);
}

}  // namespace

TEST_CASE("plain runs are copied 16 bytes at a time up to any special byte", "[go_json_string]") {
  // Every position of a special sequence against the 16-byte blocks, with
  // plain text on both sides, at the very end of the input too.
  for (const Special& sp : kSpecials) {
    for (size_t before = 0; before <= 40; ++before) {
      for (size_t after : {size_t{0}, size_t{1}, size_t{15}, size_t{16}, size_t{17}, size_t{33}}) {
        std::string prefix(before, 'a'), suffix(after, 'z');
        for (size_t k = 0; k < before; ++k) prefix[k] = static_cast<char>('!' + (k * 7) % 90);
        for (size_t k = 0; k < prefix.size(); ++k) {
          if (prefix[k] == '"' || prefix[k] == '\\') prefix[k] = '#';
        }
        bool needs;
        std::string got = DecodeExact(prefix + sp.raw + suffix, &needs);
        std::string want = sp.decoded == "<error>" ? sp.decoded : prefix + sp.decoded + suffix;
        INFO("special " << sp.raw << " after " << before << " plain bytes, " << after << " after it");
        CHECK(got == want);
        CHECK(needs == (sp.decoded == "<error>" || sp.decoded != sp.raw));
      }
    }
  }
}

TEST_CASE("long plain and repeated special runs decode exactly", "[go_json_string]") {
  bool needs;
  std::string plain(1000, 'x');
  CHECK(DecodeExact(plain, &needs) == plain);
  CHECK_FALSE(needs);
  // Invalid bytes triple in size: the buffer grows past the raw length.
  std::string invalid(100, '\xff');
  std::string want;
  for (int k = 0; k < 100; ++k) want += kFFFD;
  CHECK(DecodeExact(invalid, &needs) == want);
  CHECK(DecodeExact("ab" + invalid + "cd", &needs) == "ab" + want + "cd");
  // JSON inside a string: an escaped quote every few bytes.
  std::string raw, decoded;
  for (int k = 0; k < 50; ++k) {
    raw += R"(\"key)" + std::to_string(k) + R"(\":\"v\u00e9\")";
    decoded += "\"key" + std::to_string(k) + "\":\"v\u00e9\"";
  }
  CHECK(DecodeExact(raw, &needs) == decoded);
  CHECK(needs);
  // Valid multi-byte UTF-8 straddling a block boundary is kept whole.
  for (size_t at = 10; at <= 20; ++at) {
    std::string s = std::string(at, 'a') + "\xf0\x9f\x98\x80" + std::string(20, 'b');
    CHECK(DecodeExact(s, &needs) == s);
    CHECK_FALSE(needs);
  }
}

namespace {

// What DecodeGoJsonStringToQuote must give: the closing quote found by
// stepping over the byte after each backslash, then DecodeGoJsonString of
// the body before it. "<error>" for a failure.
std::string ToQuoteReference(std::string_view text, size_t* body_size) {
  size_t i = 0;
  while (i < text.size() && text[i] != '"') i += text[i] == '\\' ? 2 : 1;
  if (i >= text.size()) return "<error>";
  *body_size = i;
  std::string out;
  if (!DecodeGoJsonString(text.substr(0, i), &out)) return "<error>";
  return out;
}

std::string ToQuote(std::string_view text, std::string* buffer, size_t* body_size) {
  std::string_view decoded;
  if (!tfstream::stream::DecodeGoJsonStringToQuote(text, buffer, &decoded, body_size)) return "<error>";
  REQUIRE(decoded.data() == buffer->data());
  return std::string(decoded);
}

}  // namespace

TEST_CASE("DecodeGoJsonStringToQuote finds the closing quote and decodes the body in one pass",
          "[go_json_string]") {
  std::string json_in_string;
  for (int k = 0; k < 60; ++k) json_in_string += R"(\"key)" + std::to_string(k) + R"(\":\"v\u00e9\/\n\")";
  const std::string bodies[] = {
      "",
      "abc",
      R"(a\"b)",
      R"(\\)",
      R"(\\\")",
      R"(\u0041\ud83d\ude00\ud800)",
      R"(\ud800)",
      R"(x\u12)",           // \u cut short by the quote
      R"(\q)",              // unknown escape
      "a\x01z",             // a control byte
      "h\xc3\xa9llo",       // valid UTF-8
      "ab\xe2\x82",         // a sequence cut short by the quote
      "\xff\xfe" + std::string(300, 'x') + "\xff",
      std::string(1000, 'y'),
      std::string(500, 'z') + R"(\n)" + std::string(500, 'z'),
      json_in_string,
  };
  std::string buffer;  // kept from case to case, as the reader keeps it
  for (const std::string& body : bodies) {
    for (const std::string& after : {std::string("\""), std::string("\",\"next\":1}"), std::string("\"\xff\\q")}) {
      const std::string text = body + after;
      size_t want_size = 0, got_size = 0;
      const std::string want = ToQuoteReference(text, &want_size);
      const std::string got = ToQuote(text, &buffer, &got_size);
      INFO("body: " << body);
      CHECK(got == want);
      if (want != "<error>") CHECK(got_size == want_size);
    }
    // No closing quote at all.
    size_t size;
    CHECK(ToQuote(body, &buffer, &size) == "<error>");
  }
  // A body ending in a backslash escapes the quote that would close it.
  size_t size;
  CHECK(ToQuote(R"(abc\")", &buffer, &size) == "<error>");
}

TEST_CASE("DecodeGoJsonStringToQuote: runs of one-letter escapes at every offset of a block, mixed with other stops",
          "[go_json_string]") {
  // One-letter escapes are taken one after another from one block's mask;
  // anything else (a \u escape, a byte >= 0x80, a control byte, a bad
  // escape, the closing quote, the text's last 16 bytes) ends that walk.
  std::mt19937 rng(341);
  const std::vector<std::string> pieces = {"a",      "bcdefgh", "\\\"",  "\\\\",  "\\/", "\\n",     "\\t",
                                           "\\u0041", "\\ud83d\\ude00", "\xc3\xa9", "\xff", "\x01", "\\q",
                                           "0123456789abcdef", "\\\"\\\"\\\"", "\\\\\\\""};
  std::string buffer;
  for (int round = 0; round < 20000; ++round) {
    std::string body(rng() % 17, 'p');  // the escapes start anywhere in a block
    const int n = static_cast<int>(rng() % 24);
    for (int k = 0; k < n; ++k) {
      // Mostly one-letter escapes, so that long runs of them occur.
      const size_t at = rng() % 4 ? 2 + rng() % 3 : rng() % pieces.size();
      body += pieces[at];
    }
    static const char* kAfter[] = {"\"", "\",\"next\":{\"k\":[1,2,3]}}", "\"\xff\\q", "\"0123456789abcdef0123"};
    const std::string text = body + kAfter[rng() % 4];
    size_t want_size = 0, got_size = 0;
    const std::string want = ToQuoteReference(text, &want_size);
    // In a heap block of exactly its size: no read past the text's end.
    std::unique_ptr<char[]> exact(new char[text.size()]);
    std::memcpy(exact.get(), text.data(), text.size());
    const std::string got = ToQuote(std::string_view(exact.get(), text.size()), &buffer, &got_size);
    INFO("text: " << text);
    REQUIRE(got == want);
    if (want != "<error>") REQUIRE(got_size == want_size);
    if (round % 1000 == 0) std::string().swap(buffer);  // from a fresh buffer now and then
  }
}
