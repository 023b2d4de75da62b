// The pre-scan of a state: a walk that reads the members it needs and skips
// the rest, and the validation of the whole text (Go checks the syntax of
// all of it before decoding), done before the walk, beside it on a thread of
// its own, or by the walk itself for the skeleton and by the render pass for
// the resources (StateScanOptions). Errors are located at the value that is
// wrong ("byte N: ...").
#include "stream/state_scan.h"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <system_error>
#include <thread>
#include <utility>

#include "base/large_stack.h"
#include "stream/json_tree_check.h"
#include "stream/json_value.h"
#include "stream/pre_scan_split.h"

namespace tfstream::stream {
namespace {

// A Go type name for a JSON value's first byte, for "cannot decode" errors.
std::string_view Found(char c) {
  switch (c) {
    case '{': return "an object";
    case '[': return "an array";
    case '"': return "a string";
    case 't': case 'f': return "a bool";
    case 'n': return "null";
    default: return "a number";
  }
}

// The cursor is at a value: checks its kind ('{', '[', '"', 't' for a bool;
// null always passes) and says where it is not.
bool ExpectKind(JsonScanner* s, char kind, std::string_view field) {
  char c = s->Peek();
  if (c == 'n' || c == kind || (kind == 't' && c == 'f')) return true;
  std::string_view want = kind == '{' ? "an object" : kind == '[' ? "an array" : kind == '"' ? "a string" : "a bool";
  return s->Fail("expected " + std::string(want) + " for \"" + std::string(field) + "\", found " +
                 std::string(Found(c)));
}

// How a walk passes over the values it does not read. A walk that only
// finds ends (kByStructure) follows one that validated the document; one
// that validates the skeleton (kValidate) checks every byte outside the
// resources' elements, whose contents the render pass validates as it
// parses them (or the walk, for an element it does not select).
enum class Skeleton { kByStructure, kValidate };

class SplitRun;  // below

// What one walk carries: how it skips, and whether it met a key of the
// state's structure twice (a repeated "resources" replaces an array no walk
// comes back to: its elements are then validated by a pass over the whole
// document).
struct WalkPass {
  Skeleton how = Skeleton::kByStructure;
  bool repeated_structure = false;
  // Set: the facts of every resource are read as the module objects are
  // read, in document order, into *in_document_order (one pass over the
  // whole document instead of one per level of modules). `unusual`: a
  // resource of another mode was met, whose error must name the first in
  // RenderHumanState's order, which this pass does not follow.
  StateFacts* in_document_order = nullptr;
  bool unusual = false;
  // Set: the document is still arriving (ScanStateAsItArrives); `all`: the
  // scanner's text is all of it.
  const ArrivingText* arriving = nullptr;
  bool all = true;
  // In document order: some module object has resources after child
  // modules, so that document order is not RenderHumanState's.
  bool resources_after_children = false;
  // In document order over a whole document: the work shared with a second
  // thread (StateScanSplit), or null.
  SplitRun* split = nullptr;
  // The second thread's pass: set when its work is dropped, which then
  // stops where it is (and fails).
  const std::atomic<bool>* cancel = nullptr;
  // In document order: where the runs of resources elements go (or null).
  ResourceRuns* runs = nullptr;

