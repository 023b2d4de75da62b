// Go's json.Indent over valid JSON text: every element of an object or array
// on its own line, starting with `prefix` and one `indent` per level; a
// space after each colon; whitespace between tokens dropped; empty objects
// and arrays kept as {} and []; string contents copied as they are.
#pragma once

#include <string>
#include <string_view>

namespace tfstream::render::text {

// REQUIRES: `json` is one valid JSON value (Go would report an error
// otherwise; callers only pass text a decoder has already accepted).
std::string GoJsonIndent(std::string_view json, std::string_view prefix, std::string_view indent);

}  // namespace tfstream::render::text
