// Go's unquote (encoding/json/decode.go, go1.26.4) works in two phases: it
// first scans for a byte that needs work (backslash, quote, control byte or
// an invalid UTF-8 sequence); if none, the raw bytes are the value. Otherwise
// it rewrites from that point: escapes are decoded, ASCII is copied, and each
// non-ASCII sequence goes through utf8.DecodeRune and is re-encoded, so an
// invalid byte becomes U+FFFD (EF BF BD) and decoding resumes at the next
// byte. The scanner (scanner.go) has already refused control bytes and bad
// escapes; we fold those checks in here because the caller hands us raw text.
//
// UTF-8 validity follows unicode/utf8 (no overlongs, no surrogates, nothing
// above U+10FFFF, a sequence cut short is invalid byte by byte). It is
// written out here rather than shared with render/text because the stream
// stage must not depend on render.

#include "stream/go_json_string.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <cstdint>

namespace tfstream::stream {

namespace {

constexpr char32_t kReplacement = 0xFFFD;

// utf8.DecodeRune on p[0..n): returns the width, 1 with *r = U+FFFD if the
// sequence is invalid. REQUIRES: n >= 1 and p[0] >= 0x80.
size_t DecodeNonAscii(const unsigned char* p, size_t n, char32_t* r) {
  const unsigned char b0 = p[0];
  size_t size = 0;
  unsigned char lo = 0x80;
  unsigned char hi = 0xBF;
  if (b0 >= 0xC2 && b0 < 0xE0) {
    size = 2;
  } else if (b0 >= 0xE0 && b0 < 0xF0) {
    size = 3;
    if (b0 == 0xE0) lo = 0xA0;
    if (b0 == 0xED) hi = 0x9F;
  } else if (b0 >= 0xF0 && b0 < 0xF5) {
    size = 4;
    if (b0 == 0xF0) lo = 0x90;
    if (b0 == 0xF4) hi = 0x8F;
  }
  *r = kReplacement;
  if (size == 0 || n < size || p[1] < lo || p[1] > hi) return 1;
  for (size_t k = 2; k < size; ++k) {
    if (p[k] < 0x80 || p[k] > 0xBF) return 1;
  }
  switch (size) {
    case 2:
      *r = (char32_t(b0 & 0x1F) << 6) | (p[1] & 0x3F);
      break;
    case 3:
      *r = (char32_t(b0 & 0x0F) << 12) | (char32_t(p[1] & 0x3F) << 6) | (p[2] & 0x3F);
      break;
    default:
      *r = (char32_t(b0 & 0x07) << 18) | (char32_t(p[1] & 0x3F) << 12) |
           (char32_t(p[2] & 0x3F) << 6) | (p[3] & 0x3F);
  }
  return size;
}

// utf8.EncodeRune for a valid rune (callers never pass surrogates): writes
// 1 to 4 bytes at d, returns the end.
char* EncodeUtf8(char* d, char32_t r) {
  if (r < 0x80) {
    *d++ = static_cast<char>(r);
  } else if (r < 0x800) {
    *d++ = static_cast<char>(0xC0 | (r >> 6));
    *d++ = static_cast<char>(0x80 | (r & 0x3F));
  } else if (r < 0x10000) {
    *d++ = static_cast<char>(0xE0 | (r >> 12));
    *d++ = static_cast<char>(0x80 | ((r >> 6) & 0x3F));
    *d++ = static_cast<char>(0x80 | (r & 0x3F));
  } else {
    *d++ = static_cast<char>(0xF0 | (r >> 18));
    *d++ = static_cast<char>(0x80 | ((r >> 12) & 0x3F));
    *d++ = static_cast<char>(0x80 | ((r >> 6) & 0x3F));
    *d++ = static_cast<char>(0x80 | (r & 0x3F));
  }
  return d;
}

// Printable ASCII other than '"' and '\\': copied as it is.
bool IsPlain(unsigned char c) { return c >= 0x20 && c < 0x80 && c != '"' && c != '\\'; }

#if defined(__SSE2__)
// The bytes of a 16-byte block that are not plain, as a bit mask. Signed
// compare: bytes 0x80..0xff are negative, so below 0x20 as control bytes are.
inline int NotPlainMask(__m128i v) {
  __m128i quote = _mm_cmpeq_epi8(v, _mm_set1_epi8('"'));
  __m128i quote_or_slash = _mm_or_si128(quote, _mm_cmpeq_epi8(v, _mm_set1_epi8('\\')));
  __m128i hit = _mm_or_si128(quote_or_slash, _mm_cmplt_epi8(v, _mm_set1_epi8(0x20)));
  return _mm_movemask_epi8(hit);
}
#endif

// The length of the run of plain bytes p[0..n) starts with, found 16 bytes
// at a time; never reads p[n] or beyond (the text may end a mapping).
size_t PlainRun(const unsigned char* p, size_t n) {
  size_t i = 0;
#if defined(__SSE2__)
  for (; i + 16 <= n; i += 16) {
    int mask = NotPlainMask(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i)));
    if (mask != 0) return i + static_cast<size_t>(__builtin_ctz(static_cast<unsigned>(mask)));
  }
#endif
  while (i < n && IsPlain(p[i])) ++i;
  return i;
}

