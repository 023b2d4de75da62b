// Sink: what an output form is to the run, as a printer is a sink of
// ripgrep's searcher. The run (plan_run.h, state_run.h) reads the document,
// renders what the sink needs and pushes it, in document order; the sink
// only lays out what it receives. A new form is a new Sink, never a new copy
// of the run's sequence (scan, prepare, validate, blocks on all cores,
// totals, notes).
//
// The calls, in order, for one run:
//   Scanned(facts, action)*   during the pre-scan, one per shown planned
//                             change (Needs::scan_facts; the scan may start
//                             over: ScanRestarted)
//   AfterScan()               once the scan is done, before any other check
//   Begin(view)               the document's facts are known, nothing written
//   Text(piece) / Block(block) / Flush()   as each is ready, in order
//   Finish(view)              the totals; the sink writes what it holds
// A non-ok Status from any of them stops the run with that error.
#pragma once

#include <string_view>

#include "base/status.h"
#include "stream/plan_action.h"

namespace tfstream::stream {
struct ResourceFacts;
struct StateResourceFacts;
}  // namespace tfstream::stream
namespace tfstream::render::compare {
struct Difference;
}  // namespace tfstream::render::compare

namespace tfstream::pipeline {

struct PlanView;
struct StateView;

// What a form needs, so that the run does only that work: --summary reads
// no schemas and renders nothing, --format json renders nothing either.
struct Needs {
  // Terraform's text: the schemas are checked, every section is rendered
  // and pushed as Text and Block. False: facts only (no schemas read, no
  // diffs computed; a --schemas file given is still checked).
  bool text = true;
  // With text: each block's address, action and module beside its text
  // (read from the element again, on the calling thread).
  bool block_facts = false;
  // The whole document validated before Begin (a form that writes nothing
  // until it knows the document is good). Otherwise, the text's rule: what
  // the pre-scan skipped is validated beside the blocks and reported after
  // them.
  bool validated_before_output = false;
  // Scanned() during the pre-scan.
  bool scan_facts = false;
  // Facts only: the schemas checked as for rendering, and the types they
  // hold (--bundle carries them).
  bool checked_schemas = false;
  // Facts only: a Block (no text) for each planned change that would print,
  // passing the filters (change_facts), and for each drift entry that is a
  // change (drift_facts); fact_details: their ResourceFacts' details too.
  bool change_facts = false;
  bool drift_facts = false;
  bool fact_details = false;
  // Facts only: PlanView::outputs filled before Finish (each output's
  // action, computed from its values).
  bool output_actions = false;
  // Facts only: PlanView::has_changes and errored decided before Begin
  // (--format json writes them); otherwise only --detailed-exitcode asks.
  bool changes_decided = false;
  // A state: its resources' facts as Blocks (no text), in the order
  // `terraform show` prints them.
  bool resource_facts = false;
  // The run's notes and warnings go to the report (standard error).
  bool notes = true;
  // With text: each action symbol in the rendered text marked
  // (render::Palette::kSymbolOpen ... kSymbolClose), so that the form can
  // find it again (Markdown moves it to the line's start). Colour off only.
  bool marked_symbols = false;
  // With text, without block_facts: the blocks rendered together on several
  // threads (a batch of neighbouring elements) may come as one Block whose
  // text is all of theirs, in order, and a Flush() after it, so that the
  // form can write them from where they were rendered without a copy. For
  // a form that writes a block's text and reads nothing else of it.
  bool joined_blocks = false;

  // Whether a run may hand the form a batch's blocks as one Block: it asks
  // for that (joined_blocks) and reads no block's facts (block_facts).
  bool JoinsBlocks() const { return joined_blocks && !block_facts; }
};

// Which part of the document a piece of text or a block belongs to.
enum class Section {
  kWarning,            // the newer-format warning
  kDrift,              // "Objects have changed outside of ...": note, blocks, closing paragraph
  kDriftHidden,        // --drift hide: the one line standing for it
  kNoChanges,          // "No changes." / "Planning failed." and what follows them
  kRule,               // the horizontal rule between sections
  kDeferred,           // a partial plan's deferred changes: note, blocks
  kLegend,             // "... Resource actions are indicated with the following symbols:"
  kPlannedChanges,     // "... will perform the following actions:", then the blocks
  kTotals,             // the "Plan:" line and the "Filtered out" line
  kActionInvocations,  // "... will invoke the following action(s):", then one block each
  kOutputs,            // "Changes to Outputs:", one block per output, the closing sentence
  kStateResources,     // a state's resource blocks (or "The state file is empty...")
  kStateOutputs,       // a state's "Outputs:" heading, one block per output
};

// A piece of text that is not a block: a section's heading, a separator
// between blocks, its closing words.
enum class Part { kHeading, kBody, kClosing };
struct TextPiece {
  Section section;
  Part part;
  std::string_view text;  // exactly as the text form writes it, colour included
};

// One block: a resource change, a drift entry, a deferred change, an action
// invocation, an output, or a state's resource. Views are valid during the
// call only.
struct BlockView {
  Section section;
  // The exact text, as the text form writes it (Needs::text), with the
  // newlines around it; empty for a facts-only sink. With
  // Needs::joined_blocks, the text of several neighbouring blocks.
  std::string_view text;
  // The resource address (an output's name, an action's address); the
  // word --action uses for its action ("create", "replace", ...; "" when
  // the plan's action list is not one the flavour knows, and for a state's
  // resources); the module address ("" for the root module; in a facts-only
  // run, read only with Needs::fact_details).
  std::string_view address;
  std::string_view action;
  std::string_view module_address;
  // The facts behind those, when the run read them (Needs::block_facts,
  // change_facts, drift_facts; resource_facts for a state): null otherwise.
  const stream::ResourceFacts* change = nullptr;
  bool known_action = false;  // change->actions is a list the flavour knows
  stream::PlanAction plan_action = stream::PlanAction::kNoOp;
  const stream::StateResourceFacts* resource = nullptr;
  // From the comparison run (pipeline/compare_run.h): what differs about
  // the resource (or output) whose block this is; null otherwise.
  const render::compare::Difference* difference = nullptr;
};

class Sink {
 public:
  virtual ~Sink() = default;
  virtual Needs needs() const = 0;

  virtual void ScanRestarted() {}
  virtual void Scanned(const stream::ResourceFacts& /*facts*/, stream::PlanAction /*action*/) {}
  // An error found by Scanned, reported before the run's other checks.
  virtual Status AfterScan() { return Status::Ok(); }

  // One of the two, according to the document.
  virtual Status Begin(const PlanView& /*plan*/) { return Status::Ok(); }
  virtual Status Begin(const StateView& /*state*/) { return Status::Ok(); }
  virtual Status Text(const TextPiece& /*piece*/) { return Status::Ok(); }
  virtual Status Block(const BlockView& /*block*/) { return Status::Ok(); }
  // What was pushed so far may be written (after each batch of blocks).
  virtual Status Flush() { return Status::Ok(); }
  virtual Status Finish(const PlanView& /*plan*/) { return Status::Ok(); }
  virtual Status Finish(const StateView& /*state*/) { return Status::Ok(); }
};

}  // namespace tfstream::pipeline
