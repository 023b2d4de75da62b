// The cloud-like providers gen_plan uses, as schema DSL text (one file per
// provider: schema_aws.cc, schema_azurerm.cc, schema_google.cc).
#pragma once

#include <string_view>

namespace tfgen {

extern const std::string_view kAwsDsl;
extern const std::string_view kAzurermDsl;
extern const std::string_view kGoogleDsl;

}  // namespace tfgen
