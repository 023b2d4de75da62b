#include "stream/validated_tree_reader.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "stream/go_json_string.h"
#include "stream/json_document.h"
#include "stream/json_scanner.h"
#include "stream/json_tree_check.h"
#include "stream/json_tree_parser.h"

using tfstream::Status;
using tfstream::buffer::Arena;
using tfstream::stream::JsonValue;
using tfstream::stream::ParseGoJson;
using tfstream::stream::ParseJsonTree;
using tfstream::stream::ParseJsonTreeWithYajl;
using tfstream::stream::ReadValidatedTree;
using tfstream::stream::SameJsonTree;

namespace {

// The text in a heap block of exactly its size, so that ASan catches any
// read past its end. Trees point into it: kept until the test's end.
std::string_view ExactText(std::string_view s) {
  static std::vector<std::unique_ptr<char[]>> kept;
  kept.emplace_back(new char[s.size() == 0 ? 1 : s.size()]);
  std::copy(s.begin(), s.end(), kept.back().get());
  return {kept.back().get(), s.size()};
}

// Reads `text` both ways (and through ParseJsonTree, and ParseGoJson when
// Go accepts it) and requires the same tree; returns the reader's.
const JsonValue* ReadBothWays(std::string_view text, Arena* arena) {
  std::string_view t = ExactText(text);
  const JsonValue* reference = nullptr;
  REQUIRE(ParseJsonTreeWithYajl(t, 0, arena, &reference).ok());
  const JsonValue* read = nullptr;
  REQUIRE(ReadValidatedTree(t, arena, &read));
  std::string where;
  CHECK(SameJsonTree(read, reference, &where));
  INFO("where: " << where);
  REQUIRE(where.empty());
  // The reader's other build too (SSE2 where the CPU has AVX2).
  if (tfstream::stream::ValidatedTreeReaderUsesAvx2()) {
    tfstream::stream::AllowValidatedTreeAvx2(false);
    const JsonValue* narrow = nullptr;
    const bool narrow_read = ReadValidatedTree(t, arena, &narrow);
    tfstream::stream::AllowValidatedTreeAvx2(true);
    REQUIRE(narrow_read);
    CHECK(SameJsonTree(narrow, reference, &where));
    INFO("where (SSE2 build): " << where);
    REQUIRE(where.empty());
  }
  const JsonValue* parsed = nullptr;
  REQUIRE(ParseJsonTree(t, 0, arena, &parsed).ok());
  REQUIRE(SameJsonTree(parsed, reference));
  tfstream::stream::JsonScanner go(t);
  if (go.SkipValue() && go.AtEnd()) {
    const JsonValue* go_tree = nullptr;
    REQUIRE(ParseGoJson(t, arena, &go_tree));
    REQUIRE(SameJsonTree(go_tree, reference));
  }
  return read;
}

// Concatenation by append(): GCC 12 warns wrongly (-Wrestrict) on
// "literal" + std::string at some of these call sites.
std::string Cat(std::initializer_list<std::string_view> parts) {
  std::string out;
  for (std::string_view p : parts) out.append(p);
  return out;
}

std::string Quoted(std::string_view body) { return Cat({"\"", body, "\""}); }

std::string GoDecoded(std::string_view raw) {
  std::string out;
  REQUIRE(tfstream::stream::DecodeGoJsonString(raw, &out));
  return out;
}

}  // namespace

TEST_CASE("validated reader: escapes decode as Go's, wherever they fall in a 16-byte block", "[tree][reader]") {
  const char* escapes[] = {R"(\")", R"(\\)", R"(\/)", R"(\b)", R"(\f)", R"(\n)", R"(\r)", R"(\t)", R"(\u0000)",
                           R"(\u0041)", R"(\u00e9)", R"(\uFFFD)", R"(\ufffd)", R"(\\\")", R"(\"\\)", R"(\\\\)"};
  for (size_t before = 0; before <= 34; ++before) {
    for (size_t after : {size_t{0}, size_t{1}, size_t{15}, size_t{17}}) {
      for (const char* esc : escapes) {
        std::string body = std::string(before, 'a') + esc + std::string(after, 'z');
        for (const std::string& text : {Quoted(body), Cat({"[", Quoted(body), "]"}),
                                        Cat({"{", Quoted(body), ":", Quoted(body), "}"})}) {
          INFO(text);
          Arena arena;
          const JsonValue* v = ReadBothWays(text, &arena);
          const JsonValue* s = v->IsString() ? v : v->IsArray() ? v->items[0] : v->members[0].value;
          CHECK(s->text() == GoDecoded(body));
          if (v->IsObject()) CHECK(v->members[0].key == GoDecoded(body));
        }
      }
    }
  }
}

