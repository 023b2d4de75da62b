#include "stream/resource_change.h"

#include "stream/json_scanner.h"

namespace tfstream::stream {
namespace {

Status StringField(const JsonValue* obj, std::string_view name, uint64_t offset, std::string_view* out) {
  const JsonValue* v = nullptr;
  *out = {};
  if (!FindField(obj, name, &v) || v == nullptr) return Status::Ok();
  if (!v->IsString()) return Status::Error("expected a string for \"" + std::string(name) + "\"", offset);
  *out = v->text();
  return Status::Ok();
}

}  // namespace

std::string_view RawMember(std::string_view raw, std::string_view name) {
  JsonScanner s(raw);
  if (!s.BeginObject("{")) return {};
  bool first = true;
  std::string key;
  std::string_view found;
  while (s.NextMember(&first, &key)) {
    s.SkipWhitespace();
    size_t begin = s.pos();
    if (!s.SkipValue()) return {};
    if (KeyIsField(key, name)) found = raw.substr(begin, s.pos() - begin);
  }
  return found;
}

std::string_view ResourceChange::IndexRaw() const { return RawMember(text, "index"); }

Status ExtractResourceChange(const JsonValue* tree, std::string_view raw, uint64_t offset,
                             ResourceChange* out) {
  *out = ResourceChange{};
  out->text = raw;
  if (tree == nullptr) return Status::Ok();
  if (!tree->IsObject()) return Status::Error("expected an object for a resource change", offset);
  struct {
    const char* name;
    std::string_view* field;
  } strings[] = {{"address", &out->address},         {"previous_address", &out->previous_address},
                 {"module_address", &out->module_address}, {"mode", &out->mode},
                 {"type", &out->type},               {"name", &out->name},
                 {"provider_name", &out->provider_name}, {"deposed", &out->deposed},
                 {"action_reason", &out->action_reason}};
  for (auto& f : strings) {
    Status s = StringField(tree, f.name, offset, f.field);
    if (!s.ok()) return s;
  }
  const JsonValue* index = nullptr;
  if (FindField(tree, "index", &index)) {
    out->has_index = true;
    out->index = index;
  }
  const JsonValue* change = nullptr;
  FindField(tree, "change", &change);
  if (change != nullptr && !change->IsObject()) return Status::Error("expected an object for \"change\"", offset);
  const JsonValue* actions = nullptr;
  if (FindField(change, "actions", &actions) && actions != nullptr) {
    if (!actions->IsArray()) return Status::Error("expected an array for \"actions\"", offset);
    for (size_t i = 0; i < actions->size; ++i) {
      const JsonValue* a = actions->items[i];
      if (a != nullptr && !a->IsString()) return Status::Error("expected strings in \"actions\"", offset);
      out->actions.emplace_back(a ? a->text() : std::string_view());
    }
  }
  if (!PlanActionFromList(out->actions, &out->action)) {
    return Status::Error("resource change \"" + std::string(out->address) + "\" has an unrecognized action list",
                         offset);
  }
  FindField(change, "before", &out->before);
  FindField(change, "after", &out->after);
  FindField(change, "after_unknown", &out->after_unknown);
  FindField(change, "before_sensitive", &out->before_sensitive);
  FindField(change, "after_sensitive", &out->after_sensitive);
  FindField(change, "replace_paths", &out->replace_paths);
  const JsonValue* importing = nullptr;
  if (FindField(change, "importing", &importing) && importing != nullptr) {
    if (!importing->IsObject()) return Status::Error("expected an object for \"importing\"", offset);
    out->importing = true;
    Status s = StringField(importing, "id", offset, &out->importing_id);
    if (!s.ok()) return s;
  }
  return StringField(change, "generated_config", offset, &out->generated_config);
}

}  // namespace tfstream::stream
