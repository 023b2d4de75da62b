#include "forms/plan_json.h"

#include <string>
#include <vector>

#include "forms/json_out.h"
#include "forms/module_tree.h"
#include "pipeline/plan_changes.h"
#include "pipeline/plan_context.h"
#include "pipeline/plan_run.h"
#include "render/plan/plan_totals.h"

namespace tfstream::forms {

using namespace pipeline;
using namespace render::plan;
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

namespace {

class JsonSink : public Sink {
 public:
  JsonSink(const Options& options, buffer::OutputSink* out) : options_(options), out_(out) {}

  Needs needs() const override {
    Needs n;
    n.text = false;
    n.validated_before_output = true;  // all or nothing: a consumer never sees half a document
    n.scan_facts = options_.group_by_module;
    n.change_facts = n.drift_facts = n.fact_details = true;
    n.changes_decided = true;
    return n;
  }
  // --group-by module refuses too deep a module before the first byte.
  void ScanRestarted() override { too_deep_ = Status::Ok(); }
  void Scanned(const stream::ResourceFacts& rf, PlanAction) override {
    if (too_deep_.ok()) too_deep_ = ModuleTree::CheckDepth(rf.address);
  }
  Status AfterScan() override { return too_deep_; }

  Status Begin(const PlanView& plan) override {
    const PlanContext& ctx = plan.ctx;
    const stream::PlanFacts& f = ctx.facts;
    // The pre-scan type-checked the facts of resource_changes, not those of
    // resource_drift (the text reads a drift entry only when it renders it):
    // check them too before the first byte, by structure, keeping nothing.
    Status s = ctx.ForEachElement(
        f.resource_drift,
        [&](std::string_view raw, uint64_t offset) {
          stream::ResourceFacts drift;
          drift.read_details = true;
          return ctx.ReadFacts(raw, offset, &drift);
        },
        PlanContext::Pages::kDropBehind);
    if (!s.ok()) return s;
    flavor_ = ctx.flavor;
    std::string& buf = *out_->buffer();
    buf += "{\"format_version\": \"";
    buf += kJsonFormatVersion;
    buf += "\",\n \"flavor\": ";
    AppendJsonString(&buf, ctx.flavor->name);
    buf += ",\n \"input_shape\": ";
    buf += f.shape == stream::InputShape::kRenderer ? "\"renderer\"" : "\"show-json\"";
    buf += ",\n \"plan_mode\": \"";
    buf += ModeName(options_.mode);
    buf += "\",\n \"errored\": ";
    buf += plan.errored ? "true" : "false";
    buf += ",\n \"has_changes\": ";
    buf += plan.has_changes ? "true" : "false";
    buf += ",\n \"counts\": ";
    AppendCounts(&buf, CountPlanLine(f, *ctx.flavor));
    buf += ",\n \"shown_changes\": " + std::to_string(f.shown_changes - f.filtered_out);
    buf += ",\n \"filtered_out\": " + std::to_string(f.filtered_out);
    buf += ",\n \"resource_changes\": [";
    return Status::Ok();
  }

  Status Block(const BlockView& block) override {
    std::string& buf = *out_->buffer();
    if (block.section == Section::kDrift && !in_drift_) {
      // The drift's facts come after every planned change's.
      buf += first_ ? "],\n" : "\n ],\n";
      buf += " \"resource_drift\": [";
      first_ = true;
      in_drift_ = true;
    }
    if (block.section == Section::kPlannedChanges && options_.group_by_module) {
      size_t node;
      if (Status st = modules_.Add(block.change->address, block.plan_action, block.change->importing, &node);
          !st.ok()) {
        return st;
      }
    }
    buf += first_ ? "\n  " : ",\n  ";
    first_ = false;
    AppendEntry(&buf, *block.change, block.known_action, block.plan_action);
    return out_->MaybeFlush();
  }

  Status Finish(const PlanView& plan) override {
    std::string& buf = *out_->buffer();
    if (!in_drift_) {
      buf += first_ ? "],\n" : "\n ],\n";
      buf += " \"resource_drift\": [";
      first_ = true;
    }
    buf += first_ ? "],\n" : "\n ],\n";

    buf += " \"output_changes\": [";
    bool first = true;
    for (const OutputChangeFacts& o : *plan.output_facts) {
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
    if (options_.group_by_module) {
      modules_.Finish();
      buf += ",\n \"modules\":\n";
      if (Status s = AppendModule(out_, modules_, 0, 2, *flavor_); !s.ok()) return s;
    }
    buf += "\n}\n";
    return out_->Flush();
  }

 private:
  const Options& options_;
  buffer::OutputSink* out_;
  const Flavor* flavor_ = nullptr;
  Status too_deep_;
  ModuleTree modules_;
  bool first_ = true;      // no entry yet in the array being written
  bool in_drift_ = false;  // writing resource_drift
};

}  // namespace

std::unique_ptr<Sink> MakeJsonSink(const Options& options, buffer::OutputSink* out) {
  return std::make_unique<JsonSink>(options, out);
}

}  // namespace tfstream::forms
