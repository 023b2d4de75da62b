#include "stream/change_filter.h"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "stream/pre_scan.h"

using tfstream::stream::ChangeFilter;
using tfstream::stream::ChangeHooks;
using tfstream::stream::PlanAction;
using tfstream::stream::PlanFacts;
using tfstream::stream::PreScan;
using tfstream::stream::ResourceFacts;

namespace {

ResourceFacts Facts(const std::string& address, const std::string& previous = "", bool importing = false) {
  ResourceFacts rf;
  rf.address = address;
  rf.previous_address = previous;
  rf.importing = importing;
  return rf;
}

std::string Change(const std::string& address, const std::string& actions, const std::string& extra = "",
                   const std::string& change_extra = "") {
  return R"({"address":")" + address + R"(","mode":"managed","type":"t","name":"n","provider_name":"p",)" +
         extra + R"("change":{)" + change_extra + R"("actions":)" + actions +
         R"(,"before":null,"after":null}})";
}

}  // namespace

TEST_CASE("action names select sets of blocks", "[filter]") {
  ChangeFilter f;
  REQUIRE(f.AddActions("replace").ok());
  CHECK(f.active());
  CHECK(f.Matches(Facts("t.a"), PlanAction::kDeleteThenCreate));
  CHECK(f.Matches(Facts("t.a"), PlanAction::kCreateThenDelete));
  CHECK(f.Matches(Facts("t.a"), PlanAction::kCreateThenForget));
  CHECK_FALSE(f.Matches(Facts("t.a"), PlanAction::kDelete));
  CHECK_FALSE(f.Matches(Facts("t.a"), PlanAction::kCreate));

  ChangeFilter g;
  REQUIRE(g.AddActions("create, update").ok());  // spaces around names are allowed
  REQUIRE(g.AddActions("read").ok());            // repeated options add up
  CHECK(g.Matches(Facts("t.a"), PlanAction::kCreate));
  CHECK(g.Matches(Facts("t.a"), PlanAction::kUpdate));
  CHECK(g.Matches(Facts("t.a"), PlanAction::kRead));
  CHECK_FALSE(g.Matches(Facts("t.a"), PlanAction::kForget));
}

TEST_CASE("moved and import select by attribute, whatever the action", "[filter]") {
  ChangeFilter f;
  REQUIRE(f.AddActions("moved,import").ok());
  CHECK(f.Matches(Facts("t.b", "t.a"), PlanAction::kUpdate));
  CHECK(f.Matches(Facts("t.b", "", true), PlanAction::kNoOp));
  CHECK_FALSE(f.Matches(Facts("t.b", "t.b"), PlanAction::kUpdate));  // same address: not moved
  CHECK_FALSE(f.Matches(Facts("t.b"), PlanAction::kUpdate));

  ChangeFilter noop;
  REQUIRE(noop.AddActions("no-op").ok());
  CHECK(noop.Matches(Facts("t.b", "t.a"), PlanAction::kNoOp));
  CHECK_FALSE(noop.Matches(Facts("t.b", "t.a"), PlanAction::kUpdate));
}

TEST_CASE("actions and addresses combine: any action AND any address", "[filter]") {
  ChangeFilter f;
  REQUIRE(f.AddActions("delete").ok());
  REQUIRE(f.AddAddress("module.a").ok());
  REQUIRE(f.AddAddress("x.*").ok());
  CHECK(f.Matches(Facts("module.a.t.n"), PlanAction::kDelete));
  CHECK(f.Matches(Facts("x.y"), PlanAction::kDelete));
  CHECK_FALSE(f.Matches(Facts("module.b.t.n"), PlanAction::kDelete));
  CHECK_FALSE(f.Matches(Facts("x.y"), PlanAction::kCreate));
}

TEST_CASE("unknown action names and bad patterns are refused", "[filter]") {
  ChangeFilter f;
  CHECK_FALSE(f.AddActions("destroyed").ok());
  CHECK_FALSE(f.AddActions("create,,update").ok());
  CHECK_FALSE(f.AddAddress("").ok());
  CHECK_FALSE(f.active());
}

TEST_CASE("the pre-scan keeps whole-plan counts and tallies the shown blocks apart", "[filter][prescan]") {
  std::string doc = R"({"resource_changes":[)" + Change("t.a", R"(["create"])") + "," +
                    Change("module.m.t.b", R"(["delete","create"])") + "," + Change("t.c", R"(["no-op"])") +
                    "," + Change("t.d", R"(["no-op"])", R"("previous_address":"t.old",)") + "," +
                    Change("module.m.t.e", R"(["update"])") + "," +
                    Change("t.f", R"(["update"])", "", R"("importing":{"id":"x"},)") + "]}";
  ChangeFilter filter;
  REQUIRE(filter.AddAddress("module.m").ok());
  std::vector<std::string> shown;
  ChangeHooks hooks;
  hooks.filter = &filter;
  hooks.on_shown = [&](const ResourceFacts& rf, PlanAction) { shown.push_back(rf.address); };
  PlanFacts f;
  REQUIRE(PreScan(doc, &f, nullptr, &hooks).ok());
  CHECK(f.shown_changes == 5);
  CHECK(f.importing == 1);
  CHECK(f.counts[static_cast<size_t>(PlanAction::kCreate)] == 1);
  CHECK(f.counts[static_cast<size_t>(PlanAction::kUpdate)] == 2);
  CHECK(f.filtered_counts[static_cast<size_t>(PlanAction::kCreate)] == 0);
  CHECK(f.filtered_counts[static_cast<size_t>(PlanAction::kDeleteThenCreate)] == 1);
  CHECK(f.filtered_counts[static_cast<size_t>(PlanAction::kUpdate)] == 1);
  CHECK(f.filtered_out == 3);
  CHECK(f.will_print_resource_changes);
  CHECK(shown == std::vector<std::string>{"module.m.t.b", "module.m.t.e"});
}

