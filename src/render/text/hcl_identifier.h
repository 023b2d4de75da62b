// Whether Terraform prints an attribute name bare or as a %q string: it
// quotes every name that hclsyntax.ValidIdentifier rejects.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

namespace tfstream::render::text {

namespace hcl_identifier_internal {
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
}  // namespace hcl_identifier_internal

// Almost every name is plain ASCII: letters, digits, '_' and '-', not
// starting with a digit or '-'. Those are identifiers (and one rune a byte)
// without consulting the Unicode tables; false says only "not that simple".
inline bool IsPlainAsciiIdentifier(std::string_view s) {
  using hcl_identifier_internal::kAsciiIdentifierClass;
  if (s.empty() || !(kAsciiIdentifierClass[static_cast<unsigned char>(s[0])] & 1)) return false;
  uint8_t all = 2;
  for (size_t i = 1; i < s.size(); ++i) all &= kAsciiIdentifierClass[static_cast<unsigned char>(s[i])];
  return all != 0;
}

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
