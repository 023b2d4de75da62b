// The pre-scan of a state document (`terraform show -json` / `tofu show -json`
// without a planfile): {"format_version", "values": {"outputs": {...},
// "root_module": {"resources": [...], "child_modules": [...]}}}. One
// validating pass over the whole document, then a walk over its modules that
// reads each resource's shallow facts (address, mode, type, provider, ...).
// Nothing is built: what is kept is the byte ranges of the outputs and the
// root module, so memory does not grow with the number of resources.
//
// Decoded as encoding/json decodes into jsonstate's structs (what the
// renderer is handed): keys name fields case-insensitively; a repeated struct
// key decodes into the value already there (so of a repeated "resources" or
// "child_modules" the last counts, and a repeated "outputs" map gains the
// later keys); null leaves a struct or string as it was and empties a slice
// or map.
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "base/status.h"
#include "stream/json_scanner.h"
#include "stream/pre_scan.h"

namespace tfstream::stream {

// One jsonstate.Module: the arrays it holds (absent: null or missing).
struct StateModule {
  ByteRange resources, child_modules;
  bool has_resources = false, has_child_modules = false;  // non-empty arrays
  // Set by a scan in document order (StateFacts::in_document_order) on the
  // root: no module object below it has its resources after its child
  // modules, so a walk reads each of them once, front to back, in
  // RenderHumanState's order, instead of recording its arrays and coming
  // back to them (which passed over each module's resources once more per
  // level of nesting).
  bool children_in_document_order = false;
};

// The shallow facts of one jsonstate.Resource.
struct StateResourceFacts {
  std::string address, mode, type, name, provider_name, deposed_key;
  bool tainted = false;
  void Clear();
};

// A stretch of neighbouring elements of one module's "resources" array, as
// the pre-scan passed them: `begin` is where the first element starts,
// `end` just past the last one; between the elements only commas and
// whitespace. A later walk hands such a run on whole (WalkStateResources'
// runs) instead of skipping each element again to find where it ends.
struct ResourceRun {
  uint64_t array = 0;  // where the array's '[' is
  uint64_t begin = 0, end = 0;
  bool operator==(const ResourceRun&) const = default;
};

// The runs a pass in document order records (StateScanOptions::record_runs),
// in document order, in constant memory: at most kMaxRuns of them. A run is
// closed once it spans Target() bytes (smaller for the first few, so that
// the first blocks of a render are not held up behind a large one), or at
// its array's end when it spans at least kMinRunBytes. When the list is
// full, neighbours of one array are merged (else the smaller is dropped: a
// walk skips its elements itself) and runs grow twice as long, up to
// kMaxRunBytes; full again at that length, it records no more (the walk
// passes over the rest element by element). A run is rendered as one piece
// of a batch, so runs growing with the document would make the batches in
// flight, and the memory they hold, grow with it too.
class ResourceRuns {
 public:
  static constexpr size_t kMaxRuns = 4096;
  static constexpr uint64_t kFirstRunBytes = uint64_t{8} << 10;
  static constexpr uint64_t kRunBytes = uint64_t{64} << 10;
  static constexpr uint64_t kMinRunBytes = uint64_t{4} << 10;
  static constexpr uint64_t kMaxRunBytes = uint64_t{128} << 10;  // a batch's input (batched_blocks.h)

  uint64_t Target() const {
    const size_t ramp = runs_.size() < 4 ? runs_.size() : 3;
    return std::min(run_bytes_, kFirstRunBytes << ramp);
  }
  // REQUIRES: run.begin after every run added before.
  void Add(const ResourceRun& run);
  // A pass over one array: the elements it read, closing runs as they grow.
  void Element(uint64_t array, uint64_t begin, uint64_t end) {
    if (stopped_) return;
    if (open_array_ != array || !open_) {
      open_ = true;
      open_array_ = array;
      open_begin_ = begin;
    }
    open_end_ = end;
    if (end - open_begin_ >= Target()) {
      Add(ResourceRun{array, open_begin_, end});
      open_ = false;
    }
  }
  // The array's end (or the pass stops reading its elements): the open run
  // is kept when it is long enough.
  void Close() {
    if (open_ && !stopped_ && open_end_ - open_begin_ >= kMinRunBytes) Add(ResourceRun{open_array_, open_begin_, open_end_});
    open_ = false;
  }
  const std::vector<ResourceRun>& runs() const { return runs_; }
  void Clear() { *this = ResourceRuns{}; }

