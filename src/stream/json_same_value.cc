#include "stream/json_same_value.h"

#include <cstdlib>

namespace tfstream::stream {

std::string CanonicalNumber(std::string_view s) {
  size_t p = 0;
  bool negative = p < s.size() && s[p] == '-';
  if (negative) ++p;
  std::string digits;
  long long exponent = 0;  // of the last digit kept
  bool fraction = false;
  for (; p < s.size(); ++p) {
    char c = s[p];
    if (c == '.') {
      fraction = true;
    } else if (c >= '0' && c <= '9') {
      if (!(digits.empty() && c == '0')) digits.push_back(c);
      if (fraction) --exponent;
    } else {
      break;  // 'e' or 'E'
    }
  }
  if (p < s.size() && (s[p] == 'e' || s[p] == 'E')) {
    // Exponents beyond this range make values no plan holds; clamped.
    long long e = std::strtoll(std::string(s.substr(p + 1)).c_str(), nullptr, 10);
    exponent += e;
  }
  if (digits.empty()) return "0";
  // Leading zeros were never kept; trailing zeros go into the exponent.
  size_t end = digits.size();
  while (end > 0 && digits[end - 1] == '0') {
    --end;
    ++exponent;
  }
  digits.resize(end);
  return (negative ? "-" : "") + digits + "e" + std::to_string(exponent);
}

bool JsonSameValue(const JsonValue* a, const JsonValue* b) {
  if (a == b) return true;
  if (a == nullptr || b == nullptr) return false;
  if (a->kind != b->kind) return false;
  switch (a->kind) {
    case JsonKind::kBool:
      return a->boolean == b->boolean;
    case JsonKind::kNumber:
      return a->text() == b->text() || CanonicalNumber(a->text()) == CanonicalNumber(b->text());
    case JsonKind::kString:
      return a->text() == b->text();
    case JsonKind::kArray:
      if (a->size != b->size) return false;
      for (size_t i = 0; i < a->size; ++i) {
        if (!JsonSameValue(a->items[i], b->items[i])) return false;
      }
      return true;
    case JsonKind::kObject:
      if (a->size != b->size) return false;
      for (size_t i = 0; i < a->size; ++i) {
        if (a->members[i].key != b->members[i].key) return false;
        if (!JsonSameValue(a->members[i].value, b->members[i].value)) return false;
      }
      return true;
  }
  return false;
}

}  // namespace tfstream::stream
