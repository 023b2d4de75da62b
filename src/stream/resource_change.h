// ResourceChange: one element of resource_changes, resource_drift or
// deferred_changes (jsonplan.ResourceChange and Change @883c722), viewed over
// its parsed JSON tree. Views live as long as the tree's arena.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "base/flavor.h"
#include "base/status.h"
#include "stream/json_value.h"
#include "stream/plan_action.h"

namespace tfstream::stream {

struct ResourceChange {
  std::string_view address, previous_address, module_address, mode, type, name, provider_name,
      deposed, action_reason;
  const JsonValue* index = nullptr;  // decoded; see IndexRaw() for the text
  bool has_index = false;
  std::string_view text;  // the whole resource change object's JSON text

  PlanAction action = PlanAction::kNoOp;
  std::vector<std::string> actions;
  const JsonValue* before = nullptr;
  const JsonValue* after = nullptr;
  const JsonValue* after_unknown = nullptr;
  const JsonValue* before_sensitive = nullptr;
  const JsonValue* after_sensitive = nullptr;
  const JsonValue* replace_paths = nullptr;
  bool importing = false;
  std::string_view importing_id;
  std::string_view generated_config;

  // The index value's JSON text, as json.RawMessage keeps it (found on
  // demand: only two deletion reasons print it).
  std::string_view IndexRaw() const;
  // change.importing.identity's JSON text, as json.RawMessage keeps it
  // (JSON null is the text "null"); empty when absent. Found on demand:
  // only OpenTofu's header of an import without an id prints it.
  std::string_view ImportingIdentityRaw() const;

  bool Moved() const { return !previous_address.empty() && previous_address != address; }
  bool IsManaged() const { return mode == "managed"; }
};

// The JSON texts of the members of the object whose text is `object_text`
// that name the struct field `name` (KeyIsField), in document order.
std::vector<std::string_view> RawMembers(std::string_view object_text, std::string_view name);
// The last of them (the one a json.RawMessage keeps); empty when absent.
std::string_view RawMember(std::string_view object_text, std::string_view name);

// Fills `out` from the tree of one resource change object, as encoding/json
// decodes it (resource_change.cc). `raw` is the object's JSON text (for
// IndexRaw); `offset` its position, for errors. With `resolve_action`,
// `action` is set from the action list too (ResolveAction); without, it is
// left kNoOp for the caller to resolve once it knows the list is read.
// `flavor` says which renderer's structs decode it (decodes_unknown_flags).
Status ExtractResourceChange(const JsonValue* tree, std::string_view raw, uint64_t offset, const Flavor& flavor,
                             ResourceChange* out, bool resolve_action = true);

// Sets out->action from out->actions; an error (Terraform panics in
// jsonplan.UnmarshalActions) when the list is none of the nine valid ones.
Status ResolveAction(ResourceChange* out, uint64_t offset);

// Only the change fields (actions, before, ...; action left alone) from a
// jsonplan.Change object, as an output change is.
Status ExtractChange(const JsonValue* tree, uint64_t offset, const Flavor& flavor, ResourceChange* out);

// The same for a deferred_changes element (jsonplan.DeferredResourceChange):
// its resource change (every "resource_change" key adds to the one struct)
// and its reason. Only Terraform reads deferred_changes, so its structs
// decode it.
Status ExtractDeferredResourceChange(const JsonValue* tree, std::string_view raw, uint64_t offset,
                                     ResourceChange* out, std::string_view* reason);

}  // namespace tfstream::stream
