#include "buffer/output_sink.h"

#include <cerrno>
#include <cstring>
#include <poll.h>
#include <sys/uio.h>
#include <unistd.h>

namespace tfstream::buffer {

Status OutputSink::Flush() {
  if (fd_ < 0 && !consumer_) return Status::Ok();  // a collecting sink keeps its text
  Status s = WriteAll(buffer_);
  buffer_.clear();
  return s;
}

Status OutputSink::AppendBlock(std::string_view block) {
  if ((fd_ < 0 && !consumer_) || block.size() < kWriteInPlace) {
    Append(block);
    return Status::Ok();
  }
  // A block this large (a huge value, or a batch of blocks rendered
  // together) is written from where it is, in the same call as what was
  // buffered before it: copying it into the buffer first would double the
  // memory it takes, and cost a pass over its bytes.
  Status s = WriteAll(buffer_, block);
  buffer_.clear();
  return s;
}

Status OutputSink::AppendPieces(const std::function<Status(const std::function<bool(std::string_view)>&)>& read) {
  Status written;
  Status s = read([&](std::string_view piece) {
    Append(piece);
    return (written = MaybeFlush()).ok();
  });
  return s.ok() ? written : s;
}

Status OutputSink::WriteAll(std::string_view first, std::string_view second) {
  if (consumer_) {
    if (!first.empty()) consumer_(first);
    if (!second.empty()) consumer_(second);
    return Status::Ok();
  }
  if (fd_ < 0) return Status::Ok();
  // The meter looks at the last byte written.
  if (before_write_ && !(first.empty() && second.empty())) before_write_(second.empty() ? first : second);
  struct iovec pieces[2] = {{const_cast<char*>(first.data()), first.size()},
                            {const_cast<char*>(second.data()), second.size()}};
  struct iovec* next = pieces;
  int count = 2;
  while (count > 0 && next->iov_len == 0) {
    ++next;
    --count;
  }
  while (count > 0) {
    ssize_t n = ::writev(fd_, next, count);
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
    // Past what was written: whole pieces, then into the next one.
    size_t done = static_cast<size_t>(n);
    while (count > 0 && done >= next->iov_len) {
      done -= next->iov_len;
      ++next;
      --count;
    }
    if (count > 0) {
      next->iov_base = static_cast<char*>(next->iov_base) + done;
      next->iov_len -= done;
    }
  }
  return Status::Ok();
}

}  // namespace tfstream::buffer
