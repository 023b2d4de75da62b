// PreScan: one validating pass over the whole plan document that collects the
// facts the document-level text needs before the first resource block can be
// written (action counts for the legend and summary, whether the plan errored,
// the action invocations attached to resources) and the byte ranges of the
// sections the render pass will read. It builds no values: everything it keeps
// is O(number of action invocations + number of distinct resource types).
#pragma once

#include <array>
#include <functional>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "base/status.h"
#include "stream/change_filter.h"
#include "stream/json_scanner.h"
#include "stream/json_value.h"
#include "stream/plan_action.h"

namespace tfstream::stream {

// Provider source addresses OpenTofu's registry gives its providers
// ("registry.opentofu.org/hashicorp/aws"); Terraform's are on
// registry.terraform.io.
inline constexpr std::string_view kOpenTofuRegistryPrefix = "registry.opentofu.org/";

// Action reasons only OpenTofu's jsonplan writes (forgetting because of
// lifecycle.destroy = false, deleting because enabled is false).
inline bool IsOpenTofuOnlyReason(std::string_view reason) {
  return reason == "forgot_because_lifecycle_destroy_in_config" ||
         reason == "forgot_because_lifecycle_destroy_in_state" || reason == "delete_because_enabled_false";
}

enum class InputShape {
  kRenderer,  // HCP Terraform's renderer document, provider_schemas embedded
  kShowJson,  // `terraform show -json` output, schemas given separately
};

// The fields of an action invocation the document layout needs up front.
struct ActionInvocationFacts {
  ByteRange range;
  std::string address, type, name, provider_name;
  bool has_config = false;  // config_values present (even as null)
  bool lifecycle = false;
  std::string triggering_address, event;
  long block_index = 0, list_index = 0;
  bool invoke = false;
  std::string calling_address;
  bool operator==(const ActionInvocationFacts&) const = default;
};

// Which schema a resource needs: (provider, data source?, type).
struct SchemaKey {
  std::string provider;
  bool data = false;
  std::string type;
  bool operator==(const SchemaKey&) const = default;
  bool operator<(const SchemaKey& o) const {
    return std::tie(provider, data, type) < std::tie(o.provider, o.data, o.type);
  }
  // Views of a key, to look one up without building its strings.
  struct Ref {
    std::string_view provider;
    bool data = false;
    std::string_view type;
  };
  // Compared as tuples of the same types: mixed std::string/std::string_view
  // tuples only compare with GCC's library extensions, not with clang.
  using View = std::tuple<std::string_view, bool, std::string_view>;
  static View ViewOf(const SchemaKey& k) { return View(k.provider, k.data, k.type); }
  static View ViewOf(const Ref& r) { return View(r.provider, r.data, r.type); }
  friend bool operator<(const SchemaKey& a, const Ref& b) { return ViewOf(a) < ViewOf(b); }
  friend bool operator<(const Ref& a, const SchemaKey& b) { return ViewOf(a) < ViewOf(b); }
};

// The first resource change that needs a schema: its address, and where its
// element starts in the plan.
struct SchemaUse {
  std::string address;
  uint64_t offset = 0;
  bool operator==(const SchemaUse&) const = default;
};

// The top-level members that tell a plan from the other documents handed
// to tfstream by mistake (a state, provider schemas, {}); decided by
// pipeline/not_a_plan.h.
struct DocumentMembers {
  size_t count = 0;           // members of the top-level object, repeats included
  bool plan_section = false;  // one only plans have (kPlanSections in pre_scan.cc)
  bool state_values = false;  // "values", a state's
  bool format_version = false;
  bool provider_schemas = false;  // the key, whatever its value
  bool null_document = false;     // the document is just null
  // "terraform_version" members (repeats included): a document of nothing
  // else holds no plan either, only the release it came from.
  size_t terraform_version = 0;
  // Keys of plan sections (repeats included), and how many of them are
  // "provider_format_version", which the renderer's state document has too.
  size_t plan_sections = 0, provider_format_versions = 0;
  // "state_format_version", "root_module", "root" or "root_module_outputs":
  // the renderer's own state document (jsonformat.State, Terraform's or
  // OpenTofu's tags), which tfstream does not read.
  bool renderer_state = false;
  // A renderer state document and nothing of a plan.
  bool RendererStateOnly() const { return renderer_state && plan_sections == provider_format_versions; }
  bool operator==(const DocumentMembers&) const = default;
};

// Notes one top-level member of the document in *m.
void NoteDocumentMember(const FieldKey& key, DocumentMembers* m);
// Whether a top-level key (matched as Go matches keys) names a member only
// plans have (DocumentMembers::plan_section).
bool IsPlanSectionKey(std::string_view key);

struct PlanFacts {
  InputShape shape = InputShape::kShowJson;
  DocumentMembers members;
  // Top-level values nothing is read from (planned_values, prior_state,
  // configuration, ...; often half a plan), and resource_drift: the
  // pre-scan only finds their ends, and ValidateDeferred() checks them once
  // the blocks are out, so the first block is not kept waiting for them.
  std::vector<ByteRange> deferred_validation;
  // The values of resource_changes elements that are not read here (before,
  // after, ...) were skipped by structure: validated by the render pass as
  // it renders each element, or by ValidateDeferred.
  bool changes_skipped_by_structure = false;
  bool has_plan_format_version = false, has_provider_format_version = false;
  std::string plan_format_version, provider_format_version, format_version;
  // As Go decodes them into bools: absent or null is false.
  bool errored = false, applyable = false;
  // Members only tfstream's --bundle writes (pipeline/plan_bundle.h), read in
  // renderer-shaped documents: the quality and the flavour of the plan the
  // bundle was made from, spelled as --quality and --flavor take them
  // ("errored", "no-changes", "none"; "terraform", "opentofu"). Empty when
  // absent; null leaves them, as for the other string members.
  std::string tfstream_quality, tfstream_flavor;
  // "terraform_version" (OpenTofu writes its own version there), the last
  // one when repeated: --renderer-version auto reads it. A value that is not
  // a string is recorded as present but not a string; null as absent.
  bool has_terraform_version = false, terraform_version_is_string = false;
  std::string terraform_version;
  // "applyable" or "complete" is present, whatever it holds: Terraform writes
  // both from 1.8 on, OpenTofu never (its jsonplan has no such fields).
  bool has_applyable_or_complete = false;

