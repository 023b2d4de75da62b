// ReadAhead: a helper thread for one sequential pass over a read-only file
// mapping. The reader reports its position now and then; the thread maps
// the pages just ahead of it (MADV_POPULATE_READ, or a read per page where
// the kernel lacks that) and drops those behind it (MADV_DONTNEED), so the
// reader neither waits on page faults nor pays for unmapping. Worth it when
// the reader is the only busy thread, as in the pre-scan. When the thread
// falls far behind (a busy machine leaves it no core), the reader drops the
// pages itself, so the mapped pages stay bounded whatever the scheduling.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <thread>

namespace tfstream::buffer {

class ReadAhead {
 public:
  // `map` is `size` bytes, page-aligned; `released` bytes at its start are
  // already dropped. Keeps `ahead` bytes mapped beyond the reader.
  ReadAhead(char* map, size_t size, size_t released, size_t ahead);
  ~ReadAhead();  // stops and joins the thread
  ReadAhead(const ReadAhead&) = delete;
  ReadAhead& operator=(const ReadAhead&) = delete;

  bool running() const { return thread_.joinable(); }
  // The reader no longer needs the bytes before `offset`.
  void Moved(uint64_t offset);
  // Stops the thread and drops every page it mapped; returns how far the
  // mapping has been dropped.
  size_t Stop();

 private:
  void Loop();
  // Drops the pages before `behind` (page-aligned) not dropped yet.
  void ReleaseTo(size_t behind);

  // How far behind the reader the thread may leave pages mapped before the
  // reader drops them itself.
  static constexpr size_t kMaxLag = size_t{16} << 20;

  char* map_;
  size_t size_;
  size_t page_;
  size_t ahead_;
  std::mutex mu_;
  std::condition_variable cv_;
  uint64_t reader_ = 0;  // guarded by mu_
  bool stop_ = false;    // guarded by mu_
  std::atomic<size_t> released_;  // only grows; either thread may advance it
  size_t populated_;     // owned by the thread while it runs
  std::thread thread_;
};

}  // namespace tfstream::buffer
