#include "stream/json_tree_parser.h"

#include <catch2/catch.hpp>

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
