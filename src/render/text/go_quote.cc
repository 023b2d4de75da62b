// Escaping rules of strconv.appendQuotedWith / appendEscapedRune (go1.26.4)
// with quote '"', ASCIIonly and graphicOnly false. The decision is made per
// decoded rune, in this order: invalid byte -> \xNN; '"' or '\' -> backslash
// + itself; printable -> literal UTF-8; the seven C escapes; other runes below
// U+0020 and U+007F -> \xNN; below U+10000 -> \uNNNN; else \UNNNNNNNN.

#include "render/text/go_quote.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "render/text/go_strings.h"
#include "render/text/unicode_tables.h"

namespace tfstream::render::text {

namespace {

constexpr char kLowerHex[] = "0123456789abcdef";

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
    __m128i quote = _mm_cmpeq_epi8(v, _mm_set1_epi8('"'));
    __m128i slash = _mm_cmpeq_epi8(v, _mm_set1_epi8('\\'));
    __m128i del = _mm_cmpeq_epi8(v, _mm_set1_epi8(0x7f));
    __m128i low = _mm_cmplt_epi8(v, _mm_set1_epi8(0x20));
    int mask = _mm_movemask_epi8(_mm_or_si128(_mm_or_si128(quote, slash), _mm_or_si128(del, low)));
    if (mask != 0) return i + static_cast<size_t>(__builtin_ctz(static_cast<unsigned>(mask)));
  }
#endif
  for (; i < n; ++i) {
    const unsigned char c = p[i];
    if (c < 0x20 || c >= 0x7f || c == '"' || c == '\\') break;
  }
  return i;
}

void AppendHex(std::string& out, uint32_t v, int digits) {
  for (int shift = (digits - 1) * 4; shift >= 0; shift -= 4) {
    out.push_back(kLowerHex[(v >> shift) & 0xF]);
  }
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

// AppendGoQuoted; with kStopAtNewline, a '\n' in s makes it return false
// with `out` as it was.
template <bool kStopAtNewline>
bool Quote(std::string& out, std::string_view s, GoUnicode unicode) {
  const size_t start = out.size();
  out.reserve(start + s.size() + 2);
  out.push_back('"');
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
    const auto byte = static_cast<unsigned char>(s[i]);
    if (kStopAtNewline && byte == '\n') {
      out.resize(start);
      return false;
    }
    char32_t r = byte;
    size_t width = 1;
    if (byte >= 0x80) width = DecodeRune(s, i, &r);
    if (width == 1 && r == kRuneError) {
      out.append("\\x");
      AppendHex(out, byte, 2);
      i += 1;
      continue;
    }
    if (r == '"' || r == '\\') {
      out.push_back('\\');
      out.push_back(static_cast<char>(r));
    } else if (IsGoPrint(r, unicode)) {
      out.append(s.substr(i, width));  // the rune's own (valid) bytes
    } else {
      switch (r) {
        case '\a': out.append("\\a"); break;
        case '\b': out.append("\\b"); break;
        case '\f': out.append("\\f"); break;
        case '\n': out.append("\\n"); break;
        case '\r': out.append("\\r"); break;
        case '\t': out.append("\\t"); break;
        case '\v': out.append("\\v"); break;
        default:
          if (r < ' ' || r == 0x7F) {
            out.append("\\x");
            AppendHex(out, r, 2);
          } else if (r < 0x10000) {
            out.append("\\u");
            AppendHex(out, r, 4);
          } else {
            out.append("\\U");
            AppendHex(out, r, 8);
          }
      }
    }
    i += width;
  }
  out.push_back('"');
  return true;
}

}  // namespace

void AppendGoQuoted(std::string& out, std::string_view s, GoUnicode unicode) { Quote<false>(out, s, unicode); }

bool AppendGoQuotedLine(std::string& out, std::string_view s, GoUnicode unicode) {
  return Quote<true>(out, s, unicode);
}

std::string GoQuote(std::string_view s, GoUnicode unicode) {
  std::string out;
  AppendGoQuoted(out, s, unicode);
  return out;
}

}  // namespace tfstream::render::text
