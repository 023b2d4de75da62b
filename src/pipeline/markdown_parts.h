// MarkdownParts: writes Markdown units either to standard output or to
// numbered part files, each at most max_bytes (0: no limit).
//
// To standard output (no prefix): with a limit, the whole document is held
// (it is at most max_bytes) and written at the end; a unit that would take
// it past the limit stops the run with an error and nothing is written.
//
// To files (<prefix>.1.md, <prefix>.2.md, ...): units are added in order to
// the current part; one that does not fit starts the next part, which opens
// with "_Plan continued (part N)._". A unit too large for a part of its own
// is truncated at a line boundary, with a note saying so, and the part ends
// after it. When done, files <prefix>.<N+1>.md, <N+2>... left by an earlier,
// longer run are removed (so <prefix>.*.md is exactly this run's parts) and
// the paths written are listed on standard output, one a line.
#pragma once

#include <string>

#include "base/status.h"
#include "buffer/output_sink.h"
#include "pipeline/markdown_block.h"

namespace tfstream::pipeline {

class MarkdownParts {
 public:
  MarkdownParts(size_t max_bytes, std::string prefix, buffer::OutputSink* out)
      : max_bytes_(max_bytes), prefix_(std::move(prefix)), out_(out) {}
  ~MarkdownParts();
  MarkdownParts(const MarkdownParts&) = delete;
  MarkdownParts& operator=(const MarkdownParts&) = delete;

  Status Add(const MarkdownUnit& unit);
  Status Finish();
  // Add failed because standard output would have exceeded max_bytes.
  bool too_large() const { return too_large_; }

 private:
  Status OpenPart();
  Status ClosePart();
  Status WritePart(std::string_view text);
  std::string PartPath(size_t n) const { return prefix_ + "." + std::to_string(n) + ".md"; }

  size_t max_bytes_;
  std::string prefix_;
  buffer::OutputSink* out_;
  std::string pending_;  // standard output with a limit
  bool too_large_ = false;

  // Files.
  int fd_ = -1;
  size_t parts_ = 0;      // parts opened so far
  size_t part_size_ = 0;  // bytes in the open part
  size_t part_units_ = 0;
  std::string listing_;  // the paths written, for standard output
};

// `unit` cut to at most `budget` bytes: whole body lines, then the fence
// and a note. False when not even the note fits.
bool TruncateUnit(const MarkdownUnit& unit, size_t budget, size_t max_bytes, std::string* out);

}  // namespace tfstream::pipeline
