#include "pipeline/release_choice.h"

#include <optional>

namespace tfstream::pipeline {
namespace {

// "Terraform 1.5.x" style: the product and the class of releases sharing
// the text printed.
std::string TextOf(const Flavor& newest, Release release) {
  return std::string(newest.product_name) + " " + ReleaseClassName(newest.id, release);
}

}  // namespace

ReleaseChoice ChooseRelease(FlavorId flavour, bool flavour_by_default, const RendererVersion& option,
                            const stream::PlanFacts& facts, const std::string& label) {
  VersionClaim claim;
  claim.present = facts.has_terraform_version;
  claim.is_string = facts.terraform_version_is_string;
  claim.text = facts.terraform_version;
  claim.terraform_only_keys = facts.has_applyable_or_complete;
  return ChooseRelease(flavour, flavour_by_default, option, claim, label);
}

ReleaseChoice ChooseRelease(FlavorId flavour, bool flavour_by_default, const RendererVersion& option,
                            const VersionClaim& claim, const std::string& label) {
  const Flavor& newest = FlavorProfile(flavour);
  const ReleaseRange range = SupportedReleases(flavour);
  ReleaseChoice choice{newest, {}};
  std::string source, text;
  bool is_string = true;
  switch (option.kind) {
    case RendererVersion::Kind::kLatest:
      return choice;
    case RendererVersion::Kind::kGiven:
      source = "--renderer-version";
      text = option.given;
      break;
    case RendererVersion::Kind::kAuto:
      if (!claim.present) return choice;
      source = label + ": terraform_version";
      text = claim.text;
      is_string = claim.is_string;
      break;
  }
  std::optional<Release> parsed = is_string ? ParseRelease(text) : std::nullopt;
  if (!parsed) {
    choice.notes.push_back(source + (is_string ? " \"" + text + "\" is not a release number (X.Y or X.Y.Z)"
                                               : " is not a string") +
                           "; printed the text of " + TextOf(newest, range.newest) + ", the newest tfstream reproduces");
    return choice;
  }
  Release release = *parsed;
  switch (ClampRelease(flavour, &release)) {
    case ReleaseFit::kSupported:
      break;
    case ReleaseFit::kOlder:
      choice.notes.push_back(source + " \"" + text + "\" is older than any " + std::string(newest.product_name) +
                             " release tfstream reproduces; printed the text of " + TextOf(newest, release) +
                             ", the oldest");
      break;
    case ReleaseFit::kNewer:
      choice.notes.push_back(source + " \"" + text + "\" is newer than any " + std::string(newest.product_name) +
                             " release tfstream reproduces; printed the text of " + TextOf(newest, release) +
                             ", the newest");
      break;
  }
  choice.profile = FlavorProfileAt(flavour, release);
  // Terraform 1.8 and later write applyable and complete, OpenTofu never:
  // then the default is no guess.
  if (flavour_by_default && !(flavour == FlavorId::kTerraform && claim.terraform_only_keys)) {
    Release as_other = *parsed;
    const FlavorId other = flavour == FlavorId::kTerraform ? FlavorId::kOpenTofu : FlavorId::kTerraform;
    if (ClampRelease(other, &as_other) == ReleaseFit::kSupported) {
      const char* named = option.kind == RendererVersion::Kind::kAuto ? "terraform_version" : "--renderer-version";
      choice.notes.push_back(label + ": nothing in the " + std::string(DocumentNoun(claim.document)) +
                             " tells Terraform from OpenTofu, so " + named + " \"" +
                             text + "\" was read as " + std::string(newest.product_name) + "'s (printed the text of " +
                             TextOf(newest, release) + "); give --flavor " +
                             std::string(FlavorProfile(other).name) + " if " +
                             std::string(FlavorProfile(other).product_name) + " made it");
    }
  }
  return choice;
}

}  // namespace tfstream::pipeline