  // `outer_depth`: containers open around the value (for the depth limit).
  bool Skip(JsonScanner* s, int outer_depth) const {
    return how == Skeleton::kValidate ? s->SkipValue(outer_depth) : s->SkipStructurally(outer_depth);
  }
};

constexpr uint64_t kDropBatch = uint64_t{8} << 20;  // one madvise per 8 MiB

// Over text still arriving, more of it is asked for each time a step runs
// out: at least this much.
constexpr uint64_t kMinArrival = uint64_t{1} << 20;

// Runs `step`, a read of the next few tokens whose only effect is on what it
// reads into, so that it can run again. Over text still arriving, a step that
// fails, or ends at the last byte there (a number there may go on), is run
// again from where it began over more text, until all of it is there: its
// outcome is then the one over the whole document. Steps that read nested
// steps (a module, the values) are not wrapped: each of their own steps is.
template <typename Step>
bool Resumable(JsonScanner* s, WalkPass* pass, Step step) {
  if (pass->arriving == nullptr) return step();
  const size_t mark = s->pos();
  while (true) {
    const bool ok = step();
    if (pass->all || (ok && s->pos() < s->text().size())) return ok;
    // Each try reads the step's bytes again: asking for twice as many as the
    // last try had keeps that linear in the step's length.
    const uint64_t have = s->text().size();
    const std::string_view more =
        (*pass->arriving)(have + std::max<uint64_t>(kMinArrival, have - mark), &pass->all);
    s->Resume(more, mark);
  }
}

// Waits for the rest of a document still arriving: the scanner then has all
// of it.
void AwaitAll(JsonScanner* s, WalkPass* pass) {
  while (pass->arriving != nullptr && !pass->all)
    s->Resume((*pass->arriving)(~uint64_t{0}, &pass->all), s->pos());
}

// NextKey and NextElement as resumable steps.
bool NextKeyStep(JsonScanner* s, WalkPass* pass, bool* first, std::string_view* key) {
  const bool was_first = *first;
  bool more = false;
  Resumable(s, pass, [&] {
    *first = was_first;
    more = s->NextKey(first, key);
    return more || s->ok();
  });
  return more;
}

bool NextElementStep(JsonScanner* s, WalkPass* pass, bool* first) {
  const bool was_first = *first;
  bool more = false;
  Resumable(s, pass, [&] {
    *first = was_first;
    more = s->NextElement(first);
    return more || s->ok();
  });
  return more;
}

// Depths of a module nested `nesting` levels below the root module (at 0):
// the document, "values" and the modules and child_modules arrays above.
int ModuleDepth(int nesting) { return 2 + 2 * nesting; }    // around the module object
int ElementDepth(int nesting) { return 4 + 2 * nesting; }   // around a resources element

// A string field: null leaves what an earlier key set.
bool ReadString(JsonScanner* s, std::string_view field, std::string* out, const WalkPass& pass, int depth) {
  if (!ExpectKind(s, '"', field)) return false;
  if (s->Peek() == 'n') return pass.Skip(s, depth);
  return s->ReadString(out);
}

bool ReadBool(JsonScanner* s, std::string_view field, bool* out, const WalkPass& pass, int depth) {
  if (!ExpectKind(s, 't', field)) return false;
  char c = s->Peek();
  if (c != 'n') *out = c == 't';
  return pass.Skip(s, depth);
}

// The jsonstate.Resource fields the facts read, and which one a key names.
enum class FactField { kNone, kAddress, kMode, kType, kName, kProviderName, kDeposedKey, kTainted, kValues };

template <typename Is>
FactField FactFieldNamed(const Is& is) {
  return is("address")         ? FactField::kAddress
         : is("mode")          ? FactField::kMode
         : is("type")          ? FactField::kType
         : is("name")          ? FactField::kName
         : is("provider_name") ? FactField::kProviderName
         : is("deposed_key")   ? FactField::kDeposedKey
         : is("tainted")       ? FactField::kTainted
         : is("values")        ? FactField::kValues
                               : FactField::kNone;
}

// Keys are almost always the names themselves: compared as they are first,
// folded (FieldKey) only where folding could change them.
FactField FactFieldOf(std::string_view key) {
  const FactField exact = FactFieldNamed([key](std::string_view field) { return key == field; });
  if (exact != FactField::kNone || KeyFoldsToItself(key)) return exact;
  const FieldKey folded(key);
  return FactFieldNamed([&folded](std::string_view field) { return folded.Is(field); });
}

// Reads the resources element at the cursor into *out and leaves the cursor
// after it: one pass over the element gives both its facts and its end. A
// null element gives empty facts. The members not read are skipped by
// structure whatever the pass: the element is validated as a whole by
// whoever parses it.
bool ReadFactsHere(JsonScanner* s, StateResourceFacts* out, const WalkPass& pass, int depth) {
  out->Clear();
  if (s->Peek() == 'n') return pass.Skip(s, depth);
  if (!s->BeginObject("'{'")) return false;
  const WalkPass inside;  // by structure
  const int d = depth + 1;
  bool first = true;
  std::string_view raw_key;
  while (s->NextKey(&first, &raw_key)) {
    bool ok;
    switch (FactFieldOf(raw_key)) {
      case FactField::kAddress: ok = ReadString(s, "address", &out->address, inside, d); break;
      case FactField::kMode: ok = ReadString(s, "mode", &out->mode, inside, d); break;
      case FactField::kType: ok = ReadString(s, "type", &out->type, inside, d); break;
      case FactField::kName: ok = ReadString(s, "name", &out->name, inside, d); break;
      case FactField::kProviderName: ok = ReadString(s, "provider_name", &out->provider_name, inside, d); break;
      case FactField::kDeposedKey: ok = ReadString(s, "deposed_key", &out->deposed_key, inside, d); break;
      case FactField::kTainted: ok = ReadBool(s, "tainted", &out->tainted, inside, d); break;
      case FactField::kValues: ok = ExpectKind(s, '{', "values") && s->SkipStructurally(d); break;
      default: ok = s->SkipStructurally(d); break;
    }
    if (!ok) return false;
  }
  return s->ok();
}

// Records the range of an array (or nothing for null) and whether it has an
// element. The array itself is skipped by structure: the walk comes back to
// it element by element.
bool RecordArray(JsonScanner* s, std::string_view field, ByteRange* range, bool* non_empty, const WalkPass& pass,
                 int depth) {
  if (!ExpectKind(s, '[', field)) return false;
  bool null = s->Peek() == 'n';
  size_t begin = s->pos();
  if (!(null ? pass.Skip(s, depth) : s->SkipStructurally(depth))) return false;
  *range = null ? ByteRange{} : ByteRange{begin, s->pos(), true};
  *non_empty = false;
  if (!null) {
    JsonScanner inner(s->text(), 0);
    inner.Seek(begin + 1);
    *non_empty = inner.Peek() != ']';
  }
  return true;
}

// Counts one resource into the facts: the count, OpenTofu's sign, and the
// schema it needs with the first resource needing it.
void Tally(const StateResourceFacts& rf, uint64_t offset, StateFacts* facts) {
  ++facts->resource_count;
  if (rf.provider_name.starts_with(kOpenTofuRegistryPrefix)) facts->opentofu_sign = true;
  if (rf.mode == "managed" || rf.mode == "data") {
    SchemaKey::Ref ref{rf.provider_name, rf.mode == "data", rf.type};
    if (facts->needed_schemas.find(ref) == facts->needed_schemas.end()) {
      facts->needed_schemas.emplace(SchemaKey{rf.provider_name, rf.mode == "data", rf.type},
                                    SchemaUse{rf.address, offset});
    }
  }
}

bool ReadModule(JsonScanner* s, StateModule* m, WalkPass* pass, int nesting);

// One element of a module's array at the cursor, read in document order (the
// pass's in_document_order): a resource (its facts tallied) or a child
// module (read as a module). What it does depends on the text from the
// cursor on, `resources` and `nesting` alone, and it only adds to the
// pass's tallies and sets its flags: a second thread can read a stretch of
// elements for the pass (StateScanSplit).
bool ReadElementInDocumentOrder(JsonScanner* s, bool resources, WalkPass* pass, int nesting,
                                StateResourceFacts* rf, size_t* element_begin) {
  if (pass->cancel != nullptr && pass->cancel->load(std::memory_order_relaxed)) return false;
  size_t& element = *element_begin;
  const bool read = Resumable(s, pass, [&] {
    const char c = s->Peek();
    if (c != '{' && c != 'n') {
      return s->Fail("expected an object for " + std::string(resources ? "a resource" : "a child module") +
                     ", found " + std::string(Found(c)));
    }
    element = s->pos();
    return !resources || ReadFactsHere(s, rf, *pass, ElementDepth(nesting));
  });
  if (!read) return false;
  if (resources) {
    if (rf->mode != "managed" && rf->mode != "data") pass->unusual = true;
    Tally(*rf, element, pass->in_document_order);
    return true;
  }
  StateModule child;
  return ReadModule(s, &child, pass, nesting + 1);
}

// The pass in document order shared with a second thread (StateScanSplit):
// at most one second thread at a time, for one array.
class SplitRun {
 public:
  SplitRun(std::string_view doc, StateScanSplit* config, const std::function<void(uint64_t, uint64_t)>* release,
           bool record_runs)
      : doc_(doc), config_(config), release_(release), record_runs_(record_runs) {}
  ~SplitRun() {
    Drop();
    for (const std::unique_ptr<Share>& share : dropped_) {
      share->thread->Join();
    }
  }