TEST_CASE("a filter that hides every changing block leaves no legend", "[filter][prescan]") {
  std::string doc = R"({"resource_changes":[)" + Change("t.a", R"(["create"])") + "," +
                    Change("t.d", R"(["no-op"])", R"("previous_address":"t.old",)") + "]}";
  ChangeFilter filter;
  REQUIRE(filter.AddActions("moved").ok());
  ChangeHooks hooks;
  hooks.filter = &filter;
  PlanFacts f;
  REQUIRE(PreScan(doc, &f, nullptr, &hooks).ok());
  CHECK_FALSE(f.will_print_resource_changes);
  CHECK(f.filtered_counts[static_cast<size_t>(PlanAction::kNoOp)] == 1);
  CHECK(f.filtered_out == 1);
}

TEST_CASE("a repeated resource_changes key starts the shown blocks over", "[filter][prescan]") {
  std::string doc = R"({"resource_changes":[)" + Change("t.a", R"(["create"])") +
                    R"(],"resource_changes":[)" + Change("t.b", R"(["create"])") + "]}";
  std::vector<std::string> shown;
  ChangeHooks hooks;
  hooks.on_begin = [&] { shown.clear(); };
  hooks.on_shown = [&](const ResourceFacts& rf, PlanAction) { shown.push_back(rf.address); };
  PlanFacts f;
  REQUIRE(PreScan(doc, &f, nullptr, &hooks).ok());
  CHECK(shown == std::vector<std::string>{"t.b"});
}

TEST_CASE("destroy is delete; an unknown action word suggests the nearest", "[filter]") {
  ChangeFilter f;
  REQUIRE(f.AddActions("destroy").ok());
  CHECK(f.Matches(Facts("t.a"), PlanAction::kDelete));
  CHECK_FALSE(f.Matches(Facts("t.a"), PlanAction::kDeleteThenCreate));
  auto error = [](const std::string& list) {
    ChangeFilter g;
    return g.AddActions(list).message();
  };
  CHECK(error("updte").find("unknown action 'updte' (did you mean 'update'? one of") != std::string::npos);
  CHECK(error("create,delet").find("unknown action 'delet' (did you mean 'delete'?") != std::string::npos);
  CHECK(error("noop").find("did you mean 'no-op'?") != std::string::npos);
  CHECK(error("recreate").find("did you mean 'replace'?") != std::string::npos);
  CHECK(error("add").find("did you mean 'create'?") != std::string::npos);
  CHECK(error("change").find("did you mean 'update'?") != std::string::npos);
  // Nothing near: no guess.
  CHECK(error("frobnicate").find("did you mean") == std::string::npos);
  CHECK(error("x").find("did you mean") == std::string::npos);
}

TEST_CASE("a root-module pattern knows what it would match inside modules", "[filter]") {
  ChangeFilter f;
  REQUIRE(f.AddActions("delete").ok());
  REQUIRE(f.AddAddress("aws_db_instance.*").ok());
  REQUIRE(f.AddAddress("module.app").ok());          // names a module: unchanged
  REQUIRE(f.AddAddress("**.aws_s3_bucket.*").ok());  // any depth already
  CHECK(f.InModulesPatterns() == std::vector<std::string>{"**.aws_db_instance.*"});
  CHECK_FALSE(f.Matches(Facts("module.db.aws_db_instance.main"), PlanAction::kDelete));
  CHECK(f.MatchesInModules(Facts("module.db.aws_db_instance.main"), PlanAction::kDelete));
  CHECK_FALSE(f.MatchesInModules(Facts("module.db.aws_db_instance.main"),
                                 PlanAction::kCreate));  // actions still apply
  CHECK_FALSE(f.MatchesInModules(Facts("module.db.aws_instance.main"), PlanAction::kDelete));
  ChangeFilter deep;
  REQUIRE(deep.AddAddress("module.x").ok());
  CHECK(deep.InModulesPatterns().empty());
  CHECK_FALSE(deep.MatchesInModules(Facts("module.y.module.x.t.a"), PlanAction::kCreate));
}

TEST_CASE("the pre-scan counts hidden blocks a root-module pattern would match in modules",
          "[filter][prescan]") {
  std::string doc = R"({"resource_changes":[)" + Change("module.a.t.n", R"(["create"])") + "," +
                    Change("module.b.module.c.t.n", R"(["delete"])") + "," + Change("u.n", R"(["create"])") +
                    "]}";
  ChangeFilter filter;
  REQUIRE(filter.AddAddress("t.*").ok());
  ChangeHooks hooks;
  hooks.filter = &filter;
  PlanFacts f;
  REQUIRE(PreScan(doc, &f, nullptr, &hooks).ok());
  CHECK(f.filtered_out == 3);
  CHECK(f.filtered_out_in_modules == 2);
}
