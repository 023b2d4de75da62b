#include "forms/plan_json.h"

#include <string>
#include <vector>

#include "pipeline/background_validation.h"
#include "forms/json_out.h"
#include "forms/module_tree.h"
#include "pipeline/plan_changes.h"
#include "pipeline/plan_context.h"
#include "pipeline/plan_prepare.h"
#include "pipeline/plan_totals.h"

namespace tfstream::forms {

using namespace pipeline;
namespace {

using stream::PlanAction;

void AppendCounts(std::string* out, const PlanLineCounts& c) {
  *out += "{\"import\": " + std::to_string(c.import) + ", \"add\": " + std::to_string(c.add) +
          ", \"change\": " + std::to_string(c.change) + ", \"destroy\": " + std::to_string(c.destroy) +
          ", \"forget\": " + std::to_string(c.forget) + ", \"invoke\": " + std::to_string(c.invoke) + "}";
}

void AppendActions(std::string* out, const std::vector<std::string>& actions) {
  out->push_back('[');
  for (size_t i = 0; i < actions.size(); ++i) {
    if (i > 0) out->append(", ");
    AppendJsonString(out, actions[i]);
  }
  out->push_back(']');
}

// The index as the plan wrote it: a string is decoded and written again
// (the raw text may hold escapes or bytes that are not UTF-8), anything else
// as it was; null when absent.
void AppendIndex(std::string* out, std::string_view raw) {
  if (raw.empty()) {
    out->append("null");
    return;
  }
  if (raw.front() == '"') {
    stream::JsonScanner s(raw);
    std::string decoded;
    if (s.ReadString(&decoded)) {
      AppendJsonString(out, decoded);
      return;
    }
  }
  out->append(raw);
}

// One resource change (or drift) entry, without a newline.
void AppendEntry(std::string* out, const stream::ResourceFacts& rf, bool known, PlanAction action) {
  *out += "{\"address\": ";
  AppendJsonString(out, rf.address);
  *out += ", \"module_address\": ";
  AppendJsonStringOrNull(out, rf.module_address);
  *out += ", \"mode\": ";
  AppendJsonString(out, rf.mode);
  *out += ", \"type\": ";
  AppendJsonString(out, rf.type);
  *out += ", \"name\": ";
  AppendJsonString(out, rf.name);
  *out += ", \"index\": ";
  AppendIndex(out, rf.index);
  *out += ", \"provider_name\": ";
  AppendJsonString(out, rf.provider_name);
  *out += ", \"actions\": ";
  AppendActions(out, rf.actions);
  *out += ", \"action\": ";
  if (known) {
    AppendJsonString(out, stream::ActionWord(action));
  } else {
    out->append("null");
  }
  *out += ", \"action_reason\": ";
  AppendJsonStringOrNull(out, rf.action_reason);
  *out += ", \"previous_address\": ";
  AppendJsonStringOrNull(out, rf.Moved() ? std::string_view(rf.previous_address) : std::string_view());
  *out += rf.importing ? ", \"importing\": true" : ", \"importing\": false";
  *out += ", \"deposed\": ";
  AppendJsonStringOrNull(out, rf.deposed);
  out->push_back('}');
}

// Written as it goes: a tree may have many thousands of modules.
Status AppendModule(buffer::OutputSink* sink, const ModuleTree& tree, size_t i, int indent, const Flavor& flavor) {
  std::string* out = sink->buffer();
  const ModuleTree::Node& n = tree.node(i);
  std::string pad(static_cast<size_t>(indent), ' ');
  *out += pad + "{\"address\": ";
  AppendJsonStringOrNull(out, tree.Address(i));
  *out += ", \"changes\": " + std::to_string(n.total_blocks) + ", \"counts\": ";
  AppendCounts(out, tree.Counts(i, flavor));
  *out += ", \"modules\": [";
  for (size_t c = n.first_child; c != ModuleTree::kNone; c = tree.node(c).next_sibling) {
    *out += c == n.first_child ? "\n" : ",\n";
    if (Status s = AppendModule(sink, tree, c, indent + 2, flavor); !s.ok()) return s;
  }
  if (n.first_child != ModuleTree::kNone) *out += "\n" + pad;
  *out += "]}";
  return sink->MaybeFlush();
}

const char* ModeName(PlanMode mode) {
  switch (mode) {
    case PlanMode::kNormal:
      return "normal";
    case PlanMode::kDestroy:
      return "destroy";
    case PlanMode::kRefreshOnly:
      return "refresh-only";
  }
  return "normal";
}

}  // namespace

Status RenderJson(const Input& input, const Options& options, ProgressMeter* progress, buffer::OutputSink* out,
                  Report* report) {
  PlanContext ctx(input, options);
  // --group-by module refuses too deep a module before the first byte.
  Status too_deep;
  stream::ChangeHooks hooks;
  if (options.group_by_module) {
    hooks.on_begin = [&] { too_deep = Status::Ok(); };
    hooks.on_shown = [&](const stream::ResourceFacts& rf, PlanAction) {
      if (too_deep.ok()) too_deep = ModuleTree::CheckDepth(rf.address);
      if (!too_deep.ok()) too_deep = ctx.PlanError(too_deep);
    };
  }
  Status s = ScanPlan(&ctx, progress, hooks);
  if (!s.ok()) return s;
  if (!too_deep.ok()) return too_deep;
  const stream::PlanFacts& f = ctx.facts;
  // All or nothing: what the scan skipped is validated before the first byte.
  if (!(s = ValidateBeforeOutput(ctx)).ok()) return s;
  if (!(s = CheckSchemasFile(&ctx)).ok()) return s;
  std::vector<OutputChangeFacts> outputs;
  if (!(s = ReadOutputChanges(ctx, &outputs)).ok()) return s;
  bool has_changes = false;
  if (!(s = PlanHasChanges(ctx, outputs, &has_changes)).ok()) return s;
  // The pre-scan type-checked the facts of resource_changes, not those of
  // resource_drift (the text reads a drift entry only when it renders it):
  // check them too before the first byte, by structure, keeping nothing.
  s = ctx.ForEachElement(
      f.resource_drift,
      [&](std::string_view raw, uint64_t offset) {
        stream::ResourceFacts drift;
        drift.read_details = true;
        return ctx.ReadFacts(raw, offset, &drift);
      },
      PlanContext::Pages::kDropBehind);
  if (!s.ok()) return s;
  bool errored = false, no_changes_quality = false;
  ResolveQuality(ctx, &errored, &no_changes_quality);
  if (report != nullptr) {
    report->has_changes = has_changes;
    report->errored = errored;
  }

  std::string& buf = *out->buffer();
  buf += "{\"format_version\": \"";
  buf += kJsonFormatVersion;
  buf += "\",\n \"flavor\": ";
  AppendJsonString(&buf, ctx.flavor->name);
  buf += ",\n \"input_shape\": ";
  buf += f.shape == stream::InputShape::kRenderer ? "\"renderer\"" : "\"show-json\"";
  buf += ",\n \"plan_mode\": \"";
  buf += ModeName(options.mode);
  buf += "\",\n \"errored\": ";
  buf += errored ? "true" : "false";
  buf += ",\n \"has_changes\": ";
  buf += has_changes ? "true" : "false";
  buf += ",\n \"counts\": ";
  AppendCounts(&buf, CountPlanLine(f, *ctx.flavor));
  buf += ",\n \"shown_changes\": " + std::to_string(f.shown_changes - f.filtered_out);
  buf += ",\n \"filtered_out\": " + std::to_string(f.filtered_out);
  buf += ",\n \"resource_changes\": [";

  // The scan validated every element: its facts are read by structure.
  const stream::ChangeFilter* filter = options.filter.active() ? &options.filter : nullptr;
  ModuleTree modules;
  stream::ResourceFacts rf;
  rf.read_details = true;
  bool first = true;
  size_t done = 0;
  auto each = [&](bool drift) {
    return [&, drift](std::string_view raw, uint64_t offset) {
      if (progress != nullptr && !drift) progress->Rendering(offset + raw.size(), ++done);
      rf.Clear();
      if (Status st = ctx.ReadFacts(raw, offset, &rf); !st.ok()) return st;
      PlanAction action = PlanAction::kNoOp;
      bool known = stream::PlanActionFromList(rf.actions, &action);
      if (!drift) {
        // The pre-scan checked every list; only the blocks Terraform prints
        // and the filter passes are entries.
        if (!known || !stream::IsPrintedChange(action, rf)) return Status::Ok();
        if (filter != nullptr && !filter->Matches(rf, action)) return Status::Ok();
        size_t node;
        if (options.group_by_module) {
          if (Status st = modules.Add(rf.address, action, rf.importing, &node); !st.ok()) return st;
        }
      } else if (known && action == PlanAction::kNoOp && !rf.Moved()) {
        return Status::Ok();
      }
      buf += first ? "\n  " : ",\n  ";
      first = false;
      AppendEntry(&buf, rf, known, action);
      return out->MaybeFlush();
    };
  };
  if (progress != nullptr && f.resource_changes.present) {
    progress->StartRendering(f.resource_changes.begin, f.resource_changes.end, f.resource_change_count);
  }
  if (!(s = ctx.ForEachElement(f.resource_changes, each(false))).ok()) return s;
  buf += first ? "],\n" : "\n ],\n";
  buf += " \"resource_drift\": [";
  first = true;
  if (!(s = ctx.ForEachElement(f.resource_drift, each(true))).ok()) return s;
  buf += first ? "],\n" : "\n ],\n";

  buf += " \"output_changes\": [";
  first = true;
  for (const OutputChangeFacts& o : outputs) {
    buf += first ? "\n  {\"name\": " : ",\n  {\"name\": ";
    first = false;
    AppendJsonString(&buf, o.name);
    buf += ", \"actions\": ";
    AppendActions(&buf, o.actions);
    buf += ", \"action\": ";
    if (o.known) {
      AppendJsonString(&buf, stream::ActionWord(o.action));
    } else {
      buf += "null";
    }
    buf += o.sensitive ? ", \"sensitive\": true}" : ", \"sensitive\": false}";
  }
  buf += first ? "]" : "\n ]";
  if (options.group_by_module) {
    modules.Finish();
    buf += ",\n \"modules\":\n";
    if (!(s = AppendModule(out, modules, 0, 2, *ctx.flavor)).ok()) return s;
  }
  buf += "\n}\n";
  if (!(s = out->Flush()).ok()) return s;
  TakeNotes(ctx, report);
  return s;
}

}  // namespace tfstream::forms
