#include "forms/state_summary.h"

#include <map>
#include <string>

#include "forms/json_out.h"
#include "forms/module_tree.h"
#include "pipeline/plan_context.h"
#include "pipeline/state_run.h"

namespace tfstream::forms {

namespace {

using pipeline::BlockView;
using pipeline::Needs;
using pipeline::StateView;

std::string Plural(size_t n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

// What --summary and --format json share: facts only (no schemas needed: no
// values are rendered), each shown resource's pushed in walk order, and the
// root outputs' names, sorted (none with --address).
class StateFactsSink : public pipeline::Sink {
 public:
  explicit StateFactsSink(buffer::OutputSink* out) : out_(out) {}
  Needs needs() const override {
    Needs n;
    n.text = false;
    n.resource_facts = true;
    n.notes = false;
    return n;
  }
  Status Begin(const StateView& state) override {
    if (state.prepared.select != nullptr) return Status::Ok();
    for (const stream::ByteRange& object : state.prepared.facts.outputs_objects) {
      Status s = stream::ForEachMemberRange(
          state.ctx.in.plan, object, "outputs",
          [this](const std::string& key, stream::ByteRange) { outputs_[key] = true; },
          stream::ValueSkip::kByStructure);
      if (!s.ok()) return state.ctx.PlanError(s);
    }
    return Status::Ok();
  }

 protected:
  buffer::OutputSink* out_;
  std::map<std::string, bool> outputs_;
};

class StateSummarySink : public StateFactsSink {
 public:
  using StateFactsSink::StateFactsSink;
  Status Block(const BlockView& block) override {
    const stream::StateResourceFacts& rf = *block.resource;
    line_ = rf.address;
    if (!rf.deposed_key.empty()) {
      line_ += " (deposed object " + rf.deposed_key + ")";
    } else if (rf.tainted) {
      line_ += " (tainted)";
    }
    line_ += "\n";
    out_->Append(line_);
    return out_->MaybeFlush();
  }
  Status Finish(const StateView& state) override {
    const stream::StateFacts& f = state.prepared.facts;
    if (f.resource_count > 0) out_->Append("\n");
    if (state.prepared.select != nullptr) {
      out_->Append("Shown " + std::to_string(f.resource_count) + " of " +
                   Plural(f.all_resource_count, "resource object.\n", "resource objects.\n"));
    } else {
      out_->Append("State: " + Plural(f.resource_count, "resource object", "resource objects") + ", " +
                   Plural(outputs_.size(), "output.\n", "outputs.\n"));
    }
    return out_->Flush();
  }

 private:
  std::string line_;  // scratch
};

class StateJsonSink : public StateFactsSink {
 public:
  using StateFactsSink::StateFactsSink;
  Status Begin(const StateView& state) override {
    Status s = StateFactsSink::Begin(state);
    if (!s.ok()) return s;
    std::string& buf = *out_->buffer();
    buf += "{\"format_version\": \"1.0\",\n \"flavor\": ";
    AppendJsonString(&buf, state.ctx.flavor->name);
    buf += ",\n \"input_shape\": \"state\",\n \"state_format_version\": ";
    AppendJsonStringOrNull(&buf, state.prepared.facts.format_version);
    buf += ",\n \"resources\": [";
    return Status::Ok();
  }
  Status Block(const BlockView& block) override {
    const stream::StateResourceFacts& rf = *block.resource;
    std::string& buf = *out_->buffer();
    buf += first_ ? "\n  {\"address\": " : ",\n  {\"address\": ";
    first_ = false;
    AppendJsonString(&buf, rf.address);
    buf += ", \"module\": ";
    AppendJsonString(&buf, ModuleOfAddress(rf.address));
    buf += ", \"mode\": ";
    AppendJsonString(&buf, rf.mode);
    buf += ", \"type\": ";
    AppendJsonString(&buf, rf.type);
    buf += ", \"name\": ";
    AppendJsonString(&buf, rf.name);
    buf += ", \"provider_name\": ";
    AppendJsonString(&buf, rf.provider_name);
    buf += rf.tainted ? ", \"tainted\": true" : ", \"tainted\": false";
    buf += ", \"deposed_key\": ";
    AppendJsonStringOrNull(&buf, rf.deposed_key);
    buf += "}";
    return out_->MaybeFlush();
  }
  Status Finish(const StateView& state) override {
    std::string& buf = *out_->buffer();
    buf += first_ ? "],\n \"resource_count\": " : "\n ],\n \"resource_count\": ";
    buf += std::to_string(state.prepared.facts.resource_count);
    buf += ",\n \"outputs\": [";
    bool first = true;
    for (const auto& [name, unused] : outputs_) {
      if (!first) buf += ", ";
      first = false;
      AppendJsonString(&buf, name);
    }
    buf += "]}\n";
    return out_->Flush();
  }

 private:
  bool first_ = true;
};

}  // namespace

std::unique_ptr<pipeline::Sink> MakeStateSummarySink(buffer::OutputSink* out) {
  return std::make_unique<StateSummarySink>(out);
}

std::unique_ptr<pipeline::Sink> MakeStateJsonSink(buffer::OutputSink* out) {
  return std::make_unique<StateJsonSink>(out);
}

}  // namespace tfstream::forms