TEST_CASE("validated reader: surrogate escapes, paired, lone and broken, are Go's", "[tree][reader]") {
  struct Case {
    const char* raw;
    const char* want;
  };
  const Case cases[] = {
      {R"(\ud83d\ude00)", "\xF0\x9F\x98\x80"},
      {R"(\uD83D\uDE00)", "\xF0\x9F\x98\x80"},
      {R"(\udbff\udfff)", "\xF4\x8F\xBF\xBF"},
      {R"(\ud800)", "\xEF\xBF\xBD"},
      {R"(\udc00)", "\xEF\xBF\xBD"},
      {R"(\ud800x)", "\xEF\xBF\xBDx"},
      {R"(\ud800\u0041)", "\xEF\xBF\xBD" "A"},
      {R"(\ud800\ud800)", "\xEF\xBF\xBD\xEF\xBF\xBD"},
      {R"(\udfff\ud800)", "\xEF\xBF\xBD\xEF\xBF\xBD"},
      {R"(\ud800\\)", "\xEF\xBF\xBD\\"},
      {R"(\ud800\n)", "\xEF\xBF\xBD\n"},
      {R"(?\ud800?)", "?\xEF\xBF\xBD?"},
      {R"(\ud83d\ude00\ud83d)", "\xF0\x9F\x98\x80\xEF\xBF\xBD"},
  };
  for (const Case& c : cases) {
    for (size_t pad = 0; pad <= 17; ++pad) {
      std::string body = std::string(pad, '-') + c.raw;
      INFO(body);
      Arena arena;
      const JsonValue* v = ReadBothWays(Cat({"[", Quoted(body), "]"}), &arena);
      CHECK(v->items[0]->text() == std::string(pad, '-') + c.want);
    }
  }
}

TEST_CASE("validated reader: invalid UTF-8 becomes U+FFFD byte by byte, valid UTF-8 and U+FFFD stay", "[tree][reader]") {
  struct Case {
    const char* raw;
    const char* want;
  };
  const Case cases[] = {
      {"\xff", "\xEF\xBF\xBD"},
      {"\xc3", "\xEF\xBF\xBD"},                                  // cut short
      {"\xc3\xa9", "\xc3\xa9"},                                  // é
      {"\xc0\xaf", "\xEF\xBF\xBD\xEF\xBF\xBD"},                  // overlong
      {"\xed\xa0\x80", "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD"},  // a surrogate in UTF-8
      {"\xf4\x90\x80\x80", "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD"},  // above U+10FFFF
      {"\xe2\x82", "\xEF\xBF\xBD\xEF\xBF\xBD"},
      {"\xef\xbf\xbd", "\xef\xbf\xbd"},  // U+FFFD itself
      {"\xf0\x9f\x98\x80", "\xf0\x9f\x98\x80"},
      {"\xff\\n", "\xEF\xBF\xBD\n"},     // invalid bytes and an escape
      {"\\u00e9\xc3", "\xc3\xa9\xEF\xBF\xBD"},
  };
  for (const Case& c : cases) {
    for (size_t pad = 0; pad <= 33; ++pad) {
      for (bool at_end : {false, true}) {
        std::string body = at_end ? std::string(pad, 'p') + c.raw : c.raw + std::string(pad, 'p');
        std::string want = at_end ? std::string(pad, 'p') + c.want : c.want + std::string(pad, 'p');
        INFO(body);
        Arena arena;
        const JsonValue* v = ReadBothWays(Quoted(body), &arena);
        CHECK(v->text() == want);
        v = ReadBothWays(Cat({"{", Quoted(body), ":0}"}), &arena);
        CHECK(v->members[0].key == want);
      }
    }
  }
}

