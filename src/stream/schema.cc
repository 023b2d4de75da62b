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

}  // namespace tfstream::stream
