// Grammar and limits follow Go's encoding/json scanner: RFC 8259 values, no
// leading zeros, control characters must be escaped, nesting at most 10000.
// Strings are scanned 16 bytes at a time with SSE2 when available
// (json_string_scan.h): only a quote, a backslash or a control byte needs a
// closer look.
#include "stream/json_scanner.h"

#include <atomic>
#include <cstdint>
#include <cstring>
#include <limits>

#include "stream/go_json_string.h"
#include "stream/json_scanner_skip_value.h"
#include "stream/json_string_scan.h"
#include "stream/structural_skip.h"

namespace tfstream::stream {
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
  detail::StringScan r = detail::ScanStringFast<false>(text_.data(), pos_ + 1, text_.size());
  if (r.done) {
    pos_ = r.pos;
    return true;
  }
  return SkipStringTail(r.pos);
}

bool JsonScanner::SkipStringTail(size_t i) {
  // The careful byte-at-a-time loop: the last bytes of the text, and the
  // exact error for a malformed string.
  const size_t n = text_.size();
  const char* p = text_.data();
  while (true) {
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
            if (!detail::IsHexDigit(p[i + k])) {
              return FailAt(i + k, "invalid character in \\u escape, expected a hex digit");
            }
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

namespace {

// SkipValue's string scan in this translation unit: SSE2.
struct Sse2Strings {
  static detail::StringScan Scan(const char* p, size_t i, size_t n) {
    return detail::ScanStringFast<false>(p, i, n);
  }
};

}  // namespace

namespace {
std::atomic<bool> avx2_allowed{true};
}  // namespace

void JsonScanner::AllowAvx2(bool allowed) { avx2_allowed.store(allowed, std::memory_order_relaxed); }

#if defined(TFSTREAM_HAVE_AVX2_UNIT)
bool JsonScanner::UseAvx2() { return SkipByStructureUsesAvx2() && avx2_allowed.load(std::memory_order_relaxed); }
#endif

bool JsonScanner::SkipValue(int outer_depth) {
#if defined(TFSTREAM_HAVE_AVX2_UNIT)
  if (UseAvx2()) return SkipValueAvx2(outer_depth);
#endif
  return SkipValueWith<Sse2Strings>(outer_depth);
}

bool JsonScanner::FailValue(ValueError what, size_t at) {
  pos_ = at;
  switch (what) {
    case ValueError::kEndInValue:
      return Fail("unexpected end of input, expected a value");
    case ValueError::kTooDeep:
      return Fail("exceeded maximum nesting depth of 10000");
    case ValueError::kNotAValue:
      return Fail("expected a value, found " + DescribeByte(text_, at));
    case ValueError::kEndAfterValue:
      return Fail("unexpected end of input, expected ',' or a closing bracket");
    case ValueError::kNoCommaInObject:
      return Fail("expected ',' or '}', found " + DescribeByte(text_, at));
    case ValueError::kNoCommaInArray:
      return Fail("expected ',' or ']', found " + DescribeByte(text_, at));
    case ValueError::kNoKey:
      return Fail("expected a string object key, found " + DescribeByte(text_, at));
    case ValueError::kNoColon:
      return Fail("expected ':' after object key, found " + DescribeByte(text_, at));
  }
  return false;
}

void JsonScanner::ReportProgress(size_t at) {
  pos_ = at;
  Progress();
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

bool JsonScanner::TrySkipStructurally(int outer_depth) {
  size_t start = pos_;
  SkipWhitespace();
  if (pos_ >= text_.size()) {
    pos_ = start;
    return false;
  }
  SkipProgress progress;
  if (progress_) {
    progress.interval = progress_interval_;
    progress.fn = [this](size_t at) { progress_(base_ + at); };
  }
  StructuralEnd e = SkipByStructure(text_, pos_, kMaxDepth - outer_depth, progress_ ? &progress : nullptr);
  if (e.too_deep || !e.complete) {
    pos_ = start;
    return false;
  }
  Advance(e.end);
  return true;
}

size_t SkipValidValue(std::string_view text, size_t pos) {
  return SkipByStructure(text, pos, std::numeric_limits<int>::max()).end;
}

bool JsonScanner::ReadStringRaw(std::string_view* raw) {
  bool plain;
  return ReadStringRawPlain(raw, &plain);
}

bool JsonScanner::ReadStringRawPlain(std::string_view* raw, bool* plain) {
  SkipWhitespace();
  const char* p = text_.data();
  const size_t n = text_.size();
  if (pos_ >= n || p[pos_] != '"') return FailFound("expected a string, found ");
  const size_t start = pos_ + 1;
  detail::StringScan r = detail::ScanStringFast<true>(p, start, n);
  if (r.done) {
    pos_ = r.pos;
    *plain = r.plain;
  } else {
    if (!SkipStringTail(r.pos)) return false;
    *plain = false;
  }
  *raw = std::string_view(p + start, pos_ - 1 - start);
  return true;
}

bool JsonScanner::FailFound(const char* what) { return Fail(what + DescribeByte(text_, pos_)); }

bool JsonScanner::FailText(const char* message) { return Fail(message); }

bool JsonScanner::ReadString(std::string* out) {
  std::string_view raw;
  bool plain;
  if (!ReadStringRawPlain(&raw, &plain)) return false;
  if (plain || !NeedsGoJsonDecoding(raw)) {
    out->assign(raw);
    return true;
  }
  out->clear();
  if (!DecodeGoJsonString(raw, out)) return FailAt(static_cast<size_t>(raw.data() - text_.data()), "invalid string");
  return true;
}

bool JsonScanner::BeginObject(const char* what) {
  return Expect('{', what);
}

bool JsonScanner::NextMember(bool* first, std::string* key) {
  std::string_view k;
  if (!NextKey(first, &k)) return false;
  key->assign(k);
  return true;
}

bool JsonScanner::NextKey(bool* first, std::string_view* key) {
  SkipWhitespace();
  if (pos_ >= next_progress_) Progress();
  const size_t n = text_.size();
  if (pos_ >= n) return FailText("unexpected end of input in object");
  if (text_[pos_] == '}') {
    ++pos_;
    return false;
  }
  if (!*first) {
    if (text_[pos_] != ',') return FailFound("expected ',' or '}' after object member, found ");
    ++pos_;
  }
  *first = false;
  std::string_view raw;
  bool plain;
  if (!ReadStringRawPlain(&raw, &plain)) return false;
  if (plain || !NeedsGoJsonDecoding(raw)) {
    *key = raw;
  } else if (!DecodeKey(raw, key)) {
    return false;
  }
  // Fast path for the compact ':' right after the key.
  if (pos_ < n && text_[pos_] == ':') {
    ++pos_;
    return true;
  }
  return Expect(':', "':' after object key");
}

bool JsonScanner::DecodeKey(std::string_view raw, std::string_view* key) {
  key_buffer_.clear();
  if (!DecodeGoJsonString(raw, &key_buffer_)) {
    return FailAt(static_cast<size_t>(raw.data() - text_.data()), "invalid string");
  }
  *key = key_buffer_;
  return true;
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

void ReleaseBehind(JsonScanner* s, size_t interval, const std::function<void(uint64_t, uint64_t)>& release,
                   uint64_t* from) {
  if (!release) return;
  s->OnProgress(interval, [&release, from](uint64_t at) {
    if (at > *from) release(*from, at);
    *from = at;
  });
}

}  // namespace tfstream::stream
