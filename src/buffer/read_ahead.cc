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
}

size_t ReadAhead::Stop() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stop_ = true;
  }
  cv_.notify_one();
  if (thread_.joinable()) thread_.join();
  // The pass is over: what was mapped for it goes too.
  if (populated_ > released_) {
    madvise(map_ + released_, populated_ - released_, MADV_DONTNEED);
    released_ = populated_;
  }
  return released_;
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
    if (behind > released_) {
      madvise(map_ + released_, behind - released_, MADV_DONTNEED);
      released_ = behind;
    }
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
