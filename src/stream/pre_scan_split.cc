#include "stream/pre_scan_split.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cstring>
#include <memory>
#include <system_error>
#include <thread>

#include "stream/pre_scan_elements.h"
#include "stream/pre_scan_run.h"

namespace tfstream::stream {
namespace {

bool IsSpace(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }

// The last non-whitespace position before `pos`, or npos.
size_t Before(std::string_view doc, size_t pos) {
  while (pos > 0) {
    --pos;
    if (!IsSpace(doc[pos])) return pos;
  }
  return std::string_view::npos;
}

size_t After(std::string_view doc, size_t pos) {
  while (pos < doc.size() && IsSpace(doc[pos])) ++pos;
  return pos;
}

}  // namespace

size_t FindElementGuess(std::string_view doc, size_t from, size_t window) {
  return FindElementGuess(doc, from, window, "\"address\"");
}

size_t FindElementGuess(std::string_view doc, size_t from, size_t window, std::string_view first_key) {
  if (from >= doc.size()) return std::string_view::npos;
  const size_t limit = std::min(doc.size(), from + std::min(window, doc.size() - from));
  size_t at = from;
  while (at < limit) {
    const void* hit = memmem(doc.data() + at, limit - at, first_key.data(), first_key.size());
    if (hit == nullptr) break;
    const size_t key = static_cast<size_t>(static_cast<const char*>(hit) - doc.data());
    at = key + 1;
    size_t colon = After(doc, key + first_key.size());
    if (colon >= doc.size() || doc[colon] != ':') continue;
    size_t open = Before(doc, key);
    if (open == std::string_view::npos || doc[open] != '{') continue;
    size_t comma = Before(doc, open);
    if (comma == std::string_view::npos || doc[comma] != ',' || comma < from) continue;
    size_t close = Before(doc, comma);
    if (close == std::string_view::npos || doc[close] != '}') continue;
    return comma + 1;
  }
  return std::string_view::npos;
}

void SkipMemo::Add(size_t begin, size_t end, Kind kind) { entries_.push_back(Entry{begin, end, kind}); }

size_t SkipMemo::Find(size_t begin, Kind kind) const {
  auto it = std::lower_bound(entries_.begin(), entries_.end(), begin,
                             [](const Entry& e, size_t b) { return e.begin < b; });
  for (; it != entries_.end() && it->begin == begin; ++it) {
    if (it->kind == kind) return it->end;
  }
  return 0;
}

// The two threads of a split pass.

// A stretch of resource_changes the second thread of a split pass
// (pre_scan_split.h) tallies: the first from its guess to the array's end,
// and on to the document's end; each later one from a new guess up to where
// the newest one the first thread has not passed starts (or, when there is
// none, to the end again).
struct Segment {
  static constexpr size_t kToEnd = std::string_view::npos;
  size_t start = 0;       // the element it starts at (where NextElement leaves the cursor)
  size_t stop = kToEnd;   // the element where the segment before it starts
  std::atomic<bool> cancel{false};  // the first thread has passed `start`
  // Written before SecondThread::finished counts the segment:
  bool ok = false;          // every element from `start` up to `stop` (or the ']') was tallied
  size_t array_close = 0;   // to the end: where that ']' is
  PlanFacts tally;          // only the resource_changes tallies
  SkipMemo memo;            // to the end: ends of top-level values after the array
};

// The second thread of a split pass and what it found. Segments are
// published and finished one at a time, in order; their starts decrease.
struct SecondThread {
  static constexpr int kMaxSegments = 16;
  std::array<Segment, kMaxSegments> segments;
  std::atomic<int> published{0};      // segments whose start and stop are set
  std::atomic<int> finished{0};       // segments whose results are written
  std::atomic<bool> stopped{false};   // no segment will be published any more
  std::atomic<size_t> first_at{0};    // the element the first thread is at
  std::atomic<bool> cancel{false};
  std::thread thread;

  ~SecondThread() {
    cancel = true;
    if (thread.joinable()) thread.join();
  }
};

ScanRun::ScanRun() = default;
ScanRun::~ScanRun() = default;  // ~SecondThread cancels and joins

namespace {

// Where the second thread reads: its scanner, with what one segment's
// tally needs between elements.
struct SegmentScan {
  SegmentScan(std::string_view doc, const ChangeHooks* hooks,
              const std::function<void(uint64_t, uint64_t)>* release_range, const std::atomic<bool>* cancel)
      : doc(doc), hooks(hooks), release_range(release_range), cancel(cancel), s(doc) {}

  std::string_view doc;
  const ChangeHooks* hooks;
  const std::function<void(uint64_t, uint64_t)>* release_range;
  const std::atomic<bool>* cancel;
  JsonScanner s;
  ResourceFacts rf;
  const SchemaKey* last_schema = nullptr;
  uint64_t released = 0;  // what release_range has been told, from the segment's start

  bool Cancelled(const Segment& seg) const {
    return cancel->load(std::memory_order_relaxed) || seg.cancel.load(std::memory_order_relaxed);
  }

