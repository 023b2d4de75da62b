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
