// Flavor: which renderer's text tfstream reproduces, Terraform's or
// OpenTofu's, at which release, as one profile value chosen once per run (by
// --flavor / --renderer-version or the auto rules) and handed to every stage.
// Its fields are the entries of base/flavor.def: read that file for the
// complete list of differences and their history.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "base/release.h"

namespace tfstream {

enum class FlavorId : uint8_t { kTerraform, kOpenTofu };

struct Flavor {
  FlavorId id;
  std::string_view name;  // "terraform" or "opentofu", as --flavor spells it
  // The release whose text this profile reproduces (within
  // SupportedReleases(id); Release::kAnyPatch patch for a line's newest).
  Release release;
#define TFSTREAM_FLAVOR_TEXT(Name, Terraform, OpenTofu, Description) std::string_view Name;
#define TFSTREAM_FLAVOR_SWITCH(Name, Terraform, OpenTofu, Description) bool Name;
#include "base/flavor.def"

  // `pattern` with each "{product}" replaced by product_name and each
  // "{cli}" by cli_name: one literal for a sentence where only the name
  // differs between the renderers.
  std::string Wording(std::string_view pattern) const;
};

// The profile of each flavour's newest release; they live for the whole program.
const Flavor& FlavorProfile(FlavorId id);
inline const Flavor& TerraformFlavor() { return FlavorProfile(FlavorId::kTerraform); }
inline const Flavor& OpenTofuFlavor() { return FlavorProfile(FlavorId::kOpenTofu); }

// The profile of `release` of flavour `id`: the newest profile with every
// flavor.def BEFORE entry whose bound lies above `release` applied.
// REQUIRES: release within SupportedReleases(id) (ClampRelease).
Flavor FlavorProfileAt(FlavorId id, Release release);

// The releases tfstream reproduces for a flavour, oldest and newest (the
// newest line's every patch: its patch is Release::kAnyPatch), and the
// newest's name as flavor.def gives it.
struct ReleaseRange {
  Release oldest, newest;
  std::string_view reference;
};
ReleaseRange SupportedReleases(FlavorId id);

// Where `release` lies against SupportedReleases: inside, or outside and
// moved to the nearest end.
enum class ReleaseFit { kSupported, kOlder, kNewer };
ReleaseFit ClampRelease(FlavorId id, Release* release);

// The classes of releases that print the same text, oldest first: each
// starts at a release (the oldest supported, then every distinct BEFORE
// bound of the flavour) and ends before the next class starts.
std::vector<Release> ReleaseClasses(FlavorId id);

// A named row of flavor.def (TFSTREAM_FLAVOR_ROW): one class of releases
// printing the same text, from `first` to the next row's first.
struct ReleaseRow {
  std::string_view name;     // "terraform-1.10"
  Release first;
  std::string_view aliases;  // "1.10 1.11 1.12 1.13": releases in the row
  std::string_view difference;  // from the next newer row's text
};

// The rows of flavour `id`, oldest first.
std::vector<ReleaseRow> ReleaseRows(FlavorId id);
// The row holding `release` (within SupportedReleases).
ReleaseRow ReleaseRowOf(FlavorId id, Release release);

// "1.5.0 – 1.7.3"-style name of the class holding `release`: "1.5.0 to
// 1.7.4 (exclusive)" is spelled "1.5.0 up to 1.7.4", the newest "1.16.0 and
// later 1.16.x".
std::string ReleaseClassName(FlavorId id, Release release);

}  // namespace tfstream
