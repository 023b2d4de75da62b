// JsonScanner::SkipValue's loop, as a template over the string scan it
// uses: json_scanner.cc instantiates it with SSE2, json_scanner_avx2.cc
// with AVX2 (chosen at run time). Only for those two files. Nothing here
// builds a message or calls a std::function (FailValue and ReportProgress
// do, out of line), so the AVX2 unit emits no shared inline code that the
// SSE2 path could end up calling.
#pragma once

#include <cstdint>
#include <cstring>

#include "stream/json_scanner.h"
#include "stream/json_string_scan.h"

namespace tfstream::stream {

template <typename Strings>
bool JsonScanner::SkipValueWith(int outer_depth) {
  // Iterative so that hostile nesting cannot exhaust the stack. One bit per
  // open container: set for an object, clear for an array; `in_object`
  // caches the innermost one's bit. Written as a small state machine (value,
  // after a value, key) with the common path inline and the cursor in a
  // local (`i`, stored to pos_ before anything out of line reads it): this
  // loop validates every byte ValidateDeferred and the render workers hand
  // it. Plans are mostly compact, so each state first tries the byte it
  // expects and only then skips whitespace.
  uint64_t is_object[(kMaxDepth + 63) / 64];
  int depth = 0;
  bool in_object = false;
  const char* p = text_.data();
  const size_t n = text_.size();
  size_t i = pos_;
  auto ws = [&] {
    while (i < n && (p[i] == ' ' || p[i] == '\n' || p[i] == '\r' || p[i] == '\t')) ++i;
  };
  auto skip_string = [&]() __attribute__((always_inline)) -> bool {
    detail::StringScan r = Strings::Scan(p, i + 1, n);
    if (r.done) {
      i = r.pos;
      return true;
    }
    if (!SkipStringTail(r.pos)) return false;
    i = pos_;
    return true;
  };
  auto literal = [&](const char* word, size_t len) -> bool {
    if (n - i >= len && std::memcmp(p + i, word, len) == 0) {
      i += len;
      return true;
    }
    pos_ = i;
    return SkipLiteral(std::string_view(word, len));
  };
  char c;
value:
  if (i >= n) return FailValue(ValueError::kEndInValue, i);
  c = p[i];
  if (c == '"') {
    if (!skip_string()) return false;
    goto after_value;
  }
  switch (c) {
    case ' ': case '\n': case '\r': case '\t':
      ws();
      goto value;
    case '{':
    case '[': {
      if (i >= next_progress_) ReportProgress(i);
      if (depth + outer_depth >= kMaxDepth) return FailValue(ValueError::kTooDeep, i);
      ++i;
      in_object = c == '{';
      uint64_t bit = uint64_t{1} << (depth & 63);
      if (in_object) {
        is_object[depth >> 6] |= bit;
      } else {
        is_object[depth >> 6] &= ~bit;
      }
      ++depth;
      ws();
      if (i < n && p[i] == (in_object ? '}' : ']')) {
        ++i;
        goto close;
      }
      if (in_object) goto key;
      goto value;  // the first element
    }
    case 't':
      if (!literal("true", 4)) return false;
      goto after_value;
    case 'f':
      if (!literal("false", 5)) return false;
      goto after_value;
    case 'n':
      if (!literal("null", 4)) return false;
      goto after_value;
    default:
      if (c >= '1' && c <= '9') {
        // A plain integer needs no more than its digits; anything with a
        // fraction or an exponent goes to SkipNumber from its start.
        size_t k = i + 1;
        while (k < n && p[k] >= '0' && p[k] <= '9') ++k;
        if (k >= n || (p[k] != '.' && p[k] != 'e' && p[k] != 'E')) {
          i = k;
          goto after_value;
        }
      }
      if (c == '-' || (c >= '0' && c <= '9')) {
        pos_ = i;
        if (!SkipNumber()) return false;
        i = pos_;
        goto after_value;
      }
      return FailValue(ValueError::kNotAValue, i);
  }
close:
  // The innermost container just closed.
  if (--depth != 0) in_object = (is_object[(depth - 1) >> 6] >> ((depth - 1) & 63)) & 1;
after_value:
  // Close containers or move to the next element.
  if (depth == 0) {
    pos_ = i;
    return true;
  }
  if (i < n && p[i] == ',') {
    ++i;
    // Each element: often enough to give back pages even in a flat array.
    if (i >= next_progress_) ReportProgress(i);
    if (in_object) goto key;
    goto value;
  }
  if (i < n && p[i] == (in_object ? '}' : ']')) {
    ++i;
    goto close;
  }
  ws();
  if (i >= n) return FailValue(ValueError::kEndAfterValue, i);
  if (p[i] == ',' || p[i] == (in_object ? '}' : ']')) goto after_value;
  return FailValue(in_object ? ValueError::kNoCommaInObject : ValueError::kNoCommaInArray, i);
key:
  if (i >= n || p[i] != '"') {
    ws();
    if (i >= n || p[i] != '"') return FailValue(ValueError::kNoKey, i);
  }
  if (!skip_string()) return false;
  if (i >= n || p[i] != ':') {
    ws();
    if (i >= n || p[i] != ':') return FailValue(ValueError::kNoColon, i);
  }
  ++i;
  goto value;
}

}  // namespace tfstream::stream
