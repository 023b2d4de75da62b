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
//
// With the marker on (--format markdown always sets it), every part opens
// with a hidden line, PartMarker(title, N): a bot posting the parts as
// comments finds those of an earlier run of the same --title project by it
// (ci/post_comments.py) and edits them. With a title, "## <title>" follows. With max_parts N (and a
// byte limit), at most N parts are written (to standard output: the one
// document, cut instead of refused): the first unit that does not fit in
// the last part, and every unit after it, is left out, and the last part
// ends with a note saying how many were, linking details_url when given.
// Room for that note is kept in the last part, so it stays within the limit.
//
// A unit's body may be a TextSource (a drift section or a summary list too
// long to hold): it is read when the unit is added, straight to the output
// or part, and only as much as a truncated copy keeps is ever in memory.
#pragma once

#include <string>
#include <string_view>

#include "base/status.h"
#include "buffer/output_sink.h"
#include "forms/markdown_block.h"

namespace tfstream::forms {

// "<!-- tfstream:TITLE:part N -->\n", invisible in rendered Markdown. TITLE
// is `title` with '%', '<', '>', control characters and every '-' of a run
// of two or more written as %XX, so the comment cannot end early or hold
// "--"; "" without a title.
std::string PartMarker(std::string_view title, size_t part);

class MarkdownParts {
 public:
  MarkdownParts(size_t max_bytes, std::string prefix, buffer::OutputSink* out)
      : max_bytes_(max_bytes), prefix_(std::move(prefix)), out_(out) {}
  ~MarkdownParts();
  // Before the first Add().
  void set_title(std::string title) { title_ = std::move(title); }
  void set_marker(bool on) { marker_ = on; }
  void set_max_parts(size_t max_parts, std::string details_url) {
    max_parts_ = max_parts;
    details_url_ = std::move(details_url);
  }
  // Where to say that Add failed for too_large() (the run's Report).
  void set_too_large_flag(bool* flag) { too_large_flag_ = flag; }
  MarkdownParts(const MarkdownParts&) = delete;
  MarkdownParts& operator=(const MarkdownParts&) = delete;

  // Standard output without a limit takes units as they come, written
  // when enough has accumulated or at Flush() (after each batch of blocks).
  Status Add(const MarkdownUnit& unit);
  Status Flush();
  Status Finish();
  // Add failed because standard output would have exceeded max_bytes.
  bool too_large() const { return too_large_; }
  // Units left out by max_parts.
  size_t left_out() const { return left_out_; }

 private:
  // What part `part` (from 1) opens with: the marker, then the title.
  std::string Heading(size_t part) const {
    return (marker_ ? PartMarker(title_, part) : "") + (title_.empty() ? "" : "## " + title_ + "\n\n");
  }
  // The closing note for `left_out` units left out.
  std::string LeftOutNote(size_t left_out) const;
  // The bytes a part may hold: the last one keeps room for the note.
  size_t Limit(bool last_part) const;
  bool InLastPart() const { return max_parts_ > 0 && (prefix_.empty() || parts_ == max_parts_); }
  Status OpenPart();
  Status ClosePart();
  Status WritePart(std::string_view text);
  Status WritePart(const MarkdownUnit& unit);
  // `unit` cut to fit `budget` (TruncateUnit, reading what it needs of a
  // long body); *fits false when not even the note fits.
  Status Truncate(const MarkdownUnit& unit, size_t budget, std::string* out, bool* fits) const;
  std::string PartPath(size_t n) const { return prefix_ + "." + std::to_string(n) + ".md"; }

  size_t max_bytes_;
  std::string prefix_;
  buffer::OutputSink* out_;
  std::string pending_;  // standard output with a limit
  bool too_large_ = false;
  bool* too_large_flag_ = nullptr;

  // Files.
  int fd_ = -1;
  size_t parts_ = 0;      // parts opened so far
  size_t part_size_ = 0;  // bytes in the open part
  size_t part_units_ = 0;
  bool part_full_ = false;  // a truncated unit ends its part
  std::string listing_;  // the paths written, for standard output

  std::string title_, details_url_;
  bool marker_ = false;
  size_t max_parts_ = 0;
  size_t left_out_ = 0;  // once non-zero, every later unit is left out too
};

// `unit` cut to at most `budget` bytes: whole body lines, then the fence
// and a note. False when not even the note fits. `body_start` is the start
// of the unit's body, at least `budget` bytes of it (or all of it).
// With `details_url`, the note ends with a link to it ("[Full plan](URL)").
bool TruncateUnit(const MarkdownUnit& unit, std::string_view body_start, size_t budget, size_t max_bytes,
                  std::string* out, std::string_view details_url = {});
// The same for a unit whose body is in memory.
inline bool TruncateUnit(const MarkdownUnit& unit, size_t budget, size_t max_bytes, std::string* out,
                         std::string_view details_url = {}) {
  return TruncateUnit(unit, unit.body, budget, max_bytes, out, details_url);
}

}  // namespace tfstream::forms
