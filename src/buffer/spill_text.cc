#include "buffer/spill_text.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <vector>

#include "buffer/unnamed_file.h"

namespace tfstream::buffer {

SpillText::~SpillText() {
  if (fd_ >= 0) close(fd_);
}

void SpillText::Append(std::string_view text) {
  memory_.append(text);
  if (memory_.size() >= memory_limit_) Spill();
}

void SpillText::Spill() {
  if (!error_.ok()) {
    memory_.clear();
    return;
  }
  const std::string dir = TemporaryDirectory();
  if (fd_ < 0 && (fd_ = CreateUnnamedFile(dir)) < 0) {
    error_ = Status::Error("cannot create a temporary file in " + dir + " for held-back output: " + std::strerror(errno) +
                           " (set TMPDIR to a writable directory)");
    return;
  }
  size_t done = 0;
  while (done < memory_.size()) {
    ssize_t n = pwrite(fd_, memory_.data() + done, memory_.size() - done, static_cast<off_t>(spilled_ + done));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      error_ = Status::Error("cannot write a temporary file in " + dir + " for held-back output: " +
                             std::strerror(n < 0 ? errno : ENOSPC));
      return;
    }
    done += static_cast<size_t>(n);
  }
  spilled_ += memory_.size();
  memory_.clear();
}

void SpillText::Clear() {
  memory_.clear();
  spilled_ = 0;  // the file's old bytes are overwritten from the start
  if (fd_ >= 0 && ftruncate(fd_, 0) != 0) {
    // Harmless: only the first spilled_ bytes are ever read.
  }
}

Status SpillText::Read(const std::function<bool(std::string_view)>& piece) const {
  if (!error_.ok()) return error_;
  std::vector<char> chunk(spilled_ > 0 ? std::max<size_t>(memory_limit_, 4096) : 0);
  for (uint64_t at = 0; at < spilled_;) {
    ssize_t n = pread(fd_, chunk.data(), static_cast<size_t>(std::min<uint64_t>(chunk.size(), spilled_ - at)),
                      static_cast<off_t>(at));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return Status::Error(std::string("cannot read back a temporary file: ") + std::strerror(errno));
    if (!piece(std::string_view(chunk.data(), static_cast<size_t>(n)))) return Status::Ok();
    at += static_cast<uint64_t>(n);
  }
  if (!memory_.empty()) piece(memory_);
  return Status::Ok();
}

Status MarkedLines::Read(const std::function<bool(std::string_view)>& piece) const {
  return text_->Read(
      [&](std::string_view text) { return ForEachSubstituted(text, marker_, replacement_, piece); });
}

bool ForEachSubstituted(std::string_view text, char marker, std::string_view replacement,
                        const std::function<bool(std::string_view)>& piece) {
  for (size_t at = 0; at < text.size();) {
    const size_t next = std::min(text.find(marker, at), text.size());
    if (next > at && !piece(text.substr(at, next - at))) return false;
    if (next < text.size() && !replacement.empty() && !piece(replacement)) return false;
    at = next + 1;
  }
  return true;
}

}  // namespace tfstream::buffer
