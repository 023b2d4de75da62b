// Order of work: PreScan validates the whole document and tallies what the
// legend and summary need; schema problems are then checked before anything
// is written; then the sections are written in Terraform's order, each
// resource parsed into the per-resource arena, diffed, rendered, flushed and
// forgotten. Sections that depend on later facts (whether the drift section
// shows, whether the plan is "empty") are decided by extra passes that stop
// at the first deciding resource.
#include "pipeline/plan_pipeline.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <vector>

#include "render/computed/palette.h"
#include "render/differ/differ.h"
#include "render/plan/resource_block.h"
#include "render/renderers/util.h"
#include "render/text/colorize.h"
#include "render/text/go_float.h"
#include "render/text/word_wrap.h"
#include "stream/json_scanner.h"
#include "stream/json_tree_parser.h"
#include "stream/pre_scan.h"
#include "stream/resource_change.h"
#include "stream/schema_store.h"

namespace tfstream::pipeline {
namespace {

using render::Action;
using render::Diff;
using render::RenderOpts;
using stream::ByteRange;
using stream::JsonValue;

std::string Located(const std::string& label, const Status& s) {
  if (s.has_offset()) return label + ":" + std::to_string(s.offset()) + ": " + s.message();
  return label + ": " + s.message();
}

// incompatibleVersions: true when the document's format is newer than ours.
bool Incompatible(std::string_view local, std::string_view remote) {
  double l, r;
  if (!render::text::GoParseFloat(local, &l) || !render::text::GoParseFloat(remote, &r)) return false;
  return l < r;
}

// TFSTREAM_TIMING=1 prints how long each phase took, for benchmarking.
class PhaseTimer {
 public:
  PhaseTimer() : enabled_(std::getenv("TFSTREAM_TIMING") != nullptr), last_(Clock::now()) {}
  void Mark(const char* phase) {
    if (!enabled_) return;
    auto now = Clock::now();
    std::fprintf(stderr, "tfstream: %-16s %8.3f s\n", phase, std::chrono::duration<double>(now - last_).count());
    last_ = now;
  }

 private:
  using Clock = std::chrono::steady_clock;
  bool enabled_;
  Clock::time_point last_;
};

struct OutputEntry {
  std::string name;
  ByteRange range;
  Action action = Action::kNoOp;
};

class PlanPipeline {
 public:
  PlanPipeline(const Input& in, const Options& opt, buffer::OutputSink* out)
      : in_(in), opt_(opt), out_(out), colorize_(opt.color), palette_(colorize_) {}

  Status Run();

 private:
  // Errors located in the plan document.
  Status PlanError(const Status& s) { return Status::Error(Located(in_.plan_label, s)); }

  template <typename Fn>
  Status ForEachElement(ByteRange range, Fn fn);
  Status ParseElement(std::string_view raw, uint64_t offset, const JsonValue** tree);
  // Parses one resource change element into the arena and views it.
  Status LoadChange(std::string_view raw, uint64_t offset, stream::ResourceChange* rc);

  Status CheckSchemas();
  Status PrepareRelevantAttributes();
  Status PrepareActions();
  Status PrepareOutputs();

  // Computes the block diff of a resource change; `relevant` chooses the
  // attributes shown (drift); *skip is set when a drift has nothing relevant.
  Status ComputeResourceDiff(const stream::ResourceChange& rc, bool drift, Diff* diff, bool* skip);
  Status ComputeOutputDiff(const OutputEntry& e, Diff* diff);

  Status DriftQualifies(bool* any);
  Status PlanIsEmpty(bool* empty);
  Status RenderDrift(bool* have_refresh_changes);
  Status RenderDeferred(bool* rendered);
  Status RenderChanges();
  Status AppendInvocations(const stream::ResourceChange& rc, std::vector<render::plan::InvocationView>* before,
                           std::vector<render::plan::InvocationView>* after);
  std::string RenderOutputs();
  std::string RenderCliActions();

  void Print(std::string_view s) { out_->Append(s); }
  void Println(std::string_view s) {
    out_->Append(s);
    out_->Append("\n");
  }
  std::string Wrap(std::string_view s) { return render::text::WordWrap(s, opt_.width); }
  std::string Rule() { return render::text::HorizontalRule(colorize_, opt_.width); }
  Status Flush() {
    Status s = out_->Flush();
    return s;
  }
  RenderOpts BaseOpts() {
    RenderOpts o;
    o.palette = &palette_;
    o.arena = &arena_;
    o.error = &render_error_;
    return o;
  }
  render::DiffContext Ctx() { return render::DiffContext{&arena_, &render_error_}; }

