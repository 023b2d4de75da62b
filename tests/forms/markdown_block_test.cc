#include "forms/markdown_block.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <string>

#include "render/computed/palette.h"

using tfstream::forms::ChangeBlockUnit;
using tfstream::forms::DetailsUnit;
using tfstream::forms::DiffLines;
using tfstream::forms::FirstSymbol;
using tfstream::forms::HtmlEscape;

namespace {

// Marks a symbol as a Palette with mark_symbols does.
std::string M(const std::string& symbol) { return "\xff" + symbol + "\xfe "; }

}  // namespace

TEST_CASE("diff lines move each marked symbol to column 0 and keep the columns", "[markdown]") {
  std::string marked = "\n  # t.a will be updated in-place\n" + M("  ~") + "resource \"t\" \"a\" {\n    " +
                       M("  +") + "name = \"x\"\n    " + M("   ") + "id   = \"y\"\n    " + M("  -") +
                       "tags = {} -> null\n    }\n";
  CHECK(DiffLines(marked) ==
        "  # t.a will be updated in-place\n"
        "~   resource \"t\" \"a\" {\n"
        "+       name = \"x\"\n"
        "        id   = \"y\"\n"
        "-       tags = {} -> null\n"
        "    }\n");
}

TEST_CASE("wide symbols keep the text after them in place", "[markdown]") {
  CHECK(DiffLines(M("-/+") + "resource") == "-/+ resource\n");
  CHECK(DiffLines(M(" <=") + "data") == "<=  data\n");
  CHECK(DiffLines(M(" +/.") + "resource") == "+/.  resource\n");
}

TEST_CASE("text that merely starts with + or - is not a symbol", "[markdown]") {
  // An unchanged heredoc line whose content is "- keep".
  std::string marked = "    " + M("   ") + "- keep\n    " + M("  -") + "+ old\n";
  CHECK(DiffLines(marked) == "        - keep\n-       + old\n");
}

TEST_CASE("the first symbol and the summary come from the block", "[markdown]") {
  std::string block = "\n  # module.a[\"x\"].t.b will be created\n" + M("  +") + "resource \"t\" \"b\" {}\n";
  CHECK(FirstSymbol(block) == "+");
  auto u = ChangeBlockUnit(block);
  CHECK(
      u.head ==
      "<details><summary><code>+</code> module.a[&quot;x&quot;].t.b will be created</summary>\n\n```diff\n");
  CHECK(u.body == "  # module.a[\"x\"].t.b will be created\n+   resource \"t\" \"b\" {}\n");
  CHECK(u.close == "```\n");
  CHECK(u.after == "\n</details>\n\n");
  CHECK(u.size() == u.Text().size());

  std::string moved = "\n  # t.a has moved to t.b\n" + M("   ") + "resource \"t\" \"b\" {}\n";
  CHECK(FirstSymbol(moved).empty());
  CHECK(ChangeBlockUnit(moved).head.rfind("<details><summary>t.a has moved to t.b</summary>", 0) == 0);
}

TEST_CASE("the fence is longer than any backtick run inside", "[markdown]") {
  auto u = DetailsUnit("s", "    echo ```\n    ````\n");
  CHECK(u.head == "<details><summary>s</summary>\n\n`````diff\n");
  CHECK(u.close == "`````\n");
}

TEST_CASE("HTML specials are escaped", "[markdown]") {
  CHECK(HtmlEscape("a<b>&\"c'") == "a&lt;b&gt;&amp;&quot;c&#39;");
}

TEST_CASE("CodeSpan fences with more backticks than the text holds", "[markdown]") {
  using tfstream::forms::CodeSpan;
  CHECK(CodeSpan("aws_s3_bucket.logs") == "`aws_s3_bucket.logs`");
  CHECK(CodeSpan("a[\"x`y\"]") == "``a[\"x`y\"]``");
  CHECK(CodeSpan("`x``") == "``` `x`` ```");
  CHECK(CodeSpan("a*_b_<c>") == "`a*_b_<c>`");
}

namespace {

std::string ReadBack(const tfstream::buffer::TextSource& t) {
  std::string got;
  REQUIRE(t.Read([&](std::string_view p) { return got.append(p), true; }).ok());
  return got;
}

}  // namespace

TEST_CASE("held diff lines are DiffLines of the whole, however the text is split", "[markdown]") {
  using tfstream::forms::SpilledDiffLines;
  const std::string texts[] = {
      "",
      "\n\n\n",
      "no newline at all",
      "\n\n  # t.a will be updated\n" + M("  ~") + "resource {\n\n\n    " + M("  +") + "x = \"```\"\n    }\n\n\n",
      " \n" + M("  -") + "a\n\n" + M("-/+") + "b ````` c\n \n\n",
      M("  +") + "\n" + M("  +") + "last",
  };
  for (const std::string& text : texts) {
    for (size_t step : {size_t{1}, size_t{2}, size_t{5}, text.size() + 1}) {
      SpilledDiffLines held(/*memory=*/3);  // spills nearly every line
      for (size_t at = 0; at < text.size(); at += step) held.Add(std::string_view(text).substr(at, step));
      held.Finish();
      REQUIRE(held.status().ok());
      const std::string want = DiffLines(text);
      CHECK(ReadBack(held) == want);
      CHECK(held.size() == want.size());
      CHECK(held.lines() == static_cast<uint64_t>(std::count(want.begin(), want.end(), '\n')));
      // The fence of the held lines is the fence of the whole.
      auto whole = DetailsUnit("s", want);
      auto from_held = DetailsUnit("s", held);
      CHECK(from_held.head == whole.head);
      CHECK(from_held.close == whole.close);
      CHECK(from_held.size() == whole.size());
      CHECK(from_held.Text() == whole.Text());
    }
  }
}

TEST_CASE("DiffLines judges each line as the line-by-line conversion does", "[markdown]") {
  // SpilledDiffLines converts line by line (AppendConvertedLine); DiffLines
  // skips the lines without marks. Random text of spaces, newlines, marks,
  // symbols and letters, marks where Terraform's layout never puts them
  // included.
  const char alphabet[] = {' ', ' ', ' ', '\n', '+', '-', '/', '~', 'a', '`',
                           tfstream::render::Palette::kSymbolOpen, tfstream::render::Palette::kSymbolClose};
  uint32_t seed = 12345;
  auto next = [&] { return seed = seed * 1103515245u + 12345u, (seed >> 16) & 0x7fff; };
  for (int round = 0; round < 3000; ++round) {
    std::string text;
    const size_t size = next() % 120;
    for (size_t i = 0; i < size; ++i) text.push_back(alphabet[next() % sizeof(alphabet)]);
    tfstream::forms::SpilledDiffLines held;
    held.Add(text);
    held.Finish();
    INFO("round " << round);
    REQUIRE(ReadBack(held) == DiffLines(text));
  }
}
