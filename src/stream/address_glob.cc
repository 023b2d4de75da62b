// Matching is a dynamic programme over (pattern token, address position),
// one row per token from the last to the first, so no pattern can make it
// backtrack exponentially: O(tokens x address length) per address.
#include "stream/address_glob.h"

namespace tfstream::stream {
namespace {

// Marks the characters inside the quotes of an index key (["a.b"]), where
// '.', '[' and ']' are data, not step separators. Go's %q escapes a quote
// inside a key as \", which does not end it.
std::vector<char> InsideKey(std::string_view address) {
  std::vector<char> inside(address.size(), 0);
  bool quoted = false;
  for (size_t i = 0; i < address.size(); ++i) {
    char c = address[i];
    if (!quoted) {
      quoted = c == '"';
      continue;
    }
    if (c == '\\' && i + 1 < address.size()) {
      inside[i] = inside[i + 1] = 1;
      ++i;
    } else if (c == '"') {
      quoted = false;
    } else {
      inside[i] = 1;
    }
  }
  return inside;
}

}  // namespace

Status AddressGlob::Parse(std::string_view pattern, AddressGlob* out) {
  if (pattern.empty()) return Status::Error("--address pattern must not be empty");
  out->pattern_ = std::string(pattern);
  out->tokens_.clear();
  for (size_t i = 0; i < pattern.size(); ++i) {
    char c = pattern[i];
    if (c == '\\') {
      if (i + 1 == pattern.size()) {
        return Status::Error("--address pattern '" + std::string(pattern) + "' ends with a lone backslash");
      }
      out->tokens_.push_back({Kind::kLiteral, pattern[++i]});
    } else if (c == '*' && i + 1 < pattern.size() && pattern[i + 1] == '*') {
      ++i;
      while (i + 1 < pattern.size() && pattern[i + 1] == '*') ++i;  // *** is **
      if (i + 1 < pattern.size() && pattern[i + 1] == '.') {
        ++i;
        out->tokens_.push_back({Kind::kAnyDot});
      } else {
        out->tokens_.push_back({Kind::kAny});
      }
    } else if (c == '*') {
      out->tokens_.push_back({Kind::kStep});
    } else if (c == '?') {
      out->tokens_.push_back({Kind::kOne});
    } else {
      out->tokens_.push_back({Kind::kLiteral, c});
    }
  }
  return Status::Ok();
}

bool AddressGlob::Matches(std::string_view address) const {
  const size_t n = address.size();
  std::vector<char> inside = InsideKey(address);
  auto separator = [&](size_t i) {
    char c = address[i];
    return !inside[i] && (c == '.' || c == '[' || c == ']');
  };
  // next[i]: the tokens after the current one match address[i..].
  std::vector<char> next(n + 1), row(n + 1);
  for (size_t i = 0; i <= n; ++i) {
    next[i] = i == n || (!inside[i] && (address[i] == '.' || address[i] == '['));
  }
  for (size_t j = tokens_.size(); j-- > 0;) {
    const Token& t = tokens_[j];
    bool dotted_tail = false;  // kAnyDot: some separator '.' at or after i leads on
    for (size_t i = n + 1; i-- > 0;) {
      bool m = false;
      switch (t.kind) {
        case Kind::kLiteral:
          m = i < n && address[i] == t.c && next[i + 1];
          break;
        case Kind::kOne:
          m = i < n && !separator(i) && next[i + 1];
          break;
        case Kind::kStep:
          m = next[i] || (i < n && !separator(i) && row[i + 1]);
          break;
        case Kind::kAny:
          m = next[i] || (i < n && row[i + 1]);
          break;
        case Kind::kAnyDot:
          if (i < n && address[i] == '.' && !inside[i] && next[i + 1]) dotted_tail = true;
          m = next[i] || dotted_tail;
          break;
      }
      row[i] = m;
    }
    next.swap(row);
  }
  return next[0] != 0;
}

}  // namespace tfstream::stream
