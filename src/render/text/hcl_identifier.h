// Whether Terraform prints an attribute name bare or as a %q string: it
// quotes every name that hclsyntax.ValidIdentifier rejects.
#pragma once

#include <string_view>

#include "base/ascii.h"

namespace tfstream::render::text {

// The plain ASCII names, the common case (base/ascii.h).
using tfstream::IsPlainAsciiIdentifier;

// Reproduces hclsyntax.ValidIdentifier (hashicorp/hcl v2.24.0): true iff s,
// after dropping one leading UTF-8 byte order mark (as HCL's scanner does),
// is one identifier token: (ID_Start | '_') (ID_Continue | '-')*, where
// ID_Start / ID_Continue are HCL's Unicode 9.0 byte patterns. Empty -> false.
// HCL matches bytes, and some of its patterns accept bytes that are not
// UTF-8 continuation bytes (e.g. "\xC4A" is accepted); that is reproduced.
// Strings decoded from JSON are valid UTF-8, so this only matters for
// callers that pass raw bytes.
bool IsValidHclIdentifier(std::string_view s);

}  // namespace tfstream::render::text
