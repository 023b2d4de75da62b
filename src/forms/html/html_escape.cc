#include "forms/html/html_escape.h"

#include <cstdint>

namespace tfstream::forms::html {

namespace {

// The length of the valid UTF-8 sequence at s[i], or 0 when it is not one
// (overlong forms, surrogates and code points past U+10FFFF included).
size_t Utf8Length(std::string_view s, size_t i, uint32_t* code) {
  auto byte = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
  unsigned char c = byte(i);
  size_t n;
  uint32_t cp;
  if (c < 0x80) {
    *code = c;
    return 1;
  } else if (c >= 0xc2 && c <= 0xdf) {
    n = 2, cp = c & 0x1f;
  } else if (c >= 0xe0 && c <= 0xef) {
    n = 3, cp = c & 0x0f;
  } else if (c >= 0xf0 && c <= 0xf4) {
    n = 4, cp = c & 0x07;
  } else {
    return 0;
  }
  if (i + n > s.size()) return 0;
  for (size_t k = 1; k < n; ++k) {
    if ((byte(i + k) & 0xc0) != 0x80) return 0;
    cp = (cp << 6) | (byte(i + k) & 0x3f);
  }
  if ((n == 3 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) || (n == 4 && (cp < 0x10000 || cp > 0x10ffff))) {
    return 0;
  }
  *code = cp;
  return n;
}

// Bytes a script element's JSON string holds as they are: printable ASCII
// but for the quote, the backslash and '<', '>', '&'.
struct PlainJsonBytes {
  bool plain[256] = {};
  constexpr PlainJsonBytes() {
    for (int c = 0x20; c < 0x7f; ++c) plain[c] = c != '"' && c != '\\' && c != '<' && c != '>' && c != '&';
  }
};
constexpr PlainJsonBytes kPlainJson;

}  // namespace

void AppendHtmlText(std::string_view s, std::string* out) {
  for (size_t i = 0; i < s.size();) {
    uint32_t cp;
    size_t n = Utf8Length(s, i, &cp);
    if (n == 0) {
      out->append("\xef\xbf\xbd");
      ++i;
      continue;
    }
    switch (cp) {
      case '&': out->append("&amp;"); break;
      case '<': out->append("&lt;"); break;
      case '>': out->append("&gt;"); break;
      case '"': out->append("&quot;"); break;
      case '\'': out->append("&#39;"); break;
      default: out->append(s.substr(i, n));
    }
    i += n;
  }
}

void AppendScriptJsonString(std::string_view s, std::string* out) {
  static constexpr char kHex[] = "0123456789abcdef";
  auto escape = [&](uint32_t cp) {
    out->append("\\u");
    for (int shift = 12; shift >= 0; shift -= 4) out->push_back(kHex[(cp >> shift) & 15]);
  };
  out->push_back('"');
  for (size_t i = 0; i < s.size();) {
    // Runs of plain bytes in one append (the report's index is mostly such
    // runs: addresses and module names).
    size_t run = i;
    while (run < s.size() && kPlainJson.plain[static_cast<unsigned char>(s[run])]) ++run;
    if (run > i) {
      out->append(s.data() + i, run - i);
      i = run;
      continue;
    }
    uint32_t cp;
    size_t n = Utf8Length(s, i, &cp);
    if (n == 0) {
      escape(0xfffd);
      ++i;
      continue;
    }
    switch (cp) {
      case '"': out->append("\\\""); break;
      case '\\': out->append("\\\\"); break;
      case '\n': out->append("\\n"); break;
      case '\r': out->append("\\r"); break;
      case '\t': out->append("\\t"); break;
      case '<': case '>': case '&': case 0x2028: case 0x2029: escape(cp); break;
      default:
        if (cp < 0x20 || cp == 0x7f) {
          escape(cp);
        } else {
          out->append(s.substr(i, n));
        }
    }
    i += n;
  }
  out->push_back('"');
}

}  // namespace tfstream::forms::html
