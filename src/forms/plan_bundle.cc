#include "forms/plan_bundle.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <map>
#include <set>
#include <string>
#include <system_error>
#include <thread>
#include <utility>
#include <vector>

#include "pipeline/plan_context.h"
#include "pipeline/plan_prepare.h"
#include "pipeline/plan_run.h"
#include "stream/json_tree_parser.h"
#include "stream/resource_change.h"

namespace tfstream::forms {

using namespace pipeline;
namespace {

using stream::ByteRange;
using Kind = stream::SchemaStore::Kind;

constexpr const char* kKindFields[3] = {"resource_schemas", "data_source_schemas", "action_schemas"};
// Sections are copied in pieces of this size, each one's pages given back
// once it is written.
constexpr uint64_t kChunk = uint64_t{1} << 20;
constexpr uint64_t kPageMask = ~uint64_t{4095};

// `s` as a JSON string that decodes to `s` again. Names (providers, types,
// versions) are the only text not copied from the input: they are written
// from their decoded form, since of repeated keys only one counts.
void AppendJsonString(std::string_view s, std::string* out) {
  static const char kHex[] = "0123456789abcdef";
  out->push_back('"');
  for (char ch : s) {
    const unsigned char c = static_cast<unsigned char>(ch);
    if (c == '"' || c == '\\') {
      out->push_back('\\');
      out->push_back(ch);
    } else if (c < 0x20) {
      out->append("\\u00");
      out->push_back(kHex[c >> 4]);
      out->push_back(kHex[c & 15]);
    } else {
      out->push_back(ch);
    }
  }
  out->push_back('"');
}

std::string_view TrimJsonSpace(std::string_view s) {
  auto space = [](char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; };
  while (!s.empty() && space(s.front())) s.remove_prefix(1);
  while (!s.empty() && space(s.back())) s.remove_suffix(1);
  return s;
}

class BundleWriter {
 public:
  explicit BundleWriter(const PlanView& plan) : ctx_(plan.ctx), plan_(plan), doc_(plan.ctx.in.plan) {}
  ~BundleWriter() {
    if (validation_.joinable()) validation_.join();
  }

  Status Run(buffer::OutputSink* out);

 private:
  using Types = NeededSchemaTypes::mapped_type;
  void Need(std::string_view provider, Kind kind, std::string_view type) {
    auto it = needed_.find(provider);
    if (it == needed_.end()) it = needed_.emplace(std::string(provider), Types{}).first;
    auto& types = it->second[static_cast<int>(kind)];
    if (types.find(type) == types.end()) types.emplace(type);
  }
  Status NeedDeferredTypes();

  // Validates, on a thread of its own, what the pre-scan skipped by
  // structure, except resource_drift, which CopyDrift validates.
  void StartValidation();
  Status WaitValidation();

  Status WriteBody();
  void Member(std::string_view name) {
    out_->Append(",\n");
    AppendJsonString(name, out_->buffer());
    out_->Append(": ");
  }
  Status Write(std::string_view text) {
    Status s = out_->AppendBlock(text);
    return s.ok() ? out_->MaybeFlush() : s;
  }
  // Copies the plan's bytes in `r`, giving their pages back behind it.
  Status CopyPlan(ByteRange r);
  Status WriteOutputChanges();
  Status CopyDrift();
  Status WriteProviderSchemas();

