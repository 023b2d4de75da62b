// Root module outputs (output_changes, planned_values/prior_state outputs,
// their configuration) and input variables. The outputs are one pseudo
// resource type whose members are the outputs, so their values come from the
// same ValueWriter as resources and cover every type.
#include "gen/hash.h"
#include "gen/plan_writer.h"
#include "gen/values.h"

namespace tfgen {
namespace {

// Root module outputs, as one pseudo-type: each member is an output.
constexpr std::string_view kOutputsDsl = R"DSL(
provider terraform terraform.io/builtin/terraform
resource outputs
  admin_role_arn s O null=0 k=arn
  api_endpoints ms O null=0 k=dns len=2-5
  artifact_bucket s O null=0 k=name
  bastion_security_group_id s O null=0 k=ref
  bootstrap_script s O null=0 k=script
  cluster_ca_certificate s O null=0 k=pem
  cluster_kubeconfig s OS null=0 k=json
  db_master_password s OS null=0 k=secret
  deployer_policy_json s O null=0 k=policy
  environment s O null=0 enum=prod,staging,dev
  instance_count n O null=0 int=10-400
  lambda_arns ls O null=0 k=arn len=3-12
  maintenance_enabled b O null=0
  nat_public_ips ls O null=0 k=ip len=2-6
  obj network single O null=0 {
    cidr s O k=cidr
    private_subnet_ids ls O k=ref len=2-4
    public_subnet_ids ls O k=ref len=2-4
    vpc_id s O k=ref
  }
  private_cidrs ss O null=0 k=cidr len=2-5
  state_bucket s O null=0 k=name
  storage_connection_string s OS null=0 k=secret
  tenant_count n O null=0 int=1-5000
  obj tenants map O null=0 {
    cloud s O enum=aws,azurerm,google
    region s O k=region
    stack_version s O k=version
  }
end
)DSL";

const Schema& OutputsSchema() {
  static const std::unique_ptr<Schema> kSchema = ParseSchema(kOutputsDsl);
  return *kSchema;
}

struct OutputInfo {
  Action action;
  bool unknown;
  Version before, after;
};

OutputInfo OutputAt(uint64_t seed, const Block& b, int i) {
  const Member& m = b.members[static_cast<size_t>(i)];
  uint64_t h = MixPre(seed, m.kmix);
  uint64_t r = Below(h, 100);
  OutputInfo o;
  o.action = r < 20 ? Action::kCreate : r < 50 ? Action::kUpdate : r < 95 ? Action::kNoop : Action::kDelete;
  o.unknown = (o.action == Action::kCreate || o.action == Action::kUpdate) && Chance(Mix(h, 1), 30);
  o.before = Version{Mix(seed, 0x0a7), 0, -1, Unknowns::kNone};
  o.after = o.before;
  if (o.action == Action::kUpdate) {
    o.after.mut = Mix(h, 2) | 1;
    o.after.forced = i;
  }
  return o;
}

LeafCtx RootLeaf(uint64_t account) {
  LeafCtx c;
  c.cloud = 'a';
  c.stem = "core";
  c.region = "us-east-1";
  c.account = account;
  return c;
}

}  // namespace

void PlanWriter::OutputChanges(Out& out) const {
  const Block& b = OutputsSchema().types[0]->body;
  LeafCtx leaf = RootLeaf(Mix(seed_, 0xacc));
  ValueWriter vw(out);
  vw.SetContext(leaf);
  out.Put('{');
  for (size_t i = 0; i < b.members.size(); ++i) {
    const Member& m = b.members[i];
    OutputInfo o = OutputAt(seed_, b, static_cast<int>(i));
    bool hb = o.action != Action::kCreate, ha = o.action != Action::kDelete;
    if (i) out.Put(',');
    out.Key(m.name);
    out.Put("{\"actions\":");
    out.Put(o.action == Action::kCreate   ? "[\"create\"]"
            : o.action == Action::kUpdate ? "[\"update\"]"
            : o.action == Action::kNoop   ? "[\"no-op\"]"
                                          : "[\"delete\"]");
    out.Put(",\"before\":");
    if (hb)
      vw.WriteMember(b, static_cast<int>(i), o.before, View::kValue);
    else
      out.Null();
    out.Put(",\"after\":");
    if (ha && !o.unknown)
      vw.WriteMember(b, static_cast<int>(i), o.after, View::kValue);
    else
      out.Null();
    out.Put(",\"after_unknown\":");
    out.Bool(o.unknown);
    out.Put(",\"before_sensitive\":");
    out.Bool(hb && m.sensitive);
    out.Put(",\"after_sensitive\":");
    out.Bool(ha && m.sensitive);
    out.Put('}');
  }
  out.Put('}');
}