  // The pass opened the array whose '[' is at `array`, the cursor just
  // inside it.
  void Opened(size_t array, size_t pos, bool resources, int nesting);
  // The pass is at an element of the array opened at `array` (the cursor
  // where NextElement left it). True: the second thread's reading from
  // there was taken over; the cursor is past the array's ']'.
  bool AtElement(JsonScanner* s, size_t array, WalkPass* pass);
  // The array opened at `array` was read to its end.
  void Closed(size_t array) {
    if (share_ != nullptr && share_->array == array) Drop();
  }

 private:
  static constexpr size_t kUnpublished = ~size_t{0} - 1;
  // Guesses that were no element of their array make a new one, a few
  // times at most.
  static constexpr int kMaxStarts = 8;
  static constexpr size_t kNone = std::string_view::npos;
  // What the second thread reads for the pass: the array's elements from
  // the one it guessed (`start`) to the array's end.
  struct Share {
    size_t array = 0;
    bool resources = false;
    int nesting = 0;
    size_t from = 0;  // where the guess was looked for
    std::atomic<size_t> start{kUnpublished};  // kNone: no guess
    std::atomic<bool> cancel{false};
    // Written by the second thread before it ends:
    bool ok = false;
    size_t end = 0;  // just past the array's ']'
    StateFacts tally;  // resource_count, opentofu_sign, needed_schemas, resource_runs
    bool repeated_structure = false, unusual = false, resources_after_children = false;
    // On a deep stack: reading a child module recurses once per nesting
    // level (up to about 5000 in JSON's 10000), past std::thread's 8 MiB
    // under some limits.
    std::unique_ptr<DeepStackThread> thread;
  };
  void Read(Share* share) const;
  // Where the share starts (kNone: nowhere), once its second thread has
  // looked (a search of at most `window` bytes).
  static size_t Published(Share* share) {
    size_t start;
    while ((start = share->start.load(std::memory_order_acquire)) == kUnpublished) share->start.wait(kUnpublished);
    return start;
  }
  // Gives up (kNone) as soon as `cancel` is set: a share dropped while its
  // thread still looks (the pass closed a short array, as the root's few
  // resources before its child modules) must not keep the second core busy
  // searching the whole window.
  size_t Guess(size_t from, bool resources, int nesting, const std::atomic<bool>& cancel) const;
  // Tells the second thread to stop, without waiting for it (it stops at
  // its next element; joined at the end of the pass).
  void Drop() {
    if (share_ == nullptr) return;
    share_->cancel = true;
    dropped_.push_back(std::move(share_));
  }

