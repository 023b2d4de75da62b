// InputFile: the bytes of one input, mapped into memory. Regular files are
// mapped directly; anything else (a pipe, a terminal) is first spooled to an
// temporary file that never has a name in the file system (O_TMPFILE, or
// unlinked right after creation with signals blocked), so that nothing is
// left behind on any exit path, then mapped. The spool goes to $TMPDIR, else
// /tmp.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "base/status.h"
#include "buffer/read_ahead.h"

namespace tfstream::buffer {

class InputFile {
 public:
  InputFile() = default;
  ~InputFile();
  InputFile(const InputFile&) = delete;
  InputFile& operator=(const InputFile&) = delete;

  // `path` "-" means standard input.
  Status Open(const std::string& path);
  std::string_view data() const { return {data_, size_}; }

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
  Status MapFd(int fd, const std::string& label);
  Status Spool(int fd, const std::string& label, int* spool_fd);

  const char* data_ = "";
  size_t size_ = 0;
  void* map_ = nullptr;
  size_t map_size_ = 0;
  size_t released_ = 0;
  std::unique_ptr<ReadAhead> read_ahead_;
};

}  // namespace tfstream::buffer
