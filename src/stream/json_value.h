// JsonValue: one decoded JSON value, shaped like what Go's encoding/json
// produces for interface{} with UseNumber: nil, bool, json.Number (literal
// text kept), string (decoded, invalid UTF-8 replaced by U+FFFD), []interface{}
// and map[string]interface{}.
//
// JSON null is represented by a null pointer, exactly as Go's nil interface, so
// "absent" and "null" look alike; containers tell the two apart by presence.
// Object members are sorted by key (bytewise, as sort.Strings) and duplicate
// keys keep the last value, as decoding into a Go map does. Decoding into a Go
// struct depends on the document's order instead (and on the duplicates): an
// object whose keys were not already sorted keeps that order alongside
// (JsonDocumentOrder), which FindField and ForEachMemberInOrder follow.
//
// Lifetime: values and their strings live in the Arena they were parsed into.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

namespace tfstream::stream {

enum class JsonKind : uint8_t { kBool, kNumber, kString, kArray, kObject };

struct JsonValue;

struct JsonMember {
  std::string_view key;
  const JsonValue* value;  // nullptr for JSON null
};

struct JsonDocumentOrder;

// 24 bytes: large values have millions of nodes.
struct JsonValue {
  JsonKind kind;
  bool boolean = false;
  // Objects: a JsonDocumentOrder follows members[size] in memory.
  bool has_document_order = false;
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

  // A number decoded into a float64 (Terraform <= 1.7.3) that is -0: it
  // prints "-0" and equals 0, as Go's == on float64s says (set by
  // render::text::NumbersAsFloat64, kept in `boolean`, unused by numbers).
  bool IsFloatNegativeZero() const { return kind == JsonKind::kNumber && boolean; }
  void MarkFloatNegativeZero() { boolean = true; }

  bool IsBool() const { return kind == JsonKind::kBool; }
  bool IsNumber() const { return kind == JsonKind::kNumber; }
  bool IsString() const { return kind == JsonKind::kString; }
  bool IsArray() const { return kind == JsonKind::kArray; }
  bool IsObject() const { return kind == JsonKind::kObject; }

  // Binary search in an object's members. Returns true and sets *value (which
  // may be nullptr for a null member) when the key is present.
  bool Find(std::string_view key, const JsonValue** value) const;

  // Objects: the members' document order, or null when it is that of
  // members[] (keys already sorted, no duplicates).
  const JsonDocumentOrder* document_order() const;
};
static_assert(sizeof(JsonValue) == 24);

// Where an object's members stood in the document: order[i] for the i-th
// member in the document is an index into members[] when below the object's
// size, else into dropped[] (exact duplicate keys whose value a later one
// replaced in members[]).
struct JsonDocumentOrder {
  const uint32_t* order;
  const JsonMember* dropped;
  size_t count;  // members in the document, duplicates included
};

inline const JsonDocumentOrder* JsonValue::document_order() const {
  if (kind != JsonKind::kObject || !has_document_order) return nullptr;
  return reinterpret_cast<const JsonDocumentOrder*>(reinterpret_cast<const char*>(members) +
                                                    size * sizeof(JsonMember));
}

// Calls fn(const JsonMember&) for each member of an object in document order,
// exact duplicates included: what decoding into a Go struct sees.
template <typename Fn>
void ForEachMemberInOrder(const JsonValue* object, Fn&& fn) {
  if (object == nullptr || !object->IsObject()) return;
  const JsonDocumentOrder* doc = object->document_order();
  if (doc == nullptr) {
    for (size_t i = 0; i < object->size; ++i) fn(object->members[i]);
    return;
  }
  for (size_t i = 0; i < doc->count; ++i) {
    uint32_t at = doc->order[i];
    fn(at < object->size ? object->members[at] : doc->dropped[at - object->size]);
  }
}

// Struct field lookup as Go's encoding/json decodes into a field that a
// later key replaces whole (json.RawMessage, a slice, a pointer): of the keys
// naming the field (KeyIsField), the last one in the document wins, null
// included. Returns whether any key names it.
bool FindField(const JsonValue* object, std::string_view name, const JsonValue** value);

// Struct field lookup as Go's encoding/json decodes into a string or bool
// field: null leaves what an earlier key set, so the last non-null value of
// the keys naming the field counts. Null when there is none.
const JsonValue* FindNonNullField(const JsonValue* object, std::string_view name);

// Whether a JSON object key names the struct field `field` (lower-case ASCII),
// as encoding/json (Go 1.21+) matches them: equal after folding each rune to
// the smallest rune of its unicode.SimpleFold orbit. Besides ASCII case, that
// folds U+017F (long s) to 's' and U+212A (Kelvin sign) to 'k'; U+0130 and
// U+0131 (dotted and dotless I) fold to no ASCII letter (checked against
// Go 1.26.10). Exact names take precedence only over other fields with the
// same folded name; Terraform's structs have none.
bool KeyIsField(std::string_view key, std::string_view field);

// Whether folding leaves `key` as it is (no ASCII upper-case letter, no byte
// of a multi-byte rune): such a key names a field (KeyIsField) only when it
// is equal to it, so a plain compare decides, without a FieldKey.
bool KeyFoldsToItself(std::string_view key);

// A key folded once (ASCII lower case, and the two runes above), so that
// trying it against a chain of field names costs a length compare and a
// memcmp each: FieldKey(key).Is(field) == KeyIsField(key, field).
class FieldKey {
 public:
  // `key` must outlive the FieldKey (only names longer than kMaxFolded read it).
  explicit FieldKey(std::string_view key);
  // REQUIRES: `field` is lower-case ASCII.
  bool Is(std::string_view field) const {
    if (field.size() > kMaxFolded) return KeyIsField(key_, field);
    // (field.size(), a constant where the name is a literal: an inline compare)
    return size_ == field.size() && std::memcmp(folded_, field.data(), field.size()) == 0;
  }

