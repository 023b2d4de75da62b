#include "buffer/output_sink.h"

#include <cerrno>
#include <cstring>
#include <poll.h>
#include <unistd.h>

namespace tfstream::buffer {

Status OutputSink::Flush() {
  if (fd_ < 0 && !consumer_) return Status::Ok();  // a collecting sink keeps its text
  Status s = WriteAll(buffer_);
  buffer_.clear();
  return s;
}

Status OutputSink::AppendBlock(std::string_view block) {
  if ((fd_ < 0 && !consumer_) || block.size() < kFlushThreshold) {
    Append(block);
    return Status::Ok();
  }
  // A block this large (a huge value) is written from where it is: copying
  // it into the buffer first would double the memory it takes.
  Status s = Flush();
  return s.ok() ? WriteAll(block) : s;
}

Status OutputSink::AppendPieces(const std::function<Status(const std::function<bool(std::string_view)>&)>& read) {
  Status written;
  Status s = read([&](std::string_view piece) {
    Append(piece);
    return (written = MaybeFlush()).ok();
  });
  return s.ok() ? written : s;
}

Status OutputSink::WriteAll(std::string_view text) {
  if (consumer_) {
    if (!text.empty()) consumer_(text);
    return Status::Ok();
  }
  if (fd_ < 0) return Status::Ok();
  if (before_write_ && !text.empty()) before_write_(text);
  size_t done = 0;
  while (done < text.size()) {
    ssize_t n = ::write(fd_, text.data() + done, text.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      if (errno == EAGAIN || errno == EWOULDBLOCK) {
        // A non-blocking descriptor inherited from the caller (some shells
        // and runtimes leave a pipe so): wait until the reader makes room.
        struct pollfd p = {fd_, POLLOUT, 0};
        if (poll(&p, 1, -1) >= 0 || errno == EINTR) continue;
      }
      if (errno == EPIPE) {
        reader_gone_ = true;
        return Status::Error("standard output closed");
      }
      return Status::Error(std::string("cannot write standard output: ") + std::strerror(errno));
    }
    done += static_cast<size_t>(n);
  }
  return Status::Ok();
}

}  // namespace tfstream::buffer
