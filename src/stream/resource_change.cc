// Decoding follows encoding/json into jsonplan.ResourceChange: members are
// taken in document order, each key naming a field case-insensitively
// (KeyIsField), so with repeated keys the last one counts; null leaves a
// string or a struct as it was and clears a pointer, a slice or a raw value;
// a repeated "change" (a struct) or "importing" (a pointer to one) adds to
// what the earlier ones set. stream::ScanResourceFacts reads the same fields
// the same way, so the pre-scan's counts and the blocks always agree.
#include "stream/resource_change.h"

#include "stream/json_scanner.h"

namespace tfstream::stream {
namespace {

// A string field: a string replaces it, null leaves it.
Status SetString(const JsonValue* v, std::string_view name, uint64_t offset, std::string_view* out) {
  if (v == nullptr) return Status::Ok();
  if (!v->IsString()) return Status::Error("expected a string for \"" + std::string(name) + "\"", offset);
  *out = v->text();
  return Status::Ok();
}

// A bool field nothing here reads, whose JSON type Go's decoder still checks.
Status CheckBool(const JsonValue* v, std::string_view name, uint64_t offset) {
  if (v == nullptr || v->IsBool()) return Status::Ok();
  return Status::Error("expected true or false for \"" + std::string(name) + "\"", offset);
}

// Go's decoding of one or more jsonplan.ResourceChange objects into the same
// struct value.
class ResourceChangeDecoder {
 public:
  ResourceChangeDecoder(uint64_t offset, const Flavor& flavor, ResourceChange* out)
      : offset_(offset), unknown_flags_(flavor.decodes_unknown_flags), out_(out) {}

  // Decodes the members of one object (REQUIRES: an object), in document
  // order. Returns whether it held an "index" member.
  Status Object(const JsonValue* object, bool* has_index) {
    *has_index = false;
    Status s;
    ForEachMemberInOrder(object, [&](const JsonMember& m) {
      if (s.ok()) s = Member(m, has_index);
    });
    return s;
  }

  // Decodes the members of a jsonplan.Change object (REQUIRES: an object).
  Status ChangeObject(const JsonValue* change) {
    Status s;
    ForEachMemberInOrder(change, [&](const JsonMember& c) {
      if (s.ok()) s = ChangeMember(c);
    });
    return s;
  }

  // The actions, once every object is decoded.
  void Finish() {
    out_->actions.assign(actions_.begin(), actions_.begin() + static_cast<ptrdiff_t>(actions_len_));
  }

 private:
  Status Member(const JsonMember& m, bool* has_index) {
    static constexpr struct {
      const char* name;
      std::string_view ResourceChange::*field;
    } kStrings[] = {{"address", &ResourceChange::address},
                    {"previous_address", &ResourceChange::previous_address},
                    {"module_address", &ResourceChange::module_address},
                    {"mode", &ResourceChange::mode},
                    {"type", &ResourceChange::type},
                    {"name", &ResourceChange::name},
                    {"provider_name", &ResourceChange::provider_name},
                    {"deposed", &ResourceChange::deposed},
                    {"action_reason", &ResourceChange::action_reason}};
    const FieldKey key(m.key);  // folded once for the whole chain
    for (const auto& f : kStrings) {
      if (key.Is(f.name)) return SetString(m.value, f.name, offset_, &(out_->*f.field));
    }
    if (key.Is("index_unknown")) return unknown_flags_ ? CheckBool(m.value, "index_unknown", offset_) : Status::Ok();
    if (key.Is("index")) {
      out_->has_index = true;
      out_->index = m.value;
      *has_index = true;
      return Status::Ok();
    }
    if (key.Is("change")) {
      if (m.value == nullptr) return Status::Ok();
      if (!m.value->IsObject()) return Status::Error("expected an object for \"change\"", offset_);
      return ChangeObject(m.value);
    }
    return Status::Ok();
  }

  Status ChangeMember(const JsonMember& m) {
    const JsonValue* v = m.value;
    const FieldKey key(m.key);
    if (key.Is("actions")) return Actions(v);
    static constexpr struct {
      const char* name;
      const JsonValue* ResourceChange::*field;
    } kRaw[] = {{"before", &ResourceChange::before},
                {"after", &ResourceChange::after},
                {"after_unknown", &ResourceChange::after_unknown},
                {"before_sensitive", &ResourceChange::before_sensitive},
                {"after_sensitive", &ResourceChange::after_sensitive},
                {"replace_paths", &ResourceChange::replace_paths}};
    for (const auto& f : kRaw) {
      if (key.Is(f.name)) {
        out_->*f.field = v;  // json.RawMessage: replaced whole, null included
        return Status::Ok();
      }
    }
    if (key.Is("importing")) {
      if (v == nullptr) {  // a nil *Importing
        out_->importing = false;
        out_->importing_id = {};
        return Status::Ok();
      }
      if (!v->IsObject()) return Status::Error("expected an object for \"importing\"", offset_);
      out_->importing = true;
      Status s;
      ForEachMemberInOrder(v, [&](const JsonMember& i) {
        if (!s.ok()) return;
        if (KeyIsField(i.key, "id")) s = SetString(i.value, "id", offset_, &out_->importing_id);
        if (unknown_flags_ && KeyIsField(i.key, "unknown")) s = CheckBool(i.value, "unknown", offset_);
      });
      return s;
    }
    if (key.Is("generated_config")) {
      return SetString(v, "generated_config", offset_, &out_->generated_config);
    }
    return Status::Ok();
  }

