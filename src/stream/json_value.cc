#include "stream/json_value.h"

#include <cstdint>
#include <cstring>

#include "base/ascii.h"

namespace tfstream::stream {

bool JsonValue::Find(std::string_view key, const JsonValue** value) const {
  if (kind != JsonKind::kObject) return false;
  if (size <= 8) {
    // Small objects: an equality scan is cheaper than ordered comparisons.
    for (size_t i = 0; i < size; ++i) {
      if (KeyEqual(members[i].key, key)) {
        *value = members[i].value;
        return true;
      }
    }
    return false;
  }
  size_t lo = 0, hi = size;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    int c = KeyCompare(members[mid].key, key);
    if (c == 0) {
      *value = members[mid].value;
      return true;
    }
    if (c < 0) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  return false;
}

namespace {

// The ASCII letter (lower case) a non-ASCII rune at key[*i] folds to, or 0;
// advances *i past the rune when it folds. Go folds names to the smallest
// rune of their unicode.SimpleFold orbit; only two non-ASCII runes land on an
// ASCII letter. (U+0130 and U+0131 have orbits of their own: checked against
// Go 1.26's encoding/json, they name no field with an 'i'.)
char FoldedNonAscii(std::string_view key, size_t* i) {
  auto byte = [&](size_t k) { return *i + k < key.size() ? static_cast<unsigned char>(key[*i + k]) : 0u; };
  unsigned lead = byte(0);
  if (lead == 0xC5 && byte(1) == 0xBF) {  // U+017F LATIN SMALL LETTER LONG S
    *i += 2;
    return 's';
  }
  if (lead == 0xE2 && byte(1) == 0x84 && byte(2) == 0xAA) {  // U+212A KELVIN SIGN
    *i += 3;
    return 'k';
  }
  return 0;
}

}  // namespace

bool KeyIsField(std::string_view key, std::string_view field) {
  if (key.size() == field.size()) {
    // The common case; a non-ASCII rune would make the key longer.
    for (size_t i = 0; i < key.size(); ++i) {
      if (AsciiLower(key[i]) != AsciiLower(field[i])) return false;
    }
    return true;
  }
  // A rune folding to ASCII is at most 3 bytes long.
  if (key.size() < field.size() || key.size() > 3 * field.size()) return false;
  size_t i = 0, j = 0;
  while (i < key.size()) {
    if (j == field.size()) return false;
    char c = key[i];
    if (static_cast<unsigned char>(c) < 0x80) {
      ++i;
    } else if ((c = FoldedNonAscii(key, &i)) == 0) {
      return false;
    }
    if (AsciiLower(c) != AsciiLower(field[j])) return false;
    ++j;
  }
  return j == field.size();
}

namespace {

// Lower-cases the ASCII letters of 8 bytes that are all ASCII, without a
// branch per byte: a byte's high bit after adding 0x80 - 'A' says >= 'A',
// after adding 0x80 - '[' says > 'Z'.
uint64_t LowerAsciiWord(uint64_t w) {
  constexpr uint64_t kOnes = 0x0101010101010101ULL;
  uint64_t ge_a = w + kOnes * (0x80 - 'A');
  uint64_t gt_z = w + kOnes * (0x80 - '[');
  uint64_t upper = ge_a & ~gt_z & (kOnes * 0x80);
  return w | (upper >> 2);
}

}  // namespace

bool KeyFoldsToItself(std::string_view key) {
  constexpr uint64_t kOnes = 0x0101010101010101ULL;
  constexpr uint64_t kHigh = kOnes * 0x80;
  // Bytes all ASCII (checked first, so that the sums below carry into no
  // neighbour), none of them in 'A'..'Z'.
  auto plain = [](uint64_t w) {
    return (w & kHigh) == 0 && ((w + kOnes * (0x80 - 'A')) & ~(w + kOnes * (0x80 - '[')) & kHigh) == 0;
  };
  const size_t n = key.size();
  const char* p = key.data();
  if (n >= 8) {
    uint64_t w;
    for (size_t i = 0; i + 8 <= n; i += 8) {
      std::memcpy(&w, p + i, 8);
      if (!plain(w)) return false;
    }
    std::memcpy(&w, p + n - 8, 8);
    return plain(w);
  }
  if (n >= 4) {
    uint32_t head, tail;
    std::memcpy(&head, p, 4);
    std::memcpy(&tail, p + n - 4, 4);
    return plain(head | (uint64_t{tail} << 32));
  }
  for (size_t i = 0; i < n; ++i) {
    const auto c = static_cast<unsigned char>(p[i]);
    if (c >= 0x80 || (c >= 'A' && c <= 'Z')) return false;
  }
  return true;
}

FieldKey::FieldKey(std::string_view key) : key_(key) {
  const size_t n = key.size();
  if (n > kMaxFolded) {
    // Folding shortens a key by at most two bytes a rune; a key three times
    // longer than any name compared here cannot match one.
    if (n > 3 * kMaxFolded) return;
  } else if (n >= 8) {
    // The common key: plain ASCII, folded 8 bytes at a time (the last word
    // overlaps the one before it).
    constexpr uint64_t kHigh = 0x8080808080808080ULL;
    uint64_t all = 0;
    for (size_t i = 0; i + 8 <= n; i += 8) {
      uint64_t w;
      std::memcpy(&w, key.data() + i, 8);
      all |= w;
      w = LowerAsciiWord(w);
      std::memcpy(folded_ + i, &w, 8);
    }
    uint64_t w;
    std::memcpy(&w, key.data() + n - 8, 8);
    all |= w;
    w = LowerAsciiWord(w);
    std::memcpy(folded_ + n - 8, &w, 8);
    if ((all & kHigh) == 0) {
      size_ = n;
      return;
    }
  } else if (n >= 4) {
    // Keys of four to seven bytes (mode, type, name, index, values): two
    // overlapping four-byte words, as above.
    uint32_t head, tail;
    std::memcpy(&head, key.data(), 4);
    std::memcpy(&tail, key.data() + n - 4, 4);
    if (((head | tail) & 0x80808080U) == 0) {
      const auto lower_head = static_cast<uint32_t>(LowerAsciiWord(head));
      const auto lower_tail = static_cast<uint32_t>(LowerAsciiWord(tail));
      std::memcpy(folded_, &lower_head, 4);
      std::memcpy(folded_ + n - 4, &lower_tail, 4);
      size_ = n;
      return;
    }
  }
  size_t j = 0;
  for (size_t i = 0; i < n;) {
    // Longer than every name compared here, or a rune that folds to no
    // ASCII letter: the key names none of them.
    if (j == kMaxFolded) return;
    char c = key[i];
    if (static_cast<unsigned char>(c) < 0x80) {
      ++i;
    } else if ((c = FoldedNonAscii(key, &i)) == 0) {
      return;
    }
    folded_[j++] = AsciiLower(c);
  }
  size_ = j;
}

bool FindField(const JsonValue* object, std::string_view name, const JsonValue** value) {
  bool found = false;
  ForEachMemberInOrder(object, [&](const JsonMember& m) {
    if (KeyIsField(m.key, name)) {
      *value = m.value;
      found = true;
    }
  });
  return found;
}

const JsonValue* FindNonNullField(const JsonValue* object, std::string_view name) {
  const JsonValue* last = nullptr;
  ForEachMemberInOrder(object, [&](const JsonMember& m) {
    if (m.value != nullptr && KeyIsField(m.key, name)) last = m.value;
  });
  return last;
}

bool JsonDeepEqual(const JsonValue* a, const JsonValue* b) {
  if (a == b) return true;
  if (a == nullptr || b == nullptr) return false;
  if (a->kind != b->kind) return false;
  switch (a->kind) {
    case JsonKind::kBool:
      return a->boolean == b->boolean;
    case JsonKind::kNumber:
      if (a->IsFloatNegativeZero() || b->IsFloatNegativeZero()) {
        auto zero = [](const JsonValue* v) { return v->text() == "0" || v->text() == "-0"; };
        return zero(a) && zero(b);
      }
      return a->text() == b->text();
    case JsonKind::kString:
      return a->text() == b->text();
    case JsonKind::kArray:
      if (a->size != b->size) return false;
      for (size_t i = 0; i < a->size; ++i) {
        if (!JsonDeepEqual(a->items[i], b->items[i])) return false;
      }
      return true;
    case JsonKind::kObject:
      if (a->size != b->size) return false;
      for (size_t i = 0; i < a->size; ++i) {
        if (a->members[i].key != b->members[i].key) return false;
        if (!JsonDeepEqual(a->members[i].value, b->members[i].value)) return false;
      }
      return true;
  }
  return false;
}

}  // namespace tfstream::stream
