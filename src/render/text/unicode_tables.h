// Unicode data tables generated from Go's and HCL's sources by
// gen/gen_unicode_tables.py into unicode_tables.cc. Internal to
// render/text: go_quote.cc, go_strings.cc and hcl_identifier.cc use them.
// Regenerate instead of editing unicode_tables.cc.
#pragma once

#include <cstddef>
#include <cstdint>

namespace tfstream::render::text::tables {

// Inclusive code point range.
struct CodePointRange {
  uint32_t lo;
  uint32_t hi;
};

// One Ragel byte-sequence alternative from hclsyntax/unicode_derived.rl: the
// lead byte, then `len - 1` further bytes, byte i+1 in [lo[i], hi[i]]. These
// are byte patterns, not code points: some accept bytes that are not UTF-8
// continuation bytes, exactly as HCL's scanner does.
struct BytePattern {
  uint8_t lead;
  uint8_t len;  // 1..4
  uint8_t lo[3];
  uint8_t hi[3];
};

extern const char kGoUnicodeVersion[];

// Sorted, disjoint, non-adjacent ranges.
extern const CodePointRange kGoPrintRanges[];  // strconv.IsPrint
extern const size_t kGoPrintRangesSize;
// The runes strconv.IsPrint accepts from Go 1.21 (Unicode 15.0.0) on but
// not in Go 1.20 (Unicode 13.0.0): graphic runes assigned in Unicode 14.0 or
// 15.0 (go120_print_tables.cc, by gen/gen_go120_print.py).
extern const CodePointRange kGoPrintSinceUnicode14Ranges[];
extern const size_t kGoPrintSinceUnicode14RangesSize;
extern const size_t kGoPrintSinceUnicode14Runes;
extern const CodePointRange kGoWhiteSpaceRanges[];  // unicode.White_Space
extern const size_t kGoWhiteSpaceRangesSize;

// Patterns sorted by lead byte; those with lead byte b are
// [kX + kXByLead[b], kX + kXByLead[b + 1]).
extern const BytePattern kHclIdStart[];
extern const uint16_t kHclIdStartByLead[257];
extern const BytePattern kHclIdContinue[];
extern const uint16_t kHclIdContinueByLead[257];

// True if r lies in one of `n` sorted ranges (binary search).
inline bool InRanges(const CodePointRange* ranges, size_t n, uint32_t r) {
  size_t lo = 0;
  size_t hi = n;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (ranges[mid].hi < r) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  return lo < n && ranges[lo].lo <= r;
}

}  // namespace tfstream::render::text::tables