  ByteRange resource_changes, resource_drift, output_changes, deferred_changes,
      relevant_attributes, provider_schemas, action_invocations;
  // Go decodes a repeated top-level key naming a map into the map already
  // there: the objects of output_changes and provider_schemas since the
  // last null, in document order (later keys replace earlier ones).
  std::vector<ByteRange> output_changes_objects, provider_schemas_objects;

  // Tallies over resource_changes, as plan.renderHuman counts them: the
  // whole plan, whatever the ChangeFilter (the summary line stays Terraform's).
  size_t shown_changes = 0;  // len(changes): blocks that will be printed
  size_t importing = 0;
  // Deletions Terraform does not print (data sources): its plan still counts
  // them as changes (plans.ChangesSrc.Empty), --detailed-exitcode too.
  size_t unprinted_deletes = 0;
  std::array<size_t, kPlanActionCount> counts{};  // by PlanAction, NoOp excluded
  size_t resource_change_count = 0;
  // Over the blocks the ChangeFilter lets through (all printed blocks when
  // there is none): the legend shows only the symbols of blocks shown.
  bool will_print_resource_changes = false;
  std::array<size_t, kPlanActionCount> filtered_counts{};  // by PlanAction, NoOp included
  size_t filtered_out = 0;  // printed blocks the ChangeFilter hides
  // Of those, the ones ChangeFilter::MatchesInModules lets through (for the
  // hint that a root-module pattern says nothing of modules).
  size_t filtered_out_in_modules = 0;