  std::string_view doc_;
  StateScanSplit* config_;
  const std::function<void(uint64_t, uint64_t)>* release_;  // may be empty
  const bool record_runs_;
  std::unique_ptr<Share> share_;
  std::vector<std::unique_ptr<Share>> dropped_;  // at most kMaxStarts
  bool settled_ = false;  // a share was taken over: no more
};

void SplitRun::Opened(size_t array, size_t pos, bool resources, int nesting) {
  if (settled_ || config_->started >= kMaxStarts || pos >= doc_.size() || doc_.size() - pos < config_->min_bytes) {
    return;
  }
  // An array inside the one being shared, whose share found no element to
  // start at (its elements are all before the guess, or nested deeper, as
  // where the root has one module and it many): this one may do better.
  if (share_ != nullptr && Published(share_.get()) == kNone) Drop();
  if (share_ != nullptr) return;
  auto share = std::make_unique<Share>();
  share->array = array;
  share->resources = resources;
  share->nesting = nesting;
  share->from = std::max(pos, config_->guess_from != 0 ? config_->guess_from : pos + (doc_.size() - pos) / 2);
  share->thread = std::make_unique<DeepStackThread>([this, s = share.get()] { Read(s); });
  if (!share->thread->started()) return;  // no thread to spare: the pass reads alone
  ++config_->started;
  share_ = std::move(share);
}

// How many module steps a resource address starts with
// ("module.a[0].module.b.t.x": 2), the module nesting it belongs at.
int ModuleSteps(std::string_view address) {
  // The address's steps, split at dots outside index brackets (whose keys
  // may be quoted strings holding dots).
  std::vector<std::string_view> steps;
  int brackets = 0;
  bool quoted = false;
  size_t step = 0;
  for (size_t i = 0; i < address.size(); ++i) {
    const char c = address[i];
    if (quoted) {
      if (c == '\\') ++i;
      else if (c == '"') quoted = false;
    } else if (c == '"' && brackets > 0) {
      quoted = true;
    } else if (c == '[') {
      ++brackets;
    } else if (c == ']' && brackets > 0) {
      --brackets;
    } else if (c == '.' && brackets == 0) {
      steps.push_back(address.substr(step, i - step));
      step = i + 1;
    }
  }
  steps.push_back(address.substr(step));
  int modules = 0;
  // "module", then its name (with any index), again and again.
  for (size_t i = 0; i + 1 < steps.size() && steps[i] == "module"; i += 2) ++modules;
  return modules;
}

// Where, at or after `from`, an element of a module's resources (or
// child_modules) at `nesting` seems to start (FindElementGuess): one whose
// first key is "address", an address of that module nesting, and second
// "mode" (or, a module, "resources", an array whose first resource's
// address is of the nesting below), as Terraform writes them (a module
// without resources would start with its "address": not guessed). Objects
// in resources' values are seldom like that; where one is, the pass never
// arrives there as an element, and guesses again.
size_t SplitRun::Guess(size_t from, bool resources, int nesting, const std::atomic<bool>& cancel) const {
  const size_t limit = from + std::min(config_->window, doc_.size() - std::min(from, doc_.size()));
  for (size_t at = from; at < limit;) {
    if (cancel.load(std::memory_order_relaxed)) return kNone;
    const size_t start =
        FindElementGuess(doc_, at, limit - at, resources ? "\"address\"" : "\"resources\"");
    if (start == kNone) break;
    JsonScanner s(doc_);
    s.Seek(start);
    bool first = true;
    std::string_view key;
    std::string address;
    if (s.BeginObject("'{'") && s.NextKey(&first, &key)) {
      if (resources) {
        if (s.Peek() == '"' && s.ReadString(&address) && ModuleSteps(address) == nesting &&
            s.NextKey(&first, &key) && key == "mode") {
          return start;
        }
      } else if (s.Peek() == '[') {
        // A module below the array's: its first resource's address says.
        bool at_first = true;
        first = true;
        if (!s.BeginArray("'['") || !s.NextElement(&at_first) || s.Peek() != '{') return start;
        if (s.BeginObject("'{'") && s.NextKey(&first, &key) && key == "address" && s.Peek() == '"' &&
            s.ReadString(&address) && ModuleSteps(address) == nesting + 1) {
          return start;
        }
      }
    }
    at = start + 1;
  }
  return kNone;
}

void SplitRun::Read(Share* share) const {
  const size_t start = Guess(share->from, share->resources, share->nesting, share->cancel);
  share->start.store(start, std::memory_order_release);
  share->start.notify_all();
  if (start == kNone) return;
  JsonScanner s(doc_);
  uint64_t released_from = start;
  if (release_ != nullptr) ReleaseBehind(&s, kDropBatch, *release_, &released_from);
  s.Seek(start);
  WalkPass pass{Skeleton::kValidate};
  pass.in_document_order = &share->tally;
  pass.cancel = &share->cancel;
  if (record_runs_) pass.runs = &share->tally.resource_runs;
  StateResourceFacts rf;
  bool at_first = false, ok = true;
  do {
    size_t element = 0;
    ok = ReadElementInDocumentOrder(&s, share->resources, &pass, share->nesting, &rf, &element);
    if (ok && share->resources && pass.runs != nullptr) pass.runs->Element(share->array, element, s.pos());
  } while (ok && NextElementStep(&s, &pass, &at_first));
  if (pass.runs != nullptr) pass.runs->Close();
  share->ok = ok && s.ok() && !share->cancel.load(std::memory_order_relaxed);
  share->end = s.pos();
  share->repeated_structure = pass.repeated_structure;
  share->unusual = pass.unusual;
  share->resources_after_children = pass.resources_after_children;
}

bool SplitRun::AtElement(JsonScanner* s, size_t array, WalkPass* pass) {
  if (share_ == nullptr || share_->array != array || s->pos() < share_->from) return false;
  const size_t start = Published(share_.get());
  if (start == kNone || s->pos() > start) {
    // No guess, or one that was not an element of this array: another
    // guess, halfway through what is left.
    const bool resources = share_->resources;
    const int nesting = share_->nesting;
    Drop();
    if (start != kNone) Opened(array, s->pos(), resources, nesting);
    return false;
  }
  if (s->pos() < start) return false;
  // Exactly there: what the second thread read from here on is what this
  // pass would read.
  share_->thread->Join();
  if (!share_->ok) {
    Drop();  // an error (found again by the pass) or a stop
    return false;
  }
  StateFacts* facts = pass->in_document_order;
  facts->resource_count += share_->tally.resource_count;
  facts->opentofu_sign = facts->opentofu_sign || share_->tally.opentofu_sign;
  // Every resource the pass read comes before the second thread's: theirs
  // are a schema's first use only where the pass had none.
  facts->needed_schemas.merge(share_->tally.needed_schemas);
  if (pass->runs != nullptr) {
    // The pass's run stops where the second thread's first one starts.
    pass->runs->Close();
    for (const ResourceRun& run : share_->tally.resource_runs.runs()) pass->runs->Add(run);
  }
  pass->repeated_structure = pass->repeated_structure || share_->repeated_structure;
  pass->unusual = pass->unusual || share_->unusual;
  pass->resources_after_children = pass->resources_after_children || share_->resources_after_children;
  config_->taken_at = start;
  s->Advance(share_->end);
  share_.reset();
  settled_ = true;
  return true;
}

// An array of a module read element by element in document order (the
// pass's in_document_order): "resources" (each element's facts tallied) or
// "child_modules" (each element read as a module). Records its range as
// RecordArray does.
bool ReadArrayInDocumentOrder(JsonScanner* s, bool resources, ByteRange* range, bool* non_empty, WalkPass* pass,
                              int nesting) {
  const std::string_view field = resources ? "resources" : "child_modules";
  size_t begin = 0;
  bool null = false;
  const bool opened = Resumable(s, pass, [&] {
    if (!ExpectKind(s, '[', field)) return false;
    begin = s->pos();
    null = s->Peek() == 'n';
    return null ? pass->Skip(s, ModuleDepth(nesting) + 1) : s->BeginArray("'['");
  });
  if (!opened) return false;
  *non_empty = false;
  if (null) {
    *range = ByteRange{};
    return true;
  }
  if (pass->split != nullptr) pass->split->Opened(begin, s->pos(), resources, nesting);
  bool at_first = true;
  StateResourceFacts rf;
  ResourceRuns* runs = resources ? pass->runs : nullptr;
  while (NextElementStep(s, pass, &at_first)) {
    *non_empty = true;
    if (pass->split != nullptr && pass->split->AtElement(s, begin, pass)) break;
    size_t element = 0;
    if (!ReadElementInDocumentOrder(s, resources, pass, nesting, &rf, &element)) return false;
    if (runs != nullptr) runs->Element(begin, element, s->pos());
  }
  if (!s->ok()) return false;
  if (runs != nullptr) runs->Close();
  if (pass->split != nullptr) pass->split->Closed(begin);
  *range = ByteRange{begin, s->pos(), true};
  return true;
}

// The fields of one module object, decoded into *m (a repeated key replaces
// the array; keys of other fields are skipped). `nesting`: 0 for the root.
bool ReadModule(JsonScanner* s, StateModule* m, WalkPass* pass, int nesting) {
  const int depth = ModuleDepth(nesting);
  bool null = false;
  const bool opened = Resumable(s, pass, [&] {
    if (!ExpectKind(s, '{', "root_module")) return false;
    null = s->Peek() == 'n';
    return null ? pass->Skip(s, depth) : s->BeginObject("'{'");
  });
  if (!opened || null) return opened;
  bool first = true, seen_resources = false, seen_children = false;
  std::string_view raw_key;
  std::string ignored;
  while (NextKeyStep(s, pass, &first, &raw_key)) {
    const FieldKey key(raw_key);
    bool ok;
    if (key.Is("resources")) {
      if (std::exchange(seen_resources, true)) pass->repeated_structure = true;
      // (The root's arrays are walked by their ranges whatever their order.)
      if (nesting > 0 && m->has_child_modules) pass->resources_after_children = true;
      ok = pass->in_document_order != nullptr
               ? ReadArrayInDocumentOrder(s, true, &m->resources, &m->has_resources, pass, nesting)
               : Resumable(s, pass, [&] {
                   return RecordArray(s, "resources", &m->resources, &m->has_resources, *pass, depth + 1);
                 });
    } else if (key.Is("child_modules")) {
      if (std::exchange(seen_children, true)) pass->repeated_structure = true;
      ok = pass->in_document_order != nullptr
               ? ReadArrayInDocumentOrder(s, false, &m->child_modules, &m->has_child_modules, pass, nesting)
               : Resumable(s, pass, [&] {
                   return RecordArray(s, "child_modules", &m->child_modules, &m->has_child_modules, *pass,
                                      depth + 1);
                 });
    } else if (key.Is("address")) {
      ok = Resumable(s, pass, [&] { return ReadString(s, "address", &ignored, *pass, depth + 1); });
    } else {
      ok = Resumable(s, pass, [&] { return pass->Skip(s, depth + 1); });
    }
    if (!ok) return false;
  }
  return s->ok();
}

// What a walk calls for each resource: its element, where it starts, the
// empty lines before its block, and its facts (read only when the walk was
// asked to read them).
using ResourceVisitor = std::function<Status(std::string_view, uint64_t, int, const StateResourceFacts&)>;

// One walk over the modules, in RenderHumanState's order. `read_facts`: read
// each element's facts as it is passed (always done with a selection, which
// needs them).
struct ModuleWalk {
  std::string_view doc;
  const ResourceVisitor& fn;
  const StateSelection& select;
  bool read_facts;
  const std::function<void(uint64_t, uint64_t)>& done_range;
  WalkPass* pass;
  const StateElementReader* read_ahead = nullptr;
  StateResourceFacts rf;
  const StateRunVisitor* runs = nullptr;  // without a selection only

