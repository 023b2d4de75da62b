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

const Flavor& FlavorProfile(FlavorId id) { return id == FlavorId::kOpenTofu ? kOpenTofu : kTerraform; }

}  // namespace tfstream
