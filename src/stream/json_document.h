// ParseGoJson: structured.ParseJson (@883c722) for text held in memory, as
// used on string values that might hold JSON: exactly one JSON value, with
// only whitespace after it, decoded with Go's rules.
#pragma once

#include <string_view>

#include "buffer/arena.h"
#include "stream/json_value.h"

namespace tfstream::stream {

// Returns false when Go's decoder would report an error. A JSON null yields
// true with *out == nullptr. The tree may point into `text`, which must
// outlive it (copy a temporary into the arena first).
bool ParseGoJson(std::string_view text, buffer::Arena* arena, const JsonValue** out);

}  // namespace tfstream::stream
