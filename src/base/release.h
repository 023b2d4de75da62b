// Release: a Terraform or OpenTofu release number, major.minor.patch, as the
// plan's "terraform_version" and --renderer-version spell it. Within a
// flavour, the release picks the row of base/flavor.def whose text is
// reproduced (base/flavor.h: FlavorProfileAt).
#pragma once

#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace tfstream {

struct Release {
  // "X.Y" without a patch: the newest patch of the line, so that it falls in
  // the line's newest class of releases (base/flavor.def).
  static constexpr uint32_t kAnyPatch = 0xffffffff;

  uint32_t major = 0, minor = 0, patch = 0;

  auto operator<=>(const Release&) const = default;
  // "1.9.5", or "1.9.x" for the newest patch of a line.
  std::string Name() const;
  // "1.9.5", or "1.9" for the newest patch of a line: what ParseRelease
  // reads back as this release (a bundle's "terraform_version").
  std::string VersionText() const;
};

// Parses "1.9.5", "v1.9.5" and "1.9" (patch kAnyPatch). A prerelease or
// build suffix names the release it precedes: "1.9.0-beta2" and
// "1.16.0-dev" are 1.9.0 and 1.16.0, "1.9.0+ent" is 1.9.0. Anything else
// (empty, "latest", "1", "1.x.3", numbers beyond 2^32-2) is nullopt. Sets
// *prerelease when a "-" suffix was dropped.
std::optional<Release> ParseRelease(std::string_view text, bool* prerelease = nullptr);

}  // namespace tfstream
