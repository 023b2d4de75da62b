// Flavor: which renderer's text tfstream reproduces, Terraform's or
// OpenTofu's, as one profile value chosen once per run (by --flavor or the
// auto rule) and handed to every stage. Its fields are the entries of
// base/flavor.def: read that file for the complete list of differences.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace tfstream {

enum class FlavorId : uint8_t { kTerraform, kOpenTofu };

struct Flavor {
  FlavorId id;
  std::string_view name;  // "terraform" or "opentofu", as --flavor spells it
#define TFSTREAM_FLAVOR_TEXT(Name, Terraform, OpenTofu, Description) std::string_view Name;
#define TFSTREAM_FLAVOR_SWITCH(Name, Terraform, OpenTofu, Description) bool Name;
#include "base/flavor.def"

  // `pattern` with each "{product}" replaced by product_name and each
  // "{cli}" by cli_name: one literal for a sentence where only the name
  // differs between the renderers.
  std::string Wording(std::string_view pattern) const;
};

// The profile of each flavour; they live for the whole program.
const Flavor& FlavorProfile(FlavorId id);
inline const Flavor& TerraformFlavor() { return FlavorProfile(FlavorId::kTerraform); }
inline const Flavor& OpenTofuFlavor() { return FlavorProfile(FlavorId::kOpenTofu); }

}  // namespace tfstream
