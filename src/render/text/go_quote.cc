// Escaping rules of strconv.appendQuotedWith / appendEscapedRune (go1.26.4)
// with quote '"', ASCIIonly and graphicOnly false. The decision is made per
// decoded rune, in this order: invalid byte -> \xNN; '"' or '\' -> backslash
// + itself; printable -> literal UTF-8; the seven C escapes; other runes below
// U+0020 and U+007F -> \xNN; below U+10000 -> \uNNNN; else \UNNNNNNNN.

#include "render/text/go_quote.h"

#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "render/text/go_strings.h"
#include "render/text/unicode_tables.h"

namespace tfstream::render::text {

namespace {

constexpr char kLowerHex[] = "0123456789abcdef";

#if defined(__SSE2__)
using go_quote_simd::LoadShort;
using go_quote_simd::NotPlainMask;
#endif

// The length of the run of printable ASCII other than '"' and '\\' that s
// starts with, 16 bytes at a time; never reads past s. Signed compare:
// bytes 0x80..0xff are negative, so below 0x20 as control bytes are.
size_t PlainAsciiRun(std::string_view s) {
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  const size_t n = s.size();
  size_t i = 0;
#if defined(__SSE2__)
  for (; i + 16 <= n; i += 16) {
    __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i));
    const unsigned mask = NotPlainMask(v);
    if (mask != 0) return i + static_cast<size_t>(__builtin_ctz(mask));
  }
  if (i < n) {
    // The last r < 16 bytes, most of a short string: the sixteen bytes that
    // end s when there are so many (overlapping bytes already found plain),
    // else gathered by two overlapping loads, never past s.
    const size_t r = n - i;
    unsigned mask;
    if (n >= 16) {
      mask = NotPlainMask(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p + n - 16))) >> (16 - r);
    } else {
      mask = NotPlainMask(LoadShort(s.data() + i, r)) & ((1u << r) - 1);
    }
    return mask == 0 ? n : i + static_cast<size_t>(__builtin_ctz(mask));
  }
  return i;
#endif
  for (; i < n; ++i) {
    const unsigned char c = p[i];
    if (c < 0x20 || c >= 0x7f || c == '"' || c == '\\') break;
  }
  return i;
}

}  // namespace

bool IsGoPrint(char32_t r, GoUnicode unicode) {
  // strconv answers Latin-1 without its tables; the generated table agrees
  // (the generator checks), so this is only the fast path.
  if (r <= 0xFF) {
    if (r >= 0x20 && r <= 0x7E) return true;
    if (r >= 0xA1) return r != 0xAD;
    return false;
  }
  if (!tables::InRanges(tables::kGoPrintRanges, tables::kGoPrintRangesSize, r)) return false;
  return unicode == GoUnicode::k15 ||
         !tables::InRanges(tables::kGoPrintSinceUnicode14Ranges, tables::kGoPrintSinceUnicode14RangesSize, r);
}

