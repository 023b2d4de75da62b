// BucketedText: text appended to numbered buckets in any order, read back
// bucket by bucket in an order fixed at the end (--summary --group-by
// module holds each line under its module and action until the module tree
// is known). Memory stays flat whatever the amount of text: the appends go
// to one log in a SpillText (memory, then a temporary file), and reading
// assembles the buckets, in the order given, one window of kWindow bytes at
// a time, by a pass over the log per window. Per bucket only a few counters
// are kept.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "base/status.h"
#include "buffer/spill_text.h"

namespace tfstream::buffer {

class BucketedText {
 public:
  static constexpr size_t kWindow = size_t{4} << 20;

  // `memory`, `window`: bytes of log held before spilling, bytes assembled
  // per pass (tests make them small).
  explicit BucketedText(size_t memory = SpillText::kMemory, size_t window = kWindow)
      : log_(memory), window_size_(window) {}

  void Append(size_t bucket, std::string_view text);
  void Clear();
  // The bytes appended to `bucket`.
  uint64_t size(size_t bucket) const { return bucket < sizes_.size() ? sizes_[bucket] : 0; }
  // Why holding the text failed, if it did (Read returns it too).
  const Status& status() const { return log_.status(); }

  // The order the buckets will be read in, after the last Append. Reading
  // them in this order reads the log once per window; any order works.
  void Arrange(const std::vector<size_t>& order);
  // Calls `piece` with an arranged bucket's text, in order, until it
  // returns false.
  Status Read(size_t bucket, const std::function<bool(std::string_view)>& piece) const;

 private:
  // Assembles the window starting at `start` of the arranged text.
  Status LoadWindow(uint64_t start) const;

  SpillText log_;  // records: 8-byte bucket, 4-byte length, the text
  std::vector<uint64_t> sizes_;
  std::vector<uint64_t> starts_;  // by bucket, in the arranged text; kUnread if not arranged
  uint64_t total_ = 0;            // of the arranged text
  size_t window_size_;
  mutable std::string window_;
  mutable uint64_t window_start_ = UINT64_MAX;
  mutable std::vector<uint64_t> cursors_;  // by bucket, during a pass
};

}  // namespace tfstream::buffer
