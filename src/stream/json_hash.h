// JsonHash: a structural hash consistent with JsonDeepEqual (equal values hash
// alike), so that set matching and list diffing can find equal elements
// without comparing every pair.
#pragma once

#include <cstdint>

#include "stream/json_value.h"

namespace tfstream::stream {

uint64_t JsonHash(const JsonValue* v);

}  // namespace tfstream::stream
