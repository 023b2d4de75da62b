// Go's UTF-8 rules as unicode/utf8 applies them (go1.26.4):
//   lead 00-7F: ASCII          lead C2-DF: 2 bytes, then 80-BF
//   lead E0: A0-BF 80-BF       lead E1-EC, EE-EF: 80-BF 80-BF
//   lead ED: 80-9F 80-BF (no surrogates)
//   lead F0: 90-BF 80-BF 80-BF lead F1-F3: 80-BF x3
//   lead F4: 80-8F 80-BF 80-BF (nothing above U+10FFFF)
//   80-C1 and F5-FF never start a rune.
// Anything else decodes as U+FFFD of width 1, so decoding resumes at the very
// next byte. Go decodes a sequence that is cut short by the end of the input
// as width 1 as well, even if the bytes present are a valid prefix.

#include "render/text/go_strings.h"

#include <cstdint>
#include <cstring>

#include "render/text/unicode_tables.h"

namespace tfstream::render::text {

size_t DecodeRune(std::string_view s, size_t pos, char32_t* r) {
  if (pos >= s.size()) {
    *r = kRuneError;
    return 0;
  }
  const auto* p = reinterpret_cast<const unsigned char*>(s.data()) + pos;
  const size_t avail = s.size() - pos;
  const unsigned char b0 = p[0];
  if (b0 < 0x80) {
    *r = b0;
    return 1;
  }
  size_t size;
  unsigned char lo = 0x80;
  unsigned char hi = 0xBF;
  if (b0 < 0xC2) {
    size = 0;
  } else if (b0 < 0xE0) {
    size = 2;
  } else if (b0 < 0xF0) {
    size = 3;
    if (b0 == 0xE0) lo = 0xA0;
    if (b0 == 0xED) hi = 0x9F;
  } else if (b0 < 0xF5) {
    size = 4;
    if (b0 == 0xF0) lo = 0x90;
    if (b0 == 0xF4) hi = 0x8F;
  } else {
    size = 0;
  }
  if (size == 0 || avail < size || p[1] < lo || p[1] > hi) {
    *r = kRuneError;
    return 1;
  }
  if (size == 2) {
    *r = (char32_t(b0 & 0x1F) << 6) | (p[1] & 0x3F);
    return 2;
  }
  if (p[2] < 0x80 || p[2] > 0xBF) {
    *r = kRuneError;
    return 1;
  }
  if (size == 3) {
    *r = (char32_t(b0 & 0x0F) << 12) | (char32_t(p[1] & 0x3F) << 6) | (p[2] & 0x3F);
    return 3;
  }
  if (p[3] < 0x80 || p[3] > 0xBF) {
    *r = kRuneError;
    return 1;
  }
  *r = (char32_t(b0 & 0x07) << 18) | (char32_t(p[1] & 0x3F) << 12) |
       (char32_t(p[2] & 0x3F) << 6) | (p[3] & 0x3F);
  return 4;
}

size_t DecodeLastRune(std::string_view s, size_t end, char32_t* r) {
  if (end == 0) {
    *r = kRuneError;
    return 0;
  }
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  if (p[end - 1] < 0x80) {
    *r = p[end - 1];
    return 1;
  }
  // Like Go, look back at most 4 bytes for a byte that can start a rune, then
  // accept the decoded rune only if it ends exactly at `end`.
  const size_t lim = end >= 4 ? end - 4 : 0;
  size_t start = end - 1;
  while (start > lim && (p[start] & 0xC0) == 0x80) --start;
  char32_t decoded;
  const size_t size = DecodeRune(s.substr(0, end), start, &decoded);
  if (start + size != end) {
    *r = kRuneError;
    return 1;
  }
  *r = decoded;
  return size;
}

void AppendRune(std::string& out, char32_t r) {
  if (r < 0x80) {
    out.push_back(static_cast<char>(r));
    return;
  }
  if (r < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (r >> 6)));
    out.push_back(static_cast<char>(0x80 | (r & 0x3F)));
    return;
  }
  if ((r >= 0xD800 && r <= 0xDFFF) || r > 0x10FFFF) r = kRuneError;
  if (r < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | (r >> 12)));
    out.push_back(static_cast<char>(0x80 | ((r >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (r & 0x3F)));
    return;
  }
  out.push_back(static_cast<char>(0xF0 | (r >> 18)));
  out.push_back(static_cast<char>(0x80 | ((r >> 12) & 0x3F)));
  out.push_back(static_cast<char>(0x80 | ((r >> 6) & 0x3F)));
  out.push_back(static_cast<char>(0x80 | (r & 0x3F)));
}

