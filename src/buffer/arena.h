// Arena: bump allocation for everything that belongs to one resource change
// (its JSON tree, its diff tree and scratch text). Reset() after the block is
// flushed gives the memory back for the next change, so peak memory is bounded
// by the largest single change, not by the number of changes.
//
// Objects allocated here must be trivially destructible or must not need their
// destructors run: Reset() releases memory without calling any destructor.
#pragma once

#include <cstddef>
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
    return resource_.allocate(bytes == 0 ? 1 : bytes, align);
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
  void Reset() { resource_.release(); }

 private:
  static constexpr size_t kInitialBlock = 64 * 1024;
  std::pmr::monotonic_buffer_resource resource_;
};

}  // namespace tfstream::buffer
