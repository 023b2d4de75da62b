// The provider schema model the differ walks: jsonprovider.Block, Attribute,
// NestedType and BlockType (command/jsonprovider @883c722), with attribute
// types decoded from cty's JSON type syntax. Children are sorted by name.
//
// Lifetime: schemas live in the long-lived arena of the run (SchemaStore).
#pragma once

#include <span>
#include <string>
#include <string_view>

namespace tfstream::stream {

struct CtyType;

// `plain_name` (in NamedCtyType, NamedAttribute and NamedBlockType): set by
// the decoder when the name is a plain ASCII identifier
// (IsPlainAsciiIdentifier, base/ascii.h), which renderers print as it is,
// padded by its size; computed once per schema rather than once per value
// printed. False says only "not known": the renderer then decides from the
// name.

struct NamedCtyType {
  std::string_view name;
  const CtyType* type;
  bool plain_name = false;
};

// cty.Type as ctyjson.UnmarshalType builds it.
struct CtyType {
  enum class Kind { kString, kNumber, kBool, kDynamic, kList, kSet, kMap, kObject, kTuple };
  Kind kind;
  const CtyType* element = nullptr;             // list, set, map
  std::span<const NamedCtyType> attributes;     // object, sorted by name
  std::span<const CtyType* const> elements;     // tuple

  bool IsPrimitive() const { return kind == Kind::kString || kind == Kind::kNumber || kind == Kind::kBool; }
  bool IsCollection() const { return kind == Kind::kList || kind == Kind::kSet || kind == Kind::kMap; }
  bool HasDynamicTypes() const;
};

struct NestedType;
struct Block;

struct Attribute {
  const CtyType* type = nullptr;         // absent when nested_type is set
  const NestedType* nested_type = nullptr;
  bool write_only = false;
};

struct NamedAttribute {
  std::string_view name;
  const Attribute* attribute;
  bool plain_name = false;
};

enum class NestingMode { kSingle, kGroup, kList, kSet, kMap, kInvalid };

struct NestedType {
  std::span<const NamedAttribute> attributes;
  NestingMode nesting = NestingMode::kInvalid;
  std::string_view nesting_text;
};

struct BlockType {
  NestingMode nesting = NestingMode::kInvalid;
  std::string_view nesting_text;
  const Block* block = nullptr;
};

struct NamedBlockType {
  std::string_view name;
  const BlockType* block_type;
  bool plain_name = false;
};

struct Block {
  std::span<const NamedAttribute> attributes;
  std::span<const NamedBlockType> block_types;
  // containsNonLegacyFeatures (differ/block.go): features the legacy SDK could
  // not express, which switch off its empty-string-is-null fixup.
  bool non_legacy = false;
  // Some name is both an attribute and a block type. The decoder finds out;
  // a Block made otherwise says so, which costs a reader only speed.
  bool names_overlap = true;
};

// A nesting mode the renderer does not know (NestingMode::kInvalid) in a
// nested block or a nested attribute type at any depth of `block`: false
// when there is none, else true with *path the dotted names leading to it
// and *nesting its text. Every release's differ panics on one
// ("unrecognized nesting mode") for every change of the type, shown or not
// (they are all diffed before the shown ones are picked), so such a schema
// is an invalid document wherever a resource change names it.
bool FindUnknownNesting(const Block& block, std::string* path, std::string_view* nesting);

}  // namespace tfstream::stream