size_t GoRuneCount(std::string_view s) {
  // Names and values are mostly ASCII, one rune a byte: check that eight
  // bytes at a time first.
  uint64_t high = 0;
  size_t k = 0;
  for (; k + 8 <= s.size(); k += 8) {
    uint64_t w;
    std::memcpy(&w, s.data() + k, 8);
    high |= w;
  }
  for (; k < s.size(); ++k) high |= static_cast<unsigned char>(s[k]);
  if ((high & 0x8080808080808080ull) == 0) return s.size();
  size_t count = 0;
  size_t i = 0;
  while (i < s.size()) {
    if (static_cast<unsigned char>(s[i]) < 0x80) {
      ++i;
    } else {
      char32_t r;
      i += DecodeRune(s, i, &r);
    }
    ++count;
  }
  return count;
}

bool IsGoSpace(char32_t r) {
  if (r <= 0xFF) {
    switch (r) {
      case '\t': case '\n': case '\v': case '\f': case '\r': case ' ':
      case 0x85: case 0xA0:
        return true;
      default:
        return false;
    }
  }
  return tables::InRanges(tables::kGoWhiteSpaceRanges, tables::kGoWhiteSpaceRangesSize, r);
}

namespace {

bool IsAsciiSpace(unsigned char c) {
  return c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r' || c == ' ';
}

// strings.TrimLeftFunc(s, unicode.IsSpace): decodes forwards.
std::string_view TrimLeftSpace(std::string_view s) {
  size_t i = 0;
  while (i < s.size()) {
    char32_t r;
    const size_t width = DecodeRune(s, i, &r);
    if (!IsGoSpace(r)) return s.substr(i);
    i += width;
  }
  return s.substr(s.size());
}

// strings.TrimRightFunc(s, unicode.IsSpace): finds the last non-space rune by
// decoding backwards, then (as Go does) re-measures that rune forwards to
// decide where to cut.
std::string_view TrimRightSpace(std::string_view s) {
  size_t i = s.size();
  while (i > 0) {
    char32_t r;
    const size_t size = DecodeLastRune(s, i, &r);
    i -= size;
    if (!IsGoSpace(r)) {
      if (static_cast<unsigned char>(s[i]) >= 0x80) {
        char32_t ignored;
        return s.substr(0, i + DecodeRune(s, i, &ignored));
      }
      return s.substr(0, i + 1);
    }
  }
  return s.substr(0, 0);
}

}  // namespace

std::string_view GoTrimSpace(std::string_view s) {
  // Same shape as Go: an ASCII fast path from each end that hands over to the
  // Unicode-aware trim at the first non-ASCII byte.
  size_t start = 0;
  for (; start < s.size(); ++start) {
    const auto c = static_cast<unsigned char>(s[start]);
    if (c >= 0x80) return TrimRightSpace(TrimLeftSpace(s.substr(start)));
    if (!IsAsciiSpace(c)) break;
  }
  size_t stop = s.size();
  for (; stop > start; --stop) {
    const auto c = static_cast<unsigned char>(s[stop - 1]);
    if (c >= 0x80) return TrimRightSpace(s.substr(start, stop - start));
    if (!IsAsciiSpace(c)) break;
  }
  return s.substr(start, stop - start);
}

void AppendPaddedRight(std::string& out, std::string_view s, size_t width) {
  // fmt takes no width above 1e6 (tooLarge): it writes %!(BADWIDTH) and
  // pads nothing. Names that long are in a plan only on purpose.
  constexpr size_t kMaxWidth = 1000000;
  if (width > kMaxWidth) {
    out.append("%!(BADWIDTH)");
    out.append(s);
    return;
  }
  out.append(s);
  const size_t runes = GoRuneCount(s);
  if (width > runes) out.append(width - runes, ' ');
}

}  // namespace tfstream::render::text
