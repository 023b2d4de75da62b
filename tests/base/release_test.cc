// Release numbers (base/release.h) and the profile of a release
// (base/flavor.h: FlavorProfileAt, ClampRelease, ReleaseClasses).
#include "base/release.h"

#include <catch2/catch.hpp>
#include <map>
#include <string>

#include "base/flavor.h"

namespace {

using tfstream::FlavorId;
using tfstream::Release;

std::string ReleaseName(const Release& r) { return r.Name(); }

std::string Parsed(std::string_view text) {
  std::optional<Release> r = tfstream::ParseRelease(text);
  return r ? r->Name() : "malformed";
}

}  // namespace

TEST_CASE("ParseRelease reads X.Y.Z, X.Y and maps prereleases to the release they precede", "[release]") {
  CHECK(Parsed("1.5.7") == "1.5.7");
  CHECK(Parsed("v1.13.5") == "1.13.5");
  CHECK(Parsed("1.9") == "1.9.x");
  CHECK(Parsed("1.9.0-beta2") == "1.9.0");
  CHECK(Parsed("1.16.0-dev") == "1.16.0");
  CHECK(Parsed("1.1.0-rc1+ent") == "1.1.0");
  CHECK(Parsed("1.6.0+ent") == "1.6.0");
  bool pre = false;
  REQUIRE(tfstream::ParseRelease("1.9.0-alpha20240404", &pre));
  CHECK(pre);
  for (const char* bad : {"", "1", "1.", "1.x", "latest", "1.2.3.4", "1.2.x", "a.b.c", "1.9-beta", "1.2.3-",
                          "1.2.3+", " 1.2.3", "1.2.3 ", "-1.2.3", "99999999999.1.1"}) {
    INFO(bad);
    CHECK(Parsed(bad) == "malformed");
  }
}

TEST_CASE("Release orders by major, minor, patch; X.Y sorts after every patch of its line", "[release]") {
  CHECK(Release{1, 9, 5} < Release{1, 9, 6});
  CHECK(Release{1, 9, 99} < Release{1, 10, 0});
  CHECK(*tfstream::ParseRelease("1.9") > Release{1, 9, 8});
  CHECK(*tfstream::ParseRelease("1.9") < Release{1, 10, 0});
}

TEST_CASE("ClampRelease moves a release outside the supported ones to the nearest end", "[release]") {
  Release r{1, 4, 7};
  CHECK(tfstream::ClampRelease(FlavorId::kTerraform, &r) == tfstream::ReleaseFit::kOlder);
  CHECK(r == Release{1, 5, 0});
  r = {1, 17, 0};
  CHECK(tfstream::ClampRelease(FlavorId::kTerraform, &r) == tfstream::ReleaseFit::kNewer);
  CHECK(r.Name() == "1.16.x");
  r = {1, 16, 4};
  CHECK(tfstream::ClampRelease(FlavorId::kTerraform, &r) == tfstream::ReleaseFit::kSupported);
  r = {1, 5, 9};
  CHECK(tfstream::ClampRelease(FlavorId::kOpenTofu, &r) == tfstream::ReleaseFit::kOlder);
  CHECK(r == Release{1, 6, 0});
  r = {1, 13, 0};
  CHECK(tfstream::ClampRelease(FlavorId::kOpenTofu, &r) == tfstream::ReleaseFit::kNewer);
  CHECK(r.Name() == "1.12.x");
}

TEST_CASE("the newest release's profile is the flavour's own", "[release]") {
  for (FlavorId id : {FlavorId::kTerraform, FlavorId::kOpenTofu}) {
    const tfstream::Flavor at = tfstream::FlavorProfileAt(id, tfstream::SupportedReleases(id).newest);
    const tfstream::Flavor& newest = tfstream::FlavorProfile(id);
#define TFSTREAM_FLAVOR_TEXT(Name, Terraform, OpenTofu, Description) CHECK(at.Name == newest.Name);
#define TFSTREAM_FLAVOR_SWITCH(Name, Terraform, OpenTofu, Description) CHECK(at.Name == newest.Name);
#include "base/flavor.def"
  }
}

