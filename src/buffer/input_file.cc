#include "buffer/input_file.h"

#include "buffer/spool_copy.h"
#include "buffer/unnamed_file.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <condition_variable>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

namespace tfstream::buffer {
namespace {

std::string Errno() { return std::strerror(errno); }

}  // namespace

// The copy of an input arriving through a pipe, on its thread, and what the
// reader has been told of it.
struct InputFile::Spooling {
  int in = -1;   // what is copied; closed by the thread unless stdin
  int out = -1;  // the spool
  std::string label;
  std::mutex mu;
  std::condition_variable arrived;
  uint64_t written = 0;  // guarded by mu
  bool done = false;     // guarded by mu
  Status status;         // the copy's, set before done
  std::thread thread;
};

InputFile::InputFile() = default;

InputFile::~InputFile() {
  read_ahead_.reset();
  if (arrival_ != nullptr) {
    // The reader left before the end: the copy still runs to the input's
    // end, as a kWhole spool would have.
    if (arrival_->thread.joinable()) arrival_->thread.join();
    close(arrival_->out);
    map_ = nullptr;
  }
  for (const auto& [p, length] : arrival_maps_) {
    if (p != map_) munmap(p, length);
  }
  if (map_ != nullptr) munmap(map_, map_size_);
}

void InputFile::StartReadAhead() {
  constexpr size_t kAhead = 16 << 20;
  if (map_ == nullptr || read_ahead_ != nullptr || arrival_ != nullptr) return;
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

Status InputFile::CreateSpool(const std::string& label, int* spool_fd) {
  const std::string dir = TemporaryDirectory();
  *spool_fd = CreateUnnamedFile(dir);
  if (*spool_fd < 0) {
    return Status::Error(label + ": cannot create a temporary file in " + dir + " to hold the input: " + Errno() +
                         " (set TMPDIR to a writable directory)");
  }
  return Status::Ok();
}

Status InputFile::Spool(int fd, const std::string& label, int* spool_fd) {
  int out = -1;
  if (Status s = CreateSpool(label, &out); !s.ok()) return s;
  Status s = CopyToSpool(fd, label, out, nullptr);
  if (!s.ok()) {
    close(out);
    return s;
  }
  *spool_fd = out;
  return Status::Ok();
}

Status InputFile::StartSpooling(int fd, const std::string& label) {
  auto spooling = std::make_unique<Spooling>();
  spooling->in = fd;
  spooling->label = label;
  if (Status s = CreateSpool(label, &spooling->out); !s.ok()) {
    if (fd != 0) close(fd);
    return s;
  }
  Spooling* sp = spooling.get();
  auto copy = [sp] {
    Status s = CopyToSpool(sp->in, sp->label, sp->out, [sp](uint64_t total) {
      {
        std::lock_guard<std::mutex> lock(sp->mu);
        sp->written = total;
      }
      sp->arrived.notify_one();
    });
    if (sp->in != 0) close(sp->in);
    {
      std::lock_guard<std::mutex> lock(sp->mu);
      sp->status = s;
      sp->done = true;
    }
    sp->arrived.notify_one();
  };
  try {
    spooling->thread = std::thread(copy);
  } catch (const std::system_error&) {
    copy();  // no thread to spare: all of it now, as kWhole
  }
  arrival_ = std::move(spooling);
  return Status::Ok();
}

std::string_view InputFile::Arrived(uint64_t size, bool* all) {
  if (arrival_ == nullptr) {  // complete already
    *all = true;
    return data();
  }
  Spooling& sp = *arrival_;
  uint64_t have;
  {
    std::unique_lock<std::mutex> lock(sp.mu);
    sp.arrived.wait(lock, [&] { return sp.written >= size || sp.done; });
    have = sp.written;
    *all = sp.done;
  }
  if (have == 0) return {};
  if (map_ == nullptr || have > map_size_) {
    // A larger window on the spool, its length doubling so that remapping
    // stays rare. The file is shorter than the window: only the bytes
    // arrived are read, and pages past the file's end are never touched.
    const size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
    size_t length = std::max<size_t>({size_t{64} << 20, 2 * map_size_, static_cast<size_t>(have)});
    length = (length + page - 1) / page * page;
    void* p = mmap(nullptr, length, PROT_READ, MAP_SHARED, sp.out, 0);
    if (p == MAP_FAILED) {
      // No room for a window (ulimit -v): the reader waits for the whole,
      // whose mapping reports what is wrong.
      *all = true;
      return {};
    }
    madvise(p, length, MADV_SEQUENTIAL);
    if (map_ != nullptr) madvise(map_, map_size_, MADV_DONTNEED);
    arrival_maps_.emplace_back(p, length);
    map_ = p;
    map_size_ = length;
    released_ = 0;
  }
  return {static_cast<const char*>(map_), static_cast<size_t>(have)};
}

Status InputFile::Complete() {
  if (arrival_ == nullptr) return Status::Ok();
  std::unique_ptr<Spooling> sp = std::move(arrival_);
  if (sp->thread.joinable()) sp->thread.join();
  if (map_ != nullptr) madvise(map_, map_size_, MADV_DONTNEED);
  map_ = nullptr;
  map_size_ = 0;
  released_ = 0;
  Status s = sp->status;
  if (s.ok()) s = MapFd(sp->out, sp->label);
  close(sp->out);
  return s;
}

Status InputFile::Open(const std::string& path, Arrival arrival) {
  const bool as_it_comes = arrival == Arrival::kAsItComes;
  if (path == "-") {
    struct stat st;
    if (fstat(0, &st) != 0) return Status::Error("<stdin>: " + Errno());
    if (S_ISREG(st.st_mode)) return MapFd(0, "<stdin>");
    if (as_it_comes) return StartSpooling(0, "<stdin>");
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
    if (as_it_comes) return StartSpooling(fd, path);
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
