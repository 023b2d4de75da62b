// The profiles: each flavour's newest from its column of flavor.def, older
// releases by applying the BEFORE entries above them.
#include "base/flavor.h"

#include <algorithm>

namespace tfstream {
namespace {

#define TFSTREAM_FLAVOR_RELEASES(Flavour, OldMajor, OldMinor, OldPatch, NewMajor, NewMinor, Reference) \
  constexpr ReleaseRange k##Flavour##Releases{                                                          \
      {OldMajor, OldMinor, OldPatch}, {NewMajor, NewMinor, Release::kAnyPatch}, Reference};
#include "base/flavor.def"

constexpr Flavor kTerraform{
    FlavorId::kTerraform,
    "terraform",
    kTerraformReleases.newest,
#define TFSTREAM_FLAVOR_TEXT(Name, Terraform, OpenTofu, Description) Terraform,
#define TFSTREAM_FLAVOR_SWITCH(Name, Terraform, OpenTofu, Description) Terraform,
#include "base/flavor.def"
};

constexpr Flavor kOpenTofu{
    FlavorId::kOpenTofu,
    "opentofu",
    kOpenTofuReleases.newest,
#define TFSTREAM_FLAVOR_TEXT(Name, Terraform, OpenTofu, Description) OpenTofu,
#define TFSTREAM_FLAVOR_SWITCH(Name, Terraform, OpenTofu, Description) OpenTofu,
#include "base/flavor.def"
};

// One BEFORE entry, for walking the history without the field.
struct Bound {
  FlavorId flavour;
  Release before;
};
constexpr Bound kBounds[] = {
#define TFSTREAM_FLAVOR_BEFORE(Name, Flavour, Major, Minor, Patch, Value, Change) \
  {FlavorId::k##Flavour, {Major, Minor, Patch}},
#include "base/flavor.def"
};

// The release just before `r` as a user names it: 1.7.3 before 1.7.4, 1.13.x
// before 1.14.0.
Release Preceding(Release r) {
  if (r.patch > 0) return {r.major, r.minor, r.patch - 1};
  if (r.minor > 0) return {r.major, r.minor - 1, Release::kAnyPatch};
  return {r.major - 1, Release::kAnyPatch, Release::kAnyPatch};
}

}  // namespace

std::vector<ReleaseRow> ReleaseRows(FlavorId id) {
  std::vector<ReleaseRow> rows;
#define TFSTREAM_FLAVOR_ROW(Flavour, Name, Major, Minor, Patch, Aliases, Difference) \
  if (id == FlavorId::k##Flavour) rows.push_back(ReleaseRow{Name, {Major, Minor, Patch}, Aliases, Difference});
#include "base/flavor.def"
  std::sort(rows.begin(), rows.end(), [](const ReleaseRow& a, const ReleaseRow& b) { return a.first < b.first; });
  return rows;
}

ReleaseRow ReleaseRowOf(FlavorId id, Release release) {
  const std::vector<ReleaseRow> rows = ReleaseRows(id);
  ReleaseRow row = rows.front();
  for (const ReleaseRow& r : rows) {
    if (r.first <= release) row = r;
  }
  return row;
}

Flavor FlavorProfileAt(FlavorId id, Release release) {
  Flavor f = FlavorProfile(id);
  f.release = release;
#define TFSTREAM_FLAVOR_BEFORE(Name, Flavour, Major, Minor, Patch, Value, Change) \
  if (id == FlavorId::k##Flavour && release < Release{Major, Minor, Patch}) f.Name = Value;
#include "base/flavor.def"
  return f;
}

ReleaseRange SupportedReleases(FlavorId id) {
  return id == FlavorId::kOpenTofu ? kOpenTofuReleases : kTerraformReleases;
}

ReleaseFit ClampRelease(FlavorId id, Release* release) {
  const ReleaseRange range = SupportedReleases(id);
  if (*release < range.oldest) {
    *release = range.oldest;
    return ReleaseFit::kOlder;
  }
  if (*release > range.newest) {
    *release = range.newest;
    return ReleaseFit::kNewer;
  }
  return ReleaseFit::kSupported;
}

std::vector<Release> ReleaseClasses(FlavorId id) {
  const ReleaseRange range = SupportedReleases(id);
  std::vector<Release> starts{range.oldest};
  for (const Bound& b : kBounds) {
    if (b.flavour == id && b.before > range.oldest && b.before <= range.newest) starts.push_back(b.before);
  }
  std::sort(starts.begin(), starts.end());
  starts.erase(std::unique(starts.begin(), starts.end()), starts.end());
  return starts;
}

std::string ReleaseClassName(FlavorId id, Release release) {
  const std::vector<Release> starts = ReleaseClasses(id);
  auto next = std::upper_bound(starts.begin(), starts.end(), release);
  const Release first = next == starts.begin() ? starts.front() : *(next - 1);
  const Release last = next == starts.end() ? SupportedReleases(id).newest : Preceding(*next);
  if (first == last) return first.Name();
  if (first.patch == 0 && last.patch == Release::kAnyPatch && first.major == last.major &&
      first.minor == last.minor) {
    return last.Name();  // a whole line: "1.5.x"
  }
  return first.Name() + " to " + last.Name();
}

std::string Flavor::Wording(std::string_view pattern) const {
  static constexpr std::string_view kProduct = "{product}", kCli = "{cli}";
  std::string out;
  out.reserve(pattern.size() + 16);
  while (!pattern.empty()) {
    size_t brace = pattern.find('{');
    out.append(pattern.substr(0, brace));
    if (brace == std::string_view::npos) break;
    pattern.remove_prefix(brace);
    if (pattern.starts_with(kProduct)) {
      out.append(product_name);
      pattern.remove_prefix(kProduct.size());
    } else if (pattern.starts_with(kCli)) {
      out.append(cli_name);
      pattern.remove_prefix(kCli.size());
    } else {
      out.push_back('{');
      pattern.remove_prefix(1);
    }
  }
  return out;
}

const Flavor& FlavorProfile(FlavorId id) { return id == FlavorId::kOpenTofu ? kOpenTofu : kTerraform; }

}  // namespace tfstream