TEST_CASE("validated reader: duplicate and unsorted keys as the yajl builder has them", "[tree][reader]") {
  Arena arena;
  const JsonValue* v = ReadBothWays(R"({"b":1,"a":2,"b":3,"c":null,"a":[true]})", &arena);
  REQUIRE(v->size == 3);
  CHECK(v->members[0].key == "a");
  CHECK(v->members[0].value->IsArray());
  CHECK(v->members[1].value->text() == "3");
  CHECK(v->members[2].value == nullptr);
  REQUIRE(v->document_order() != nullptr);
  CHECK(v->document_order()->count == 5);

  // Keys equal only once decoded, and keys that are prefixes of others.
  v = ReadBothWays(R"({"a":1,"\u0061":2,"ab":3,"a\u0062":4,"":5,"\u0000":6,"\ud800":7,"\ufffd":8})", &arena);
  CHECK(v->size == 5);

  // Sorted already: no document order kept.
  v = ReadBothWays(R"({"a":1,"b":2,"c":3})", &arena);
  CHECK(v->document_order() == nullptr);

  // More than 32 members (the builder's stable sort), reversed, with repeats.
  std::string big = "{";
  for (int i = 80; i >= 0; --i) big += "\"k" + std::to_string(i % 50) + "\":" + std::to_string(i) + ",";
  big.back() = '}';
  v = ReadBothWays(big, &arena);
  CHECK(v->size == 50);
}

