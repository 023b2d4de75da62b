// Ported from matcher_test.go (internal/command/jsonformat/structured/
// attribute_path @883c722): following replace paths and relevant attributes
// down a value with a PathMatcher. Each TEST_CASE is one Go test function;
// paths are written as the JSON Terraform stores them (numbers are float64).
#include "render/structured/matcher.h"

#include <catch2/catch.hpp>
#include <string>
#include <string_view>

#include "buffer/arena.h"
#include "stream/json_document.h"

namespace tfstream::render::structured {
namespace {

class MatcherFixture {
 protected:
  // A PathMatcher over `paths_json` (an array of paths).
  Matcher PathMatcher(std::string_view paths_json, bool propagate = false) {
    const stream::JsonValue* paths = nullptr;
    REQUIRE(stream::ParseGoJson(arena_.CopyString(paths_json), &arena_, &paths));
    Matcher m;
    REQUIRE(Matcher::Parse(paths, propagate, &arena_, &m));
    return m;
  }
  Matcher Key(const Matcher& m, std::string_view key) {
    Matcher child = m.GetChildWithKey(key, Ctx());
    CHECK(error_.empty());
    return child;
  }
  Matcher Index(const Matcher& m, long index) {
    Matcher child = m.GetChildWithIndex(index, Ctx());
    CHECK(error_.empty());
    return child;
  }

  DiffContext Ctx() { return DiffContext{&arena_, &error_, flavor_}; }

