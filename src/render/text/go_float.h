// GoParseFloat: strconv.ParseFloat(s, 64) acceptance and value. Used where
// Terraform parses version strings and string-typed path indexes.
#pragma once

#include <string_view>

namespace tfstream::render::text {

// Returns false when Go would return an error (syntax, or overflow to ±Inf).
bool GoParseFloat(std::string_view s, double* out);

}  // namespace tfstream::render::text
