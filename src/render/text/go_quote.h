// Go's `%q` for strings: how Terraform quotes attribute names that are not
// valid HCL identifiers, and other user text it prints with %q.
#pragma once

#include <cstring>
#include <string>
#include <string_view>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace tfstream::render::text {

// The Unicode tables strconv was built with: Go 1.21 and later carry
// Unicode 15.0.0; Go 1.20 (Terraform 1.5.x) Unicode 13.0.0, where the
// graphic runes of Unicode 14.0 and 15.0 are not printable.
enum class GoUnicode : unsigned char { k15, k13 };

// Reproduces strconv.IsPrint (go1.26.4, Unicode 15.0.0): letters, marks,
// numbers, punctuation, symbols and U+0020; no other space, no U+00AD.
// With GoUnicode::k13, Go 1.20's.
bool IsGoPrint(char32_t r, GoUnicode unicode = GoUnicode::k15);

// Reproduces strconv.Quote (go1.26.4), which is what fmt's %q prints for a
// string: appends s in double quotes. Invalid UTF-8 bytes become \xNN;
// \a \b \f \n \r \t \v, \\ and \" are escaped; printable runes stay as UTF-8;
// other runes become \xNN (below U+0020 and U+007F), \uNNNN or \UNNNNNNNN.
// Hex digits are lower case.
// `unicode`: which Go's IsPrint decides what is printable.
void AppendGoQuoted(std::string& out, std::string_view s, GoUnicode unicode = GoUnicode::k15);

// AppendGoQuoted of a string without a line feed, into memory, in one
// pass: writes at p, which must have room for GoQuotedLineRoom(s.size())
// bytes, and returns the end; nullptr (p's bytes undefined) when s holds a
// '\n' (a renderer prints such a string another way).
char* WriteGoQuotedLine(char* p, std::string_view s, GoUnicode unicode = GoUnicode::k15);
// Every byte escaped (\xNN) at worst, the quotes, and sixteen bytes the
// writer may store past its end.
inline size_t GoQuotedLineRoom(size_t n) { return 4 * n + 2 + 16; }

#if defined(__SSE2__)
// The vector pieces %q's writers share (go_quote.cc, WriteGoQuotedShortPlain).
namespace go_quote_simd {

// One bit per byte of v that is not plain: a quote, a backslash, DEL, or
// below 0x20 by a signed compare (bytes 0x80..0xff are negative, so they
// count as control bytes do).
inline unsigned NotPlainMask(__m128i v) {
  const __m128i quote = _mm_cmpeq_epi8(v, _mm_set1_epi8('"'));
  const __m128i slash = _mm_cmpeq_epi8(v, _mm_set1_epi8('\\'));
  const __m128i del = _mm_cmpeq_epi8(v, _mm_set1_epi8(0x7f));
  const __m128i low = _mm_cmplt_epi8(v, _mm_set1_epi8(0x20));
  return static_cast<unsigned>(_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(quote, slash), _mm_or_si128(del, low))));
}

// The r < 16 bytes at q in a vector, zero after them: gathered by two
// overlapping loads, never reading past q + r.
inline __m128i LoadShort(const char* q, size_t r) {
  alignas(16) char bytes[16] = {};
  if (r >= 8) {
    std::memcpy(bytes, q, 8);
    std::memcpy(bytes + r - 8, q + r - 8, 8);
  } else if (r >= 4) {
    std::memcpy(bytes, q, 4);
    std::memcpy(bytes + r - 4, q + r - 4, 4);
  } else {
    for (size_t k = 0; k < r; ++k) bytes[k] = q[k];
  }
  return _mm_load_si128(reinterpret_cast<const __m128i*>(bytes));
}

}  // namespace go_quote_simd
#endif

// WriteGoQuotedLine of a string shorter than 32 bytes, every one printable
// ASCII but '"' and '\\' (which %q leaves as they are), inline: the common
// short value. Returns nullptr, having written nothing that counts, for any
// other string. Same room as WriteGoQuotedLine.
[[gnu::always_inline]] inline char* WriteGoQuotedShortPlain(char* p, std::string_view s) {
#if defined(__SSE2__)
  using go_quote_simd::NotPlainMask;
  const size_t n = s.size();
  const char* q = s.data();
  if (n >= 16) {
    if (n >= 32) return nullptr;
    // Two overlapping blocks: the first sixteen bytes and the last.
    const __m128i head = _mm_loadu_si128(reinterpret_cast<const __m128i*>(q));
    const __m128i tail = _mm_loadu_si128(reinterpret_cast<const __m128i*>(q + n - 16));
    if ((NotPlainMask(head) | NotPlainMask(tail)) != 0) return nullptr;
    *p = '"';
    _mm_storeu_si128(reinterpret_cast<__m128i*>(p + 1), head);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(p + 1 + n - 16), tail);
    p[n + 1] = '"';
    return p + n + 2;
  }
  const __m128i v = go_quote_simd::LoadShort(q, n);
  if ((NotPlainMask(v) & ((1u << n) - 1)) != 0) return nullptr;
  *p = '"';
  _mm_storeu_si128(reinterpret_cast<__m128i*>(p + 1), v);
  p[n + 1] = '"';
  return p + n + 2;
#else
  (void)p;
  (void)s;
  return nullptr;
#endif
}

// AppendGoQuoted into a new string.
std::string GoQuote(std::string_view s, GoUnicode unicode = GoUnicode::k15);

}  // namespace tfstream::render::text
