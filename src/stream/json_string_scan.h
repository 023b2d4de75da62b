// The fast path of JsonScanner's string scan: the common, well-formed
// string body is passed 16 bytes at a time with SSE2. Each block yields a
// bitmask of the bytes that need a look (quote, backslash, control byte);
// escapes are stepped over inside the same mask, so an escaped quote costs a
// few instructions rather than a reload. Anything unusual (a control byte, a
// bad or truncated escape, fewer than 16 bytes left) stops the fast path at a
// position outside any escape, where JsonScanner's scalar loop takes over and
// reports errors exactly as it always has.
//
// No load ever reads past text[n - 1]: the last bytes go to the scalar loop.
#pragma once

#include <cstddef>
#include <cstdint>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace tfstream::stream::detail {

struct StringScan {
  size_t pos = 0;      // done: one past the closing quote; else where to resume
  bool done = false;   // the closing quote was found
  bool plain = false;  // done, and the body has no escape and no byte >= 0x80
};

inline bool IsHexDigit(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

// The length of each escape by the byte after the backslash: 2 for the
// single-letter ones, 6 for \u (its four hex digits still to check), 0 for
// anything else. A table, as the switch it replaces was a jump per escape.
struct EscapeLengths {
  unsigned char length[256] = {};
  constexpr EscapeLengths() {
    for (unsigned char c : {'"', '\\', '/', 'b', 'f', 'n', 'r', 't'}) length[c] = 2;
    length[static_cast<unsigned char>('u')] = 6;
  }
};
inline constexpr EscapeLengths kEscapeLengths;

// The length of the well-formed escape at p[at] == '\\' that ends before
// p[n], or 0 (the scalar loop then says what is wrong with it).
inline size_t WellFormedEscapeLength(const char* p, size_t at, size_t n) {
  if (at + 1 >= n) return 0;
  size_t len = kEscapeLengths.length[static_cast<unsigned char>(p[at + 1])];
  if (len != 6) return len;
  if (at + 5 < n && IsHexDigit(p[at + 2]) && IsHexDigit(p[at + 3]) && IsHexDigit(p[at + 4]) &&
      IsHexDigit(p[at + 5])) {
    return 6;
  }
  return 0;
}

// Scans the string body starting at p[i] (just past the opening quote) of a
// text of n bytes. `kTrackPlain`: also tell whether the body is plain ASCII
// without escapes, which a caller decoding it can then take as it is.
template <bool kTrackPlain>
__attribute__((always_inline)) inline StringScan ScanStringFast(const char* p, size_t i, size_t n) {
  bool plain = true;
#if defined(__SSE2__)
  const __m128i quote = _mm_set1_epi8('"');
  const __m128i slash = _mm_set1_epi8('\\');
  const __m128i limit = _mm_set1_epi8(0x1f);
  while (i + 16 <= n) {
    __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i));
    // Control bytes are those with unsigned value <= 0x1f: min(v, 0x1f) == v.
    __m128i ctrl = _mm_cmpeq_epi8(_mm_min_epu8(v, limit), v);
    __m128i hit = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, slash)), ctrl);
    unsigned mask = static_cast<unsigned>(_mm_movemask_epi8(hit));
    unsigned high = kTrackPlain ? static_cast<unsigned>(_mm_movemask_epi8(v)) : 0u;
    size_t next_block = i + 16;
    while (mask != 0) {
      unsigned k = static_cast<unsigned>(__builtin_ctz(mask));
      char c = p[i + k];
      if (c == '"') {
        if (kTrackPlain && (high & ((1u << k) - 1)) != 0) plain = false;
        return StringScan{i + k + 1, true, plain};
      }
      if (c != '\\') return StringScan{i + k, false, false};  // a control byte
      size_t len = WellFormedEscapeLength(p, i + k, n);
      if (len == 0) return StringScan{i + k, false, false};
      plain = false;
      size_t after = k + len;  // relative to i
      if (after >= 16) {
        // The escape ends in a later block: resume right after it.
        next_block = i + after;
        break;
      }
      // Drop the escape's own bytes (an escaped quote or backslash).
      mask &= ~0u << after;
    }
    if (kTrackPlain && high != 0) plain = false;
    i = next_block;
  }
#endif
  return StringScan{i, false, false};
}

}  // namespace tfstream::stream::detail