  buffer::Arena arena_;
  std::string error_;
  const Flavor* flavor_ = &TerraformFlavor();
};

TEST_CASE_METHOD(MatcherFixture, "matcher: TestPathMatcher_FollowsPath", "[matcher]") {
  Matcher m = PathMatcher(R"([[0, "key", 0]])");
  CHECK_FALSE(m.Matches());
  CHECK(m.MatchesPartial());

  m = Index(m, 0);
  CHECK_FALSE(m.Matches());
  CHECK(m.MatchesPartial());

  m = Key(m, "key");
  CHECK_FALSE(m.Matches());
  CHECK(m.MatchesPartial());

  m = Index(m, 0);
  CHECK(m.Matches());
  CHECK(m.MatchesPartial());
}

TEST_CASE_METHOD(MatcherFixture, "matcher: TestPathMatcher_Propagates", "[matcher]") {
  Matcher m = PathMatcher(R"([[0, "key"]])", /*propagate=*/true);
  CHECK_FALSE(m.Matches());
  CHECK(m.MatchesPartial());

  m = Index(m, 0);
  CHECK_FALSE(m.Matches());
  CHECK(m.MatchesPartial());

  m = Key(m, "key");
  CHECK(m.Matches());
  CHECK(m.MatchesPartial());

  // The match carries on to the children of the matched value.
  m = Index(m, 0);
  CHECK(m.Matches());
  CHECK(m.MatchesPartial());
}

TEST_CASE_METHOD(MatcherFixture, "matcher: TestPathMatcher_DoesNotPropagate", "[matcher]") {
  Matcher m = PathMatcher(R"([[0, "key"]])");
  CHECK_FALSE(m.Matches());
  CHECK(m.MatchesPartial());

  m = Index(m, 0);
  CHECK_FALSE(m.Matches());
  CHECK(m.MatchesPartial());

  m = Key(m, "key");
  CHECK(m.Matches());
  CHECK(m.MatchesPartial());

  m = Index(m, 0);
  CHECK_FALSE(m.Matches());
  CHECK_FALSE(m.MatchesPartial());
}

TEST_CASE_METHOD(MatcherFixture, "matcher: TestPathMatcher_BreaksPath", "[matcher]") {
  Matcher m = PathMatcher(R"([[0, "key", 0]])");
  CHECK_FALSE(m.Matches());
  CHECK(m.MatchesPartial());

  m = Index(m, 0);
  CHECK_FALSE(m.Matches());
  CHECK(m.MatchesPartial());

  m = Key(m, "invalid");
  CHECK_FALSE(m.Matches());
  CHECK_FALSE(m.MatchesPartial());
}

TEST_CASE_METHOD(MatcherFixture, "matcher: TestPathMatcher_MultiplePaths", "[matcher]") {
  Matcher m = PathMatcher(R"([[0, "key", 0], [0, "key", 1]])");
  CHECK_FALSE(m.Matches());
  CHECK(m.MatchesPartial());

  m = Index(m, 0);
  CHECK_FALSE(m.Matches());
  CHECK(m.MatchesPartial());

  m = Key(m, "key");
  CHECK_FALSE(m.Matches());
  CHECK(m.MatchesPartial());

  const Matcher valid_zero = Index(m, 0);
  const Matcher valid_one = Index(m, 1);
  const Matcher invalid = Index(m, 2);
  CHECK(valid_zero.Matches());
  CHECK(valid_zero.MatchesPartial());
  CHECK(valid_one.Matches());
  CHECK(valid_one.MatchesPartial());
  CHECK_FALSE(invalid.Matches());
  CHECK_FALSE(invalid.MatchesPartial());
}

// Relevant attributes may come from an older schema, so a step of the wrong
// kind (a key where the path has an index, or the reverse) matches nothing
// rather than failing.
TEST_CASE_METHOD(MatcherFixture, "matcher: TestPathMatcher_WrongKeyTypes", "[matcher]") {
  Matcher m = PathMatcher(R"([[0, "key", 0]])");

  Matcher failed = Key(m, "key");
  CHECK_FALSE(failed.Matches());
  CHECK_FALSE(failed.MatchesPartial());

  m = Key(Index(m, 0), "key");
  CHECK_FALSE(m.Matches());
  CHECK(m.MatchesPartial());

  failed = Key(m, "zero");
  CHECK_FALSE(failed.Matches());
  CHECK_FALSE(failed.MatchesPartial());
}


// Not in matcher_test.go: GetChildWithKey and GetChildWithIndex panic on a
// step that is neither a string nor a number, but only when a lookup reaches
// it; a string index step is read with strconv.ParseFloat and truncated.
TEST_CASE_METHOD(MatcherFixture, "matcher: a step of another type fails only when reached", "[matcher]") {
  Matcher m = PathMatcher(R"([["a", true], ["b", null], ["c", {}]])");
  Matcher a = Key(m, "a");  // reaching the "a" path is fine
  CHECK(a.MatchesPartial());
  CHECK(error_.empty());
  (void)a.GetChildWithKey("x", Ctx());
  CHECK(error_ == "found invalid type within an attribute path (only strings and numbers are allowed)");

  error_.clear();
  (void)Key(m, "b").GetChildWithIndex(0, Ctx());
  CHECK_FALSE(error_.empty());
  error_.clear();
  (void)Key(m, "c").GetChildWithKey("x", Ctx());
  CHECK_FALSE(error_.empty());

  // The bad steps are never looked at under another key.
  error_.clear();
  Matcher other = Key(m, "d");
  CHECK_FALSE(other.MatchesPartial());
  (void)other.GetChildWithKey("x", Ctx());
  CHECK(error_.empty());
}

// OpenTofu's matcher.go tolerates those steps: they match nothing and nobody
// hears of them (flavor.def attribute_path_skips_invalid_steps).
TEST_CASE_METHOD(MatcherFixture, "matcher: OpenTofu skips a step of another type", "[matcher][opentofu]") {
  flavor_ = &OpenTofuFlavor();
  Matcher m = PathMatcher(R"([["a", true], ["b", null], ["c", {}], ["c", "x"], ["d", 1], ["e", "x"]])");
  Matcher a = Key(m, "a");
  CHECK(a.MatchesPartial());
  CHECK_FALSE(a.GetChildWithKey("x", Ctx()).MatchesPartial());
  CHECK_FALSE(Key(m, "b").GetChildWithIndex(0, Ctx()).MatchesPartial());
  CHECK(Key(m, "c").GetChildWithKey("x", Ctx()).Matches());  // the good path still matches
  // A number where a key is looked up, and a non-numeric string where an
  // index is, match nothing in both matchers.
  CHECK_FALSE(Key(m, "d").GetChildWithKey("1", Ctx()).MatchesPartial());
  CHECK(Key(m, "d").GetChildWithIndex(1, Ctx()).Matches());
  CHECK_FALSE(Key(m, "e").GetChildWithIndex(0, Ctx()).MatchesPartial());
  CHECK(error_.empty());
}

TEST_CASE_METHOD(MatcherFixture, "matcher: string index steps follow strconv.ParseFloat", "[matcher]") {
  Matcher m = PathMatcher(R"([["1.9"], ["0x2p0"], ["1_0"], ["x"], [3.7]])");
  CHECK(Index(m, 1).Matches());   // "1.9" truncates to 1
  CHECK(Index(m, 2).Matches());   // hexadecimal float
  CHECK(Index(m, 10).Matches());  // "1_0" is 10: underscores between digits (Go 1.26.10)
  CHECK(Index(m, 3).Matches());   // 3.7 truncates to 3
  CHECK_FALSE(Index(m, 0).MatchesPartial());  // "x" does not parse: no match, no error
  CHECK(error_.empty());
}

}  // namespace
}  // namespace tfstream::render::structured
