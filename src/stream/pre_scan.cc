// The pre-scan's pass over the top-level object: which members it reads,
// skips or records, and resource_changes, which it tallies element by element
// (pre_scan_elements.h) and may share with a second thread (pre_scan_split.h).
#include "stream/pre_scan.h"

#include <algorithm>
#include <atomic>
#include <initializer_list>
#include <string>
#include <vector>

#include "stream/json_value.h"
#include "stream/pre_scan_elements.h"
#include "stream/pre_scan_run.h"
#include "stream/pre_scan_split.h"
#include "stream/structural_skip.h"

namespace tfstream::stream {
namespace {

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

// A string member of tfstream's own (PlanFacts::tfstream_quality, ...):
// one of `allowed`, or null.
bool ReadBundleMember(JsonScanner* s, const char* field, std::initializer_list<std::string_view> allowed,
                      std::string* out) {
  const char c = s->Peek();
  const size_t at = s->pos();
  if (!ReadStringField(s, field, out)) return false;
  if (c == 'n' || std::find(allowed.begin(), allowed.end(), *out) != allowed.end()) return true;
  std::string list;
  for (std::string_view a : allowed) list += std::string(list.empty() ? "" : ", ") + "\"" + std::string(a) + "\"";
  return s->FailAt(at, std::string("\"") + field + "\" must be one of " + list + ", not \"" + *out + "\"");
}

bool ScanResourceChanges(JsonScanner* s, PlanFacts* facts, ScanRun& run, ValueSkip skip) {
  const ChangeHooks* hooks = run.hooks;
  size_t at = s->pos();
  // A repeated key replaces the earlier array, null included. An earlier
  // array skipped by structure is never rendered, so nothing else would
  // validate it: it joins the deferred sections.
  if (facts->resource_changes.present && facts->changes_skipped_by_structure) {
    facts->deferred_validation.push_back(facts->resource_changes);
  }
  facts->shown_changes = facts->importing = facts->resource_change_count = facts->unprinted_deletes = 0;
  facts->counts.fill(0);
  facts->filtered_counts.fill(0);
  facts->filtered_out = 0;
  facts->filtered_out_in_modules = 0;
  facts->will_print_resource_changes = false;
  facts->first_create_then_forget = facts->first_forget_then_create = facts->first_forget = {};
  facts->first_ephemeral = {};
  facts->first_destroys.clear();
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
  SettleSplit(run);
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

// Skips the value at `begin` as a member nothing reads: validated now.
bool SkipUnread(JsonScanner* s, const ScanRun& run, size_t begin) {
  *s = JsonScanner(run.doc);
  if (run.progress) s->OnProgress(8 << 20, run.progress);
  s->Seek(begin);
  return s->SkipValue(1);
}

// A section only Terraform reads, read by `read` as run.terraform_only says.
template <typename Read, typename Absent>
bool ScanTerraformOnly(JsonScanner* s, const ScanRun& run, Status* error, Read read, Absent absent) {
  s->SkipWhitespace();
  const size_t begin = s->pos();
  switch (run.terraform_only) {
    case TerraformOnlySections::kRead:
      return read();
    case TerraformOnlySections::kIgnored:
      return SkipUnread(s, run, begin);
    case TerraformOnlySections::kUndecided:
      break;
  }
  if (read()) return true;
  if (error->ok()) *error = s->status();  // the first, as kRead would stop there
  absent();
  return SkipUnread(s, run, begin);
}

// The members `terraform show -json PLANFILE` always writes (planned_values
// since format 0.1: a struct, which omitempty never drops) or that only a plan
// has, in either shape: a state has "values" and a schemas document
// "provider_schemas" (the renderer's shape is told by plan_format_version).
constexpr const char* kPlanSections[] = {
    "planned_values",     "resource_changes",    "resource_drift",      "output_changes",
    "prior_state",        "configuration",       "deferred_changes",    "action_invocations",
    "relevant_attributes", "plan_format_version", "provider_format_version",
};

}  // namespace

void NoteDocumentMember(const FieldKey& key, DocumentMembers* m) {
  ++m->count;
  if (key.Is("values")) {
    m->state_values = true;
  } else if (key.Is("format_version")) {
    m->format_version = true;
  } else if (key.Is("provider_schemas")) {
    m->provider_schemas = true;
  } else if (key.Is("terraform_version")) {
    ++m->terraform_version;
  } else {
    if (key.Is("state_format_version") || key.Is("root_module") || key.Is("root") || key.Is("root_module_outputs")) {
      m->renderer_state = true;
    }
    for (const char* name : kPlanSections) {
      if (key.Is(name)) {
        m->plan_section = true;
        ++m->plan_sections;
        if (std::string_view(name) == "provider_format_version") ++m->provider_format_versions;
        break;
      }
    }
  }
}


bool IsPlanSectionKey(std::string_view key) {
  const FieldKey folded(key);
  for (const char* name : kPlanSections) {
    if (folded.Is(name)) return true;
  }
  return false;
}

Status ScanMembers(JsonScanner& s, PlanFacts* facts, bool first, ScanRun& run, bool* has_format_version) {
  const std::string_view doc = run.doc;
  const bool defer = run.defer;
  std::string_view raw_key;
  while (s.NextKey(&first, &raw_key)) {
    if (run.cancel != nullptr && run.cancel->load(std::memory_order_relaxed)) return Status::Error("cancelled");
    const FieldKey key(raw_key);
    bool ok = true;
    NoteDocumentMember(key, &facts->members);
    if (key.Is("applyable") || key.Is("complete")) facts->has_applyable_or_complete = true;
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
      ok = ScanTerraformOnly(
          &s, run, &facts->deferred_changes_error,
          [&] { return RecordRange(&s, run, '[', "deferred_changes", &facts->deferred_changes); },
          [&] { facts->deferred_changes = ByteRange{}; });
    } else if (key.Is("relevant_attributes")) {
      ok = RecordRange(&s, run, '[', "relevant_attributes", &facts->relevant_attributes);
    } else if (key.Is("provider_schemas")) {
      ok = RecordRange(&s, run, '{', "provider_schemas", &facts->provider_schemas);
      if (ok) AddMapObject(facts->provider_schemas, &facts->provider_schemas_objects);
    } else if (key.Is("action_invocations")) {
      ok = ScanTerraformOnly(
          &s, run, &facts->action_invocations_error, [&] { return ScanActionInvocations(&s, facts); },
          [&] {
            facts->actions.clear();
            facts->action_invocations = ByteRange{};
          });
    } else if (key.Is("plan_format_version")) {
      facts->has_plan_format_version = true;
      ok = ReadStringField(&s, "plan_format_version", &facts->plan_format_version);
    } else if (key.Is("provider_format_version")) {
      facts->has_provider_format_version = true;
      ok = ReadStringField(&s, "provider_format_version", &facts->provider_format_version);
    } else if (key.Is("format_version")) {
      *has_format_version = true;
      ok = ReadStringField(&s, "format_version", &facts->format_version);
    } else if (key.Is("terraform_version")) {
      // Read whatever it holds: a version that is no string is only a note
      // (pipeline/release_choice.h), never an error.
      const char c = s.Peek();
      const size_t begin = s.pos();
      facts->has_terraform_version = c != 'n';
      facts->terraform_version_is_string = c == '"';
      facts->terraform_version.clear();
      ok = c == '"' ? s.ReadString(&facts->terraform_version) : SkipUnread(&s, run, begin);
    } else if (key.Is("errored")) {
      ok = ReadBoolField(&s, "errored", &facts->errored);
    } else if (key.Is("applyable")) {
      ok = ReadBoolField(&s, "applyable", &facts->applyable);
    } else if (key.Is("tfstream_quality")) {
      ok = ReadBundleMember(&s, "tfstream_quality", {"errored", "no-changes", "none"}, &facts->tfstream_quality);
    } else if (key.Is("tfstream_flavor")) {
      ok = ReadBundleMember(&s, "tfstream_flavor", {"terraform", "opentofu"}, &facts->tfstream_flavor);
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
        ok = SkipUnread(&s, run, begin);
      }
    }
    if (!ok) return s.status();
  }
  return s.status();
}

