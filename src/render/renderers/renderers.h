// The renderers of computed/renderers (@883c722): one DiffRenderer per kind of
// value. Each factory allocates its renderer in `arena`; element spans must
// stay valid as long as the renderer (they normally live in the same arena).
// Named children (maps, objects, block attributes) must be sorted by name,
// bytewise, which is how Go's sort.Strings orders map keys.
#pragma once

#include <span>
#include <string_view>

#include "buffer/arena.h"
#include "render/computed/diff.h"
#include "stream/json_value.h"

namespace tfstream::render::renderers {

using stream::JsonValue;

// The cty primitive a value is rendered as; kNull is cty.NilType, used by the
// JSON differ for null-to-null values.
enum class PrimitiveType { kNull, kBool, kNumber, kString };

const DiffRenderer* Primitive(buffer::Arena* arena, const JsonValue* before,
                              const JsonValue* after, PrimitiveType type);
const DiffRenderer* List(buffer::Arena* arena, std::span<const Diff> elements);
const DiffRenderer* NestedList(buffer::Arena* arena, std::span<const Diff> elements);
const DiffRenderer* Set(buffer::Arena* arena, std::span<const Diff> elements);
const DiffRenderer* NestedSet(buffer::Arena* arena, std::span<const Diff> elements);
const DiffRenderer* Map(buffer::Arena* arena, std::span<const NamedDiff> elements);
const DiffRenderer* NestedMap(buffer::Arena* arena, std::span<const NamedDiff> elements);
const DiffRenderer* Object(buffer::Arena* arena, std::span<const NamedDiff> attributes);
const DiffRenderer* NestedObject(buffer::Arena* arena, std::span<const NamedDiff> attributes);
const DiffRenderer* Sensitive(buffer::Arena* arena, Diff inner, bool before_sensitive,
                              bool after_sensitive);
const DiffRenderer* SensitiveBlock(buffer::Arena* arena, Diff inner, bool before_sensitive,
                                   bool after_sensitive);
// `before` may have no renderer: the value was null before.
const DiffRenderer* Unknown(buffer::Arena* arena, Diff before);
const DiffRenderer* TypeChange(buffer::Arena* arena, Diff before, Diff after);
const DiffRenderer* WriteOnly(buffer::Arena* arena, bool sensitive);

// The nested blocks of one block, grouped by block type name (Blocks in
// computed/renderers/blocks.go).
enum class BlockNesting { kSingle, kList, kSet, kMap };

struct BlockGroup {
  std::string_view name;
  BlockNesting nesting;
  Diff single;                          // kSingle
  std::span<const Diff> elements;       // kList, kSet
  std::span<const NamedDiff> map_elements;  // kMap, sorted by key
  bool replace = false;
  bool before_sensitive = false;
  bool after_sensitive = false;
  bool unknown = false;
  bool plain_name = false;  // as NamedDiff::plain_name
};

// `groups` sorted by name.
const DiffRenderer* Block(buffer::Arena* arena, std::span<const NamedDiff> attributes,
                          std::span<const BlockGroup> groups);

}  // namespace tfstream::render::renderers