void PlanWriter::OutputValues(Out& out, bool planned) const {
  const Block& b = OutputsSchema().types[0]->body;
  LeafCtx leaf = RootLeaf(Mix(seed_, 0xacc));
  ValueWriter vw(out);
  vw.SetContext(leaf);
  out.Put("\"outputs\":{");
  Sep sep(out);
  for (size_t i = 0; i < b.members.size(); ++i) {
    const Member& m = b.members[i];
    OutputInfo o = OutputAt(seed_, b, static_cast<int>(i));
    if (planned ? o.action == Action::kDelete : o.action == Action::kCreate) continue;
    sep.Next();
    out.Key(m.name);
    out.Put("{\"sensitive\":");
    out.Bool(m.sensitive);
    if (planned && o.unknown) {
      out.Put('}');
      continue;
    }
    if (planned) {
      out.Put(",\"type\":");
      WriteType(out, *m.type);
    }
    out.Put(",\"value\":");
    vw.WriteMember(b, static_cast<int>(i), planned ? o.after : o.before, View::kValue);
    if (!planned) {
      out.Put(",\"type\":");
      WriteType(out, *m.type);
    }
    out.Put('}');
  }
  out.Put('}');
}

void PlanWriter::OutputConfig(Out& out) const {
  const Block& b = OutputsSchema().types[0]->body;
  out.Put("\"outputs\":{");
  for (size_t i = 0; i < b.members.size(); ++i) {
    const Member& m = b.members[i];
    if (i) out.Put(',');
    out.Key(m.name);
    out.Put('{');
    if (m.sensitive) out.Put("\"sensitive\":true,");
    out.Put("\"expression\":{\"references\":[\"local.");
    out.Put(m.name);
    out.Put("\"]},\"description\":\"The ");
    for (char c : m.name) out.Put(c == '_' ? ' ' : c);
    out.Put(" of the platform.\"}");
  }
  out.Put('}');
}

void PlanWriter::Variables(Out& out, bool config) const {
  struct Var {
    const char* name;
    const char* value;
    const char* desc;
  };
  static constexpr Var kVars[] = {
      {"db_password", "\"correct-horse-battery-staple\"", "Master password for the shared databases."},
      {"environment", "\"prod\"", "Deployment environment."},
      {"project", "\"acme-core-prj\"", "Google Cloud project of the shared resources."},
      {"region", "\"us-east-1\"", "Default AWS region."},
      {"regions", "[\"eu-west-1\",\"us-east-1\",\"us-west-2\"]", "Regions tenants may be deployed to."},
      {"subscription_id", "\"3f2b8c1e-6a4d-4f0e-9b7a-2c5d8e1f0a9b\"", "Azure subscription."},
  };
  out.Put('{');
  for (size_t i = 0; i < std::size(kVars); ++i) {
    if (i) out.Put(',');
    out.Key(kVars[i].name);
    if (config) {
      out.Put('{');
      if (i != 0) {
        out.Put("\"default\":");
        out.Put(kVars[i].value);
        out.Put(',');
      }
      out.Put("\"description\":");
      out.Str(kVars[i].desc);
      if (i == 0) out.Put(",\"sensitive\":true");
      out.Put('}');
    } else {
      out.Put("{\"value\":");
      out.Put(kVars[i].value);
      out.Put('}');
    }
  }
  out.Put('}');
}

}  // namespace tfgen
