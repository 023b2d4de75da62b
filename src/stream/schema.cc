#include "stream/schema.h"

namespace tfstream::stream {

bool CtyType::HasDynamicTypes() const {
  switch (kind) {
    case Kind::kDynamic:
      return true;
    case Kind::kList:
    case Kind::kSet:
    case Kind::kMap:
      return element->HasDynamicTypes();
    case Kind::kObject:
      for (const NamedCtyType& a : attributes) {
        if (a.type->HasDynamicTypes()) return true;
      }
      return false;
    case Kind::kTuple:
      for (const CtyType* e : elements) {
        if (e->HasDynamicTypes()) return true;
      }
      return false;
    default:
      return false;
  }
}

namespace {

bool UnknownNestingInAttributes(std::span<const NamedAttribute> attributes, std::string* path,
                                std::string_view* nesting);

// Appends ".name" (or "name" at the top) and recurses; leaves *path as it
// was when nothing is found.
template <typename Fn>
bool Below(std::string* path, std::string_view name, Fn&& fn) {
  const size_t mark = path->size();
  if (!path->empty()) path->push_back('.');
  path->append(name);
  if (fn()) return true;
  path->resize(mark);
  return false;
}

bool UnknownNestingInBlock(const Block& block, std::string* path, std::string_view* nesting) {
  if (UnknownNestingInAttributes(block.attributes, path, nesting)) return true;
  for (const NamedBlockType& bt : block.block_types) {
    const bool found = Below(path, bt.name, [&] {
      if (bt.block_type->nesting == NestingMode::kInvalid) {
        *nesting = bt.block_type->nesting_text;
        return true;
      }
      return bt.block_type->block != nullptr && UnknownNestingInBlock(*bt.block_type->block, path, nesting);
    });
    if (found) return true;
  }
  return false;
}

bool UnknownNestingInAttributes(std::span<const NamedAttribute> attributes, std::string* path,
                                std::string_view* nesting) {
  for (const NamedAttribute& a : attributes) {
    const NestedType* nt = a.attribute->nested_type;
    if (nt == nullptr) continue;
    const bool found = Below(path, a.name, [&] {
      if (nt->nesting == NestingMode::kInvalid) {
        *nesting = nt->nesting_text;
        return true;
      }
      return UnknownNestingInAttributes(nt->attributes, path, nesting);
    });
    if (found) return true;
  }
  return false;
}

}  // namespace

bool FindUnknownNesting(const Block& block, std::string* path, std::string_view* nesting) {
  path->clear();
  return UnknownNestingInBlock(block, path, nesting);
}

}  // namespace tfstream::stream