// PlainRun that also copies the run to d. Whole 16-byte blocks are stored,
// so up to 15 bytes past the run may be written too, but never past d + n.
[[gnu::always_inline]] inline size_t CopyPlainRun(const unsigned char* p, size_t n, char* d) {
  size_t i = 0;
#if defined(__SSE2__)
  for (; i + 16 <= n; i += 16) {
    __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(d + i), v);
    int mask = NotPlainMask(v);
    if (mask != 0) return i + static_cast<size_t>(__builtin_ctz(static_cast<unsigned>(mask)));
  }
#endif
  for (; i < n && IsPlain(p[i]); ++i) d[i] = static_cast<char>(p[i]);
  return i;
}

int HexValue(unsigned char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// getu4: the value of a "\uXXXX" escape at p[0..n), or -1.
int32_t GetU4(const unsigned char* p, size_t n) {
  if (n < 6 || p[0] != '\\' || p[1] != 'u') return -1;
  int32_t v = 0;
  for (size_t k = 2; k < 6; ++k) {
    const int h = HexValue(p[k]);
    if (h < 0) return -1;
    v = v * 16 + h;
  }
  return v;
}

bool IsSurrogate(int32_t r) { return r >= 0xD800 && r < 0xE000; }

// The \uXXXX escape at p[0], as Go's unquote reads it: a surrogate pair is
// one rune, a lone or mismatched surrogate U+FFFD. Writes it at *d and
// returns the bytes it took (6 or 12), or 0 when it is malformed.
[[gnu::always_inline]] inline size_t DecodeUnicodeEscape(const unsigned char* p, size_t n, char** d) {
  int32_t r = GetU4(p, n);
  if (r < 0) return 0;
  if (IsSurrogate(r)) {
    const int32_t r2 = GetU4(p + 6, n - 6);
    if (r < 0xDC00 && r2 >= 0xDC00 && r2 < 0xE000) {
      *d = EncodeUtf8(*d, 0x10000 + ((char32_t(r - 0xD800) << 10) | char32_t(r2 - 0xDC00)));
      return 12;
    }
    r = kReplacement;  // lone or mismatched surrogate
  }
  *d = EncodeUtf8(*d, static_cast<char32_t>(r));
  return 6;
}

// The escapes of one byte after the backslash, by that byte: what each
// stands for, or 0.
struct SimpleEscapes {
  char decoded[256] = {};
  constexpr SimpleEscapes() {
    decoded[static_cast<unsigned char>('"')] = '"';
    decoded[static_cast<unsigned char>('\\')] = '\\';
    decoded[static_cast<unsigned char>('/')] = '/';
    decoded[static_cast<unsigned char>('b')] = '\b';
    decoded[static_cast<unsigned char>('f')] = '\f';
    decoded[static_cast<unsigned char>('n')] = '\n';
    decoded[static_cast<unsigned char>('r')] = '\r';
    decoded[static_cast<unsigned char>('t')] = '\t';
  }
};
constexpr SimpleEscapes kSimpleEscapes;

}  // namespace

bool NeedsGoJsonDecoding(std::string_view raw) {
  const auto* p = reinterpret_cast<const unsigned char*>(raw.data());
  const size_t n = raw.size();
  size_t i = 0;
  while (true) {
    i += PlainRun(p + i, n - i);
    if (i == n) return false;
    if (p[i] < 0x80) return true;  // a quote, a backslash or a control byte
    char32_t r;
    const size_t width = DecodeNonAscii(p + i, n - i, &r);
    if (width == 1) return true;  // only invalid sequences decode to width 1
    i += width;
  }
}

