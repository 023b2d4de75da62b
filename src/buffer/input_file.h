// InputFile: the bytes of one input, mapped into memory. Regular files are
// mapped directly; anything else (a pipe, a terminal) is first spooled to an
// anonymous temporary file, unlinked as soon as it is created so that nothing
// is left behind on any exit path, then mapped.
#pragma once

#include <string>
#include <string_view>

#include "base/status.h"

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

 private:
  Status MapFd(int fd, const std::string& label);
  Status Spool(int fd, const std::string& label, int* spool_fd);

  const char* data_ = "";
  size_t size_ = 0;
  void* map_ = nullptr;
  size_t map_size_ = 0;
};

}  // namespace tfstream::buffer
