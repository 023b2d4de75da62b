// Per-resource sections: resource_changes, resource_drift, the module trees
// of planned_values and prior_state, and relevant_attributes.
//
// Field order follows jsonplan's structs: address, previous_address,
// module_address, mode, type, name, index, provider_name, change,
// action_reason; change = actions, before, after, after_unknown,
// before_sensitive, after_sensitive, replace_paths, importing.
#include <algorithm>
#include <string_view>

#include "gen/hash.h"
#include "gen/plan_writer.h"
#include "gen/values.h"

namespace tfgen {
namespace {

void WriteActions(Out& o, Action a) {
  switch (a) {
    case Action::kNoop:
      o.Put("[\"no-op\"]");
      break;
    case Action::kCreate:
      o.Put("[\"create\"]");
      break;
    case Action::kUpdate:
      o.Put("[\"update\"]");
      break;
    case Action::kDelete:
      o.Put("[\"delete\"]");
      break;
    case Action::kReplaceDC:
      o.Put("[\"delete\",\"create\"]");
      break;
    case Action::kReplaceCD:
      o.Put("[\"create\",\"delete\"]");
      break;
    default:
      o.Put("[\"read\"]");
      break;
  }
}

bool HasBefore(Action a) { return a != Action::kCreate && a != Action::kRead; }
bool HasAfter(Action a) { return a != Action::kDelete; }
bool IsReplace(Action a) { return a == Action::kReplaceDC || a == Action::kReplaceCD; }

// "address" ... "provider_name", without the closing brace.
void WriteHead(Out& o, const Inst& in, const Schema& s, bool with_prev, bool with_module) {
  o.Put("{\"address\":");
  o.StrEsc(in.address);
  if (with_prev && !in.prev_address.empty()) {
    o.Put(",\"previous_address\":");
    o.StrEsc(in.prev_address);
  }
  if (with_module && !in.module_addr.empty()) {
    o.Put(",\"module_address\":");
    o.StrEsc(in.module_addr);
  }
  o.Put(in.rt->data ? ",\"mode\":\"data\",\"type\":" : ",\"mode\":\"managed\",\"type\":");
  o.Str(in.rt->name);
  o.Put(",\"name\":");
  o.Str(in.tmpl->name);
  if (in.key_kind == 1) {
    o.Put(",\"index\":");
    o.Int(in.ikey);
  } else if (in.key_kind == 2) {
    o.Put(",\"index\":");
    o.Str(in.skey);
  }
  o.Put(",\"provider_name\":");
  o.Str(s.providers[static_cast<size_t>(in.rt->provider)].source);
}

// The module instance a resource instance belongs to at the first level:
// "module.a_b_c[\"k\"]" for "module.a_b_c[\"k\"].module.database".
std::string_view TopModule(std::string_view m) {
  size_t p = m.find(".module.", 7);
  return p == std::string_view::npos ? m : m.substr(0, p);
}

}  // namespace

size_t PlanWriter::Changes(Out& out, const Tenant& t, int limit, Sep& sep, bool drift,
                           std::vector<ValueLens>* record, const std::vector<ValueLens>* cached_after) const {
  if (record) record->assign(t.insts.size(), ValueLens());
  size_t written = 0;
  ValueWriter vw(out);
  int n = 0;
  for (size_t idx = 0; idx < t.insts.size(); ++idx) {
    const Inst& in = t.insts[idx];
    if (limit >= 0 && n++ >= limit) break;
    if (drift ? in.drift == Drift::kNone : !in.InChanges()) continue;
    const Block& body = in.rt->body;
    vw.SetContext(in.leaf);
    sep.Next();
    ++written;
    WriteHead(out, in, schema_, true, true);
    out.Put(",\"change\":{\"actions\":");
    if (drift) {
      bool del = in.drift == Drift::kDelete;
      out.Put(del ? "[\"delete\"]" : "[\"update\"]");
      out.Put(",\"before\":");
      vw.Write(body, in.DriftBefore(), View::kValue);
      out.Put(",\"after\":");
      if (del)
        out.Null();
      else
        vw.Write(body, in.Before(), View::kValue);
      out.Put(",\"after_unknown\":{},\"before_sensitive\":");
      vw.Write(body, in.DriftBefore(), View::kSensitive);
      out.Put(",\"after_sensitive\":");
      if (del)
        out.Put("false");
      else
        vw.Write(body, in.Before(), View::kSensitive);
      out.Put("}}");
      continue;
    }
    WriteActions(out, in.action);
    bool hb = HasBefore(in.action), ha = HasAfter(in.action);
    out.Put(",\"before\":");
    uint64_t mark = out.bytes();
    if (hb)
      vw.Write(body, in.Before(), View::kValue);
    else
      out.Null();
    uint64_t before_len = out.bytes() - mark;
    const ValueLens* al =
        cached_after && out.counting() && (*cached_after)[idx].valid ? &(*cached_after)[idx] : nullptr;
    out.Put(",\"after\":");
    if (al)
      out.Skip(al->value);
    else if (ha)
      vw.Write(body, in.After(), View::kValue);
    else
      out.Null();
    out.Put(",\"after_unknown\":");
    if (ha)
      vw.Write(body, in.After(), View::kUnknown);
    else
      out.Put("{}");
    out.Put(",\"before_sensitive\":");
    mark = out.bytes();
    if (hb)
      vw.Write(body, in.Before(), View::kSensitive);
    else
      out.Put("false");
    if (record && hb) (*record)[idx] = ValueLens{before_len, out.bytes() - mark, true};
    out.Put(",\"after_sensitive\":");
    if (al)
      out.Skip(al->sens);
    else if (ha)
      vw.Write(body, in.After(), View::kSensitive);
    else
      out.Put("false");
    if (IsReplace(in.action) && in.forced >= 0) {
      out.Put(",\"replace_paths\":[[");
      out.Str(body.members[static_cast<size_t>(in.forced)].name);
      out.Put("]]");
    }
    if (in.importing) {
      out.Put(",\"importing\":{\"id\":\"");
      out.Put(in.rt->id_prefix.empty() ? std::string_view("import-") : std::string_view(in.rt->id_prefix));
      std::string hex;
      AppendHex(hex, Mix(in.seed, 0x1d), 17);
      out.Put(hex);
      out.Put("\"}");
    }
    out.Put('}');
    if (in.reason != nullptr) {
      out.Put(",\"action_reason\":");
      out.Str(in.reason);
    }
    out.Put('}');
  }
  return written;
}

namespace {

bool Included(const Inst& in, bool planned) { return planned ? in.InPlanned() : in.InPrior(); }

// `lens`: skip values of known length when counting; `record`: store the
// lengths written.
void WriteStateResource(Out& out, ValueWriter& vw, const Inst& in, const Schema& s, bool planned,
                        const ValueLens* lens, ValueLens* record) {
  const Block& body = in.rt->body;
  vw.SetContext(in.leaf);
  WriteHead(out, in, s, false, false);
  out.Put(",\"schema_version\":");
  out.Int(in.rt->schema_version);
  Version v = planned ? in.After() : in.Before();
  out.Put(",\"values\":");
  if (lens && lens->valid && out.counting()) {
    out.Skip(lens->value);
    out.Put(",\"sensitive_values\":");
    out.Skip(lens->sens);
  } else {
    uint64_t m0 = out.bytes();
    vw.Write(body, v, View::kValue);
    uint64_t m1 = out.bytes();
    out.Put(",\"sensitive_values\":");
    uint64_t m2 = out.bytes();
    vw.Write(body, v, View::kSensitive);
    if (record) *record = ValueLens{m1 - m0, out.bytes() - m2, true};
  }
  if (!planned && !in.rt->data && Chance(Mix(in.seed, 0xde9), 30)) {
    // depends_on: the module's IAM role or security group, as real states do.
    out.Put(",\"depends_on\":[");
    std::string dep = in.module_addr;
    if (!dep.empty()) dep += '.';
    dep += in.leaf.cloud == 'a'   ? "aws_iam_role.this"
           : in.leaf.cloud == 'z' ? "data.azurerm_resource_group.this"
                                  : "data.google_client_config.default";
    out.StrEsc(dep);
    out.Put(']');
  }
  out.Put('}');
}

}  // namespace

void PlanWriter::RootResources(Out& out, const Tenant& t, bool planned) const {
  ValueWriter vw(out);
  out.Put("\"resources\":[");
  Sep sep(out);
  for (const Inst& in : t.insts) {
    if (!Included(in, planned)) continue;
    sep.Next();
    WriteStateResource(out, vw, in, schema_, planned, nullptr, nullptr);
  }
  out.Put(']');
}

size_t PlanWriter::Modules(Out& out, const Tenant& t, int limit, Sep& sep, bool planned,
                           const std::vector<ValueLens>* cached, std::vector<ValueLens>* record) const {
  auto lens = [&](size_t k) { return cached ? &(*cached)[k] : nullptr; };
  if (record) record->assign(t.insts.size(), ValueLens());
  auto rec = [&](size_t k) { return record ? &(*record)[k] : nullptr; };
  size_t written = 0;
  ValueWriter vw(out);
  size_t n = limit < 0 ? t.insts.size() : std::min(t.insts.size(), static_cast<size_t>(limit));
  size_t i = 0;
  while (i < n) {
    std::string_view top = TopModule(t.insts[i].module_addr);
    size_t j = i;
    bool any_root = false, any_child = false;
    while (j < n && TopModule(t.insts[j].module_addr) == top) {
      if (Included(t.insts[j], planned)) {
        (t.insts[j].module_addr.size() == top.size() ? any_root : any_child) = true;
      }
      ++j;
    }
    if (any_root || any_child) {
      sep.Next();
      ++written;
      out.Put('{');
      if (any_root) {
        out.Put("\"resources\":[");
        Sep rs(out);
        for (size_t k = i; k < j; ++k) {
          const Inst& in = t.insts[k];
          if (in.module_addr.size() != top.size() || !Included(in, planned)) continue;
          rs.Next();
          WriteStateResource(out, vw, in, schema_, planned, lens(k), rec(k));
        }
        out.Put("],");
      }
      out.Put("\"address\":");
      out.StrEsc(top);
      if (any_child) {
        out.Put(",\"child_modules\":[");
        Sep cs(out);
        size_t k = i;
        while (k < j) {
          const std::string& mod = t.insts[k].module_addr;
          size_t e = k;
          bool any = false;
          while (e < j && t.insts[e].module_addr == mod) any |= Included(t.insts[e++], planned);
          if (mod.size() != top.size() && any) {
            cs.Next();
            out.Put("{\"resources\":[");
            Sep rs(out);
            for (size_t q = k; q < e; ++q) {
              if (!Included(t.insts[q], planned)) continue;
              rs.Next();
              WriteStateResource(out, vw, t.insts[q], schema_, planned, lens(q), rec(q));
            }
            out.Put("],\"address\":");
            out.StrEsc(mod);
            out.Put('}');
          }
          k = e;
        }
        out.Put(']');
      }
      out.Put('}');
    }
    i = j;
  }
  return written;
}

size_t PlanWriter::Relevant(Out& out, const Tenant& t, int limit, Sep& sep) const {
  size_t written = 0;
  int n = 0;
  for (const Inst& in : t.insts) {
    if (limit >= 0 && n++ >= limit) break;
    auto entry = [&](std::string_view attr) {
      sep.Next();
      ++written;
      out.Put("{\"resource\":");
      out.StrEsc(in.address);
      out.Put(",\"attribute\":[");
      out.Str(attr);
      out.Put("]}");
    };
    if (in.drift == Drift::kUpdate && Chance(Mix(in.seed, 0x7e1), 60)) {
      const Block& body = in.rt->body;
      Version v = in.DriftBefore();
      ValueWriter vw(out);
      for (size_t i = 0; i < body.members.size(); ++i)
        if (vw.TopChanged(body, v, static_cast<int>(i))) entry(body.members[i].name);
    }
    if (in.relevant_id) entry("id");
  }
  return written;
}

}  // namespace tfgen
