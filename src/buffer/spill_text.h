// SpillText: text appended in order that must wait before it is written
// (--summary holds its lines, grouped, until the whole plan is validated;
// Markdown holds a section until its fence length is known). Up to kMemory
// bytes stay in memory; past that they go to an unnamed temporary file in
// $TMPDIR, so the memory stays flat whatever the plan's size.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "base/status.h"
#include "buffer/output_sink.h"
#include "buffer/text_source.h"

namespace tfstream::buffer {

class SpillText {
 public:
  static constexpr size_t kMemory = size_t{1} << 20;

  // `memory`: bytes held before spilling (tests make it small).
  explicit SpillText(size_t memory = kMemory) : memory_limit_(memory) {}
  ~SpillText();
  SpillText(const SpillText&) = delete;
  SpillText& operator=(const SpillText&) = delete;

  // A failure to spill (no temporary file, disk full) is kept and returned
  // by WriteTo.
  void Append(std::string_view text);
  void Clear();
  bool empty() const { return memory_.empty() && spilled_ == 0; }
  uint64_t size() const { return spilled_ + memory_.size(); }
  // Why spilling failed, if it did (WriteTo returns it too).
  const Status& status() const { return error_; }
  // Appends everything, in order, to `out` (flushing as it fills).
  Status WriteTo(OutputSink* out) const {
    return out->AppendPieces([this](const PieceFn& piece) { return Read(piece); });
  }
  // Calls `piece` with the text, in order, until it returns false.
  Status Read(const std::function<bool(std::string_view)>& piece) const;

 private:
  void Spill();

  size_t memory_limit_;
  std::string memory_;
  int fd_ = -1;
  uint64_t spilled_ = 0;
  Status error_;
};

// Lines held in a SpillText, each with one `marker` byte where `replacement`
// goes (a summary line's symbol, known once the flavour is settled).
class MarkedLines : public TextSource {
 public:
  MarkedLines(const SpillText* text, uint64_t lines, char marker, std::string replacement)
      : text_(text), lines_(lines), marker_(marker), replacement_(std::move(replacement)) {}
  uint64_t size() const override { return text_->size() + lines_ * replacement_.size() - lines_; }
  uint64_t lines() const override { return lines_; }
  Status Read(const std::function<bool(std::string_view)>& piece) const override;

 private:
  const SpillText* text_;
  uint64_t lines_;
  char marker_;
  std::string replacement_;
};

}  // namespace tfstream::buffer
