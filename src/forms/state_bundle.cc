#include "forms/state_bundle.h"

#include <algorithm>

#include "forms/json_out.h"
#include "forms/plan_bundle.h"
#include "forms/state_form.h"
#include "pipeline/plan_context.h"

namespace tfstream::forms {

namespace {

constexpr uint64_t kChunk = uint64_t{1} << 20;
constexpr uint64_t kPageMask = ~uint64_t{4095};

void Member(buffer::OutputSink* out, std::string_view name) {
  out->Append(",\n");
  AppendJsonString(out->buffer(), name);
  out->Append(": ");
}

// Copies the input's bytes in `r`, giving their pages back behind it.
Status CopyInput(const pipeline::PlanContext& ctx, stream::ByteRange r, buffer::OutputSink* out) {
  uint64_t released = r.begin & kPageMask;
  for (uint64_t at = r.begin; at < r.end;) {
    const uint64_t end = std::min(r.end, at + kChunk);
    Status s = out->AppendBlock(ctx.in.plan.substr(at, end - at));
    if (s.ok()) s = out->MaybeFlush();
    if (!s.ok()) return s;
    if (ctx.in.release_plan_range) ctx.in.release_plan_range(released, end);
    released = end & kPageMask;
    at = end;
  }
  return Status::Ok();
}

}  // namespace

Status WriteStateBundle(const pipeline::Input& input, const pipeline::Options& options,
                        pipeline::ProgressMeter* progress, buffer::OutputSink* out,
                        pipeline::Report* report) {
  PreparedStateForm form(input, options);
  Status s = form.Prepare(progress, /*schemas_needed=*/true);
  if (!s.ok()) return s;
  pipeline::PlanContext& ctx = form.ctx;
  const pipeline::PreparedState& prepared = form.state;
  const stream::StateFacts& f = prepared.facts;
  NeededSchemaTypes needed;
  for (const auto& [key, use] : f.needed_schemas) {
    needed[key.provider][key.data ? 1 : 0].insert(key.type);
  }
  // The versions the renderer was handed (PrepareState's newer_format), so
  // that the bundle gets the same warning, or none.
  std::string* buf = out->buffer();
  out->Append("{\n\"tfstream_flavor\": ");
  AppendJsonString(buf, ctx.flavor->name);
  Member(out, "format_version");
  AppendJsonString(buf, f.has_format_version ? std::string_view(f.format_version) : pipeline::kStateFormatVersion);
  // The release whose text the bundle was made for, which --renderer-version
  // auto reads back (as a plan bundle's).
  Member(out, "terraform_version");
  AppendJsonString(buf, ctx.flavor->release.VersionText());
  std::string provider_version;
  bool has_provider_version = false;
  if (f.members.provider_schemas) {
    has_provider_version = f.has_provider_format_version;
    provider_version = f.provider_format_version;
  } else if (input.has_schemas) {
    provider_version = pipeline::SchemasFile(&ctx).format_version;
    has_provider_version = !provider_version.empty();
  }
  if (has_provider_version) {
    Member(out, "tfstream_provider_format_version");
    AppendJsonString(buf, provider_version);
  }
  Member(out, "values");
  if (f.values.present) {
    if (!(s = CopyInput(ctx, f.values, out)).ok()) return s;
  } else {
    out->Append("{}");
  }
  Member(out, "provider_schemas");
  if (!(s = WriteTrimmedProviderSchemas(*ctx.schemas, needed, out)).ok()) return s;
  out->Append("\n}\n");
  if (report != nullptr) report->notes = ctx.notes;
  return out->Flush();
}

}  // namespace tfstream::forms