  // Settles seg.start on the first element at or after `from`, and before
  // `limit`, that reads as a resource change: an object with change.actions
  // (a resource in planned_values or prior_state, or a nested value with an
  // "address" attribute, has none). Tallies that element.
  bool Guess(size_t from, size_t limit, Segment* seg) {
    constexpr int kGuesses = 64;
    for (int tries = 0; tries < kGuesses && !cancel->load(std::memory_order_relaxed); ++tries) {
      const size_t at = from < limit ? FindElementGuess(doc, from, limit - from) : std::string_view::npos;
      if (at == std::string_view::npos || at >= limit) return false;
      s = JsonScanner(doc);
      s.Seek(at);
      seg->tally = PlanFacts{};
      last_schema = nullptr;
      if (ScanChangeElement(&s, at, &seg->tally, hooks, ValueSkip::kByStructure, &rf, &last_schema) &&
          rf.has_actions) {
        seg->start = at;
        released = at;
        s.OnProgress(4 << 20, [this](uint64_t offset) { Release(offset); });  // its pages count in RSS too
        return true;
      }
      from = at;
    }
    return false;
  }

  // Tallies the elements after the guessed one, up to the element at
  // seg->stop or the array's end.
  bool Tally(Segment* seg) {
    bool first = false;
    while (s.NextElement(&first)) {
      if (Cancelled(*seg)) return false;
      const size_t element_at = s.pos();
      if (element_at >= seg->stop) return element_at == seg->stop;  // past it: seg->stop was no element
      if (!ScanChangeElement(&s, element_at, &seg->tally, hooks, ValueSkip::kByStructure, &rf, &last_schema)) {
        return false;
      }
    }
    if (!s.ok() || seg->stop != Segment::kToEnd) return false;
    seg->array_close = s.pos() - 1;
    return true;
  }

