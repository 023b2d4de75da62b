// Expected values: hclsyntax/public_test.go TestValidIdentifier (hcl v2.24.0)
// plus cases derived from scan_tokens.rl and unicode_derived.rl.
#include "render/text/hcl_identifier.h"

#include <catch2/catch.hpp>

#include <string>

using tfstream::render::text::IsValidHclIdentifier;

TEST_CASE("IsValidHclIdentifier matches HCL's own test table", "[hcl_identifier]") {
  CHECK_FALSE(IsValidHclIdentifier(""));
  CHECK(IsValidHclIdentifier("hello"));
  CHECK_FALSE(IsValidHclIdentifier("hello.world"));
  CHECK_FALSE(IsValidHclIdentifier("hello "));
  CHECK_FALSE(IsValidHclIdentifier(" hello"));
  CHECK_FALSE(IsValidHclIdentifier("hello\n"));
  CHECK_FALSE(IsValidHclIdentifier("hello world"));
  CHECK(IsValidHclIdentifier("aws_instance"));
  CHECK_FALSE(IsValidHclIdentifier("aws.instance"));
  CHECK(IsValidHclIdentifier("foo-bar"));
  CHECK(IsValidHclIdentifier("foo--bar"));
  CHECK(IsValidHclIdentifier("foo_"));
  CHECK(IsValidHclIdentifier("foo-"));
  CHECK(IsValidHclIdentifier("_foobar"));
  CHECK_FALSE(IsValidHclIdentifier("-foobar"));
  CHECK(IsValidHclIdentifier("blah1"));
  CHECK(IsValidHclIdentifier("blah1blah"));
  CHECK_FALSE(IsValidHclIdentifier("1blah1blah"));
  CHECK(IsValidHclIdentifier("he\u0301llo"));  // combining acute accent
  CHECK(IsValidHclIdentifier("Χαίρετε"));
  CHECK(IsValidHclIdentifier("звать"));
  CHECK(IsValidHclIdentifier("今日は"));
  CHECK_FALSE(IsValidHclIdentifier("\x80"));
  CHECK_FALSE(IsValidHclIdentifier("a\x80"));
}

TEST_CASE("IsValidHclIdentifier: single characters", "[hcl_identifier]") {
  CHECK(IsValidHclIdentifier("_"));
  CHECK(IsValidHclIdentifier("a"));
  CHECK(IsValidHclIdentifier("Z"));
  CHECK(IsValidHclIdentifier("__"));
  CHECK(IsValidHclIdentifier("_-"));
  CHECK_FALSE(IsValidHclIdentifier("-"));
  CHECK_FALSE(IsValidHclIdentifier("1"));
  CHECK_FALSE(IsValidHclIdentifier("$"));
  CHECK_FALSE(IsValidHclIdentifier("[red]"));
  CHECK_FALSE(IsValidHclIdentifier("a/b"));
  CHECK_FALSE(IsValidHclIdentifier("a:b"));
  CHECK_FALSE(IsValidHclIdentifier(std::string("a\0b", 3)));
}

TEST_CASE("IsValidHclIdentifier follows Unicode ID_Start and ID_Continue", "[hcl_identifier]") {
  CHECK(IsValidHclIdentifier("ü"));
  CHECK(IsValidHclIdentifier("Ａｂｃ"));              // full-width letters
  CHECK(IsValidHclIdentifier("a\u00b7b"));            // middle dot: continue only
  CHECK_FALSE(IsValidHclIdentifier("\u00b7a"));
  CHECK_FALSE(IsValidHclIdentifier("\u0301a"));       // mark cannot start
  CHECK(IsValidHclIdentifier("x\u0661"));             // Arabic-Indic digit continues
  CHECK_FALSE(IsValidHclIdentifier("\u0661x"));
  CHECK_FALSE(IsValidHclIdentifier("\U0001F600"));    // emoji
  CHECK_FALSE(IsValidHclIdentifier("a\U0001F600"));
  CHECK_FALSE(IsValidHclIdentifier("a\u00a0"));
  CHECK_FALSE(IsValidHclIdentifier("a\u200b"));
  CHECK(IsValidHclIdentifier("\U00020000"));          // CJK Extension B (4 bytes)
}

TEST_CASE("IsValidHclIdentifier uses HCL's Unicode 9.0 tables, not newer ones",
          "[hcl_identifier]") {
  CHECK(IsValidHclIdentifier("\u0840"));              // Mandaic (6.0)
  CHECK_FALSE(IsValidHclIdentifier("\u0860"));        // Syriac supplement (10.0)
  CHECK_FALSE(IsValidHclIdentifier("\U00011F04"));    // Kawi (15.0)
  CHECK_FALSE(IsValidHclIdentifier("a\u0860"));
}

TEST_CASE("IsValidHclIdentifier drops one leading byte order mark", "[hcl_identifier]") {
  CHECK(IsValidHclIdentifier("\xEF\xBB\xBF" "foo"));
  CHECK_FALSE(IsValidHclIdentifier("\xEF\xBB\xBF"));
  CHECK_FALSE(IsValidHclIdentifier("\xEF\xBB\xBF\xEF\xBB\xBF" "foo"));
  CHECK_FALSE(IsValidHclIdentifier("foo\xEF\xBB\xBF"));
  CHECK_FALSE(IsValidHclIdentifier("\xEF\xBB\xBF" "1"));
}

TEST_CASE("IsValidHclIdentifier reproduces HCL's byte patterns on invalid UTF-8",
          "[hcl_identifier]") {
  // unicode_derived.rl has `0xC4..0xC5 0x00..0xFF` in ID_Start, so HCL's
  // scanner takes "\xC4" plus any byte as one letter.
  CHECK(IsValidHclIdentifier("\xC4" "A"));
  CHECK(IsValidHclIdentifier("a\xC4" "-"));
  CHECK(IsValidHclIdentifier("\xC3\xFF"));           // 0xC3 0xB8..0xFF
  CHECK_FALSE(IsValidHclIdentifier("a\xC4"));        // cut short
  CHECK_FALSE(IsValidHclIdentifier("\xC0\x80"));
  CHECK_FALSE(IsValidHclIdentifier("\xFF"));
  CHECK_FALSE(IsValidHclIdentifier("a\xFF"));
}
