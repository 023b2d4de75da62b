// PlanContext: what every stage of one plan's rendering shares. Built before
// the first byte is written (pre-scan facts, schemas, relevant attributes,
// action invocations by resource) and read-only afterwards, so rendering
// threads can share it.
#pragma once

#include <algorithm>
#include <future>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/flavor.h"
#include "base/status.h"
#include "buffer/arena.h"
#include "pipeline/plan_pipeline.h"
#include "pipeline/reference_crash.h"
#include "pipeline/stale_schemas.h"
#include "render/computed/palette.h"
#include "render/text/colorize.h"
#include "stream/json_scanner.h"
#include "stream/json_tree_parser.h"
#include "stream/pre_scan.h"
#include "stream/schema_store.h"

namespace tfstream::pipeline {

// "<label>: byte <offset>: <message>", or "<label>: <message>" without an offset.
std::string Located(const std::string& label, const Status& s);

// What checking a --schemas file found: its provider_schemas objects since
// the last null, or why it is not a valid schemas file.
struct SchemasFileCheck {
  Status status;
  std::vector<stream::ByteRange> objects;
  std::string format_version;  // its "format_version", when a string
};

struct PlanContext {
  // `mark_symbols`: the sink's Needs::marked_symbols.
  PlanContext(const Input& input, const Options& options, bool mark_symbols = false)
      : in(input), opt(options), mark_symbols(mark_symbols), colorize(options.color), palette(colorize, mark_symbols) {}

  const Input& in;
  const Options& opt;
  const bool mark_symbols;  // the palette marks the action symbols it gives
  // Whose renderer is reproduced: Terraform's until SetFlavor, which runs
  // once the pre-scan has decided (--flavor, or the auto rule), before any
  // output. Read-only afterwards, like everything here.
  const Flavor* flavor = &TerraformFlavor();
  Flavor profile = TerraformFlavor();  // what flavor points to after SetFlavor
  render::text::Colorize colorize;
  render::Palette palette;
  stream::PlanFacts facts;
  std::unique_ptr<stream::SchemaStore> schemas;
  bool schemas_from_file = false;  // else the plan's own provider_schemas
  // The document was validated whole before the blocks, resource_changes
  // included (ValidateBeforeOutput): rendering a block need not validate
  // again what it only skips, nor what it parses (ResourceWorker::Parse).
  bool changes_validated = false;
  buffer::Arena long_arena;  // relevant attributes naming no resource, for the whole run
  // relevant_attributes entries naming a resource, as (RelevantKey(address),
  // offset of the entry in the plan), sorted: 16 bytes an entry, where a
  // parsed entry with its address took ten times that. The entries of a
  // drifted resource are parsed again when it is rendered (RelevantFor).
  std::vector<std::pair<uint64_t, uint64_t>> relevant_index;
  std::vector<const stream::JsonValue*> relevant_global;
  std::multimap<std::string, size_t, std::less<>> lifecycle_by_address;
  // The check of the --schemas file (validating it, finding its
  // provider_schemas objects), when ScanPlan runs it on another thread
  // beside the plan's pre-scan; taken by CheckSchemas / CheckSchemasFile.
  std::future<SchemasFileCheck> schemas_file_check;
  // What the rendering threads found the schemas lack; the one thing they
  // write (it locks).
  mutable StaleSchemas stale_schemas;
  // Where the release's own renderer crashes on the plan (one note).
  mutable ReferenceCrash reference_crash;
  // Notes for standard error found before the first byte (Report::notes).
  std::vector<std::string> notes;
  // Its result, once taken (SchemasFile).
  std::optional<SchemasFileCheck> schemas_file_checked;

  // Switches to (a copy of) `f`'s profile: its colour table and the palette
  // built on it.
  void SetFlavor(const Flavor& f) {
    profile = f;
    flavor = &profile;
    colorize = render::text::Colorize(
        opt.color, f.purple_colour ? render::text::Colorize::Table::kWithPurple : render::text::Colorize::Table::kDefault);
    palette = render::Palette(colorize, profile, mark_symbols);
  }

  void Release(uint64_t offset) const {
    if (in.release_plan_before) in.release_plan_before(offset);
  }

  // An error located in the plan document.
  Status PlanError(const Status& s) const { return Status::Error(Located(in.plan_label, s)); }
  // "<file>: byte <offset>: <address>: <message>"; the offset is where the
  // resource (or action invocation) starts, when known.
  Status AddressError(std::string_view address, const std::string& message,
                      uint64_t offset = Status::kNoOffset) const {
    std::string where = offset == Status::kNoOffset ? in.plan_label : in.plan_label + ": byte " + std::to_string(offset);
    // An element without an address (null, or the key missing) is placed
    // by its offset alone.
    if (address.empty()) return Status::Error(where + ": " + message);
    return Status::Error(where + ": " + std::string(address) + ": " + message);
  }

  // What a pass over an array does with the pages of the elements it has
  // read: keeps them (fn only hands the element on, or the next step reads
  // them again), releases them as the main pass does (Release: one running
  // count of what is gone, for the pass that walks the document in order),
  // or drops them behind itself, range by range (a side pass before the
  // main one, such as a check over resource_drift: it must not move the main
  // pass's count, and its pages must not stay mapped until the main pass
  // comes by).
  enum class Pages { kKeep, kRelease, kDropBehind };
  static constexpr size_t kDropBatch = size_t{8} << 20;  // one madvise per 8 MiB

