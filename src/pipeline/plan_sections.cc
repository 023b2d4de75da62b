#include "pipeline/plan_sections.h"

#include <map>

#include "pipeline/change_blocks.h"
#include "render/plan/plan_sections.h"
#include "render/renderers/util.h"

namespace tfstream::pipeline {

using render::Action;
using render::Diff;
using stream::JsonValue;

namespace {

// Whether at least one drift entry has something to show (refresh-only mode
// shows every relevant entry, other modes only those that changed). With
// `check_all`, goes on through every entry for its errors: Terraform
// computes every drift diff before it decides whether to show any.
Status DriftQualifies(const PlanContext& ctx, ResourceWorker* worker, bool check_all, bool* any) {
  *any = false;
  bool done = false;
  return ctx.ForEachElementUntil(ctx.facts.resource_drift, &done, [&](std::string_view raw, uint64_t offset) -> Status {
    stream::ResourceChange rc;
    Diff d;
    bool skip = true;
    Status s = worker->Load(raw, offset, &rc, /*resolve_action=*/false);  // not read to decide
    if (s.ok()) s = worker->ComputeDiff(rc, true, &d, &skip);
    worker->Reset();
    if (!s.ok()) return s;
    if (!skip && (ctx.opt.mode == PlanMode::kRefreshOnly || d.action != Action::kNoOp)) *any = true;
    done = *any && !check_all;
    return Status::Ok();
  });
}

// diffs.Empty(): no resource change or output that does anything.
Status PlanIsEmpty(const PlanContext& ctx, ResourceWorker* worker, const std::vector<OutputEntry>& outputs,
                   bool* empty) {
  *empty = true;
  for (const OutputEntry& e : outputs) {
    if (e.action != Action::kNoOp) {
      *empty = false;
      return Status::Ok();
    }
  }
  bool found = false;
  return ctx.ForEachElementUntil(ctx.facts.resource_changes, &found, [&](std::string_view raw, uint64_t offset) -> Status {
    stream::ResourceChange rc;
    Status s = worker->Load(raw, offset, &rc);
    if (s.ok() && rc.Moved()) {
      *empty = false;
    } else if (s.ok()) {
      Diff d;
      bool skip;
      s = worker->ComputeDiff(rc, false, &d, &skip);
      if (s.ok() && d.action != Action::kNoOp) *empty = false;
    }
    worker->Reset();
    found = !*empty;
    return s;
  });
}

}  // namespace

Status PrepareOutputs(const PlanContext& ctx, ResourceWorker* worker, std::vector<OutputEntry>* outputs) {
  // A repeated output_changes adds its outputs to the map already there.
  // The pre-scan validated these objects: their members are found by structure.
  std::map<std::string, stream::ByteRange> by_name;
  for (const stream::ByteRange& r : ctx.facts.output_changes_objects) {
    Status s = stream::IndexObjectMembers(ctx.in.plan, r, "'{'", &by_name, stream::ValueSkip::kByStructure);
    if (!s.ok()) return ctx.PlanError(s);
  }
  for (auto& [name, range] : by_name) {
    Diff d;
    Status st = worker->ComputeOutputDiff(range, name, &d);
    worker->Reset();
    if (!st.ok()) return st;
    outputs->push_back(OutputEntry{name, range, d.action});
  }
  return Status::Ok();
}

SectionOut SectionOut::Nowhere() {
  SectionOut out;
  out.text = [](Part, std::string_view) { return Status::Ok(); };
  out.blocks.consume = [](const RenderedBlock&) { return Status::Ok(); };
  out.blocks.flush = [] { return Status::Ok(); };
  return out;
}

Status RenderOutputs(const PlanContext& ctx, ResourceWorker* worker, const std::vector<OutputEntry>& outputs,
                     const OutputFn& each) {
  // Names align to the longest escaped name among all outputs, shown or not.
  size_t max_len = 0;
  std::vector<std::string> escaped;
  for (const OutputEntry& e : outputs) {
    escaped.push_back(render::renderers::EscapedAttributeName(e.name, render::renderers::QuoteUnicode(*ctx.flavor)));
    max_len = std::max(max_len, escaped.back().size());
  }
  bool any = false;
  std::string text;
  for (size_t i = 0; i < outputs.size(); ++i) {
    if (outputs[i].action == Action::kNoOp) continue;
    Diff d;
    Status s = worker->ComputeOutputDiff(outputs[i].range, outputs[i].name, &d);
    if (!s.ok()) return s;
    text.clear();
    std::string* out = &text;
    if (any) out->push_back('\n');
    any = true;
    worker->ClearError();
    // The symbol: Color(DiffActionSymbol) + " ".
    render::plan::AppendOutputLine(ctx.palette.Symbol(d.action), escaped[i], max_len, d, worker->Opts(), out);
    worker->Reset();
    if (worker->has_error()) return Status::Error(ctx.in.plan_label + ": output " + outputs[i].name + ": " + worker->error());
    if (!(s = each(outputs[i], text)).ok()) return s;
  }
  return Status::Ok();
}

Status RenderCliActions(const PlanContext& ctx, ResourceWorker* worker, const InvocationFn& each) {
  bool any = false;
  std::string text;
  for (size_t i = 0; i < ctx.facts.actions.size(); ++i) {
    const stream::ActionInvocationFacts& f = ctx.facts.actions[i];
    if (!f.invoke) continue;
    text.clear();
    std::string* out = &text;
    if (any) out->push_back('\n');
    any = true;
    render::plan::AppendInvocationHeader(*ctx.flavor, ctx.colorize, f.address, f.calling_address, out);
    render::plan::InvocationView view{f.address, f.type, f.name, nullptr};
    Status s = worker->ActionConfigDiff(i, &view.config);
    if (!s.ok()) return s;
    worker->ClearError();
    render::plan::AppendActionInvocation(view, worker->Opts(), out);
    worker->Reset();
    if (worker->has_error()) return ctx.AddressError(f.address, worker->error(), f.range.begin);
    if (!(s = each(f, text)).ok()) return s;
  }
  return Status::Ok();
}

Status RenderDrift(const PlanContext& ctx, ResourceWorker* worker, const std::vector<OutputEntry>& outputs,
                   const SectionOut& out, bool* shown, size_t* blocks) {
  *shown = false;
  if (blocks != nullptr) *blocks = 0;
  if (!ctx.facts.resource_drift.present) return Status::Ok();
  bool any;
  Status s = DriftQualifies(ctx, worker, /*check_all=*/false, &any);
  if (!s.ok() || !any) return s;
  if (ctx.opt.mode != PlanMode::kRefreshOnly) {
    // Drift is not worth mentioning when the plan does nothing anyway.
    bool empty;
    s = PlanIsEmpty(ctx, worker, outputs, &empty);
    if (!s.ok()) return s;
    // The entries not reached yet still fail as they would when shown.
    if (empty) return DriftQualifies(ctx, worker, /*check_all=*/true, &any);
  }
  s = out.text(Part::kHeading, render::plan::DriftHeading(*ctx.flavor, ctx.colorize, ctx.opt.width));
  if (!s.ok()) return s;
  BlockSink sink;
  sink.consume = [&out, blocks](const RenderedBlock& block) {
    if (blocks != nullptr) ++*blocks;
    return out.blocks.consume(block);
  };
  sink.flush = out.blocks.flush;
  s = RenderBlocks(ctx, ctx.facts.resource_drift, &ResourceWorker::RenderDriftBlock, worker, nullptr, sink);
  if (!s.ok()) return s;
  s = out.text(Part::kClosing,
               render::plan::DriftClosing(*ctx.flavor, ctx.opt.mode == PlanMode::kRefreshOnly, ctx.opt.width));
  if (!s.ok()) return s;
  *shown = true;
  return Status::Ok();
}

Status CountDrift(const PlanContext& ctx, ResourceWorker* worker, const std::vector<OutputEntry>& outputs,
                  bool* shown, size_t* blocks) {
  return RenderDrift(ctx, worker, outputs, SectionOut::Nowhere(), shown, blocks);
}

Status RenderDeferred(const PlanContext& ctx, ResourceWorker* worker, const SectionOut& out, bool* shown) {
  *shown = false;
  if (ctx.facts.shape != stream::InputShape::kRenderer || !ctx.facts.deferred_changes.present) return Status::Ok();
  return ctx.ForEachElement(ctx.facts.deferred_changes, [&](std::string_view raw, uint64_t offset) -> Status {
    if (!*shown) {
      Status h = out.text(Part::kHeading, render::plan::DeferredHeading(ctx.colorize));
      if (!h.ok()) return h;
      *shown = true;
    }
    worker->set_element_offset(offset);
    const JsonValue* tree;
    Status st = worker->Parse(raw, offset, &tree);
    if (!st.ok()) return st;
    stream::ResourceChange rc;
    std::string_view why;
    st = stream::ExtractDeferredResourceChange(tree, raw, offset, &rc, &why);
    if (st.ok() && !stream::FlavorKnowsAction(*ctx.flavor, rc.action)) {  // as ResolveAction for the flavour's lists
      st = Status::Error("resource change \"" + std::string(rc.address) + "\" has an unrecognized action list", offset);
    }
    if (!st.ok()) return ctx.PlanError(st);
    Diff d;
    bool skip;
    st = worker->ComputeDiff(rc, false, &d, &skip);
    if (!st.ok() || (rc.action == Action::kNoOp && !rc.Moved() && !rc.importing)) {
      worker->Reset();
      return st;
    }
    std::string block = "\n";
    worker->ClearError();
    render::plan::AppendDeferredDiff(rc, why, rc.action, d, worker->Opts(), &block);
    block.push_back('\n');
    worker->Reset();
    if (worker->has_error()) return ctx.AddressError(rc.address, worker->error(), worker->element_offset());
    // The block's facts (address, action, module) are the inner change's,
    // not the {"reason", "resource_change"} wrapper's.
    std::string_view facts_raw = stream::RawMember(raw, "resource_change");
    if (facts_raw.empty()) facts_raw = raw;
    st = out.blocks.consume(RenderedBlock{block, facts_raw, offset + static_cast<uint64_t>(facts_raw.data() - raw.data())});
    return st.ok() ? out.blocks.flush() : st;
  });
}

}  // namespace tfstream::pipeline