  // Something only OpenTofu writes (--flavor auto's rule, see
  // pipeline/flavor_choice.h): a resource change whose provider is on
  // registry.opentofu.org, with OpenTofu's ["forget","create"] or with an
  // action reason only OpenTofu has (IsOpenTofuOnlyReason).
  bool opentofu_sign = false;
  // The first resource change whose action list only one renderer knows
  // (Terraform's ["create","forget"], OpenTofu's ["forget","create"]): the
  // other rejects it once the flavour is settled (pipeline/flavor_choice.h).
  struct FlavorOnlyAction {
    bool found = false;
    std::string address;
    uint64_t offset = 0;  // where its element starts
    bool operator==(const FlavorOnlyAction&) const = default;
  };
  FlavorOnlyAction first_create_then_forget, first_forget_then_create;
  // The first ["forget"], which releases before removed blocks do not know.
  FlavorOnlyAction first_forget;
  // The first resource change of mode "ephemeral": only a profile that skips
  // them (flavor.def ephemeral_changes_skipped) takes the plan.
  FlavorOnlyAction first_ephemeral;
  // Where the first kFirstDestroys printed changes that destroy an object
  // start (["delete"], ["delete","create"], ["create","delete"]), in plan
  // order: the Markdown destroy alert lists them without another pass over
  // resource_changes.
  static constexpr size_t kFirstDestroys = 20;
  std::vector<uint64_t> first_destroys;
  // With TerraformOnlySections::kUndecided: why action_invocations or
  // deferred_changes (the last of each key) is not what Terraform reads;
  // the section is then left out as if absent. Ok when it is.
  Status action_invocations_error, deferred_changes_error;
  // The first ResourceFacts::unknown_flag_error in resource_changes (in any
  // of the arrays a repeated key gives: Go decodes each), for ScanPlan to
  // report if the flavour decodes those fields.
  Status unknown_flag_error;

  std::vector<ActionInvocationFacts> actions;
  // Every schema resource_changes needs, with the first resource needing it.
  std::map<SchemaKey, SchemaUse, std::less<>> needed_schemas;

  bool operator==(const PlanFacts&) const = default;
};

// Validates the values PreScan deferred (see PlanFacts::deferred_validation),
// and, unless `changes_validated` says the render pass has already checked
// every resource_changes element (ResourceWorker::RenderChangeBlock does),
// the values it skipped by structure inside resource_changes.
// `done_range(begin, end)`, when set, is told from time to time that the
// bytes in [begin, end) have been checked.
Status ValidateDeferred(std::string_view doc, const PlanFacts& facts, bool changes_validated = false,
                        const std::function<void(uint64_t, uint64_t)>& done_range = nullptr);

// The shallow facts of one resource change object, read by scanning.
struct ResourceFacts {
  std::string address, mode, type, name, provider_name, previous_address, deposed, action_reason;
  std::vector<std::string> actions;
  std::vector<std::string> actions_spare;  // Go's backing array past len(actions)
  bool has_actions = false;
  bool importing = false;
  // Read only when read_details is set (--format json): the module_address
  // string and the index as written (JSON text, "" when absent). Clear()
  // keeps read_details.
  bool read_details = false;
  std::string module_address, index;
  // The first index_unknown or importing.unknown that is not a bool (or
  // null): only Terraform's structs have those fields, so whether it fails
  // the plan is the flavour's (base/flavor.def decodes_unknown_flags). The
  // scan records it and goes on.
  Status unknown_flag_error;