 private:
  std::vector<ResourceRun> runs_;
  uint64_t run_bytes_ = kRunBytes;
  bool stopped_ = false;  // full at kMaxRunBytes: no more runs
  bool open_ = false;
  uint64_t open_array_ = 0, open_begin_ = 0, open_end_ = 0;
};

struct StateFacts {
  DocumentMembers members;
  // A top-level member only a raw terraform.tfstate has (lineage, serial,
  // resources), which show -json never writes.
  bool tfstate_member = false;
  bool has_format_version = false;
  std::string format_version;
  // "terraform_version", as a plan's (pre_scan.h): present when not null; a
  // value of another kind is no error (the release choice notes it).
  bool has_terraform_version = false, terraform_version_is_string = false;
  std::string terraform_version;
  // The whole "values" member (the last one), for --bundle to copy; when
  // the key is repeated (`values_repeated`), Go decodes each into the struct
  // the earlier ones filled, and a bundle writes what that gave instead
  // (outputs_objects and root).
  ByteRange values;
  bool values_repeated = false;
  // What a state bundle (forms/state_bundle.h) carries beside the state:
  // provider_schemas objects since the last null (a repeated key merges),
  // the schemas' format version (tfstream_provider_format_version: the
  // renderer's name for it, provider_format_version, would make the
  // document read as a plan), and the flavour it was made with.
  std::vector<ByteRange> provider_schemas_objects;
  bool has_provider_format_version = false;
  std::string provider_format_version, tfstream_flavor;
  // The values.outputs objects since the last null (AddMapObject), and
  // whether any has a member (State.Empty counts the map's keys).
  std::vector<ByteRange> outputs_objects;
  bool has_outputs = false;
  StateModule root;
  size_t resource_count = 0;  // the resources selected (all without a selection)
  size_t all_resource_count = 0;
  // Every schema the resources need, with the first resource needing it
  // (first in RenderHumanState's order, unless in_document_order).
  std::map<SchemaKey, SchemaUse, std::less<>> needed_schemas;
  bool in_document_order = false;
  // A resource whose provider is on registry.opentofu.org (--flavor auto).
  bool opentofu_sign = false;
  // Recorded by a pass in document order when asked for
  // (StateScanOptions::record_runs); empty otherwise.
  ResourceRuns resource_runs;

