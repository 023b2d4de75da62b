#include "buffer/output_sink.h"

#include <cerrno>
#include <cstring>
#include <poll.h>
#include <unistd.h>

namespace tfstream::buffer {

Status OutputSink::Flush() {
  if (fd_ < 0) return Status::Ok();
  if (before_write_ && !buffer_.empty()) before_write_(buffer_);
  size_t done = 0;
  while (done < buffer_.size()) {
    ssize_t n = ::write(fd_, buffer_.data() + done, buffer_.size() - done);
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
        buffer_.clear();
        return Status::Error("standard output closed");
      }
      std::string why = std::strerror(errno);
      buffer_.clear();
      return Status::Error("cannot write standard output: " + why);
    }
    done += static_cast<size_t>(n);
  }
  buffer_.clear();
  return Status::Ok();
}

}  // namespace tfstream::buffer
