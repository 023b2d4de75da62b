// PreScan: one validating pass over the whole plan document that collects the
// facts the document-level text needs before the first resource block can be
// written (action counts for the legend and summary, whether the plan errored,
// the action invocations attached to resources) and the byte ranges of the
// sections the render pass will read. It builds no values: everything it keeps
// is O(number of action invocations + number of distinct resource types).
#pragma once

#include <array>
#include <functional>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "base/status.h"
#include "stream/json_scanner.h"
#include "stream/plan_action.h"

namespace tfstream::stream {

enum class InputShape {
  kRenderer,  // HCP Terraform's renderer document, provider_schemas embedded
  kShowJson,  // `terraform show -json` output, schemas given separately
};

// The fields of an action invocation the document layout needs up front.
struct ActionInvocationFacts {
  ByteRange range;
  std::string address, type, name, provider_name;
  bool has_config = false;  // config_values present (even as null)
  bool lifecycle = false;
  std::string triggering_address, event;
  long block_index = 0, list_index = 0;
  bool invoke = false;
  std::string calling_address;
};

// Which schema a resource needs: (provider, data source?, type).
struct SchemaKey {
  std::string provider;
  bool data = false;
  std::string type;
  bool operator<(const SchemaKey& o) const {
    return std::tie(provider, data, type) < std::tie(o.provider, o.data, o.type);
  }
};

struct PlanFacts {
  InputShape shape = InputShape::kShowJson;
  bool has_plan_format_version = false, has_provider_format_version = false;
  std::string plan_format_version, provider_format_version, format_version;
  bool errored = false, applyable = false, has_applyable = false;

  ByteRange resource_changes, resource_drift, output_changes, deferred_changes,
      relevant_attributes, provider_schemas, action_invocations;

  // Tallies over resource_changes, as plan.renderHuman counts them.
  size_t shown_changes = 0;  // len(changes): blocks that will be printed
  size_t importing = 0;
  std::array<size_t, kPlanActionCount> counts{};  // by PlanAction, NoOp excluded
  bool will_print_resource_changes = false;
  size_t resource_change_count = 0;

  std::vector<ActionInvocationFacts> actions;
  // Every schema resource_changes needs, with the first address needing it.
  std::map<SchemaKey, std::string> needed_schemas;
};

// Scans `doc` (the whole input). Errors carry the byte offset. `done_before`,
// when set, is told from time to time that the bytes before an offset have
// been scanned.
Status PreScan(std::string_view doc, PlanFacts* facts,
               const std::function<void(uint64_t)>& done_before = nullptr);

// The shallow facts of one resource change object, read by scanning.
struct ResourceFacts {
  std::string address, mode, type, name, provider_name, previous_address;
  std::vector<std::string> actions;
  bool has_actions = false;
  bool importing = false;
};

// Reads the shallow facts of the resource change object at the scanner's
// cursor, skipping its values. `outer_depth` counts enclosing containers.
bool ScanResourceFacts(JsonScanner* s, int outer_depth, ResourceFacts* out);

}  // namespace tfstream::stream
