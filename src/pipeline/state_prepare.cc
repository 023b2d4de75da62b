#include "pipeline/state_prepare.h"

#include "pipeline/flavor_choice.h"
#include "pipeline/format_version.h"
#include "pipeline/not_a_plan.h"
#include "pipeline/release_choice.h"
#include "pipeline/scan_start.h"

namespace tfstream::pipeline {
namespace {

// A document given as a state that is something else: rendered, each would
// read as an empty state.
Status CheckIsState(const stream::DocumentMembers& m, bool raw_state_keys) {
  if (m.RendererStateOnly() && !m.state_values) return RendererStateRefusal();
  if (m.plan_section) {
    return Status::Error(std::string("this is a plan, not a state: drop --state to render it (a state is what "
                                     "`terraform show -json` prints without a PLANFILE)"));
  }
  if (m.provider_schemas && !m.state_values) {
    return Status::Error("this is a provider schemas document, not a state: pass it with --schemas, and as the "
                         "state the output of `terraform show -json` (or `tofu show -json`)");
  }
  if (raw_state_keys && !m.state_values) {
    return Status::Error("this is a raw state file (terraform.tfstate), not its JSON rendering: convert it with "
                         "`terraform show -json` (or `tofu show -json`) in its working directory");
  }
  return Status::Ok();
}

}  // namespace

Status PrepareState(PlanContext* ctx, ProgressMeter* progress, bool schemas_needed, PreparedState* out,
                    bool resources_parsed_later) {
  static constexpr std::string_view kStopped = "stopped at a resource of an unknown mode";
  std::function<void(uint64_t)> done_before;
  if (Status start = StartScan(ctx, progress, &done_before); !start.ok()) return start;
  // renderHumanStateModule panics on any other mode (after the block's
  // header): an error before the first byte instead.
  Status mode_error;
  auto check_mode = [ctx, &mode_error](const stream::StateResourceFacts& rf, uint64_t offset) {
    if (rf.mode == "managed" || rf.mode == "data") return Status::Ok();
    mode_error = ctx->AddressError(rf.address, "unknown resource mode \"" + rf.mode +
                                                   "\" (a state holds \"managed\" and \"data\" resources)", offset);
    return Status::Error(std::string(kStopped));
  };
  if (ctx->opt.filter.has_addresses()) {
    const stream::ChangeFilter* filter = &ctx->opt.filter;
    out->select = [filter](const stream::StateResourceFacts& rf) { return filter->MatchesAddress(rf.address); };
  }
  stream::StateScanOptions scan;
  scan.on_resource = check_mode;
  scan.progress = done_before;
  scan.select = out->select;
  scan.done_range = ctx->in.release_plan_range;
  using Resources = stream::StateScanOptions::Resources;
  scan.resources = resources_parsed_later ? Resources::kValidatedByRender
                   : ctx->opt.jobs >= 2   ? Resources::kValidateOnThread
                                          : Resources::kValidate;
  // With a core to spare, the pass over a whole document shares its work
  // with a second thread (on a large state: most of the time before the
  // first byte).
  stream::StateScanSplit split;
  if (ctx->opt.split_min_bytes) split.min_bytes = *ctx->opt.split_min_bytes;
  if (ctx->opt.jobs >= 2) scan.split = &split;
  // Rendered on several threads, the resources are handed to the workers
  // by runs (state_blocks.cc).
  scan.record_runs = ctx->opt.jobs >= 2;
  // Through a pipe, the scan runs over the bytes as they arrive, so that
  // little is left to read when the last one is there; where that does not
  // settle the facts, the whole document is scanned, as from a file.
  bool settled = false;
  if (ctx->in.plan_arriving) settled = stream::ScanStateAsItArrives(ctx->in.plan_arriving, &out->facts, scan);
  if (Status whole = CompleteInput(ctx); !whole.ok()) return whole;
  Status s;
  if (settled) {
    // As the scan over the whole would have: the pages it read are given
    // back (those of the spool's window went as it moved on).
    if (done_before) done_before(ctx->in.plan.size());
  } else {
    s = stream::ScanState(ctx->in.plan, &out->facts, scan);
  }
  // A syntax error (the validating pass may run beside the walk) wins.
  if (!mode_error.ok() && s.message() == kStopped) return mode_error;
  if (!s.ok()) return ctx->PlanError(ExplainScanError(ctx->in.plan, s));
  if (s = CheckIsState(out->facts.members, out->facts.tfstate_member); !s.ok()) return ctx->PlanError(s);
  // A state bundle (forms/state_bundle.h) carries its schemas, as a
  // renderer-shaped plan does: they win over a --schemas file, which is
  // still checked.
  const stream::StateFacts& f = out->facts;
  const bool embedded = f.members.provider_schemas;
  ctx->facts.shape = embedded ? stream::InputShape::kRenderer : stream::InputShape::kShowJson;
  ctx->facts.provider_schemas = stream::ByteRange{0, 0, embedded};
  ctx->facts.provider_schemas_objects = f.provider_schemas_objects;
  ctx->facts.tfstream_flavor = f.tfstream_flavor;
  ctx->facts.opentofu_sign = f.opentofu_sign;
  // The release whose text is printed, as for a plan (release_choice.h).
  bool flavour_by_default = false;
  const FlavorId flavour = ResolveFlavor(ctx, &flavour_by_default).id;
  // Unlike a plan's, a state's terraform_version names the release that
  // last wrote the state file (jsonstate.Marshal copies the file's), not the
  // one showing it, which may be any later release: auto takes the newest.
  // A state bundle's names the release it was made for (state_bundle.h).
  VersionClaim claim;
  const bool bundle = !f.tfstream_flavor.empty();
  claim.present = bundle && f.has_terraform_version;
  claim.is_string = f.terraform_version_is_string;
  claim.text = f.terraform_version;
  claim.document = DocumentKind::kState;
  ReleaseChoice release = ChooseRelease(flavour, flavour_by_default, ctx->opt.renderer_version, claim,
                                        ctx->in.plan_label);
  ctx->SetFlavor(release.profile);
  ctx->notes.insert(ctx->notes.end(), release.notes.begin(), release.notes.end());
  out->newer_format = IsNewerFormat(kStateFormatVersion, f.format_version);
  if (ctx->in.has_schemas) {
    const SchemasFileCheck& file = SchemasFile(ctx);
    if (!file.status.ok()) return file.status;
    if (!embedded) out->newer_format = out->newer_format || IsNewerFormat("1.0", file.format_version);
  }
  if (embedded) out->newer_format = out->newer_format || IsNewerFormat("1.0", f.provider_format_version);
  if (!schemas_needed) return Status::Ok();
  ctx->facts.needed_schemas = out->facts.needed_schemas;
  Status checked = CheckSchemas(ctx);
  if (!checked.ok() && out->facts.in_document_order) {
    // The facts were read in document order: a missing schema is named by
    // the first resource needing it in RenderHumanState's order, so they
    // are read again in that order (the rest of them comes out the same).
    scan.in_walk_order = true;
    if (!(s = stream::ScanState(ctx->in.plan, &out->facts, scan)).ok()) return ctx->PlanError(s);
    ctx->facts.needed_schemas = out->facts.needed_schemas;
    checked = CheckSchemas(ctx);
  }
  return checked;
}

Status PreferSyntaxError(const PlanContext& ctx, Status failure) {
  if (failure.ok()) return failure;
  Status syntax = stream::ValidateState(ctx.in.plan);
  return syntax.ok() ? failure : ctx.PlanError(ExplainScanError(ctx.in.plan, syntax));
}

}  // namespace tfstream::pipeline
