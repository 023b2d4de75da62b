// The fast path of JsonScanner's string scan: the common, well-formed
// string body is passed 16 bytes at a time with SSE2 (32 with AVX2, in the
// translation unit built for it). Each block yields a bitmask of the bytes
// that need a look (quote, backslash, control byte); escapes are stepped
// over inside the same mask, so an escaped quote costs a few instructions
// rather than a reload. Anything unusual (a control byte, a bad or truncated
// escape, fewer than 16 bytes left) stops the fast path at a position
// outside any escape, where JsonScanner's scalar loop takes over and reports
// errors exactly as it always has.
//
// No load ever reads past text[n - 1]: the last bytes go to the scalar loop.
//
// Everything here is in an unnamed namespace: each translation unit keeps
// its own copy, so the linker never hands the SSE2 caller a function
// compiled for AVX2.
#pragma once

#include <cstddef>
#include <cstdint>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__AVX2__)
#include <immintrin.h>
#endif

namespace tfstream::stream::detail {
namespace {

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
constexpr EscapeLengths kEscapeLengths;

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

// One block of kWidth bytes at p[i]: `mask` flags its quotes, backslashes
// and control bytes, `high` its bytes >= 0x80. Returns true with *out set
// when the string ends (or the fast path stops) in it, else false with
// *next at the first byte after the block (or after an escape crossing it).
template <bool kTrackPlain, unsigned kWidth>
__attribute__((always_inline)) inline bool WalkBlock(const char* p, size_t i, size_t n, uint32_t mask, uint32_t high,
                                                     bool* plain, size_t* next, StringScan* out) {
  *next = i + kWidth;
  while (mask != 0) {
    unsigned k = static_cast<unsigned>(__builtin_ctz(mask));
    char c = p[i + k];
    if (c == '"') {
      if (kTrackPlain && (high & ((uint32_t{1} << k) - 1)) != 0) *plain = false;
      *out = StringScan{i + k + 1, true, *plain};
      return true;
    }
    if (c != '\\') {  // a control byte
      *out = StringScan{i + k, false, false};
      return true;
    }
    size_t len = WellFormedEscapeLength(p, i + k, n);
    if (len == 0) {
      *out = StringScan{i + k, false, false};
      return true;
    }
    *plain = false;
    size_t after = k + len;  // relative to i
    if (after >= kWidth) {
      *next = i + after;  // the escape ends in a later block
      return false;
    }
    // Drop the escape's own bytes (an escaped quote or backslash).
    mask &= ~uint32_t{0} << after;
  }
  if (kTrackPlain && high != 0) *plain = false;
  return false;
}

// Scans the string body starting at p[i] (just past the opening quote) of a
// text of n bytes. `kTrackPlain`: also tell whether the body is plain ASCII
// without escapes, which a caller decoding it can then take as it is.
template <bool kTrackPlain>
__attribute__((always_inline)) inline StringScan ScanStringFast(const char* p, size_t i, size_t n,
                                                                bool plain = true) {
#if defined(__SSE2__)
  const __m128i quote = _mm_set1_epi8('"');
  const __m128i slash = _mm_set1_epi8('\\');
  const __m128i limit = _mm_set1_epi8(0x1f);
  while (i + 16 <= n) {
    __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i));
    // Control bytes are those with unsigned value <= 0x1f: min(v, 0x1f) == v.
    __m128i ctrl = _mm_cmpeq_epi8(_mm_min_epu8(v, limit), v);
    __m128i hit = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, slash)), ctrl);
    uint32_t mask = static_cast<uint32_t>(_mm_movemask_epi8(hit));
    uint32_t high = kTrackPlain ? static_cast<uint32_t>(_mm_movemask_epi8(v)) : 0u;
    StringScan out;
    if (WalkBlock<kTrackPlain, 16>(p, i, n, mask, high, &plain, &i, &out)) return out;
  }
#endif
  return StringScan{i, false, false};
}

#if defined(__AVX2__)
// The same, 32 bytes at a time; the last 16 to 31 bytes of the text go
// through the SSE2 loop.
template <bool kTrackPlain>
__attribute__((always_inline)) inline StringScan ScanStringFastAvx2(const char* p, size_t i, size_t n) {
  bool plain = true;
  const __m256i quote = _mm256_set1_epi8('"');
  const __m256i slash = _mm256_set1_epi8('\\');
  const __m256i limit = _mm256_set1_epi8(0x1f);
  while (i + 32 <= n) {
    __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + i));
    __m256i ctrl = _mm256_cmpeq_epi8(_mm256_min_epu8(v, limit), v);
    __m256i hit =
        _mm256_or_si256(_mm256_or_si256(_mm256_cmpeq_epi8(v, quote), _mm256_cmpeq_epi8(v, slash)), ctrl);
    uint32_t mask = static_cast<uint32_t>(_mm256_movemask_epi8(hit));
    uint32_t high = kTrackPlain ? static_cast<uint32_t>(_mm256_movemask_epi8(v)) : 0u;
    StringScan out;
    if (WalkBlock<kTrackPlain, 32>(p, i, n, mask, high, &plain, &i, &out)) return out;
  }
  return ScanStringFast<kTrackPlain>(p, i, n, plain);
}
#endif

}  // namespace
}  // namespace tfstream::stream::detail
