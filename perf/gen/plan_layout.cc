#include "gen/plan_layout.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "gen/hash.h"

namespace tfgen {
namespace {

// Module templates: {child module, data?, type, name, count kind, lo, hi, present %}.
const std::vector<TemplateRes> kAwsTemplate = {
    {"", false, "aws_iam_role", "this", 0, 1, 1, 100},
    {"", false, "aws_iam_role", "task", 0, 1, 1, 70},
    {"", false, "aws_instance", "app", 1, 1, 4, 100},
    {"", false, "aws_lambda_function", "handler", 2, 1, 3, 80},
    {"", false, "aws_s3_bucket", "assets", 0, 1, 1, 100},
    {"", false, "aws_s3_bucket", "logs", 0, 1, 1, 80},
    {"", false, "aws_security_group", "app", 0, 1, 1, 100},
    {"", false, "aws_security_group", "lb", 0, 1, 1, 70},
    {"", false, "aws_vpclattice_service", "api", 0, 1, 1, 60},
    {"", true, "aws_ami", "base", 0, 1, 1, 90},
    {"", true, "aws_iam_policy_document", "assume", 0, 1, 1, 100},
    {"", true, "aws_iam_policy_document", "task", 2, 1, 2, 70},
    {"database", false, "aws_db_instance", "this", 1, 1, 2, 90},
    {"database", false, "aws_iam_role", "monitoring", 0, 1, 1, 60},
    {"database", false, "aws_security_group", "db", 0, 1, 1, 90},
};
const std::vector<TemplateRes> kAzureTemplate = {
    {"", false, "azurerm_kubernetes_cluster", "this", 0, 1, 1, 100},
    {"", false, "azurerm_linux_virtual_machine", "jump", 1, 1, 2, 80},
    {"", false, "azurerm_storage_account", "data", 0, 1, 1, 100},
    {"", false, "azurerm_storage_account", "logs", 2, 1, 2, 70},
    {"", true, "azurerm_client_config", "current", 0, 1, 1, 100},
    {"", true, "azurerm_resource_group", "this", 0, 1, 1, 100},
    {"vms", false, "azurerm_linux_virtual_machine", "worker", 1, 2, 4, 90},
    {"vms", false, "azurerm_storage_account", "diag", 0, 1, 1, 70},
};
const std::vector<TemplateRes> kGoogleTemplate = {
    {"", false, "google_cloud_run_v2_service", "svc", 2, 1, 3, 100},
    {"", false, "google_compute_instance", "app", 1, 1, 4, 100},
    {"", false, "google_storage_bucket", "assets", 0, 1, 1, 100},
    {"", false, "google_storage_bucket", "backups", 0, 1, 1, 70},
    {"", true, "google_client_config", "default", 0, 1, 1, 100},
    {"", true, "google_compute_image", "base", 0, 1, 1, 90},
    {"jobs", false, "google_cloud_run_v2_service", "job", 0, 1, 1, 90},
    {"jobs", false, "google_storage_bucket", "staging", 0, 1, 1, 80},
};
const std::vector<TemplateRes> kRootTemplate = {
    {"", false, "aws_iam_role", "deployer", 0, 1, 1, 100},
    {"", false, "aws_s3_bucket", "state", 0, 1, 1, 100},
    {"", false, "aws_security_group", "bastion", 0, 1, 1, 100},
    {"", false, "azurerm_storage_account", "shared", 0, 1, 1, 100},
    {"", true, "aws_iam_policy_document", "deployer", 0, 1, 1, 100},
    {"", true, "azurerm_client_config", "current", 0, 1, 1, 100},
    {"", true, "google_client_config", "default", 0, 1, 1, 100},
    {"", false, "google_storage_bucket", "artifacts", 0, 1, 1, 100},
};

constexpr std::string_view kRegions[3][4] = {
    {"ap-south-1", "eu-west-1", "us-east-1", "us-west-2"},
    {"eastus2", "northeurope", "uksouth", "westeurope"},
    {"asia-south1", "europe-west1", "us-central1", "us-east4"},
};
constexpr std::string_view kEachKeys[] = {"api", "ingest", "notify", "sync", "web", "worker"};

int CloudIndex(char c) { return c == 'a' ? 0 : c == 'z' ? 1 : 2; }

char CloudOf(const ResourceType& rt, const Schema& s) {
  const std::string& p = s.providers[static_cast<size_t>(rt.provider)].local_name;
  return p == "aws" ? 'a' : p == "azurerm" ? 'z' : 'g';
}

// Picks n distinct indexes of [0, k) in increasing order.
std::vector<int> PickSorted(uint64_t h, int n, int k) {
  std::vector<int> r;
  int need = n;
  for (int i = 0; i < k && need > 0; ++i) {
    if (Below(Mix(h, static_cast<uint64_t>(i)), static_cast<uint64_t>(k - i)) < static_cast<uint64_t>(need)) {
      r.push_back(i);
      --need;
    }
  }
  return r;
}

int RangePick(uint64_t h, int lo, int hi) {
  return hi <= lo ? lo : lo + static_cast<int>(Below(h, static_cast<uint64_t>(hi - lo + 1)));
}

void AssignAction(Inst& in, const Schema& s) {
  (void)s;
  uint64_t h = Mix(in.seed, kSaltAction);
  if (in.rt->data) {
    in.action = Chance(h, 25) ? Action::kRead : Action::kPlanRead;
    if (in.action == Action::kRead)
      in.reason = Chance(Mix(h, 1), 60) ? "read_because_config_unknown" : "read_because_dependency_pending";
    return;
  }
  uint64_t r = Below(h, 1000);
  in.action = r < 330   ? Action::kNoop
              : r < 600 ? Action::kUpdate
              : r < 750 ? Action::kCreate
              : r < 830 ? Action::kDelete
              : r < 940 ? Action::kReplaceDC
              : r < 980 ? Action::kReplaceCD
                        : Action::kNoop;
  const Block& body = in.rt->body;
  uint64_t h2 = Mix(h, 2);
  switch (in.action) {
    case Action::kDelete: {
      uint64_t d = Below(h2, 10);
      if (d == 0)
        in.reason = "delete_because_no_module";
      else if (d < 5 && in.key_kind == 1)
        in.reason = "delete_because_count_index";
      else if (d < 5 && in.key_kind == 2)
        in.reason = "delete_because_each_key";
      else
        in.reason = "delete_because_no_resource_config";
      break;
    }
    case Action::kReplaceDC:
    case Action::kReplaceCD: {
      uint64_t d = Below(h2, 100);
      if (d < 70 && !body.forcing.empty()) {
        in.reason = "replace_because_cannot_update";
        in.forced = body.forcing[Below(Mix(h2, 3), body.forcing.size())];
      } else {
        in.reason = d < 85 ? "replace_because_tainted" : "replace_by_request";
        in.config_change = false;
      }
      break;
    }
    case Action::kNoop:
    case Action::kUpdate:
      if (Chance(Mix(h2, 4), 3)) {
        // moved { from = <name>_legacy }
        std::string_view a = in.address;
        size_t dot = a.rfind('.' + std::string(in.tmpl->name));
        if (dot != std::string_view::npos) {
          in.prev_address.assign(a.substr(0, dot + 1 + std::string_view(in.tmpl->name).size()));
          in.prev_address += "_legacy";
          in.prev_address += a.substr(dot + 1 + std::string_view(in.tmpl->name).size());
        }
      } else if (Chance(Mix(h2, 5), 2)) {
        in.importing = true;
      }
      break;
    default:
      break;
  }
  if (in.action == Action::kCreate) {
    if (Chance(Mix(h, kSaltDrift), 5)) in.drift = Drift::kDelete;
  } else if (Chance(Mix(h, kSaltDrift), 6)) {
    in.drift = Drift::kUpdate;
  }
  in.relevant_id = in.action != Action::kCreate && Chance(Mix(h, 7), 15);
}

}  // namespace

Version Inst::Before() const { return Version{seed, 0, -1, Unknowns::kNone}; }

Version Inst::After() const {
  switch (action) {
    case Action::kUpdate:
      return Version{seed, Mix(seed, kSaltAction) | 1, -1, Unknowns::kUpdate};
    case Action::kCreate:
    case Action::kRead:
      return Version{seed, 0, -1, Unknowns::kCreate};
    case Action::kReplaceDC:
    case Action::kReplaceCD:
      return Version{seed, config_change ? (Mix(seed, kSaltAction) | 1) : 0, forced, Unknowns::kCreate};
    default:
      return Version{seed, 0, -1, Unknowns::kNone};
  }
}

Version Inst::DriftBefore() const {
  if (drift == Drift::kDelete) return Version{Mix(seed, 0xdead), 0, -1, Unknowns::kNone};
  return Version{seed, Mix(seed, kSaltDrift) | 1, -1, Unknowns::kNone};
}

int MaxTenants() { return static_cast<int>(kNumWords * kNumWords * kNumWords / 4); }

const char* ProviderLocal(const ResourceType& rt, const Schema& s) {
  return s.providers[static_cast<size_t>(rt.provider)].local_name.c_str();
}

void BuildTenant(const Schema& schema, uint64_t seed, int index, Tenant* t) {
  t->index = index;
  t->seed = Mix(seed, static_cast<uint64_t>(index + 1));
  t->account = Below(Mix(t->seed, 0xacc), 900000000000ULL) + 100000000000ULL;
  t->keys.clear();
  t->regions.clear();
  t->blocks.clear();
  t->insts.clear();
  const std::vector<TemplateRes>* tmpl;
  if (index < 0) {
    t->call.clear();
    t->stem = "core";
    t->cloud = 'a';
    tmpl = &kRootTemplate;
    t->instance_kind = 0;
    t->keys.emplace_back();
    t->regions.emplace_back("1");
  } else {
    // Names increase with the index: 4 name slots per tenant, one used.
    uint64_t idx = static_cast<uint64_t>(index) * 4 + Below(Mix(t->seed, 1), 4);
    std::string_view w[3] = {kWords[idx / (kNumWords * kNumWords)], kWords[(idx / kNumWords) % kNumWords],
                             kWords[idx % kNumWords]};
    t->call.assign(w[0]).append("_").append(w[1]).append("_").append(w[2]);
    t->stem.assign(w[0]).append("-").append(w[1]).append("-").append(w[2]);
    uint64_t c = Below(Mix(t->seed, 2), 4);
    t->cloud = c < 2 ? 'a' : c == 2 ? 'z' : 'g';
    tmpl = t->cloud == 'a' ? &kAwsTemplate : t->cloud == 'z' ? &kAzureTemplate : &kGoogleTemplate;
    uint64_t k = Below(Mix(t->seed, 3), 10);
    t->instance_kind = k < 7 ? 0 : k < 9 ? 1 : 2;
    if (t->instance_kind == 0) {
      t->keys.emplace_back();
      t->regions.emplace_back(1, static_cast<char>('0' + Below(Mix(t->seed, 4), 4)));
    } else if (t->instance_kind == 1) {
      for (int r : PickSorted(Mix(t->seed, 5), RangePick(Mix(t->seed, 6), 2, 3), 4)) {
        t->keys.push_back("[\"" + std::string(kRegions[CloudIndex(t->cloud)][r]) + "\"]");
        t->regions.emplace_back(1, static_cast<char>('0' + r));
      }
    } else {
      int n = RangePick(Mix(t->seed, 6), 2, 3);
      for (int i = 0; i < n; ++i) {
        t->keys.push_back("[" + std::to_string(i) + "]");
        t->regions.emplace_back(1, static_cast<char>('0' + Below(Mix(t->seed, 7), 4)));
      }
    }
  }
  for (const TemplateRes& b : *tmpl) {
    uint64_t bh = Mix(t->seed, HashStr(std::string(b.sub) + "." + b.type + "." + b.name));
    if (Chance(bh, static_cast<unsigned>(b.present_pct))) t->blocks.push_back(&b);
  }
  for (size_t mi = 0; mi < t->keys.size(); ++mi) {
    std::string top = index < 0 ? std::string() : "module." + t->call + t->keys[mi];
    int region = t->regions[mi][0] - '0';
    for (const TemplateRes* b : t->blocks) {
      const ResourceType* rt = schema.Find(b->type, b->data);
      if (rt == nullptr) {
        std::fprintf(stderr, "template type %s missing from schema\n", b->type);
        std::abort();
      }
      std::string mod = top;
      if (*b->sub) mod += (mod.empty() ? "" : ".") + std::string("module.") + b->sub;
      uint64_t bh = Mix(t->seed, HashStr(std::string(b->sub) + "." + b->type + "." + b->name) ^ kSaltCount);
      std::vector<std::string> keys;
      std::vector<int> ikeys;
      int kind = b->count_kind;
      if (kind == 0) {
        keys.emplace_back();
      } else if (kind == 1) {
        int n = RangePick(bh, b->lo, b->hi);
        for (int i = 0; i < n; ++i) keys.push_back("[" + std::to_string(i) + "]"), ikeys.push_back(i);
      } else {
        for (int i : PickSorted(Mix(bh, 1), RangePick(bh, b->lo, b->hi), 6))
          keys.push_back("[\"" + std::string(kEachKeys[i]) + "\"]"), ikeys.push_back(i);
      }
      for (size_t ki = 0; ki < keys.size(); ++ki) {
        Inst in;
        in.module_addr = mod;
        in.address = mod;
        if (!in.address.empty()) in.address += '.';
        if (b->data) in.address += "data.";
        in.address.append(b->type).append(".").append(b->name).append(keys[ki]);
        in.rt = rt;
        in.tmpl = b;
        in.key_kind = kind == 0 ? 0 : kind == 1 ? 1 : 2;
        if (kind == 1) in.ikey = ikeys[ki];
        if (kind == 2) in.skey = kEachKeys[ikeys[ki]];
        in.seed = Mix(t->seed, HashStr(in.address));
        char cloud = CloudOf(*rt, schema);
        in.leaf.cloud = cloud;
        in.leaf.id_prefix = rt->id_prefix;
        in.leaf.region = kRegions[CloudIndex(cloud)][region];
        in.leaf.account = t->account;
        AssignAction(in, schema);
        t->insts.push_back(std::move(in));
      }
    }
  }
  std::sort(t->insts.begin(), t->insts.end(),
            [](const Inst& a, const Inst& b) { return a.address < b.address; });
  // Views into t->stem: set once the vector no longer moves.
  for (Inst& in : t->insts) in.leaf.stem = t->stem;
}

}  // namespace tfgen
