// ActionAloneShowsBlock: a guess about which path the worker takes, so the
// tests check that it says "shown" only when the first actions mean it, and
// gives up safely on everything else.
#include <catch2/catch.hpp>

#include <cstring>
#include <memory>
#include <string>

#include "stream/action_peek.h"

using tfstream::stream::ActionAloneShowsBlock;

namespace {
const std::string kHead = R"("address":"t.a","mode":"managed","type":"t","name":"a","provider_name":"p",)";
}

TEST_CASE("the first actions alone show a block unless no-op", "[action_peek]") {
  CHECK(ActionAloneShowsBlock("{" + kHead + R"("change":{"actions":["update"],"before":{"x":1}}})"));
  CHECK(ActionAloneShowsBlock("{" + kHead + R"("change":{"actions":["create"]}})"));
  CHECK(ActionAloneShowsBlock("{" + kHead + R"("change":{"actions":["delete","create"]}})"));
  CHECK(ActionAloneShowsBlock("{" + kHead + R"("change":{"actions":["read"]}})"));
  CHECK(ActionAloneShowsBlock("{" + kHead + R"("change":{"actions":["forget"]}})"));
  CHECK_FALSE(ActionAloneShowsBlock("{" + kHead + R"("change":{"actions":["no-op"]}})"));
  // Whitespace anywhere, values of every kind before the actions.
  CHECK(ActionAloneShowsBlock(
      " { \"index\" : [1, {\"a\":\"]}\\\"\"}] , \"x\":null, \"change\" : { \"before\" : {\"k\":\"\\u00e9\"} ,"
      " \"Actions\" : [ \"update\" ] } } "));
}

TEST_CASE("a delete shows a block only after mode managed", "[action_peek]") {
  CHECK(ActionAloneShowsBlock("{" + kHead + R"("change":{"actions":["delete"]}})"));
  CHECK_FALSE(ActionAloneShowsBlock(R"({"address":"d.a","mode":"data","change":{"actions":["delete"]}})"));
  CHECK_FALSE(ActionAloneShowsBlock(R"({"address":"t.a","change":{"actions":["delete"]},"mode":"managed"})"));
  CHECK(ActionAloneShowsBlock(R"({"mode":"data","MODE":"managed","change":{"actions":["delete"]}})"));
}

TEST_CASE("the peek gives up on what it does not expect", "[action_peek]") {
  // No change, null change or actions, unrecognised lists, non-strings.
  CHECK_FALSE(ActionAloneShowsBlock("{" + kHead + R"("x":1})"));
  CHECK_FALSE(ActionAloneShowsBlock("{" + kHead + R"("change":null})"));
  CHECK_FALSE(ActionAloneShowsBlock("{" + kHead + R"("change":{"actions":null,"actions":["update"]}})"));
  CHECK_FALSE(ActionAloneShowsBlock("{" + kHead + R"("change":{"actions":["update","update"]}})"));
  CHECK_FALSE(ActionAloneShowsBlock("{" + kHead + R"("change":{"actions":[null]}})"));
  CHECK_FALSE(ActionAloneShowsBlock("{" + kHead + R"("change":{"actions":[]}})"));
  // Keys or actions with escapes or non-ASCII bytes (folding is left to the
  // full scan).
  CHECK_FALSE(ActionAloneShowsBlock("{" + kHead + R"("change":{"action\u0073":["update"]}})"));
  CHECK_FALSE(ActionAloneShowsBlock("{" + kHead + "\"change\":{\"action\xC5\xBF\":[\"update\"]}}"));
  CHECK_FALSE(ActionAloneShowsBlock("{" + kHead + R"("change":{"actions":["upd\u0061te"]}})"));
  CHECK_FALSE(ActionAloneShowsBlock(R"({"mode":"m\u0061naged","change":{"actions":["delete"]}})"));
  // Not an object, empty, null.
  CHECK_FALSE(ActionAloneShowsBlock("null"));
  CHECK_FALSE(ActionAloneShowsBlock("{}"));
  CHECK_FALSE(ActionAloneShowsBlock(""));
}

TEST_CASE("the peek never reads past a truncated element", "[action_peek]") {
  const std::string full = "{" + kHead + R"("change":{"before":{"a":[1,"x"]},"actions":["update"]}})";
  for (size_t n = 0; n < full.size(); ++n) {
    // A heap copy of exactly n bytes: the sanitizer build catches a read
    // past it.
    std::unique_ptr<char[]> cut(new char[n]);
    std::memcpy(cut.get(), full.data(), n);
    bool shown = ActionAloneShowsBlock(std::string_view(cut.get(), n));
    // Only a cut after the actions' closing bracket can still say shown.
    if (shown) CHECK(n >= full.find(R"("update"])") + 9);
  }
}
