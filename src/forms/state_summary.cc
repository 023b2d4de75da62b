#include "forms/state_summary.h"

#include <map>
#include <string>

#include "forms/json_out.h"
#include "forms/module_tree.h"
#include "forms/state_form.h"
#include "pipeline/plan_context.h"

namespace tfstream::forms {

namespace {

// Calls each(facts) for every resource object shown, in walk order.
template <typename Fn>
Status ForEachShownResource(const PreparedStateForm& form, pipeline::ProgressMeter* progress, Fn each) {
  const pipeline::PlanContext& ctx = form.ctx;
  const pipeline::PreparedState& prepared = form.state;
  const std::string_view doc = ctx.in.plan;
  size_t done = 0;
  Status from_each;  // what each() returned, passed on as it is
  uint64_t dropped = 0;  // handed back by range: the pre-scan moved the running count to the end
  if (progress != nullptr) progress->StartRendering(0, doc.size(), prepared.facts.resource_count);
  Status walked = stream::WalkStateResourceFacts(
      doc, prepared.facts.root,
      [&](std::string_view raw, uint64_t offset, const stream::StateResourceFacts& rf) -> Status {
        if (progress != nullptr) progress->Rendering(offset + raw.size(), ++done);
        if (offset + raw.size() >= dropped + pipeline::PlanContext::kDropBatch) {
          if (ctx.in.release_plan_range) ctx.in.release_plan_range(dropped, offset + raw.size());
          dropped = offset + raw.size();
        }
        return from_each = each(rf);
      },
      prepared.select, ctx.in.release_plan_range);
  // The walk's own errors (a fact of the wrong type) are the document's.
  return walked.ok() || !from_each.ok() ? walked : ctx.PlanError(walked);
}

// What --summary and --format json start from: the state prepared (no
// schemas needed: no values are rendered), then the root outputs' names,
// sorted (none with --address).
Status PrepareSummary(PreparedStateForm* form, pipeline::ProgressMeter* progress,
                      std::map<std::string, bool>* names) {
  Status s = form->Prepare(progress, /*schemas_needed=*/false);
  if (!s.ok() || form->state.select != nullptr) return s;
  for (const stream::ByteRange& object : form->state.facts.outputs_objects) {
    s = stream::ForEachMemberRange(
        form->ctx.in.plan, object, "outputs",
        [names](const std::string& key, stream::ByteRange) { (*names)[key] = true; },
        stream::ValueSkip::kByStructure);
    if (!s.ok()) return form->ctx.PlanError(s);
  }
  return Status::Ok();
}

std::string Plural(size_t n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

}  // namespace

Status RenderStateSummary(const pipeline::Input& input, const pipeline::Options& options,
                          pipeline::ProgressMeter* progress, buffer::OutputSink* out,
                          pipeline::Report* report) {
  PreparedStateForm form(input, options);
  std::map<std::string, bool> outputs;
  Status s = PrepareSummary(&form, progress, &outputs);
  if (!s.ok()) return s;
  std::string line;
  s = ForEachShownResource(form, progress, [&](const stream::StateResourceFacts& rf) {
    line = rf.address;
    if (!rf.deposed_key.empty()) {
      line += " (deposed object " + rf.deposed_key + ")";
    } else if (rf.tainted) {
      line += " (tainted)";
    }
    line += "\n";
    out->Append(line);
    return out->MaybeFlush();
  });
  if (!s.ok()) return s;
  const stream::StateFacts& f = form.state.facts;
  if (f.resource_count > 0) out->Append("\n");
  if (form.state.select != nullptr) {
    out->Append("Shown " + std::to_string(f.resource_count) + " of " +
                Plural(f.all_resource_count, "resource object.\n", "resource objects.\n"));
  } else {
    out->Append("State: " + Plural(f.resource_count, "resource object", "resource objects") + ", " +
                Plural(outputs.size(), "output.\n", "outputs.\n"));
  }
  (void)report;
  return out->Flush();
}

Status RenderStateJson(const pipeline::Input& input, const pipeline::Options& options,
                       pipeline::ProgressMeter* progress, buffer::OutputSink* out, pipeline::Report* report) {
  PreparedStateForm form(input, options);
  std::map<std::string, bool> outputs;
  Status s = PrepareSummary(&form, progress, &outputs);
  if (!s.ok()) return s;
  std::string& buf = *out->buffer();
  buf += "{\"format_version\": \"1.0\",\n \"flavor\": ";
  AppendJsonString(&buf, form.ctx.flavor->name);
  buf += ",\n \"input_shape\": \"state\",\n \"state_format_version\": ";
  AppendJsonStringOrNull(&buf, form.state.facts.format_version);
  buf += ",\n \"resources\": [";
  bool first = true;
  s = ForEachShownResource(form, progress, [&](const stream::StateResourceFacts& rf) {
    buf += first ? "\n  {\"address\": " : ",\n  {\"address\": ";
    first = false;
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
    return out->MaybeFlush();
  });
  if (!s.ok()) return s;
  buf += first ? "],\n \"resource_count\": " : "\n ],\n \"resource_count\": ";
  buf += std::to_string(form.state.facts.resource_count);
  buf += ",\n \"outputs\": [";
  first = true;
  for (const auto& [name, unused] : outputs) {
    if (!first) buf += ", ";
    first = false;
    AppendJsonString(&buf, name);
  }
  buf += "]}\n";
  (void)report;
  return out->Flush();
}

}  // namespace tfstream::forms