  // A []string decoded into the slice already there: the array's elements
  // overwrite the backing array's in place (a null element keeps what was
  // there, or "" past its end), then the length is the array's; null or []
  // leaves an empty slice with a new backing array.
  Status Actions(const JsonValue* v) {
    if (v != nullptr && !v->IsArray()) return Status::Error("expected an array for \"actions\"", offset_);
    size_t n = v == nullptr ? 0 : v->size;
    for (size_t i = 0; i < n; ++i) {
      const JsonValue* a = v->items[i];
      if (a != nullptr && !a->IsString()) return Status::Error("expected strings in \"actions\"", offset_);
      if (i == actions_.size()) actions_.emplace_back();
      if (a != nullptr) actions_[i] = a->text();
    }
    actions_len_ = n;
    if (n == 0) actions_.clear();
    return Status::Ok();
  }

  uint64_t offset_;
  bool unknown_flags_;  // Flavor::decodes_unknown_flags
  ResourceChange* out_;
  std::vector<std::string_view> actions_;  // the slice's backing array
  size_t actions_len_ = 0;
};

}  // namespace

Status ResolveAction(ResourceChange* out, uint64_t offset) {
  if (!PlanActionFromList(out->actions, &out->action)) {
    return Status::Error("resource change \"" + std::string(out->address) + "\" has an unrecognized action list",
                         offset);
  }
  return Status::Ok();
}

std::vector<std::string_view> RawMembers(std::string_view raw, std::string_view name) {
  std::vector<std::string_view> found;
  JsonScanner s(raw);
  if (!s.BeginObject("{")) return found;
  bool first = true;
  std::string key;
  while (s.NextMember(&first, &key)) {
    s.SkipWhitespace();
    size_t begin = s.pos();
    if (!s.SkipValue()) return found;
    if (KeyIsField(key, name)) found.push_back(raw.substr(begin, s.pos() - begin));
  }
  return found;
}

std::string_view RawMember(std::string_view raw, std::string_view name) {
  std::vector<std::string_view> found = RawMembers(raw, name);
  return found.empty() ? std::string_view() : found.back();
}

std::string_view ResourceChange::IndexRaw() const { return RawMember(text, "index"); }

std::string_view ResourceChange::ImportingIdentityRaw() const {
  // Every "change" decodes into the one struct, every "importing" into the
  // one pointer (null clears it); the last "identity" is kept.
  std::string_view identity;
  for (std::string_view change : RawMembers(text, "change")) {
    if (!change.starts_with('{')) continue;
    for (std::string_view importing : RawMembers(change, "importing")) {
      if (!importing.starts_with('{')) {
        identity = {};
        continue;
      }
      for (std::string_view id : RawMembers(importing, "identity")) identity = id;
    }
  }
  return identity;
}

Status ExtractResourceChange(const JsonValue* tree, std::string_view raw, uint64_t offset, const Flavor& flavor,
                             ResourceChange* out, bool resolve_action) {
  *out = ResourceChange{};
  out->text = raw;
  if (tree != nullptr && !tree->IsObject()) return Status::Error("expected an object for a resource change", offset);
  if (tree == nullptr) return Status::Ok();
  ResourceChangeDecoder decoder(offset, flavor, out);
  bool has_index;
  Status s = decoder.Object(tree, &has_index);
  if (!s.ok()) return s;
  decoder.Finish();
  return resolve_action ? ResolveAction(out, offset) : Status::Ok();
}

Status ExtractChange(const JsonValue* tree, uint64_t offset, const Flavor& flavor, ResourceChange* out) {
  *out = ResourceChange{};
  if (tree == nullptr) return Status::Ok();
  if (!tree->IsObject()) return Status::Error("expected an object for a change", offset);
  ResourceChangeDecoder decoder(offset, flavor, out);
  Status s = decoder.ChangeObject(tree);
  if (s.ok()) decoder.Finish();
  return s;
}

Status ExtractDeferredResourceChange(const JsonValue* tree, std::string_view raw, uint64_t offset,
                                     ResourceChange* out, std::string_view* reason) {
  *out = ResourceChange{};
  *reason = {};
  if (tree != nullptr && !tree->IsObject()) return Status::Error("expected an object for a deferred change", offset);
  // The "resource_change" values' texts, in the same order as the tree's.
  std::vector<std::string_view> texts = RawMembers(raw, "resource_change");
  ResourceChangeDecoder decoder(offset, TerraformFlavor(), out);
  size_t k = 0;
  bool any = false;
  Status s;
  ForEachMemberInOrder(tree, [&](const JsonMember& m) {
    if (!s.ok()) return;
    if (KeyIsField(m.key, "reason")) {
      s = SetString(m.value, "reason", offset, reason);
    } else if (KeyIsField(m.key, "resource_change")) {
      std::string_view text = k < texts.size() ? texts[k] : std::string_view();
      ++k;
      if (m.value == nullptr) return;  // a struct: null leaves it
      if (!m.value->IsObject()) {
        s = Status::Error("expected an object for \"resource_change\"", offset);
        return;
      }
      bool has_index;
      s = decoder.Object(m.value, &has_index);
      if (has_index) out->text = text;  // IndexRaw() finds the last index there
      any = true;
    }
  });
  if (!s.ok() || !any) return s;
  decoder.Finish();
  return ResolveAction(out, offset);
}

}  // namespace tfstream::stream
