// JsonValue: one decoded JSON value, shaped like what Go's encoding/json
// produces for interface{} with UseNumber: nil, bool, json.Number (literal
// text kept), string (decoded, invalid UTF-8 replaced by U+FFFD), []interface{}
// and map[string]interface{}.
//
// JSON null is represented by a null pointer, exactly as Go's nil interface, so
// "absent" and "null" look alike; containers tell the two apart by presence.
// Object members are sorted by key (bytewise, as sort.Strings) and duplicate
// keys keep the last value, as decoding into a Go map does.
//
// Lifetime: values and their strings live in the Arena they were parsed into.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace tfstream::stream {

enum class JsonKind : uint8_t { kBool, kNumber, kString, kArray, kObject };

struct JsonValue;

struct JsonMember {
  std::string_view key;
  const JsonValue* value;  // nullptr for JSON null
};

// 24 bytes: large values have millions of nodes.
struct JsonValue {
  JsonKind kind;
  bool boolean = false;
  size_t size = 0;  // text length, element count or member count
  union {
    const char* chars = nullptr;      // number literal or decoded string
    const JsonValue* const* items;    // array elements (nullptr = null)
    const JsonMember* members;        // object members, sorted by key
  };

  std::string_view text() const { return {chars, size}; }
  void set_text(std::string_view t) {
    chars = t.data();
    size = t.size();
  }

  bool IsBool() const { return kind == JsonKind::kBool; }
  bool IsNumber() const { return kind == JsonKind::kNumber; }
  bool IsString() const { return kind == JsonKind::kString; }
  bool IsArray() const { return kind == JsonKind::kArray; }
  bool IsObject() const { return kind == JsonKind::kObject; }

  // Binary search in an object's members. Returns true and sets *value (which
  // may be nullptr for a null member) when the key is present.
  bool Find(std::string_view key, const JsonValue** value) const;
};

// Struct field lookup as Go's encoding/json does it: the exact name, else a
// case-insensitive (ASCII) match. Returns whether the key is present.
bool FindField(const JsonValue* object, std::string_view name, const JsonValue** value);

// Whether a JSON object key names the struct field `field` (lower case):
// equal ignoring ASCII case.
bool KeyIsField(std::string_view key, std::string_view field);

// reflect.DeepEqual over decoded JSON: numbers compare by literal text.
bool JsonDeepEqual(const JsonValue* a, const JsonValue* b);

// Bytewise a < b, the order of sort.Strings and of object members. Keys are
// short and differ early: a plain loop beats a call to memcmp.
inline bool KeyLess(std::string_view a, std::string_view b) {
  size_t n = a.size() < b.size() ? a.size() : b.size();
  for (size_t i = 0; i < n; ++i) {
    if (a[i] != b[i]) return static_cast<unsigned char>(a[i]) < static_cast<unsigned char>(b[i]);
  }
  return a.size() < b.size();
}

inline bool KeyEqual(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i] != b[i]) return false;
  }
  return true;
}

// Go's `value.(bool)` for a possibly-null value: true only for JSON true.
inline bool IsTrue(const JsonValue* v) { return v != nullptr && v->IsBool() && v->boolean; }

}  // namespace tfstream::stream
