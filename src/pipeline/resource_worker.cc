#include "pipeline/resource_worker.h"

#include "base/go_sort.h"
#include "render/differ/differ.h"
#include "render/text/go_float_text.h"
#include "stream/action_peek.h"
#include "stream/json_tree_parser.h"

namespace tfstream::pipeline {

using render::Action;
using render::Diff;
using stream::JsonValue;

Status ResourceWorker::Parse(std::string_view raw, uint64_t offset, const JsonValue** tree) {
  // Once the whole document is validated (ValidateBeforeOutput, which the
  // forms that write nothing until it is good ask for), yajl need not check
  // each shown element's bytes again as it would for the text.
  Status s = ctx_.changes_validated ? stream::ParseValidatedJsonTree(raw, offset, &arena_, tree)
                                    : stream::ParseJsonTree(raw, offset, &arena_, tree);
  if (!s.ok()) return ctx_.PlanError(s);
  Decoded(*tree);
  return s;
}

void ResourceWorker::Decoded(const JsonValue* tree) {
  // Terraform <= 1.7.3 decoded values into float64 (flavor.def), and
  // panicked on a number beyond its range; such a number keeps its text,
  // as the releases after print it.
  if (ctx_.flavor->numbers_as_float64 && !render::text::NumbersAsFloat64(tree, &arena_) && crash_.empty()) {
    crash_ = "a number outside float64's range";
  }
}

Status ResourceWorker::Load(std::string_view raw, uint64_t offset, stream::ResourceChange* rc, bool resolve_action) {
  element_offset_ = offset;
  const JsonValue* tree;
  Status s = Parse(raw, offset, &tree);
  if (!s.ok()) return s;
  s = stream::ExtractResourceChange(tree, raw, offset, *ctx_.flavor, rc, resolve_action);
  if (s.ok()) {
    crash_where_ = rc->address;
    crash_offset_ = offset;
  }
  return s.ok() ? s : ctx_.PlanError(s);
}

Status ResourceWorker::ComputeDiff(const stream::ResourceChange& rc, bool drift, Diff* diff, bool* skip) {
  *skip = false;
  render::structured::Matcher relevant = render::structured::Matcher::Always();
  if (drift && ctx_.opt.mode != PlanMode::kRefreshOnly) {
    // Terraform keeps only the relevant attributes naming this resource or no
    // resource; order does not change what matches.
    relevant = render::structured::Matcher::Empty(true);
    for (const JsonValue* a : ctx_.relevant_global) relevant.AppendSingle(a, &arena_);
    RelevantFor(ctx_, rc.address, &arena_, [&](const JsonValue* a) { relevant.AppendSingle(a, &arena_); });
    if (relevant.path_count() == 0) {
      *skip = true;
      return Status::Ok();
    }
  }
  if (!rc.IsManaged() && rc.mode != "data") {
    return ctx_.AddressError(rc.address, "unrecognized resource mode \"" + std::string(rc.mode) + "\"", element_offset_);
  }
  render::structured::Change change;
  change.before = rc.before;
  change.after = rc.after;
  change.unknown = rc.after_unknown;
  change.before_sensitive = rc.before_sensitive;
  change.after_sensitive = rc.after_sensitive;
  change.relevant_attributes = relevant;
  if (!render::structured::Matcher::Parse(rc.replace_paths, false, &arena_, &change.replace_paths)) {
    return ctx_.AddressError(rc.address, "malformed replace_paths", element_offset_);
  }
  // Terraform shows a forget-only change as a no-op (structured.FromJsonChange).
  if (ctx_.flavor->forget_only_as_no_op && rc.actions.size() == 1 && rc.actions[0] == "forget") {
    change = change.AsNoOp();
  }
  bool found;
  const stream::Block* block;
  Status s = ctx_.schemas->Find(
      rc.provider_name, rc.IsManaged() ? stream::SchemaStore::Kind::kResource : stream::SchemaStore::Kind::kDataSource,
      rc.type, &found, &block);
  if (!s.ok()) return Status::Error(Located(ctx_.schemas->label(), s));
  if (!found) {
    const std::string what = std::string(rc.IsManaged() ? "resource" : "data source") + " type \"" +
                             std::string(rc.type) + "\"";
    return ctx_.AddressError(rc.address, MissingSchemaMessage(ctx_, rc.provider_name, what), element_offset_);
  }
  error_.clear();
  unknown_names_.clear();
  render::DiffContext diff_ctx = Ctx();
  diff_ctx.unknown_names = &unknown_names_;
  *diff = render::differ::ComputeDiffForBlock(change, *block, diff_ctx);
  if (!error_.empty()) return ctx_.AddressError(rc.address, error_, element_offset_);
  if (!unknown_names_.empty()) ctx_.stale_schemas.Add(rc.provider_name, !rc.IsManaged(), rc.type, unknown_names_);
  return Status::Ok();
}

Status ResourceWorker::ComputeOutputDiff(stream::ByteRange range, const std::string& name, Diff* diff) {
  crash_where_ = "output." + name;
  crash_offset_ = range.begin;
  const JsonValue* tree = nullptr;
  Status s = Parse(ctx_.in.plan.substr(range.begin, range.size()), range.begin, &tree);
  if (!s.ok()) return s;
  if (tree != nullptr && !tree->IsObject()) {
    return ctx_.PlanError(Status::Error("expected an object for output \"" + name + "\"", range.begin));
  }
  stream::ResourceChange oc;  // a jsonplan.Change: only its change fields
  s = stream::ExtractChange(tree, range.begin, *ctx_.flavor, &oc);
  if (!s.ok()) return ctx_.PlanError(s);
  render::structured::Change change;
  change.before = oc.before;
  change.after = oc.after;
  change.unknown = oc.after_unknown;
  change.before_sensitive = oc.before_sensitive;
  change.after_sensitive = oc.after_sensitive;
  if (!render::structured::Matcher::Parse(oc.replace_paths, false, &arena_, &change.replace_paths)) {
    return Status::Error(ctx_.in.plan_label + ": output " + name + ": malformed replace_paths");
  }
  if (ctx_.flavor->forget_only_as_no_op && oc.actions.size() == 1 && oc.actions[0] == "forget") {
    change = change.AsNoOp();
  }
  error_.clear();
  *diff = render::differ::ComputeDiffForOutput(change, Ctx());
  if (!error_.empty()) return Status::Error(ctx_.in.plan_label + ": output " + name + ": " + error_);
  return Status::Ok();
}

Status ResourceWorker::ActionConfigDiff(size_t index, const Diff** diff) {
  const stream::ActionInvocationFacts& f = ctx_.facts.actions[index];
  *diff = nullptr;
  if (!f.has_config) return Status::Ok();
  const JsonValue* tree;
  Status s = Parse(ctx_.in.plan.substr(f.range.begin, f.range.size()), f.range.begin, &tree);
  if (!s.ok()) return s;
  // structured.FromJsonActionInvocation: the config is shown as unchanged.
  render::structured::Change change;
  stream::FindField(tree, "config_values", &change.before);
  change.after = change.before;
  stream::FindField(tree, "config_unknown", &change.unknown);
  stream::FindField(tree, "config_sensitive", &change.before_sensitive);
  change.after_sensitive = change.before_sensitive;
  bool found;
  const stream::Block* block;
  s = ctx_.schemas->Find(f.provider_name, stream::SchemaStore::Kind::kAction, f.type, &found, &block);
  if (!s.ok()) return Status::Error(Located(ctx_.schemas->label(), s));
  if (!found || block == nullptr) return ctx_.AddressError(f.address, "no schema for action type \"" + f.type + "\"", f.range.begin);
  error_.clear();
  *diff = arena_.New<Diff>(render::differ::ComputeDiffForBlock(change, *block, Ctx()));
  if (!error_.empty()) return ctx_.AddressError(f.address, error_, f.range.begin);
  return Status::Ok();
}

Status ResourceWorker::Invocations(const stream::ResourceChange& rc,
                                   std::vector<render::plan::InvocationView>* before,
                                   std::vector<render::plan::InvocationView>* after) {
  // Collected in document order, as precomputeDiffs does: the multimap keeps
  // equal keys in insertion order, and they were inserted by index. Go's sort
  // of ties depends on that order.
  auto range = ctx_.lifecycle_by_address.equal_range(rc.address);
  std::vector<size_t> b, a;
  for (auto it = range.first; it != range.second; ++it) {
    const stream::ActionInvocationFacts& f = ctx_.facts.actions[it->second];
    (f.event.rfind("Before", 0) == 0 ? b : a).push_back(it->second);
  }
  // Reproduces jsonplan.ActionInvocationCompare (@883c722): one that is also
  // invoked from the CLI goes first, by address; then by triggering address
  // (byte-wise), block index, list index. Others tie, and Go's unstable
  // slices.SortFunc decides their order, which Terraform prints.
  auto compare = [&](size_t x, size_t y) -> int {
    const auto& fx = ctx_.facts.actions[x];
    const auto& fy = ctx_.facts.actions[y];
    auto three_way = [](const auto& l, const auto& r) { return l < r ? -1 : r < l ? 1 : 0; };
    if (fx.invoke) return fy.invoke ? three_way(fx.address, fy.address) : -1;
    if (fy.invoke) return 1;
    if (int c = three_way(fx.triggering_address, fy.triggering_address)) return c;
    if (int c = three_way(fx.block_index, fy.block_index)) return c;
    return three_way(fx.list_index, fy.list_index);
  };
  GoSortFunc(b, compare);
  GoSortFunc(a, compare);
  for (int group = 0; group < 2; ++group) {
    for (size_t idx : group == 0 ? b : a) {
      const stream::ActionInvocationFacts& f = ctx_.facts.actions[idx];
      render::plan::InvocationView view{f.address, f.type, f.name, nullptr};
      Status s = ActionConfigDiff(idx, &view.config);
      if (!s.ok()) return s;
      (group == 0 ? before : after)->push_back(view);
    }
  }
  return Status::Ok();
}

// Which blocks are shown is decided as the pre-scan decided it, so the legend
// and counts always agree with the blocks printed. An element whose first
// actions alone make it shown is parsed at once: the decision is then taken
// on the parsed tree, which reads repeated keys as the pre-scan's facts do.
// Any other element is first scanned for its facts: the ChangeFilter decides
// on them, as it did in the pre-scan, and a hidden block costs a scan only.
Status ResourceWorker::RenderChangeBlock(std::string_view raw, uint64_t offset, std::string* out) {
  // The pre-scan only found the ends of this element's values, so they are
  // validated here, on a worker thread: by yajl as it parses a block that is
  // shown, by the scanner for one that is not.
  element_offset_ = offset;
  const bool filtered = ctx_.opt.filter.active();
  if (filtered || !stream::ActionAloneShowsBlock(raw)) {
    // Without a filter the block is most likely hidden (a no-op): validate
    // while scanning, in one pass. With one, most blocks may be shown, and
    // yajl validates those as it parses them.
    stream::JsonScanner scan(raw, offset);
    stream::ResourceFacts rf;
    stream::PlanAction action;
    // Validated already (ValidateBeforeOutput): only the facts are read.
    const bool validated = ctx_.changes_validated;
    stream::ValueSkip skip =
        filtered || validated ? stream::ValueSkip::kByStructure : stream::ValueSkip::kValidate;
    if (!stream::ScanResourceFacts(&scan, 2, &rf, skip)) return ctx_.PlanError(scan.status());
    if (!stream::PlanActionFromList(rf.actions, &action) ||
        !stream::IsPrintedChange(action, rf) ||
        (filtered && !ctx_.opt.filter.Matches(rf, action))) {
      if (skip == stream::ValueSkip::kValidate || validated) return Status::Ok();
      stream::JsonScanner check(raw, offset);
      return check.SkipValue(2) ? Status::Ok() : ctx_.PlanError(check.status());
    }
  }
  stream::ResourceChange rc;
  Status s = Load(raw, offset, &rc);
  if (!s.ok()) return s;
  if (!stream::IsPrintedChange(rc.action, rc.Moved(), rc.importing, rc.mode)) return Status::Ok();
  Diff d;
  bool skip;
  s = ComputeDiff(rc, false, &d, &skip);
  std::vector<render::plan::InvocationView> before, after;
  if (s.ok() && !ctx_.lifecycle_by_address.empty()) s = Invocations(rc, &before, &after);
  if (!s.ok()) return s;
  return AppendBlock(rc, d, render::plan::Cause::kChange, before, after, out);
}

// Outside refresh-only mode a drifted resource that no relevant attribute
// names is never shown (ComputeDiff's skip). The pre-scan validated
// resource_drift, so when a scan of the element's facts finds what
// ExtractResourceChange checks (field types), the parse could not fail
// either and need not be done to decide.
bool ResourceWorker::DriftSurelyHidden(std::string_view raw, uint64_t offset) {
  if (ctx_.opt.mode == PlanMode::kRefreshOnly || !ctx_.relevant_global.empty()) return false;
  stream::JsonScanner scan(raw, offset);
  stream::ResourceFacts rf;
  if (!stream::ScanResourceFacts(&scan, 2, &rf, stream::ValueSkip::kByStructure)) return false;
  if (ctx_.flavor->decodes_unknown_flags && !rf.unknown_flag_error.ok()) return false;
  return !MayHaveRelevantEntries(ctx_, rf.address);
}

// Called only once the drift section is printed. Terraform reads the action
// list (and fails on an unknown one) only for the drifted resources it
// passes to renderHumanDiff: relevant ones, outside refresh-only mode only
// those whose diff is not a no-op.
Status ResourceWorker::RenderDriftBlock(std::string_view raw, uint64_t offset, std::string* out) {
  if (DriftSurelyHidden(raw, offset)) return Status::Ok();
  stream::ResourceChange rc;
  Diff d;
  bool skip = true;
  Status s = Load(raw, offset, &rc, /*resolve_action=*/false);
  if (s.ok()) s = ComputeDiff(rc, true, &d, &skip);
  if (!s.ok()) return s;
  if (skip || (ctx_.opt.mode != PlanMode::kRefreshOnly && d.action == Action::kNoOp)) return Status::Ok();
  if (!(s = stream::ResolveAction(&rc, offset)).ok()) return ctx_.PlanError(s);
  if (!stream::FlavorKnowsAction(*ctx_.flavor, rc.action)) {  // as ResolveAction for the flavour's lists
    return ctx_.PlanError(
        Status::Error("resource change \"" + std::string(rc.address) + "\" has an unrecognized action list", offset));
  }
  if (rc.action == Action::kNoOp && !rc.Moved() && !rc.importing) return Status::Ok();
  return AppendBlock(rc, d, render::plan::Cause::kDrift, {}, {}, out);
}

Status ResourceWorker::AppendBlock(const stream::ResourceChange& rc, const Diff& d, render::plan::Cause cause,
                                   std::span<const render::plan::InvocationView> before,
                                   std::span<const render::plan::InvocationView> after, std::string* out) {
  size_t mark = out->size();
  error_.clear();
  out->push_back('\n');
  render::plan::AppendResourceDiff(rc, rc.action, d, cause, before, after, Opts(), out);
  out->push_back('\n');
  if (!error_.empty()) {
    out->resize(mark);  // never half a block
    return ctx_.AddressError(rc.address, error_, element_offset_);
  }
  return Status::Ok();
}

}  // namespace tfstream::pipeline
