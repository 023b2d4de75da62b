#include "pipeline/module_tree.h"

#include <catch2/catch.hpp>

#include "pipeline/plan_doc.h"

using tfstream::pipeline::CountsPhrase;
using tfstream::pipeline::ModuleOfAddress;
using tfstream::pipeline::ModuleTree;
using tfstream::pipeline::Options;
using tfstream::pipeline::ParentModule;
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
  t.Add("module.a.module.b.t.x", PlanAction::kCreate, false);
  t.Add("t.root", PlanAction::kDelete, false);
  t.Add("module.a.t.y", PlanAction::kDeleteThenCreate, true);
  t.Add("module.c.t.z", PlanAction::kUpdate, false);
  t.Finish();
  REQUIRE(t.size() == 4);
  CHECK(t.node(1).address == "module.a");
  CHECK(t.node(2).address == "module.a.module.b");
  CHECK(t.node(2).depth == 2);
  CHECK(t.node(3).address == "module.c");
  CHECK(t.node(0).children == std::vector<size_t>{1, 3});
  CHECK(CountsPhrase(t.Counts(1, tfstream::TerraformFlavor())) == "1 to import, 2 to add, 0 to change, 1 to destroy");
  CHECK(CountsPhrase(t.Counts(0, tfstream::TerraformFlavor())) == "1 to import, 2 to add, 1 to change, 2 to destroy");
  CHECK(t.node(0).total_blocks == 4);
  CHECK(t.node(0).own_blocks == 1);
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
