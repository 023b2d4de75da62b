// Provider schema JSON (`terraform providers schema -json` layout): field
// order and omitted-when-empty fields follow Terraform's jsonprovider structs;
// maps are written in sorted key order, as Go does.
#include <algorithm>
#include <vector>

#include "gen/schema.h"

namespace tfgen {

void WriteType(Out& out, const Type& t) {
  switch (t.kind) {
    case Type::kString:
      out.Str("string");
      return;
    case Type::kNumber:
      out.Str("number");
      return;
    case Type::kBool:
      out.Str("bool");
      return;
    case Type::kList:
      out.Put("[\"list\",");
      break;
    case Type::kSet:
      out.Put("[\"set\",");
      break;
    case Type::kMap:
      out.Put("[\"map\",");
      break;
    case Type::kObject: {
      out.Put("[\"object\",{");
      Sep sep(out);
      for (const Member& m : t.body->members) {
        sep.Next();
        out.Key(m.name);
        WriteType(out, *m.type);
      }
      out.Put("}]");
      return;
    }
  }
  WriteType(out, *t.elem);
  out.Put(']');
}

namespace {

const char* NestingName(Nesting n) {
  switch (n) {
    case Nesting::kSingle:
      return "single";
    case Nesting::kList:
      return "list";
    case Nesting::kSet:
      return "set";
    case Nesting::kMap:
      return "map";
    case Nesting::kGroup:
      return "group";
  }
  return "single";
}

void WriteBlockJson(Out& out, const Block& b, std::string_view owner);

void WriteAttrs(Out& out, const Block& b, std::string_view owner) {
  out.Put("{");
  Sep sep(out);
  for (const Member& m : b.members) {
    if (m.kind == Member::kBlock) continue;
    sep.Next();
    out.Key(m.name);
    out.Put('{');
    if (m.kind == Member::kAttr) {
      out.Key("type");
      WriteType(out, *m.type);
    } else {
      out.Put("\"nested_type\":{\"attributes\":");
      WriteAttrs(out, *m.body, m.name);
      out.Put(",\"nesting_mode\":");
      out.Str(NestingName(m.nesting));
      out.Put('}');
    }
    // Descriptions like the providers' docs, so schema files have real bulk.
    out.Put(",\"description\":\"");
    if (m.computed_only()) out.Put("(Read-only) ");
    out.Put("The ");
    for (char c : m.name) out.Put(c == '_' ? ' ' : c);
    out.Put(" of the ");
    out.Put(owner);
    out.Put(m.forces_new ? ". Changing this forces a new resource to be created.\"" : ".\"");
    out.Put(",\"description_kind\":\"plain\"");
    if (m.required) out.Put(",\"required\":true");
    if (m.optional) out.Put(",\"optional\":true");
    if (m.computed) out.Put(",\"computed\":true");
    if (m.sensitive) out.Put(",\"sensitive\":true");
    out.Put('}');
  }
  out.Put('}');
}

void WriteBlockJson(Out& out, const Block& b, std::string_view owner) {
  out.Put("{\"attributes\":");
  WriteAttrs(out, b, owner);
  bool any_block = false;
  for (const Member& m : b.members) {
    if (m.kind != Member::kBlock) continue;
    out.Put(any_block ? "," : ",\"block_types\":{");
    any_block = true;
    out.Key(m.name);
    out.Put("{\"nesting_mode\":");
    out.Str(NestingName(m.nesting));
    out.Put(",\"block\":");
    WriteBlockJson(out, *m.body, m.name);
    if (m.min_items > 0) {
      out.Put(",\"min_items\":");
      out.Int(m.min_items);
    }
    if (m.max_items > 0) {
      out.Put(",\"max_items\":");
      out.Int(m.max_items);
    }
    out.Put('}');
  }
  if (any_block) out.Put('}');
  out.Put(",\"description_kind\":\"plain\"}");
}

void WriteTypeMap(Out& out, const Schema& s, const std::vector<int>& idx) {
  out.Put('{');
  Sep sep(out);
  for (int i : idx) {
    const ResourceType& rt = *s.types[i];
    sep.Next();
    out.Key(rt.name);
    out.Put("{\"version\":");
    out.Int(rt.schema_version);
    out.Put(",\"block\":");
    WriteBlockJson(out, rt.body, rt.name);
    out.Put('}');
  }
  out.Put('}');
}

}  // namespace

void WriteProviderSchemas(Out& out, const Schema& s) {
  // Go marshals the map sorted by provider source address.
  std::vector<const Provider*> ps;
  for (const auto& p : s.providers) ps.push_back(&p);
  std::sort(ps.begin(), ps.end(), [](auto* a, auto* b) { return a->source < b->source; });
  out.Put('{');
  Sep sep(out);
  for (const Provider* p : ps) {
    sep.Next();
    out.Key(p->source);
    out.Put("{\"provider\":{\"version\":0,\"block\":");
    WriteBlockJson(out, p->config, p->local_name);
    out.Put("},\"resource_schemas\":");
    WriteTypeMap(out, s, p->resources);
    out.Put(",\"data_source_schemas\":");
    WriteTypeMap(out, s, p->data_sources);
    out.Put('}');
  }
  out.Put('}');
}

}  // namespace tfgen
