#include "forms/plan_markdown.h"

#include <catch2/catch.hpp>

#include "pipeline/plan_doc.h"

using tfstream::pipeline::Format;
using tfstream::pipeline::Options;
using tfstream::pipeline::Report;
using tfstream::testing::PlanChange;
using tfstream::testing::PlanDoc;
using tfstream::testing::RenderDoc;

namespace {

Options Markdown() {
  Options o;
  o.format = Format::kMarkdown;
  return o;
}

}  // namespace

TEST_CASE("markdown: summary line, count table, one details section per block", "[markdown]") {
  std::string doc = PlanDoc({
      PlanChange("t.a", R"(["create"])", "null", "a"),
      PlanChange("t.b", R"(["delete","create"])", "b", "b2"),
  });
  CHECK(RenderDoc(doc, Markdown()) ==
        "<!-- tfstream::part 1 -->\n"  // every part's marker (MarkdownParts::set_marker)
        "> [!WARNING]\n"
        "> This plan destroys 1 resource: 0 deleted, 1 replaced.\n"
        "> - `-/+` `t.b`\n"
        "\n"
        "**Plan:** 2 to add, 0 to change, 1 to destroy.\n"
        "\n"
        "| Action | Resources |\n"
        "| :-- | --: |\n"
        "| `+` create | 1 |\n"
        "| `-/+` destroy and then create replacement | 1 |\n"
        "\n"
        "<details><summary><code>+</code> t.a will be created</summary>\n"
        "\n"
        "```diff\n"
        "  # t.a will be created\n"
        "+   resource \"t\" \"a\" {\n"
        "+       id   = \"i\"\n"
        "+       name = \"a\"\n"
        "    }\n"
        "```\n"
        "\n"
        "</details>\n"
        "\n"
        "<details><summary><code>-/+</code> t.b must be replaced</summary>\n"
        "\n"
        "```diff\n"
        "  # t.b must be replaced\n"
        "-/+ resource \"t\" \"b\" {\n"
        "        id   = \"i\"\n"
        "~       name = \"b\" -> \"b2\"\n"
        "    }\n"
        "```\n"
        "\n"
        "</details>\n"
        "\n");
}

TEST_CASE("markdown: no changes, and filters", "[markdown]") {
  CHECK(RenderDoc(PlanDoc({PlanChange("t.a", R"(["no-op"])", "a", "a")}), Markdown()) ==
        "<!-- tfstream::part 1 -->\n**No changes.** Your infrastructure matches the configuration.\n\n");
  Options o = Markdown();
  REQUIRE(o.filter.AddActions("update").ok());
  CHECK(RenderDoc(PlanDoc({PlanChange("t.a", R"(["create"])", "null", "a")}), o) ==
        "<!-- tfstream::part 1 -->\n**Plan:** 1 to add, 0 to change, 0 to destroy.\n\nFiltered out 1 of 1 resource "
        "blocks.\n\n");
}

TEST_CASE("markdown to standard output over --max-bytes fails and says so", "[markdown]") {
  std::vector<std::string> changes;
  for (int i = 0; i < 40; ++i)
    changes.push_back(PlanChange("t.x" + std::to_string(i), R"(["create"])", "null", "v"));
  Options o = Markdown();
  o.max_bytes = 1024;
  Report report;
  std::string text = RenderDoc(PlanDoc(changes), o, &report);
  CHECK(text.rfind("ERROR: the Markdown output is over --max-bytes=1024 bytes; nothing was written", 0) == 0);
  CHECK(report.too_large);
}
