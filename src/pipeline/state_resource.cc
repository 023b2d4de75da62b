// A state's resources and outputs are shown as unchanged values:
// structured.FromJsonResource / FromJsonOutput give before == after, no
// unknowns, every attribute relevant; the renderer then prints every child
// (ShowUnchangedChildren) without action symbols (HideDiffActionSymbols),
// the pair an action invocation's config is rendered with.
#include "pipeline/resource_worker.h"

#include "render/differ/differ.h"
#include "render/renderers/util.h"
#include "render/state/state_sections.h"
#include "render/unchanged/cross_check.h"
#include "render/unchanged/unchanged_block.h"
#include "stream/json_tree_parser.h"
#include "stream/schema_store.h"

namespace tfstream::pipeline {
namespace {

using stream::JsonValue;

// The jsonstate.Resource fields the block needs, found in one pass over the
// members in document order, as decoding into the struct sees them: a
// string or bool field keeps the last non-null value of the keys naming it
// (stream::FindNonNullField), `values` and `sensitive_values` the last
// value, null included (stream::FindField).
struct ResourceFields {
  const JsonValue* address = nullptr;
  const JsonValue* mode = nullptr;
  const JsonValue* type = nullptr;
  const JsonValue* name = nullptr;
  const JsonValue* provider = nullptr;
  const JsonValue* deposed = nullptr;
  const JsonValue* tainted = nullptr;
  const JsonValue* values = nullptr;
  const JsonValue* sensitive_values = nullptr;

  explicit ResourceFields(const JsonValue* tree) {
    stream::ForEachMemberInOrder(tree, [&](const stream::JsonMember& m) {
      // Keys are almost always the field names themselves: compared as they
      // are first, folded (FieldKey) only where folding could change them.
      if (Take(m, [&m](std::string_view field) { return m.key == field; })) return;
      if (stream::KeyFoldsToItself(m.key)) return;  // names no field
      const stream::FieldKey key(m.key);
      Take(m, [&key](std::string_view field) { return key.Is(field); });
    });
  }

