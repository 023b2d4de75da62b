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

std::pair<size_t, size_t> ReadAhead::ClaimBehind(uint64_t offset) {
  const size_t behind = std::min<uint64_t>(offset, size_) / page_ * page_;
  if (behind <= released_) return {0, 0};
  std::pair<size_t, size_t> range{released_, behind};
  released_ = behind;
  return range;
}

void ReadAhead::Drop(std::pair<size_t, size_t> range) {
  if (range.second > range.first) madvise(map_ + range.first, range.second - range.first, MADV_DONTNEED);
}

void ReadAhead::Moved(uint64_t offset) {
  // How far the thread may lag before the reader drops pages itself.
  constexpr size_t kMaxLag = size_t{16} << 20;
  std::pair<size_t, size_t> mine{0, 0};
  {
    std::lock_guard<std::mutex> lock(mu_);
    reader_ = std::max(reader_, offset);
    if (reader_ > released_ + kMaxLag) mine = ClaimBehind(reader_);
  }
  cv_.notify_one();
  Drop(mine);
}

size_t ReadAhead::Stop() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stop_ = true;
  }
  cv_.notify_one();
  if (thread_.joinable()) thread_.join();
  // The pass is over: what was mapped for it goes too.
  std::lock_guard<std::mutex> lock(mu_);
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
    std::pair<size_t, size_t> behind_reader;
    {
      std::unique_lock<std::mutex> lock(mu_);
      cv_.wait(lock, [&] { return stop_ || reader_ != seen; });
      if (stop_) return;
      reader = seen = reader_;
      behind_reader = ClaimBehind(reader);
    }
    Drop(behind_reader);
    const size_t behind = std::min<uint64_t>(reader, size_) / page_ * page_;
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