  // Calls fn(element_text, offset) for each element of the array at `range`.
  // The document was validated by the pre-scan, so elements are found with
  // the fast non-validating skip.
  template <typename Fn>
  Status ForEachElement(stream::ByteRange range, Fn fn, Pages pages = Pages::kRelease) const {
    return ForEachElementUntil(range, nullptr, fn, pages);
  }

  // The facts of an array element the pre-scan has validated (its values
  // are skipped by structure); a wrong-typed fact is an error located in
  // the plan. `rf` is filled as ScanResourceFacts fills it.
  Status ReadFacts(std::string_view raw, uint64_t offset, stream::ResourceFacts* rf) const {
    stream::JsonScanner scan(raw, offset);
    return stream::ScanResourceFacts(&scan, 2, rf, stream::ValueSkip::kByStructure) ? Status::Ok()
                                                                                      : PlanError(scan.status());
  }

  // As ForEachElement, but stops as soon as *done is true (answers that
  // need only the first few elements need not pass over the rest).
  template <typename Fn>
  Status ForEachElementUntil(stream::ByteRange range, const bool* done, Fn fn, Pages pages = Pages::kRelease) const {
    if (!range.present) return Status::Ok();
    std::string_view doc = in.plan.substr(0, range.end);
    auto ws = [&](size_t p) {
      while (p < doc.size() && (doc[p] == ' ' || doc[p] == '\n' || doc[p] == '\r' || doc[p] == '\t')) ++p;
      return p;
    };
    size_t pos = ws(range.begin) + 1;  // past '['
    size_t dropped = range.begin;       // kDropBehind: what is gone
    auto drop_to = [&](size_t end) {
      if (in.release_plan_range) in.release_plan_range(dropped, end);
      dropped = end;
    };
    while (done == nullptr || !*done) {
      pos = ws(pos);
      if (pos >= doc.size() || doc[pos] == ']') break;
      if (doc[pos] == ',') pos = ws(pos + 1);
      size_t end = stream::SkipValidValue(doc, pos);
      Status st = fn(doc.substr(pos, end - pos), static_cast<uint64_t>(pos));
      if (!st.ok()) return st;
      if (pages == Pages::kRelease) Release(end);
      if (pages == Pages::kDropBehind && end - dropped >= kDropBatch) drop_to(end);
      pos = end;
    }
    if (pages == Pages::kDropBehind) drop_to(pos);
    return Status::Ok();
  }
};

uint64_t RelevantKey(std::string_view address);

// The first relevant_index entry whose key is `key`, or the entry after
// where it would be; the entries of one key follow it.
inline std::vector<std::pair<uint64_t, uint64_t>>::const_iterator FirstRelevantEntry(const PlanContext& ctx,
                                                                                      uint64_t key) {
  return std::lower_bound(ctx.relevant_index.begin(), ctx.relevant_index.end(), std::make_pair(key, uint64_t{0}));
}

// Whether some relevant_attributes entry may name `address` (keys are
// hashes: false means none does).
inline bool MayHaveRelevantEntries(const PlanContext& ctx, std::string_view address) {
  const uint64_t key = RelevantKey(address);
  auto it = FirstRelevantEntry(ctx, key);
  return it != ctx.relevant_index.end() && it->first == key;
}

// Calls fn(attribute_path) for each relevant_attributes entry naming
// `address`, parsing it into `arena`.
template <typename Fn>
void RelevantFor(const PlanContext& ctx, std::string_view address, buffer::Arena* arena, Fn fn) {
  const uint64_t key = RelevantKey(address);
  for (auto it = FirstRelevantEntry(ctx, key); it != ctx.relevant_index.end() && it->first == key; ++it) {
    size_t end = stream::SkipValidValue(ctx.in.plan, it->second);
    const stream::JsonValue* entry = nullptr;
    // The pre-scan validated relevant_attributes and PrepareRelevantAttributes
    // checked each entry: parsing again cannot fail.
    if (!stream::ParseJsonTree(ctx.in.plan.substr(it->second, end - it->second), it->second, arena, &entry).ok()) {
      continue;
    }
    // "resource" is a string field: null leaves what an earlier key set.
    const stream::JsonValue* resource = stream::FindNonNullField(entry, "resource");
    const stream::JsonValue* attribute = nullptr;
    if (resource == nullptr || !resource->IsString() || resource->text() != address) continue;  // another address
    stream::FindField(entry, "attribute", &attribute);
    fn(attribute);
  }
}

// Starts checking the --schemas file, if one is given, on another thread:
// a schemas file of several providers is tens of MB, and validating it
// then took longer than pre-scanning a plan of a few MB. Not with --jobs 1,
// nor when no thread can be started: the check then runs when taken.
void StartSchemasFileCheck(PlanContext* ctx);
// The check of the --schemas file: StartSchemasFileCheck's result, or the
// check run now; taken once and kept. REQUIRES: in.has_schemas.
const SchemasFileCheck& SchemasFile(PlanContext* ctx);
// Checks done before any output: every schema resource changes need exists,
// relevant attributes are well formed, action invocations have what they need.
Status CheckSchemas(PlanContext* ctx);
// "no schema for <what> of provider "P": <why, and how to get schemas>",
// after CheckSchemas: names a provider the schemas lack (or have under a
// short name) and says how to make schemas and that --summary needs none.
std::string MissingSchemaMessage(const PlanContext& ctx, std::string_view provider, const std::string& what);
// Only that a --schemas file given is a valid schemas file (for --summary,
// which reads no schemas).
Status CheckSchemasFile(PlanContext* ctx);
Status PrepareRelevantAttributes(PlanContext* ctx);
Status PrepareActions(PlanContext* ctx);

}  // namespace tfstream::pipeline