  void Release(uint64_t offset) {
    if (*release_range && offset > released) (*release_range)(released, offset);
    released = std::max(released, offset);
  }
};

// The second thread's work: a segment from a guess halfway through what is
// left at resource_changes to the document's end; then, while the first
// thread still has much of the array ahead, one segment after another taking
// the second half of that stretch (to the end again when the first thread
// has passed every segment).
void RunSecondThread(std::string_view doc, size_t from, const PreScanSplit& split, const ChangeFilter* filter,
                     SecondThread* t) {
  constexpr size_t kWindow = 8 << 20;  // how far a segment to the end looks for its first element
  struct Stopped {
    SecondThread* t;
    ~Stopped() {
      t->stopped.store(true, std::memory_order_release);
      t->stopped.notify_all();
    }
  } stopped{t};
  ChangeHooks hooks;  // the caller's callbacks belong to the first thread
  hooks.filter = filter;
  SegmentScan scan(doc, &hooks, &split.release_range, &t->cancel);
  size_t tests_next = 0;
  bool first_guess = true;
  for (int i = 0; i < SecondThread::kMaxSegments && !t->cancel.load(std::memory_order_relaxed);) {
    Segment& seg = t->segments[i];
    seg.stop = Segment::kToEnd;
    for (int j = i - 1; j >= 0 && seg.stop == Segment::kToEnd; --j) {
      if (!t->segments[j].cancel.load(std::memory_order_relaxed)) seg.stop = t->segments[j].start;
    }
    size_t guess_from;
    if (first_guess) {
      first_guess = false;
      guess_from = from;
    } else if (!split.steal_from.empty()) {
      if (tests_next == split.steal_from.size()) return;
      guess_from = split.steal_from[tests_next++];
    } else {
      const size_t at = t->first_at.load(std::memory_order_relaxed);
      const size_t end = seg.stop == Segment::kToEnd ? doc.size() : seg.stop;
      if (at >= end || end - at < split.steal_min_bytes) return;
      guess_from = at + (end - at) / 2;
    }
    const size_t limit = seg.stop == Segment::kToEnd ? guess_from + kWindow : seg.stop;
    if (!scan.Guess(guess_from, limit, &seg)) {
      if (!split.steal_from.empty()) continue;  // tests: their next guess
      return;
    }
    t->published.store(i + 1, std::memory_order_release);
    bool ok = scan.Tally(&seg);
    if (ok && seg.stop == Segment::kToEnd) {
      // The members after the array, as the first thread will scan them;
      // only where their values end is kept.
      PlanFacts scratch;
      ScanRun tail;
      tail.doc = doc;
      tail.progress = [&scan](uint64_t offset) { scan.Release(offset); };
      tail.hooks = &hooks;
      tail.record = &seg.memo;
      tail.cancel = &t->cancel;
      bool has_format_version = false;
      (void)ScanMembers(scan.s, &scratch, /*first=*/false, tail, &has_format_version);
      scan.Release(scan.s.pos());
    }
    seg.ok = ok;
    t->finished.store(i + 1, std::memory_order_release);
    t->finished.notify_all();
    ++i;
  }
}

void AddTallies(const PlanFacts& t, PlanFacts* facts) {
  facts->resource_change_count += t.resource_change_count;
  facts->shown_changes += t.shown_changes;
  facts->importing += t.importing;
  facts->unprinted_deletes += t.unprinted_deletes;
  facts->filtered_out += t.filtered_out;
  facts->filtered_out_in_modules += t.filtered_out_in_modules;
  for (size_t i = 0; i < facts->counts.size(); ++i) {
    facts->counts[i] += t.counts[i];
    facts->filtered_counts[i] += t.filtered_counts[i];
  }
  facts->will_print_resource_changes = facts->will_print_resource_changes || t.will_print_resource_changes;
  facts->opentofu_sign = facts->opentofu_sign || t.opentofu_sign;
  // Those here are earlier in the document.
  if (!facts->first_create_then_forget.found) facts->first_create_then_forget = t.first_create_then_forget;
  if (!facts->first_forget_then_create.found) facts->first_forget_then_create = t.first_forget_then_create;
  if (!facts->first_ephemeral.found) facts->first_ephemeral = t.first_ephemeral;
  if (!facts->first_forget.found) facts->first_forget = t.first_forget;
  for (uint64_t at : t.first_destroys) {
    if (facts->first_destroys.size() == PlanFacts::kFirstDestroys) break;
    facts->first_destroys.push_back(at);
  }
  if (!t.unknown_flag_error.ok() &&
      (facts->unknown_flag_error.ok() || t.unknown_flag_error.offset() < facts->unknown_flag_error.offset())) {
    facts->unknown_flag_error = t.unknown_flag_error;
  }
  // Those already here were first needed earlier.
  for (const auto& [key, use] : t.needed_schemas) facts->needed_schemas.emplace(key, use);
}

}  // namespace

// Not from the start of the document, though it would also share what
// precedes the array: three busy threads on two cores (the first, its
// read-ahead and the second) kept file pages mapped for longer: peak RSS on
// a 3 GB plan rose from about 35 MB to 60-75 MB in the benchmark.
void MaybeSplit(ScanRun& run, size_t pos) {
  PreScanSplit* split = run.split;
  if (split == nullptr || run.split_tried) return;
  run.split_tried = true;  // one try per pass
  if (run.hooks != nullptr && run.hooks->on_shown) return;  // its calls must come in order
  const size_t left = run.doc.size() - std::min(pos, run.doc.size());
  if (left < split->min_bytes) return;
  const size_t from = split->guess_from != 0 ? split->guess_from : pos + left / 2;
  auto second = std::make_unique<SecondThread>();
  second->first_at.store(pos, std::memory_order_relaxed);
  try {
    second->thread = std::thread(RunSecondThread, run.doc, from, std::cref(*split),
                                 run.hooks != nullptr ? run.hooks->filter : nullptr, second.get());
  } catch (const std::system_error&) {
    return;  // no thread to spare: one thread does it all
  }
  run.second = std::move(second);
}

TakeOver TakeOverSegments(JsonScanner* s, size_t* element_at, PlanFacts* facts, ScanRun& run) {
  SecondThread* t = run.second.get();
  if (t == nullptr || run.split_settled) return TakeOver::kNone;
  t->first_at.store(*element_at, std::memory_order_relaxed);
  if (run.split->wait_for_second_thread) t->stopped.wait(false, std::memory_order_acquire);
  const int published = t->published.load(std::memory_order_acquire);
  if (published != run.seen_published) {
    run.seen_published = published;
    run.candidate = published - 1;
  }
  TakeOver result = TakeOver::kNone;
  while (run.candidate >= 0) {
    const int i = run.candidate;
    Segment& seg = t->segments[i];
    if (*element_at < seg.start) break;
    --run.candidate;
    if (*element_at > seg.start) {
      seg.cancel.store(true, std::memory_order_relaxed);  // its guess was not an element of this array
      continue;
    }
    for (int done; (done = t->finished.load(std::memory_order_acquire)) <= i;) {
      t->finished.wait(done, std::memory_order_acquire);
    }
    if (!seg.ok) break;  // an error there (found again by this thread), or cancelled
    AddTallies(seg.tally, facts);
    if (run.split->taken_at == 0) run.split->taken_at = seg.start;
    ++run.split->segments_taken;
    if (seg.stop == Segment::kToEnd) {
      s->Advance(seg.array_close);
      run.replay = &seg.memo;
      run.split_settled = true;
      t->cancel = true;
      return TakeOver::kAtArrayEnd;
    }
    s->Advance(seg.stop);  // the start of the segment before it, next in the loop
    *element_at = seg.stop;
    result = TakeOver::kMoved;
  }
  return result;
}

void SettleSplit(ScanRun& run) {
  if (run.second != nullptr && !run.split_settled) {
    run.second->cancel = true;
    run.split_settled = true;
  }
}

}  // namespace tfstream::stream
