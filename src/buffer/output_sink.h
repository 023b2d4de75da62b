// OutputSink: buffered writes to a file descriptor. Callers append text and
// call Flush() at block boundaries, so a reader of a pipe sees whole resource
// blocks as soon as each is rendered, and an error never leaves half a block
// behind (the buffer is written in one go per block).
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "base/status.h"

namespace tfstream::buffer {

class OutputSink {
 public:
  explicit OutputSink(int fd) : fd_(fd) { buffer_.reserve(kFlushThreshold * 2); }
  // A sink without a descriptor only collects: Flush() keeps the text in
  // buffer() (to render a section into memory).
  OutputSink() : fd_(-1) {}
  // A sink that hands each flushed piece to `consumer` instead of writing it
  // (a Markdown section converted and held as it is rendered).
  explicit OutputSink(std::function<void(std::string_view)> consumer) : fd_(-1), consumer_(std::move(consumer)) {}

  // Called with the buffered text before each write (--progress erases its
  // line there when stdout is the same terminal); empty: nothing is called.
  void set_before_write(std::function<void(std::string_view)> fn) { before_write_ = std::move(fn); }

  void Append(std::string_view s) { buffer_.append(s); }
  // Appends a whole block; one of kWriteInPlace bytes or more is written at
  // once, without a copy, in one call with what was buffered before it.
  Status AppendBlock(std::string_view block);
  std::string* buffer() { return &buffer_; }
  // Appends the text `read` hands over in pieces (a TextSource's Read, say),
  // flushing as it fills; returns the read's error, else the write's.
  Status AppendPieces(const std::function<Status(const std::function<bool(std::string_view)>&)>& read);

  // Writes what is buffered. A closed reader (EPIPE) is reported as such so
  // the caller can stop quietly, like other filters.
  Status Flush();
  // Flushes only when enough has accumulated, for sections of many small
  // blocks; block boundaries still get their own Flush().
  Status MaybeFlush() { return buffer_.size() >= kFlushThreshold ? Flush() : Status::Ok(); }
  bool reader_gone() const { return reader_gone_; }

 private:
  // Writes `first` then `second` (one writev while the descriptor takes
  // them whole).
  Status WriteAll(std::string_view first, std::string_view second = {});

  static constexpr size_t kFlushThreshold = 64 * 1024;
  // A block at least this long is written from where it is rather than
  // copied into the buffer: about where copying it costs what one more
  // write() does. Blocks flushed one by one, or a batch of them at a time
  // (pipeline::Needs::joined_blocks), are written at once anyway.
  static constexpr size_t kWriteInPlace = 16 * 1024;
  int fd_;
  std::string buffer_;
  bool reader_gone_ = false;
  std::function<void(std::string_view)> before_write_;
  std::function<void(std::string_view)> consumer_;
};

}  // namespace tfstream::buffer
