// InputFile: the bytes of one input, mapped into memory. Regular files are
// mapped directly; anything else (a pipe, a terminal) is first spooled to an
// temporary file that never has a name in the file system (O_TMPFILE, or
// unlinked right after creation with signals blocked), so that nothing is
// left behind on any exit path, then mapped. The spool goes to $TMPDIR, else
// /tmp. A caller that can read the bytes as they come (the pre-scan of a
// state) has them spooled on a thread of its own instead (Arrival::kAsItComes),
// reads them through Arrived() while they arrive and calls Complete() for the
// whole: the spool then costs no time before its pass, only beside it.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/status.h"
#include "buffer/read_ahead.h"

namespace tfstream::buffer {

class InputFile {
 public:
  InputFile();
  ~InputFile();
  InputFile(const InputFile&) = delete;
  InputFile& operator=(const InputFile&) = delete;

  // How Open takes an input that must be spooled: kWhole returns once all of
  // it is spooled and mapped; kAsItComes returns once the spool is created,
  // the copy going on on a thread of its own, and data() is then empty until
  // Complete(). A regular file is mapped at once either way.
  enum class Arrival { kWhole, kAsItComes };
  // `path` "-" means standard input.
  Status Open(const std::string& path, Arrival arrival = Arrival::kWhole);
  std::string_view data() const { return {data_, size_}; }

  // Whether the input is still being spooled (kAsItComes, before Complete).
  bool arriving() const { return arrival_ != nullptr; }
  // Waits until at least `size` bytes have arrived, or
  // all of them (*all is then true), and returns the bytes arrived so far.
  // The view stays valid as long as this InputFile, whatever comes later;
  // ReleaseBefore and ReleaseRange apply to it until Complete(). From one
  // thread at a time. After Complete(), data() and all.
  std::string_view Arrived(uint64_t size, bool* all);
  // Waits for the end of the input and maps all of it, as Open with kWhole
  // would have; the spool's error (what Open with kWhole would have
  // returned), if any. Nothing to do when !arriving().
  Status Complete();

  // Tells the file that bytes before `offset` will not be needed for a
  // while: their pages are dropped from this process (the kernel's page
  // cache keeps them, and reading them again just maps them back), so
  // resident memory does not grow with the input's size. Views stay valid.
  void ReleaseBefore(uint64_t offset);
  // The same for the pages wholly inside [begin, end), for a pass that is not
  // the main one; leaves ReleaseBefore's bookkeeping alone. Thread-safe.
  void ReleaseRange(uint64_t begin, uint64_t end);

  // Between these, a helper thread maps the pages ahead of the offsets given
  // to ReleaseBefore and drops those behind (ReadAhead), for a pass that
  // reads the file front to back on one thread.
  void StartReadAhead();
  void StopReadAhead();

 private:
  struct Spooling;  // the copy on its thread, while arriving()

  Status MapFd(int fd, const std::string& label);
  // Creates the spool file (*spool_fd) for `label`'s bytes.
  static Status CreateSpool(const std::string& label, int* spool_fd);
  Status Spool(int fd, const std::string& label, int* spool_fd);
  // Open's copy of a non-regular input for Arrival::kAsItComes; takes `fd`
  // (closed when the copy ends, unless it is standard input).
  Status StartSpooling(int fd, const std::string& label);

  const char* data_ = "";
  size_t size_ = 0;
  void* map_ = nullptr;
  size_t map_size_ = 0;
  size_t released_ = 0;
  std::unique_ptr<ReadAhead> read_ahead_;
  std::unique_ptr<Spooling> arrival_;
  // Mappings handed out by Arrived(), kept (their pages dropped) until the
  // end so that the views into them stay valid.
  std::vector<std::pair<void*, size_t>> arrival_maps_;
};

}  // namespace tfstream::buffer
