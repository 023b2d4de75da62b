// Field names match as Go's encoding/json matches object keys to struct fields
// (KeyIsField: case-insensitively, with Go's folding; each key is folded once,
// FieldKey, and then compared with each name); members are read in
// document order, so of repeated keys the last one counts, with Go's rules
// for null and for what a repeated struct keeps (resource_change.cc reads a
// resource change the same way).
#include "stream/pre_scan.h"

#include "stream/json_value.h"
#include "stream/pre_scan_split.h"
#include "stream/structural_skip.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <memory>
#include <system_error>
#include <thread>

namespace tfstream::stream {
namespace {

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

// One pass over the document, on one thread. The memo fields are set only
// when the pass is split between two threads (pre_scan_split.h).
struct ScanRun {
  std::string_view doc;
  std::function<void(uint64_t)> progress;  // for each scanner of the pass
  const ChangeHooks* hooks = nullptr;
  bool defer = true;                   // skip by structure what can be validated later
  PreScanSplit* split = nullptr;  // may start a second thread at resource_changes
  bool split_tried = false;
  std::unique_ptr<SecondThread> second;  // that thread, once started
  bool split_settled = false;           // its work taken over or dropped: no more checks
  int seen_published = 0;               // the first thread's view of second->published
  int candidate = -1;                   // the newest segment the first thread has not passed
  SkipMemo* record = nullptr;           // the second thread: where its skips ended
  const SkipMemo* replay = nullptr;     // the first thread, once it has taken them over
  const std::atomic<bool>* cancel = nullptr;  // the second thread: stop when set
};

// Skips one value with `skip`, or takes its end from the memo.
template <typename Skip>
bool MemoSkip(JsonScanner* s, ScanRun& run, SkipMemo::Kind kind, Skip skip) {
  s->SkipWhitespace();
  const size_t begin = s->pos();
  if (run.replay != nullptr) {
    if (size_t end = run.replay->Find(begin, kind); end != 0) {
      s->Advance(end);
      return true;
    }
  }
  if (!skip()) return false;
  if (run.record != nullptr) run.record->Add(begin, s->pos(), kind);
  return true;
}

bool IsNullNext(JsonScanner* s) { return s->Peek() == 'n'; }

// A string field; null leaves it as it was, as Go does.
bool ReadStringField(JsonScanner* s, const char* field, std::string* out) {
  char c = s->Peek();
  if (c == 'n') return s->SkipValue();
  if (c != '"') return s->Fail(std::string("expected a string for \"") + field + "\", found " +
                               DescribeByte(s->text(), s->pos()));
  return s->ReadString(out);
}

bool ReadBoolField(JsonScanner* s, const char* field, bool* out) {
  char c = s->Peek();
  size_t at = s->pos();
  if (c == 'n') return s->SkipValue();
  if (c != 't' && c != 'f') {
    return s->FailAt(at, std::string("expected true or false for \"") + field + "\", found " +
                             DescribeByte(s->text(), at));
  }
  if (!s->SkipValue()) return false;
  *out = c == 't';
  return true;
}

bool ReadIntField(JsonScanner* s, const char* field, long* out) {
  char c = s->Peek();
  size_t at = s->pos();
  if (c == 'n') return s->SkipValue();
  if (c != '-' && (c < '0' || c > '9')) {
    return s->FailAt(at, std::string("expected an integer for \"") + field + "\", found " +
                             DescribeByte(s->text(), at));
  }
  if (!s->SkipValue()) return false;
  std::string_view lit = s->text().substr(at, s->pos() - at);
  if (lit.find_first_of(".eE") != std::string_view::npos) {
    return s->FailAt(at, std::string("expected an integer for \"") + field + "\", found " + std::string(lit));
  }
  // Go's decoder rejects a number that does not fit its int (64 bits).
  errno = 0;
  *out = std::strtol(std::string(lit).c_str(), nullptr, 10);
  if (errno == ERANGE) {
    return s->FailAt(at, std::string("integer out of range for \"") + field + "\": " + std::string(lit));
  }
  return true;
}

// Skips a value that must be a container of the given kind (or null) and
// records its range.
bool RecordRange(JsonScanner* s, ScanRun& run, char open, const char* field, ByteRange* out) {
  char c = s->Peek();
  size_t at = s->pos();
  if (c == 'n') {
    *out = ByteRange{};
    return s->SkipValue(1);
  }
  if (c != open) {
    return s->FailAt(at, std::string("expected ") + (open == '[' ? "an array" : "an object") + " for \"" +
                             field + "\", found " + DescribeByte(s->text(), at));
  }
  if (!MemoSkip(s, run, SkipMemo::Kind::kValidated, [s] { return s->SkipValue(1); })) return false;
  *out = ByteRange{at, s->pos(), true};
  return true;
}

// As RecordRange, but a container is passed over by structure alone and
// left to ValidateDeferred (resource_drift: a plan's second largest section,
// whose elements are validated again by yajl when they render).
bool RecordRangeByStructure(JsonScanner* s, ScanRun& run, char open, const char* field, ByteRange* out,
                            PlanFacts* facts) {
  if (s->Peek() != open) return RecordRange(s, run, open, field, out);  // null, or the type error
  size_t at = s->pos();
  if (!MemoSkip(s, run, SkipMemo::Kind::kStructural, [s] { return s->TrySkipStructurally(1); })) {
    return RecordRange(s, run, open, field, out);  // let validation say why
  }
  *out = ByteRange{at, s->pos(), true};
  facts->deferred_validation.push_back(*out);
  return true;
}

// Passes over a value nothing here reads. By structure, the scan leaves its
// validation to a later pass but still bounds its nesting.
bool SkipUnread(JsonScanner* s, int outer_depth, ValueSkip skip) {
  return skip == ValueSkip::kValidate ? s->SkipValue(outer_depth) : s->SkipStructurally(outer_depth);
}

// Fields the renderer reads only for some blocks, but whose JSON type Go's
// decoder checks for every element.
bool CheckStringField(JsonScanner* s, const char* field) {
  char c = s->Peek();
  if (c == 'n') return s->SkipValue();
  if (c != '"') return s->Fail(std::string("expected a string for \"") + field + "\", found " +
                               DescribeByte(s->text(), s->pos()));
  std::string_view raw;
  return s->ReadStringRaw(&raw);
}

bool ScanImporting(JsonScanner* s, int depth, ValueSkip skip) {
  if (!s->BeginObject("an object for \"importing\"")) return false;
  bool first = true;
  std::string_view raw_key;
  while (s->NextKey(&first, &raw_key)) {
    const FieldKey key(raw_key);
    if (key.Is("id")) {
      if (!CheckStringField(s, "id")) return false;
    } else if (!SkipUnread(s, depth + 1, skip)) {
      return false;
    }
  }
  return s->ok();
}

bool ScanChangeFacts(JsonScanner* s, int depth, ResourceFacts* out, ValueSkip skip) {
  if (IsNullNext(s)) return s->SkipValue(depth);
  if (!s->BeginObject("an object for \"change\"")) return false;
  bool first = true;
  std::string_view raw_key;
  while (s->NextKey(&first, &raw_key)) {
    const FieldKey key(raw_key);
    if (key.Is("actions")) {
      // Decoded into the slice already there: the elements overwrite its
      // backing array in place (a null one keeps what was there), null or []
      // leaves a new empty slice.
      out->has_actions = true;
      std::vector<std::string>& backing = out->actions;
      for (std::string& a : out->actions_spare) backing.push_back(std::move(a));
      out->actions_spare.clear();
      if (IsNullNext(s)) {
        backing.clear();
        if (!s->SkipValue(depth + 1)) return false;
        continue;
      }
      if (!s->BeginArray("an array for \"actions\"")) return false;
      bool f = true;
      size_t n = 0;
      while (s->NextElement(&f)) {
        if (n == backing.size()) backing.emplace_back();
        if (!ReadStringField(s, "actions", &backing[n++])) return false;
      }
      if (!s->ok()) return false;
      if (n == 0) backing.clear();
      for (size_t i = n; i < backing.size(); ++i) out->actions_spare.push_back(std::move(backing[i]));
      backing.resize(n);
    } else if (key.Is("importing")) {
      char c = s->Peek();
      if (c != 'n' && c != '{') return s->Fail("expected an object for \"importing\", found " + DescribeByte(s->text(), s->pos()));
      out->importing = c == '{';
      if (c == 'n') {
        if (!s->SkipValue(depth + 1)) return false;
      } else if (!ScanImporting(s, depth + 1, skip)) {
        return false;
      }
    } else if (key.Is("generated_config")) {
      if (!CheckStringField(s, "generated_config")) return false;
    } else if (!SkipUnread(s, depth + 1, skip)) {
      return false;
    }
  }
  return s->ok();
}

// Decoded as Go decodes into a pointer field: null sets it to nil, so a
// repeated trigger key ending in null leaves no trigger, and an object after
// it starts from a new, empty trigger; an object after an object is decoded
// into the same one.
bool ScanTrigger(JsonScanner* s, int depth, bool lifecycle, ActionInvocationFacts* out) {
  if (IsNullNext(s)) {
    if (lifecycle) {
      out->lifecycle = false;
      out->triggering_address.clear();
      out->event.clear();
      out->block_index = 0;
      out->list_index = 0;
    } else {
      out->invoke = false;
      out->calling_address.clear();
    }
    return s->SkipValue(depth);
  }
  if (!s->BeginObject("an object for an action trigger")) return false;
  bool first = true;
  std::string_view raw_key;
  while (s->NextKey(&first, &raw_key)) {
    const FieldKey key(raw_key);
    bool ok = true;
    if (lifecycle && key.Is("triggering_resource_address")) {
      ok = ReadStringField(s, "triggering_resource_address", &out->triggering_address);
    } else if (lifecycle && key.Is("action_trigger_event")) {
      ok = ReadStringField(s, "action_trigger_event", &out->event);
    } else if (lifecycle && key.Is("action_trigger_block_index")) {
      ok = ReadIntField(s, "action_trigger_block_index", &out->block_index);
    } else if (lifecycle && key.Is("actions_list_index")) {
      ok = ReadIntField(s, "actions_list_index", &out->list_index);
    } else if (!lifecycle && key.Is("calling_resource_address")) {
      ok = ReadStringField(s, "calling_resource_address", &out->calling_address);
    } else {
      ok = s->SkipValue(depth + 1);
    }
    if (!ok) return false;
  }
  if (!s->ok()) return false;
  (lifecycle ? out->lifecycle : out->invoke) = true;
  return true;
}

bool ScanActionInvocation(JsonScanner* s, ActionInvocationFacts* out) {
  size_t begin = s->pos();
  if (IsNullNext(s)) {
    if (!s->SkipValue(2)) return false;
    out->range = ByteRange{begin, s->pos(), true};
    return true;
  }
  if (!s->BeginObject("an object in \"action_invocations\"")) return false;
  bool first = true;
  std::string_view raw_key;
  while (s->NextKey(&first, &raw_key)) {
    const FieldKey key(raw_key);
    bool ok = true;
    if (key.Is("address")) {
      ok = ReadStringField(s, "address", &out->address);
    } else if (key.Is("type")) {
      ok = ReadStringField(s, "type", &out->type);
    } else if (key.Is("name")) {
      ok = ReadStringField(s, "name", &out->name);
    } else if (key.Is("provider_name")) {
      ok = ReadStringField(s, "provider_name", &out->provider_name);
    } else if (key.Is("config_values")) {
      out->has_config = true;
      ok = s->SkipValue(3);
    } else if (key.Is("lifecycle_action_trigger")) {
      ok = ScanTrigger(s, 3, true, out);
    } else if (key.Is("invoke_action_trigger")) {
      ok = ScanTrigger(s, 3, false, out);
    } else {
      ok = s->SkipValue(3);
    }
    if (!ok) return false;
  }
  if (!s->ok()) return false;
  out->range = ByteRange{s->text().data() == nullptr ? 0 : begin, s->pos(), true};
  return true;
}

// Tallies the resource change at the cursor, an element of resource_changes
// starting at `element_at`. `last_schema` caches the schema the previous
// element needed: neighbours mostly share one.
bool ScanChangeElement(JsonScanner* s, size_t element_at, PlanFacts* facts, const ChangeHooks* hooks,
                       ValueSkip skip, ResourceFacts* rf, const SchemaKey** last_schema) {
  rf->Clear();
  if (!ScanResourceFacts(s, 2, rf, skip)) return false;
  ++facts->resource_change_count;
  PlanAction action;
  if (!PlanActionFromList(rf->actions, &action)) {
    std::string list;
    for (const std::string& a : rf->actions) list += (list.empty() ? "" : ", ") + a;
    return s->FailAt(element_at, "resource change \"" + rf->address + "\" has an unrecognized action list [" +
                                     list + "]");
  }
  if (rf->mode != "managed" && rf->mode != "data") {
    return s->FailAt(element_at, "resource change \"" + rf->address + "\" has an unrecognized resource mode \"" +
                                     rf->mode + "\"");
  }
  const SchemaKey::Ref schema{rf->provider_name, rf->mode == "data", rf->type};
  const SchemaKey* last = *last_schema;
  if (last == nullptr || last->data != schema.data || last->type != schema.type ||
      last->provider != schema.provider) {
    auto it = facts->needed_schemas.find(schema);
    if (it == facts->needed_schemas.end()) {
      SchemaKey key{rf->provider_name, schema.data, rf->type};
      it = facts->needed_schemas.emplace(std::move(key), SchemaUse{rf->address, s->offset() - s->pos() + element_at})
               .first;
    }
    *last_schema = &it->first;
  }
  if (!IsPrintedChange(action, *rf)) return true;
  ++facts->shown_changes;
  if (rf->importing) ++facts->importing;
  if (action != PlanAction::kNoOp) ++facts->counts[static_cast<size_t>(action)];
  const ChangeFilter* filter = hooks != nullptr ? hooks->filter : nullptr;
  if (filter != nullptr && !filter->Matches(*rf, action)) {
    ++facts->filtered_out;
    return true;
  }
  ++facts->filtered_counts[static_cast<size_t>(action)];
  if (action != PlanAction::kNoOp) facts->will_print_resource_changes = true;
  if (hooks != nullptr && hooks->on_shown) hooks->on_shown(*rf, action);
  return true;
}

Status ScanMembers(JsonScanner& s, PlanFacts* facts, bool first, ScanRun& run, bool* has_format_version);

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

// At the start of the first resource_changes array (`pos` just inside it):
// starts the second thread if the pass may split and enough is left. (From
// the start of the document it would also share what precedes the array,
// but three busy threads on two cores (the first, its read-ahead and the
// second) kept file pages mapped for longer: peak RSS on a 3 GB plan rose
// from about 35 MB to 60-75 MB in the benchmark.)
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

void AddTallies(const PlanFacts& t, PlanFacts* facts) {
  facts->resource_change_count += t.resource_change_count;
  facts->shown_changes += t.shown_changes;
  facts->importing += t.importing;
  facts->filtered_out += t.filtered_out;
  for (size_t i = 0; i < facts->counts.size(); ++i) {
    facts->counts[i] += t.counts[i];
    facts->filtered_counts[i] += t.filtered_counts[i];
  }
  facts->will_print_resource_changes = facts->will_print_resource_changes || t.will_print_resource_changes;
  // Those already here were first needed earlier.
  for (const auto& [key, use] : t.needed_schemas) facts->needed_schemas.emplace(key, use);
}

enum class TakeOver {
  kNone,        // nothing taken over: scan the element at the cursor
  kMoved,       // segments taken over; the cursor is at a later element, to scan
  kAtArrayEnd,  // taken over up to the array's ']', where the cursor is
};

// Called with each element start of the first thread's resource_changes:
// where it lands exactly on a segment's start, that segment's guess was an
// element of this array, so its tallies are this thread's own and the cursor
// jumps to where the segment ended.
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

bool ScanResourceChanges(JsonScanner* s, PlanFacts* facts, ScanRun& run, ValueSkip skip) {
  const ChangeHooks* hooks = run.hooks;
  size_t at = s->pos();
  // A repeated key replaces the earlier array, null included.
  facts->shown_changes = facts->importing = facts->resource_change_count = 0;
  facts->counts.fill(0);
  facts->filtered_counts.fill(0);
  facts->filtered_out = 0;
  facts->will_print_resource_changes = false;
  facts->needed_schemas.clear();
  if (hooks != nullptr && hooks->on_begin) hooks->on_begin();
  if (IsNullNext(s)) {
    facts->resource_changes = ByteRange{};
    return s->SkipValue(1);
  }
  if (!s->BeginArray("an array for \"resource_changes\"")) return false;
  at = s->pos() - 1;
  if (skip == ValueSkip::kByStructure) MaybeSplit(run, s->pos());
  bool first = true;
  ResourceFacts rf;
  const SchemaKey* last_schema = nullptr;
  while (s->NextElement(&first)) {
    size_t element_at = s->pos();
    const TakeOver took = TakeOverSegments(s, &element_at, facts, run);
    if (took != TakeOver::kNone) last_schema = nullptr;
    if (took == TakeOver::kAtArrayEnd) continue;
    if (!ScanChangeElement(s, element_at, facts, hooks, skip, &rf, &last_schema)) return false;
  }
  if (!s->ok()) return false;
  if (run.second != nullptr && !run.split_settled) {
    run.second->cancel = true;  // the array ended before its guesses
    run.split_settled = true;
  }
  facts->resource_changes = ByteRange{at, s->pos(), true};
  return true;
}

bool ScanActionInvocations(JsonScanner* s, PlanFacts* facts) {
  facts->actions.clear();
  if (IsNullNext(s)) {
    facts->action_invocations = ByteRange{};
    return s->SkipValue(1);
  }
  size_t at = s->pos();
  if (!s->BeginArray("an array for \"action_invocations\"")) return false;
  at = s->pos() - 1;
  bool first = true;
  while (s->NextElement(&first)) {
    ActionInvocationFacts a;
    if (!ScanActionInvocation(s, &a)) return false;
    facts->actions.push_back(std::move(a));
  }
  if (!s->ok()) return false;
  facts->action_invocations = ByteRange{at, s->pos(), true};
  return true;
}

}  // namespace

Status ValidateDeferred(std::string_view doc, const PlanFacts& facts, bool changes_validated,
                        const std::function<void(uint64_t, uint64_t)>& done_range) {
  std::vector<ByteRange> ranges = facts.deferred_validation;
  if (facts.changes_skipped_by_structure && !changes_validated && facts.resource_changes.present) {
    ranges.push_back(facts.resource_changes);
    std::sort(ranges.begin(), ranges.end(), [](const ByteRange& a, const ByteRange& b) { return a.begin < b.begin; });
  }
  for (const ByteRange& r : ranges) {
    JsonScanner s(doc.substr(0, r.end));
    s.Seek(r.begin);
    uint64_t released = r.begin;
    if (done_range) {
      s.OnProgress(8 << 20, [&](uint64_t offset) {
        done_range(released, offset);
        released = offset;
      });
    }
    if (!s.SkipValue(1)) return s.status();
    if (s.pos() != r.end) {
      s.Fail("unexpected data after a value, found " + DescribeByte(doc, s.pos()));
      return s.status();
    }
    if (done_range) done_range(released, r.end);
  }
  return Status::Ok();
}

void ResourceFacts::Clear() {
  for (std::string* f : {&address, &mode, &type, &name, &provider_name, &previous_address, &deposed}) f->clear();
  actions.clear();
  actions_spare.clear();
  has_actions = false;
  importing = false;
}

bool ScanResourceFacts(JsonScanner* s, int depth, ResourceFacts* out, ValueSkip skip) {
  if (IsNullNext(s)) return s->SkipValue(depth);
  if (!s->BeginObject("an object for a resource change")) return false;
  bool first = true;
  std::string_view raw_key;
  while (s->NextKey(&first, &raw_key)) {
    const FieldKey key(raw_key);
    bool ok = true;
    if (key.Is("address")) {
      ok = ReadStringField(s, "address", &out->address);
    } else if (key.Is("mode")) {
      ok = ReadStringField(s, "mode", &out->mode);
    } else if (key.Is("type")) {
      ok = ReadStringField(s, "type", &out->type);
    } else if (key.Is("name")) {
      ok = ReadStringField(s, "name", &out->name);
    } else if (key.Is("provider_name")) {
      ok = ReadStringField(s, "provider_name", &out->provider_name);
    } else if (key.Is("previous_address")) {
      ok = ReadStringField(s, "previous_address", &out->previous_address);
    } else if (key.Is("deposed")) {
      ok = ReadStringField(s, "deposed", &out->deposed);
    } else if (key.Is("module_address")) {
      ok = CheckStringField(s, "module_address");
    } else if (key.Is("action_reason")) {
      ok = CheckStringField(s, "action_reason");
    } else if (key.Is("change")) {
      ok = ScanChangeFacts(s, depth + 1, out, skip);
    } else {
      ok = SkipUnread(s, depth + 1, skip);
    }
    if (!ok) return false;
  }
  return s->ok();
}

namespace {

Status PreScanPass(std::string_view doc, PlanFacts* facts, const std::function<void(uint64_t)>& done_before,
                   const ChangeHooks* hooks, bool defer, PreScanSplit* split);

}  // namespace

Status PreScan(std::string_view doc, PlanFacts* facts, const std::function<void(uint64_t)>& done_before,
               const ChangeHooks* hooks, PreScanSplit* split) {
  if (split != nullptr) {
    split->taken_at = 0;
    split->segments_taken = 0;
  }
  Status s = PreScanPass(doc, facts, done_before, hooks, /*defer=*/true, split);
  if (s.ok() || (facts->deferred_validation.empty() && !facts->changes_skipped_by_structure)) return s;
  // A skip by structure alone can misplace an error in broken JSON: scan
  // again, validating everything, to report the first real problem.
  *facts = PlanFacts{};
  Status full = PreScanPass(doc, facts, done_before, hooks, /*defer=*/false, nullptr);
  return full.ok() ? s : full;
}

namespace {

// The members of the top-level object from the cursor on, up to its '}'.
Status ScanMembers(JsonScanner& s, PlanFacts* facts, bool first, ScanRun& run, bool* has_format_version) {
  const std::string_view doc = run.doc;
  const bool defer = run.defer;
  std::string_view raw_key;
  while (s.NextKey(&first, &raw_key)) {
    if (run.cancel != nullptr && run.cancel->load(std::memory_order_relaxed)) return Status::Error("cancelled");
    const FieldKey key(raw_key);
    bool ok = true;
    if (key.Is("resource_changes")) {
      ValueSkip skip = defer ? ValueSkip::kByStructure : ValueSkip::kValidate;
      ok = ScanResourceChanges(&s, facts, run, skip);
      facts->changes_skipped_by_structure = skip == ValueSkip::kByStructure;
    } else if (key.Is("resource_drift")) {
      ok = defer ? RecordRangeByStructure(&s, run, '[', "resource_drift", &facts->resource_drift, facts)
                 : RecordRange(&s, run, '[', "resource_drift", &facts->resource_drift);
    } else if (key.Is("output_changes")) {
      ok = RecordRange(&s, run, '{', "output_changes", &facts->output_changes);
      if (ok) AddMapObject(facts->output_changes, &facts->output_changes_objects);
    } else if (key.Is("deferred_changes")) {
      ok = RecordRange(&s, run, '[', "deferred_changes", &facts->deferred_changes);
    } else if (key.Is("relevant_attributes")) {
      ok = RecordRange(&s, run, '[', "relevant_attributes", &facts->relevant_attributes);
    } else if (key.Is("provider_schemas")) {
      ok = RecordRange(&s, run, '{', "provider_schemas", &facts->provider_schemas);
      if (ok) AddMapObject(facts->provider_schemas, &facts->provider_schemas_objects);
    } else if (key.Is("action_invocations")) {
      ok = ScanActionInvocations(&s, facts);
    } else if (key.Is("plan_format_version")) {
      facts->has_plan_format_version = true;
      ok = ReadStringField(&s, "plan_format_version", &facts->plan_format_version);
    } else if (key.Is("provider_format_version")) {
      facts->has_provider_format_version = true;
      ok = ReadStringField(&s, "provider_format_version", &facts->provider_format_version);
    } else if (key.Is("format_version")) {
      *has_format_version = true;
      ok = ReadStringField(&s, "format_version", &facts->format_version);
    } else if (key.Is("errored")) {
      ok = ReadBoolField(&s, "errored", &facts->errored);
    } else if (key.Is("applyable")) {
      facts->has_applyable = true;
      ok = ReadBoolField(&s, "applyable", &facts->applyable);
    } else {
      // Found by structure only; validated later by ValidateDeferred.
      char c = s.Peek();
      size_t begin = s.pos();
      bool value_start = c == '"' || c == '{' || c == '[' || c == 't' || c == 'f' || c == 'n' || c == '-' ||
                         (c >= '0' && c <= '9');
      if (defer && value_start &&
          MemoSkip(&s, run, SkipMemo::Kind::kStructural, [&s] { return s.SkipStructurally(1); }) &&
          s.pos() > begin && s.pos() < doc.size()) {
        facts->deferred_validation.push_back(ByteRange{begin, s.pos(), true});
      } else {
        // Not a value at all, or one that never ends: let the validating
        // skip say why.
        s = JsonScanner(doc);
        if (run.progress) s.OnProgress(8 << 20, run.progress);
        s.Seek(begin);
        ok = s.SkipValue(1);
      }
    }
    if (!ok) return s.status();
  }
  return s.status();
}

Status PreScanPass(std::string_view doc, PlanFacts* facts, const std::function<void(uint64_t)>& done_before,
                   const ChangeHooks* hooks, bool defer, PreScanSplit* split) {
  ScanRun run;
  run.doc = doc;
  run.progress = done_before;
  run.hooks = hooks;
  run.defer = defer;
  run.split = split;
  JsonScanner s(doc);
  if (run.progress) s.OnProgress(8 << 20, run.progress);
  if (s.Peek() != '{') {
    s.Fail("expected '{' at the start of the plan, found " + DescribeByte(doc, s.pos()));
    return s.status();
  }
  s.BeginObject("'{'");
  bool has_format_version = false;
  Status st = ScanMembers(s, facts, /*first=*/true, run, &has_format_version);
  if (!st.ok()) return st;
  if (!s.AtEnd()) {
    s.Fail("unexpected data after the end of the plan: " + DescribeByte(doc, s.pos()));
    return s.status();
  }
  bool renderer = facts->has_plan_format_version || (facts->provider_schemas.present && !has_format_version);
  facts->shape = renderer ? InputShape::kRenderer : InputShape::kShowJson;
  return Status::Ok();
}

}  // namespace

}  // namespace tfstream::stream
