// render/plan/plan_sections.h: which "No changes" text a plan without
// changes gets, where the rule goes and whether the plan ends there, and
// that the words are the flavour's. (Whole plans: the conformance corpora.)
#include "render/plan/plan_sections.h"

#include <catch2/catch.hpp>
#include <string>

#include "base/flavor.h"
#include "render/text/colorize.h"

namespace {

using tfstream::OpenTofuFlavor;
using tfstream::TerraformFlavor;
using tfstream::render::plan::NoChanges;
using tfstream::render::plan::NoChangesFacts;
using tfstream::render::plan::NoChangesText;
using tfstream::render::text::Colorize;

NoChangesText Plain(const NoChangesFacts& facts) { return NoChanges(facts, TerraformFlavor(), Colorize(false), 0); }

}  // namespace

TEST_CASE("no changes: the plain case says so and goes on", "[plan_sections]") {
  NoChangesText t = Plain({});
  CHECK_FALSE(t.rule);
  CHECK_FALSE(t.ends_plan);
  CHECK(t.heading == "\nNo changes. Your infrastructure matches the configuration.\n\n");
  CHECK(t.body ==
        "Terraform has compared your real infrastructure against your configuration and found no differences, so no "
        "changes are needed.\n");
}

TEST_CASE("no changes after drift: a rule, then the plan ends", "[plan_sections]") {
  NoChangesFacts f;
  f.have_refresh_changes = true;
  NoChangesText t = Plain(f);
  CHECK(t.rule);
  CHECK(t.ends_plan);
  CHECK(t.body.rfind("Your configuration already matches the changes detected above, so applying", 0) == 0);
  f.no_changes_quality = true;
  t = Plain(f);
  CHECK(t.body.find(":\n  terraform apply -refresh-only\n") != std::string::npos);
  f.automation = true;
  t = Plain(f);
  CHECK(t.body.find("refresh-only plan.\n") != std::string::npos);
  CHECK(t.body.find("terraform apply") == std::string::npos);
}

TEST_CASE("no changes in refresh-only mode: never a rule; nothing after drift", "[plan_sections]") {
  NoChangesFacts f;
  f.refresh_only = true;
  NoChangesText t = Plain(f);
  CHECK_FALSE(t.rule);
  CHECK(t.heading == "\nNo changes. Your infrastructure still matches the configuration.\n\n");
  f.have_refresh_changes = true;
  t = Plain(f);
  CHECK_FALSE(t.rule);
  CHECK(t.ends_plan);
  CHECK(t.heading.empty());
  CHECK(t.body.empty());
}

TEST_CASE("no changes: errored and deferred plans have a heading only", "[plan_sections]") {
  NoChangesFacts f;
  f.errored = true;
  f.has_deferred = true;  // errored wins
  NoChangesText t = Plain(f);
  CHECK(t.heading == "\nPlanning failed. Terraform encountered an error while generating this plan.\n\n");
  CHECK(t.body.empty());
  CHECK_FALSE(t.ends_plan);
  f.errored = false;
  t = Plain(f);
  CHECK(t.heading == "\nNo current changes. This plan requires another plan to be applied first.\n\n");
}

TEST_CASE("no changes: the words are the flavour's", "[plan_sections]") {
  NoChangesFacts f;
  f.destroy = true;
  NoChangesText t = NoChanges(f, OpenTofuFlavor(), Colorize(false), 0);
  CHECK(t.heading == "\nNo changes. No objects need to be destroyed.\n\n");
  CHECK(t.body ==
        "Either you have not created any objects yet or the existing objects were already deleted outside of "
        "OpenTofu.\n");
}

TEST_CASE("the hidden drift line counts objects", "[plan_sections]") {
  using tfstream::render::plan::HiddenDriftWords;
  CHECK(HiddenDriftWords(TerraformFlavor(), 1) ==
        "1 object has changed outside of Terraform (not shown: --drift hide)");
  CHECK(HiddenDriftWords(OpenTofuFlavor(), 3) == "3 objects have changed outside of OpenTofu (not shown: --drift hide)");
}
