// Expected values: go-wordwrap v1.0.1's wordwrap_test.go, traces of its
// algorithm, and Terraform's format.WordWrap / HorizontalRule (trivia.go
// @883c722).
#include "render/text/word_wrap.h"

#include <catch2/catch.hpp>

#include <string>

#include "render/text/colorize.h"

namespace text = tfstream::render::text;

namespace {

std::string Repeat(const std::string& s, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += s;
  return out;
}

}  // namespace

TEST_CASE("GoWrapString matches go-wordwrap v1.0.1's test table", "[word_wrap]") {
  CHECK(text::GoWrapString("foo", 4) == "foo");
  CHECK(text::GoWrapString("foobarbaz", 4) == "foobarbaz");
  CHECK(text::GoWrapString("foo bar baz", 4) == "foo\nbar\nbaz");
  CHECK(text::GoWrapString("foo bars bazzes", 4) == "foo\nbars\nbazzes");
  CHECK(text::GoWrapString("fo sop", 4) == "fo\nsop");
  CHECK(text::GoWrapString("foo bar\u00A0baz", 10) == "foo\nbar\u00A0baz");
  CHECK(text::GoWrapString("foo\nb\t r\n baz", 4) == "foo\nb\t r\n baz");
  CHECK(text::GoWrapString("foo    \nb   ar   ", 4) == "foo\nb\nar");
  CHECK(text::GoWrapString("foo bar baz\n", 4) == "foo\nbar\nbaz\n");
  CHECK(text::GoWrapString("\nfoo bar\n\n\nbaz\n", 4) == "\nfoo\nbar\n\n\nbaz\n");
  CHECK(text::GoWrapString(" This is a list: \n\n\t* foo\n\t* bar\n\n\n\t* baz  \nBAM    ", 6) ==
        " This\nis a\nlist: \n\n\t* foo\n\t* bar\n\n\n\t* baz\nBAM");
  CHECK(text::GoWrapString(Repeat("\u2584 ", 4), 4) ==
        "\u2584 \u2584\n" + Repeat("\u2584 ", 2));
}

TEST_CASE("GoWrapString counts runes, not bytes", "[word_wrap]") {
  CHECK(text::GoWrapString("ééé ééé", 7) == "ééé ééé");
  CHECK(text::GoWrapString("ééé ééé", 6) == "ééé\nééé");
  CHECK(text::GoWrapString("日本 語", 4) == "日本 語");
}

TEST_CASE("GoWrapString breaks on Unicode spaces but not on no-break space", "[word_wrap]") {
  CHECK(text::GoWrapString("aaa\u3000bbb", 4) == "aaa\nbbb");
  CHECK(text::GoWrapString("aaa\u2003bbb", 4) == "aaa\nbbb");
  CHECK(text::GoWrapString("aaa\u00A0bbb", 4) == "aaa\u00A0bbb");
  CHECK(text::GoWrapString("aaa\u200Bbbb", 4) == "aaa\u200Bbbb");  // ZWSP is not a space
}

TEST_CASE("GoWrapString moves a word that would overflow, dropping the spaces", "[word_wrap]") {
  CHECK(text::GoWrapString("ab cd", 3) == "ab\ncd");
  CHECK(text::GoWrapString("a foobarbaz", 4) == "a\nfoobarbaz");
  CHECK(text::GoWrapString("a   b", 2) == "a\nb");
  CHECK(text::GoWrapString("a b", 3) == "a b");
}

TEST_CASE("GoWrapString keeps trailing spaces only if they fit", "[word_wrap]") {
  CHECK(text::GoWrapString("ab  ", 4) == "ab  ");
  CHECK(text::GoWrapString("ab   ", 4) == "ab");
  CHECK(text::GoWrapString("    ", 4) == "    ");
  CHECK(text::GoWrapString("     ", 4) == "");
  CHECK(text::GoWrapString("", 4) == "");
}

TEST_CASE("GoWrapString re-encodes invalid bytes as U+FFFD", "[word_wrap]") {
  CHECK(text::GoWrapString("a\xFF" "b", 10) == "a\uFFFD" "b");
  CHECK(text::GoWrapString("\xE2\x82 x", 10) == "\uFFFD\uFFFD x");
}

TEST_CASE("WordWrap wraps each line at width - 1", "[word_wrap]") {
  CHECK(text::WordWrap("foo bar baz", 5) == "foo\nbar\nbaz");
  CHECK(text::WordWrap("foo bar baz", 8) == "foo bar\nbaz");
  CHECK(text::WordWrap("foo bar\n\nbaz qux", 5) == "foo\nbar\n\nbaz\nqux");
  CHECK(text::WordWrap("foo bar\n", 5) == "foo\nbar\n");
  CHECK(text::WordWrap("", 10) == "");
  CHECK(text::WordWrap("\n", 10) == "\n");
}

TEST_CASE("WordWrap reproduces Terraform's plan preamble at widths 78 and 60", "[word_wrap]") {
  const std::string preamble =
      "\nTerraform used the selected providers to generate the following execution plan. "
      "Resource actions are indicated with the following symbols:";
  CHECK(text::WordWrap(preamble, 78) ==
        "\nTerraform used the selected providers to generate the following execution\n"
        "plan. Resource actions are indicated with the following symbols:");
  CHECK(text::WordWrap(preamble, 60) ==
        "\nTerraform used the selected providers to generate the\n"
        "following execution plan. Resource actions are indicated\n"
        "with the following symbols:");
}

TEST_CASE("WordWrap leaves lines that start with a space untouched", "[word_wrap]") {
  CHECK(text::WordWrap("  terraform apply -replace=aws_instance.example", 10) ==
        "  terraform apply -replace=aws_instance.example");
  CHECK(text::WordWrap("wrap me please\n  keep me as I am\nand me too", 8) ==
        "wrap me\nplease\n  keep me as I am\nand me\ntoo");
  CHECK(text::WordWrap(" a\xFF" "b", 10) == " a\xFF" "b");  // bytes kept as they are
  CHECK(text::WordWrap("\ta b c", 3) == "\ta\nb\nc");  // only ' ' marks a literal line
}

TEST_CASE("WordWrap returns the input unchanged when width <= 1", "[word_wrap]") {
  CHECK(text::WordWrap("foo bar baz", 1) == "foo bar baz");
  CHECK(text::WordWrap("foo bar baz", 0) == "foo bar baz");
  CHECK(text::WordWrap("foo bar\xFF", -5) == "foo bar\xFF");
}

TEST_CASE("WordWrap at width 2 never breaks: go-wordwrap only moves words shorter than the limit",
          "[word_wrap]") {
  CHECK(text::WordWrap("foo bar baz", 2) == "foo bar baz");
  CHECK(text::WordWrap("a b c", 2) == "a b c");
  CHECK(text::WordWrap("a b c", 3) == "a\nb\nc");
}

TEST_CASE("HorizontalRule is width - 1 box-drawing lines in dark gray", "[word_wrap]") {
  const text::Colorize on(true);
  const text::Colorize off(false);
  const std::string rule77 = Repeat("\u2500", 77);
  CHECK(text::HorizontalRule(on, 78) == "\x1b[90m\n" + rule77 + "\x1b[0m");
  CHECK(text::HorizontalRule(off, 78) == "\n" + rule77);
  CHECK(text::HorizontalRule(on, 2) == "\x1b[90m\n\u2500\x1b[0m");
  CHECK(text::HorizontalRule(on, 1) == "\n");
  CHECK(text::HorizontalRule(off, 0) == "\n");
  CHECK(text::HorizontalRule(on, -3) == "\n");
}
