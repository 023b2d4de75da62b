#include "forms/state_bundle.h"

#include <algorithm>

#include "forms/json_out.h"
#include "forms/plan_bundle.h"
#include "pipeline/plan_context.h"
#include "pipeline/state_run.h"
#include "stream/json_scanner.h"

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

// The members of the object at `r`, without its braces; false for none.
bool ObjectInside(std::string_view doc, stream::ByteRange r, stream::ByteRange* inside) {
  stream::JsonScanner s(doc.substr(0, r.end));
  s.Seek(r.begin + 1);
  if (s.Peek() == '}') return false;
  *inside = stream::ByteRange{s.pos(), r.end - 1, true};
  return true;
}

// A repeated "values" written as Go decoded it: the outputs of every object
// since the last null (a repeated name is read back last-wins, as a Go map
// decodes it), and the root module's final arrays.
Status WriteMergedValues(const pipeline::PlanContext& ctx, const stream::StateFacts& f, buffer::OutputSink* out) {
  Status s;
  out->Append("{");
  const char* sep = "";
  bool any_output = false;
  for (const stream::ByteRange& object : f.outputs_objects) {
    stream::ByteRange inside;
    if (!ObjectInside(ctx.in.plan, object, &inside)) continue;
    out->Append(any_output ? "," : "\"outputs\":{");
    any_output = true;
    if (!(s = CopyInput(ctx, inside, out)).ok()) return s;
  }
  if (any_output) {
    out->Append("}");
    sep = ",";
  }
  const stream::StateModule& root = f.root;
  if (root.resources.present || root.child_modules.present) {
    out->Append(sep);
    out->Append("\"root_module\":{");
    const char* inner = "";
    for (const auto& [name, range] : {std::pair{"resources", root.resources}, {"child_modules", root.child_modules}}) {
      if (!range.present) continue;
      out->Append(inner);
      out->Append("\"");
      out->Append(name);
      out->Append("\":");
      if (!(s = CopyInput(ctx, range, out)).ok()) return s;
      inner = ",";
    }
    out->Append("}");
  }
  out->Append("}");
  return Status::Ok();
}

}  // namespace

namespace {

// Everything is written at Begin: the state is copied, not rendered.
class StateBundleSink : public pipeline::Sink {
 public:
  explicit StateBundleSink(buffer::OutputSink* out) : out_(out) {}
  pipeline::Needs needs() const override {
    pipeline::Needs n;
    n.text = false;
    n.checked_schemas = true;  // every resource's schema must be there, as for rendering
    return n;
  }
  Status Begin(const pipeline::StateView& state) override;

 private:
  buffer::OutputSink* out_;
};

Status StateBundleSink::Begin(const pipeline::StateView& state) {
  buffer::OutputSink* out = out_;
  const pipeline::PlanContext& ctx = state.ctx;
  const pipeline::PreparedState& prepared = state.prepared;
  Status s;
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
  } else if (ctx.in.has_schemas) {
    provider_version = state.schemas_file_format_version;
    has_provider_version = !provider_version.empty();
  }
  if (has_provider_version) {
    Member(out, "tfstream_provider_format_version");
    AppendJsonString(buf, provider_version);
  }
  Member(out, "values");
  if (f.values_repeated) {
    if (!(s = WriteMergedValues(ctx, f, out)).ok()) return s;
  } else if (f.values.present) {
    if (!(s = CopyInput(ctx, f.values, out)).ok()) return s;
  } else {
    out->Append("{}");
  }
  Member(out, "provider_schemas");
  if (!(s = WriteTrimmedProviderSchemas(*ctx.schemas, needed, out)).ok()) return s;
  out->Append("\n}\n");
  return out->Flush();
}

}  // namespace

std::unique_ptr<pipeline::Sink> MakeStateBundleSink(buffer::OutputSink* out) {
  return std::make_unique<StateBundleSink>(out);
}

}  // namespace tfstream::forms
