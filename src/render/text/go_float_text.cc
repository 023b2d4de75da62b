// Reproduces big.NewFloat(f).Text('f', -1) (math/big ftoa.go, decimal.go):
// the exact decimal of the float64, then roundShortest with the bounds
// x ± 1/2 ulp at 53 bits. Unlike strconv's shortest (and std::to_chars),
// big.Float keeps the bounds symmetric at a power of two, where the next
// smaller double is only 1/4 ulp away: 2^64 prints as 18446744073709550000,
// which strconv would not accept.
#include "render/text/go_float_text.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>

namespace tfstream::render::text {
namespace {

// Go's math/big decimal: value = 0.mant * 10^exp, mant without leading or
// trailing zeros (empty: zero).
struct Decimal {
  std::string mant;
  int exp = 0;

  char At(int i) const { return i >= 0 && i < static_cast<int>(mant.size()) ? mant[static_cast<size_t>(i)] : '0'; }

  void Trim() {
    size_t end = mant.size();
    while (end > 0 && mant[end - 1] == '0') --end;
    mant.resize(end);
    if (mant.empty()) exp = 0;
  }
};

// decimal.init(m, shift): the exact decimal of m * 2^shift.
Decimal ExactDecimal(uint64_t m, int shift) {
  // Little-endian base-10 digits of m, then doubled or multiplied by 5.
  std::string digits;  // least significant first, values 0..9
  for (uint64_t v = m; v > 0; v /= 10) digits.push_back(static_cast<char>(v % 10));
  const int factor = shift >= 0 ? 2 : 5;
  for (int n = shift >= 0 ? shift : -shift; n > 0; --n) {
    int carry = 0;
    for (char& d : digits) {
      int v = d * factor + carry;
      d = static_cast<char>(v % 10);
      carry = v / 10;
    }
    while (carry > 0) {
      digits.push_back(static_cast<char>(carry % 10));
      carry /= 10;
    }
  }
  Decimal out;
  for (auto it = digits.rbegin(); it != digits.rend(); ++it) out.mant.push_back(static_cast<char>('0' + *it));
  // m * 5^k / 10^k for a negative shift k: the point moves k places left.
  out.exp = static_cast<int>(out.mant.size()) + (shift < 0 ? shift : 0);
  size_t lead = out.mant.find_first_not_of('0');
  if (lead == std::string::npos) return Decimal{};
  out.mant.erase(0, lead);
  out.exp -= static_cast<int>(lead);
  out.Trim();
  return out;
}

void RoundUp(Decimal* d, int n) {
  while (n > 0 && d->mant[static_cast<size_t>(n - 1)] >= '9') --n;
  if (n == 0) {
    d->mant.assign(1, '1');  // not = "1": GCC 12 warns falsely (-Wstringop-overflow) on that copy
    d->exp++;
    return;
  }
  d->mant[static_cast<size_t>(n - 1)]++;
  d->mant.resize(static_cast<size_t>(n));
}

void RoundDown(Decimal* d, int n) {
  d->mant.resize(static_cast<size_t>(n));
  d->Trim();
}

// decimal.round: to nearest, a final 5 to even.
void Round(Decimal* d, int n) {
  const size_t at = static_cast<size_t>(n);
  bool up = d->mant[at] == '5' && at + 1 == d->mant.size() ? n > 0 && (d->mant[at - 1] - '0') % 2 == 1
                                                           : d->mant[at] >= '5';
  up ? RoundUp(d, n) : RoundDown(d, n);
}

// roundShortest for a float of 53 bits' precision, x = mant53 * 2^exp2.
void RoundShortest(Decimal* d, uint64_t mant53, int exp2) {
  if (d->mant.empty()) return;
  // One more bit: its lsb is 1/2 ulp.
  const uint64_t mant = mant53 << 1;
  const int exp = exp2 - 1;
  const Decimal lower = ExactDecimal(mant - 1, exp);
  const Decimal upper = ExactDecimal(mant + 1, exp);
  const bool inclusive = (mant & 2) == 0;
  for (int i = 0; i < static_cast<int>(d->mant.size()); ++i) {
    const char m = d->mant[static_cast<size_t>(i)];
    const char l = lower.At(i), u = upper.At(i);
    const bool okdown = l != m || (inclusive && i + 1 == static_cast<int>(lower.mant.size()));
    const bool okup = m != u && (inclusive || m + 1 < u || i + 1 < static_cast<int>(upper.mant.size()));
    if (okdown && okup) return Round(d, i + 1);
    if (okdown) return RoundDown(d, i + 1);
    if (okup) return RoundUp(d, i + 1);
  }
}

// strtod on a copy (the view is not NUL-terminated): for JSON numbers, the
// correctly rounded double strconv.ParseFloat gives too.
bool ToDouble(std::string_view number, double* out) {
  std::string copy(number);
  char* end = nullptr;
  *out = std::strtod(copy.c_str(), &end);
  return end == copy.c_str() + copy.size() && std::isfinite(*out);
}

// A JSON integer of at most 15 digits is its own shortest text: its double is
// exact and no shorter decimal lies within half an ulp (at most 1/2).
bool IsShortInteger(std::string_view number) {
  std::string_view digits = number.starts_with('-') ? number.substr(1) : number;
  if (digits.empty() || digits.size() > 15) return false;
  for (char c : digits) {
    if (c < '0' || c > '9') return false;
  }
  return true;
}

}  // namespace

bool AppendFloat64Text(std::string* out, std::string_view number) {
  if (IsShortInteger(number)) {
    out->append(number);
    return true;
  }
  double value = 0;
  if (!ToDouble(number, &value)) {
    out->append(number);
    return false;
  }
  if (std::signbit(value)) out->push_back('-');
  Decimal d;
  if (value != 0) {
    int exp2 = 0;
    const double frac = std::frexp(std::fabs(value), &exp2);  // value = frac * 2^exp2, frac in [0.5, 1)
    const uint64_t mant53 = static_cast<uint64_t>(std::ldexp(frac, 53));
    d = ExactDecimal(mant53, exp2 - 53);
    RoundShortest(&d, mant53, exp2 - 53);
  }
  // Format 'f', precision max(len(mant) - exp, 0).
  if (d.exp > 0) {
    const int m = std::min(static_cast<int>(d.mant.size()), d.exp);
    out->append(d.mant, 0, static_cast<size_t>(m));
    out->append(static_cast<size_t>(d.exp - m), '0');
  } else {
    out->push_back('0');
  }
  const int prec = std::max(static_cast<int>(d.mant.size()) - d.exp, 0);
  if (prec > 0) {
    out->push_back('.');
    for (int i = 0; i < prec; ++i) out->push_back(d.At(d.exp + i));
  }
  return true;
}

bool NumbersAsFloat64(const stream::JsonValue* root, buffer::Arena* arena) {
  if (root == nullptr) return true;
  // The tree is the caller's, in its arena: rewriting it in place is how
  // the decode into float64 is replayed.
  auto* v = const_cast<stream::JsonValue*>(root);
  bool fits = true;
  switch (v->kind) {
    case stream::JsonKind::kNumber: {
      std::string text;
      fits = AppendFloat64Text(&text, v->text());
      if (text == "-0") v->MarkFloatNegativeZero();
      if (text != v->text()) v->set_text(arena->CopyString(text));
      return fits;
    }
    case stream::JsonKind::kArray:
      for (size_t i = 0; i < v->size; ++i) fits = NumbersAsFloat64(v->items[i], arena) && fits;
      return fits;
    case stream::JsonKind::kObject: {
      for (size_t i = 0; i < v->size; ++i) fits = NumbersAsFloat64(v->members[i].value, arena) && fits;
      return fits;
    }
    default:
      return true;
  }
}

}  // namespace tfstream::render::text
