#include "buffer/input_file.h"

#include "buffer/unnamed_file.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace tfstream::buffer {
namespace {

std::string Errno() { return std::strerror(errno); }

}  // namespace

InputFile::~InputFile() {
  read_ahead_.reset();
  if (map_ != nullptr) munmap(map_, map_size_);
}

void InputFile::StartReadAhead() {
  constexpr size_t kAhead = 16 << 20;
  if (map_ == nullptr || read_ahead_ != nullptr) return;
  read_ahead_ = std::make_unique<ReadAhead>(static_cast<char*>(map_), map_size_, released_, kAhead);
  if (!read_ahead_->running()) read_ahead_.reset();
}

void InputFile::StopReadAhead() {
  if (read_ahead_ == nullptr) return;
  released_ = read_ahead_->Stop();
  read_ahead_.reset();
}

void InputFile::ReleaseBefore(uint64_t offset) {
  constexpr size_t kBatch = 8 << 20;  // one madvise per 8 MiB is plenty
  if (map_ == nullptr) return;
  if (read_ahead_ != nullptr) {
    read_ahead_->Moved(offset);
    return;
  }
  size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  size_t end = static_cast<size_t>(std::min<uint64_t>(offset, map_size_)) / page * page;
  // A new pass over earlier bytes maps them back in: start counting again.
  if (end < released_) released_ = 0;
  if (end < released_ + kBatch) return;
  madvise(static_cast<char*>(map_) + released_, end - released_, MADV_DONTNEED);
  released_ = end;
}

void InputFile::ReleaseRange(uint64_t begin, uint64_t end) {
  if (map_ == nullptr) return;
  uint64_t page = static_cast<uint64_t>(sysconf(_SC_PAGESIZE));
  begin = (begin + page - 1) / page * page;
  end = std::min<uint64_t>(end, map_size_) / page * page;
  if (end <= begin) return;
  madvise(static_cast<char*>(map_) + begin, static_cast<size_t>(end - begin), MADV_DONTNEED);
}

Status InputFile::MapFd(int fd, const std::string& label) {
  struct stat st;
  if (fstat(fd, &st) != 0) return Status::Error(label + ": " + Errno());
  if (S_ISDIR(st.st_mode)) return Status::Error(label + ": is a directory");
  size_ = static_cast<size_t>(st.st_size);
  if (size_ == 0) {
    data_ = "";
    return Status::Ok();
  }
  void* p = mmap(nullptr, size_, PROT_READ, MAP_PRIVATE, fd, 0);
  if (p == MAP_FAILED) return Status::Error(label + ": cannot map: " + Errno());
  madvise(p, size_, MADV_SEQUENTIAL);
  map_ = p;
  map_size_ = size_;
  data_ = static_cast<const char*>(p);
  return Status::Ok();
}

Status InputFile::Spool(int fd, const std::string& label, int* spool_fd) {
  const std::string dir = TemporaryDirectory();
  int out = CreateUnnamedFile(dir);
  if (out < 0) {
    return Status::Error(label + ": cannot create a temporary file in " + dir + " to hold the input: " + Errno() +
                         " (set TMPDIR to a writable directory)");
  }
  auto copy_failed = [&](int err) {
    close(out);
    return Status::Error(label + ": cannot copy the input to a temporary file in " + dir + ": " +
                         std::strerror(err) +
                         (err == ENOSPC || err == EDQUOT ? " (set TMPDIR to a directory with more room)" : ""));
  };
  // From a pipe, splice() moves the data into the file inside the kernel:
  // copying every byte out to user space and back costs more than the rest
  // of the work on the VMs CI runs on. Anything else, or a kernel that
  // refuses, takes the read/write loop below.
  struct stat in_stat;
  if (fstat(fd, &in_stat) == 0 && S_ISFIFO(in_stat.st_mode)) {
    (void)fcntl(fd, F_SETPIPE_SZ, 1 << 20);  // fewer wake-ups; the default 64 KiB also works
    bool moved_any = false;
    while (true) {
      ssize_t n = splice(fd, nullptr, out, nullptr, 1 << 20, SPLICE_F_MOVE | SPLICE_F_MORE);
      if (n > 0) {
        moved_any = true;
        continue;
      }
      if (n == 0) {
        *spool_fd = out;
        return Status::Ok();
      }
      if (errno == EINTR) continue;
      if (errno == EAGAIN || errno == EWOULDBLOCK) {
        struct pollfd p = {fd, POLLIN, 0};
        if (poll(&p, 1, -1) >= 0 || errno == EINTR) continue;
      }
      if ((errno == EINVAL || errno == ENOSYS) && !moved_any) break;
      if (errno == ENOSPC || errno == EDQUOT || errno == EFBIG) return copy_failed(errno);
      std::string why = Errno();
      close(out);
      return Status::Error(label + ": " + why);
    }
  }
  std::vector<char> buf(1 << 20);
  while (true) {
    ssize_t n = read(fd, buf.data(), buf.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      if (errno == EAGAIN || errno == EWOULDBLOCK) {
        // A non-blocking descriptor inherited from the caller: wait for data.
        struct pollfd p = {fd, POLLIN, 0};
        if (poll(&p, 1, -1) >= 0 || errno == EINTR) continue;
      }
      std::string why = Errno();
      close(out);
      return Status::Error(label + ": " + why);
    }
    if (n == 0) break;
    ssize_t done = 0;
    while (done < n) {
      ssize_t w = write(out, buf.data() + done, static_cast<size_t>(n - done));
      if (w < 0) {
        if (errno == EINTR) continue;
        return copy_failed(errno);
      }
      done += w;
    }
  }
  *spool_fd = out;
  return Status::Ok();
}

Status InputFile::Open(const std::string& path) {
  if (path == "-") {
    struct stat st;
    if (fstat(0, &st) != 0) return Status::Error("<stdin>: " + Errno());
    if (S_ISREG(st.st_mode)) return MapFd(0, "<stdin>");
    int spool = -1;
    Status s = Spool(0, "<stdin>", &spool);
    if (!s.ok()) return s;
    s = MapFd(spool, "<stdin>");
    close(spool);
    return s;
  }
  int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return Status::Error(path + ": " + Errno());
  struct stat st;
  Status s;
  if (fstat(fd, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)) {
    int spool = -1;
    s = Spool(fd, path, &spool);
    if (s.ok()) {
      s = MapFd(spool, path);
      close(spool);
    }
  } else {
    s = MapFd(fd, path);
  }
  close(fd);
  return s;
}

}  // namespace tfstream::buffer
