// ChangeCursor: walks the elements of one array of resource changes
// (resource_changes or resource_drift) of a document the pre-scan has
// checked, reading each element's key (address, deposed key) and facts by
// scanning it, its values skipped by structure. What two plans are compared
// by (pipeline/compare_run.h): it holds one element at a time, so two
// cursors merge-join two plans in constant memory.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "base/status.h"
#include "stream/json_scanner.h"
#include "stream/pre_scan.h"

namespace tfstream::stream {

class ChangeCursor {
 public:
  // `range` is the array (may be absent: no elements). `done_before`, when
  // set, is told the offset before which the cursor is done with the
  // document, after each element.
  ChangeCursor(std::string_view doc, ByteRange range, std::function<void(uint64_t)> done_before = nullptr);

  // Moves to the next element; false at the end of the array, or on an
  // error (status() then says what).
  bool Next();
  const Status& status() const { return status_; }

  // The current element (valid after Next() returned true).
  std::string_view raw() const { return raw_; }
  uint64_t offset() const { return offset_; }
  const ResourceFacts& facts() const { return facts_; }
  // How many elements Next() has given.
  size_t count() const { return count_; }

 private:
  std::string_view doc_;
  size_t pos_ = 0, end_ = 0;
  bool present_ = false;
  std::function<void(uint64_t)> done_before_;
  std::string_view raw_;
  uint64_t offset_ = 0;
  ResourceFacts facts_;
  size_t count_ = 0;
  Status status_;
};

}  // namespace tfstream::stream