  bool Moved() const { return !previous_address.empty() && previous_address != address; }
  // Back to a default-constructed state, keeping the strings' buffers: the
  // pre-scan reads every element into one ResourceFacts.
  void Clear();
};

// IsPrintedChange (change_filter.h) for a resource change's facts, its action
// list read as `action`.
inline bool IsPrintedChange(PlanAction action, const ResourceFacts& rf) {
  return IsPrintedChange(action, rf.Moved(), rf.importing, rf.mode);
}

// What the caller wants to see of resource_changes besides the tallies.
struct ChangeHooks {
  const ChangeFilter* filter = nullptr;  // null: every printed block is shown
  // Called for each block that is printed and passes the filter, in order.
  // The facts are only valid during the call. Errors found later in the
  // document still fail the scan, so the caller must not write before then.
  std::function<void(const ResourceFacts&, PlanAction)> on_shown;
  // Called when a "resource_changes" value starts (an array or null): a
  // repeated key replaces the earlier array, so forget its blocks.
  std::function<void()> on_begin;
  // Whether the facts given to on_shown carry ResourceFacts' details.
  bool read_details = false;
};

// Sharing the pre-scan with a second thread (pre_scan_split.h), for when a
// core is free: on a large plan the two halves are scanned at once. The
// facts and errors are the same as from one thread.
struct PreScanSplit {
  // Only when at least this much of the document is left at resource_changes:
  // below it, starting the thread and sharing the page faults cost about
  // what the split saves. On the 30 MB plans the split now gains 1-3 ms of
  // a 9-12 ms pre-scan (perf/README.md, session 8).
  size_t min_bytes = size_t{16} << 20;
  // Told, from the second thread, that it is done with the bytes in
  // [begin, end); may be empty.
  std::function<void(uint64_t, uint64_t)> release_range;
  // Once done with its first stretch, the second thread takes the second
  // half of what the first thread still has to tally in resource_changes,
  // again and again, while that is at least this much.
  size_t steal_min_bytes = size_t{2} << 20;
  // For tests: where the second thread starts looking for an element of
  // resource_changes (0: halfway through what is left), and where it looks
  // for each later stretch (empty: as above; else these, in order, as long
  // as each lies before the stretches already taken).
  size_t guess_from = 0;
  std::vector<size_t> steal_from;
  // For tests: the first thread waits at each element until the second has
  // stopped looking for work, so that what is taken over does not depend on
  // timing.
  bool wait_for_second_thread = false;
  // Set by PreScan: the first element where the first thread took the second
  // thread's work over, or 0 if it did not (in the first pass: when that
  // pass fails, a second one on one thread finds the error), and how many
  // stretches it took over.
  size_t taken_at = 0;
  int segments_taken = 0;
};

// How the top-level sections only Terraform's renderer reads are scanned:
// action_invocations and deferred_changes (OpenTofu's Plan has no field for
// them, so it takes any JSON value there; base/flavor.def
// reads_action_invocations, reads_deferred_changes).
enum class TerraformOnlySections {
  kRead,       // as Terraform: a value of the wrong shape is an error
  kIgnored,    // as OpenTofu: any JSON value, nothing read
  kUndecided,  // the flavour is settled after the scan: read them, but
               // record a wrong shape in PlanFacts (*_error) and go on; an
               // error later in the scan gives way to the recorded one
};

// Scans `doc` (the whole input). Errors carry the byte offset. `done_before`,
// when set, is told from time to time that the bytes before an offset have
// been scanned (from the calling thread).
Status PreScan(std::string_view doc, PlanFacts* facts,
               const std::function<void(uint64_t)>& done_before = nullptr, const ChangeHooks* hooks = nullptr,
               PreScanSplit* split = nullptr, TerraformOnlySections terraform_only = TerraformOnlySections::kRead);

// Reads the shallow facts of the resource change object at the scanner's
// cursor, skipping its values. `outer_depth` counts enclosing containers.
bool ScanResourceFacts(JsonScanner* s, int outer_depth, ResourceFacts* out, ValueSkip skip = ValueSkip::kValidate);

}  // namespace tfstream::stream
