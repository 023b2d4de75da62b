// OutputSink: buffered writes to a file descriptor. Callers append text and
// call Flush() at block boundaries, so a reader of a pipe sees whole resource
// blocks as soon as each is rendered, and an error never leaves half a block
// behind (the buffer is written in one go per block).
#pragma once

#include <string>
#include <string_view>

#include "base/status.h"

namespace tfstream::buffer {

class OutputSink {
 public:
  explicit OutputSink(int fd) : fd_(fd) { buffer_.reserve(kFlushThreshold * 2); }

  void Append(std::string_view s) { buffer_.append(s); }
  std::string* buffer() { return &buffer_; }

  // Writes what is buffered. A closed reader (EPIPE) is reported as such so
  // the caller can stop quietly, like other filters.
  Status Flush();
  // Flushes only when enough has accumulated, for sections of many small
  // blocks; block boundaries still get their own Flush().
  Status MaybeFlush() { return buffer_.size() >= kFlushThreshold ? Flush() : Status::Ok(); }
  bool reader_gone() const { return reader_gone_; }

 private:
  static constexpr size_t kFlushThreshold = 64 * 1024;
  int fd_;
  std::string buffer_;
  bool reader_gone_ = false;
};

}  // namespace tfstream::buffer