namespace {

Status PreScanPass(std::string_view doc, PlanFacts* facts, const std::function<void(uint64_t)>& done_before,
                   const ChangeHooks* hooks, bool defer, PreScanSplit* split, TerraformOnlySections terraform_only) {
  ScanRun run;
  run.terraform_only = terraform_only;
  run.doc = doc;
  run.progress = done_before;
  run.hooks = hooks;
  run.defer = defer;
  run.split = split;
  JsonScanner s(doc);
  if (run.progress) s.OnProgress(8 << 20, run.progress);
  bool has_format_version = false;
  if (s.Peek() == 'n') {
    // Go decodes null into the plan's struct as nothing at all; it is no
    // plan all the same (pipeline/not_a_plan.h).
    facts->members.null_document = true;
    if (!s.SkipValue(1)) return s.status();
  } else {
    if (s.Peek() != '{') {
      s.Fail("expected '{' at the start of the plan, found " + DescribeByte(doc, s.pos()));
      return s.status();
    }
    s.BeginObject("'{'");
    Status st = ScanMembers(s, facts, /*first=*/true, run, &has_format_version);
    if (!st.ok()) {
      // Read as Terraform would, the document failed earlier.
      if (terraform_only != TerraformOnlySections::kIgnored) {
        for (const Status* first :
             {&facts->action_invocations_error, &facts->deferred_changes_error, &facts->unknown_flag_error}) {
          if (!first->ok() && first->offset() < st.offset()) st = *first;
        }
      }
      return st;
    }
  }
  if (!s.AtEnd()) {
    s.Fail("unexpected data after the end of the plan: " + DescribeByte(doc, s.pos()));
    return s.status();
  }
  bool renderer = facts->has_plan_format_version || (facts->provider_schemas.present && !has_format_version);
  facts->shape = renderer ? InputShape::kRenderer : InputShape::kShowJson;
  return Status::Ok();
}

}  // namespace

