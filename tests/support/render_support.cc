#include "render_support.h"

#include "buffer/arena.h"
#include "render/computed/palette.h"
#include "render/differ/differ.h"
#include "render/plan/resource_block.h"
#include "render/text/colorize.h"
#include "stream/json_document.h"
#include "stream/resource_change.h"
#include "stream/schema_store.h"

namespace tfstream::testing {
namespace {

using render::Diff;
using stream::JsonValue;

struct Env {
  explicit Env(bool color, const Flavor& flavor = TerraformFlavor())
      : flavor(&flavor), colorize(color), palette(colorize, flavor, false) {}
  render::DiffContext Ctx() { return render::DiffContext{&arena, &error, flavor}; }
  render::RenderOpts Opts() {
    render::RenderOpts o;
    o.flavor = flavor;
    o.palette = &palette;
    o.arena = &arena;
    o.error = &error;
    return o;
  }
  const Flavor* flavor;
  render::text::Colorize colorize;
  render::Palette palette;
  buffer::Arena arena;
  std::string error;
};

bool Parse(std::string_view text, buffer::Arena* arena, const JsonValue** out) {
  return stream::ParseGoJson(text, arena, out);
}

render::structured::Change ChangeFrom(const JsonValue* c, Env* env, std::string* error) {
  render::structured::Change change;
  stream::FindField(c, "before", &change.before);
  stream::FindField(c, "after", &change.after);
  stream::FindField(c, "after_unknown", &change.unknown);
  stream::FindField(c, "before_sensitive", &change.before_sensitive);
  stream::FindField(c, "after_sensitive", &change.after_sensitive);
  const JsonValue* replace = nullptr;
  stream::FindField(c, "replace_paths", &replace);
  if (!render::structured::Matcher::Parse(replace, false, &env->arena, &change.replace_paths)) {
    *error = "malformed replace_paths";
  }
  return change;
}

}  // namespace

std::string RenderResourceBlock(std::string_view change_json, std::string_view block_schema_json,
                                BlockOptions options) {
  Env env(options.color, options.opentofu ? OpenTofuFlavor() : TerraformFlavor());
  const JsonValue* rc_json = nullptr;
  const JsonValue* schema_json = nullptr;
  if (!Parse(change_json, &env.arena, &rc_json)) return "ERROR: invalid change JSON";
  if (!Parse(block_schema_json, &env.arena, &schema_json)) return "ERROR: invalid schema JSON";
  const stream::Block* block = nullptr;
  Status s = stream::DecodeBlock(schema_json, &env.arena, &block);
  if (!s.ok()) return "ERROR: " + s.message();
  stream::ResourceChange rc;
  s = stream::ExtractResourceChange(rc_json, change_json, 0, *env.flavor, &rc);
  if (!s.ok()) return "ERROR: " + s.message();
  const JsonValue* change_obj = nullptr;
  stream::FindField(rc_json, "change", &change_obj);
  std::string error;
  render::structured::Change change = ChangeFrom(change_obj, &env, &error);
  if (!error.empty()) return "ERROR: " + error;
  if (env.flavor->forget_only_as_no_op && rc.actions.size() == 1 && rc.actions[0] == "forget") {
    change = change.AsNoOp();
  }
  Diff diff = render::differ::ComputeDiffForBlock(change, *block, env.Ctx());
  if (!env.error.empty()) return "ERROR: " + env.error;
  std::string out;
  render::plan::AppendResourceDiff(rc, rc.action, diff,
                                   options.drift ? render::plan::Cause::kDrift : render::plan::Cause::kChange, {},
                                   {}, env.Opts(), &out);
  if (!env.error.empty()) return "ERROR: " + env.error;
  return out;
}

std::string RenderAttribute(std::string_view change_json, std::string_view attribute_json,
                            bool show_unchanged_children, bool color) {
  Env env(color);
  const JsonValue* c = nullptr;
  const JsonValue* a = nullptr;
  if (!Parse(change_json, &env.arena, &c)) return "ERROR: invalid change JSON";
  if (!Parse(attribute_json, &env.arena, &a)) return "ERROR: invalid attribute JSON";
  // Decode the attribute through a one-attribute block.
  stream::JsonMember member{"attr", a};
  JsonValue attrs{};
  attrs.kind = stream::JsonKind::kObject;
  attrs.members = &member;
  attrs.size = 1;
  stream::JsonMember block_member{"attributes", &attrs};
  JsonValue block_json{};
  block_json.kind = stream::JsonKind::kObject;
  block_json.members = &block_member;
  block_json.size = 1;
  const stream::Block* block = nullptr;
  Status s = stream::DecodeBlock(&block_json, &env.arena, &block);
  if (!s.ok()) return "ERROR: " + s.message();
  std::string error;
  render::structured::Change change = ChangeFrom(c, &env, &error);
  if (!error.empty()) return "ERROR: " + error;
  Diff diff = render::differ::ComputeDiffForAttribute(change, *block->attributes[0].attribute,
                                                       render::DiffContext{&env.arena, &env.error});
  std::string out;
  render::RenderOpts opts = env.Opts();
  opts.show_unchanged_children = show_unchanged_children;
  diff.RenderHuman(0, opts, &out);
  if (!env.error.empty()) return "ERROR: " + env.error;
  return out;
}

std::string RenderOutput(std::string_view change_json, bool color) {
  Env env(color);
  const JsonValue* c = nullptr;
  if (!Parse(change_json, &env.arena, &c)) return "ERROR: invalid change JSON";
  std::string error;
  render::structured::Change change = ChangeFrom(c, &env, &error);
  if (!error.empty()) return "ERROR: " + error;
  Diff diff = render::differ::ComputeDiffForOutput(change, render::DiffContext{&env.arena, &env.error});
  std::string out;
  diff.RenderHuman(0, env.Opts(), &out);
  if (!env.error.empty()) return "ERROR: " + env.error;
  return out;
}

}  // namespace tfstream::testing
