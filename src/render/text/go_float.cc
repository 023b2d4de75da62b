// Grammar accepted by strconv.ParseFloat (go1.26): optional sign, then
// "inf"/"infinity"/"nan" in any case, or a decimal mantissa with optional
// exponent, or a 0x hexadecimal mantissa with a mandatory p exponent.
// Underscores are accepted only after a base prefix, between digits.
#include "render/text/go_float.h"

#include <cmath>
#include <cstdlib>
#include <string>

namespace tfstream::render::text {
namespace {

bool EqualFold(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    char x = a[i], y = b[i];
    if (x >= 'A' && x <= 'Z') x = static_cast<char>(x - 'A' + 'a');
    if (y >= 'A' && y <= 'Z') y = static_cast<char>(y - 'A' + 'a');
    if (x != y) return false;
  }
  return true;
}

bool IsDigit(char c, bool hex) {
  if (c >= '0' && c <= '9') return true;
  return hex && ((c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'));
}

// strconv's underscoreOK: an underscore only between digits, or between
// the base prefix and a digit (s is the whole literal, sign included).
bool UnderscoresOk(std::string_view s) {
  char saw = '^';  // '0' a digit or the prefix, '_' an underscore, '!' anything else
  size_t i = 0;
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) s.remove_prefix(1);
  bool hex = false;
  if (s.size() >= 2 && s[0] == '0' && (s[1] == 'b' || s[1] == 'B' || s[1] == 'o' || s[1] == 'O' || s[1] == 'x' ||
                                       s[1] == 'X')) {
    i = 2;
    saw = '0';
    hex = s[1] == 'x' || s[1] == 'X';
  }
  for (; i < s.size(); ++i) {
    if (IsDigit(s[i], hex)) {
      saw = '0';
    } else if (s[i] == '_') {
      if (saw != '0') return false;
      saw = '_';
    } else {
      if (saw == '_') return false;
      saw = '!';
    }
  }
  return saw != '_';
}

}  // namespace

bool GoParseFloat(std::string_view s, double* out) {
  if (s.empty()) return false;
  size_t i = 0;
  bool neg = false;
  if (s[0] == '+' || s[0] == '-') {
    neg = s[0] == '-';
    i = 1;
  }
  std::string_view rest = s.substr(i);
  if (EqualFold(rest, "inf") || EqualFold(rest, "infinity")) {
    *out = neg ? -INFINITY : INFINITY;
    return true;
  }
  if (i == 0 && EqualFold(rest, "nan")) {  // a sign goes with "inf" only
    *out = NAN;
    return true;
  }
  bool hex = rest.size() >= 2 && rest[0] == '0' && (rest[1] == 'x' || rest[1] == 'X');
  std::string clean(s.substr(0, i));
  size_t j = i;
  if (hex) {
    clean += "0x";
    j += 2;
  }
  bool base_prefix = hex;
  bool underscores = false;
  bool saw_digits = false, saw_dot = false;
  char prev = hex ? '_' : 0;  // an underscore may follow the base prefix
  for (; j < s.size(); ++j) {
    char c = s[j];
    if (c == '_') {
      if (!base_prefix) return false;
      underscores = true;
      prev = '_';
      continue;
    }
    if (c == '.') {
      if (saw_dot) return false;
      saw_dot = true;
      clean += c;
      prev = c;
      continue;
    }
    if (IsDigit(c, hex)) {
      saw_digits = true;
      clean += c;
      prev = c;
      continue;
    }
    break;
  }
  (void)prev;
  if (!saw_digits) return false;
  if (j < s.size()) {
    char e = s[j];
    if ((!hex && (e == 'e' || e == 'E')) || (hex && (e == 'p' || e == 'P'))) {
      clean += e;
      ++j;
      if (j < s.size() && (s[j] == '+' || s[j] == '-')) clean += s[j++];
      bool exp_digits = false;
      for (; j < s.size(); ++j) {
        if (s[j] == '_' && base_prefix) {
          underscores = true;
          continue;
        }
        if (s[j] < '0' || s[j] > '9') break;
        exp_digits = true;
        clean += s[j];
      }
      if (!exp_digits) return false;
    } else {
      return false;
    }
  } else if (hex) {
    return false;  // hexadecimal mantissa requires a 'p' exponent
  }
  if (j != s.size()) return false;
  if (underscores && !UnderscoresOk(s)) return false;
  double v = std::strtod(clean.c_str(), nullptr);
  if (std::isinf(v)) return false;  // ErrRange
  *out = v;
  return true;
}

}  // namespace tfstream::render::text