TEST_CASE("unsorted objects are sorted bytewise, keys sharing and ending within their first eight bytes", "[tree][reader]") {
  Arena arena;
  // Keys of every length up to twelve, prefixes of one another, with NUL
  // and high bytes (as \u escapes), in a shuffled order; one repeated.
  std::vector<std::string> raw = {"abcdefgh1", "abcdefgh", "abcdefg", "abcdefgi", "abcd", "abce", "abc", "ab\\u0000",
                                  "ab\\u0000c", "ab", "a", "", "\\u00ff", "\\u00ffa", "zzzzzzzzzzzz", "zzzz",
                                  "abcdefgh0", "b", "abcdefghij", "abcdefgh\\u0001", "abcdz", "abcdzz",
                                  "abcdy"};
  std::vector<std::string> decoded;
  for (const std::string& k : raw) decoded.push_back(GoDecoded(k));
  for (unsigned seed = 0; seed < 8; ++seed) {
    std::vector<size_t> order(raw.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = i;
    for (size_t i = order.size(); i > 1; --i) std::swap(order[i - 1], order[(i * 7 + seed * 13) % i]);
    std::string text = "{";
    for (size_t i : order) text += Quoted(raw[i]) + ":" + std::to_string(i) + ",";
    text += Quoted(raw[order[0]]) + ":99}";  // a repeat: its last value stays
    const JsonValue* v = ReadBothWays(text, &arena);
    std::vector<std::string> want = decoded;
    std::sort(want.begin(), want.end());
    REQUIRE(v->size == want.size());
    for (size_t i = 0; i < want.size(); ++i) CHECK(v->members[i].key == want[i]);
    const JsonValue* last = nullptr;
    REQUIRE(v->Find(decoded[order[0]], &last));
    CHECK(last->text() == "99");
  }
}

TEST_CASE("validated reader: numbers keep their literal text, at the end of the text too", "[tree][reader]") {
  for (const char* n : {"0", "-0", "1", "-1", "1.5", "1.50E+3", "1e400", "-1e-400", "123456789012345678901234567890",
                        "0.000000000000000000000000001", "9223372036854775808", "-9223372036854775809",
                        "1E2", "1e+2", "1.0e-0"}) {
    Arena arena;
    INFO(n);
    CHECK(ReadBothWays(n, &arena)->text() == n);
    CHECK(ReadBothWays(std::string(" ") + n + "\n", &arena)->text() == n);
    CHECK(ReadBothWays(std::string("[") + n + "," + n + "]", &arena)->items[1]->text() == n);
  }
}

TEST_CASE("validated reader: literals, empty containers and whitespace everywhere", "[tree][reader]") {
  for (const char* text : {"null", "true", "false", " null ", "\"\"", "{}", "[]", "[{}]", "{\"a\":{}}",
                           "[[],[[]],{}]", "{ }", "[ \n ]", " \t\r\n{ \"a\" : [ 1 , true , null , \"x\" ] , "
                           "\"b\" : { } } \n", "\f[\v1\f,\v2]\v", "[null,null]", "{\"a\":null}",
                           "[\"\",\"\",{\"\":\"\"}]"}) {
    Arena arena;
    INFO(text);
    ReadBothWays(text, &arena);
  }
  Arena arena;
  CHECK(ReadBothWays("null", &arena) == nullptr);
  CHECK(ReadBothWays(" true", &arena)->boolean);
  CHECK_FALSE(ReadBothWays("false ", &arena)->boolean);
}

TEST_CASE("validated reader: an unfinished string yajl lets through after the value is left unread", "[tree][reader]") {
  // yajl waits for the rest of such a token and, at the end of the input,
  // accepts what it has: the value before it.
  for (const char* text : {"0\"t", "[] \"x", "1e5\"", "\"a\"\"b", "{\"a\":1}  \"", "null\"", "12 "}) {
    INFO(text);
    Arena arena;
    ReadBothWays(text, &arena);
  }
  Arena arena;
  CHECK(ReadBothWays("0\"t", &arena)->text() == "0");
  CHECK(ReadBothWays("1e5\"", &arena)->text() == "1e5");
}

TEST_CASE("validated reader: deep nesting, without recursion", "[tree][reader]") {
  for (size_t depth : {size_t{1000}, size_t{100000}}) {
    std::string text = std::string(depth, '[') + "{\"k\":[1]}" + std::string(depth, ']');
    Arena arena;
    const JsonValue* v = ReadBothWays(text, &arena);
    for (size_t i = 0; i < depth; ++i) {
      REQUIRE(v->IsArray());
      REQUIRE(v->size == 1);
      v = v->items[0];
    }
    CHECK(v->IsObject());
  }
}

TEST_CASE("validated reader: refuses text that is not one JSON value, reading nothing outside it", "[tree][reader]") {
  for (const char* text : {"", " ", "{", "[", "\"abc", "\"abc\\\"", "\"abc\\", "{\"a\"", "{\"a\":", "{\"a\":1",
                           "[1,", "tru", "nul", "[1]]", "{\"a\":1}}", "[1] 2", "0 1", "[] x", "}", "]", ",", ":", "{1:2}",
                           "[\"a\":1]", "{\"a\",1}", "\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaa\\"}) {
    Arena arena;
    INFO(text);
    const JsonValue* v = nullptr;
    CHECK_FALSE(ReadValidatedTree(ExactText(text), &arena, &v));
  }
}

TEST_CASE("ParseJsonTree reports yajl's errors as before", "[tree][reader]") {
  for (const char* text : {"", "{", "[1,]", "{\"a\":}", "[\"\\x\"]", "[\"\\u12\"]", "[\"a\x01\"]", "01", "[1] 2",
                           "{\"a\" 1}", "nul", "[-]", "\"abc", "[1e]", "{\"a\":1,}"}) {
    INFO(text);
    Arena arena;
    const JsonValue* a = nullptr;
    const JsonValue* b = nullptr;
    Status got = ParseJsonTree(text, 100, &arena, &a);
    Status want = ParseJsonTreeWithYajl(text, 100, &arena, &b);
    CHECK_FALSE(got.ok());
    CHECK(got == want);
  }
}

TEST_CASE("SameJsonTree tells trees apart by text, kind, order and dropped duplicates", "[tree][reader]") {
  Arena arena;
  auto tree = [&](const char* text) {
    const JsonValue* v = nullptr;
    REQUIRE(ParseJsonTreeWithYajl(text, 0, &arena, &v).ok());
    return v;
  };
  CHECK(SameJsonTree(tree(R"({"a":[1,"x",null,true]})"), tree(R"({"a":[1,"x",null,true]})")));
  std::string where;
  CHECK_FALSE(SameJsonTree(tree(R"({"a":[1,"x"]})"), tree(R"({"a":[1,"y"]})"), &where));
  CHECK(where.find("$.\"a\"[1]") == 0);
  CHECK_FALSE(SameJsonTree(tree(R"([1])"), tree(R"(["1"])")));
  CHECK_FALSE(SameJsonTree(tree(R"([1.0])"), tree(R"([1])")));
  CHECK_FALSE(SameJsonTree(tree(R"([null])"), tree(R"([false])")));
  CHECK_FALSE(SameJsonTree(tree(R"([true])"), tree(R"([false])")));
  CHECK_FALSE(SameJsonTree(tree(R"({"a":1})"), tree(R"({"b":1})")));
  // The same members, in another document order.
  CHECK_FALSE(SameJsonTree(tree(R"({"b":1,"a":2})"), tree(R"({"a":2,"b":1})")));
  CHECK_FALSE(SameJsonTree(tree(R"({"b":1,"a":2,"c":3})"), tree(R"({"c":3,"a":2,"b":1})")));
  // The same kept members, another dropped duplicate.
  where.clear();
  CHECK_FALSE(SameJsonTree(tree(R"({"a":1,"a":2})"), tree(R"({"a":3,"a":2})"), &where));
  CHECK(where.find("dropped duplicate") != std::string::npos);
}

TEST_CASE("validated reader: random documents with hostile strings read as yajl's builder reads them", "[tree][reader]") {
  std::mt19937 rng(34);
  const std::vector<std::string> pieces = {
      "a", "Z", " ", "\\\"", "\\\\", "\\/", "\\n", "\\u0000", "\\ud800", "\\udc00", "\\ud83d\\ude00", "\\u00e9",
      "\xc3\xa9", "\xff", "\xed\xa0\x80", "\xef\xbf\xbd", "{\\\"k\\\":[1]}", "0123456789abcdef", "?", "\xe2\x82"};
  auto string_token = [&] {
    std::string s = "\"";
    int n = static_cast<int>(rng() % 12);
    for (int i = 0; i < n; ++i) s += pieces[rng() % pieces.size()];
    return s + "\"";
  };
  auto space = [&] {
    static const char* kSpaces[] = {"", "", "", " ", "\n  ", "\t", "\r\n"};
    return std::string(kSpaces[rng() % 7]);
  };
  std::function<std::string(int)> value = [&](int depth) -> std::string {
    int k = static_cast<int>(rng() % (depth > 4 ? 5 : 7));
    switch (k) {
      case 0: return "null";
      case 1: return rng() % 2 ? "true" : "false";
      case 2: {
        static const char* kNumbers[] = {"0", "-1", "3.25", "1e400", "-0.0E-7", "18446744073709551616"};
        return kNumbers[rng() % 6];
      }
      case 3:
      case 4: return string_token();
      case 5: {
        std::string s = "[" + space();
        int n = static_cast<int>(rng() % 4);
        for (int i = 0; i < n; ++i) s += (i ? "," + space() : "") + value(depth + 1) + space();
        return s + "]";
      }
      default: {
        std::string s = "{" + space();
        // Wide at the top only (more than 32 members: the stable sort).
        int n = static_cast<int>(rng() % (depth < 1 ? 40 : 4));
        for (int i = 0; i < n; ++i) {
          std::string key = rng() % 3 ? "\"k" + std::to_string(rng() % 8) + "\"" : string_token();
          s += (i ? "," + space() : "") + key + space() + ":" + space() + value(depth + 1) + space();
        }
        return s + "}";
      }
    }
  };
  for (int i = 0; i < 2000; ++i) {
    std::string text = space() + value(0) + space();
    INFO(text);
    Arena arena;
    ReadBothWays(text, &arena);
  }
}

TEST_CASE("validated reader: a prefix read takes the value a text starts with, and says where it ends", "[tree][reader]") {
  using tfstream::stream::ParseJsonTreePrefix;
  using tfstream::stream::ReadValidatedTreePrefix;
  struct Case {
    std::string_view text;
    size_t end;  // 0: no value read
  };
  // What follows the value is never looked at: not valid on its own either.
  const Case cases[] = {
      {R"({"b":[1,{"a":null}],"a":"x\"y"},{"c":1}]})", 31},
      {R"(  {"a":{}} ,)", 10},
      {R"({}])", 2},
      {R"([[],{"k":[true,false]}] "x)", 23},
      {R"({"a":1} )", 7},
      {R"({"a":[}] , {})", 0},  // not valid as far as it goes
      {R"({"a":1)", 0},
  };
  for (const Case& c : cases) {
    INFO(c.text);
    std::string_view text = ExactText(c.text);
    Arena arena;
    const JsonValue* tree = nullptr;
    size_t end = 0;
    const bool read = ParseJsonTreePrefix(text, 0, 100, &arena, &tree, &end);
    REQUIRE(read == (c.end != 0));
    if (!read) continue;
    CHECK(end == c.end);
    const JsonValue* whole = nullptr;
    REQUIRE(ParseJsonTreeWithYajl(ExactText(text.substr(0, end)), 0, &arena, &whole).ok());
    CHECK(SameJsonTree(tree, whole));
  }
  // Containers count from the value itself: [[[]]] nests three deep.
  Arena arena;
  const JsonValue* tree = nullptr;
  size_t end = 0;
  std::string_view deep = ExactText("[[[]]],");
  CHECK(ReadValidatedTreePrefix(deep, 3, &arena, &tree, &end));
  CHECK(end == 6);
  CHECK_FALSE(ReadValidatedTreePrefix(deep, 2, &arena, &tree, &end));
  CHECK_FALSE(ParseJsonTreePrefix(deep, 0, 2, &arena, &tree, &end));
}

