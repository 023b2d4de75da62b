// --detailed-exitcode's decision (plan_changes.h), against the cases Terraform's
// plan.Applyable distinguishes.
#include "pipeline/plan_changes.h"

#include <catch2/catch.hpp>

#include <string>

#include "pipeline/plan_doc.h"

namespace {

using tfstream::pipeline::Format;
using tfstream::pipeline::Options;
using tfstream::pipeline::PlanMode;
using tfstream::pipeline::Quality;
using tfstream::pipeline::Report;
using tfstream::testing::PlanChange;
using tfstream::testing::PlanDoc;
using tfstream::testing::RenderDoc;

std::string Change(const std::string& address, const std::string& mode, const std::string& actions,
                   const std::string& extra = "") {
  return R"({"address":")" + address + R"(","mode":")" + mode + R"(","type":"t","name":"n","provider_name":"p",)" +
         extra + R"("change":{"actions":)" + actions + R"(,"before":null,"after":null}})";
}

// A show -json document (no schemas needed for --summary and --format json).
std::string Show(const std::string& changes, const std::string& drift = "", const std::string& outputs = "",
                 bool errored = false) {
  return R"({"format_version":"1.2","applyable":true,"errored":)" + std::string(errored ? "true" : "false") +
         R"(,"resource_changes":[)" + changes + R"(],"resource_drift":[)" + drift + R"(],"output_changes":{)" +
         outputs + "}}";
}

// Report::has_changes (and errored) for `doc` in every form that can read it
// without schemas; they must agree.
Report Decide(const std::string& doc, PlanMode mode = PlanMode::kNormal) {
  Report first;
  for (int form = 0; form < 3; ++form) {
    Options o;
    o.mode = mode;
    o.detailed_exitcode = true;
    o.summary = form != 1;
    if (form == 1) o.format = Format::kJson;
    if (form == 2) o.format = Format::kMarkdown;
    o.max_bytes = 0;
    Report r;
    std::string out = RenderDoc(doc, o, &r);
    REQUIRE(out.rfind("ERROR", 0) != 0);
    if (form == 0) {
      first = r;
    } else {
      CHECK(r.has_changes == first.has_changes);
      CHECK(r.errored == first.errored);
    }
  }
  return first;
}

}  // namespace

TEST_CASE("detailed exit code: resource changes, moves and imports are changes", "[exitcode]") {
  CHECK(Decide(Show(Change("t.a", "managed", R"(["create"])"))).has_changes);
  CHECK(Decide(Show(Change("t.a", "managed", R"(["no-op"])", R"("previous_address":"t.b",)"))).has_changes);
  CHECK(Decide(Show(Change("t.a", "managed", R"(["no-op"])"))).has_changes == false);
  CHECK(Decide(Show(Change("data.t.a", "data", R"(["read"])"))).has_changes);
}

TEST_CASE("detailed exit code: a data-source deletion is a change though not printed", "[exitcode]") {
  // plans.ChangesSrc.Empty counts every action that is not no-op.
  CHECK(Decide(Show(Change("data.t.a", "data", R"(["delete"])"))).has_changes);
}

TEST_CASE("detailed exit code: output-only plans have changes, drift-only plans none", "[exitcode]") {
  const std::string out = R"("o":{"actions":["create"],"before":null,"after":1})";
  const std::string noop_out = R"("o":{"actions":["no-op"],"before":1,"after":1})";
  const std::string drift = Change("t.a", "managed", R"(["update"])");
  CHECK(Decide(Show("", "", out)).has_changes);
  CHECK(Decide(Show("", "", noop_out)).has_changes == false);
  CHECK(Decide(Show("", drift)).has_changes == false);
  // Refresh-only plans are applyable for the refresh's changes only.
  CHECK(Decide(Show("", drift), PlanMode::kRefreshOnly).has_changes);
  CHECK(Decide(Show("", Change("t.a", "managed", R"(["no-op"])")), PlanMode::kRefreshOnly).has_changes == false);
}

TEST_CASE("detailed exit code: an errored plan is reported as such", "[exitcode]") {
  Report r = Decide(Show(Change("t.a", "managed", R"(["create"])"), "", "", /*errored=*/true));
  CHECK(r.errored);
}

TEST_CASE("detailed exit code in text form, with schemas, agrees", "[exitcode]") {
  Options o;
  o.detailed_exitcode = true;
  Report r;
  RenderDoc(PlanDoc({PlanChange("t.c", R"(["create"])", "null", "b")}), o, &r);
  CHECK(r.has_changes);
  Report none;
  RenderDoc(PlanDoc({PlanChange("t.c", R"(["no-op"])", "a", "a")}), o, &none);
  CHECK(!none.has_changes);
}
