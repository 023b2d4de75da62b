#include "stream/pre_scan_split.h"

#include <algorithm>
#include <cstring>

namespace tfstream::stream {
namespace {

bool IsSpace(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }

// The last non-whitespace position before `pos`, or npos.
size_t Before(std::string_view doc, size_t pos) {
  while (pos > 0) {
    --pos;
    if (!IsSpace(doc[pos])) return pos;
  }
  return std::string_view::npos;
}

size_t After(std::string_view doc, size_t pos) {
  while (pos < doc.size() && IsSpace(doc[pos])) ++pos;
  return pos;
}

}  // namespace

size_t FindElementGuess(std::string_view doc, size_t from, size_t window) {
  static constexpr std::string_view kKey = "\"address\"";
  if (from >= doc.size()) return std::string_view::npos;
  const size_t limit = std::min(doc.size(), from + std::min(window, doc.size() - from));
  size_t at = from;
  while (at < limit) {
    const void* hit = memmem(doc.data() + at, limit - at, kKey.data(), kKey.size());
    if (hit == nullptr) break;
    const size_t key = static_cast<size_t>(static_cast<const char*>(hit) - doc.data());
    at = key + 1;
    size_t colon = After(doc, key + kKey.size());
    if (colon >= doc.size() || doc[colon] != ':') continue;
    size_t open = Before(doc, key);
    if (open == std::string_view::npos || doc[open] != '{') continue;
    size_t comma = Before(doc, open);
    if (comma == std::string_view::npos || doc[comma] != ',' || comma < from) continue;
    size_t close = Before(doc, comma);
    if (close == std::string_view::npos || doc[close] != '}') continue;
    return comma + 1;
  }
  return std::string_view::npos;
}

void SkipMemo::Add(size_t begin, size_t end, Kind kind) { entries_.push_back(Entry{begin, end, kind}); }

size_t SkipMemo::Find(size_t begin, Kind kind) const {
  auto it = std::lower_bound(entries_.begin(), entries_.end(), begin,
                             [](const Entry& e, size_t b) { return e.begin < b; });
  for (; it != entries_.end() && it->begin == begin; ++it) {
    if (it->kind == kind) return it->end;
  }
  return 0;
}

}  // namespace tfstream::stream
