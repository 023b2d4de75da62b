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

#include "stream/json_scanner.h"
#include "stream/pre_scan.h"

namespace tfstream::stream {

struct ScanRun;  // pre_scan_run.h

// At the start of the first resource_changes array (`pos` just inside it):
// starts the second thread if the pass may split and enough is left.
void MaybeSplit(ScanRun& run, size_t pos);

enum class TakeOver {
  kNone,        // nothing taken over: scan the element at the cursor
  kMoved,       // segments taken over; the cursor is at a later element, to scan
  kAtArrayEnd,  // taken over up to the array's ']', where the cursor is
};

// Called with each element start of the first thread's resource_changes:
// where it lands exactly on a segment's start, that segment's guess was an
// element of this array, so its tallies are this thread's own and the cursor
// jumps to where the segment ended.
TakeOver TakeOverSegments(JsonScanner* s, size_t* element_at, PlanFacts* facts, ScanRun& run);

// At the end of the first thread's resource_changes: the array ended before
// any guess the second thread is still working on, so that work is dropped.
void SettleSplit(ScanRun& run);

// Where, at or after `from`, an element of an array of resource changes
// seems to start: the position just past a ',' that follows a '}' and comes
// before a '{' whose first key is "address" (whitespace allowed between).
// Only a guess: in valid JSON such a '{' opens an object in some array, not
// necessarily resource_changes. Looks through at most `window` bytes;
// returns std::string_view::npos when there is none.
size_t FindElementGuess(std::string_view doc, size_t from, size_t window);
// The same for an element whose first key is `first_key` (quoted, as in
// "\"resources\""), the one above being "\"address\"".
size_t FindElementGuess(std::string_view doc, size_t from, size_t window, std::string_view first_key);

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