 private:
  static constexpr size_t kMaxFolded = 32;
  std::string_view key_;
  size_t size_ = kMaxFolded + 1;  // no field of kMaxFolded bytes or fewer matches
  char folded_[kMaxFolded];
};

// reflect.DeepEqual over decoded JSON: numbers compare by literal text, but
// a float64 -0 (IsFloatNegativeZero) equals 0.
bool JsonDeepEqual(const JsonValue* a, const JsonValue* b);

namespace key_compare {

// Eight bytes of a key as a number that orders as the bytes do.
inline uint64_t Load8(const char* p) {
  uint64_t w;
  std::memcpy(&w, p, 8);
  if constexpr (std::endian::native == std::endian::little) w = __builtin_bswap64(w);
  return w;
}

inline uint32_t Load4(const char* p) {
  uint32_t w;
  std::memcpy(&w, p, 4);
  if constexpr (std::endian::native == std::endian::little) w = __builtin_bswap32(w);
  return w;
}

}  // namespace key_compare

// Bytewise three-way comparison (<0, 0, >0), the order of sort.Strings and
// of object members. Keys are short, compared millions of times (sorting
// objects, walking schemas against values): eight bytes at a time, inline,
// beat both a byte loop and a call to memcmp. Reads only inside both keys.
inline int KeyCompare(std::string_view a, std::string_view b) {
  using key_compare::Load8;
  const size_t n = a.size() < b.size() ? a.size() : b.size();
  const char* p = a.data();
  const char* q = b.data();
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    uint64_t x = Load8(p + i), y = Load8(q + i);
    if (x != y) return x < y ? -1 : 1;
  }
  if (n >= 8 && i < n) {
    // The last eight bytes, overlapping bytes already found equal.
    uint64_t x = Load8(p + n - 8), y = Load8(q + n - 8);
    if (x != y) return x < y ? -1 : 1;
  } else {
    for (; i < n; ++i) {
      if (p[i] != q[i]) return static_cast<unsigned char>(p[i]) < static_cast<unsigned char>(q[i]) ? -1 : 1;
    }
  }
  return a.size() < b.size() ? -1 : (a.size() > b.size() ? 1 : 0);
}

inline bool KeyLess(std::string_view a, std::string_view b) { return KeyCompare(a, b) < 0; }

inline bool KeyEqual(std::string_view a, std::string_view b) {
  using key_compare::Load4;
  using key_compare::Load8;
  const size_t n = a.size();
  if (n != b.size()) return false;
  const char* p = a.data();
  const char* q = b.data();
  if (n >= 8) {
    for (size_t i = 0; i + 8 < n; i += 8) {
      if (Load8(p + i) != Load8(q + i)) return false;
    }
    return Load8(p + n - 8) == Load8(q + n - 8);
  }
  if (n >= 4) return Load4(p) == Load4(q) && Load4(p + n - 4) == Load4(q + n - 4);
  for (size_t i = 0; i < n; ++i) {
    if (p[i] != q[i]) return false;
  }
  return true;
}

// Go's `value.(bool)` for a possibly-null value: true only for JSON true.
inline bool IsTrue(const JsonValue* v) { return v != nullptr && v->IsBool() && v->boolean; }

}  // namespace tfstream::stream
