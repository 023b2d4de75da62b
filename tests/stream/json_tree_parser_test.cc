#include "stream/json_tree_parser.h"

#include <catch2/catch.hpp>

#include <string>

#include "stream/go_json_string.h"
#include "stream/json_document.h"

using tfstream::buffer::Arena;
using tfstream::stream::JsonValue;
using tfstream::stream::ParseGoJson;
using tfstream::stream::ParseJsonTree;

TEST_CASE("tree parser decodes strings with Go's rules, not yajl's", "[tree]") {
  Arena arena;
  const JsonValue* v = nullptr;
  // yajl turns these into '?x', CESU bytes and a bogus 4-byte sequence.
  std::string text = R"(["\ud800x", "\udc00", "\ud800\u0041", "\ud83d\ude00", "a\"b"])";
  REQUIRE(ParseJsonTree(text, 0, &arena, &v).ok());
  REQUIRE(v->size == 5);
  CHECK(v->items[0]->text() == "\xEF\xBF\xBDx");
  CHECK(v->items[1]->text() == "\xEF\xBF\xBD");
  CHECK(v->items[2]->text() == "\xEF\xBF\xBD" "A");
  CHECK(v->items[3]->text() == "\xF0\x9F\x98\x80");
  CHECK(v->items[4]->text() == "a\"b");
}

TEST_CASE("tree parser replaces invalid UTF-8 and keeps number literals", "[tree]") {
  Arena arena;
  const JsonValue* v = nullptr;
  std::string text = "{\"k\xff\":\"v\xc3\",\"n\":1.50E+3,\"big\":1e400}";
  REQUIRE(ParseJsonTree(text, 0, &arena, &v).ok());
  REQUIRE(v->IsObject());
  const JsonValue* n = nullptr;
  REQUIRE(v->Find("n", &n));
  CHECK(n->text() == "1.50E+3");
  REQUIRE(v->Find("big", &n));
  CHECK(n->text() == "1e400");
  REQUIRE(v->Find("k\xEF\xBF\xBD", &n));
  CHECK(n->text() == "v\xEF\xBF\xBD");
}

TEST_CASE("objects are sorted by key and a repeated key keeps its last value", "[tree]") {
  Arena arena;
  const JsonValue* v = nullptr;
  REQUIRE(ParseJsonTree(R"({"b":1,"a":2,"b":3,"c":null})", 0, &arena, &v).ok());
  REQUIRE(v->size == 3);
  CHECK(v->members[0].key == "a");
  CHECK(v->members[1].key == "b");
  CHECK(v->members[1].value->text() == "3");
  CHECK(v->members[2].key == "c");
  CHECK(v->members[2].value == nullptr);
}

TEST_CASE("ParseGoJson accepts one value with trailing whitespace only", "[tree]") {
  Arena arena;
  const JsonValue* v = nullptr;
  CHECK(ParseGoJson("{\"a\":[1,2]}  \n", &arena, &v));
  CHECK_FALSE(ParseGoJson("{} x", &arena, &v));
  CHECK_FALSE(ParseGoJson("[1] [2]", &arena, &v));
  CHECK_FALSE(ParseGoJson("{\"a\":}", &arena, &v));
  CHECK_FALSE(ParseGoJson("[\"\\'\"]", &arena, &v));
}

TEST_CASE("tree parser finds every escaped string's raw text, at any length", "[tree]") {
  // Escaped strings come back from yajl's buffer; unless yajl's decoding is
  // plain ASCII without a '?', the raw token is found by looking back for the
  // opening quote, 16 bytes at a time (the '?' and the 'é' below force that).
  for (size_t n = 0; n <= 40; ++n) {
    std::string plain(n, 'p');
    for (const char* esc : {R"(\")", R"(\\)", R"(\\\")", R"(\ud800)", "\xff", R"(\"?)", R"(\\\"?)",
                            "\\\"\xc3\xa9", "?\\\\", "\\\"\xff"}) {
      std::string body = plain + esc + plain;
      std::string text = R"({"k\"":[ "x", ")" + body + R"(" ,")" + plain + R"("]})";
      Arena arena;
      const JsonValue* v = nullptr;
      REQUIRE(ParseJsonTree(text, 0, &arena, &v).ok());
      const JsonValue* list = nullptr;
      REQUIRE(v->Find("k\"", &list));
      REQUIRE(list->size == 3);
      std::string want;
      REQUIRE(tfstream::stream::DecodeGoJsonString(body, &want));
      INFO("escape " << esc << " after " << n << " bytes");
      CHECK(list->items[0]->text() == "x");
      CHECK(list->items[1]->text() == want);
      CHECK(list->items[2]->text() == plain);
    }
  }
}

TEST_CASE("tree parser checks in-place strings for non-ASCII near the end of the text", "[tree]") {
  // The last 16-byte block of an in-place string may be read past the
  // string but never past the text.
  for (size_t n = 1; n <= 34; ++n) {
    for (size_t at = 0; at < n; ++at) {
      std::string body(n, 'q');
      body[at] = '\xff';
      std::string text = "\"" + body + "\"";
      Arena arena;
      const JsonValue* v = nullptr;
      REQUIRE(ParseJsonTree(text, 0, &arena, &v).ok());
      std::string want = body.substr(0, at) + "\xEF\xBF\xBD" + body.substr(at + 1);
      CHECK(v->text() == want);
    }
  }
}

TEST_CASE("escaped strings decode as Go's, whether or not yajl's decoding is kept", "[tree]") {
  // yajl's own decoding is kept when it is ASCII without '?': every escape
  // but the surrogate ones decodes the same, and those leave a '?' or a byte
  // >= 0x80 behind.
  for (const char* raw : {R"(a\"b)", R"(\u0000\")", R"(\/\b\f\n\r\t\\)", R"(\u0041\u007f)", R"(?\")",
                          R"(\ud800?)", R"(?\ud800)", R"(\ud800\u003f)", R"(\u003f\udc00)", R"(\u0041\ud800x)",
                          R"(\udbff\udfff)", R"(\ud800\u0041)", R"(\ud800\\)", R"(\udfff\ud800)"}) {
    std::string text = std::string("[\"") + raw + "\"]";
    Arena arena;
    const JsonValue* v = nullptr;
    INFO(raw);
    REQUIRE(ParseJsonTree(text, 0, &arena, &v).ok());
    std::string want;
    REQUIRE(tfstream::stream::DecodeGoJsonString(raw, &want));
    CHECK(v->items[0]->text() == want);
  }
}
