// TextEntries: cuts the text form's output into the HTML report's entries.
// The text form writes into an OutputSink whose consumer is Consume() and
// whose block observer is Observe(): each block the run notes the origin of
// (a planned change, a drift object, a deferred change, a state resource)
// becomes a "block" entry, everything between blocks a "text" entry, so the
// entries' texts put together are exactly the text form's output.
//
// A block entry runs from its first line (the "  # ADDRESS ..." comment of
// a plan, "# ADDRESS:" of a state) through its last line's newline: the
// empty lines the text puts before a block belong to the text entry before
// it. Its address is the resource instance address, followed by
// " (deposed object KEY)" for a deposed object (what --summary prints, less
// its "moved from" and "will be imported" notes); its action the --action
// word of its action list (stream::ActionWord; "" in a state); its module
// the module instance part of its address.
#pragma once

#include <array>
#include <cstdint>
#include <deque>
#include <string>
#include <string_view>

#include "base/status.h"
#include "buffer/output_sink.h"
#include "forms/html/html_report.h"

namespace tfstream::forms::html {

class TextEntries {
 public:
  explicit TextEntries(HtmlReport* report) : report_(report) {}

  // OutputSink::BlockObserver.
  void Observe(uint64_t position, std::string_view block, const buffer::BlockOrigin& origin);
  // The OutputSink's consumer: the text, in order, in pieces of any size.
  void Consume(std::string_view text);
  // Ends the last entry; the first error met, if any.
  Status Finish();
  const Status& status() const { return status_; }

  // Shown blocks per section and action word, for the report's metadata.
  size_t Count(std::string_view section, std::string_view action = {}) const;

 private:
  struct Block {
    uint64_t begin = 0, end = 0;
    std::string section, address, action, module;
  };
  void EndOpen();

  HtmlReport* report_;
  std::deque<Block> blocks_;  // noted, not yet (wholly) consumed
  uint64_t position_ = 0;     // of the next byte Consume gets
  enum class Open { kNone, kText, kBlock } open_ = Open::kNone;
  Status status_;
  struct Tally {
    std::string section, action;
    size_t count;
  };
  std::deque<Tally> tallies_;
};

// The address written in a state block's first line ("# ADDR:", with
// " (deposed object KEY)" or " (tainted)" after it) in TextEntries' form:
// ADDR, or ADDR + " (deposed object KEY)".
std::string StateBlockAddress(std::string_view first_line);

}  // namespace tfstream::forms::html