TEST_CASE("each BEFORE entry holds from its bound down to the next older bound", "[release]") {
  // flavor.def's history runs newest first within an entry, the bounds of a
  // flavour strictly falling: else an older line would be overridden.
  std::map<std::pair<std::string, FlavorId>, Release> last;
#define TFSTREAM_FLAVOR_BEFORE(Name, Flavour, Major, Minor, Patch, Value, Change)                 \
  {                                                                                               \
    auto key = std::make_pair(std::string(#Name), FlavorId::k##Flavour);                          \
    const Release bound{Major, Minor, Patch};                                                     \
    INFO(#Name << " before " << ReleaseName(bound));                                              \
    if (last.count(key)) CHECK(bound < last[key]);                                                \
    last[key] = bound;                                                                            \
    const Release just_before = bound.patch > 0 ? Release{Major, Minor, bound.patch - 1}          \
                                                : Release{Major, Minor - 1, Release::kAnyPatch};  \
    CHECK(tfstream::FlavorProfileAt(FlavorId::k##Flavour, just_before).Name == (Value));          \
  }
#include "base/flavor.def"
  CHECK(!last.empty());
}

TEST_CASE("Terraform's history: the switches of a few releases", "[release]") {
  using tfstream::FlavorProfileAt;
  const auto tf = [](uint32_t minor, uint32_t patch) {
    return FlavorProfileAt(FlavorId::kTerraform, Release{1, minor, patch});
  };
  CHECK(tf(13, 5).plan_line_coloured_whole);
  CHECK_FALSE(tf(14, 0).plan_line_coloured_whole);
  CHECK(tf(9, 5).unknown_before_keeps_replacement);
  CHECK_FALSE(tf(9, 6).unknown_before_keeps_replacement);
  CHECK(tf(7, 5).empty_strings_null_in_block_attributes);
  CHECK_FALSE(tf(8, 0).empty_strings_null_in_block_attributes);
  CHECK(tf(8, 0).string_json_prefix);
  CHECK_FALSE(tf(8, 1).string_json_prefix);
  CHECK(tf(5, 7).release == Release{1, 5, 7});
}

TEST_CASE("ReleaseClasses: the stretches between the bounds, named as users name them", "[release]") {
  const std::vector<Release> classes = tfstream::ReleaseClasses(FlavorId::kTerraform);
  REQUIRE(classes.size() >= 2);
  CHECK(classes.front() == Release{1, 5, 0});
  CHECK(tfstream::ReleaseClassName(FlavorId::kTerraform, Release{1, 13, 5}) == "1.10.0 to 1.13.x");
  CHECK(tfstream::ReleaseClassName(FlavorId::kTerraform, Release{1, 9, 7}) == "1.9.6 to 1.9.x");
  CHECK(tfstream::ReleaseClassName(FlavorId::kTerraform, Release{1, 8, 0}) == "1.8.0");
  CHECK(tfstream::ReleaseClassName(FlavorId::kTerraform, tfstream::SupportedReleases(FlavorId::kTerraform).newest) ==
        "1.16.x");
}

TEST_CASE("Release rows: exactly the classes the BEFORE bounds imply, with aliases inside them", "[release]") {
  for (FlavorId id : {FlavorId::kTerraform, FlavorId::kOpenTofu}) {
    const std::vector<tfstream::ReleaseRow> rows = tfstream::ReleaseRows(id);
    const std::vector<Release> classes = tfstream::ReleaseClasses(id);
    REQUIRE(rows.size() == classes.size());
    std::map<std::string, int> lines;  // every X.Y alias, once
    for (size_t i = 0; i < rows.size(); ++i) {
      INFO(rows[i].name);
      CHECK(rows[i].first == classes[i]);
      CHECK_FALSE(rows[i].difference.empty());
      std::string aliases(rows[i].aliases);
      REQUIRE_FALSE(aliases.empty());
      size_t start = 0;
      while (start <= aliases.size()) {
        size_t end = aliases.find(' ', start);
        if (end == std::string::npos) end = aliases.size();
        const std::string alias = aliases.substr(start, end - start);
        INFO(alias);
        std::optional<Release> r = tfstream::ParseRelease(alias);
        REQUIRE(r);
        Release in = *r;
        REQUIRE(tfstream::ClampRelease(id, &in) == tfstream::ReleaseFit::kSupported);
        CHECK(tfstream::ReleaseRowOf(id, *r).name == rows[i].name);
        if (r->patch == Release::kAnyPatch) ++lines[alias];
        start = end + 1;
      }
      for (size_t j = 0; j < i; ++j) CHECK(rows[j].name != rows[i].name);
    }
    // Every release line reproduced is some row's alias, exactly once.
    const tfstream::ReleaseRange range = tfstream::SupportedReleases(id);
    for (uint32_t minor = range.oldest.minor; minor <= range.newest.minor; ++minor) {
      const std::string line = "1." + std::to_string(minor);
      INFO(line);
      CHECK(lines[line] == 1);
    }
  }
}

TEST_CASE("quote_unicode_15 is the only switch between Terraform 1.5.7 and 1.6.0", "[release]") {
  tfstream::Flavor a = tfstream::FlavorProfileAt(FlavorId::kTerraform, Release{1, 5, 7});
  const tfstream::Flavor b = tfstream::FlavorProfileAt(FlavorId::kTerraform, Release{1, 6, 0});
  CHECK_FALSE(a.quote_unicode_15);
  CHECK(b.quote_unicode_15);
  a.quote_unicode_15 = true;
#define TFSTREAM_FLAVOR_TEXT(Name, Terraform, OpenTofu, Description) CHECK(a.Name == b.Name);
#define TFSTREAM_FLAVOR_SWITCH(Name, Terraform, OpenTofu, Description) CHECK(a.Name == b.Name);
#include "base/flavor.def"
}