// Decodes into a buffer sized for the raw text, which every step but one
// fills no faster than it reads: the invariant is room >= bytes left to read.
// Only an invalid byte (1 byte read, U+FFFD's 3 written) needs more, and then
// the buffer grows once for the worst case.
bool DecodeGoJsonString(std::string_view raw, std::string* out) {
  const auto* p = reinterpret_cast<const unsigned char*>(raw.data());
  const size_t n = raw.size();
  const size_t base = out->size();
  out->resize(base + n);
  char* d = out->data() + base;
  char* end = out->data() + out->size();
  size_t i = 0;
  while (true) {
    const size_t run = CopyPlainRun(p + i, n - i, d);
    i += run;
    d += run;
    if (i == n) break;
    const unsigned char c = p[i];
    if (c == '\\') {
      if (i + 1 >= n) return false;
      switch (p[i + 1]) {
        case '"': case '\\': case '/':
          *d++ = static_cast<char>(p[i + 1]);
          i += 2;
          break;
        case 'b': *d++ = '\b'; i += 2; break;
        case 'f': *d++ = '\f'; i += 2; break;
        case 'n': *d++ = '\n'; i += 2; break;
        case 'r': *d++ = '\r'; i += 2; break;
        case 't': *d++ = '\t'; i += 2; break;
        case 'u': {
          const size_t took = DecodeUnicodeEscape(p + i, n - i, &d);
          if (took == 0) return false;
          i += took;
          break;
        }
        default:
          return false;  // includes \' which unquote alone would accept
      }
    } else if (c < 0x80) {
      return false;  // a quote or a control byte
    } else {
      char32_t r;
      const size_t width = DecodeNonAscii(p + i, n - i, &r);
      if (width == 1) {
        if (static_cast<size_t>(end - d) < n - i + 2) {
          const size_t at = static_cast<size_t>(d - out->data());
          out->resize(at + 3 * (n - i));
          d = out->data() + at;
          end = out->data() + out->size();
        }
        d = EncodeUtf8(d, kReplacement);
      } else {
        for (size_t k = 0; k < width; ++k) d[k] = static_cast<char>(p[i + k]);
        d += width;
      }
      i += width;
    }
  }
  out->resize(static_cast<size_t>(d - out->data()));
  return true;
}

bool DecodeGoJsonStringToQuote(std::string_view text, std::string* buffer, std::string_view* decoded,
                               size_t* body_size) {
  const auto* p = reinterpret_cast<const unsigned char*>(text.data());
  const size_t n = text.size();
  // One step writes a block of 16 bytes, or fewer than 16 plain bytes, or
  // an escape's or a sequence's at most 4.
  constexpr size_t kMinRoom = 32;
  if (buffer->size() < 256) buffer->resize(256);
  char* d = buffer->data();
  char* end = d + buffer->size();
  size_t i = 0;
  while (true) {
    if (static_cast<size_t>(end - d) < kMinRoom) {
      const size_t at = static_cast<size_t>(d - buffer->data());
      buffer->resize(2 * buffer->size());
      d = buffer->data() + at;
      end = buffer->data() + buffer->size();
    }
#if defined(__SSE2__)
    if (n - i >= 16) {
      // Sixteen bytes stored whatever they are, kept up to the first that
      // is not plain.
      const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i));
      _mm_storeu_si128(reinterpret_cast<__m128i*>(d), v);
      uint32_t mask = static_cast<uint32_t>(NotPlainMask(v));
      if (mask == 0) {
        i += 16;
        d += 16;
        continue;
      }
      // The block's stops one after another while they are one-letter
      // escapes (JSON text inside a string: \" every few bytes), from the
      // block's mask: after each, the bytes that follow are stored again
      // one place earlier. At most 16 bytes are written past the room
      // checked above, and a step below at most 4 after them.
      const size_t base = i;
      bool block_done = false;
      while (true) {
        const size_t at = base + static_cast<size_t>(__builtin_ctz(mask));
        d += at - i;
        i = at;
        if (p[i] != '\\' || i + 1 >= n) break;
        const char simple = kSimpleEscapes.decoded[p[i + 1]];
        if (simple == 0) break;
        *d++ = simple;
        i += 2;
        mask &= ~uint32_t{0} << (i - base);  // the escape's own bytes are done
        if (mask == 0 || n - i < 16) {
          block_done = true;
          break;
        }
        _mm_storeu_si128(reinterpret_cast<__m128i*>(d),
                         _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i)));
      }
      if (block_done) continue;
    } else
#endif
    {
      while (i < n && IsPlain(p[i])) *d++ = static_cast<char>(p[i++]);
      if (i == n) return false;  // no closing quote
    }
    const unsigned char c = p[i];
    if (c == '"') break;
    if (c == '\\') {
      if (i + 1 >= n) return false;
      const char simple = kSimpleEscapes.decoded[p[i + 1]];
      if (simple != 0) {
        *d++ = simple;
        i += 2;
        continue;
      }
      if (p[i + 1] != 'u') return false;  // includes \' which unquote alone would accept
      const size_t took = DecodeUnicodeEscape(p + i, n - i, &d);
      if (took == 0) return false;
      i += took;
    } else if (c < 0x80) {
      return false;  // a control byte
    } else {
      // A sequence is cut short by the closing quote (no continuation
      // byte is a quote), as it would be at the end of the body.
      char32_t r;
      const size_t width = DecodeNonAscii(p + i, n - i, &r);
      if (width == 1) {
        d = EncodeUtf8(d, kReplacement);
      } else {
        for (size_t k = 0; k < width; ++k) d[k] = static_cast<char>(p[i + k]);
        d += width;
      }
      i += width;
    }
  }
  *decoded = std::string_view(buffer->data(), static_cast<size_t>(d - buffer->data()));
  *body_size = i;
  return true;
}

}  // namespace tfstream::stream
