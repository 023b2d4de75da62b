#include "pipeline/plan_prepare.h"

#include <algorithm>
#include <cstdio>

#include "pipeline/flavor_choice.h"
#include "pipeline/format_version.h"
#include "pipeline/not_a_plan.h"
#include "render/plan/plan_totals.h"
#include "pipeline/release_choice.h"
#include "pipeline/scan_start.h"

namespace tfstream::pipeline {

using namespace render::plan;

Status ScanPlan(PlanContext* ctx, ProgressMeter* progress, stream::ChangeHooks hooks) {
  hooks.filter = ctx->opt.filter.active() ? &ctx->opt.filter : nullptr;
  if (Status blank = CheckNotBlank(ctx->in.plan, ctx->in.plan_from_stdin, ctx->in.has_schemas); !blank.ok()) {
    return ctx->PlanError(blank);
  }
  std::function<void(uint64_t)> done_before;
  if (Status start = StartScan(ctx, progress, &done_before); !start.ok()) return start;
  // The pre-scan is the only busy thread: another core can fault its pages in.
  if (ctx->in.plan_read_ahead) ctx->in.plan_read_ahead(true);
  // With a second core, a large plan's second half is scanned at the same time.
  stream::PreScanSplit split;
  split.release_range = ctx->in.release_plan_range;
  // For benchmarks (perf/README.md): from how much left at resource_changes to split.
  if (ctx->opt.split_min_bytes) split.min_bytes = *ctx->opt.split_min_bytes;
  const bool may_split = ctx->opt.jobs >= 2;
  // Sections only Terraform reads are read as the flavour given says, or,
  // with --flavor auto, as Terraform would, but errors in them wait for
  // the flavour.
  const stream::TerraformOnlySections terraform_only =
      ctx->opt.flavor == FlavorChoice::kTerraform  ? stream::TerraformOnlySections::kRead
      : ctx->opt.flavor == FlavorChoice::kOpenTofu ? stream::TerraformOnlySections::kIgnored
                                                   : stream::TerraformOnlySections::kUndecided;
  Status s = stream::PreScan(ctx->in.plan, &ctx->facts, done_before, &hooks, may_split ? &split : nullptr,
                             terraform_only);
  if (ctx->in.plan_read_ahead) ctx->in.plan_read_ahead(false);
  if (may_split && ctx->opt.timing) {  // see PhaseTimer (phase_timer.h)
    std::fprintf(stderr, "tfstream: pre-scan split: %d stretches taken over, the first at byte %zu\n",
                 split.segments_taken, split.taken_at);
  }
  if (!s.ok()) return ctx->PlanError(ExplainScanError(ctx->in.plan, s));
  // What is not a plan must not render as one without changes; but broken
  // JSON in what the pre-scan left for later is reported as such first.
  // Only an OpenTofu flavour asked for renders {} and null (not_a_plan.h).
  const bool empty_as_opentofu = ctx->opt.flavor == FlavorChoice::kOpenTofu;
  if (Status not_plan = CheckIsPlan(ctx->facts, empty_as_opentofu); !not_plan.ok()) {
    Status v =
        stream::ValidateDeferred(ctx->in.plan, ctx->facts, /*changes_validated=*/false, ctx->in.release_plan_range);
    return ctx->PlanError(v.ok() ? not_plan : v);
  }
  if (empty_as_opentofu && IsEmptyDocument(ctx->facts)) ctx->notes.push_back(EmptyDocumentNote(ctx->in.plan_label));
  if (progress != nullptr) progress->Scanning(ctx->in.plan.size());
  bool flavour_by_default = false;
  const FlavorId flavour = ResolveFlavor(ctx, &flavour_by_default).id;
  ReleaseChoice release =
      ChooseRelease(flavour, flavour_by_default, ctx->opt.renderer_version, ctx->facts, ctx->in.plan_label);
  if (ctx->opt.adjust_profile) ctx->opt.adjust_profile(&release.profile);
  ctx->SetFlavor(release.profile);
  ctx->notes.insert(ctx->notes.end(), release.notes.begin(), release.notes.end());
  // A section the flavour's Plan struct has no field for is as absent; one
  // it reads must be what it reads (the earlier error first).
  stream::PlanFacts& facts = ctx->facts;
  Status unread;
  if (!ctx->flavor->reads_action_invocations) {
    facts.actions.clear();
    facts.action_invocations = stream::ByteRange{};
  } else {
    unread = facts.action_invocations_error;
  }
  if (!ctx->flavor->reads_deferred_changes) {
    facts.deferred_changes = stream::ByteRange{};
  } else if (!facts.deferred_changes_error.ok() &&
             (unread.ok() || facts.deferred_changes_error.offset() < unread.offset())) {
    unread = facts.deferred_changes_error;
  }
  // index_unknown, importing.unknown: fields of Terraform's structs only.
  if (ctx->flavor->decodes_unknown_flags && !facts.unknown_flag_error.ok() &&
      (unread.ok() || facts.unknown_flag_error.offset() < unread.offset())) {
    unread = facts.unknown_flag_error;
  }
  if (!unread.ok()) return ctx->PlanError(unread);
  return CheckFlavorActions(*ctx);
}

void ResolveQuality(const PlanContext& ctx, bool* errored, bool* no_changes) {
  const stream::PlanFacts& facts = ctx.facts;
  *errored = *no_changes = false;
  switch (ctx.opt.quality) {
    case Quality::kErrored:
      *errored = true;
      break;
    case Quality::kNoChanges:
      *no_changes = true;
      break;
    case Quality::kNone:
      break;
    case Quality::kAuto:
      // `terraform show` takes these from the plan; HCP Terraform passes
      // qualities separately, so the renderer shape has none, unless a
      // bundle recorded the quality of the plan it was made from.
      if (facts.shape != stream::InputShape::kRenderer) {
        if (facts.errored) {
          *errored = true;
        } else if (!facts.applyable) {  // absent too, as Go's bool: older plans lack the key
          *no_changes = true;
        }
      } else {
        *errored = facts.tfstream_quality == "errored";
        *no_changes = facts.tfstream_quality == "no-changes";
      }
      break;
  }
}

Status PreparePlan(PlanContext* ctx, ResourceWorker* worker, PreparedPlan* out) {
  const stream::PlanFacts& facts = ctx->facts;
  ResolveQuality(*ctx, &out->errored, &out->no_changes_quality);
  Status s;
  if (!(s = CheckSchemas(ctx)).ok()) return s;
  if (ctx->opt.mode != PlanMode::kRefreshOnly && !(s = PrepareRelevantAttributes(ctx)).ok()) return s;
  if (!(s = PrepareActions(ctx)).ok()) return s;
  if (!(s = PrepareOutputs(*ctx, worker, &out->outputs)).ok()) return s;
  // The renderer warns when the versions it is handed are newer than its
  // own. A renderer-shaped document carries them; for `show -json` input
  // tfstream hands it the plan's own format_version and the --schemas
  // file's (`terraform show` itself passes its own, so it never warns: a
  // plan and schemas from a newer Terraform are exactly what tfstream may
  // render wrong).
  if (facts.shape == stream::InputShape::kRenderer) {
    out->newer_format = IsNewerFormat(kPlanFormatVersion, facts.plan_format_version) ||
                        IsNewerFormat(kProviderFormatVersion, facts.provider_format_version);
  } else {
    out->newer_format =
        IsNewerFormat(kPlanFormatVersion, facts.format_version) ||
        (ctx->in.has_schemas && IsNewerFormat(kProviderFormatVersion, SchemasFile(ctx).format_version));
  }
  out->any_output_change = std::any_of(out->outputs.begin(), out->outputs.end(), [](const OutputEntry& e) {
    return e.action != render::Action::kNoOp;
  });
  return Status::Ok();
}

void TakeNotes(const PlanContext& ctx, Report* report) {
  if (report == nullptr) return;
  report->notes = ctx.notes;
  if (std::string crash = ctx.reference_crash.Note(*ctx.flavor); !crash.empty()) report->notes.push_back(crash);
  if (ctx.opt.filter.active()) {
    std::string note = FiltersMatchedNothing(ctx.facts, ctx.opt.filter);
    if (!note.empty()) report->notes.push_back(note);
  }
}

}  // namespace tfstream::pipeline
