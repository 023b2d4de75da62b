// ASCII case folding, for the places that follow Go's byte-wise rules
// (strconv's EqualFold, encoding/json's field names) rather than a locale.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

namespace tfstream {

inline char AsciiLower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

namespace ascii_internal {
// One table lookup a byte: bit 0 may start a plain ASCII name, bit 1 may
// continue one.
inline constexpr std::array<uint8_t, 256> kAsciiIdentifierClass = [] {
  std::array<uint8_t, 256> t{};
  for (int c = 0; c < 256; ++c) {
    bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
    bool more = (c >= '0' && c <= '9') || c == '-';
    t[c] = static_cast<uint8_t>((letter ? 1 : 0) | (letter || more ? 2 : 0));
  }
  return t;
}();
}  // namespace ascii_internal

// Almost every attribute name is plain ASCII: letters, digits, '_' and '-',
// not starting with a digit or '-'. Those are HCL identifiers (and one rune
// a byte) without consulting the Unicode tables; false says only "not that
// simple". Here, below both stages, because the schema decoder marks such
// names once (stream/schema.h) and the renderers check the rest.
inline bool IsPlainAsciiIdentifier(std::string_view s) {
  using ascii_internal::kAsciiIdentifierClass;
  if (s.empty() || !(kAsciiIdentifierClass[static_cast<unsigned char>(s[0])] & 1)) return false;
  uint8_t all = 2;
  for (size_t i = 1; i < s.size(); ++i) all &= kAsciiIdentifierClass[static_cast<unsigned char>(s[i])];
  return all != 0;
}

}  // namespace tfstream
