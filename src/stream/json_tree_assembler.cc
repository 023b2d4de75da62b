#include "stream/json_tree_assembler.h"

#include <algorithm>
#include <cstdint>
#include <new>

namespace tfstream::stream::detail {

void TreeStacks::Trim() {
  constexpr size_t kKeep = 1 << 16;
  if (items.capacity() > kKeep) items.release();
  if (members.capacity() > kKeep) members.release();
  if (frames.capacity() > kKeep) frames.release();
  if (perm.capacity() > kKeep) std::vector<size_t>().swap(perm);
  if (scratch.capacity() > kKeep) std::string().swap(scratch);
}

TreeStacks& ThreadTreeStacks() {
  thread_local TreeStacks stacks;
  return stacks;
}


// The sort is of document positions, stable, so within a run of equal keys
// the last is the document's last.
void TreeAssembler::SortMembers(size_t start, JsonValue* v) {
  const JsonMember* doc = st_.members.data() + start;
  const size_t n = st_.members.size() - start;
  // Struct-shaped objects (a resource, a resource change, a policy
  // statement) are small: their order on the stack, by an insertion sort,
  // which compares each pair that ends up side by side, so that it also
  // tells whether any key repeats.
  // Keys are told apart by their first eight bytes first (KeyPrefix).
  constexpr size_t kSmall = 32;
  size_t small[kSmall];
  size_t* perm = small;
  bool repeats = false;
  if (n <= kSmall) {
    uint64_t prefix[kSmall];
    for (size_t i = 0; i < n; ++i) prefix[i] = KeyPrefix(doc[i].key);
    for (size_t i = 0; i < n; ++i) {
      size_t j = i;
      for (; j > 0; --j) {
        const size_t other = perm[j - 1];
        const int c = prefix[i] != prefix[other] ? (prefix[i] < prefix[other] ? -1 : 1)
                                                 : KeyCompare(doc[i].key, doc[other].key);
        repeats |= c == 0;
        if (c >= 0) break;
        perm[j] = other;
      }
      perm[j] = i;
    }
  } else {
    st_.perm.resize(n);
    perm = st_.perm.data();
    for (size_t i = 0; i < n; ++i) perm[i] = i;
    std::stable_sort(perm, perm + n, [doc](size_t a, size_t b) { return KeyLess(doc[a].key, doc[b].key); });
    repeats = true;  // not known: found below
  }
  auto last_of_key = [&](size_t k) {
    return k + 1 == n || !repeats || !KeyEqual(doc[perm[k]].key, doc[perm[k + 1]].key);
  };
  size_t unique = n;
  if (repeats) {
    unique = 0;
    for (size_t k = 0; k < n; ++k) unique += last_of_key(k);
  }
  const bool keep_order = n <= UINT32_MAX;
  JsonMember* members = static_cast<JsonMember*>(arena_->Allocate(
      sizeof(JsonMember) * unique + (keep_order ? sizeof(JsonDocumentOrder) : 0), alignof(JsonMember)));
  uint32_t* order = nullptr;
  JsonMember* dropped = nullptr;
  if (keep_order) {
    order = static_cast<uint32_t*>(arena_->Allocate(sizeof(uint32_t) * n, alignof(uint32_t)));
    if (n != unique) {
      dropped =
          static_cast<JsonMember*>(arena_->Allocate(sizeof(JsonMember) * (n - unique), alignof(JsonMember)));
    }
  }
  size_t kept = 0, dropped_count = 0;
  for (size_t k = 0; k < n; ++k) {
    const size_t at = perm[k];
    if (last_of_key(k)) {
      members[kept] = doc[at];
      if (keep_order) order[at] = static_cast<uint32_t>(kept);
      ++kept;
    } else if (keep_order) {  // an exact duplicate a later key replaced
      dropped[dropped_count] = doc[at];
      order[at] = static_cast<uint32_t>(unique + dropped_count++);
    }
  }
  if (keep_order) new (members + unique) JsonDocumentOrder{order, dropped, n};
  v->members = members;
  v->size = unique;
  v->has_document_order = keep_order;
}

}  // namespace tfstream::stream::detail