  Status Walk(const StateModule& m, bool first, int nesting);
  // The resources array at the cursor, element by element; *first as Walk's.
  Status Resources(JsonScanner& s, bool* first, int nesting);
  // The module object at the cursor, read once in document order, where
  // that is RenderHumanState's (StateModule::children_in_document_order).
  Status WalkInDocumentOrder(JsonScanner& s, bool first, int nesting);
  // With the cross-check on: the run's elements, found by structure from
  // its start, end exactly where it does, within one array.
  void CrossCheckRun(const ResourceRun& run, int element_depth) const;
};

void ModuleWalk::CrossCheckRun(const ResourceRun& run, int element_depth) const {
  JsonScanner check(doc);
  check.Seek(run.begin);
  bool first = false, ok = true;
  while (ok && check.SkipStructurally(element_depth) && check.pos() < run.end) ok = check.NextElement(&first);
  if (!ok || !check.ok() || check.pos() != run.end) {
    std::fprintf(stderr, "tfstream: cross-check failed: the run of resources at byte %llu ends at %zu, not %llu\n",
                 static_cast<unsigned long long>(run.begin), check.pos(), static_cast<unsigned long long>(run.end));
    std::abort();
  }
}

Status ModuleWalk::Walk(const StateModule& m, bool first, int nesting) {
  if (nesting > JsonScanner::kMaxDepth) return Status::Error("modules nested too deep", m.resources.begin);
  JsonScanner s(doc);
  uint64_t released_from = m.child_modules.begin;
  ReleaseBehind(&s, kDropBatch, done_range, &released_from);
  if (m.resources.present) {
    s.Seek(m.resources.begin);
    released_from = m.resources.begin;
    if (Status st = Resources(s, &first, nesting); !st.ok()) return st;
  }
  if (m.child_modules.present) {
    s.Seek(m.child_modules.begin);
    released_from = m.child_modules.begin;
    bool at_first = true;
    if (!s.BeginArray("'['")) return s.status();
    while (s.NextElement(&at_first)) {
      StateModule child;
      if (s.Peek() != '{' && s.Peek() != 'n') {
        return Status::Error("expected an object for a child module, found " + std::string(Found(s.Peek())),
                             s.pos());
      }
      if (m.children_in_document_order) {
        // One pass over the child: no coming back to its arrays.
        if (Status st = WalkInDocumentOrder(s, first, nesting + 1); !st.ok()) return st;
        continue;
      }
      const size_t child_begin = s.pos();
      released_from = child_begin;
      if (!ReadModule(&s, &child, pass, nesting + 1)) return s.status();
      size_t resume = s.pos();
      Status st = Walk(child, first, nesting + 1);
      if (!st.ok()) return st;
      s.Seek(resume);
      released_from = resume;
    }
    if (!s.ok()) return s.status();
  }
  return Status::Ok();
}

Status ModuleWalk::WalkInDocumentOrder(JsonScanner& s, bool first, int nesting) {
  if (nesting > JsonScanner::kMaxDepth) return Status::Error("modules nested too deep", s.pos());
  const int depth = ModuleDepth(nesting);
  if (s.Peek() == 'n') return s.SkipStructurally(depth) ? Status::Ok() : s.status();
  if (!s.BeginObject("'{'")) return s.status();
  bool at_key = true;
  std::string_view raw_key;
  while (s.NextKey(&at_key, &raw_key)) {
    const FieldKey key(raw_key);
    const bool array = s.Peek() == '[';
    if (array && key.Is("resources")) {
      if (Status st = Resources(s, &first, nesting); !st.ok()) return st;
    } else if (array && key.Is("child_modules")) {
      bool at_first = true;
      if (!s.BeginArray("'['")) return s.status();
      while (s.NextElement(&at_first)) {
        if (s.Peek() != '{' && s.Peek() != 'n') {
          return Status::Error("expected an object for a child module, found " + std::string(Found(s.Peek())),
                               s.pos());
        }
        if (Status st = WalkInDocumentOrder(s, first, nesting + 1); !st.ok()) return st;
      }
      if (!s.ok()) return s.status();
    } else if (!s.SkipStructurally(depth + 1)) {
      return s.status();
    }
  }
  return s.status();
}

Status ModuleWalk::Resources(JsonScanner& s, bool* first, int nesting) {
  const int element_depth = ElementDepth(nesting);
  int index = 0;
  {
    bool at_first = true;
    // The runs recorded in this array (runs are in document order).
    const std::vector<ResourceRun>* recorded = runs != nullptr ? &runs->runs->runs() : nullptr;
    size_t next_run = 0;
    if (recorded != nullptr) {
      s.SkipWhitespace();
      const uint64_t array = s.pos();
      next_run = static_cast<size_t>(
          std::lower_bound(recorded->begin(), recorded->end(), array,
                           [](const ResourceRun& r, uint64_t at) { return r.begin < at; }) -
          recorded->begin());
    }
    if (!s.BeginArray("'['")) return s.status();
    while (s.NextElement(&at_first)) {
      s.SkipWhitespace();
      size_t begin = s.pos();
      if (s.Peek() != '{' && s.Peek() != 'n') {
        return Status::Error("expected an object for a resource, found " + std::string(Found(s.Peek())), begin);
      }
      if (recorded != nullptr) {
        while (next_run < recorded->size() && (*recorded)[next_run].begin < begin) ++next_run;
        if (next_run < recorded->size() && (*recorded)[next_run].begin == begin) {
          const ResourceRun& run = (*recorded)[next_run++];
          if (TreeCrossCheckEnabled()) CrossCheckRun(run, element_depth);
          Status st = runs->fn(doc.substr(begin, run.end - begin), begin, *first ? 0 : (index == 0 ? 2 : 1),
                               element_depth);
          if (!st.ok()) return st;
          s.Seek(run.end);
          *first = false;
          ++index;
          continue;
        }
      }
      if (read_facts || select) {
        if (!ReadFactsHere(&s, &rf, *pass, element_depth)) return s.status();
        if (select && !select(rf)) {
          if (pass->how == Skeleton::kValidate) {
            // Not rendered, so not parsed: validated here.
            JsonScanner check(doc.substr(0, s.pos()));
            check.Seek(begin);
            if (!check.SkipValue(element_depth)) return check.status();
          }
          continue;
        }
      } else if (size_t end; read_ahead != nullptr && *read_ahead && s.Peek() == '{' &&
                             (*read_ahead)(doc.substr(begin), begin, JsonScanner::kMaxDepth - element_depth, &end)) {
        s.Seek(begin + end);
        if (TreeCrossCheckEnabled()) {
          // The end a skip by structure finds (the reference).
          JsonScanner check(doc);
          check.Seek(begin);
          if (!check.SkipStructurally(element_depth) || check.pos() != begin + end) {
            std::fprintf(stderr, "tfstream: cross-check failed: the resource at byte %zu ends at %zu, not %zu\n",
                         begin, check.pos(), begin + end);
            std::abort();
          }
        }
      } else if (!s.SkipStructurally(element_depth)) {
        return s.status();
      }
      Status st = fn(doc.substr(begin, s.pos() - begin), begin, *first ? 0 : (index == 0 ? 2 : 1), rf);
      if (!st.ok()) return st;
      *first = false;
      ++index;
    }
  }
  return s.status();
}

// values: {"outputs": {...}, "root_module": {...}}; null leaves the struct.
bool ReadValues(JsonScanner* s, StateFacts* facts, WalkPass* pass) {
  bool null = false;
  const bool opened = Resumable(s, pass, [&] {
    if (!ExpectKind(s, '{', "values")) return false;
    null = s->Peek() == 'n';
    return null ? pass->Skip(s, 1) : s->BeginObject("'{'");
  });
  if (!opened || null) return opened;
  bool first = true, seen_root = false;
  std::string_view raw_key;
  while (NextKeyStep(s, pass, &first, &raw_key)) {
    const FieldKey key(raw_key);
    bool ok;
    if (key.Is("outputs")) {
      bool null_outputs = false;
      size_t begin = 0;
      ok = Resumable(s, pass, [&] {
        if (!ExpectKind(s, '{', "outputs")) return false;
        null_outputs = s->Peek() == 'n';
        begin = s->pos();
        return pass->Skip(s, 2);
      });
      if (ok)
        AddMapObject(null_outputs ? ByteRange{} : ByteRange{begin, s->pos(), true}, &facts->outputs_objects);
    } else if (key.Is("root_module")) {
      if (std::exchange(seen_root, true)) pass->repeated_structure = true;
      ok = ReadModule(s, &facts->root, pass, 0);
    } else {
      ok = Resumable(s, pass, [&] { return pass->Skip(s, 2); });
    }
    if (!ok) return false;
  }
  return s->ok();
}

}  // namespace

void StateResourceFacts::Clear() {
  address.clear();
  mode.clear();
  type.clear();
  name.clear();
  provider_name.clear();
  deposed_key.clear();
  tainted = false;
}

namespace {

// The whole document validated, as Go checks the syntax of the whole text
// before decoding it: the first syntax error, or ok.
Status ValidateWhole(std::string_view doc, const std::function<void(uint64_t)>& progress) {
  JsonScanner check(doc);
  if (progress) check.OnProgress(size_t{4} << 20, progress);
  if (!check.SkipValue(0)) return check.status();
  if (!check.AtEnd()) {
    check.Fail("unexpected data after the end of the document");
    return check.status();
  }
  return Status::Ok();
}

// The walk of ScanState: the top-level members, then every resource in
// RenderHumanState's order.
Status WalkState(std::string_view doc, StateFacts* facts, const StateScanOptions& opts, WalkPass* pass) {
  JsonScanner s(doc);
  uint64_t released_from = 0;
  ReleaseBehind(&s, kDropBatch, opts.done_range, &released_from);
  char c = 0;
  const bool started = Resumable(&s, pass, [&] {
    c = s.Peek();
    if (c == 'n') return pass->Skip(&s, 0);
    return c != '{' || s.BeginObject("'{'");
  });
  if (c == 'n') {
    facts->members.null_document = true;
    if (!started) return s.status();
  } else if (c != '{') {
    return Status::Error("expected an object for the state, found " + std::string(Found(c)), s.pos());
  } else {
    bool first = true, seen_values = false;
    std::string_view raw_key;
    while (NextKeyStep(&s, pass, &first, &raw_key)) {
      const FieldKey key(raw_key);
      NoteDocumentMember(key, &facts->members);
      if (key.Is("lineage") || key.Is("serial") || key.Is("resources")) facts->tfstate_member = true;
      bool ok;
      if (key.Is("format_version")) {
        facts->has_format_version = true;
        ok = Resumable(&s, pass,
                       [&] { return ReadString(&s, "format_version", &facts->format_version, *pass, 1); });
      } else if (key.Is("terraform_version")) {
        ok = Resumable(&s, pass, [&] {
          const char k = s.Peek();
          facts->has_terraform_version = k != 'n';
          facts->terraform_version_is_string = k == '"';
          facts->terraform_version.clear();
          return k == '"' ? s.ReadString(&facts->terraform_version) : pass->Skip(&s, 1);
        });
      } else if (key.Is("values")) {
        if (std::exchange(seen_values, true)) pass->repeated_structure = facts->values_repeated = true;
        size_t begin = 0;
        Resumable(&s, pass, [&] {
          s.SkipWhitespace();
          begin = s.pos();
          return true;
        });
        ok = ReadValues(&s, facts, pass);
        facts->values = ByteRange{begin, s.pos(), true};
      } else if (key.Is("provider_schemas")) {
        bool null = false;
        size_t begin = 0;
        ok = Resumable(&s, pass, [&] {
          const bool kind = ExpectKind(&s, '{', "provider_schemas");
          null = s.Peek() == 'n';
          begin = s.pos();
          return kind && pass->Skip(&s, 1);
        });
        if (ok) AddMapObject(null ? ByteRange{} : ByteRange{begin, s.pos(), true}, &facts->provider_schemas_objects);
      } else if (key.Is("tfstream_provider_format_version")) {
        facts->has_provider_format_version = true;
        ok = Resumable(&s, pass, [&] {
          return ReadString(&s, "tfstream_provider_format_version", &facts->provider_format_version, *pass,
                            1);
        });
      } else if (key.Is("tfstream_flavor")) {
        ok = Resumable(&s, pass,
                       [&] { return ReadString(&s, "tfstream_flavor", &facts->tfstream_flavor, *pass, 1); });
      } else {
        ok = Resumable(&s, pass, [&] { return pass->Skip(&s, 1); });
      }
      if (!ok) return s.status();
    }
    if (!s.ok()) return s.status();
  }
  // What follows the document, and the rest of the code below, reads the
  // whole of it.
  AwaitAll(&s, pass);
  doc = s.text();
  if (pass->how == Skeleton::kValidate && !s.AtEnd()) {
    s.Fail("unexpected data after the end of the document");
    return s.status();
  }
  if (facts->members.null_document) return Status::Ok();  // decodes into the state as nothing
  for (const ByteRange& r : facts->outputs_objects) {
    JsonScanner o(doc);
    o.Seek(r.begin + 1);
    if (o.Peek() != '}') facts->has_outputs = true;
  }
  if (pass->in_document_order != nullptr) {
    // Read as the modules were: no walk.
    facts->all_resource_count = facts->resource_count;
    if (opts.progress) opts.progress(doc.size());
    return Status::Ok();
  }
  if (opts.select) {
    Status counted = WalkStateResources(doc, facts->root, [&](std::string_view, uint64_t, int) {
      ++facts->all_resource_count;
      return Status::Ok();
    }, nullptr, opts.done_range);
    if (!counted.ok()) return counted;
  }
  // The walk reads every resource again: it hands their pages back behind
  // itself, 8 MiB at a time (one madvise each).
  uint64_t dropped = 0, reported = 0;
  const bool report = opts.progress && pass->how == Skeleton::kValidate;
  const ResourceVisitor visit = [&](std::string_view, uint64_t offset, int, const StateResourceFacts& rf) -> Status {
    if (opts.done_range && offset > dropped + kDropBatch) {
      opts.done_range(dropped, offset);
      dropped = offset;
    }
    if (report && offset > reported + (size_t{4} << 20)) opts.progress(reported = offset);
    Tally(rf, offset, facts);
    return opts.on_resource ? opts.on_resource(rf, offset) : Status::Ok();
  };
  ModuleWalk walk{doc, visit, opts.select, /*read_facts=*/true, opts.done_range, pass, nullptr, {}};
  Status walked = walk.Walk(facts->root, /*first=*/true, 0);
  if (opts.done_range && walked.ok()) opts.done_range(dropped, doc.size());
  if (!opts.select) facts->all_resource_count = facts->resource_count;
  return walked;
}

// With the cross-check on (TFSTREAM_CROSS_CHECK), a pass that took a second
// thread's work over is checked against the pass on one thread: the same
// facts, or a loud failure.
void CrossCheckSplit(std::string_view doc, const StateFacts& split, bool resources_after_children,
                     const StateScanOptions& opts) {
  StateScanOptions alone = opts;
  alone.split = nullptr;
  alone.progress = nullptr;
  alone.done_range = nullptr;
  StateFacts one;
  WalkPass pass{Skeleton::kValidate};
  pass.in_document_order = &one;
  const bool settled = WalkState(doc, &one, alone, &pass).ok() && !pass.repeated_structure && !pass.unusual;
  const bool same = settled && one.resource_count == split.resource_count &&
                    one.all_resource_count == split.all_resource_count &&
                    one.opentofu_sign == split.opentofu_sign && one.needed_schemas == split.needed_schemas &&
                    one.root.resources == split.root.resources &&
                    one.root.child_modules == split.root.child_modules &&
                    one.root.has_resources == split.root.has_resources &&
                    one.root.has_child_modules == split.root.has_child_modules &&
                    one.outputs_objects == split.outputs_objects && one.has_outputs == split.has_outputs &&
                    pass.resources_after_children == resources_after_children;
  if (!same) {
    std::fprintf(stderr, "tfstream: cross-check failed: the state's pre-scan shared at byte %zu differs from one "
                         "thread's\n", opts.split->taken_at);
    std::abort();
  }
}

}  // namespace

Status ScanState(std::string_view doc, StateFacts* facts, const StateScanOptions& opts) {
  *facts = StateFacts{};
  if (opts.resources == StateScanOptions::Resources::kValidatedByRender) {
    // The skeleton is validated by the walk; the resources' elements by
    // whoever parses them. Where the walk stops, or met a repeated key whose
    // earlier arrays it never comes back to, the whole document is checked,
    // so that a syntax error anywhere wins as in Go.
    // Without a selection, the facts are first read in document order, in
    // one pass; anything that needs RenderHumanState's order (an error, a
    // resource of another mode, a repeated key) is read again in that order.
    if (!opts.select && !opts.in_walk_order) {
      WalkPass once{Skeleton::kValidate};
      once.in_document_order = facts;
      if (opts.record_runs) once.runs = &facts->resource_runs;
      bool settled;
      {
        std::unique_ptr<SplitRun> split;
        if (opts.split != nullptr) {
          split = std::make_unique<SplitRun>(doc, opts.split, &opts.done_range, opts.record_runs);
          once.split = split.get();
        }
        settled = WalkState(doc, facts, opts, &once).ok() && !once.repeated_structure && !once.unusual;
      }  // (the second thread, if still there, stopped)
      if (settled && once.split != nullptr && opts.split->taken_at != 0 && TreeCrossCheckEnabled()) {
        CrossCheckSplit(doc, *facts, once.resources_after_children, opts);
      }
      if (settled) {
        facts->in_document_order = true;
        facts->root.children_in_document_order = !once.resources_after_children;
        return Status::Ok();
      }
      *facts = StateFacts{};
    }
    WalkPass pass{Skeleton::kValidate};
    Status walked = WalkState(doc, facts, opts, &pass);
    if (!walked.ok() || pass.repeated_structure) {
      Status syntax = ValidateWhole(doc, nullptr);
      if (!syntax.ok()) return syntax;
    }
    return walked;
  }
  // The validating pass runs on a thread of its own beside the walk, which
  // reads by structure alone; a syntax error wins over whatever the walk
  // made of the broken text, so the result is the one the two passes one
  // after the other gave.
  Status syntax;
  auto validate = [doc, &opts, &syntax] { syntax = ValidateWhole(doc, opts.progress); };
  std::thread validator;
  if (opts.resources == StateScanOptions::Resources::kValidateOnThread) {
    try {
      validator = std::thread(validate);
    } catch (const std::system_error&) {
      // no thread to spare: first the check, then the walk
    }
  }
  if (!validator.joinable()) {
    validate();
    if (!syntax.ok()) return syntax;
  }
  WalkPass pass;
  Status walked = WalkState(doc, facts, opts, &pass);
  if (validator.joinable()) validator.join();
  return syntax.ok() ? walked : syntax;
}

bool ScanStateAsItArrives(const ArrivingText& text, StateFacts* facts, const StateScanOptions& opts) {
  *facts = StateFacts{};
  if (opts.resources != StateScanOptions::Resources::kValidatedByRender || opts.select ||
      opts.in_walk_order) {
    return false;
  }
  // ScanState's first pass, each of its steps run again over more text
  // where the text arrived so far ends inside it (Resumable).
  WalkPass once{Skeleton::kValidate};
  once.in_document_order = facts;
  if (opts.record_runs) once.runs = &facts->resource_runs;
  once.arriving = &text;
  once.all = false;
  const std::string_view first = text(kMinArrival, &once.all);
  if (WalkState(first, facts, opts, &once).ok() && !once.repeated_structure && !once.unusual) {
    facts->in_document_order = true;
    facts->root.children_in_document_order = !once.resources_after_children;
    return true;
  }
  *facts = StateFacts{};
  return false;
}

Status ValidateState(std::string_view doc) { return ValidateWhole(doc, nullptr); }

Status WalkStateResources(std::string_view doc, const StateModule& root,
                          const std::function<Status(std::string_view, uint64_t, int)>& fn,
                          const StateSelection& select, const std::function<void(uint64_t, uint64_t)>& done_range,
                          const StateElementReader& read_ahead, const StateRunVisitor* runs) {
  const ResourceVisitor visit = [&fn](std::string_view raw, uint64_t offset, int blank_lines,
                                      const StateResourceFacts&) { return fn(raw, offset, blank_lines); };
  WalkPass pass;
  ModuleWalk walk{doc, visit, select, /*read_facts=*/false, done_range, &pass, &read_ahead, {}};
  if (runs != nullptr && runs->runs != nullptr && !runs->runs->runs().empty() && !select) walk.runs = runs;
  return walk.Walk(root, /*first=*/true, 0);
}

Status ForEachRunElement(std::string_view run, uint64_t offset,
                         const std::function<Status(size_t begin, size_t* end)>& fn) {
  auto space = [&run](size_t at) {
    while (at < run.size() && (run[at] == ' ' || run[at] == '\t' || run[at] == '\n' || run[at] == '\r')) ++at;
    return at;
  };
  size_t at = 0;
  while (true) {
    size_t end = 0;
    if (Status st = fn(at, &end); !st.ok()) return st;
    at = space(end);
    if (at == run.size()) return Status::Ok();
    if (run[at] != ',' || (at = space(at + 1)) == run.size()) {
      return Status::Error("expected another resource in a run of them", offset + at);
    }
  }
}

void ResourceRuns::Add(const ResourceRun& run) {
  if (stopped_) return;
  if (runs_.size() >= kMaxRuns && run_bytes_ >= kMaxRunBytes) {
    stopped_ = true;
    open_ = false;
    return;
  }
  if (runs_.size() >= kMaxRuns) {
    // Full: pairs of neighbours become one (elements of one array, with
    // only commas and whitespace between any two, whatever was dropped
    // between them), or the longer of the two where they are of two arrays.
    size_t kept = 0;
    for (size_t i = 0; i + 1 < runs_.size(); i += 2) {
      const ResourceRun& a = runs_[i];
      const ResourceRun& b = runs_[i + 1];
      runs_[kept++] = a.array == b.array ? ResourceRun{a.array, a.begin, b.end}
                      : a.end - a.begin >= b.end - b.begin ? a
                                                           : b;
    }
    if (runs_.size() % 2 != 0) runs_[kept++] = runs_.back();
    runs_.resize(kept);
    run_bytes_ *= 2;
  }
  runs_.push_back(run);
}

Status WalkStateResourceFacts(
    std::string_view doc, const StateModule& root,
    const std::function<Status(std::string_view, uint64_t, const StateResourceFacts&)>& fn,
    const StateSelection& select, const std::function<void(uint64_t, uint64_t)>& done_range) {
  const ResourceVisitor visit = [&fn](std::string_view raw, uint64_t offset, int, const StateResourceFacts& rf) {
    return fn(raw, offset, rf);
  };
  WalkPass pass;
  ModuleWalk walk{doc, visit, select, /*read_facts=*/true, done_range, &pass, nullptr, {}};
  return walk.Walk(root, /*first=*/true, 0);
}

}  // namespace tfstream::stream
