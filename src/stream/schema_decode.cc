// Decodes jsonprovider.Block JSON into the schema model, and cty type JSON
// ("string", ["list","string"], ["object",{...}], ...) as ctyjson.UnmarshalType
// reads it. Anything Terraform would fail or panic on later is rejected here,
// before output starts.
//
// Schema JSON is decoded as encoding/json decodes into Terraform's structs:
// keys name fields case-insensitively, and a repeated key decodes into the
// value already there. So a repeated map field (attributes, block_types)
// gains the later keys, a repeated pointer-to-struct field (block,
// nested_type) gains the later fields, and null makes either nil again; a
// string field keeps its value through a null; a raw field (type) is
// replaced whole.
#include <algorithm>
#include <map>
#include <vector>

#include "base/ascii.h"
#include "stream/schema_store.h"

namespace tfstream::stream {
namespace {

// Calls fn(value) for each member naming `field` (KeyIsField) in each of
// `sources`, in document order, repeated keys included.
template <typename Fn>
void ForEachField(const SchemaSources& sources, std::string_view field, Fn fn) {
  for (const JsonValue* object : sources) {
    ForEachMemberInOrder(object, [&](const JsonMember& m) {
      if (KeyIsField(m.key, field)) fn(m.value);
    });
  }
}

}  // namespace

bool PointerField(const SchemaSources& sources, std::string_view field, SchemaSources* out) {
  out->clear();
  bool ok = true;
  ForEachField(sources, field, [&](const JsonValue* v) {
    if (v == nullptr) {
      out->clear();
    } else if (v->IsObject()) {
      out->push_back(v);
    } else {
      ok = false;
    }
  });
  return ok;
}

namespace {

// A map field: the members of every object it is given, later keys
// replacing earlier ones, in key order. False when a value is neither an
// object nor null.
bool MapField(const SchemaSources& sources, std::string_view field, std::vector<JsonMember>* out) {
  std::map<std::string_view, const JsonValue*> entries;  // bytewise, as object members
  bool ok = true;
  ForEachField(sources, field, [&](const JsonValue* v) {
    if (v == nullptr) {
      entries.clear();
    } else if (!v->IsObject()) {
      ok = false;
    } else {
      for (size_t i = 0; i < v->size; ++i) entries[v->members[i].key] = v->members[i].value;
    }
  });
  out->clear();
  for (const auto& [key, value] : entries) out->push_back(JsonMember{key, value});
  return ok;
}

// A string or bool field: the last value that is not null (null leaves it).
const JsonValue* LastNonNull(const SchemaSources& sources, std::string_view field) {
  const JsonValue* last = nullptr;
  for (const JsonValue* object : sources) {
    if (const JsonValue* v = FindNonNullField(object, field)) last = v;
  }
  return last;
}

// A json.RawMessage field: the last value, null included.
const JsonValue* LastValue(const SchemaSources& sources, std::string_view field) {
  const JsonValue* last = nullptr;
  for (const JsonValue* object : sources) FindField(object, field, &last);
  return last;
}

bool DecodeType(const JsonValue* j, buffer::Arena* arena, const CtyType** out, int depth = 0) {
  if (j == nullptr || depth > 1000) return false;
  CtyType* t = arena->New<CtyType>();
  if (j->IsString()) {
    if (j->text() == "string") t->kind = CtyType::Kind::kString;
    else if (j->text() == "number") t->kind = CtyType::Kind::kNumber;
    else if (j->text() == "bool") t->kind = CtyType::Kind::kBool;
    else if (j->text() == "dynamic") t->kind = CtyType::Kind::kDynamic;
    else return false;
    *out = t;
    return true;
  }
  if (!j->IsArray() || j->size < 2 || j->items[0] == nullptr || !j->items[0]->IsString()) return false;
  std::string_view kind = j->items[0]->text();
  if (kind == "list" || kind == "set" || kind == "map") {
    if (j->size != 2) return false;
    t->kind = kind == "list" ? CtyType::Kind::kList : kind == "set" ? CtyType::Kind::kSet : CtyType::Kind::kMap;
    if (!DecodeType(j->items[1], arena, &t->element, depth + 1)) return false;
  } else if (kind == "object") {
    if (j->size > 3 || j->items[1] == nullptr || !j->items[1]->IsObject()) return false;
    const JsonValue* attrs = j->items[1];
    NamedCtyType* named = arena->NewArray<NamedCtyType>(attrs->size);
    for (size_t i = 0; i < attrs->size; ++i) {
      named[i].name = attrs->members[i].key;
      named[i].plain_name = IsPlainAsciiIdentifier(named[i].name);
      if (!DecodeType(attrs->members[i].value, arena, &named[i].type, depth + 1)) return false;
    }
    t->kind = CtyType::Kind::kObject;
    t->attributes = {named, attrs->size};
  } else if (kind == "tuple") {
    if (j->size != 2 || j->items[1] == nullptr || !j->items[1]->IsArray()) return false;
    const JsonValue* elems = j->items[1];
    const CtyType** types = arena->NewArray<const CtyType*>(elems->size);
    for (size_t i = 0; i < elems->size; ++i) {
      if (!DecodeType(elems->items[i], arena, &types[i], depth + 1)) return false;
    }
    t->kind = CtyType::Kind::kTuple;
    t->elements = {types, elems->size};
  } else {
    return false;
  }
  *out = t;
  return true;
}

NestingMode ParseNesting(const JsonValue* j, std::string_view* text) {
  if (j == nullptr || !j->IsString()) return NestingMode::kInvalid;
  *text = j->text();
  if (j->text() == "single") return NestingMode::kSingle;
  if (j->text() == "group") return NestingMode::kGroup;
  if (j->text() == "list") return NestingMode::kList;
  if (j->text() == "set") return NestingMode::kSet;
  if (j->text() == "map") return NestingMode::kMap;
  return NestingMode::kInvalid;
}

Status DecodeAttributes(const SchemaSources& sources, buffer::Arena* arena, std::span<const NamedAttribute>* out,
                        int depth);

// A map value: decoded from its one object (a repeated map key replaces the value).
Status DecodeAttribute(std::string_view name, const JsonValue* j, buffer::Arena* arena, const Attribute** out,
                       int depth) {
  if (j == nullptr || !j->IsObject()) return Status::Error("attribute \"" + std::string(name) + "\" is not an object");
  const SchemaSources self{j};
  Attribute* a = arena->New<Attribute>();
  a->write_only = IsTrue(LastNonNull(self, "write_only"));
  SchemaSources nested;
  if (!PointerField(self, "nested_type", &nested)) {
    return Status::Error("attribute \"" + std::string(name) + "\" has a malformed nested_type");
  }
  if (!nested.empty()) {
    NestedType* nt = arena->New<NestedType>();
    nt->nesting = ParseNesting(LastNonNull(nested, "nesting_mode"), &nt->nesting_text);
    Status s = DecodeAttributes(nested, arena, &nt->attributes, depth + 1);
    if (!s.ok()) return s;
    a->nested_type = nt;
  } else if (!DecodeType(LastValue(self, "type"), arena, &a->type)) {
    return Status::Error("attribute \"" + std::string(name) + "\" has no valid type");
  }
  *out = a;
  return Status::Ok();
}

Status DecodeAttributes(const SchemaSources& sources, buffer::Arena* arena, std::span<const NamedAttribute>* out,
                        int depth) {
  if (depth > 1000) return Status::Error("schema nesting too deep");
  std::vector<JsonMember> attrs;
  if (!MapField(sources, "attributes", &attrs)) return Status::Error("\"attributes\" is not an object");
  NamedAttribute* named = arena->NewArray<NamedAttribute>(attrs.size());
  for (size_t i = 0; i < attrs.size(); ++i) {
    named[i].name = attrs[i].key;
    named[i].plain_name = IsPlainAsciiIdentifier(named[i].name);
    Status s = DecodeAttribute(named[i].name, attrs[i].value, arena, &named[i].attribute, depth);
    if (!s.ok()) return s;
  }
  *out = {named, attrs.size()};
  return Status::Ok();
}

Status DecodeBlockAt(const SchemaSources& sources, buffer::Arena* arena, const Block** out, int depth);

bool ContainsNonLegacyFeatures(const Block& b) {
  for (const NamedBlockType& bt : b.block_types) {
    if (bt.block_type->nesting == NestingMode::kMap || bt.block_type->nesting == NestingMode::kGroup) return true;
  }
  for (const NamedAttribute& na : b.attributes) {
    const Attribute& a = *na.attribute;
    if (a.nested_type != nullptr) return true;
    const CtyType& t = *a.type;
    if (t.HasDynamicTypes()) return true;
    if (t.kind == CtyType::Kind::kTuple || t.kind == CtyType::Kind::kObject) return true;
    if (t.IsCollection()) {
      const CtyType& e = *t.element;
      if (e.IsCollection() && !e.element->IsPrimitive()) return true;
    }
  }
  return false;
}

// Whether an attribute and a block type share a name (a walk of both
// lists, each sorted by name as MapField gives them).
bool NamesOverlap(const Block& b) {
  size_t i = 0, j = 0;
  while (i < b.attributes.size() && j < b.block_types.size()) {
    const int c = KeyCompare(b.attributes[i].name, b.block_types[j].name);
    if (c == 0) return true;
    if (c < 0) {
      ++i;
    } else {
      ++j;
    }
  }
  return false;
}

Status DecodeBlockAt(const SchemaSources& sources, buffer::Arena* arena, const Block** out, int depth) {
  if (depth > 1000) return Status::Error("schema nesting too deep");
  if (sources.empty()) return Status::Error("block is missing or not an object");
  Block* b = arena->New<Block>();
  Status s = DecodeAttributes(sources, arena, &b->attributes, depth);
  if (!s.ok()) return s;
  std::vector<JsonMember> types;
  if (!MapField(sources, "block_types", &types)) return Status::Error("\"block_types\" is not an object");
  NamedBlockType* named = arena->NewArray<NamedBlockType>(types.size());
  for (size_t i = 0; i < types.size(); ++i) {
    const JsonValue* bt_json = types[i].value;
    named[i].name = types[i].key;
    named[i].plain_name = IsPlainAsciiIdentifier(named[i].name);
    if (bt_json == nullptr || !bt_json->IsObject()) {
      return Status::Error("block type \"" + std::string(named[i].name) + "\" is not an object");
    }
    const SchemaSources self{bt_json};
    BlockType* bt = arena->New<BlockType>();
    bt->nesting = ParseNesting(LastNonNull(self, "nesting_mode"), &bt->nesting_text);
    SchemaSources block;
    Status bs = PointerField(self, "block", &block) ? DecodeBlockAt(block, arena, &bt->block, depth + 1)
                                                     : Status::Error("block is missing or not an object");
    if (!bs.ok()) return Status::Error("block type \"" + std::string(named[i].name) + "\": " + bs.message());
    named[i].block_type = bt;
  }
  b->block_types = {named, types.size()};
  b->non_legacy = ContainsNonLegacyFeatures(*b);
  b->names_overlap = NamesOverlap(*b);
  *out = b;
  return Status::Ok();
}

}  // namespace

bool DecodeCtyType(const JsonValue* json, buffer::Arena* arena, const CtyType** out) {
  return DecodeType(json, arena, out);
}

Status DecodeBlock(const SchemaSources& sources, buffer::Arena* arena, const Block** out) {
  return DecodeBlockAt(sources, arena, out, 0);
}

Status DecodeBlock(const JsonValue* json, buffer::Arena* arena, const Block** out) {
  if (json == nullptr || !json->IsObject()) return Status::Error("block is missing or not an object");
  return DecodeBlockAt(SchemaSources{json}, arena, out, 0);
}

}  // namespace tfstream::stream
