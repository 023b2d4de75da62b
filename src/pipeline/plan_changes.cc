#include "pipeline/plan_changes.h"

#include <map>

#include "buffer/arena.h"
#include "pipeline/plan_prepare.h"
#include "render/plan/plan_totals.h"
#include "stream/json_tree_parser.h"
#include "stream/resource_change.h"

namespace tfstream::pipeline {

using namespace render::plan;

Status ReadOutputChanges(const PlanContext& ctx, std::vector<OutputChangeFacts>* out) {
  out->clear();
  // A repeated output_changes adds its outputs to the map already there.
  std::map<std::string, stream::ByteRange> by_name;
  for (const stream::ByteRange& r : ctx.facts.output_changes_objects) {
    Status s = stream::IndexObjectMembers(ctx.in.plan, r, "'{'", &by_name, stream::ValueSkip::kByStructure);
    if (!s.ok()) return ctx.PlanError(s);
  }
  buffer::Arena arena;
  for (const auto& [name, range] : by_name) {
    const stream::JsonValue* tree = nullptr;
    Status s = stream::ParseJsonTree(ctx.in.plan.substr(range.begin, range.size()), range.begin, &arena, &tree);
    if (!s.ok()) return ctx.PlanError(s);
    if (tree != nullptr && !tree->IsObject()) {
      return ctx.PlanError(Status::Error("expected an object for output \"" + name + "\"", range.begin));
    }
    stream::ResourceChange change;  // a jsonplan.Change: only its change fields
    if (!(s = stream::ExtractChange(tree, range.begin, *ctx.flavor, &change)).ok()) return ctx.PlanError(s);
    OutputChangeFacts o;
    o.name = name;
    o.actions = change.actions;
    o.known = stream::PlanActionFromList(o.actions, &o.action);
    o.sensitive = stream::IsTrue(change.before_sensitive) || stream::IsTrue(change.after_sensitive);
    out->push_back(std::move(o));
    arena.Reset();
  }
  return Status::Ok();
}

Status PlanHasChanges(const PlanContext& ctx, const std::vector<OutputChangeFacts>& outputs, bool* has_changes) {
  const stream::PlanFacts& f = ctx.facts;
  bool outputs_change = false;
  for (const OutputChangeFacts& o : outputs) {
    // output_changes holds root module outputs only (jsonplan).
    if (!o.known || o.action != stream::PlanAction::kNoOp) outputs_change = true;
  }
  // Actions to invoke, as the flavour's Plan: line counts them.
  if (CountPlanLine(f, *ctx.flavor).invoke > 0 || outputs_change) return *has_changes = true, Status::Ok();
  if (ctx.opt.mode != PlanMode::kRefreshOnly) {
    *has_changes = f.shown_changes > 0 || f.unprinted_deletes > 0;
    return Status::Ok();
  }
  bool found = false;
  Status s = ctx.ForEachElementUntil(
      f.resource_drift, &found,
      [&](std::string_view raw, uint64_t offset) {
        stream::ResourceFacts rf;
        if (Status st = ctx.ReadFacts(raw, offset, &rf); !st.ok()) return st;
        stream::PlanAction action;
        // A list Terraform does not know is a change it would render (and
        // fail on): not "no changes".
        found = !stream::PlanActionFromList(rf.actions, &action) || action != stream::PlanAction::kNoOp ||
                rf.Moved();
        return Status::Ok();
      },
      PlanContext::Pages::kDropBehind);
  *has_changes = found;
  return s;
}

Status DecideChanges(const PlanContext& ctx, Report* report) {
  if (report == nullptr) return Status::Ok();
  bool no_changes_quality;
  ResolveQuality(ctx, &report->errored, &no_changes_quality);
  std::vector<OutputChangeFacts> outputs;
  Status s = ReadOutputChanges(ctx, &outputs);
  if (!s.ok()) return s;
  return PlanHasChanges(ctx, outputs, &report->has_changes);
}

}  // namespace tfstream::pipeline