  // State.Empty: no outputs, no root resources and no root child modules.
  bool Empty() const { return !has_outputs && !root.has_resources && !root.has_child_modules; }
};

// Called for each resource in walk order (WalkStateResources), with where its
// element starts; an error stops the scan.
using StateResourceHook = std::function<Status(const StateResourceFacts&, uint64_t offset)>;
// Which resources a walk takes (--address); null: all. A walk over a
// selection is the walk over a state holding only those resources.
using StateSelection = std::function<bool(const StateResourceFacts&)>;

// Sharing ScanState's pass in document order (kValidatedByRender without a
// selection) with a second thread, for when a core is free. When the pass
// opens a module's "resources" or "child_modules" array with much of the
// document left, a second thread guesses where an element of that array
// starts halfway through what is left, and reads from there to the array's
// end as the pass would (the facts of each resource, each child module
// whole). When the pass arrives at exactly that element of that array, the
// second thread's reading was its own: it takes its tallies and flags over
// and goes on after the array. Anything else (a guess that was not an
// element of that array, an error or a cancel in the second thread's part)
// drops that work, and the pass reads on alone: the facts, and whether the
// pass settles them, are the same as from one thread.
struct StateScanSplit {
  // Only when at least this much of the document is left at the array's
  // start: below it, starting a thread costs about what it saves.
  size_t min_bytes = size_t{4} << 20;
  // How far from where it starts looking the second thread looks for an
  // element before giving up.
  size_t window = size_t{16} << 20;
  // For tests: where the second thread starts looking (0: halfway through
  // what is left of the document).
  size_t guess_from = 0;
  // Set by ScanState: how many second threads it started, and the element
  // where the pass took one's work over (0: none).
  int started = 0;
  size_t taken_at = 0;
};

struct StateScanOptions {
  // Called for each resource in walk order (may be empty).
  StateResourceHook on_resource;
  // Told from time to time how far the scan has come (may be empty).
  std::function<void(uint64_t)> progress;
  // --address (may be empty).
  StateSelection select;
  // That the walk is done with the bytes in [begin, end) (may be empty).
  std::function<void(uint64_t, uint64_t)> done_range;
  // How the contents of the resources' elements are validated:
  //   kValidate: by a validating pass over the whole document first;
  //   kValidateOnThread: the same pass on a thread of its own beside the
  //     walk, which then meets text not yet validated (its hook may see what
  //     broken text made of a resource, but a syntax error is what is
  //     returned); `progress` is then called from that thread;
  //   kValidatedByRender: not here, except for the elements `select` leaves
  //     out: the caller parses every element it is handed (yajl validates)
  //     and, where anything fails after this scan, asks ValidateState for
  //     the syntax error that wins. Everything else (the skeleton) is
  //     validated by the walk itself, and any failure of the walk is
  //     checked against the whole document.
  enum class Resources { kValidate, kValidateOnThread, kValidatedByRender };
  Resources resources = Resources::kValidate;
  // kValidatedByRender without a selection reads the facts in document
  // order, in one pass over the document, when nothing in it needs
  // RenderHumanState's order (StateFacts::in_document_order); this asks for
  // that order anyway (to name the first resource needing a schema).
  bool in_walk_order = false;
  // Set (and a whole document): the pass in document order may share its
  // work with a second thread (StateScanSplit); the caller owns it.
  StateScanSplit* split = nullptr;
  // A pass in document order records runs of resources elements
  // (StateFacts::resource_runs) for a render walk to hand on whole.
  bool record_runs = false;
};

// Reads the document's facts, validating it as `opts.resources` says.
Status ScanState(std::string_view doc, StateFacts* facts, const StateScanOptions& opts = {});

// A document still arriving (a state through a pipe): text(size, &all) waits
// until at least `size` bytes of it are there, or all of them (all is then
// true), and returns the bytes there so far, as a view that stays valid. It
// may return fewer than `size` (a slow writer), as long as each call returns
// more than the last one, or all.
using ArrivingText = std::function<std::string_view(uint64_t size, bool* all)>;

// ScanState's pass in document order (kValidatedByRender without a selection
// or in_walk_order) run over the bytes as they arrive, so that when the last
// one is there only a short tail is left to read. True: *facts are what
// ScanState over the whole document gives. False (another kind of scan was
// asked for, or the pass does not settle the facts: an error, a repeated key,
// a resource of another mode): nothing is settled, and the caller runs
// ScanState over the whole document, which then gives what it always gives.
bool ScanStateAsItArrives(const ArrivingText& text, StateFacts* facts, const StateScanOptions& opts);

// The first syntax error of the whole document (what Go's decoder meets
// before anything else), or ok.
Status ValidateState(std::string_view doc);

// Calls fn(element, offset, blank_lines) for each resources element in the
// order RenderHumanState prints them: a module's resources, then its child
// modules' in turn, depth first. `blank_lines` is how many empty lines the
// renderer writes before the element's block (renderHumanStateModule's
// `first`, passed by value): 0 before the first block printed in a module
// whose ancestors printed none, 2 before the first block of any other
// module, 1 between the blocks of one module. REQUIRES: `doc` was validated
// by ScanState.
// `done_range(begin, end)` (may be empty) is told of bytes the walk has
// skipped over (a module's members, found before its resources are walked):
// their pages can go, the walk comes back for what it reads.
//
// `read_ahead(rest, offset, max_depth, &end)` (may be null) is offered each
// object element first, `rest` being the document from the element on: it
// may read the element and say where it ends (true, *end the offset in
// `rest` just past it) when it has validated it as a value of its own, no
// container in it nested deeper than `max_depth`; the walk then takes that
// end rather than skipping the element by structure (where a valid element
// ends the same). False: the walk finds the end itself.
using StateElementReader = std::function<bool(std::string_view rest, uint64_t offset, int max_depth, size_t* end)>;
//
// `runs` (may be null; no selection): where an element starts a run
// (ResourceRuns, recorded by ScanState over this document), the walk calls
// runs->fn(run, offset, blank_lines, element_depth) with the run's bytes,
// the first element's empty lines (each later one's are 1) and the
// containers open around each element (JsonScanner's outer_depth), and
// goes on after the run without reading it.
struct StateRunVisitor {
  const ResourceRuns* runs = nullptr;
  std::function<Status(std::string_view run, uint64_t offset, int blank_lines, int element_depth)> fn;
};
Status WalkStateResources(std::string_view doc, const StateModule& root,
                          const std::function<Status(std::string_view element, uint64_t offset, int blank_lines)>& fn,
                          const StateSelection& select = nullptr,
                          const std::function<void(uint64_t, uint64_t)>& done_range = nullptr,
                          const StateElementReader& read_ahead = nullptr, const StateRunVisitor* runs = nullptr);

// The elements of a run (ResourceRun's bytes, `offset` where it starts in
// the document), in order: fn(begin, &end) with the offset in `run` of an
// element's first byte sets *end just past it (a failure stops the walk and
// is returned). Between the elements of a run there are only a comma and
// whitespace; anything else is an error located in the document.
Status ForEachRunElement(std::string_view run, uint64_t offset,
                         const std::function<Status(size_t begin, size_t* end)>& fn);

// The same walk, reading each element's facts as it passes it (one pass
// over the element): fn(element, offset, facts). An element of a wrong type
// for a field is an error located in the document; a null element gives
// empty facts.
Status WalkStateResourceFacts(
    std::string_view doc, const StateModule& root,
    const std::function<Status(std::string_view element, uint64_t offset, const StateResourceFacts& facts)>& fn,
    const StateSelection& select = nullptr, const std::function<void(uint64_t, uint64_t)>& done_range = nullptr);

}  // namespace tfstream::stream