TEST_CASE("validated reader: text a validating pass accepted is read as yajl builds it",
          "[tree][reader]") {
  using tfstream::stream::ParseValidatedJsonTree;
  const std::string_view valid[] = {
      R"({"b":[1,{"a":null}],"a":"x\"y","a":2})", R"(  [1.50, -0, 1e3, "\u00e9\ud800", true] )", "null", R"({})",
  };
  for (std::string_view v : valid) {
    INFO(v);
    std::string_view text = ExactText(v);
    tfstream::stream::JsonScanner scan(text);
    REQUIRE(scan.SkipValue());  // what ValidateBeforeOutput's pass accepts
    Arena arena;
    const JsonValue* tree = nullptr;
    const JsonValue* reference = nullptr;
    REQUIRE(ParseValidatedJsonTree(text, 0, &arena, &tree).ok());
    REQUIRE(ParseJsonTreeWithYajl(text, 0, &arena, &reference).ok());
    CHECK(SameJsonTree(tree, reference));
  }
}

TEST_CASE("validated reader: keys' order is told from their prefixes as they are read, sorted or not",
          "[tree][reader]") {
  // The reader says an object is sorted from each key's first eight bytes
  // (taken from the block that found its closing quote, or from the key),
  // comparing whole keys only where those are equal. A wrong call would
  // keep a document order the builder has not (or drop one it has).
  Arena arena;
  std::vector<std::string> keys;  // sorted, unique; lengths 0 to 20 around the eight-byte prefix
  for (size_t n = 0; n <= 20; ++n) keys.push_back(std::string(n, 'k'));
  for (char c : {'0', '1', '9'}) keys.push_back("abcdefgh" + std::string(1, c));
  for (const char* k : {"abcdefg", "abcdefgh", "abcdefgi", "abcdefghijklmnopq0", "abcdefghijklmnopq1",
                        "a", "a ", "a!", "a !x", "ab\\u0000", "ab\\u0000c", "\\u00e9t\\u00e9", "\xc3\xa9t\xc3\xa9s", "z\\\"q"}) {
    keys.push_back(k);
  }
  // Sort by the decoded key, keep the raw spelling.
  std::sort(keys.begin(), keys.end(), [](const std::string& a, const std::string& b) {
    return GoDecoded(a) < GoDecoded(b);
  });
  keys.erase(std::unique(keys.begin(), keys.end(),
                         [](const std::string& a, const std::string& b) { return GoDecoded(a) == GoDecoded(b); }),
             keys.end());
  auto object = [&](const std::vector<size_t>& order, int nested) {
    std::string text = "{";
    for (size_t i = 0; i < order.size(); ++i) {
      if (i) text += ",";
      // Some values are containers: the key before the next one is then on
      // the stack only once the container has ended.
      std::string value = nested && i % nested == 0 ? R"({"z":[1,{"a":2}],"b":3})" : std::to_string(i);
      text += Quoted(keys[order[i]]) + ":" + value;
    }
    return text + "}";
  };
  std::vector<size_t> sorted(keys.size());
  for (size_t i = 0; i < sorted.size(); ++i) sorted[i] = i;
  for (int nested : {0, 1, 2, 3}) {
    INFO("nested every " << nested);
    const JsonValue* v = ReadBothWays(object(sorted, nested), &arena);
    CHECK(v->document_order() == nullptr);
    // Each neighbouring pair swapped in turn: unsorted, whatever prefix
    // the two share.
    for (size_t i = 0; i + 1 < sorted.size(); ++i) {
      std::vector<size_t> swapped = sorted;
      std::swap(swapped[i], swapped[i + 1]);
      INFO("swapped " << keys[i] << " and " << keys[i + 1]);
      v = ReadBothWays(object(swapped, nested), &arena);
      CHECK(v->document_order() != nullptr);
      // And a key repeated right after itself: not sorted either.
      std::vector<size_t> repeated = sorted;
      repeated.insert(repeated.begin() + static_cast<std::ptrdiff_t>(i) + 1, i);
      v = ReadBothWays(object(repeated, nested), &arena);
      CHECK(v->document_order() != nullptr);
    }
  }
  // Objects ending the text (the scalar scan, fewer than 16 bytes left),
  // and keys ending exactly at a 16-byte block's end.
  for (const char* text : {R"({"b":1,"a":2})", R"({"a":1,"b":2})", R"({"abcdefgh1":1,"abcdefgh0":2})",
                           R"({"abcdefgh0":1,"abcdefgh1":2})", R"({"":1,"":2})",
                           R"({"0123456789abcde":1,"0123456789abcdf":2,"0123456789abcd":3})",
                           R"({"0123456789abcdef":1,"0123456789abcdef0":2})"}) {
    INFO(text);
    ReadBothWays(text, &arena);
  }
}

