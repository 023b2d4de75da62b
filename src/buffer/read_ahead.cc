#include "buffer/read_ahead.h"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <system_error>

#ifndef MADV_POPULATE_READ
#define MADV_POPULATE_READ 22  // Linux 5.14
#endif

namespace tfstream::buffer {

ReadAhead::ReadAhead(char* map, size_t size, size_t released, size_t ahead)
    : map_(map),
      size_(size),
      page_(static_cast<size_t>(sysconf(_SC_PAGESIZE))),
      ahead_(ahead),
      released_(released),
      populated_(released) {
  try {
    thread_ = std::thread([this] { Loop(); });
  } catch (const std::system_error&) {
    // No thread to spare: the reader faults its pages in itself.
  }
}

ReadAhead::~ReadAhead() { Stop(); }

void ReadAhead::Moved(uint64_t offset) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    reader_ = std::max(reader_, offset);
  }
  cv_.notify_one();
  const size_t behind = std::min<uint64_t>(offset, size_) / page_ * page_;
  if (behind > released_.load(std::memory_order_relaxed) + kMaxLag) ReleaseTo(behind);
}

void ReadAhead::ReleaseTo(size_t behind) {
  size_t from = released_.load(std::memory_order_relaxed);
  // Claim [from, behind) first: the other thread then drops only what lies
  // beyond (dropping a page twice would be harmless, only wasted work).
  while (from < behind && !released_.compare_exchange_weak(from, behind, std::memory_order_relaxed)) {
  }
  if (from < behind) madvise(map_ + from, behind - from, MADV_DONTNEED);
}

size_t ReadAhead::Stop() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stop_ = true;
  }
  cv_.notify_one();
  if (thread_.joinable()) thread_.join();
  // The pass is over: what was mapped for it goes too.
  if (populated_ > released_.load()) ReleaseTo(populated_);
  return released_.load();
}

void ReadAhead::Loop() {
  bool populate_works = true;
  uint64_t seen = ~uint64_t{0};
  while (true) {
    uint64_t reader;
    {
      std::unique_lock<std::mutex> lock(mu_);
      cv_.wait(lock, [&] { return stop_ || reader_ != seen; });
      if (stop_) return;
      reader = seen = reader_;
    }
    size_t behind = std::min<uint64_t>(reader, size_) / page_ * page_;
    ReleaseTo(behind);
    size_t from = std::max(populated_, behind);
    size_t to = std::min(size_, (behind + ahead_) / page_ * page_);
    if (to > from) {
      if (populate_works && madvise(map_ + from, to - from, MADV_POPULATE_READ) != 0) populate_works = false;
      if (!populate_works) {
        volatile char sink = 0;
        for (size_t p = from; p < to; p += page_) sink = sink + map_[p];
      }
      populated_ = to;
    }
  }
}

}  // namespace tfstream::buffer
