// Grammar and limits follow Go's encoding/json scanner: RFC 8259 values, no
// leading zeros, control characters must be escaped, nesting at most 10000.
// Strings are scanned 16 bytes at a time with SSE2 when available: only a
// quote, a backslash or a control byte needs a closer look.
#include "stream/json_scanner.h"

#include <cstdint>
#include <cstring>
#include <limits>

#include "stream/go_json_string.h"
#include "stream/structural_skip.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace tfstream::stream {
namespace {

bool IsHex(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

}  // namespace

std::string DescribeByte(std::string_view text, size_t pos) {
  if (pos >= text.size()) return "end of input";
  // Byte order marks come from Windows editors and PowerShell redirection;
  // Go's decoder rejects them too, but say what they are.
  if (pos == 0 && text.substr(0, 3) == "\xEF\xBB\xBF") {
    return "a UTF-8 byte order mark (remove it: JSON text must not start with one)";
  }
  if (pos == 0 && (text.substr(0, 2) == "\xFF\xFE" || text.substr(0, 2) == "\xFE\xFF")) {
    return "a UTF-16 byte order mark (convert the input to UTF-8)";
  }
  unsigned char c = static_cast<unsigned char>(text[pos]);
  if (c >= 0x20 && c < 0x7f) return std::string("'") + static_cast<char>(c) + "'";
  char buf[16];
  std::snprintf(buf, sizeof buf, "byte 0x%02x", c);
  return buf;
}

bool JsonScanner::FailAt(size_t at, const std::string& message) {
  if (status_.ok()) status_ = Status::Error(message, base_ + at);
  return false;
}

bool JsonScanner::Expect(char c, const char* what) {
  SkipWhitespace();
  if (pos_ < text_.size() && text_[pos_] == c) {
    ++pos_;
    return true;
  }
  return Fail(std::string("expected ") + what + ", found " + DescribeByte(text_, pos_));
}

bool JsonScanner::SkipString() {
  // REQUIRES: text_[pos_] == '"'
  size_t i = pos_ + 1;
  const size_t n = text_.size();
  const char* p = text_.data();
  while (true) {
#if defined(__SSE2__)
    const __m128i quote = _mm_set1_epi8('"');
    const __m128i slash = _mm_set1_epi8('\\');
    const __m128i limit = _mm_set1_epi8(0x1f);
    while (i + 16 <= n) {
      __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i));
      // Control bytes are those with unsigned value <= 0x1f: min(v, 0x1f) == v.
      __m128i ctrl = _mm_cmpeq_epi8(_mm_min_epu8(v, limit), v);
      __m128i hit = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, slash)), ctrl);
      int mask = _mm_movemask_epi8(hit);
      if (mask != 0) {
        i += static_cast<size_t>(__builtin_ctz(static_cast<unsigned>(mask)));
        break;
      }
      i += 16;
    }
#endif
    if (i >= n) return FailAt(n, "unexpected end of input in string");
    unsigned char c = static_cast<unsigned char>(p[i]);
    if (c == '"') {
      pos_ = i + 1;
      return true;
    }
    if (c == '\\') {
      if (i + 1 >= n) return FailAt(n, "unexpected end of input in string escape");
      char e = p[i + 1];
      switch (e) {
        case '"': case '\\': case '/': case 'b': case 'f': case 'n': case 'r': case 't':
          i += 2;
          continue;
        case 'u':
          for (size_t k = 2; k < 6; ++k) {
            if (i + k >= n) return FailAt(n, "unexpected end of input in \\u escape");
            if (!IsHex(p[i + k])) return FailAt(i + k, "invalid character in \\u escape, expected a hex digit");
          }
          i += 6;
          continue;
        default:
          return FailAt(i + 1, "invalid escape in string: " + DescribeByte(text_, i + 1));
      }
    }
    if (c < 0x20) return FailAt(i, "invalid control character in string (" + DescribeByte(text_, i) + ")");
    ++i;
  }
}

bool JsonScanner::SkipNumber() {
  size_t i = pos_;
  const size_t n = text_.size();
  auto digit = [&](size_t k) { return k < n && text_[k] >= '0' && text_[k] <= '9'; };
  if (i < n && text_[i] == '-') ++i;
  if (!digit(i)) return FailAt(i, "expected a digit in number, found " + DescribeByte(text_, i));
  if (text_[i] == '0') {
    ++i;
  } else {
    while (digit(i)) ++i;
  }
  if (i < n && text_[i] == '.') {
    ++i;
    if (!digit(i)) return FailAt(i, "expected a digit after the decimal point, found " + DescribeByte(text_, i));
    while (digit(i)) ++i;
  }
  if (i < n && (text_[i] == 'e' || text_[i] == 'E')) {
    ++i;
    if (i < n && (text_[i] == '+' || text_[i] == '-')) ++i;
    if (!digit(i)) return FailAt(i, "expected a digit in exponent, found " + DescribeByte(text_, i));
    while (digit(i)) ++i;
  }
  pos_ = i;
  return true;
}

bool JsonScanner::SkipLiteral(std::string_view word) {
  if (text_.substr(pos_, word.size()) != word) {
    size_t k = 0;
    while (k < word.size() && pos_ + k < text_.size() && text_[pos_ + k] == word[k]) ++k;
    return FailAt(pos_ + k, std::string("invalid literal, expected '") + std::string(word) + "'");
  }
  pos_ += word.size();
  return true;
}

