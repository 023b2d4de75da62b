// Field names match as Go's encoding/json matches object keys to struct fields
// (KeyIsField: case-insensitively, with Go's folding; each key is folded once,
// FieldKey, and then compared with each name); members are read in
// document order, so of repeated keys the last one counts, with Go's rules
// for null and for what a repeated struct keeps (resource_change.cc reads a
// resource change the same way).
#include "stream/pre_scan_elements.h"

#include <cerrno>
#include <cstdlib>
#include <string_view>
#include <vector>

#include "stream/json_value.h"

namespace tfstream::stream {
namespace {

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

// index_unknown, importing.unknown: a bool in Terraform's structs, absent
// from OpenTofu's. A value of another type is recorded in `error` (the
// first one) and passed over, for the flavour to judge.
bool CheckUnknownFlag(JsonScanner* s, const char* field, int outer_depth, ValueSkip skip, Status* error) {
  const char c = s->Peek();
  if (c == 't' || c == 'f' || c == 'n') return s->SkipValue(outer_depth);
  if (error->ok()) {
    *error = Status::Error(std::string("expected true or false for \"") + field + "\", found " +
                               DescribeByte(s->text(), s->pos()),
                           s->offset());
  }
  return SkipUnread(s, outer_depth, skip);
}

bool ScanImporting(JsonScanner* s, int depth, ValueSkip skip, Status* unknown_flag_error) {
  if (!s->BeginObject("an object for \"importing\"")) return false;
  bool first = true;
  std::string_view raw_key;
  while (s->NextKey(&first, &raw_key)) {
    const FieldKey key(raw_key);
    if (key.Is("id")) {
      if (!CheckStringField(s, "id")) return false;
    } else if (key.Is("unknown")) {
      if (!CheckUnknownFlag(s, "unknown", depth + 1, skip, unknown_flag_error)) return false;
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
      } else if (!ScanImporting(s, depth + 1, skip, &out->unknown_flag_error)) {
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
    } else if (lifecycle && key.Is("on_failure")) {
      ok = CheckStringField(s, "on_failure");
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

// A string member an object's scan reads into a field of T.
template <typename T>
struct StringMember {
  const char* name;
  std::string T::*field;
};

// The member of `members` that `key` names, or null.
template <typename T, size_t N>
const StringMember<T>* FindStringMember(const FieldKey& key, const StringMember<T> (&members)[N]) {
  for (const StringMember<T>& m : members) {
    if (key.Is(m.name)) return &m;
  }
  return nullptr;
}

constexpr StringMember<ActionInvocationFacts> kActionStrings[] = {
    {"address", &ActionInvocationFacts::address},
    {"type", &ActionInvocationFacts::type},
    {"name", &ActionInvocationFacts::name},
    {"provider_name", &ActionInvocationFacts::provider_name},
};

constexpr StringMember<ResourceFacts> kResourceStrings[] = {
    {"address", &ResourceFacts::address},
    {"mode", &ResourceFacts::mode},
    {"type", &ResourceFacts::type},
    {"name", &ResourceFacts::name},
    {"provider_name", &ResourceFacts::provider_name},
    {"previous_address", &ResourceFacts::previous_address},
    {"deposed", &ResourceFacts::deposed},
    {"action_reason", &ResourceFacts::action_reason},
};

}  // namespace

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
    if (const auto* m = FindStringMember(key, kActionStrings)) {
      ok = ReadStringField(s, m->name, &(out->*m->field));
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

namespace {

// A change of mode "ephemeral", which only OpenTofu 1.11 writes (with the
// action list ["open"]) and only its renderer takes: not counted and never
// shown whatever the flavour, since every other profile refuses the mode
// once it is settled (pipeline/flavor_choice.h, first_ephemeral).
bool ScanEphemeralChange(JsonScanner* s, size_t element_at, const ResourceFacts& rf, PlanFacts* facts) {
  PlanAction action;
  if (!IsOpenActionList(rf.actions) && !PlanActionFromList(rf.actions, &action)) {
    std::string list;
    for (const std::string& a : rf.actions) list += (list.empty() ? "" : ", ") + a;
    return s->FailAt(element_at, "resource change \"" + rf.address + "\" has an unrecognized action list [" + list +
                                     "]");
  }
  if (!facts->first_ephemeral.found) {
    facts->first_ephemeral = PlanFacts::FlavorOnlyAction{true, rf.address, s->offset() - s->pos() + element_at};
  }
  return true;
}

}  // namespace

bool ScanChangeElement(JsonScanner* s, size_t element_at, PlanFacts* facts, const ChangeHooks* hooks,
                       ValueSkip skip, ResourceFacts* rf, const SchemaKey** last_schema) {
  rf->Clear();
  rf->read_details = hooks != nullptr && hooks->read_details;
  if (!ScanResourceFacts(s, 2, rf, skip)) return false;
  if (!rf->unknown_flag_error.ok() && facts->unknown_flag_error.ok()) facts->unknown_flag_error = rf->unknown_flag_error;
  ++facts->resource_change_count;
  PlanAction action;
  if (rf->mode == "ephemeral") return ScanEphemeralChange(s, element_at, *rf, facts);
  if (!PlanActionFromList(rf->actions, &action)) {
    std::string list;
    for (const std::string& a : rf->actions) list += (list.empty() ? "" : ", ") + a;
    return s->FailAt(element_at, "resource change \"" + rf->address + "\" has an unrecognized action list [" +
                                     list + "]");
  }
  if (action == PlanAction::kForgetThenCreate || rf->provider_name.starts_with(kOpenTofuRegistryPrefix) ||
      IsOpenTofuOnlyReason(rf->action_reason)) {
    facts->opentofu_sign = true;
  }
  PlanFacts::FlavorOnlyAction* only = action == PlanAction::kCreateThenForget   ? &facts->first_create_then_forget
                                      : action == PlanAction::kForgetThenCreate ? &facts->first_forget_then_create
                                      : action == PlanAction::kForget           ? &facts->first_forget
                                                                                : nullptr;
  if (only != nullptr && !only->found) {
    *only = PlanFacts::FlavorOnlyAction{true, rf->address, s->offset() - s->pos() + element_at};
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
  if (!IsPrintedChange(action, *rf)) {
    if (action == PlanAction::kDelete) ++facts->unprinted_deletes;
    return true;
  }
  ++facts->shown_changes;
  if (rf->importing) ++facts->importing;
  if (action != PlanAction::kNoOp) ++facts->counts[static_cast<size_t>(action)];
  if ((action == PlanAction::kDelete || action == PlanAction::kDeleteThenCreate ||
       action == PlanAction::kCreateThenDelete) &&
      facts->first_destroys.size() < PlanFacts::kFirstDestroys) {
    facts->first_destroys.push_back(s->offset() - s->pos() + element_at);
  }
  const ChangeFilter* filter = hooks != nullptr ? hooks->filter : nullptr;
  if (filter != nullptr && !filter->Matches(*rf, action)) {
    ++facts->filtered_out;
    if (filter->MatchesInModules(*rf, action)) ++facts->filtered_out_in_modules;
    return true;
  }
  ++facts->filtered_counts[static_cast<size_t>(action)];
  if (action != PlanAction::kNoOp) facts->will_print_resource_changes = true;
  if (hooks != nullptr && hooks->on_shown) hooks->on_shown(*rf, action);
  return true;
}

void ResourceFacts::Clear() {
  for (std::string* f : {&address, &mode, &type, &name, &provider_name, &previous_address, &deposed,
                         &action_reason, &module_address, &index}) {
    f->clear();
  }
  actions.clear();
  actions_spare.clear();
  has_actions = false;
  importing = false;
  unknown_flag_error = Status::Ok();
}

bool ScanResourceFacts(JsonScanner* s, int depth, ResourceFacts* out, ValueSkip skip) {
  if (IsNullNext(s)) return s->SkipValue(depth);
  if (!s->BeginObject("an object for a resource change")) return false;
  bool first = true;
  std::string_view raw_key;
  while (s->NextKey(&first, &raw_key)) {
    const FieldKey key(raw_key);
    bool ok = true;
    if (const auto* m = FindStringMember(key, kResourceStrings)) {
      ok = ReadStringField(s, m->name, &(out->*m->field));
    } else if (key.Is("module_address")) {
      ok = out->read_details ? ReadStringField(s, "module_address", &out->module_address)
                             : CheckStringField(s, "module_address");
    } else if (key.Is("index_unknown")) {
      ok = CheckUnknownFlag(s, "index_unknown", depth + 1, skip, &out->unknown_flag_error);
    } else if (out->read_details && key.Is("index")) {
      // Kept as written (a json.RawMessage in Terraform), the last one counting.
      s->Peek();
      size_t at = s->pos();
      ok = SkipUnread(s, depth + 1, skip);
      if (ok) out->index.assign(s->text().substr(at, s->pos() - at));
    } else if (key.Is("change")) {
      ok = ScanChangeFacts(s, depth + 1, out, skip);
    } else {
      ok = SkipUnread(s, depth + 1, skip);
    }
    if (!ok) return false;
  }
  return s->ok();
}

}  // namespace tfstream::stream
