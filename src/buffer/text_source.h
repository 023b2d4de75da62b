// TextSource: text held back for output that may be too long to be one
// string (a Markdown section of a 3 GB plan): its size and line count are
// known before it is read, so a part can be planned around it, and it is
// read in pieces, in order, as often as needed.
#pragma once

#include <cstdint>
#include <functional>
#include <string_view>

#include "base/status.h"

namespace tfstream::buffer {

// Takes one piece of a text read in order; false stops the reading.
using PieceFn = std::function<bool(std::string_view)>;

class TextSource {
 public:
  virtual ~TextSource() = default;

  virtual uint64_t size() const = 0;
  // How many '\n' the text holds.
  virtual uint64_t lines() const = 0;
  // Calls `piece` with the text, in order, until it returns false or the
  // text ends. An error reading the text back is returned.
  virtual Status Read(const std::function<bool(std::string_view)>& piece) const = 0;
};

// Calls `piece` with `text`, each `marker` byte replaced by `replacement`;
// false when `piece` asked to stop.
bool ForEachSubstituted(std::string_view text, char marker, std::string_view replacement,
                        const std::function<bool(std::string_view)>& piece);

}  // namespace tfstream::buffer
