#include "stream/address_glob.h"

#include <catch2/catch.hpp>

using tfstream::stream::AddressGlob;

namespace {

bool Match(const char* pattern, const char* address) {
  AddressGlob g;
  REQUIRE(AddressGlob::Parse(pattern, &g).ok());
  return g.Matches(address);
}

}  // namespace

TEST_CASE("a literal pattern matches the address and what is inside it", "[glob]") {
  CHECK(Match("aws_s3_bucket.logs", "aws_s3_bucket.logs"));
  CHECK(Match("aws_s3_bucket.logs", "aws_s3_bucket.logs[0]"));
  CHECK(Match("aws_s3_bucket.logs", "aws_s3_bucket.logs[\"a\"]"));
  CHECK(Match("module.app", "module.app.aws_s3_bucket.logs"));
  CHECK(Match("module.app", "module.app[\"eu\"].aws_s3_bucket.logs"));
  CHECK(Match("aws_s3_bucket", "aws_s3_bucket.logs"));
  // Only at a step boundary.
  CHECK_FALSE(Match("aws_s3_bucket.log", "aws_s3_bucket.logs"));
  CHECK_FALSE(Match("module.app", "module.application.x.y"));
  CHECK_FALSE(Match("logs", "aws_s3_bucket.logs"));
  // Brackets and quotes are literal.
  CHECK(Match("module.app[\"eu\"].aws_s3_bucket.logs[0]", "module.app[\"eu\"].aws_s3_bucket.logs[0]"));
  CHECK_FALSE(Match("module.app[\"eu\"]", "module.app[\"us\"].aws_s3_bucket.logs"));
}

TEST_CASE("* stays within one step", "[glob]") {
  CHECK(Match("aws_s3_bucket.*", "aws_s3_bucket.logs"));
  CHECK(Match("aws_s3_bucket.*", "aws_s3_bucket.logs[3]"));
  CHECK(Match("*.logs", "aws_s3_bucket.logs"));
  CHECK(Match("aws_*", "aws_instance.web"));
  CHECK_FALSE(Match("*.logs", "module.a.aws_s3_bucket.logs"));
  CHECK(Match("module.*.aws_s3_bucket.logs", "module.a.aws_s3_bucket.logs"));
  CHECK_FALSE(Match("module.*.aws_s3_bucket.logs", "module.a[\"x\"].aws_s3_bucket.logs"));
  CHECK(Match("module.*[*].aws_s3_bucket.logs", "module.a[\"x\"].aws_s3_bucket.logs"));
  CHECK(Match("aws_s3_bucket.logs[*]", "aws_s3_bucket.logs[12]"));
  CHECK_FALSE(Match("aws_s3_bucket.logs[*]", "aws_s3_bucket.logs"));
}

TEST_CASE("inside a quoted index key * matches dots and brackets too", "[glob]") {
  CHECK(Match("module.a[*].x.y", "module.a[\"us.east\"].x.y"));
  CHECK(Match("module.a[*].x.y", "module.a[\"[1]\"].x.y"));
  CHECK(Match("module.a[\"us*\"].x.y", "module.a[\"us.east\"].x.y"));
  // An escaped quote does not end the key.
  CHECK(Match("x.y[*]", "x.y[\"a\\\".b\"]"));
  // A prefix match may not end inside a key.
  CHECK_FALSE(Match("module.a[\"us", "module.a[\"us.east\"].x.y"));
}

TEST_CASE("** crosses steps and **. also matches nothing", "[glob]") {
  CHECK(Match("**.aws_s3_bucket.*", "aws_s3_bucket.logs"));
  CHECK(Match("**.aws_s3_bucket.*", "module.a.aws_s3_bucket.logs"));
  CHECK(Match("**.aws_s3_bucket.*", "module.a[\"x.y\"].module.b.aws_s3_bucket.logs[0]"));
  CHECK_FALSE(Match("**.aws_s3_bucket.*", "aws_s3_bucket_policy.logs"));
  CHECK(Match("module.**.logs", "module.a.b.c.logs"));
  CHECK(Match("module.a.**.logs", "module.a.logs"));
  CHECK(Match("**", "anything.at[\"all\"]"));
  CHECK(Match("**logs", "module.a.aws_s3_bucket.logs"));
  CHECK(Match("***.x", "x.y"));  // *** is **
}

TEST_CASE("? matches one character of a step; backslash escapes", "[glob]") {
  CHECK(Match("aws_s3_bucket.log?", "aws_s3_bucket.logs"));
  CHECK_FALSE(Match("aws_s3_bucket?logs", "aws_s3_bucket.logs"));
  CHECK(Match("x.a\\*b", "x.a*b"));
  CHECK_FALSE(Match("x.a\\*b", "x.aXb"));
  CHECK(Match("x.a\\\\b", "x.a\\b"));
}

TEST_CASE("matching is case-sensitive", "[glob]") {
  CHECK_FALSE(Match("AWS_s3_bucket.logs", "aws_s3_bucket.logs"));
}

TEST_CASE("bad patterns are refused", "[glob]") {
  AddressGlob g;
  CHECK_FALSE(AddressGlob::Parse("", &g).ok());
  CHECK_FALSE(AddressGlob::Parse("abc\\", &g).ok());
}

TEST_CASE("long patterns and addresses match without backtracking blow-up", "[glob]") {
  std::string address(2000, 'a');
  std::string pattern;
  for (int i = 0; i < 50; ++i) pattern += "*a";
  pattern += "b";
  AddressGlob g;
  REQUIRE(AddressGlob::Parse(pattern, &g).ok());
  CHECK_FALSE(g.Matches(address));
}
