#include "forms/module_tree.h"

#include <catch2/catch.hpp>

#include "pipeline/plan_doc.h"

using tfstream::Status;
using tfstream::forms::CountsPhrase;
using tfstream::forms::ModuleOfAddress;
using tfstream::forms::ModuleTree;
using tfstream::pipeline::Options;
using tfstream::forms::ParentModule;
using tfstream::stream::PlanAction;
using tfstream::testing::PlanChange;
using tfstream::testing::PlanDoc;
using tfstream::testing::RenderDoc;

TEST_CASE("the module of an address: its leading module steps, keys included", "[module-tree]") {
  CHECK(ModuleOfAddress("aws_s3_bucket.b") == "");
  CHECK(ModuleOfAddress("data.t.x[0]") == "");
  CHECK(ModuleOfAddress("module.a.t.x") == "module.a");
  CHECK(ModuleOfAddress("module.a[\"x.module.y\"].module.b[0].data.t.x") == "module.a[\"x.module.y\"].module.b[0]");
  CHECK(ModuleOfAddress("module.a[\"q\\\"].\"].t.x") == "module.a[\"q\\\"].\"]");
  CHECK(ParentModule("module.a") == "");
  CHECK(ParentModule("module.a[\"x.module.y\"].module.b[0]") == "module.a[\"x.module.y\"]");
}

TEST_CASE("ModuleTree: nodes in first-appearance order, totals over the subtree", "[module-tree]") {
  ModuleTree t;
  size_t node;
  REQUIRE(t.Add("module.a.module.b.t.x", PlanAction::kCreate, false, &node).ok());
  CHECK(node == 2);
  REQUIRE(t.Add("t.root", PlanAction::kDelete, false, &node).ok());
  CHECK(node == 0);
  REQUIRE(t.Add("module.a.t.y", PlanAction::kDeleteThenCreate, true, &node).ok());
  CHECK(node == 1);
  REQUIRE(t.Add("module.c.t.z", PlanAction::kUpdate, false, &node).ok());
  REQUIRE(t.Add("module.a.module.b.t.w", PlanAction::kCreate, false, &node).ok());
  CHECK(node == 2);
  t.Finish();
  REQUIRE(t.size() == 4);
  CHECK(t.Address(0).empty());
  CHECK(t.Address(1) == "module.a");
  CHECK(t.Address(2) == "module.a.module.b");
  CHECK(t.node(2).step == "module.b");
  CHECK(t.node(2).depth == 2);
  CHECK(t.Address(3) == "module.c");
  CHECK(t.node(0).first_child == 1);
  CHECK(t.node(1).next_sibling == 3);
  CHECK(t.node(3).next_sibling == ModuleTree::kNone);
  CHECK(t.node(1).first_child == 2);
  CHECK(CountsPhrase(t.Counts(1, tfstream::TerraformFlavor())) == "1 to import, 3 to add, 0 to change, 1 to destroy");
  CHECK(CountsPhrase(t.Counts(0, tfstream::TerraformFlavor())) == "1 to import, 3 to add, 1 to change, 2 to destroy");
  CHECK(t.node(0).total_blocks == 5);
  CHECK(t.node(0).own_blocks == 1);
}

TEST_CASE("ModuleTree: keys holding dots and module words, and a module nested too deep", "[module-tree]") {
  ModuleTree t;
  size_t node;
  REQUIRE(t.Add("module.a[\"x.module.y\"].module.b[0].data.t.x", PlanAction::kRead, false, &node).ok());
  CHECK(t.Address(node) == "module.a[\"x.module.y\"].module.b[0]");
  CHECK(t.node(node).step == "module.b[0]");
  REQUIRE(t.Add("module.a[\"x\"].t.x", PlanAction::kRead, false, &node).ok());
  CHECK(t.Address(node) == "module.a[\"x\"]");
  CHECK(t.size() == 4);
  // A made-up plan's address 1001 modules deep: an error, not a stack or
  // memory that grows with the depth squared.
  std::string deep;
  for (uint32_t i = 0; i <= ModuleTree::kMaxDepth; ++i) deep += "module.m.";
  std::string ok_deep = deep.substr(std::string("module.m.").size()) + "t.r";
  CHECK(ModuleTree::CheckDepth(ok_deep).ok());
  CHECK(t.Add(ok_deep, PlanAction::kCreate, false, &node).ok());
  CHECK(t.node(node).depth == ModuleTree::kMaxDepth);
  deep += "t.r";
  Status s = ModuleTree::CheckDepth(deep);
  CHECK(s.message().find("is nested more than 1000 modules deep") != std::string::npos);
  CHECK(t.Add(deep, PlanAction::kCreate, false, &node).message() == s.message());
}

