// ResourceWorker: turns one resource change element into text. Each worker
// owns the arena its resource's tree, diff and scratch text live in, so
// several workers can render different resources at once; Reset() forgets a
// resource once its block has been handed on.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "pipeline/plan_context.h"
#include "render/computed/diff.h"
#include "render/plan/resource_block.h"
#include "stream/resource_change.h"

namespace tfstream::pipeline {

class ResourceWorker {
 public:
  explicit ResourceWorker(const PlanContext& ctx) : ctx_(ctx) {}
  ~ResourceWorker() { ReportCrash(); }

  // Parses an element (a resource change, an output change...) into the arena.
  Status Parse(std::string_view raw, uint64_t offset, const stream::JsonValue** tree);
  // Parses a resource change element and views it. Without
  // `resolve_action` (drift, whose action list Terraform reads only for the
  // blocks it renders) rc->action is left for stream::ResolveAction.
  Status Load(std::string_view raw, uint64_t offset, stream::ResourceChange* rc, bool resolve_action = true);
  // The block diff of a resource change. For drift, only relevant attributes
  // count, and *skip is set when none applies to the resource.
  Status ComputeDiff(const stream::ResourceChange& rc, bool drift, render::Diff* diff, bool* skip);
  // The output change at `range` (an output_changes member).
  Status ComputeOutputDiff(stream::ByteRange range, const std::string& name, render::Diff* diff);
  // The config diff of the action invocation at `index` in the facts; null
  // when it has no config.
  Status ActionConfigDiff(size_t index, const render::Diff** diff);
  // The lifecycle action invocations of a resource, before and after groups
  // sorted as Terraform sorts them.
  Status Invocations(const stream::ResourceChange& rc, std::vector<render::plan::InvocationView>* before,
                     std::vector<render::plan::InvocationView>* after);

  // The planned-change block of one resource_changes element, as the
  // "Terraform will perform the following actions" section prints it
  // ("\n" + block + "\n"); appends nothing for changes that are not shown.
  // Validates the element first: the pre-scan did not.
  Status RenderChangeBlock(std::string_view raw, uint64_t offset, std::string* out);
  // The block of one resource_drift element, as the "Objects have changed
  // outside of Terraform" section prints it; nothing for entries it hides.
  Status RenderDriftBlock(std::string_view raw, uint64_t offset, std::string* out);

  // The block of one state resource (a jsonstate.Resource element) as
  // renderHumanStateModule prints it (jsonformat/state.go @883c722), after
  // `blank_lines` empty lines: "# ADDR:" with " (deposed object KEY)" or
  // " (tainted)", then "resource|data %q %q BODY" and a newline. Defined in
  // state_resource.cc.
  Status RenderStateBlock(std::string_view raw, uint64_t offset, int blank_lines, std::string* out);
  // A walk's read-ahead (stream::StateElementReader) of the state resource
  // at `offset`, `rest` the document from there on: parses the element
  // where yajl accepts the value it starts with (stream::ParseJsonTreePrefix)
  // and keeps its tree for the RenderStateBlock of that element, which
  // follows before any other.
  bool ReadStateElementAhead(std::string_view rest, uint64_t offset, int max_depth, size_t* end);
  // One root output of a state, "NAME = VALUE\n" (renderHumanStateOutputs);
  // `range` is its jsonstate.Output object.
  Status RenderStateOutput(std::string_view name, stream::ByteRange range, std::string* out);

  render::RenderOpts Opts() {
    render::RenderOpts o;
    o.palette = &ctx_.palette;
    o.arena = &arena_;
    o.error = &error_;
    o.reference_crash = &crash_;
    o.flavor = ctx_.flavor;
    o.show_sensitive = ctx_.opt.show_sensitive;
    return o;
  }
  // Render errors are data Terraform would panic on; reported per resource.
  bool has_error() const { return !error_.empty(); }
  const std::string& error() const { return error_; }
  void ClearError() { error_.clear(); }
  buffer::Arena* arena() { return &arena_; }
  // Forgets the resource, reporting first where the release's own renderer
  // crashes on it (PlanContext::reference_crash).
  void Reset() {
    ReportCrash();
    arena_.Reset();
  }
  // Where the element last loaded starts in the plan, for error messages.
  uint64_t element_offset() const { return element_offset_; }
  void set_element_offset(uint64_t offset) { element_offset_ = offset; }

 private:
  render::DiffContext Ctx() { return render::DiffContext{&arena_, &error_, ctx_.flavor}; }
  // What Parse does with a tree once it is built.
  void Decoded(const stream::JsonValue* tree);
  void ReportCrash() {
    if (crash_.empty()) return;
    ctx_.reference_crash.Add(crash_offset_, crash_where_, crash_);
    crash_.clear();
  }
  // Whether a resource_drift element is hidden for want of relevant
  // attributes, decided without parsing it; false when unsure.
  bool DriftSurelyHidden(std::string_view raw, uint64_t offset);
  // Appends "\n" + block + "\n" for a computed diff, or nothing and the
  // render error, located at the element (never half a block).
  Status AppendBlock(const stream::ResourceChange& rc, const render::Diff& d, render::plan::Cause cause,
                     std::span<const render::plan::InvocationView> before,
                     std::span<const render::plan::InvocationView> after, std::string* out);

  const PlanContext& ctx_;
  buffer::Arena arena_;
  std::string error_;
  // What the release's own renderer crashes on in the element being
  // rendered (RenderOpts::reference_crash), and the element's name.
  std::string crash_, crash_where_;
  uint64_t crash_offset_ = 0;
  std::vector<std::string_view> unknown_names_;  // of the resource being diffed
  uint64_t element_offset_ = Status::kNoOffset;
  // ReadStateElementAhead's element and tree.
  std::string_view read_ahead_;
  const stream::JsonValue* read_ahead_tree_ = nullptr;
};

}  // namespace tfstream::pipeline
