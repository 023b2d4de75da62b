#include "buffer/base85.h"

#include <array>
#include <cstdint>
#include <cstring>

namespace tfstream::buffer {

namespace {

static_assert(kBase85Alphabet.size() == 85);

// Every pair of digits (value 0 to 85*85-1) as its two characters: a group
// is then two divisions by 7225 and three copies, not four divisions.
struct PairTable {
  std::array<char, 85 * 85 * 2> chars{};
  constexpr PairTable() {
    for (int v = 0; v < 85 * 85; ++v) {
      chars[2 * v] = kBase85Alphabet[v / 85];
      chars[2 * v + 1] = kBase85Alphabet[v % 85];
    }
  }
};
constexpr PairTable kPairs;

// Digit value of each byte, 255 outside the alphabet.
struct ValueTable {
  std::array<uint8_t, 256> value{};
  constexpr ValueTable() {
    for (int c = 0; c < 256; ++c) value[c] = 255;
    for (size_t i = 0; i < kBase85Alphabet.size(); ++i) value[static_cast<unsigned char>(kBase85Alphabet[i])] = static_cast<uint8_t>(i);
  }
};
constexpr ValueTable kValues;

// The 5 characters of `v`.
inline void EncodeGroup(uint32_t v, char* p) {
  const uint32_t low = v % 7225;  // the last two digits
  v /= 7225;                      // < 85^3
  const uint32_t mid = v % 7225;  // the two before
  p[0] = kBase85Alphabet[v / 7225];
  std::memcpy(p + 1, &kPairs.chars[2 * mid], 2);
  std::memcpy(p + 3, &kPairs.chars[2 * low], 2);
}

}  // namespace

void AppendBase85(std::string_view data, std::string* out) {
  const size_t start = out->size();
  out->resize(start + Base85Length(data.size()));
  char* p = out->data() + start;
  const auto* in = reinterpret_cast<const unsigned char*>(data.data());
  size_t i = 0;
  for (; i + 4 <= data.size(); i += 4, p += 5) {
    EncodeGroup((uint32_t{in[i]} << 24) | (uint32_t{in[i + 1]} << 16) | (uint32_t{in[i + 2]} << 8) | in[i + 3], p);
  }
  const size_t rest = data.size() - i;
  if (rest > 0) {
    uint32_t v = 0;
    for (size_t k = 0; k < 4; ++k) v = (v << 8) | (k < rest ? in[i + k] : 0u);
    char group[5];
    EncodeGroup(v, group);
    std::memcpy(p, group, rest + 1);
  }
}

bool DecodeBase85(std::string_view text, std::string* out) {
  if (text.size() % 5 == 1) return false;
  for (size_t i = 0; i < text.size(); i += 5) {
    const size_t n = text.size() - i < 5 ? text.size() - i : 5;
    uint64_t v = 0;
    for (size_t k = 0; k < 5; ++k) {
      uint8_t d = k < n ? kValues.value[static_cast<unsigned char>(text[i + k])] : 84;
      if (d == 255) return false;
      v = v * 85 + d;
    }
    if (v > 0xFFFFFFFFu) return false;
    for (size_t k = 0; k + 1 < n; ++k) out->push_back(static_cast<char>((v >> (24 - 8 * k)) & 255));
  }
  return true;
}

}  // namespace tfstream::buffer