  const Input& in_;
  const Options& opt_;
  buffer::OutputSink* out_;
  render::text::Colorize colorize_;
  render::Palette palette_;
  stream::PlanFacts facts_;
  std::unique_ptr<stream::SchemaStore> schemas_;
  std::string render_error_;
  buffer::Arena arena_;       // one resource at a time
  buffer::Arena long_arena_;  // relevant attributes, for the whole run
  std::map<std::string, std::vector<const JsonValue*>, std::less<>> relevant_by_resource_;
  std::vector<const JsonValue*> relevant_global_;
  std::multimap<std::string, size_t, std::less<>> lifecycle_by_address_;
  std::vector<OutputEntry> outputs_;
  bool errored_ = false, no_changes_quality_ = false;
};

// The document was validated by the pre-scan, so elements are found with the
// fast non-validating skip.
template <typename Fn>
Status PlanPipeline::ForEachElement(ByteRange range, Fn fn) {
  if (!range.present) return Status::Ok();
  std::string_view doc = in_.plan.substr(0, range.end);
  auto ws = [&](size_t p) {
    while (p < doc.size() && (doc[p] == ' ' || doc[p] == '\n' || doc[p] == '\r' || doc[p] == '\t')) ++p;
    return p;
  };
  size_t pos = ws(range.begin) + 1;  // past '['
  while (true) {
    pos = ws(pos);
    if (pos >= doc.size() || doc[pos] == ']') return Status::Ok();
    if (doc[pos] == ',') pos = ws(pos + 1);
    size_t end = stream::SkipValidValue(doc, pos);
    Status st = fn(doc.substr(pos, end - pos), pos);
    if (!st.ok()) return st;
    pos = end;
  }
}

Status PlanPipeline::ParseElement(std::string_view raw, uint64_t offset, const JsonValue** tree) {
  Status s = stream::ParseJsonTree(raw, offset, &arena_, tree);
  return s.ok() ? s : PlanError(s);
}

Status PlanPipeline::LoadChange(std::string_view raw, uint64_t offset, stream::ResourceChange* rc) {
  const JsonValue* tree;
  Status s = ParseElement(raw, offset, &tree);
  if (!s.ok()) return s;
  s = stream::ExtractResourceChange(tree, raw, offset, rc);
  return s.ok() ? s : PlanError(s);
}

Status PlanPipeline::CheckSchemas() {
  std::string_view text = in_.plan;
  ByteRange range = facts_.provider_schemas;
  std::string label = in_.plan_label;
  if (facts_.shape == stream::InputShape::kShowJson && in_.has_schemas) {
    // `terraform providers schema -json`: {"format_version", "provider_schemas"}.
    stream::JsonScanner s(in_.schemas);
    range = ByteRange{};
    if (!s.BeginObject("'{' at the start of the schemas")) return Status::Error(Located(in_.schemas_label, s.status()));
    bool first = true;
    std::string key;
    while (s.NextMember(&first, &key)) {
      s.SkipWhitespace();
      size_t begin = s.pos();
      if (!s.SkipValue(1)) return Status::Error(Located(in_.schemas_label, s.status()));
      if (key == "provider_schemas" && in_.schemas[begin] == '{') range = ByteRange{begin, s.pos(), true};
    }
    if (!s.ok() || !s.AtEnd()) {
      if (s.ok()) s.Fail("unexpected data after the end of the schemas");
      return Status::Error(Located(in_.schemas_label, s.status()));
    }
    text = in_.schemas;
    label = in_.schemas_label;
  }
  schemas_ = std::make_unique<stream::SchemaStore>(text, range, label);
  for (const auto& [key, address] : facts_.needed_schemas) {
    bool found;
    const stream::Block* block;
    Status s = schemas_->Find(key.provider, key.data ? stream::SchemaStore::Kind::kDataSource
                                                     : stream::SchemaStore::Kind::kResource,
                              key.type, &found, &block);
    if (!s.ok()) return Status::Error(Located(label, s));
    if (!found) {
      std::string where = in_.has_schemas || facts_.shape == stream::InputShape::kRenderer
                              ? ""
                              : " (pass the provider schemas with --schemas)";
      return Status::Error(in_.plan_label + ": " + address + ": no schema for " +
                           (key.data ? "data source" : "resource") + " type \"" + key.type +
                           "\" of provider \"" + key.provider + "\"" + where);
    }
  }
  return Status::Ok();
}

Status PlanPipeline::PrepareRelevantAttributes() {
  if (!facts_.relevant_attributes.present) return Status::Ok();
  const JsonValue* tree = nullptr;
  ByteRange r = facts_.relevant_attributes;
  Status s = stream::ParseJsonTree(in_.plan.substr(r.begin, r.size()), r.begin, &long_arena_, &tree);
  if (!s.ok()) return PlanError(s);
  if (tree == nullptr) return Status::Ok();
  for (size_t i = 0; i < tree->size; ++i) {
    const JsonValue* item = tree->items[i];
    const JsonValue* resource = nullptr;
    const JsonValue* attribute = nullptr;
    bool has_attr = stream::FindField(item, "attribute", &attribute);
    stream::FindField(item, "resource", &resource);
    if (item != nullptr && !item->IsObject()) {
      return PlanError(Status::Error("expected objects in \"relevant_attributes\"", r.begin));
    }
    if (!has_attr || (attribute != nullptr && !attribute->IsArray())) {
      return PlanError(Status::Error("relevant attribute without a valid \"attribute\" path", r.begin));
    }
    std::string_view name = resource != nullptr && resource->IsString() ? resource->text : std::string_view();
    if (name.empty()) {
      relevant_global_.push_back(attribute);
    } else {
      relevant_by_resource_[std::string(name)].push_back(attribute);
    }
  }
  return Status::Ok();
}

Status PlanPipeline::ComputeResourceDiff(const stream::ResourceChange& rc, bool drift, Diff* diff, bool* skip) {
  *skip = false;
  render::structured::Matcher relevant = render::structured::Matcher::Always();
  if (drift && opt_.mode != PlanMode::kRefreshOnly) {
    relevant = render::structured::Matcher::Empty(true);
    // Global entries and this resource's entries, in document order within
    // each group; order does not change what matches.
    for (const JsonValue* a : relevant_global_) relevant.AppendSingle(a, &arena_);
    auto it = relevant_by_resource_.find(rc.address);
    if (it != relevant_by_resource_.end()) {
      for (const JsonValue* a : it->second) relevant.AppendSingle(a, &arena_);
    }
    if (relevant.path_count() == 0) {
      *skip = true;
      return Status::Ok();
    }
  }
  render::structured::Change change;
  change.before = rc.before;
  change.after = rc.after;
  change.unknown = rc.after_unknown;
  change.before_sensitive = rc.before_sensitive;
  change.after_sensitive = rc.after_sensitive;
  change.relevant_attributes = relevant;
  if (!render::structured::Matcher::Parse(rc.replace_paths, false, &arena_, &change.replace_paths)) {
    return Status::Error(in_.plan_label + ": " + std::string(rc.address) + ": malformed replace_paths");
  }
  if (rc.actions.size() == 1 && rc.actions[0] == "forget") change = change.AsNoOp();
  bool found;
  const stream::Block* block;
  Status s = schemas_->Find(rc.provider_name,
                            rc.IsManaged() ? stream::SchemaStore::Kind::kResource : stream::SchemaStore::Kind::kDataSource,
                            rc.type, &found, &block);
  if (!s.ok()) return Status::Error(Located(schemas_->label(), s));
  if (!found) {
    return Status::Error(in_.plan_label + ": " + std::string(rc.address) + ": no schema for type \"" +
                         std::string(rc.type) + "\" of provider \"" + std::string(rc.provider_name) + "\"");
  }
  render_error_.clear();
  *diff = render::differ::ComputeDiffForBlock(change, *block, Ctx());
  if (!render_error_.empty()) {
    return Status::Error(in_.plan_label + ": " + std::string(rc.address) + ": " + render_error_);
  }
  return Status::Ok();
}

Status PlanPipeline::PrepareActions() {
  for (size_t i = 0; i < facts_.actions.size(); ++i) {
    const stream::ActionInvocationFacts& a = facts_.actions[i];
    if (a.lifecycle) lifecycle_by_address_.emplace(a.triggering_address, i);
  }
  // Invoke-triggered actions always need their provider and, with config,
  // their action schema.
  for (const stream::ActionInvocationFacts& a : facts_.actions) {
    if (a.lifecycle || !a.invoke) continue;
    bool found;
    Status s = schemas_->HasProvider(a.provider_name, &found);
    if (s.ok() && !found) s = Status::Error("no schema for provider \"" + a.provider_name + "\"");
    if (s.ok() && a.has_config) {
      const stream::Block* block;
      s = schemas_->Find(a.provider_name, stream::SchemaStore::Kind::kAction, a.type, &found, &block);
      if (s.ok() && (!found || block == nullptr)) s = Status::Error("no schema for action type \"" + a.type + "\"");
    }
    if (!s.ok()) return Status::Error(in_.plan_label + ": " + a.address + ": " + s.message());
  }
  if (lifecycle_by_address_.empty()) return Status::Ok();
  // Lifecycle actions matter only for resources that exist: find them.
  return ForEachElement(facts_.resource_changes, [&](std::string_view raw, uint64_t offset) -> Status {
    stream::JsonScanner s(raw, offset);
    stream::ResourceFacts rf;
    if (!stream::ScanResourceFacts(&s, 2, &rf)) return PlanError(s.status());
    auto range = lifecycle_by_address_.equal_range(rf.address);
    for (auto it = range.first; it != range.second; ++it) {
      const stream::ActionInvocationFacts& a = facts_.actions[it->second];
      static const char* kEvents[] = {"BeforeCreate", "BeforeUpdate", "BeforeDestroy",
                                      "AfterCreate",  "AfterUpdate",  "AfterDestroy"};
      if (std::find(std::begin(kEvents), std::end(kEvents), a.event) == std::end(kEvents)) {
        return Status::Error(in_.plan_label + ": " + a.address + ": unexpected triggering event \"" + a.event +
                             "\" for an action of " + rf.address);
      }
      bool found;
      Status st = schemas_->HasProvider(a.provider_name, &found);
      if (st.ok() && !found) st = Status::Error("no schema for provider \"" + a.provider_name + "\"");
      if (st.ok() && a.has_config) {
        const stream::Block* block;
        st = schemas_->Find(a.provider_name, stream::SchemaStore::Kind::kAction, a.type, &found, &block);
        if (st.ok() && (!found || block == nullptr)) st = Status::Error("no schema for action type \"" + a.type + "\"");
      }
      if (!st.ok()) return Status::Error(in_.plan_label + ": " + a.address + ": " + st.message());
    }
    return Status::Ok();
  });
}

Status PlanPipeline::ComputeOutputDiff(const OutputEntry& e, Diff* diff) {
  const JsonValue* tree = nullptr;
  Status s = ParseElement(in_.plan.substr(e.range.begin, e.range.size()), e.range.begin, &tree);
  if (!s.ok()) return s;
  if (tree != nullptr && !tree->IsObject()) {
    return PlanError(Status::Error("expected an object for output \"" + e.name + "\"", e.range.begin));
  }
  render::structured::Change change;
  stream::FindField(tree, "before", &change.before);
  stream::FindField(tree, "after", &change.after);
  stream::FindField(tree, "after_unknown", &change.unknown);
  stream::FindField(tree, "before_sensitive", &change.before_sensitive);
  stream::FindField(tree, "after_sensitive", &change.after_sensitive);
  const JsonValue* replace = nullptr;
  stream::FindField(tree, "replace_paths", &replace);
  if (!render::structured::Matcher::Parse(replace, false, &arena_, &change.replace_paths)) {
    return Status::Error(in_.plan_label + ": output " + e.name + ": malformed replace_paths");
  }
  const JsonValue* actions = nullptr;
  if (stream::FindField(tree, "actions", &actions) && actions != nullptr && actions->IsArray() &&
      actions->size == 1 && actions->items[0] != nullptr && actions->items[0]->IsString() &&
      actions->items[0]->text == "forget") {
    change = change.AsNoOp();
  }
  render_error_.clear();
  *diff = render::differ::ComputeDiffForOutput(change, Ctx());
  if (!render_error_.empty()) return Status::Error(in_.plan_label + ": output " + e.name + ": " + render_error_);
  return Status::Ok();
}

Status PlanPipeline::PrepareOutputs() {
  ByteRange r = facts_.output_changes;
  if (!r.present) return Status::Ok();
  stream::JsonScanner s(in_.plan.substr(r.begin, r.size()), r.begin);
  if (!s.BeginObject("'{'")) return PlanError(s.status());
  bool first = true;
  std::string key;
  std::map<std::string, ByteRange> by_name;  // a repeated name keeps its last value
  while (s.NextMember(&first, &key)) {
    s.SkipWhitespace();
    size_t begin = s.pos();
    if (!s.SkipValue(2)) return PlanError(s.status());
    by_name[key] = ByteRange{r.begin + begin, r.begin + s.pos(), true};
  }
  if (!s.ok()) return PlanError(s.status());
  for (auto& [name, range] : by_name) {
    OutputEntry e{name, range, Action::kNoOp};
    Diff d;
    Status st = ComputeOutputDiff(e, &d);
    arena_.Reset();
    if (!st.ok()) return st;
    e.action = d.action;
    outputs_.push_back(std::move(e));
  }
  return Status::Ok();
}

std::string PlanPipeline::RenderOutputs() {
  size_t max_len = 0;
  std::vector<std::string> escaped;
  for (const OutputEntry& e : outputs_) {
    escaped.push_back(render::renderers::EscapedAttributeName(e.name));
    max_len = std::max(max_len, escaped.back().size());
  }
  std::string result;
  bool any = false;
  for (size_t i = 0; i < outputs_.size(); ++i) {
    if (outputs_[i].action == Action::kNoOp) continue;
    Diff d;
    if (!ComputeOutputDiff(outputs_[i], &d).ok()) continue;  // computed once already without error
    if (any) result.push_back('\n');
    any = true;
    result.append(colorize_.Color(render::DiffActionSymbolMarkup(d.action)));
    result.push_back(' ');
    render::renderers::AppendPadded(&result, escaped[i], max_len);
    result.append(" = ");
    d.RenderHuman(0, BaseOpts(), &result);
    arena_.Reset();
  }
  return result;
}

Status PlanPipeline::DriftQualifies(bool* any) {
  *any = false;
  return ForEachElement(facts_.resource_drift, [&](std::string_view raw, uint64_t offset) -> Status {
    if (*any) return Status::Ok();
    stream::ResourceChange rc;
    Status s = LoadChange(raw, offset, &rc);
    if (!s.ok()) return s;
    if (rc.mode != "managed" && rc.mode != "data") {
      return PlanError(Status::Error("resource drift \"" + std::string(rc.address) + "\" has an unrecognized resource mode", offset));
    }
    Diff d;
    bool skip;
    s = ComputeResourceDiff(rc, true, &d, &skip);
    arena_.Reset();
    if (!s.ok()) return s;
    if (!skip && (opt_.mode == PlanMode::kRefreshOnly || d.action != Action::kNoOp)) *any = true;
    return Status::Ok();
  });
}

Status PlanPipeline::PlanIsEmpty(bool* empty) {
  *empty = true;
  for (const OutputEntry& e : outputs_) {
    if (e.action != Action::kNoOp) {
      *empty = false;
      return Status::Ok();
    }
  }
  return ForEachElement(facts_.resource_changes, [&](std::string_view raw, uint64_t offset) -> Status {
    if (!*empty) return Status::Ok();
    stream::ResourceChange rc;
    Status s = LoadChange(raw, offset, &rc);
    if (!s.ok()) return s;
    if (rc.Moved()) {
      *empty = false;
      arena_.Reset();
      return Status::Ok();
    }
    Diff d;
    bool skip;
    s = ComputeResourceDiff(rc, false, &d, &skip);
    arena_.Reset();
    if (!s.ok()) return s;
    if (d.action != Action::kNoOp) *empty = false;
    return Status::Ok();
  });
}

Status PlanPipeline::RenderDrift(bool* have_refresh_changes) {
  *have_refresh_changes = false;
  if (!facts_.resource_drift.present) return Status::Ok();
  bool any;
  Status s = DriftQualifies(&any);
  if (!s.ok() || !any) return s;
  if (opt_.mode != PlanMode::kRefreshOnly) {
    bool empty;
    s = PlanIsEmpty(&empty);
    if (!s.ok() || empty) return s;
  }
  Print(colorize_.Color("\n[bold][cyan]Note:[reset][bold] Objects have changed outside of Terraform\n"));
  Println("");
  Print(Wrap("Terraform detected the following changes made outside of Terraform since the last \"terraform apply\" which may have affected this plan:\n"));
  s = ForEachElement(facts_.resource_drift, [&](std::string_view raw, uint64_t offset) -> Status {
    stream::ResourceChange rc;
    Status st = LoadChange(raw, offset, &rc);
    if (!st.ok()) return st;
    Diff d;
    bool skip;
    st = ComputeResourceDiff(rc, true, &d, &skip);
    if (!st.ok() || skip || (opt_.mode != PlanMode::kRefreshOnly && d.action == Action::kNoOp) ||
        (rc.action == Action::kNoOp && !rc.Moved() && !rc.importing)) {
      arena_.Reset();
      return st;
    }
    std::string block;
    render_error_.clear();
    render::plan::AppendResourceDiff(rc, rc.action, d, render::plan::Cause::kDrift, {}, {}, BaseOpts(), &block);
    arena_.Reset();
    if (!render_error_.empty()) return Status::Error(in_.plan_label + ": " + std::string(rc.address) + ": " + render_error_);
    Println("");
    Println(block);
    return Flush();
  });
  if (!s.ok()) return s;
  if (opt_.mode == PlanMode::kRefreshOnly) {
    Println(Wrap("\n\nThis is a refresh-only plan, so Terraform will not take any actions to undo these. If you were expecting these changes then you can apply this plan to record the updated values in the Terraform state without changing any remote objects."));
  } else {
    Println(Wrap("\n\nUnless you have made equivalent changes to your configuration, or ignored the relevant attributes using ignore_changes, the following plan may include actions to undo or respond to these changes."));
  }
  *have_refresh_changes = true;
  return Status::Ok();
}

Status PlanPipeline::RenderDeferred(bool* rendered) {
  *rendered = false;
  if (facts_.shape != stream::InputShape::kRenderer || !facts_.deferred_changes.present) return Status::Ok();
  bool header = false;
  return ForEachElement(facts_.deferred_changes, [&](std::string_view raw, uint64_t offset) -> Status {
    if (!header) {
      Print(colorize_.Color("\n[bold][cyan]Note:[reset][bold] This is a partial plan, parts can only be known in the next plan / apply cycle.\n"));
      Println("");
      header = true;
      *rendered = true;
    }
    const JsonValue* tree;
    Status st = ParseElement(raw, offset, &tree);
    if (!st.ok()) return st;
    const JsonValue* reason = nullptr;
    const JsonValue* change_json = nullptr;
    stream::FindField(tree, "reason", &reason);
    stream::FindField(tree, "resource_change", &change_json);
    stream::ResourceChange rc;
    std::string_view change_raw = stream::RawMember(raw, "resource_change");
    st = stream::ExtractResourceChange(change_json, change_raw, offset, &rc);
    if (!st.ok()) return PlanError(st);
    if (rc.mode != "managed" && rc.mode != "data") {
      return PlanError(Status::Error("deferred change \"" + std::string(rc.address) + "\" has an unrecognized resource mode", offset));
    }
    Diff d;
    bool skip;
    st = ComputeResourceDiff(rc, false, &d, &skip);
    if (!st.ok()) return st;
    if (rc.action == Action::kNoOp && !rc.Moved() && !rc.importing) {
      arena_.Reset();
      return Status::Ok();
    }
    std::string block;
    render_error_.clear();
    std::string_view why = reason != nullptr && reason->IsString() ? reason->text : std::string_view();
    render::plan::AppendDeferredDiff(rc, why, rc.action, d, BaseOpts(), &block);
    arena_.Reset();
    if (!render_error_.empty()) return Status::Error(in_.plan_label + ": " + std::string(rc.address) + ": " + render_error_);
    Println("");
    Println(block);
    return Flush();
  });
}

// The lifecycle action invocations of one resource, parsed and diffed into
// the resource's arena, before and after groups sorted as Terraform sorts them.
Status PlanPipeline::AppendInvocations(const stream::ResourceChange& rc,
                                       std::vector<render::plan::InvocationView>* before,
                                       std::vector<render::plan::InvocationView>* after) {
  auto range = lifecycle_by_address_.equal_range(rc.address);
  std::vector<size_t> b, a;
  for (auto it = range.first; it != range.second; ++it) {
    const stream::ActionInvocationFacts& f = facts_.actions[it->second];
    (f.event.rfind("Before", 0) == 0 ? b : a).push_back(it->second);
  }
  auto compare = [&](size_t x, size_t y) {
    const auto& fx = facts_.actions[x];
    const auto& fy = facts_.actions[y];
    if (fx.triggering_address != fy.triggering_address) return fx.triggering_address < fy.triggering_address;
    if (fx.block_index != fy.block_index) return fx.block_index < fy.block_index;
    return fx.list_index < fy.list_index;
  };
  std::stable_sort(b.begin(), b.end(), compare);
  std::stable_sort(a.begin(), a.end(), compare);
  for (int group = 0; group < 2; ++group) {
    for (size_t idx : group == 0 ? b : a) {
      const stream::ActionInvocationFacts& f = facts_.actions[idx];
      render::plan::InvocationView view;
      view.address = arena_.CopyString(f.address);
      view.type = arena_.CopyString(f.type);
      view.name = arena_.CopyString(f.name);
      if (f.has_config) {
        const JsonValue* tree;
        std::string_view raw = in_.plan.substr(f.range.begin, f.range.size());
        Status s = ParseElement(raw, f.range.begin, &tree);
        if (!s.ok()) return s;
        render::structured::Change change;
        stream::FindField(tree, "config_values", &change.before);
        change.after = change.before;
        stream::FindField(tree, "config_unknown", &change.unknown);
        stream::FindField(tree, "config_sensitive", &change.before_sensitive);
        change.after_sensitive = change.before_sensitive;
        bool found;
        const stream::Block* block;
        s = schemas_->Find(f.provider_name, stream::SchemaStore::Kind::kAction, f.type, &found, &block);
        if (!s.ok()) return Status::Error(Located(schemas_->label(), s));
        if (!found || block == nullptr) {
          return Status::Error(in_.plan_label + ": " + f.address + ": no schema for action type \"" + f.type + "\"");
        }
        Diff* d = arena_.New<Diff>(render::differ::ComputeDiffForBlock(change, *block, Ctx()));
        view.config = d;
      }
      (group == 0 ? before : after)->push_back(view);
    }
  }
  return Status::Ok();
}

Status PlanPipeline::RenderChanges() {
  return ForEachElement(facts_.resource_changes, [&](std::string_view raw, uint64_t offset) -> Status {
    stream::ResourceChange rc;
    Status st = LoadChange(raw, offset, &rc);
    if (!st.ok()) return st;
    if ((rc.action == Action::kNoOp && !rc.Moved() && !rc.importing) ||
        (rc.action == Action::kDelete && !rc.IsManaged())) {
      arena_.Reset();
      return Status::Ok();
    }
    Diff d;
    bool skip;
    st = ComputeResourceDiff(rc, false, &d, &skip);
    std::vector<render::plan::InvocationView> before, after;
    if (st.ok() && !lifecycle_by_address_.empty()) st = AppendInvocations(rc, &before, &after);
    if (!st.ok()) return st;
    std::string* block = out_->buffer();
    size_t mark = block->size();
    render_error_.clear();
    block->push_back('\n');
    render::plan::AppendResourceDiff(rc, rc.action, d, render::plan::Cause::kChange, before, after, BaseOpts(), block);
    block->push_back('\n');
    arena_.Reset();
    if (!render_error_.empty()) {
      block->resize(mark);
      return Status::Error(in_.plan_label + ": " + std::string(rc.address) + ": " + render_error_);
    }
    return Flush();
  });
}

std::string PlanPipeline::RenderCliActions() {
  std::string result;
  bool any = false;
  for (const stream::ActionInvocationFacts& f : facts_.actions) {
    if (!f.invoke) continue;
    if (any) result.push_back('\n');
    any = true;
    // The format string is coloured before the address is substituted.
    std::string header = colorize_.Color("  [bold]# %s[reset] will be invoked");
    size_t at = header.find("%s");
    header.replace(at, 2, f.address);
    if (!f.calling_address.empty()) header += " (called from " + f.calling_address + ")";
    result += header + "\n";
    render::plan::InvocationView view{f.address, f.type, f.name, nullptr};
    if (f.has_config) {
      const JsonValue* tree;
      std::string_view raw = in_.plan.substr(f.range.begin, f.range.size());
      if (stream::ParseJsonTree(raw, f.range.begin, &arena_, &tree).ok()) {
        render::structured::Change change;
        stream::FindField(tree, "config_values", &change.before);
        change.after = change.before;
        stream::FindField(tree, "config_unknown", &change.unknown);
        stream::FindField(tree, "config_sensitive", &change.before_sensitive);
        change.after_sensitive = change.before_sensitive;
        bool found;
        const stream::Block* block;
        if (schemas_->Find(f.provider_name, stream::SchemaStore::Kind::kAction, f.type, &found, &block).ok() &&
            found && block != nullptr) {
          view.config = arena_.New<Diff>(render::differ::ComputeDiffForBlock(change, *block, Ctx()));
        }
      }
    }
    render::plan::AppendActionInvocation(view, BaseOpts(), &result);
    arena_.Reset();
  }
  return result;
}

Status PlanPipeline::Run() {
  PhaseTimer timer;
  Status s = stream::PreScan(in_.plan, &facts_);
  timer.Mark("pre-scan");
  if (!s.ok()) return PlanError(s);
  bool renderer_shape = facts_.shape == stream::InputShape::kRenderer;
  switch (opt_.quality) {
    case Quality::kErrored: errored_ = true; break;
    case Quality::kNoChanges: no_changes_quality_ = true; break;
    case Quality::kNone: break;
    case Quality::kAuto:
      if (!renderer_shape) {
        if (facts_.errored) {
          errored_ = true;
        } else if (facts_.has_applyable && !facts_.applyable) {
          no_changes_quality_ = true;
        }
      }
      break;
  }
  if (!(s = CheckSchemas()).ok()) return s;
  if (opt_.mode != PlanMode::kRefreshOnly && !(s = PrepareRelevantAttributes()).ok()) return s;
  if (!(s = PrepareActions()).ok()) return s;
  if (!(s = PrepareOutputs()).ok()) return s;

  if (renderer_shape && (Incompatible("1.2", facts_.plan_format_version) ||
                         Incompatible("1.0", facts_.provider_format_version))) {
    Println(Wrap(colorize_.Color("\n[bold][red]Warning:[reset][bold] This plan was generated using a different version of Terraform, the diff presented here may be missing representations of recent features.")));
  }

  bool have_refresh_changes;
  if (!(s = RenderDrift(&have_refresh_changes)).ok()) return s;
  if (!(s = Flush()).ok()) return s;

  bool any_output = std::any_of(outputs_.begin(), outputs_.end(),
                                [](const OutputEntry& e) { return e.action != Action::kNoOp; });
  size_t action_count = facts_.actions.size();
  if (facts_.shown_changes == 0 && !any_output && action_count == 0) {
    // Decide "no changes" as Terraform does; the deferred section matters
    // only for the renderer shape.
    bool has_deferred = false;
    if (renderer_shape && facts_.deferred_changes.present) {
      s = ForEachElement(facts_.deferred_changes, [&](std::string_view, uint64_t) {
        has_deferred = true;
        return Status::Ok();
      });
      if (!s.ok()) return s;
    }
    if (errored_) {
      if (have_refresh_changes) {
        Print(Rule());
        Println("");
      }
      Print(colorize_.Color("\n[reset][bold][red]Planning failed.[reset][bold] Terraform encountered an error while generating this plan.[reset]\n\n"));
    } else if (has_deferred) {
      if (have_refresh_changes) {
        Print(Rule());
        Println("");
      }
      Print(colorize_.Color("\n[reset][bold][green]No current changes.[reset][bold] This plan requires another plan to be applied first.[reset]\n\n"));
    } else if (opt_.mode == PlanMode::kRefreshOnly) {
      if (have_refresh_changes) return Flush();
      Print(colorize_.Color("\n[reset][bold][green]No changes.[reset][bold] Your infrastructure still matches the configuration.[reset]\n\n"));
      Println(Wrap("Terraform has checked that the real remote objects still match the result of your most recent changes, and found no differences."));
    } else if (opt_.mode == PlanMode::kDestroy) {
      if (have_refresh_changes) {
        Print(Rule());
        Print("\n");
      }
      Print(colorize_.Color("\n[reset][bold][green]No changes.[reset][bold] No objects need to be destroyed.[reset]\n\n"));
      Println(Wrap("Either you have not created any objects yet or the existing objects were already deleted outside of Terraform."));
    } else {
      if (have_refresh_changes) {
        Print(Rule());
        Println("");
      }
      Print(colorize_.Color("\n[reset][bold][green]No changes.[reset][bold] Your infrastructure matches the configuration.[reset]\n\n"));
      if (have_refresh_changes) {
        if (!no_changes_quality_) {
          Println(Wrap("Your configuration already matches the changes detected above, so applying this plan will only update the state to include the changes detected above and won't change any real infrastructure."));
        } else {
          std::string suggestion = opt_.automation ? "." : ":\n  terraform apply -refresh-only";
          Println(Wrap("Your configuration already matches the changes detected above. If you'd like to update the Terraform state to match, create and apply a refresh-only plan" + suggestion));
        }
        return Flush();
      }
      Println(Wrap("Terraform has compared your real infrastructure against your configuration and found no differences, so no changes are needed."));
    }
  }

  if (have_refresh_changes) {
    Print(Rule());
    Println("");
  }
  bool have_deferred;
  if (!(s = RenderDeferred(&have_deferred)).ok()) return s;
  if (have_deferred) {
    Print(Rule());
    Println("");
  }

  if (facts_.will_print_resource_changes) {
    Println(Wrap("\nTerraform used the selected providers to generate the following execution plan. Resource actions are indicated with the following symbols:"));
    static const std::pair<Action, const char*> kLegend[] = {
        {Action::kCreate, "  [green]+[reset] create"},
        {Action::kUpdate, "  [yellow]~[reset] update in-place"},
        {Action::kDelete, "  [red]-[reset] destroy"},
        {Action::kDeleteThenCreate, "[red]-[reset]/[green]+[reset] destroy and then create replacement"},
        {Action::kCreateThenDelete, "[green]+[reset]/[red]-[reset] create replacement and then destroy"},
        {Action::kRead, " [cyan]<=[reset] read (data resources)"},
    };
    for (const auto& [action, text] : kLegend) {
      if (facts_.counts[static_cast<size_t>(action)] > 0) Println(colorize_.Color(text));
    }
  }

  if (facts_.shown_changes > 0 || action_count > 0) {
    Print(errored_ ? "\nTerraform planned the following actions, but then encountered a problem:\n"
                   : "\nTerraform will perform the following actions:\n");
    if (!(s = Flush()).ok()) return s;
    timer.Mark("before changes");
    if (!(s = RenderChanges()).ok()) return s;
    timer.Mark("changes");
    const auto& c = facts_.counts;
    auto n = [&](Action a) { return c[static_cast<size_t>(a)]; };
    std::string summary = colorize_.Color("\n[bold]Plan:[reset] ");
    if (facts_.importing > 0) summary += std::to_string(facts_.importing) + " to import, ";
    summary += std::to_string(n(Action::kCreate) + n(Action::kDeleteThenCreate) + n(Action::kCreateThenDelete) +
                              n(Action::kCreateThenForget)) +
               " to add, " + std::to_string(n(Action::kUpdate)) + " to change, " +
               std::to_string(n(Action::kDelete) + n(Action::kDeleteThenCreate) + n(Action::kCreateThenDelete)) +
               " to destroy.";
    if (action_count > 0) summary += " Actions: " + std::to_string(action_count) + " to invoke.";
    summary += "\n";
    Print(summary);
  }

  std::string cli_actions = RenderCliActions();
  if (!cli_actions.empty()) {
    Print(colorize_.Color("\nTerraform will invoke the following action(s):\n\n"));
    Print(cli_actions);
    Print("\n");
  }

  if (any_output) {
    std::string outputs = RenderOutputs();
    Print("\nChanges to Outputs:\n");
    Print(outputs);
    Print("\n");
    bool no_counts = std::all_of(facts_.counts.begin(), facts_.counts.end(), [](size_t v) { return v == 0; });
    if (no_counts) {
      Println(Wrap("\nYou can apply this plan to save these new output values to the Terraform state, without changing any real infrastructure."));
    }
  }
  return Flush();
}

}  // namespace

Status RenderPlan(const Input& input, const Options& options, buffer::OutputSink* out) {
  PlanPipeline pipeline(input, options, out);
  return pipeline.Run();
}

}  // namespace tfstream::pipeline
