// Arena: bump allocation for everything that belongs to one resource change
// (its JSON tree, its diff tree and scratch text). Reset() after the block is
// flushed gives the memory back for the next change, so peak memory is bounded
// by the largest single change, not by the number of changes.
//
// Objects allocated here must be trivially destructible or must not need their
// destructors run: Reset() releases memory without calling any destructor.
//
// A block parses into a million small nodes: Allocate() bumps a pointer
// inline through chunks taken from a monotonic resource, which only the slow
// path (arena.cc) calls.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory_resource>
#include <new>
#include <string_view>

namespace tfstream::buffer {

class Arena {
 public:
  Arena() : resource_(kInitialBlock) {}
  Arena(const Arena&) = delete;
  Arena& operator=(const Arena&) = delete;

  // REQUIRES: align is a power of two.
  void* Allocate(size_t bytes, size_t align = alignof(std::max_align_t)) {
    bytes += bytes == 0;  // a distinct address, as the resource gives
    uintptr_t p = (cur_ + (align - 1)) & ~static_cast<uintptr_t>(align - 1);
    if (p + bytes <= end_) {
      cur_ = p + bytes;
      return reinterpret_cast<void*>(p);
    }
    return AllocateSlow(bytes, align);
  }

  template <typename T, typename... Args>
  T* New(Args&&... args) {
    return new (Allocate(sizeof(T), alignof(T))) T(std::forward<Args>(args)...);
  }

  template <typename T>
  T* NewArray(size_t n) {
    T* p = static_cast<T*>(Allocate(sizeof(T) * n, alignof(T)));
    for (size_t i = 0; i < n; ++i) new (p + i) T();
    return p;
  }

  // Copies text into the arena; the view lives until Reset().
  std::string_view CopyString(std::string_view s) {
    if (s.empty()) return {};
    char* p = static_cast<char*>(Allocate(s.size(), 1));
    std::memcpy(p, s.data(), s.size());
    return {p, s.size()};
  }

  // For std::pmr containers whose storage should die with the arena.
  std::pmr::memory_resource* resource() { return &resource_; }

  // Releases everything allocated since construction or the last Reset().
  void Reset() {
    resource_.release();
    cur_ = end_ = 0;
  }

 private:
  static constexpr size_t kInitialBlock = 64 * 1024;
  // Bumped through inline; larger requests get a block of their own.
  static constexpr size_t kChunk = 32 * 1024;
  static constexpr size_t kLargest = kChunk / 4;

  void* AllocateSlow(size_t bytes, size_t align);

  std::pmr::monotonic_buffer_resource resource_;
  uintptr_t cur_ = 0;  // free space of the current chunk: [cur_, end_)
  uintptr_t end_ = 0;
};

}  // namespace tfstream::buffer
