#include "buffer/pipe_size.h"

#include <cstdlib>
#include <fcntl.h>
#include <unistd.h>

namespace tfstream::buffer {
namespace {

constexpr int kWanted = 1 << 20;

// /proc/sys/fs/pipe-max-size: the largest pipe an unprivileged process may
// ask for; 0 when it cannot be read.
int PipeMaxSize() {
  int fd = open("/proc/sys/fs/pipe-max-size", O_RDONLY | O_CLOEXEC);
  if (fd < 0) return 0;
  char text[32] = {};
  ssize_t n = read(fd, text, sizeof text - 1);
  close(fd);
  return n > 0 ? std::atoi(text) : 0;
}

}  // namespace

int EnlargePipe(int fd) {
  const int now = fcntl(fd, F_GETPIPE_SZ);
  if (now < 0) return 0;
  int want = kWanted;
  const int max = PipeMaxSize();
  if (max > 0 && max < want) want = max;
  if (now >= want) return now;
  const int got = fcntl(fd, F_SETPIPE_SZ, want);
  return got > 0 ? got : now;
}

}  // namespace tfstream::buffer
