// Values carrying attributes their schema lacks: the text stays Terraform's
// (they are left out), and Report::warnings holds one line per resource type
// naming the first such member and how many more (pipeline/stale_schemas.h).
#include <catch2/catch.hpp>

#include <string>

#include "pipeline/plan_doc.h"
#include "pipeline/stale_schemas.h"

using tfstream::pipeline::Format;
using tfstream::pipeline::Options;
using tfstream::pipeline::Report;
using tfstream::pipeline::StaleSchemas;
using tfstream::testing::PlanChange;
using tfstream::testing::PlanDoc;
using tfstream::testing::RenderDoc;

namespace {

// PlanChange's values with members the schema of "t" lacks added to "after".
std::string WithExtra(std::string change, const std::string& members) {
  const std::string after = R"("after":{"id":"i",)";
  size_t at = change.find(after);
  REQUIRE(at != std::string::npos);
  change.insert(at + after.size(), members + ",");
  return change;
}

}  // namespace

TEST_CASE("stale schemas: one warning per type, the text unchanged", "[pipeline][stale-schemas]") {
  const std::string plain = PlanDoc({PlanChange("t.a", R"(["update"])", "a", "b"),
                                     PlanChange("t.b", R"(["create"])", "null", "c")});
  const std::string stale =
      PlanDoc({WithExtra(PlanChange("t.a", R"(["update"])", "a", "b"), R"("zone":"z","deletion_protection":true)"),
               WithExtra(PlanChange("t.b", R"(["create"])", "null", "c"), R"("zone":"y","arn":"x","unset":null)")});
  for (int jobs : {1, 2}) {
    for (bool markdown : {false, true}) {
      INFO("jobs " << jobs << ", markdown " << markdown);
      Options o;
      o.jobs = jobs;
      if (markdown) o.format = Format::kMarkdown;
      Report clean, report;
      const std::string want = RenderDoc(plain, o, &clean);
      CHECK(clean.warnings.empty());
      CHECK(RenderDoc(stale, o, &report) == want);
      REQUIRE(report.warnings.size() == 1);
      CHECK(report.warnings[0].rfind(
                R"(resource type "t" (provider "p"): "arn" and 2 more in its values are not in its schema and not )"
                R"(shown; the schemas may come from another provider version (make them with )",
                0) == 0);
      CHECK(report.warnings[0].find("terraform providers schema -json") != std::string::npos);
    }
  }
  // --summary computes no diffs: nothing to warn about.
  Options summary;
  summary.summary = true;
  Report report;
  RenderDoc(stale, summary, &report);
  CHECK(report.warnings.empty());
}

TEST_CASE("stale schemas: types kept apart, one member named alone", "[pipeline][stale-schemas]") {
  StaleSchemas s;
  CHECK(s.Warnings().empty());
  s.Add("p", false, "t", {"b"});
  s.Add("p", true, "t", {"x", "x"});
  s.Add("p", false, "t", {"b", "a"});
  const auto w = s.Warnings();
  REQUIRE(w.size() == 2);
  CHECK(w[0].rfind(R"(resource type "t" (provider "p"): "a" and 1 more in its values are not in)", 0) == 0);
  CHECK(w[1].rfind(R"(data source type "t" (provider "p"): "x" in its values is not in its schema)", 0) == 0);
}
