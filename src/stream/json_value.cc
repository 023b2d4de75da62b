#include "stream/json_value.h"

namespace tfstream::stream {

bool JsonValue::Find(std::string_view key, const JsonValue** value) const {
  if (kind != JsonKind::kObject) return false;
  if (size <= 8) {
    // Small objects: an equality scan is cheaper than ordered comparisons.
    for (size_t i = 0; i < size; ++i) {
      if (members[i].key.size() == key.size() && members[i].key == key) {
        *value = members[i].value;
        return true;
      }
    }
    return false;
  }
  size_t lo = 0, hi = size;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    int c = members[mid].key.compare(key);
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

bool KeyIsField(std::string_view key, std::string_view field) {
  if (key.size() != field.size()) return false;
  for (size_t i = 0; i < key.size(); ++i) {
    char a = key[i], b = field[i];
    if (a >= 'A' && a <= 'Z') a = static_cast<char>(a - 'A' + 'a');
    if (b >= 'A' && b <= 'Z') b = static_cast<char>(b - 'A' + 'a');
    if (a != b) return false;
  }
  return true;
}

bool FindField(const JsonValue* object, std::string_view name, const JsonValue** value) {
  if (object == nullptr || !object->IsObject()) return false;
  if (object->Find(name, value)) return true;
  for (size_t i = 0; i < object->size; ++i) {
    if (KeyIsField(object->members[i].key, name)) {
      *value = object->members[i].value;
      return true;
    }
  }
  return false;
}

bool JsonDeepEqual(const JsonValue* a, const JsonValue* b) {
  if (a == b) return true;
  if (a == nullptr || b == nullptr) return false;
  if (a->kind != b->kind) return false;
  switch (a->kind) {
    case JsonKind::kBool:
      return a->boolean == b->boolean;
    case JsonKind::kNumber:
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
