// Grammar accepted by strconv.ParseFloat (go1.26): optional sign, then
// "inf"/"infinity"/"nan" in any case, or a decimal mantissa with optional
// exponent, or a 0x hexadecimal mantissa with a mandatory p exponent.
// Underscores may stand between digits (and after a 0x prefix), in decimal
// numbers too: strconv skips them while reading and checks their places
// afterwards (underscoreOK). Compared with Go 1.26.10's strconv.ParseFloat on
// millions of strings; one known difference is left: a decimal mantissa of
// more than 800 digits before the point whose value is near a rounding
// boundary or the overflow limit, where Go's slow path miscounts the point.
#include "render/text/go_float.h"

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>

#include "base/ascii.h"

namespace tfstream::render::text {
namespace {

bool EqualFold(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (AsciiLower(a[i]) != AsciiLower(b[i])) return false;
  }
  return true;
}

bool IsDigit(char c, bool hex) {
  if (c >= '0' && c <= '9') return true;
  return hex && AsciiLower(c) >= 'a' && AsciiLower(c) <= 'f';
}

// strconv's underscoreOK: an underscore only between digits, or between
// the base prefix and a digit (s is the whole literal, sign included).
bool UnderscoresOk(std::string_view s) {
  char saw = '^';  // '0' a digit or the prefix, '_' an underscore, '!' anything else
  size_t i = 0;
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) s.remove_prefix(1);
  bool hex = false;
  if (s.size() >= 2 && s[0] == '0' && (AsciiLower(s[1]) == 'b' || AsciiLower(s[1]) == 'o' || AsciiLower(s[1]) == 'x')) {
    i = 2;
    saw = '0';
    hex = AsciiLower(s[1]) == 'x';
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

// strconv's atofHex for float64: the 64-bit mantissa (trunc: nonzero digits
// were dropped) times 2^exp, rounded to nearest even with the dropped bits
// as a sticky bit, subnormals included. Done here rather than by strtod,
// which rounds some hexadecimal subnormals differently in glibc 2.36.
bool HexToDouble(uint64_t mantissa, int exp, bool neg, bool trunc, double* out) {
  constexpr int kMantBits = 52, kExpBits = 11, kBias = -1023;
  constexpr int kMaxExp = (1 << kExpBits) + kBias - 2;
  constexpr int kMinExp = kBias + 1;
  exp += kMantBits;
  while (mantissa != 0 && (mantissa >> (kMantBits + 2)) == 0) {
    mantissa <<= 1;
    --exp;
  }
  if (trunc) mantissa |= 1;
  while ((mantissa >> (1 + kMantBits + 2)) != 0) {
    mantissa = (mantissa >> 1) | (mantissa & 1);
    ++exp;
  }
  while (mantissa > 1 && exp < kMinExp - 2) {
    mantissa = (mantissa >> 1) | (mantissa & 1);
    ++exp;
  }
  uint64_t round = mantissa & 3;
  mantissa >>= 2;
  round |= mantissa & 1;  // ties go to even
  exp += 2;
  if (round == 3) {
    ++mantissa;
    if (mantissa == uint64_t{1} << (1 + kMantBits)) {
      mantissa >>= 1;
      ++exp;
    }
  }
  if ((mantissa >> kMantBits) == 0) exp = kBias;  // subnormal or zero
  if (exp > kMaxExp) return false;                 // ErrRange
  uint64_t bits = mantissa & ((uint64_t{1} << kMantBits) - 1);
  bits |= static_cast<uint64_t>((exp - kBias) & ((1 << kExpBits) - 1)) << kMantBits;
  if (neg) bits |= uint64_t{1} << 63;
  std::memcpy(out, &bits, sizeof bits);
  return true;
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
  // readFloat: a 0x prefix needs something after it.
  const bool hex = i + 2 < s.size() && s[i] == '0' && AsciiLower(s[i + 1]) == 'x';
  size_t j = hex ? i + 2 : i;
  bool underscores = false, saw_dot = false, saw_digits = false;
  // Decimal: the digits and point go to strtod, which rounds correctly.
  std::string clean(s.substr(0, i));
  // Hexadecimal: readFloat's mantissa (at most 16 digits), point and count.
  uint64_t mantissa = 0;
  bool trunc = false;
  int nd = 0, nd_mant = 0, dp = 0;
  for (; j < s.size(); ++j) {
    const char c = s[j];
    if (c == '_') {
      underscores = true;
      continue;
    }
    if (c == '.') {
      if (saw_dot) break;
      saw_dot = true;
      dp = nd;
      clean += c;
      continue;
    }
    if (!IsDigit(c, hex)) break;
    saw_digits = true;
    clean += c;
    if (!hex) continue;
    if (c == '0' && nd == 0) {  // leading zeros
      --dp;
      continue;
    }
    ++nd;
    const unsigned digit = c <= '9' ? static_cast<unsigned>(c - '0') : static_cast<unsigned>(AsciiLower(c) - 'a' + 10);
    if (nd_mant < 16) {
      mantissa = mantissa * 16 + digit;
      ++nd_mant;
    } else if (c != '0') {
      trunc = true;
    }
  }
  if (!saw_digits) return false;
  if (!saw_dot) dp = nd;
  int e = 0, esign = 1;
  if (j < s.size() && AsciiLower(s[j]) == (hex ? 'p' : 'e')) {
    ++j;
    if (j < s.size() && (s[j] == '+' || s[j] == '-')) {
      if (s[j] == '-') esign = -1;
      ++j;
    }
    if (j >= s.size() || s[j] < '0' || s[j] > '9') return false;
    for (; j < s.size() && ((s[j] >= '0' && s[j] <= '9') || s[j] == '_'); ++j) {
      if (s[j] == '_') {
        underscores = true;
        continue;
      }
      // Go stops counting at 10000: a longer exponent moves the point
      // "a lot", not exactly.
      if (e < 10000) e = e * 10 + (s[j] - '0');
    }
  } else if (hex) {
    return false;  // a hexadecimal mantissa needs a 'p' exponent
  }
  if (j != s.size()) return false;
  if (underscores && !UnderscoresOk(s)) return false;
  if (hex) {
    const int exp = mantissa != 0 ? dp * 4 - nd_mant * 4 + esign * e : 0;
    return HexToDouble(mantissa, exp, neg, trunc, out);
  }
  clean += 'e';
  clean += std::to_string(esign * e);
  double v = std::strtod(clean.c_str(), nullptr);
  if (std::isinf(v)) return false;  // ErrRange
  *out = v;
  return true;
}

}  // namespace tfstream::render::text
