// Status: the outcome of an operation on input data. OK carries nothing; an
// error carries a message and, where known, the byte offset in the input the
// message refers to. Hot paths return Status instead of throwing.
#pragma once

#include <cstdint>
#include <string>
#include <utility>

namespace tfstream {

class [[nodiscard]] Status {
 public:
  static constexpr uint64_t kNoOffset = ~uint64_t{0};

  Status() = default;
  static Status Ok() { return Status(); }
  static Status Error(std::string message, uint64_t offset = kNoOffset) {
    Status s;
    s.ok_ = false;
    s.message_ = std::move(message);
    s.offset_ = offset;
    return s;
  }

  bool ok() const { return ok_; }
  const std::string& message() const { return message_; }
  uint64_t offset() const { return offset_; }
  bool has_offset() const { return offset_ != kNoOffset; }
  bool operator==(const Status&) const = default;

 private:
  bool ok_ = true;
  std::string message_;
  uint64_t offset_ = kNoOffset;
};

}  // namespace tfstream
