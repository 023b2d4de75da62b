// Compressing a stream of chunks off the writing thread: each chunk's parts
// are compressed to zlib streams (RFC 1950: deflate with the zlib header
// and Adler-32, what the browser's DecompressionStream("deflate") reads) by
// a small pool of threads, assembled into the bytes to write there too, and
// handed back to the submitting thread in submission order. At most a few
// chunks per thread are in flight, so memory stays that of those chunks
// whatever the stream's length.
//
// The compressor is libdeflate (Debian's libdeflate-dev): measured against
// zlib on the text of the benchmark plans, it packs as small or smaller at
// the same level in well under half the time (perf/README.md, "HTML report").
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "base/status.h"

namespace tfstream::buffer {

// Compresses `data` into one zlib stream appended to *out (level 1-12,
// libdeflate's scale: 6 is zlib's default).
void ZlibCompress(std::string_view data, int level, std::string* out);

class DeflateChunks {
 public:
  // Runs on a pool thread: the chunk's number, its parts each compressed
  // (in the order given), and the bytes to write (*out starts empty).
  using Assemble = std::function<void(uint64_t number, const std::vector<std::string>& compressed, std::string* out)>;
  // Runs on the submitting thread, in submission order.
  using Write = std::function<Status(std::string_view bytes)>;

  // `threads` 0 compresses on the submitting thread.
  DeflateChunks(int threads, int level, Assemble assemble, Write write);
  ~DeflateChunks();
  DeflateChunks(const DeflateChunks&) = delete;
  DeflateChunks& operator=(const DeflateChunks&) = delete;

  // Queues a chunk (its parts are moved from), then writes the chunks
  // finished so far; waits while too many are in flight. Returns the first
  // write error (after which nothing more is written).
  Status Submit(std::vector<std::string> parts);
  // Waits for every chunk and writes the rest.
  Status Finish();
  uint64_t submitted() const { return next_number_; }

 private:
  struct Job {
    uint64_t number = 0;
    std::vector<std::string> parts;
    std::string out;
    bool done = false;
  };
  void Work();
  void Run(Job* job) const;
  // Writes finished jobs at the front; with `wait_for` jobs at most left in
  // flight (waiting for the front as needed).
  Status Drain(size_t wait_for);

  const int level_;
  Assemble assemble_;
  Write write_;
  size_t max_in_flight_;
  uint64_t next_number_ = 0;
  Status status_;

  std::mutex mu_;
  std::condition_variable work_ready_, job_done_;
  std::deque<std::unique_ptr<Job>> in_flight_;  // submission order
  std::deque<Job*> todo_;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace tfstream::buffer
