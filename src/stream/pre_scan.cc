// Field names match as Go's encoding/json matches object keys to struct fields
// (KeyIsField: case-insensitively, with Go's folding; each key is folded once,
// FieldKey, and then compared with each name); members are read in
// document order, so of repeated keys the last one counts, with Go's rules
// for null and for what a repeated struct keeps (resource_change.cc reads a
// resource change the same way).
#include "stream/pre_scan.h"

#include "stream/json_value.h"
#include "stream/structural_skip.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>

namespace tfstream::stream {
namespace {

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
bool RecordRange(JsonScanner* s, char open, const char* field, ByteRange* out) {
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
  if (!s->SkipValue(1)) return false;
  *out = ByteRange{at, s->pos(), true};
  return true;
}

// As RecordRange, but a container is passed over by structure alone and
// left to ValidateDeferred (resource_drift: a plan's second largest section,
// whose elements are validated again by yajl when they render).
bool RecordRangeByStructure(JsonScanner* s, char open, const char* field, ByteRange* out, PlanFacts* facts) {
  if (s->Peek() != open) return RecordRange(s, open, field, out);  // null, or the type error
  size_t at = s->pos();
  if (!s->TrySkipStructurally(1)) return RecordRange(s, open, field, out);  // let validation say why
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

bool ScanTrigger(JsonScanner* s, int depth, bool lifecycle, ActionInvocationFacts* out) {
  if (IsNullNext(s)) return s->SkipValue(depth);
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

bool ScanResourceChanges(JsonScanner* s, PlanFacts* facts, const ChangeHooks* hooks, ValueSkip skip) {
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
  const ChangeFilter* filter = hooks != nullptr ? hooks->filter : nullptr;
  bool first = true;
  ResourceFacts rf;
  // The schema the previous element needed: neighbours mostly share one.
  const SchemaKey* last_schema = nullptr;
  while (s->NextElement(&first)) {
    size_t element_at = s->pos();
    rf.Clear();
    if (!ScanResourceFacts(s, 2, &rf, skip)) return false;
    ++facts->resource_change_count;
    PlanAction action;
    if (!PlanActionFromList(rf.actions, &action)) {
      std::string list;
      for (const std::string& a : rf.actions) list += (list.empty() ? "" : ", ") + a;
      return s->FailAt(element_at, "resource change \"" + rf.address + "\" has an unrecognized action list [" +
                                       list + "]");
    }
    if (rf.mode != "managed" && rf.mode != "data") {
      return s->FailAt(element_at, "resource change \"" + rf.address + "\" has an unrecognized resource mode \"" +
                                       rf.mode + "\"");
    }
    const SchemaKey::Ref schema{rf.provider_name, rf.mode == "data", rf.type};
    if (last_schema == nullptr || last_schema->data != schema.data || last_schema->type != schema.type ||
        last_schema->provider != schema.provider) {
      auto it = facts->needed_schemas.find(schema);
      if (it == facts->needed_schemas.end()) {
        SchemaKey key{rf.provider_name, schema.data, rf.type};
        it = facts->needed_schemas.emplace(std::move(key), SchemaUse{rf.address, s->offset() - s->pos() + element_at})
                 .first;
      }
      last_schema = &it->first;
    }
    if (!IsPrintedChange(action, rf.Moved(), rf.importing, rf.mode == "managed")) continue;
    ++facts->shown_changes;
    if (rf.importing) ++facts->importing;
    if (action != PlanAction::kNoOp) ++facts->counts[static_cast<size_t>(action)];
    if (filter != nullptr && !filter->Matches(rf, action)) {
      ++facts->filtered_out;
      continue;
    }
    ++facts->filtered_counts[static_cast<size_t>(action)];
    if (action != PlanAction::kNoOp) facts->will_print_resource_changes = true;
    if (hooks != nullptr && hooks->on_shown) hooks->on_shown(rf, action);
  }
  if (!s->ok()) return false;
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
                   const ChangeHooks* hooks, bool defer);

}  // namespace

Status PreScan(std::string_view doc, PlanFacts* facts, const std::function<void(uint64_t)>& done_before,
               const ChangeHooks* hooks) {
  Status s = PreScanPass(doc, facts, done_before, hooks, /*defer=*/true);
  if (s.ok() || (facts->deferred_validation.empty() && !facts->changes_skipped_by_structure)) return s;
  // A skip by structure alone can misplace an error in broken JSON: scan
  // again, validating everything, to report the first real problem.
  *facts = PlanFacts{};
  Status full = PreScanPass(doc, facts, done_before, hooks, /*defer=*/false);
  return full.ok() ? s : full;
}

namespace {

Status PreScanPass(std::string_view doc, PlanFacts* facts, const std::function<void(uint64_t)>& done_before,
                   const ChangeHooks* hooks, bool defer) {
  JsonScanner s(doc);
  if (done_before) s.OnProgress(8 << 20, done_before);
  if (s.Peek() != '{') {
    s.Fail("expected '{' at the start of the plan, found " + DescribeByte(doc, s.pos()));
    return s.status();
  }
  s.BeginObject("'{'");
  bool first = true;
  std::string_view raw_key;
  bool has_format_version = false;
  while (s.NextKey(&first, &raw_key)) {
    const FieldKey key(raw_key);
    bool ok = true;
    if (key.Is("resource_changes")) {
      ValueSkip skip = defer ? ValueSkip::kByStructure : ValueSkip::kValidate;
      ok = ScanResourceChanges(&s, facts, hooks, skip);
      facts->changes_skipped_by_structure = skip == ValueSkip::kByStructure;
    } else if (key.Is("resource_drift")) {
      ok = defer ? RecordRangeByStructure(&s, '[', "resource_drift", &facts->resource_drift, facts)
                 : RecordRange(&s, '[', "resource_drift", &facts->resource_drift);
    } else if (key.Is("output_changes")) {
      ok = RecordRange(&s, '{', "output_changes", &facts->output_changes);
    } else if (key.Is("deferred_changes")) {
      ok = RecordRange(&s, '[', "deferred_changes", &facts->deferred_changes);
    } else if (key.Is("relevant_attributes")) {
      ok = RecordRange(&s, '[', "relevant_attributes", &facts->relevant_attributes);
    } else if (key.Is("provider_schemas")) {
      ok = RecordRange(&s, '{', "provider_schemas", &facts->provider_schemas);
    } else if (key.Is("action_invocations")) {
      ok = ScanActionInvocations(&s, facts);
    } else if (key.Is("plan_format_version")) {
      facts->has_plan_format_version = true;
      ok = ReadStringField(&s, "plan_format_version", &facts->plan_format_version);
    } else if (key.Is("provider_format_version")) {
      facts->has_provider_format_version = true;
      ok = ReadStringField(&s, "provider_format_version", &facts->provider_format_version);
    } else if (key.Is("format_version")) {
      has_format_version = true;
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
      if (defer && value_start && s.SkipStructurally(1) && s.pos() > begin && s.pos() < doc.size()) {
        facts->deferred_validation.push_back(ByteRange{begin, s.pos(), true});
      } else {
        // Not a value at all, or one that never ends: let the validating
        // skip say why.
        s = JsonScanner(doc);
        if (done_before) s.OnProgress(8 << 20, done_before);
        s.Seek(begin);
        ok = s.SkipValue(1);
      }
    }
    if (!ok) return s.status();
  }
  if (!s.ok()) return s.status();
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
