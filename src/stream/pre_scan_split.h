// The pieces PreScan uses to share one plan between two threads (see
// PreScanSplit in pre_scan.h).
//
// A pre-scan reads the document front to back. On a large plan, when it
// reaches resource_changes, a second thread guesses where an element of
// that array starts halfway through what is left, and scans from there to
// the end of the document as the first thread would have: it tallies the
// remaining elements and records where the top-level values after the array
// end. That done, it guesses again halfway between the first thread and its
// newest stretch and tallies up to exactly that stretch's start, and so on
// while the stretch left to the first thread is large: the part after the
// array is cheap to skip, so one guess alone leaves the first thread most of
// the work. Whenever the first thread arrives at exactly the element where
// a stretch starts, it takes that stretch's tallies over and jumps to its
// end (the next stretch's start, or the array's end, from where it takes
// each recorded end instead of finding it again). Anything else (a guess
// that was not an element of this resource_changes, an error in a stretch)
// drops that stretch: the first thread scans it itself and finds the same
// facts and the same first error as a single thread does.
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

namespace tfstream::stream {

// Where, at or after `from`, an element of an array of resource changes
// seems to start: the position just past a ',' that follows a '}' and comes
// before a '{' whose first key is "address" (whitespace allowed between).
// Only a guess: in valid JSON such a '{' opens an object in some array, not
// necessarily resource_changes. Looks through at most `window` bytes;
// returns std::string_view::npos when there is none.
size_t FindElementGuess(std::string_view doc, size_t from, size_t window);

// The ends of values skipped from known positions, recorded by one scan for
// another that will reach the same positions. A skip from a position is a
// function of the text alone, so taking the recorded end is the same as
// skipping again.
class SkipMemo {
 public:
  enum class Kind {
    kValidated,   // JsonScanner::SkipValue succeeded
    kStructural,  // JsonScanner::SkipStructurally / TrySkipStructurally succeeded
  };
  // Positions must be added in increasing order.
  void Add(size_t begin, size_t end, Kind kind);
  // The recorded end of a skip of `kind` from `begin`, or 0 if there is none.
  size_t Find(size_t begin, Kind kind) const;
  bool empty() const { return entries_.empty(); }

 private:
  struct Entry {
    size_t begin, end;
    Kind kind;
  };
  std::vector<Entry> entries_;
};

}  // namespace tfstream::stream
