// The `configuration` section of `terraform show -json`: provider_config and
// the module tree with one module_calls entry per tenant (Terraform repeats
// a module's whole configuration under every call, which is why this section
// grows with the number of calls). Field order follows jsonconfig's structs.
#include <algorithm>
#include <string>
#include <vector>

#include "gen/hash.h"
#include "gen/plan_writer.h"
#include "gen/values.h"

namespace tfgen {
namespace {

std::string ConfigAddress(const TemplateRes& b) {
  std::string a = b.data ? "data." : "";
  return a.append(b.type).append(".").append(b.name);
}

void VariableDecl(Out& out, std::string_view name, std::string_view desc, std::string_view def) {
  out.Key(name);
  out.Put('{');
  if (!def.empty()) {
    out.Put("\"default\":");
    out.Put(def);
    out.Put(',');
  }
  out.Put("\"description\":");
  out.Str(desc);
  out.Put('}');
}

}  // namespace

void PlanWriter::ProviderConfig(Out& out) const {
  out.Put("\"provider_config\":{");
  Sep sep(out);
  for (const Provider& p : schema_.providers) {
    sep.Next();
    out.Key(p.local_name);
    out.Put("{\"name\":");
    out.Str(p.local_name);
    out.Put(",\"full_name\":");
    out.Str(p.source);
    if (p.local_name == "aws") {
      out.Put(
          ",\"version_constraint\":\"~\\u003e 5.40\",\"expressions\":{\"default_tags\":[{\"tags\":"
          "{\"references\":[\"local.common_tags\"]}}],\"region\":{\"references\":[\"var.region\"]}}}");
    } else if (p.local_name == "azurerm") {
      out.Put(
          ",\"version_constraint\":\"~\\u003e 3.100\",\"expressions\":{\"features\":[{}],"
          "\"subscription_id\":{\"references\":[\"var.subscription_id\"]}}}");
    } else {
      out.Put(
          ",\"version_constraint\":\"\\u003e= 5.0, \\u003c 7.0\",\"expressions\":{\"project\":"
          "{\"references\":[\"var.project\"]},\"region\":{\"constant_value\":\"europe-west1\"}}}");
    }
  }
  out.Put('}');
}

void PlanWriter::ConfigResources(Out& out, const Tenant& t, const char* sub,
                                 const std::string& key_prefix) const {
  std::vector<const TemplateRes*> blocks;
  for (const TemplateRes* b : t.blocks)
    if (std::string_view(b->sub) == sub) blocks.push_back(b);
  std::sort(blocks.begin(), blocks.end(),
            [](const TemplateRes* a, const TemplateRes* b) { return ConfigAddress(*a) < ConfigAddress(*b); });
  ValueWriter vw(out);
  LeafCtx leaf;
  out.Put("\"resources\":[");
  Sep sep(out);
  for (const TemplateRes* b : blocks) {
    const ResourceType* rt = schema_.Find(b->type, b->data);
    std::string addr = ConfigAddress(*b);
    const char* local = ProviderLocal(*rt, schema_);
    leaf.cloud = std::string_view(local) == "aws" ? 'a' : std::string_view(local) == "azurerm" ? 'z' : 'g';
    leaf.id_prefix = rt->id_prefix;
    leaf.stem = t.stem;
    leaf.region = t.insts.empty() ? std::string_view("us-east-1") : t.insts.front().leaf.region;
    leaf.account = t.account;
    vw.SetContext(leaf);
    sep.Next();
    out.Put("{\"address\":");
    out.Str(addr);
    out.Put(b->data ? ",\"mode\":\"data\",\"type\":" : ",\"mode\":\"managed\",\"type\":");
    out.Str(b->type);
    out.Put(",\"name\":");
    out.Str(b->name);
    out.Put(",\"provider_config_key\":\"");
    out.Put(key_prefix);
    out.Put(local);
    out.Put("\",\"expressions\":");
    vw.Write(rt->body, Version{Mix(t.seed, HashStr(addr)), 0, -1, Unknowns::kNone}, View::kExpr);
    out.Put(",\"schema_version\":");
    out.Int(rt->schema_version);
    if (b->count_kind == 1) {
      out.Put(",\"count_expression\":{\"references\":[\"var.");
      out.Put(b->name);
      out.Put("_count\"]}");
    } else if (b->count_kind == 2) {
      out.Put(",\"for_each_expression\":{\"references\":[\"local.");
      out.Put(b->name);
      out.Put("_instances\"]}");
    }
    out.Put('}');
  }
  out.Put(']');
}

size_t PlanWriter::ModuleCall(Out& out, const Tenant& t, Sep& sep) const {
  const char* stack = t.cloud == 'a' ? "aws" : t.cloud == 'z' ? "azure" : "gcp";
  sep.Next();
  out.Key(t.call);
  out.Put("{\"source\":\"app.terraform.io/acme/");
  out.Put(stack);
  out.Put("-stack/");
  out.Put(t.cloud == 'a' ? "aws" : t.cloud == 'z' ? "azurerm" : "google");
  out.Put(
      "\",\"expressions\":{\"environment\":{\"references\":[\"var.environment\"]},\"name\":{\"constant_"
      "value\":");
  out.Str(t.stem);
  out.Put("},\"tags\":{\"references\":[\"local.common_tags\"]}}");
  if (t.instance_kind == 1) {
    out.Put(",\"for_each_expression\":{\"references\":[\"var.regions\"]}");
  } else if (t.instance_kind == 2) {
    out.Put(",\"count_expression\":{\"constant_value\":");
    out.Int(static_cast<int64_t>(t.keys.size()));
    out.Put('}');
  }
  out.Put(",\"module\":{\"outputs\":{");
  Sep os(out);
  int outputs = 0;
  for (const TemplateRes* b : t.blocks) {
    if (*b->sub || b->data || outputs == 3) continue;
    ++outputs;
    os.Next();
    out.Put('"');
    out.Put(b->type);
    out.Put("_");
    out.Put(b->name);
    out.Put("_ids\":{\"expression\":{\"references\":[\"");
    std::string addr = ConfigAddress(*b);
    out.Put(addr);
    out.Put("\"]},\"description\":\"Identifiers of ");
    out.Put(addr);
    out.Put(".\"}");
  }
  out.Put("},");
  ConfigResources(out, t, "", t.call + ":");
  // Child module: one per template that has one.
  const char* sub = nullptr;
  for (const TemplateRes* b : t.blocks)
    if (*b->sub) sub = b->sub;
  if (sub != nullptr) {
    out.Put(",\"module_calls\":{");
    out.Key(sub);
    out.Put("{\"source\":\"./modules/");
    out.Put(sub);
    out.Put(
        "\",\"expressions\":{\"name\":{\"references\":[\"var.name\"]},\"subnet_ids\":{\"references\":"
        "[\"local.private_subnet_ids\"]}},\"module\":{");
    ConfigResources(out, t, sub, t.call + "." + sub + ":");
    out.Put(",\"variables\":{");
    VariableDecl(out, "name", "Name prefix for every resource of the module.", "");
    out.Put(',');
    VariableDecl(out, "subnet_ids", "Subnets the module places its resources in.", "[]");
    out.Put("}}}}");
  }
  out.Put(",\"variables\":{");
  VariableDecl(out, "environment", "Deployment environment (prod, staging, dev).", "\"prod\"");
  out.Put(',');
  VariableDecl(out, "name", "Tenant name, used as a prefix for every resource.", "");
  out.Put(',');
  VariableDecl(out, "tags", "Extra tags merged into the provider default tags.", "{}");
  out.Put("}}}");
  return 1;
}

}  // namespace tfgen
