// JsonSameValue: whether two decoded JSON values mean the same, for
// comparing plans (pipeline/compare_run.h): as JsonDeepEqual, except that
// numbers compare by their decimal value (1, 1.0 and 1e0 are the same),
// so that a plan written again by another JSON tool compares equal.
#pragma once

#include <string>
#include <string_view>

#include "stream/json_value.h"

namespace tfstream::stream {

bool JsonSameValue(const JsonValue* a, const JsonValue* b);

// A number literal as sign, significant digits and exponent ("-12e3" for
// -12000, "0" for any zero): equal for equal values.
std::string CanonicalNumber(std::string_view literal);

}  // namespace tfstream::stream
