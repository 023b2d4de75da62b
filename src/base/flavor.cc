// The two profiles, each built from the corresponding column of flavor.def.
#include "base/flavor.h"

namespace tfstream {
namespace {

constexpr Flavor kTerraform{
    FlavorId::kTerraform,
    "terraform",
#define TFSTREAM_FLAVOR_TEXT(Name, Terraform, OpenTofu, Description) Terraform,
#define TFSTREAM_FLAVOR_SWITCH(Name, Terraform, OpenTofu, Description) Terraform,
#include "base/flavor.def"
};

constexpr Flavor kOpenTofu{
    FlavorId::kOpenTofu,
    "opentofu",
#define TFSTREAM_FLAVOR_TEXT(Name, Terraform, OpenTofu, Description) OpenTofu,
#define TFSTREAM_FLAVOR_SWITCH(Name, Terraform, OpenTofu, Description) OpenTofu,
#include "base/flavor.def"
};

}  // namespace

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