 private:
  // Whether the member's key names a field (`is(name)`), which then takes it.
  template <typename Is>
  bool Take(const stream::JsonMember& m, const Is& is) {
    if (is("values")) {
      values = m.value;
      return true;
    }
    if (is("sensitive_values")) {
      sensitive_values = m.value;
      return true;
    }
    const JsonValue** field = is("address")         ? &address
                              : is("mode")          ? &mode
                              : is("type")          ? &type
                              : is("name")          ? &name
                              : is("provider_name") ? &provider
                              : is("deposed_key")   ? &deposed
                              : is("tainted")       ? &tainted
                                                    : nullptr;
    if (field == nullptr) return false;
    // null leaves a string or bool field as it was
    if (m.value != nullptr) *field = m.value;
    return true;
  }
};

std::string_view StringOf(const JsonValue* v) { return v != nullptr && v->IsString() ? v->text() : std::string_view(); }

render::RenderOpts StateOpts(render::RenderOpts o) {
  o.show_unchanged_children = true;
  o.hide_diff_action_symbols = true;
  return o;
}

}  // namespace

bool ResourceWorker::ReadStateElementAhead(std::string_view rest, uint64_t offset, int max_depth, size_t* end) {
  read_ahead_ = {};
  const JsonValue* tree = nullptr;
  if (max_depth < 1 || !stream::ParseJsonTreePrefix(rest, offset, static_cast<size_t>(max_depth), &arena_, &tree, end)) {
    return false;
  }
  read_ahead_ = rest.substr(0, *end);
  read_ahead_tree_ = tree;
  return true;
}

Status ResourceWorker::RenderStateBlock(std::string_view raw, uint64_t offset, int blank_lines, std::string* out) {
  element_offset_ = offset;
  const JsonValue* tree = nullptr;
  Status s;
  // Read by the walk's read-ahead (parsed, not yet decoded), or not.
  const bool read_ahead =
      !read_ahead_.empty() && read_ahead_.data() == raw.data() && read_ahead_.size() == raw.size();
  read_ahead_ = {};
  if (read_ahead) {
    tree = read_ahead_tree_;
    Decoded(tree);
  } else {
    s = Parse(raw, offset, &tree);
    if (!s.ok()) return s;
  }
  const ResourceFields fields(tree);
  const std::string_view address = StringOf(fields.address);
  const std::string_view mode = StringOf(fields.mode);
  const std::string_view type = StringOf(fields.type);
  const std::string_view name = StringOf(fields.name);
  const std::string_view provider = StringOf(fields.provider);
  const std::string_view deposed = StringOf(fields.deposed);
  const bool tainted = stream::IsTrue(fields.tainted);
  if (mode != "managed" && mode != "data") {
    return ctx_.AddressError(address, "unknown resource mode \"" + std::string(mode) +
                                          "\" (a state holds \"managed\" and \"data\" resources)", offset);
  }
  const bool managed = mode == "managed";
  bool found;
  const stream::Block* block;
  s = ctx_.schemas->Find(provider, managed ? stream::SchemaStore::Kind::kResource : stream::SchemaStore::Kind::kDataSource,
                         type, &found, &block);
  if (!s.ok()) return Status::Error(Located(ctx_.schemas->label(), s));
  if (!found) {
    const std::string what = std::string(managed ? "resource" : "data source") + " type \"" + std::string(type) + "\"";
    return ctx_.AddressError(address, MissingSchemaMessage(ctx_, provider, what), offset);
  }
  // AttributeValues is a map: absent or null gives an empty map, never nil.
  const JsonValue* values = fields.values;
  if (values == nullptr) {
    JsonValue* empty = arena_.New<JsonValue>();
    empty->kind = stream::JsonKind::kObject;
    values = empty;
  } else if (!values->IsObject()) {
    return ctx_.AddressError(address, "expected an object for \"values\"", offset);
  }
  render::structured::Change change;
  change.before = values;
  change.after = values;
  change.before_sensitive = fields.sensitive_values;
  change.after_sensitive = change.before_sensitive;
  error_.clear();
  unknown_names_.clear();
  render::DiffContext diff_ctx = Ctx();
  diff_ctx.unknown_names = &unknown_names_;
  // The block goes straight to `out`: a failing block is cut off again by
  // the caller (RenderBlocksInBatches, or the single-thread walk, which
  // renders each block into a text of its own).
  render::state::ResourceHeading heading;
  heading.blank_lines = blank_lines;
  heading.address = address;
  heading.deposed_key = deposed;
  heading.tainted = tainted;
  heading.managed = managed;
  heading.type = type;
  heading.name = name;
  render::state::AppendResourceHeading(heading, render::renderers::QuoteUnicode(*ctx_.flavor), out);
  // Every value of a state is unchanged: written straight from the values
  // where the unchanged-value renderer takes them, else diffed and rendered.
  const render::RenderOpts opts = StateOpts(Opts());
  const size_t body = out->size();
  const bool fast = render::unchanged::RenderUnchangedBlock(values, change.before_sensitive, *block, 0, opts, diff_ctx, out);
  render::unchanged::CountBlock(fast);
  if (!fast || render::unchanged::CrossCheckEnabled()) {
    std::string general;
    std::string* to = fast ? &general : out;
    const size_t names = unknown_names_.size();
    render::Diff diff = render::differ::ComputeDiffForBlock(change, *block, diff_ctx);
    if (error_.empty()) diff.RenderHuman(0, opts, to);
    if (fast) {
      const std::string_view mine = std::string_view(*out).substr(body);
      if (!error_.empty()) render::unchanged::CrossCheckFailed(address, mine, "(an error) " + error_);
      if (general != mine) render::unchanged::CrossCheckFailed(address, mine, general);
      unknown_names_.resize(names);  // noted once
    }
    if (!error_.empty()) return ctx_.AddressError(address, error_, offset);
  }
  if (!unknown_names_.empty()) ctx_.stale_schemas.Add(provider, !managed, type, unknown_names_);
  out->push_back('\n');
  return Status::Ok();
}

Status ResourceWorker::RenderStateOutput(std::string_view name, stream::ByteRange range, std::string* out) {
  const JsonValue* tree = nullptr;
  Status s = Parse(ctx_.in.plan.substr(range.begin, range.size()), range.begin, &tree);
  if (!s.ok()) return s;
  const std::string where = "output \"" + std::string(name) + "\"";
  if (tree != nullptr && !tree->IsObject()) {
    return ctx_.PlanError(Status::Error("expected an object for " + where, range.begin));
  }
  const JsonValue* sensitive = stream::FindNonNullField(tree, "sensitive");
  if (sensitive != nullptr && !sensitive->IsBool()) {
    return ctx_.PlanError(Status::Error(where + ": expected a bool for \"sensitive\"", range.begin));
  }
  // FromJsonOutput: sensitivity is the output's bool, before and after.
  JsonValue* flag = arena_.New<JsonValue>();
  flag->kind = stream::JsonKind::kBool;
  flag->boolean = stream::IsTrue(sensitive);
  render::structured::Change change;
  stream::FindField(tree, "value", &change.before);
  change.after = change.before;
  change.before_sensitive = flag;
  change.after_sensitive = flag;
  const JsonValue* type_json = nullptr;
  stream::FindField(tree, "type", &type_json);
  const stream::CtyType* type = nullptr;
  error_.clear();
  render::Diff diff;
  // ctyjson.UnmarshalType failing (no type, or not a type): the renderer
  // infers the type from the value.
  if (stream::DecodeCtyType(type_json, &arena_, &type)) {
    diff = render::differ::ComputeDiffForType(change, type, Ctx());
  } else {
    diff = render::differ::ComputeDiffForOutput(change, Ctx());
  }
  if (!error_.empty()) return ctx_.PlanError(Status::Error(where + ": " + error_, range.begin));
  render::state::AppendOutputName(name, out);
  diff.RenderHuman(0, StateOpts(Opts()), out);
  if (!error_.empty()) return ctx_.PlanError(Status::Error(where + ": " + error_, range.begin));
  out->push_back('\n');
  return Status::Ok();
}

}  // namespace tfstream::pipeline
