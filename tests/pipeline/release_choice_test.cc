// --renderer-version and its auto rule (pipeline/release_choice.h): the
// release within the flavour, and the notes for versions outside the
// releases reproduced.
#include "pipeline/release_choice.h"

#include <catch2/catch.hpp>
#include <string>


namespace {

using tfstream::FlavorId;
using tfstream::Release;
using tfstream::pipeline::ChooseRelease;
using tfstream::pipeline::ReleaseChoice;
using tfstream::pipeline::RendererVersion;
using tfstream::stream::PlanFacts;

PlanFacts WithVersion(const std::string& v) {
  PlanFacts f;
  f.has_terraform_version = true;
  f.terraform_version_is_string = true;
  f.terraform_version = v;
  return f;
}

ReleaseChoice Auto(const std::string& v, FlavorId id = FlavorId::kTerraform, bool by_default = false) {
  return ChooseRelease(id, by_default, RendererVersion{}, WithVersion(v), "plan.json");
}

}  // namespace

TEST_CASE("auto reads terraform_version, silently inside the releases reproduced", "[release_choice]") {
  ReleaseChoice c = Auto("1.5.7");
  CHECK(c.profile.release == Release{1, 5, 7});
  CHECK(c.profile.id == FlavorId::kTerraform);
  CHECK(c.notes.empty());
  c = Auto("1.9.0-beta2");
  CHECK(c.profile.release == Release{1, 9, 0});
  CHECK(c.notes.empty());
  c = Auto("1.10.3", FlavorId::kOpenTofu);
  CHECK(c.profile.release == Release{1, 10, 3});
  CHECK(c.profile.id == FlavorId::kOpenTofu);
}

TEST_CASE("a document without terraform_version, or latest, gets the newest text silently", "[release_choice]") {
  ReleaseChoice c = ChooseRelease(FlavorId::kTerraform, false, RendererVersion{}, PlanFacts{}, "plan.json");
  CHECK(c.profile.release == tfstream::SupportedReleases(FlavorId::kTerraform).newest);
  CHECK(c.notes.empty());
  c = ChooseRelease(FlavorId::kTerraform, true, RendererVersion{RendererVersion::Kind::kLatest, ""},
                    WithVersion("1.5.7"), "plan.json");
  CHECK(c.profile.release == tfstream::SupportedReleases(FlavorId::kTerraform).newest);
  CHECK(c.notes.empty());
}

TEST_CASE("Terraform 1.4 gets 1.5's text and a note saying so", "[release_choice]") {
  ReleaseChoice c = Auto("1.4.6");
  CHECK(c.profile.release == Release{1, 5, 0});
  REQUIRE(c.notes.size() == 1);
  CHECK(c.notes[0] ==
        "plan.json: terraform_version \"1.4.6\" is older than any Terraform release tfstream reproduces; printed "
        "the text of Terraform 1.5.x, the oldest");
}

TEST_CASE("a future release gets the newest text and a note saying so", "[release_choice]") {
  ReleaseChoice c = Auto("1.17.0");
  CHECK(c.profile.release == tfstream::SupportedReleases(FlavorId::kTerraform).newest);
  REQUIRE(c.notes.size() == 1);
  CHECK(c.notes[0].find("\"1.17.0\" is newer than any Terraform release tfstream reproduces; printed the text of "
                        "Terraform 1.16.x, the newest") != std::string::npos);
  c = Auto("1.13.0", FlavorId::kOpenTofu);
  REQUIRE(c.notes.size() == 1);
  CHECK(c.notes[0].find("newer than any OpenTofu release") != std::string::npos);
}

TEST_CASE("a malformed version is a note and the newest text, never an error", "[release_choice]") {
  for (const char* bad : {"", "banana", "1", "1.2.3.4"}) {
    INFO(bad);
    ReleaseChoice c = Auto(bad);
    CHECK(c.profile.release == tfstream::SupportedReleases(FlavorId::kTerraform).newest);
    REQUIRE(c.notes.size() == 1);
    CHECK(c.notes[0].find("is not a release number") != std::string::npos);
  }
  PlanFacts f;
  f.has_terraform_version = true;  // a number, say
  ReleaseChoice c = ChooseRelease(FlavorId::kTerraform, false, RendererVersion{}, f, "plan.json");
  REQUIRE(c.notes.size() == 1);
  CHECK(c.notes[0] == "plan.json: terraform_version is not a string; printed the text of Terraform 1.16.x, the newest "
                      "tfstream reproduces");
  c = ChooseRelease(FlavorId::kTerraform, false, RendererVersion{RendererVersion::Kind::kGiven, "x.y"}, f,
                    "plan.json");
  REQUIRE(c.notes.size() == 1);
  CHECK(c.notes[0].starts_with("--renderer-version \"x.y\" is not a release number"));
}

TEST_CASE("--renderer-version X.Y[.Z] wins over the plan's version", "[release_choice]") {
  ReleaseChoice c = ChooseRelease(FlavorId::kTerraform, false, RendererVersion{RendererVersion::Kind::kGiven, "1.8"},
                                  WithVersion("1.5.7"), "plan.json");
  CHECK(c.profile.release == (Release{1, 8, Release::kAnyPatch}));
  CHECK(c.notes.empty());
  CHECK_FALSE(c.profile.string_json_prefix);  // 1.8.1 and later
}

TEST_CASE("a flavour chosen only by default is named in the note of a release both flavours have",
          "[release_choice]") {
  ReleaseChoice c = Auto("1.10.3", FlavorId::kTerraform, /*by_default=*/true);
  REQUIRE(c.notes.size() == 1);
  CHECK(c.notes[0] ==
        "plan.json: nothing in the plan tells Terraform from OpenTofu, so terraform_version \"1.10.3\" was read as "
        "Terraform's (printed the text of Terraform 1.10.0 to 1.13.x); give --flavor opentofu if OpenTofu made it");
  // No OpenTofu release has the number: nothing to say.
  CHECK(Auto("1.5.7", FlavorId::kTerraform, true).notes.empty());
  CHECK(Auto("1.14.2", FlavorId::kTerraform, true).notes.empty());
  // Terraform 1.8+ writes applyable and complete, OpenTofu never: no guess.
  PlanFacts tf18 = WithVersion("1.10.3");
  tf18.has_applyable_or_complete = true;
  CHECK(ChooseRelease(FlavorId::kTerraform, true, RendererVersion{}, tf18, "plan.json").notes.empty());
  c = ChooseRelease(FlavorId::kTerraform, true, RendererVersion{RendererVersion::Kind::kGiven, "1.8"}, PlanFacts{},
                    "plan.json");
  REQUIRE(c.notes.size() == 1);
  CHECK(c.notes[0].starts_with("plan.json: nothing in the plan tells Terraform from OpenTofu, so --renderer-version "
                               "\"1.8\" was read as Terraform's"));
}
