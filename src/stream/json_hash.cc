#include "stream/json_hash.h"

#include <cstring>
#include <string_view>

namespace tfstream::stream {
namespace {

uint64_t Mix(uint64_t h, uint64_t v) {
  h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
  return h * 0xff51afd7ed558ccdull;
}

// Eight bytes a step: the hash only has to agree for equal texts (it picks
// buckets, never an order), and strings are most of what is hashed.
uint64_t HashBytes(std::string_view s) {
  const char* p = s.data();
  const size_t n = s.size();
  uint64_t h = 0xcbf29ce484222325ull ^ n;
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    uint64_t w;
    std::memcpy(&w, p + i, 8);
    h = (h ^ w) * 0x9e3779b97f4a7c15ull;
    h ^= h >> 29;
  }
  uint64_t tail = 0;
  for (; i < n; ++i) tail = (tail << 8) | static_cast<unsigned char>(p[i]);
  return Mix(h, tail);
}

}  // namespace

uint64_t JsonHash(const JsonValue* v) {
  if (v == nullptr) return 0x6e756c6cull;
  uint64_t h = static_cast<uint64_t>(v->kind) + 1;
  switch (v->kind) {
    case JsonKind::kBool:
      return Mix(h, v->boolean ? 1 : 2);
    case JsonKind::kNumber:
      // A float64 -0 equals 0 (JsonDeepEqual): it hashes as "0".
      return Mix(h, HashBytes(v->IsFloatNegativeZero() ? std::string_view("0") : v->text()));
    case JsonKind::kString:
      return Mix(h, HashBytes(v->text()));
    case JsonKind::kArray:
      for (size_t i = 0; i < v->size; ++i) h = Mix(h, JsonHash(v->items[i]));
      return Mix(h, v->size);
    case JsonKind::kObject:
      for (size_t i = 0; i < v->size; ++i) {
        h = Mix(h, HashBytes(v->members[i].key));
        h = Mix(h, JsonHash(v->members[i].value));
      }
      return Mix(h, v->size);
  }
  return h;
}

}  // namespace tfstream::stream