TEST_CASE("--summary --group-by module prints a module tree", "[summary][module-tree]") {
  std::string doc = PlanDoc({
      PlanChange("module.a.t.x", R"(["update"])", "a", "b"),
      PlanChange("module.a.module.b.t.y", R"(["create"])", "null", "b"),
      PlanChange("t.c", R"(["create"])", "null", "b"),
  });
  Options o;
  o.summary = true;
  o.group_by_module = true;
  CHECK(RenderDoc(doc, o) ==
        "  + t.c\n"
        "module.a (1 to add, 1 to change, 0 to destroy)\n"
        "    ~ module.a.t.x\n"
        "  module.a.module.b (1 to add, 0 to change, 0 to destroy)\n"
        "      + module.a.module.b.t.y\n"
        "\n"
        "Plan: 2 to add, 1 to change, 0 to destroy.\n");
}

TEST_CASE("--summary --group-by module: a tree past the memory the lines are held in", "[summary][module-tree]") {
  // 40,000 blocks, about 1.5 MB of lines: past what the summary holds in
  // memory (1 MiB), so they come back from the temporary file, grouped.
  constexpr int kPer = 1000;
  std::vector<std::string> changes;
  std::string want;
  for (int i = 0; i < 10; ++i) {
    const std::string m = "module.m" + std::to_string(i);
    std::string creates, updates, subs;
    for (int k = 0; k < kPer; ++k) {
      const std::string a = m + ".t.resource_number_" + std::to_string(k);
      const bool create = k % 3 != 0;
      changes.push_back(create ? PlanChange(a, R"(["create"])", "null", "b") : PlanChange(a, R"(["update"])", "a", "b"));
      (create ? creates : updates) += (create ? "    + " : "    ~ ") + a + "\n";
    }
    const int updated = (kPer + 2) / 3;
    want += m + " (" + std::to_string(kPer - updated + 3 * kPer) + " to add, " + std::to_string(updated) +
            " to change, 0 to destroy)\n" + creates + updates;
    for (int j = 0; j < 3; ++j) {
      const std::string s = m + ".module.s" + std::to_string(j);
      want += "  " + s + " (" + std::to_string(kPer) + " to add, 0 to change, 0 to destroy)\n";
      for (int k = 0; k < kPer; ++k) {
        const std::string a = s + ".t.resource_number_" + std::to_string(k);
        changes.push_back(PlanChange(a, R"(["create"])", "null", "b"));
        want += "      + " + a + "\n";
      }
    }
  }
  // Interleave the modules' blocks: the tree is in first-appearance order
  // whatever order the blocks come in.
  std::vector<std::string> interleaved;
  for (size_t k = 0; k < changes.size() / 10; ++k) {
    for (size_t i = 0; i < 10; ++i) interleaved.push_back(changes[i * (changes.size() / 10) + k]);
  }
  Options o;
  o.summary = true;
  o.group_by_module = true;
  const std::string got = RenderDoc(PlanDoc(interleaved), o);
  const int updates = 10 * ((kPer + 2) / 3);
  CHECK(got == want + "\nPlan: " + std::to_string(40 * kPer - updates) + " to add, " + std::to_string(updates) +
                   " to change, 0 to destroy.\n");
  CHECK(want.size() > (size_t{1} << 20));
}

TEST_CASE("--summary --group-by module in Markdown: nested sections, held lines read back in tree order",
          "[summary][module-tree][markdown]") {
  std::vector<std::string> changes;
  std::string a_lines, b_lines, root_lines;
  for (int k = 0; k < 12000; ++k) {  // interleaved: root, module.a, module.a.module.b
    const std::string n = ".t.a_fairly_long_resource_name_" + std::to_string(k);
    changes.push_back(PlanChange("t.root_" + std::to_string(k), R"(["create"])", "null", "b"));
    changes.push_back(PlanChange("module.a" + n, R"(["create"])", "null", "b"));
    changes.push_back(PlanChange("module.a.module.b" + n, R"(["create"])", "null", "b"));
    root_lines += "- `+` `t.root_" + std::to_string(k) + "`\n";
    a_lines += "- `+` `module.a" + n + "`\n";
    b_lines += "- `+` `module.a.module.b" + n + "`\n";
  }
  Options o;
  o.summary = true;
  o.group_by_module = true;
  o.format = tfstream::pipeline::Format::kMarkdown;
  o.max_bytes = 0;
  const std::string got = RenderDoc(PlanDoc(changes), o);
  CHECK(a_lines.size() + b_lines.size() > (size_t{1} << 20));
  CHECK(got.find("<details><summary>root module (12000)</summary>\n\n" + root_lines +
                 "\n</details>\n\n<details><summary><code>module.a</code> (24000 to add, 0 to change, 0 to "
                 "destroy)</summary>\n\n" +
                 a_lines +
                 "\n<details><summary><code>module.a.module.b</code> (12000 to add, 0 to change, 0 to "
                 "destroy)</summary>\n\n" +
                 b_lines + "\n</details>\n\n</details>\n\n") != std::string::npos);
}
