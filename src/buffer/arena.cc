#include "buffer/arena.h"

namespace tfstream::buffer {

void* Arena::AllocateSlow(size_t bytes, size_t align) {
  if (bytes > kLargest || align > alignof(std::max_align_t)) return resource_.allocate(bytes, align);
  // The rest of the current chunk (less than kLargest) is given up.
  cur_ = reinterpret_cast<uintptr_t>(resource_.allocate(kChunk, alignof(std::max_align_t)));
  end_ = cur_ + kChunk;
  uintptr_t p = (cur_ + (align - 1)) & ~static_cast<uintptr_t>(align - 1);
  cur_ = p + bytes;
  return reinterpret_cast<void*>(p);
}

}  // namespace tfstream::buffer
