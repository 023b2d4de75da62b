// hclsyntax.ValidIdentifier scans the string with the Ragel scanner in
// "identOnly" mode and accepts it when the scan yields exactly one Ident
// token and EOF. A longest-match scanner yields one token covering the whole
// input exactly when the whole input is in the language of Ident, so this
// file tests membership directly: a small NFA over byte positions, where each
// step consumes one ID_Start / ID_Continue byte pattern (1 to 4 bytes, see
// unicode_tables.h) or the extra '_' / '-'.

#include "render/text/hcl_identifier.h"

#include <array>
#include <cstdint>

#include "render/text/unicode_tables.h"

namespace tfstream::render::text {

namespace {

// Bit L of the result is set when a pattern of L bytes matches s at pos.
uint32_t MatchLengths(const tables::BytePattern* patterns, const uint16_t* by_lead,
                      std::string_view s, size_t pos) {
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  const unsigned char lead = p[pos];
  const size_t avail = s.size() - pos;
  uint32_t lengths = 0;
  for (uint16_t i = by_lead[lead]; i < by_lead[lead + 1]; ++i) {
    const tables::BytePattern& pat = patterns[i];
    if (pat.len > avail) continue;
    bool ok = true;
    for (int k = 1; k < pat.len && ok; ++k) {
      ok = p[pos + k] >= pat.lo[k - 1] && p[pos + k] <= pat.hi[k - 1];
    }
    if (ok) lengths |= 1u << pat.len;
  }
  return lengths;
}

}  // namespace

bool IsValidHclIdentifier(std::string_view s) {
  if (IsPlainAsciiIdentifier(s)) return true;
  // HCL's scanTokens strips a leading BOM before scanning.
  if (s.size() >= 3 && s.substr(0, 3) == "\xEF\xBB\xBF") s.remove_prefix(3);
  if (s.empty()) return false;

  // `reach` bit k: position pos + k is reachable after a whole number of
  // steps. Patterns are at most 4 bytes, so bits 0..4 suffice.
  uint32_t reach = MatchLengths(tables::kHclIdStart, tables::kHclIdStartByLead, s, 0);
  if (s[0] == '_') reach |= 1u << 1;
  for (size_t pos = 1; pos <= s.size(); ++pos) {
    reach >>= 1;
    if (reach == 0) return false;
    if (pos == s.size()) break;
    if (reach & 1u) {
      reach |= MatchLengths(tables::kHclIdContinue, tables::kHclIdContinueByLead, s, pos);
      if (s[pos] == '-') reach |= 1u << 1;
    }
  }
  return (reach & 1u) != 0;
}

}  // namespace tfstream::render::text
