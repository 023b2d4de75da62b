// The resource universe of a generated plan.
//
// A plan is a root module plus T "tenant" module calls named
// `<word>_<word>_<word>` in increasing lexical order. Tenant t is a pure
// function of (seed, t): its cloud (aws-, azurerm- or google-flavoured
// template), module instances (single, for_each over regions or count), a
// nested child module, and every resource instance with its action, drift,
// move/import and reasons. Instances are kept sorted by address, which is
// both Terraform's resource_changes order and the depth-first module order
// of planned_values/prior_state, so a plan of any size streams out tenant by
// tenant in constant memory.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "gen/schema.h"
#include "gen/text.h"
#include "gen/values.h"

namespace tfgen {

enum class Action : uint8_t {
  kNoop,
  kCreate,
  kUpdate,
  kDelete,
  kReplaceDC,
  kReplaceCD,
  kRead,      // data source read deferred to apply: a "read" change
  kPlanRead,  // data source read during plan: only in prior_state
};

enum class Drift : uint8_t { kNone, kUpdate, kDelete };

// One resource block of a module template.
struct TemplateRes {
  const char* sub;  // child module name, "" for the module itself
  bool data;
  const char* type;
  const char* name;
  int count_kind;   // 0: single, 1: count, 2: for_each
  int lo, hi;       // instance count range (count / for_each)
  int present_pct;  // chance the block exists in a given tenant
};

struct Inst {
  std::string address;
  std::string module_addr;   // "" in the root module
  std::string prev_address;  // non-empty when moved
  const ResourceType* rt = nullptr;
  const TemplateRes* tmpl = nullptr;
  int key_kind = 0;  // 0 none, 1 int, 2 string
  int ikey = 0;
  std::string skey;
  uint64_t seed = 0;
  Action action = Action::kNoop;
  Drift drift = Drift::kNone;
  const char* reason = nullptr;  // action_reason
  bool importing = false;
  bool relevant_id = false;   // listed in relevant_attributes as ["id"]
  int forced = -1;            // top-level member forced to change
  bool config_change = true;  // replace: false when tainted / by request
  LeafCtx leaf;

  bool InChanges() const { return action != Action::kPlanRead; }
  bool InPlanned() const { return action != Action::kDelete && action != Action::kPlanRead; }
  bool InPrior() const { return action != Action::kCreate && action != Action::kRead; }
  Version Before() const;
  Version After() const;
  Version DriftBefore() const;
};

struct Tenant {
  int index = -1;    // -1: the root module
  std::string call;  // module call name; "" for root
  std::string stem;  // name stem for values, e.g. "billing-api-eu"
  char cloud = 'a';
  uint64_t seed = 0;
  uint64_t account = 0;
  int instance_kind = 0;                   // 0 single, 1 for_each, 2 count
  std::vector<std::string> keys;           // module instance keys ("" when single)
  std::vector<std::string> regions;        // region per module instance
  std::vector<const TemplateRes*> blocks;  // present template blocks, config order
  std::vector<Inst> insts;                 // sorted by address
};

// Fills *t for tenant `index` (-1: root). Reuses t's storage.
void BuildTenant(const Schema& schema, uint64_t seed, int index, Tenant* t);

// Number of tenants names can be made for.
int MaxTenants();

const char* ProviderLocal(const ResourceType& rt, const Schema& s);

}  // namespace tfgen
