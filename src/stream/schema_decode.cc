// Decodes jsonprovider.Block JSON into the schema model, and cty type JSON
// ("string", ["list","string"], ["object",{...}], ...) as ctyjson.UnmarshalType
// reads it. Anything Terraform would fail or panic on later is rejected here,
// before output starts.
#include <algorithm>
#include <vector>

#include "stream/schema_store.h"

namespace tfstream::stream {
namespace {

// Schema JSON is decoded into Go structs: field names match case-insensitively.
const JsonValue* Member(const JsonValue* obj, std::string_view key) {
  const JsonValue* v = nullptr;
  return FindField(obj, key, &v) ? v : nullptr;
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

Status DecodeAttributes(const JsonValue* attrs, buffer::Arena* arena, std::span<const NamedAttribute>* out,
                        int depth);

Status DecodeAttribute(std::string_view name, const JsonValue* j, buffer::Arena* arena, const Attribute** out,
                       int depth) {
  if (j == nullptr || !j->IsObject()) return Status::Error("attribute \"" + std::string(name) + "\" is not an object");
  Attribute* a = arena->New<Attribute>();
  const JsonValue* wo = Member(j, "write_only");
  a->write_only = IsTrue(wo);
  const JsonValue* nested = Member(j, "nested_type");
  if (nested != nullptr) {
    if (!nested->IsObject()) return Status::Error("attribute \"" + std::string(name) + "\" has a malformed nested_type");
    NestedType* nt = arena->New<NestedType>();
    nt->nesting = ParseNesting(Member(nested, "nesting_mode"), &nt->nesting_text);
    Status s = DecodeAttributes(Member(nested, "attributes"), arena, &nt->attributes, depth + 1);
    if (!s.ok()) return s;
    a->nested_type = nt;
  } else if (!DecodeType(Member(j, "type"), arena, &a->type)) {
    return Status::Error("attribute \"" + std::string(name) + "\" has no valid type");
  }
  *out = a;
  return Status::Ok();
}

Status DecodeAttributes(const JsonValue* attrs, buffer::Arena* arena, std::span<const NamedAttribute>* out,
                        int depth) {
  if (depth > 1000) return Status::Error("schema nesting too deep");
  if (attrs == nullptr) {
    *out = {};
    return Status::Ok();
  }
  if (!attrs->IsObject()) return Status::Error("\"attributes\" is not an object");
  NamedAttribute* named = arena->NewArray<NamedAttribute>(attrs->size);
  for (size_t i = 0; i < attrs->size; ++i) {
    named[i].name = attrs->members[i].key;
    Status s = DecodeAttribute(named[i].name, attrs->members[i].value, arena, &named[i].attribute, depth);
    if (!s.ok()) return s;
  }
  *out = {named, attrs->size};
  return Status::Ok();
}

Status DecodeBlockAt(const JsonValue* json, buffer::Arena* arena, const Block** out, int depth);

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

Status DecodeBlockAt(const JsonValue* json, buffer::Arena* arena, const Block** out, int depth) {
  if (depth > 1000) return Status::Error("schema nesting too deep");
  if (json == nullptr || !json->IsObject()) return Status::Error("block is missing or not an object");
  Block* b = arena->New<Block>();
  Status s = DecodeAttributes(Member(json, "attributes"), arena, &b->attributes, depth);
  if (!s.ok()) return s;
  const JsonValue* types = Member(json, "block_types");
  if (types != nullptr) {
    if (!types->IsObject()) return Status::Error("\"block_types\" is not an object");
    NamedBlockType* named = arena->NewArray<NamedBlockType>(types->size);
    for (size_t i = 0; i < types->size; ++i) {
      const JsonValue* bt_json = types->members[i].value;
      named[i].name = types->members[i].key;
      if (bt_json == nullptr || !bt_json->IsObject()) {
        return Status::Error("block type \"" + std::string(named[i].name) + "\" is not an object");
      }
      BlockType* bt = arena->New<BlockType>();
      bt->nesting = ParseNesting(Member(bt_json, "nesting_mode"), &bt->nesting_text);
      Status bs = DecodeBlockAt(Member(bt_json, "block"), arena, &bt->block, depth + 1);
      if (!bs.ok()) return Status::Error("block type \"" + std::string(named[i].name) + "\": " + bs.message());
      named[i].block_type = bt;
    }
    b->block_types = {named, types->size};
  }
  b->non_legacy = ContainsNonLegacyFeatures(*b);
  *out = b;
  return Status::Ok();
}

}  // namespace

Status DecodeBlock(const JsonValue* json, buffer::Arena* arena, const Block** out) {
  return DecodeBlockAt(json, arena, out, 0);
}

}  // namespace tfstream::stream