TEST_CASE("validated reader: strings of every length around the 16- and 32-byte blocks, a stop at every place",
          "[tree][reader]") {
  // Keys and values of 0 to 70 bytes, plain or with an escape, a byte >=
  // 0x80 or an invalid one at each position; as the text's last token too
  // (fewer than 16 or 32 bytes left), through both builds (ReadBothWays).
  Arena arena;
  for (size_t n = 0; n <= 70; ++n) {
    std::vector<std::string> bodies = {std::string(n, 'k')};
    if (n > 0) {
      for (const char* stop : {"\\\"", "\\u00e9", "\xc3\xa9", "\xff"}) {
        for (size_t at : {size_t{0}, n / 2, n - 1}) bodies.push_back(std::string(at, 'k') + stop + std::string(n - at - 1, 'v'));
      }
    }
    for (const std::string& b : bodies) {
      INFO("body: " << b);
      const std::string q = Quoted(b);
      ReadBothWays(Cat({"{", q, ":", q, ",", Quoted("z" + b), ":[", q, "]}"}), &arena);
      ReadBothWays(Cat({"{", Quoted("z" + b), ":1,", q, ":", q, "}"}), &arena);  // unsorted
      ReadBothWays(Cat({"[", q, "]"}), &arena);
      ReadBothWays(q, &arena);
    }
  }
}

TEST_CASE("validated reader: an unclosed string with bytes >= 0x80 is refused, reading nothing past the text",
          "[tree][reader]") {
  // The byte >= 0x80 sends the scan to its slow path, which looks for the
  // quote 16 bytes at a time; the text ends exactly at a block's end, or
  // inside one, after 0 to 70 bytes (found by json_parser_fuzzer).
  for (size_t tail = 0; tail <= 70; ++tail) {
    for (const std::string& lead : {std::string("\""), std::string("[\""), std::string("{\"k\":\""),
                                     std::string("{\""), std::string("[1,\"abc")}) {
      const std::string text = lead + "\xc3\xa9" + std::string(tail, 'x');
      INFO("text: " << text);
      for (bool wide : {true, false}) {
        tfstream::stream::AllowValidatedTreeAvx2(wide);
        Arena arena;
        const JsonValue* v = nullptr;
        CHECK_FALSE(ReadValidatedTree(ExactText(text), &arena, &v));
        size_t end = 0;
        CHECK_FALSE(tfstream::stream::ReadValidatedTreePrefix(ExactText(text), 100, &arena, &v, &end));
      }
      tfstream::stream::AllowValidatedTreeAvx2(true);
    }
  }
}