Status PreScan(std::string_view doc, PlanFacts* facts, const std::function<void(uint64_t)>& done_before,
               const ChangeHooks* hooks, PreScanSplit* split, TerraformOnlySections terraform_only) {
  if (split != nullptr) {
    split->taken_at = 0;
    split->segments_taken = 0;
  }
  Status s = PreScanPass(doc, facts, done_before, hooks, /*defer=*/true, split, terraform_only);
  if (s.ok() || (facts->deferred_validation.empty() && !facts->changes_skipped_by_structure)) return s;
  // A skip by structure alone can misplace an error in broken JSON: scan
  // again, validating everything, to report the first real problem.
  *facts = PlanFacts{};
  Status full = PreScanPass(doc, facts, done_before, hooks, /*defer=*/false, nullptr, terraform_only);
  return full.ok() ? s : full;
}

Status ValidateDeferred(std::string_view doc, const PlanFacts& facts, bool changes_validated,
                        const std::function<void(uint64_t, uint64_t)>& done_range) {
  std::vector<ByteRange> ranges = facts.deferred_validation;
  if (facts.changes_skipped_by_structure && !changes_validated && facts.resource_changes.present) {
    ranges.push_back(facts.resource_changes);
  }
  // In document order, so that the first error is the one a front-to-back
  // pass meets (a replaced resource_changes joins the list late).
  std::sort(ranges.begin(), ranges.end(), [](const ByteRange& a, const ByteRange& b) { return a.begin < b.begin; });
  for (const ByteRange& r : ranges) {
    JsonScanner s(doc.substr(0, r.end));
    s.Seek(r.begin);
    uint64_t released = r.begin;
    ReleaseBehind(&s, 8 << 20, done_range, &released);
    if (!s.SkipValue(1)) return s.status();
    if (s.pos() != r.end) {
      s.Fail("unexpected data after a value, found " + DescribeByte(doc, s.pos()));
      return s.status();
    }
    if (done_range) done_range(released, r.end);
  }
  return Status::Ok();
}

}  // namespace tfstream::stream
