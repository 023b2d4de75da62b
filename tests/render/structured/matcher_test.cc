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
    Matcher child = m.GetChildWithKey(key, &arena_, &error_);
    CHECK(error_.empty());
    return child;
  }
  Matcher Index(const Matcher& m, long index) {
    Matcher child = m.GetChildWithIndex(index, &arena_, &error_);
    CHECK(error_.empty());
    return child;
  }

  buffer::Arena arena_;
  std::string error_;
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

}  // namespace
}  // namespace tfstream::render::structured
