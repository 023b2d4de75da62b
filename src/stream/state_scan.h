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
Status WalkStateResources(std::string_view doc, const StateModule& root,
                          const std::function<Status(std::string_view element, uint64_t offset, int blank_lines)>& fn,
                          const StateSelection& select = nullptr,
                          const std::function<void(uint64_t, uint64_t)>& done_range = nullptr,
                          const StateElementReader& read_ahead = nullptr);

// The same walk, reading each element's facts as it passes it (one pass
// over the element): fn(element, offset, facts). An element of a wrong type
// for a field is an error located in the document; a null element gives
// empty facts.
Status WalkStateResourceFacts(
    std::string_view doc, const StateModule& root,
    const std::function<Status(std::string_view element, uint64_t offset, const StateResourceFacts& facts)>& fn,
    const StateSelection& select = nullptr, const std::function<void(uint64_t, uint64_t)>& done_range = nullptr);

}  // namespace tfstream::stream