bool JsonScanner::SkipValue(int outer_depth) {
  // Iterative so that hostile nesting cannot exhaust the stack. One bit per
  // open container: set for an object, clear for an array.
  uint64_t is_object[(kMaxDepth + 63) / 64];
  int depth = 0;
  const char* p = text_.data();
  const size_t n = text_.size();
  auto ws = [&] {
    while (pos_ < n) {
      char c = p[pos_];
      if (c != ' ' && c != '\n' && c != '\r' && c != '\t') break;
      ++pos_;
    }
  };
  auto top_is_object = [&] { return (is_object[(depth - 1) >> 6] >> ((depth - 1) & 63)) & 1; };
  auto expect_key = [&]() -> bool {
    ws();
    if (pos_ >= n || p[pos_] != '"') return Fail("expected a string object key, found " + DescribeByte(text_, pos_));
    if (!SkipString()) return false;
    ws();
    if (pos_ >= n || p[pos_] != ':') return Fail("expected ':' after object key, found " + DescribeByte(text_, pos_));
    ++pos_;
    return true;
  };
  while (true) {
    ws();
    if (pos_ >= next_progress_) Progress();
    if (pos_ >= n) return Fail("unexpected end of input, expected a value");
    char c = p[pos_];
    switch (c) {
      case '"':
        if (!SkipString()) return false;
        break;
      case '{':
      case '[': {
        if (depth + outer_depth >= kMaxDepth) return Fail("exceeded maximum nesting depth of 10000");
        ++pos_;
        uint64_t bit = uint64_t{1} << (depth & 63);
        if (c == '{') {
          is_object[depth >> 6] |= bit;
        } else {
          is_object[depth >> 6] &= ~bit;
        }
        ++depth;
        ws();
        if (pos_ < n && p[pos_] == (c == '{' ? '}' : ']')) {
          ++pos_;
          --depth;
          break;
        }
        if (c == '{' && !expect_key()) return false;
        continue;  // the first element's value follows
      }
      case 't':
        if (!SkipLiteral("true")) return false;
        break;
      case 'f':
        if (!SkipLiteral("false")) return false;
        break;
      case 'n':
        if (!SkipLiteral("null")) return false;
        break;
      default:
        if (c == '-' || (c >= '0' && c <= '9')) {
          if (!SkipNumber()) return false;
          break;
        }
        return Fail("expected a value, found " + DescribeByte(text_, pos_));
    }
    // After a complete value: close containers or move to the next element.
    while (true) {
      if (depth == 0) return true;
      ws();
      if (pos_ >= n) return Fail("unexpected end of input, expected ',' or a closing bracket");
      bool obj = top_is_object();
      char d = p[pos_];
      if (d == ',') {
        ++pos_;
        if (obj && !expect_key()) return false;
        break;
      }
      if (d == (obj ? '}' : ']')) {
        ++pos_;
        --depth;
        continue;
      }
      return Fail(std::string("expected ',' or '") + (obj ? '}' : ']') + "', found " + DescribeByte(text_, pos_));
    }
  }
}

bool JsonScanner::SkipStructurally(int outer_depth) {
  SkipWhitespace();
  if (pos_ >= text_.size()) return Fail("unexpected end of input, expected a value");
  SkipProgress progress;
  if (progress_) {
    progress.interval = progress_interval_;
    progress.fn = [this](size_t at) { progress_(base_ + at); };
  }
  StructuralEnd e = SkipByStructure(text_, pos_, kMaxDepth - outer_depth, progress_ ? &progress : nullptr);
  if (e.too_deep) return FailAt(e.end, "exceeded maximum nesting depth of 10000");
  if (!e.complete) return FailAt(text_.size(), "unexpected end of input in a value");
  Advance(e.end);
  return true;
}

size_t SkipValidValue(std::string_view text, size_t pos) {
  return SkipByStructure(text, pos, std::numeric_limits<int>::max()).end;
}

bool JsonScanner::ReadStringRaw(std::string_view* raw) {
  SkipWhitespace();
  if (pos_ >= text_.size() || text_[pos_] != '"') {
    return Fail("expected a string, found " + DescribeByte(text_, pos_));
  }
  size_t start = pos_ + 1;
  if (!SkipString()) return false;
  *raw = text_.substr(start, pos_ - 1 - start);
  return true;
}

bool JsonScanner::ReadString(std::string* out) {
  std::string_view raw;
  if (!ReadStringRaw(&raw)) return false;
  out->clear();
  if (!NeedsGoJsonDecoding(raw)) {
    out->assign(raw);
    return true;
  }
  if (!DecodeGoJsonString(raw, out)) return FailAt(static_cast<size_t>(raw.data() - text_.data()), "invalid string");
  return true;
}

bool JsonScanner::BeginObject(const char* what) {
  return Expect('{', what);
}

bool JsonScanner::NextMember(bool* first, std::string* key) {
  SkipWhitespace();
  if (pos_ >= next_progress_) Progress();
  if (pos_ >= text_.size()) return Fail("unexpected end of input in object");
  if (text_[pos_] == '}') {
    ++pos_;
    return false;
  }
  if (!*first) {
    if (text_[pos_] != ',') return Fail("expected ',' or '}' after object member, found " + DescribeByte(text_, pos_));
    ++pos_;
  }
  *first = false;
  if (!ReadString(key)) return false;
  return Expect(':', "':' after object key");
}

bool JsonScanner::BeginArray(const char* what) {
  return Expect('[', what);
}

bool JsonScanner::NextElement(bool* first) {
  SkipWhitespace();
  if (pos_ >= next_progress_) Progress();
  if (pos_ >= text_.size()) return Fail("unexpected end of input in array");
  if (text_[pos_] == ']') {
    ++pos_;
    return false;
  }
  if (!*first) {
    if (text_[pos_] != ',') return Fail("expected ',' or ']' after array element, found " + DescribeByte(text_, pos_));
    ++pos_;
  }
  *first = false;
  return true;
}

}  // namespace tfstream::stream
