#include "buffer/bucketed_text.h"

#include <algorithm>
#include <cstring>

namespace tfstream::buffer {
namespace {

constexpr uint64_t kUnread = UINT64_MAX;
constexpr size_t kHeader = 12;
constexpr size_t kMaxRecord = UINT32_MAX;

}  // namespace

void BucketedText::Append(size_t bucket, std::string_view text) {
  if (bucket >= sizes_.size()) sizes_.resize(bucket + 1, 0);
  sizes_[bucket] += text.size();
  while (!text.empty()) {
    const std::string_view part = text.substr(0, kMaxRecord);
    char header[kHeader];
    const uint64_t b = bucket;
    const uint32_t n = static_cast<uint32_t>(part.size());
    std::memcpy(header, &b, 8);
    std::memcpy(header + 8, &n, 4);
    log_.Append(std::string_view(header, kHeader));
    log_.Append(part);
    text.remove_prefix(part.size());
  }
}

void BucketedText::Clear() {
  log_.Clear();
  sizes_.clear();
  starts_.clear();
  cursors_.clear();
  total_ = 0;
  window_.clear();
  window_start_ = kUnread;
}

void BucketedText::Arrange(const std::vector<size_t>& order) {
  starts_.assign(sizes_.size(), kUnread);
  total_ = 0;
  for (size_t b : order) {
    if (b >= sizes_.size() || starts_[b] != kUnread) continue;
    starts_[b] = total_;
    total_ += sizes_[b];
  }
  window_start_ = kUnread;
}

Status BucketedText::LoadWindow(uint64_t start) const {
  const uint64_t end = std::min<uint64_t>(total_, start + window_size_);
  window_.assign(static_cast<size_t>(end - start), '\0');
  cursors_ = starts_;
  // A pass over the log: each record's text goes to its bucket's cursor in
  // the arranged text; the part of it inside the window is copied there.
  char header[kHeader];
  size_t header_have = 0;
  uint64_t bucket = 0;
  uint64_t data_left = 0;  // of the current record
  Status s = log_.Read([&](std::string_view piece) {
    while (!piece.empty()) {
      if (data_left == 0) {
        const size_t take = std::min(kHeader - header_have, piece.size());
        std::memcpy(header + header_have, piece.data(), take);
        header_have += take;
        piece.remove_prefix(take);
        if (header_have < kHeader) return true;
        header_have = 0;
        uint32_t n;
        std::memcpy(&bucket, header, 8);
        std::memcpy(&n, header + 8, 4);
        data_left = n;
        continue;
      }
      const size_t take = static_cast<size_t>(std::min<uint64_t>(data_left, piece.size()));
      const uint64_t dest = cursors_[bucket];
      if (dest != kUnread) {
        cursors_[bucket] += take;
        const uint64_t from = std::max(dest, start), to = std::min(dest + take, end);
        if (from < to) std::memcpy(&window_[from - start], piece.data() + (from - dest), to - from);
      }
      data_left -= take;
      piece.remove_prefix(take);
    }
    return true;
  });
  window_start_ = s.ok() ? start : kUnread;
  return s;
}

Status BucketedText::Read(size_t bucket, const std::function<bool(std::string_view)>& piece) const {
  if (!log_.status().ok()) return log_.status();
  if (bucket >= starts_.size() || starts_[bucket] == kUnread) return Status::Ok();
  uint64_t at = starts_[bucket];
  const uint64_t end = at + sizes_[bucket];
  while (at < end) {
    if (window_start_ == kUnread || at < window_start_ || at >= window_start_ + window_.size()) {
      Status s = LoadWindow(at - at % window_size_);
      if (!s.ok()) return s;
    }
    const uint64_t until = std::min(end, window_start_ + window_.size());
    if (!piece(std::string_view(window_).substr(static_cast<size_t>(at - window_start_),
                                                 static_cast<size_t>(until - at)))) {
      return Status::Ok();
    }
    at = until;
  }
  return Status::Ok();
}

}  // namespace tfstream::buffer
