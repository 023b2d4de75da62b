#include "buffer/output_sink.h"

#include <cerrno>
#include <cstring>
#include <unistd.h>

namespace tfstream::buffer {

Status OutputSink::Flush() {
  size_t done = 0;
  while (done < buffer_.size()) {
    ssize_t n = ::write(fd_, buffer_.data() + done, buffer_.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
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
