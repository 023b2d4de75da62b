// Two passes over a state document: JsonScanner::SkipValue validates all of
// it (as Go checks the syntax of the whole text before decoding), and the
// walk reads the members it needs and skips the rest by structure. With a
// thread to spare they run side by side. Errors
// are located at the value that is wrong ("byte N: ...").
#include "stream/state_scan.h"

#include <system_error>
#include <thread>

#include "stream/json_value.h"

namespace tfstream::stream {
namespace {

// A Go type name for a JSON value's first byte, for "cannot decode" errors.
std::string_view Found(char c) {
  switch (c) {
    case '{': return "an object";
    case '[': return "an array";
    case '"': return "a string";
    case 't': case 'f': return "a bool";
    case 'n': return "null";
    default: return "a number";
  }
}

// The cursor is at a value: checks its kind ('{', '[', '"', 't' for a bool;
// null always passes) and says where it is not.
bool ExpectKind(JsonScanner* s, char kind, std::string_view field) {
  char c = s->Peek();
  if (c == 'n' || c == kind || (kind == 't' && c == 'f')) return true;
  std::string_view want = kind == '{' ? "an object" : kind == '[' ? "an array" : kind == '"' ? "a string" : "a bool";
  return s->Fail("expected " + std::string(want) + " for \"" + std::string(field) + "\", found " +
                 std::string(Found(c)));
}

// A string field: null leaves what an earlier key set.
bool ReadString(JsonScanner* s, std::string_view field, std::string* out) {
  if (!ExpectKind(s, '"', field)) return false;
  if (s->Peek() == 'n') return s->SkipStructurally(2);
  return s->ReadString(out);
}

bool ReadBool(JsonScanner* s, std::string_view field, bool* out) {
  if (!ExpectKind(s, 't', field)) return false;
  char c = s->Peek();
  if (c != 'n') *out = c == 't';
  return s->SkipStructurally(2);
}

// Reads the resources element at the cursor into *out and leaves the cursor
// after it: one pass over the element gives both its facts and its end. A
// null element gives empty facts.
bool ReadFactsHere(JsonScanner* s, StateResourceFacts* out) {
  out->Clear();
  if (s->Peek() == 'n') return s->SkipStructurally(3);
  if (!s->BeginObject("'{'")) return false;
  bool first = true;
  std::string_view raw_key;
  while (s->NextKey(&first, &raw_key)) {
    const FieldKey key(raw_key);
    bool ok;
    if (key.Is("address")) ok = ReadString(s, "address", &out->address);
    else if (key.Is("mode")) ok = ReadString(s, "mode", &out->mode);
    else if (key.Is("type")) ok = ReadString(s, "type", &out->type);
    else if (key.Is("name")) ok = ReadString(s, "name", &out->name);
    else if (key.Is("provider_name")) ok = ReadString(s, "provider_name", &out->provider_name);
    else if (key.Is("deposed_key")) ok = ReadString(s, "deposed_key", &out->deposed_key);
    else if (key.Is("tainted")) ok = ReadBool(s, "tainted", &out->tainted);
    else if (key.Is("values")) ok = ExpectKind(s, '{', "values") && s->SkipStructurally(3);
    else ok = s->SkipStructurally(3);
    if (!ok) return false;
  }
  return s->ok();
}

// Records the range of an array (or nothing for null) and whether it has an
// element.
bool RecordArray(JsonScanner* s, std::string_view field, ByteRange* range, bool* non_empty) {
  if (!ExpectKind(s, '[', field)) return false;
  bool null = s->Peek() == 'n';
  size_t begin = s->pos();
  if (!s->SkipStructurally(2)) return false;
  *range = null ? ByteRange{} : ByteRange{begin, s->pos(), true};
  *non_empty = false;
  if (!null) {
    JsonScanner inner(s->text(), 0);
    inner.Seek(begin + 1);
    *non_empty = inner.Peek() != ']';
  }
  return true;
}

// The fields of one module object, decoded into *m (a repeated key replaces
// the array; keys of other fields are skipped).
bool ReadModule(JsonScanner* s, StateModule* m) {
  if (!ExpectKind(s, '{', "root_module")) return false;
  if (s->Peek() == 'n') return s->SkipStructurally(2);
  if (!s->BeginObject("'{'")) return false;
  bool first = true;
  std::string_view raw_key;
  std::string ignored;
  while (s->NextKey(&first, &raw_key)) {
    const FieldKey key(raw_key);
    bool ok;
    if (key.Is("resources")) {
      ok = RecordArray(s, "resources", &m->resources, &m->has_resources);
    } else if (key.Is("child_modules")) {
      ok = RecordArray(s, "child_modules", &m->child_modules, &m->has_child_modules);
    } else if (key.Is("address")) {
      ok = ReadString(s, "address", &ignored);
    } else {
      ok = s->SkipStructurally(2);
    }
    if (!ok) return false;
  }
  return s->ok();
}

constexpr uint64_t kDropBatch = uint64_t{8} << 20;  // one madvise per 8 MiB

// Has `s` tell done_range of the bytes it passes, from `*from` on.
void ReleaseBehind(JsonScanner* s, const std::function<void(uint64_t, uint64_t)>& done_range, uint64_t* from) {
  if (!done_range) return;
  s->OnProgress(kDropBatch, [&done_range, from](uint64_t at) {
    if (at > *from) done_range(*from, at);
    *from = at;
  });
}

// What a walk calls for each resource: its element, where it starts, the
// empty lines before its block, and its facts (read only when the walk was
// asked to read them).
using ResourceVisitor = std::function<Status(std::string_view, uint64_t, int, const StateResourceFacts&)>;

// `read_facts`: read each element's facts as it is passed (always done with
// a selection, which needs them).
Status WalkModule(std::string_view doc, const StateModule& m, bool first, int depth, const ResourceVisitor& fn,
                  const StateSelection& select, bool read_facts, StateResourceFacts* rf,
                  const std::function<void(uint64_t, uint64_t)>& done_range) {
  if (depth > JsonScanner::kMaxDepth) return Status::Error("modules nested too deep", m.resources.begin);
  JsonScanner s(doc);
  uint64_t released_from = m.child_modules.begin;
  ReleaseBehind(&s, done_range, &released_from);
  int index = 0;
  if (m.resources.present) {
    s.Seek(m.resources.begin);
    released_from = m.resources.begin;
    bool at_first = true;
    if (!s.BeginArray("'['")) return s.status();
    while (s.NextElement(&at_first)) {
      s.SkipWhitespace();
      size_t begin = s.pos();
      if (s.Peek() != '{' && s.Peek() != 'n') {
        return Status::Error("expected an object for a resource, found " + std::string(Found(s.Peek())), begin);
      }
      if (read_facts || select) {
        if (!ReadFactsHere(&s, rf)) return s.status();
        if (select && !select(*rf)) continue;
      } else if (!s.SkipStructurally(3)) {
        return s.status();
      }
      Status st = fn(doc.substr(begin, s.pos() - begin), begin, first ? 0 : (index == 0 ? 2 : 1), *rf);
      if (!st.ok()) return st;
      first = false;
      ++index;
    }
    if (!s.ok()) return s.status();
  }
  if (m.child_modules.present) {
    s.Seek(m.child_modules.begin);
    released_from = m.child_modules.begin;
    bool at_first = true;
    if (!s.BeginArray("'['")) return s.status();
    while (s.NextElement(&at_first)) {
      StateModule child;
      if (s.Peek() != '{' && s.Peek() != 'n') {
        return Status::Error("expected an object for a child module, found " + std::string(Found(s.Peek())), s.pos());
      }
      const size_t child_begin = s.pos();
      released_from = child_begin;
      if (!ReadModule(&s, &child)) return s.status();
      size_t resume = s.pos();
      Status st = WalkModule(doc, child, first, depth + 1, fn, select, read_facts, rf, done_range);
      if (!st.ok()) return st;
      s.Seek(resume);
      released_from = resume;
    }
    if (!s.ok()) return s.status();
  }
  return Status::Ok();
}

// values: {"outputs": {...}, "root_module": {...}}; null leaves the struct.
bool ReadValues(JsonScanner* s, StateFacts* facts) {
  if (!ExpectKind(s, '{', "values")) return false;
  if (s->Peek() == 'n') return s->SkipStructurally(1);
  if (!s->BeginObject("'{'")) return false;
  bool first = true;
  std::string_view raw_key;
  while (s->NextKey(&first, &raw_key)) {
    const FieldKey key(raw_key);
    bool ok;
    if (key.Is("outputs")) {
      if (!ExpectKind(s, '{', "outputs")) return false;
      bool null = s->Peek() == 'n';
      size_t begin = s->pos();
      ok = s->SkipStructurally(2);
      if (ok) AddMapObject(null ? ByteRange{} : ByteRange{begin, s->pos(), true}, &facts->outputs_objects);
    } else if (key.Is("root_module")) {
      ok = ReadModule(s, &facts->root);
    } else {
      ok = s->SkipStructurally(2);
    }
    if (!ok) return false;
  }
  return s->ok();
}

}  // namespace

void StateResourceFacts::Clear() {
  address.clear();
  mode.clear();
  type.clear();
  name.clear();
  provider_name.clear();
  deposed_key.clear();
  tainted = false;
}

Status ReadStateResourceFacts(std::string_view doc, uint64_t offset, StateResourceFacts* out) {
  JsonScanner s(doc.substr(0, offset + SkipValidValue(doc.substr(offset), 0)));
  s.Seek(offset);
  ReadFactsHere(&s, out);
  return s.status();
}

namespace {

Status WalkState(std::string_view doc, StateFacts* facts, const StateResourceHook& on_resource,
                 const StateSelection& select, const std::function<void(uint64_t, uint64_t)>& done_range) {
  JsonScanner s(doc);
  uint64_t released_from = 0;
  ReleaseBehind(&s, done_range, &released_from);
  char c = s.Peek();
  if (c == 'n') {
    facts->members.null_document = true;
    return Status::Ok();  // decodes into the state as nothing
  }
  if (c != '{') return Status::Error("expected an object for the state, found " + std::string(Found(c)), s.pos());
  s.BeginObject("'{'");
  bool first = true;
  std::string_view raw_key;
  while (s.NextKey(&first, &raw_key)) {
    const FieldKey key(raw_key);
    NoteDocumentMember(key, &facts->members);
    if (key.Is("lineage") || key.Is("serial") || key.Is("resources")) facts->tfstate_member = true;
    bool ok;
    if (key.Is("format_version")) {
      facts->has_format_version = true;
      ok = ReadString(&s, "format_version", &facts->format_version);
    } else if (key.Is("values")) {
      const size_t begin = (s.SkipWhitespace(), s.pos());
      ok = ReadValues(&s, facts);
      facts->values = ByteRange{begin, s.pos(), true};
    } else if (key.Is("provider_schemas")) {
      ok = ExpectKind(&s, '{', "provider_schemas");
      const bool null = s.Peek() == 'n';
      const size_t begin = s.pos();
      ok = ok && s.SkipStructurally(1);
      if (ok) AddMapObject(null ? ByteRange{} : ByteRange{begin, s.pos(), true}, &facts->provider_schemas_objects);
    } else if (key.Is("tfstream_provider_format_version")) {
      facts->has_provider_format_version = true;
      ok = ReadString(&s, "tfstream_provider_format_version", &facts->provider_format_version);
    } else if (key.Is("tfstream_flavor")) {
      ok = ReadString(&s, "tfstream_flavor", &facts->tfstream_flavor);
    } else {
      ok = s.SkipStructurally(1);
    }
    if (!ok) return s.status();
  }
  if (!s.ok()) return s.status();
  for (const ByteRange& r : facts->outputs_objects) {
    JsonScanner o(doc);
    o.Seek(r.begin + 1);
    if (o.Peek() != '}') facts->has_outputs = true;
  }
  if (select) {
    Status counted = WalkStateResources(doc, facts->root, [&](std::string_view, uint64_t, int) {
      ++facts->all_resource_count;
      return Status::Ok();
    }, nullptr, done_range);
    if (!counted.ok()) return counted;
  }
  // The walk reads every resource again: it hands their pages back behind
  // itself, 8 MiB at a time (one madvise each).
  uint64_t dropped = 0;
  StateResourceFacts facts_of_one;
  const ResourceVisitor visit = [&](std::string_view, uint64_t offset, int, const StateResourceFacts& rf) -> Status {
    if (done_range && offset > dropped + kDropBatch) {
      done_range(dropped, offset);
      dropped = offset;
    }
    ++facts->resource_count;
    if (rf.provider_name.starts_with(kOpenTofuRegistryPrefix)) facts->opentofu_sign = true;
    if (rf.mode == "managed" || rf.mode == "data") {
      SchemaKey::Ref ref{rf.provider_name, rf.mode == "data", rf.type};
      if (facts->needed_schemas.find(ref) == facts->needed_schemas.end()) {
        facts->needed_schemas.emplace(SchemaKey{rf.provider_name, rf.mode == "data", rf.type},
                                      SchemaUse{rf.address, offset});
      }
    }
    return on_resource ? on_resource(rf, offset) : Status::Ok();
  };
  Status walked =
      WalkModule(doc, facts->root, /*first=*/true, 0, visit, select, /*read_facts=*/true, &facts_of_one, done_range);
  if (done_range && walked.ok()) done_range(dropped, doc.size());
  if (!select) facts->all_resource_count = facts->resource_count;
  return walked;
}

}  // namespace

Status ScanState(std::string_view doc, StateFacts* facts, const StateResourceHook& on_resource,
                 const std::function<void(uint64_t)>& progress, const StateSelection& select,
                 const std::function<void(uint64_t, uint64_t)>& done_range, bool validate_on_thread) {
  *facts = StateFacts{};
  // The validating pass runs on a thread of its own beside the walk below,
  // which reads by structure alone; a syntax error wins over whatever the
  // walk made of the broken text, so the result is the one the two passes
  // one after the other gave.
  Status syntax;
  auto validate = [doc, &progress, &syntax] {
    JsonScanner check(doc);
    if (progress) check.OnProgress(size_t{4} << 20, progress);
    if (!check.SkipValue(0)) {
      syntax = check.status();
    } else if (!check.AtEnd()) {
      check.Fail("unexpected data after the end of the document");
      syntax = check.status();
    }
  };
  std::thread validator;
  if (validate_on_thread) {
    try {
      validator = std::thread(validate);
    } catch (const std::system_error&) {
      // no thread to spare: first the check, then the walk
    }
  }
  if (!validator.joinable()) {
    validate();
    if (!syntax.ok()) return syntax;
  }
  Status walked = WalkState(doc, facts, on_resource, select, done_range);
  if (validator.joinable()) validator.join();
  return syntax.ok() ? walked : syntax;
}

Status WalkStateResources(std::string_view doc, const StateModule& root,
                          const std::function<Status(std::string_view, uint64_t, int)>& fn,
                          const StateSelection& select, const std::function<void(uint64_t, uint64_t)>& done_range) {
  StateResourceFacts rf;
  return WalkModule(
      doc, root, /*first=*/true, 0,
      [&fn](std::string_view raw, uint64_t offset, int blank_lines, const StateResourceFacts&) {
        return fn(raw, offset, blank_lines);
      },
      select, /*read_facts=*/false, &rf, done_range);
}

}  // namespace tfstream::stream
