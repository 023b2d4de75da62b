// --ignore's attribute globs (stream/attribute_glob.h): the syntax, what
// each rule matches, and leaving matched attributes out of a value.
#include "stream/attribute_glob.h"

#include <catch2/catch.hpp>

#include <functional>
#include <string>
#include <vector>

#include "buffer/arena.h"
#include "stream/json_tree_parser.h"

namespace {

using tfstream::stream::AttributeGlob;
using tfstream::stream::JsonValue;

bool Matches(const std::string& pattern, std::vector<std::string_view> path) {
  AttributeGlob g;
  REQUIRE(AttributeGlob::Parse(pattern, &g).ok());
  return g.Matches(path);
}

std::string Stripped(const std::string& json, std::vector<std::string> patterns) {
  std::vector<AttributeGlob> globs;
  for (const std::string& p : patterns) {
    AttributeGlob g;
    REQUIRE(AttributeGlob::Parse(p, &g).ok());
    globs.push_back(g);
  }
  tfstream::buffer::Arena arena;
  const JsonValue* v = nullptr;
  REQUIRE(tfstream::stream::ParseJsonTree(json, 0, &arena, &v).ok());
  const JsonValue* w = tfstream::stream::WithoutAttributes(v, globs, &arena);
  // Back to text: keys sorted, compact.
  std::string out;
  std::function<void(const JsonValue*)> write = [&](const JsonValue* x) {
    if (x == nullptr) {
      out += "null";
    } else if (x->IsObject()) {
      out += "{";
      for (size_t i = 0; i < x->size; ++i) {
        // Appended piece by piece: GCC 12 warns (-Wrestrict, a false positive) on
        // a literal + std::string chain here.
        if (i) out += ',';
        out.append("\"").append(x->members[i].key).append("\":");
        write(x->members[i].value);
      }
      out += "}";
    } else if (x->IsArray()) {
      out += "[";
      for (size_t i = 0; i < x->size; ++i) {
        if (i) out += ",";
        write(x->items[i]);
      }
      out += "]";
    } else if (x->IsString()) {
      out.append("\"").append(x->text()).append("\"");
    } else if (x->IsBool()) {
      out += x->boolean ? "true" : "false";
    } else {
      out += std::string(x->text());
    }
  };
  write(w);
  return out;
}

}  // namespace

TEST_CASE("a plain step matches that name only, at that depth", "[compare][ignore]") {
  CHECK(Matches("triggers.git_sha", {"triggers", "git_sha"}));
  CHECK_FALSE(Matches("triggers.git_sha", {"triggers", "git_sha2"}));
  CHECK_FALSE(Matches("triggers.git_sha", {"a", "triggers", "git_sha"}));
  CHECK_FALSE(Matches("triggers.git_sha", {"triggers"}));
  CHECK_FALSE(Matches("Triggers.git_sha", {"triggers", "git_sha"}));  // case-sensitive
}

TEST_CASE("* within a step matches any characters of one step", "[compare][ignore]") {
  CHECK(Matches("tags.*", {"tags", "Name"}));
  CHECK_FALSE(Matches("tags.*", {"tags", "a", "b"}));
  CHECK(Matches("tag*", {"tags"}));
  CHECK(Matches("tag*", {"tag"}));
  CHECK(Matches("*_sha", {"git_sha"}));
  CHECK(Matches("g*t_*a", {"git_sha"}));
  CHECK_FALSE(Matches("tag*", {"stag"}));
  CHECK(Matches("ingress.*.cidr_blocks", {"ingress", "0", "cidr_blocks"}));
}

TEST_CASE("** matches any run of steps, none included", "[compare][ignore]") {
  CHECK(Matches("**.triggers.git_sha", {"triggers", "git_sha"}));
  CHECK(Matches("**.triggers.git_sha", {"a", "0", "triggers", "git_sha"}));
  CHECK_FALSE(Matches("**.triggers.git_sha", {"triggers", "git_sha", "x"}));
  CHECK(Matches("**", {"anything", "at", "all"}));
  CHECK(Matches("tags.**", {"tags"}));
  CHECK(Matches("a.**.z", {"a", "z"}));
  CHECK(Matches("a.**.z", {"a", "b", "c", "z"}));
}

TEST_CASE("a backslash makes the next character literal", "[compare][ignore]") {
  CHECK(Matches("labels.app\\.kubernetes\\.io/name", {"labels", "app.kubernetes.io/name"}));
  CHECK_FALSE(Matches("a\\*", {"ab"}));
  CHECK(Matches("a\\*", {"a*"}));
}

TEST_CASE("malformed patterns are refused", "[compare][ignore]") {
  AttributeGlob g;
  CHECK_FALSE(AttributeGlob::Parse("", &g).ok());
  CHECK_FALSE(AttributeGlob::Parse("a..b", &g).ok());
  CHECK_FALSE(AttributeGlob::Parse(".a", &g).ok());
  CHECK_FALSE(AttributeGlob::Parse("a.", &g).ok());
  CHECK_FALSE(AttributeGlob::Parse("a\\", &g).ok());
}

TEST_CASE("matched members leave their object, matched elements become null", "[compare][ignore]") {
  CHECK(Stripped(R"({"a":1,"triggers":{"git_sha":"x","k":"v"}})", {"**.triggers.git_sha"}) ==
        R"({"a":1,"triggers":{"k":"v"}})");
  CHECK(Stripped(R"({"l":[{"s":1,"t":2},{"s":3}]})", {"l.*.s"}) == R"({"l":[{"t":2},{}]})");
  CHECK(Stripped(R"({"l":["a","b"]})", {"l.1"}) == R"({"l":["a",null]})");
  CHECK(Stripped(R"({"a":{"b":1}})", {"a"}) == R"({})");
  CHECK(Stripped(R"({"a":{"b":1}})", {"x"}) == R"({"a":{"b":1}})");
}

TEST_CASE("the paths where two values differ", "[compare]") {
  tfstream::buffer::Arena arena;
  const JsonValue *a, *b;
  REQUIRE(tfstream::stream::ParseJsonTree(R"({"ami":"1","tags":{"x":"1","y":"2"},"l":[1,2]})", 0, &arena, &a).ok());
  REQUIRE(tfstream::stream::ParseJsonTree(R"({"ami":"2","tags":{"x":"1","z":"2"},"l":[1,3]})", 0, &arena, &b).ok());
  std::vector<std::string> paths;
  tfstream::stream::DifferingPaths(a, b, 20, &paths);
  CHECK(paths == std::vector<std::string>{"ami", "l.1", "tags.y", "tags.z"});
}