namespace {

// Where quoted text goes: a std::string, or memory with room enough.
struct StringSink {
  std::string& out;
  void Put(char c) { out.push_back(c); }
  void Put(const char* p, size_t n) { out.append(p, n); }
};
struct RawSink {
  char* p;
  void Put(char c) { *p++ = c; }
  void Put(const char* q, size_t n) {
    std::memcpy(p, q, n);
    p += n;
  }
};

template <typename Sink>
void PutHex(Sink& out, uint32_t v, int digits) {
  for (int shift = (digits - 1) * 4; shift >= 0; shift -= 4) out.Put(kLowerHex[(v >> shift) & 0xF]);
}

// The escape of the rune at s[i] (not plain ASCII: PlainAsciiRun stops at
// it), as strconv writes it; returns its width in bytes.
template <typename Sink>
size_t PutEscaped(Sink& out, std::string_view s, size_t i, GoUnicode unicode) {
  const auto byte = static_cast<unsigned char>(s[i]);
  char32_t r = byte;
  size_t width = 1;
  if (byte >= 0x80) width = DecodeRune(s, i, &r);
  if (width == 1 && r == kRuneError) {
    out.Put("\\x", 2);
    PutHex(out, byte, 2);
    return 1;
  }
  if (r == '"' || r == '\\') {
    out.Put('\\');
    out.Put(static_cast<char>(r));
  } else if (IsGoPrint(r, unicode)) {
    out.Put(s.data() + i, width);  // the rune's own (valid) bytes
  } else {
    switch (r) {
      case '\a': out.Put("\\a", 2); break;
      case '\b': out.Put("\\b", 2); break;
      case '\f': out.Put("\\f", 2); break;
      case '\n': out.Put("\\n", 2); break;
      case '\r': out.Put("\\r", 2); break;
      case '\t': out.Put("\\t", 2); break;
      case '\v': out.Put("\\v", 2); break;
      default:
        if (r < ' ' || r == 0x7F) {
          out.Put("\\x", 2);
          PutHex(out, r, 2);
        } else if (r < 0x10000) {
          out.Put("\\u", 2);
          PutHex(out, r, 4);
        } else {
          out.Put("\\U", 2);
          PutHex(out, r, 8);
        }
    }
  }
  return width;
}

}  // namespace

void AppendGoQuoted(std::string& out, std::string_view s, GoUnicode unicode) {
  out.reserve(out.size() + s.size() + 2);
  out.push_back('"');
  StringSink sink{out};
  size_t i = 0;
  while (i < s.size()) {
    // Printable ASCII other than a quote or backslash is copied as is: take
    // such runs whole.
    const size_t plain = PlainAsciiRun(s.substr(i));
    if (plain > 0) {
      out.append(s.data() + i, plain);
      i += plain;
      continue;
    }
    i += PutEscaped(sink, s, i, unicode);
  }
  out.push_back('"');
}

char* WriteGoQuotedLine(char* p, std::string_view s, GoUnicode unicode) {
  *p++ = '"';
  const char* q = s.data();
  const size_t n = s.size();
  size_t i = 0;
  while (i < n) {
#if defined(__SSE2__)
    // Sixteen bytes stored whatever they are (the room allows it), kept up
    // to the first that is not plain.
    for (; i + 16 <= n; i += 16, p += 16) {
      __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(q + i));
      _mm_storeu_si128(reinterpret_cast<__m128i*>(p), v);
      const unsigned mask = NotPlainMask(v);
      if (mask != 0) {
        const size_t k = static_cast<size_t>(__builtin_ctz(mask));
        i += k;
        p += k;
        break;
      }
    }
    if (i < n && n - i < 16) {
      // The last bytes, fewer than sixteen: gathered into a vector by two
      // overlapping loads (never past s), stored whole, kept up to the
      // first that is not plain.
      const size_t r = n - i;
      __m128i v = LoadShort(q + i, r);
      _mm_storeu_si128(reinterpret_cast<__m128i*>(p), v);
      const unsigned mask = NotPlainMask(v) & ((1u << r) - 1);
      const size_t k = mask == 0 ? r : static_cast<size_t>(__builtin_ctz(mask));
      i += k;
      p += k;
    }
#else
    for (; i < n; ++i) {
      const auto c = static_cast<unsigned char>(q[i]);
      if (c < 0x20 || c >= 0x7f || c == '"' || c == '\\') break;
      *p++ = static_cast<char>(c);
    }
#endif
    if (i == n) break;
    if (q[i] == '\n') return nullptr;
    RawSink sink{p};
    i += PutEscaped(sink, s, i, unicode);
    p = sink.p;
  }
  *p++ = '"';
  return p;
}

std::string GoQuote(std::string_view s, GoUnicode unicode) {
  std::string out;
  AppendGoQuoted(out, s, unicode);
  return out;
}

}  // namespace tfstream::render::text