  const PlanContext& ctx_;
  const PlanView& plan_;
  std::string_view doc_;
  buffer::OutputSink* out_ = nullptr;
  NeededSchemaTypes needed_;
  std::thread validation_;
  Status validation_status_;
  std::atomic<bool> validation_failed_{false};
};

Status BundleWriter::Run(buffer::OutputSink* out) {
  out_ = out;
  const stream::PlanFacts& facts = ctx_.facts;
  Status s;
  for (const auto& [key, use] : facts.needed_schemas) {
    Need(key.provider, key.data ? Kind::kDataSource : Kind::kResource, key.type);
  }
  for (const stream::ActionInvocationFacts& a : facts.actions) Need(a.provider_name, Kind::kAction, a.type);
  if (!(s = NeedDeferredTypes()).ok()) return s;
  StartValidation();
  Status written = WriteBody();
  Status valid = WaitValidation();
  if (!valid.ok()) return valid;
  if (!written.ok()) return written;
  out_->Append("\n}\n");
  return out_->Flush();
}

Status BundleWriter::NeedDeferredTypes() {
  const stream::PlanFacts& facts = ctx_.facts;
  // `terraform show` never renders deferred changes: they stay out.
  if (facts.shape != stream::InputShape::kRenderer || !facts.deferred_changes.present) return Status::Ok();
  buffer::Arena arena;
  return ctx_.ForEachElement(
      facts.deferred_changes,
      [&](std::string_view raw, uint64_t offset) -> Status {
        const stream::JsonValue* tree = nullptr;
        Status st = stream::ParseJsonTree(raw, offset, &arena, &tree);
        stream::ResourceChange rc;
        std::string_view reason;
        if (st.ok()) st = stream::ExtractDeferredResourceChange(tree, raw, offset, &rc, &reason);
        if (!st.ok()) return ctx_.PlanError(st);
        Need(rc.provider_name, rc.IsManaged() ? Kind::kResource : Kind::kDataSource, rc.type);
        arena.Reset();
        return Status::Ok();
      },
      PlanContext::Pages::kDropBehind);
}

void BundleWriter::StartValidation() {
  const stream::PlanFacts& facts = ctx_.facts;
  // ValidateDeferred reads only these.
  stream::PlanFacts check;
  check.changes_skipped_by_structure = facts.changes_skipped_by_structure;
  check.resource_changes = facts.resource_changes;
  for (const ByteRange& r : facts.deferred_validation) {
    if (!(facts.resource_drift.present && r == facts.resource_drift)) check.deferred_validation.push_back(r);
  }
  auto run = [this, check = std::move(check)] {
    Status s = stream::ValidateDeferred(doc_, check, /*changes_validated=*/false, ctx_.in.release_plan_range);
    validation_status_ = s.ok() ? s : ctx_.PlanError(s);
    if (!s.ok()) validation_failed_ = true;
  };
  try {
    validation_ = std::thread(run);
  } catch (const std::system_error&) {
    run();  // no thread to spare: validate before writing anything
  }
}

Status BundleWriter::WaitValidation() {
  if (validation_.joinable()) validation_.join();
  return validation_status_;
}

Status BundleWriter::CopyPlan(ByteRange r) {
  uint64_t released = r.begin & kPageMask;
  for (uint64_t at = r.begin; at < r.end;) {
    // The input is broken: WaitValidation reports it, nothing more is written.
    if (validation_failed_) return Status::Error("invalid input");
    const uint64_t end = std::min(r.end, at + kChunk);
    Status s = Write(doc_.substr(at, end - at));
    if (!s.ok()) return s;
    if (ctx_.in.release_plan_range) ctx_.in.release_plan_range(released, end);
    released = end & kPageMask;
    at = end;
  }
  return Status::Ok();
}

Status BundleWriter::WriteBody() {
  const stream::PlanFacts& facts = ctx_.facts;
  const bool renderer = facts.shape == stream::InputShape::kRenderer;
  std::string* buf = out_->buffer();
  // The versions the renderer is handed (PreparePlan's newer_format): a
  // renderer document's own; for show input the plan's format_version and
  // the --schemas file's, or the renderer's own where they have none.
  std::string_view plan_version = kPlanFormatVersion, provider_version = kProviderFormatVersion;
  if (renderer) {
    if (facts.has_plan_format_version) plan_version = facts.plan_format_version;
    if (facts.has_provider_format_version) provider_version = facts.provider_format_version;
  } else {
    if (!facts.format_version.empty()) plan_version = facts.format_version;
    if (ctx_.in.has_schemas && !plan_.schemas_file_format_version.empty()) {
      provider_version = plan_.schemas_file_format_version;
    }
  }
  out_->Append("{\n\"plan_format_version\": ");
  AppendJsonString(plan_version, buf);
  Member("tfstream_flavor");
  AppendJsonString(ctx_.flavor->name, buf);
  // The release whose text the bundle was made for, spelled so that
  // --renderer-version auto reads it back: "1.9.5", or "1.9" for a line's
  // newest patch.
  Member("terraform_version");
  AppendJsonString(ctx_.flavor->release.VersionText(), buf);
  bool errored, no_changes;
  ResolveQuality(ctx_, &errored, &no_changes);
  if (errored || no_changes) {
    Member("tfstream_quality");
    AppendJsonString(errored ? "errored" : "no-changes", buf);
  }
  Status s;
  if (!(s = WriteOutputChanges()).ok()) return s;
  if (facts.resource_changes.present) {
    Member("resource_changes");
    if (!(s = CopyPlan(facts.resource_changes)).ok()) return s;
  }
  if (!(s = CopyDrift()).ok()) return s;
  if (facts.relevant_attributes.present) {
    Member("relevant_attributes");
    if (!(s = CopyPlan(facts.relevant_attributes)).ok()) return s;
  }
  if (renderer && facts.deferred_changes.present) {
    Member("deferred_changes");
    if (!(s = CopyPlan(facts.deferred_changes)).ok()) return s;
  }
  if (facts.action_invocations.present) {
    Member("action_invocations");
    if (!(s = CopyPlan(facts.action_invocations)).ok()) return s;
  }
  Member("provider_format_version");
  AppendJsonString(provider_version, buf);
  return WriteProviderSchemas();
}

// The members of every output_changes object since the last null, in
// document order, as one object: Go decodes a repeated key into the map
// already there, and of repeated names the last counts in both.
Status BundleWriter::WriteOutputChanges() {
  const std::vector<ByteRange>& objects = ctx_.facts.output_changes_objects;
  if (objects.empty()) return Status::Ok();
  Member("output_changes");
  out_->Append("{");
  bool first = true;
  for (const ByteRange& r : objects) {
    std::string_view object = TrimJsonSpace(doc_.substr(r.begin, r.size()));
    std::string_view members = TrimJsonSpace(object.substr(1, object.size() - 2));  // between the braces
    if (members.empty()) continue;
    if (!first) out_->Append(",");
    first = false;
    const uint64_t begin = static_cast<uint64_t>(members.data() - doc_.data());
    Status s = CopyPlan(ByteRange{begin, begin + members.size(), true});
    if (!s.ok()) return s;
  }
  out_->Append("}");
  return Status::Ok();
}

// Drift is copied element by element: each element's type and provider are
// read (its schema goes into the bundle) and its values validated on the way.
Status BundleWriter::CopyDrift() {
  const ByteRange r = ctx_.facts.resource_drift;
  if (!r.present) return Status::Ok();
  Member("resource_drift");
  stream::JsonScanner s(doc_.substr(0, r.end));
  s.Seek(r.begin);
  if (!s.BeginArray("an array for \"resource_drift\"")) return ctx_.PlanError(s.status());
  out_->Append("[");
  stream::ResourceFacts rf;
  bool first = true, first_written = true;
  while (s.NextElement(&first)) {
    s.Peek();
    const uint64_t begin = s.pos();
    rf.Clear();
    if (!stream::ScanResourceFacts(&s, 2, &rf, stream::ValueSkip::kValidate)) break;
    Need(rf.provider_name, rf.mode == "managed" ? Kind::kResource : Kind::kDataSource, rf.type);
    if (!first_written) out_->Append(",");
    first_written = false;
    Status st = CopyPlan(ByteRange{begin, s.pos(), true});
    if (!st.ok()) return st;
  }
  if (!s.ok()) return ctx_.PlanError(s.status());
  out_->Append("]");
  return Status::Ok();
}

// Every provider of the schemas the input renders with, each with only the
// types the plan uses; the other providers stay as empty objects (an action
// invocation needs its provider to exist, and the flavour's auto rule reads
// provider addresses). A provider whose schemas cannot be looked up is
// copied whole, so that rendering the bundle meets the same problem.
Status BundleWriter::WriteProviderSchemas() {
  Member("provider_schemas");
  return WriteTrimmedProviderSchemas(*ctx_.schemas, needed_, out_);
}

}  // namespace

Status WriteTrimmedProviderSchemas(stream::SchemaStore& store, const NeededSchemaTypes& needed,
                                   buffer::OutputSink* out) {
  auto write = [out](std::string_view text) {
    Status st = out->AppendBlock(text);
    return st.ok() ? out->MaybeFlush() : st;
  };
  std::vector<std::pair<std::string, ByteRange>> providers;
  Status s = store.ForEachProvider(
      [&](const std::string& name, ByteRange value) { providers.emplace_back(name, value); });
  if (!s.ok()) return Status::Error(Located(store.label(), s));
  const std::string_view text = store.text();
  out->Append("{");
  std::string* buf = out->buffer();
  for (size_t i = 0; i < providers.size(); ++i) {
    const auto& [name, range] = providers[i];
    out->Append(i == 0 ? "\n" : ",\n");
    AppendJsonString(name, buf);
    out->Append(": ");
    const std::string_view value = text.substr(range.begin, range.size());
    std::array<std::vector<std::pair<std::string_view, ByteRange>>, 3> found;
    bool whole = value.empty() || value[0] != '{';
    auto it = needed.find(name);
    for (int k = 0; k < 3 && !whole && it != needed.end(); ++k) {
      for (const std::string& type : it->second[k]) {
        bool has;
        ByteRange type_range;
        if (!store.FindRange(name, static_cast<Kind>(k), type, &has, &type_range).ok()) {
          whole = true;
          break;
        }
        if (has) found[k].emplace_back(type, type_range);
      }
    }
    if (whole) {
      if (!(s = write(value)).ok()) return s;
      continue;
    }
    out->Append("{");
    bool first_kind = true;
    for (int k = 0; k < 3; ++k) {
      if (found[k].empty()) continue;
      out->Append(first_kind ? "" : ", ");
      first_kind = false;
      AppendJsonString(kKindFields[k], buf);
      out->Append(": {");
      for (size_t t = 0; t < found[k].size(); ++t) {
        out->Append(t == 0 ? "" : ", ");
        AppendJsonString(found[k][t].first, buf);
        out->Append(": ");
        const ByteRange tr = found[k][t].second;
        if (!(s = write(text.substr(tr.begin, tr.size()))).ok()) return s;
      }
      out->Append("}");
    }
    out->Append("}");
  }
  out->Append("\n}");
  return Status::Ok();
}


namespace {

}  // namespace

namespace {

// Everything is written at Begin: the document is copied, not rendered.
class BundleSink : public Sink {
 public:
  explicit BundleSink(buffer::OutputSink* out) : out_(out) {}
  Needs needs() const override {
    Needs n;
    n.text = false;
    // The schemas are checked as for rendering: a bundle that would not
    // render is refused. What the scan skipped is validated beside the copy.
    n.checked_schemas = true;
    return n;
  }
  Status Begin(const PlanView& plan) override {
    BundleWriter writer(plan);
    return writer.Run(out_);
  }

 private:
  buffer::OutputSink* out_;
};

}  // namespace

std::unique_ptr<Sink> MakeBundleSink(buffer::OutputSink* out) { return std::make_unique<BundleSink>(out); }

}  // namespace tfstream::forms
