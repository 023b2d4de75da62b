// ASCII case folding, for the places that follow Go's byte-wise rules
// (strconv's EqualFold, encoding/json's field names) rather than a locale.
#pragma once

namespace tfstream {

inline char AsciiLower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

}  // namespace tfstream
