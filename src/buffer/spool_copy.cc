#include "buffer/spool_copy.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

#include "buffer/pipe_size.h"
#include "buffer/unnamed_file.h"

namespace tfstream::buffer {
namespace {

constexpr size_t kPiece = size_t{1} << 20;

// Waits until a non-blocking descriptor inherited from the caller (some
// shells and runtimes leave a pipe so) has data; false when poll fails.
bool WaitReadable(int fd) {
  struct pollfd p = {fd, POLLIN, 0};
  return poll(&p, 1, -1) >= 0 || errno == EINTR;
}

}  // namespace

Status CopyToSpool(int in, const std::string& label, int out, const std::function<void(uint64_t)>& written,
                   SpoolCopy how) {
  const std::string dir = TemporaryDirectory();
  auto copy_failed = [&](int err) {
    return Status::Error(label + ": cannot copy the input to a temporary file in " + dir + ": " +
                         std::strerror(err) +
                         (err == ENOSPC || err == EDQUOT ? " (set TMPDIR to a directory with more room)" : ""));
  };
  uint64_t total = 0;
  // The file's blocks reserved ahead of the copy, a few MiB at a time:
  // writing into them costs less than having each page's block found as it
  // is written (ext4 on the VMs CI runs on). Where the file system cannot,
  // the writes find them as before; a full disk is reported by them.
  constexpr uint64_t kReserve = uint64_t{32} << 20;
  uint64_t reserved = 0;
  bool reserve = true;
  auto reserve_ahead = [&] {
    if (!reserve || total + kReserve <= reserved) return;
    reserve =
        fallocate(out, FALLOC_FL_KEEP_SIZE, static_cast<off_t>(reserved), static_cast<off_t>(kReserve)) == 0;
    reserved += kReserve;
  };
  // From a pipe, splice() moves the data into the file inside the kernel:
  // copying every byte out to user space and back costs more than the rest
  // of the work on the VMs CI runs on. It stops at its first failure and
  // the read/write loop below carries on from the same offsets: where
  // splice was refused (EINVAL: a file system without it; ENOSYS) that is
  // only the slower way, and where the failure is real (a full disk, a bad
  // descriptor) read or write meets it again and reports it as it would
  // have without splice. A splice that fails has moved nothing.
  struct stat in_stat;
  if (how == SpoolCopy::kFastest && fstat(in, &in_stat) == 0 && S_ISFIFO(in_stat.st_mode)) {
    EnlargePipe(in);  // fewer wake-ups; the default 64 KiB also works
    while (true) {
      reserve_ahead();
      ssize_t n = splice(in, nullptr, out, nullptr, kPiece, SPLICE_F_MOVE | SPLICE_F_MORE);
      if (n > 0) {
        total += static_cast<uint64_t>(n);
        if (written) written(total);
        continue;
      }
      if (n == 0) return Status::Ok();
      if (errno == EINTR) continue;
      if ((errno == EAGAIN || errno == EWOULDBLOCK) && WaitReadable(in)) continue;
      break;
    }
  }
  std::vector<char> buf(kPiece);
  while (true) {
    reserve_ahead();
    ssize_t n = read(in, buf.data(), buf.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      if ((errno == EAGAIN || errno == EWOULDBLOCK) && WaitReadable(in)) continue;
      return Status::Error(label + ": " + std::strerror(errno));
    }
    if (n == 0) return Status::Ok();
    ssize_t done = 0;
    while (done < n) {
      ssize_t w = write(out, buf.data() + done, static_cast<size_t>(n - done));
      if (w < 0) {
        if (errno == EINTR) continue;
        return copy_failed(errno);
      }
      done += w;
    }
    total += static_cast<uint64_t>(n);
    if (written) written(total);
  }
}

}  // namespace tfstream::buffer
