// Test fixture for the cases ported from differ_test.go
// (internal/command/jsonformat/differ @883c722).
//
// How a case is checked. The Go tests walk the computed diff with the
// renderers.Validate* functions: at every node they compare the action, the
// replace flag, the renderer's type (and the object/list flavour), primitive
// before/after values, and recurse into children. Our renderers are opaque
// DiffRenderer implementations that expose no children, so each Go validator
// is transcribed instead as the Diff it describes, built with our renderer
// constructors (ExpectPrimitive, ExpectObject, ...; as
// tests/render/renderers/renderer_fixture.h builds them), and CheckDiff then
// compares the differ's result with that expected tree by
//   - the root's action and replace flag, and the root renderer's dynamic
//     type (typeid);
//   - the text both render to with colour off, with show_unchanged_children
//     false and true: parents print their children's action symbols,
//     "# forces replacement" marks, values and structure, and with
//     show_unchanged_children every no-op child is printed too, so a child
//     with another action, replace flag, value or kind, or a missing or extra
//     child, changes the text;
//   - the root's warning, which shows the sensitivity flags of a Sensitive
//     renderer and whether its inner diff is a no-op.
// What this cannot see: the inner diff of a Sensitive renderer below the
// root beyond that (Terraform never prints it, so it cannot change the output
// either; at the root CheckSensitiveInner checks it), and list-vs-set kinds
// of children whose rendering happens to coincide.
//
// Where the rendering depends on facts the Go validators do not state, the
// expectation states them the way the Go differ sets them: a primitive's cty
// type is that of its JSON value (ExpectPrimitiveOf overrides it), and the
// per-group flags of nested blocks (BlockGroupFlags) are those block.go
// records from the child change (ReplaceBlocks, Before/AfterSensitiveBlocks,
// UnknownBlocks).
//
// Inputs (Go's structured.Change) are written as JSON text: Go's nil is the
// empty string. Everything lives in the fixture's arena until the test ends.
#pragma once

#include <algorithm>
#include <catch2/catch.hpp>
#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <typeinfo>
#include <utility>
#include <vector>

#include "buffer/arena.h"
#include "render/computed/diff.h"
#include "render/computed/palette.h"
#include "render/differ/differ.h"
#include "render/renderers/renderers.h"
#include "render/structured/change.h"
#include "render/structured/matcher.h"
#include "render/text/colorize.h"
#include "stream/json_document.h"
#include "stream/json_value.h"
#include "stream/schema.h"
#include "stream/schema_store.h"

namespace tfstream::render::differ::testing {

using renderers::BlockGroup;
using renderers::BlockNesting;
using renderers::PrimitiveType;
using stream::JsonValue;

inline constexpr Action kNoOp = Action::kNoOp;
inline constexpr Action kCreate = Action::kCreate;
inline constexpr Action kUpdate = Action::kUpdate;
inline constexpr Action kDelete = Action::kDelete;

// attribute_path.PathMatcher: each path a JSON array of steps.
struct Paths {
  std::vector<std::string> paths{};
  bool propagate = false;
};

// structured.Change, values as JSON text ("" is Go's nil). relevant_attributes
// absent is attribute_path.AlwaysMatcher(), the default the Go tests set.
struct Input {
  std::string before{};
  std::string after{};
  std::string unknown{};
  std::string before_sensitive{};
  std::string after_sensitive{};
  bool before_explicit = false;
  bool after_explicit = false;
  Paths replace_paths{};
  std::optional<Paths> relevant_attributes{};
};

// --- wrapChangeInSlice / wrapChangeInMap ------------------------------------
// A single-element list or map holding the input: a nil value becomes an
// explicit null element only when it is unknown or explicit, else the
// collection is empty; nil unknown and sensitivity become empty collections.
// Concatenation (GCC 12 reports false -Wrestrict warnings for some chains of
// std::string operator+).
inline std::string Cat(std::initializer_list<std::string_view> parts) {
  std::string out;
  for (std::string_view p : parts) out.append(p);
  return out;
}

namespace internal {

inline bool IsNil(const std::string& json) { return json.empty() || json == "null"; }

inline std::string WrapPath(const std::string& path, std::string_view step) {
  // path is "[...]": insert the step first.
  std::string inner = path.substr(1, path.size() - 2);
  bool empty = inner.find_first_not_of(" \t\n") == std::string::npos;
  return Cat({"[", step, empty ? "" : ",", inner, "]"});
}

template <typename WrapValue>
Input WrapChange(const Input& in, std::string_view step, WrapValue wrap) {
  Input out{};
  out.before = wrap(in.before, false, in.before_explicit);
  out.after = wrap(in.after, in.unknown == "true", in.after_explicit);
  out.unknown = wrap(in.unknown, false, false);
  out.before_sensitive = wrap(in.before_sensitive, false, false);
  out.after_sensitive = wrap(in.after_sensitive, false, false);
  // The Go helper builds a fresh PathMatcher: propagation is not carried over.
  for (const std::string& p : in.replace_paths.paths) out.replace_paths.paths.push_back(WrapPath(p, step));
  if (in.relevant_attributes) {
    Paths relevant;
    for (const std::string& p : in.relevant_attributes->paths) relevant.paths.push_back(WrapPath(p, step));
    out.relevant_attributes = relevant;
  }
  return out;
}

}  // namespace internal

inline Input WrapChangeInSlice(const Input& in) {
  return internal::WrapChange(in, "0", [](const std::string& v, bool unknown, bool explicit_) {
    if (internal::IsNil(v)) return std::string(unknown || explicit_ ? "[null]" : "[]");
    return Cat({"[", v, "]"});
  });
}

inline Input WrapChangeInMap(const Input& in) {
  return internal::WrapChange(in, "\"element\"", [](const std::string& v, bool unknown, bool explicit_) {
    if (internal::IsNil(v)) return std::string(unknown || explicit_ ? R"({"element":null})" : "{}");
    return Cat({R"({"element":)", v, "}"});
  });
}

// Per-group facts of nested blocks that block.go records beside the diffs.
struct BlockGroupFlags {
  bool replace = false;
  bool before_sensitive = false;
  bool after_sensitive = false;
  bool unknown = false;
};

class DifferFixture {
 protected:
  // --- inputs and schemas ---------------------------------------------------
  const JsonValue* Json(std::string_view text) {
    if (text.empty()) return nullptr;
    const JsonValue* value = nullptr;
    bool ok = stream::ParseGoJson(arena_.CopyString(text), &arena_, &value);
    INFO("JSON text: " << text);
    REQUIRE(ok);
    return value;
  }

  structured::Matcher MakeMatcher(const Paths& paths) {
    std::string json = "[";
    for (size_t i = 0; i < paths.paths.size(); ++i) json += Cat({i ? "," : "", paths.paths[i]});
    json += "]";
    structured::Matcher m;
    REQUIRE(structured::Matcher::Parse(Json(json), paths.propagate, &arena_, &m));
    return m;
  }

  structured::Change MakeChange(const Input& in) {
    structured::Change c;
    c.before = Json(in.before);
    c.after = Json(in.after);
    c.unknown = Json(in.unknown);
    c.before_sensitive = Json(in.before_sensitive);
    c.after_sensitive = Json(in.after_sensitive);
    c.before_explicit = in.before_explicit;
    c.after_explicit = in.after_explicit;
    c.replace_paths = MakeMatcher(in.replace_paths);
    c.relevant_attributes =
        in.relevant_attributes ? MakeMatcher(*in.relevant_attributes) : structured::Matcher::Always();
    return c;
  }

  // A schema block: {"attributes": {...}, "block_types": {...}}.
  const stream::Block& Schema(std::string_view block_json) {
    const stream::Block* block = nullptr;
    Status s = stream::DecodeBlock(Json(block_json), &arena_, &block);
    INFO("schema: " << block_json << " error: " << s.message());
    REQUIRE(s.ok());
    return *block;
  }
  // A schema attribute ({"type": ...} or {"nested_type": ...}).
  const stream::Attribute& Attribute(std::string_view attribute_json) {
    const stream::Block& block = Schema(Cat({R"({"attributes":{"a":)", attribute_json, "}}"}));
    REQUIRE(block.attributes.size() == 1);
    return *block.attributes[0].attribute;
  }
  // A cty type in its JSON form ("string", ["list","number"], ...).
  const stream::CtyType* Type(std::string_view type_json) {
    return Attribute(Cat({R"({"type":)", type_json, "}"})).type;
  }

  // --- the differ's entry points ------------------------------------------
  Diff DiffForAttribute(const Input& in, std::string_view attribute_json) {
    const stream::Attribute& attribute = Attribute(attribute_json);
    return Checked(ComputeDiffForAttribute(MakeChange(in), attribute, Ctx()));
  }
  Diff DiffForBlock(const Input& in, std::string_view block_json) {
    const stream::Block& block = Schema(block_json);
    return Checked(ComputeDiffForBlock(MakeChange(in), block, Ctx()));
  }
  // The members of the values the schema lacks, as the differ reports them
  // (DiffContext::unknown_names), sorted.
  std::vector<std::string> UnknownNamesForBlock(const Input& in, std::string_view block_json) {
    const stream::Block& block = Schema(block_json);
    std::vector<std::string_view> names;
    DiffContext ctx = Ctx();
    ctx.unknown_names = &names;
    Checked(ComputeDiffForBlock(MakeChange(in), block, ctx));
    std::vector<std::string> out(names.begin(), names.end());
    std::sort(out.begin(), out.end());
    return out;
  }
  Diff DiffForOutput(const Input& in) { return Checked(ComputeDiffForOutput(MakeChange(in), Ctx())); }
  Diff DiffForType(const Input& in, std::string_view type_json) {
    const stream::CtyType* type = Type(type_json);
    return Checked(ComputeDiffForType(MakeChange(in), type, Ctx()));
  }

  // --- expectations, one per renderers.Validate* ----------------------------
  // Values are JSON text; "null" (or "") is Go's nil.
  Diff ExpectPrimitive(std::string_view before, std::string_view after, Action action, bool replace) {
    const JsonValue* b = Json(before == "null" ? "" : before);
    const JsonValue* a = Json(after == "null" ? "" : after);
    return ExpectPrimitiveOf(before, after, TypeOf(b != nullptr ? b : a), action, replace);
  }
  Diff ExpectPrimitiveOf(std::string_view before, std::string_view after, PrimitiveType type, Action action,
                         bool replace) {
    const JsonValue* b = Json(before == "null" ? "" : before);
    const JsonValue* a = Json(after == "null" ? "" : after);
    return Diff{renderers::Primitive(&arena_, b, a, type), action, replace};
  }
  Diff ExpectObject(std::vector<NamedDiff> attributes, Action action, bool replace) {
    return Diff{renderers::Object(&arena_, Named(std::move(attributes))), action, replace};
  }
  Diff ExpectNestedObject(std::vector<NamedDiff> attributes, Action action, bool replace) {
    return Diff{renderers::NestedObject(&arena_, Named(std::move(attributes))), action, replace};
  }
  Diff ExpectMap(std::vector<NamedDiff> elements, Action action, bool replace) {
    return Diff{renderers::Map(&arena_, Named(std::move(elements))), action, replace};
  }
  // ValidateMap of a nested attribute (NestingMode map), whose renderer is
  // NestedMap.
  Diff ExpectNestedMap(std::vector<NamedDiff> elements, Action action, bool replace) {
    return Diff{renderers::NestedMap(&arena_, Named(std::move(elements))), action, replace};
  }
  Diff ExpectList(std::vector<Diff> elements, Action action, bool replace) {
    return Diff{renderers::List(&arena_, Elements(elements)), action, replace};
  }
  Diff ExpectNestedList(std::vector<Diff> elements, Action action, bool replace) {
    return Diff{renderers::NestedList(&arena_, Elements(elements)), action, replace};
  }
  Diff ExpectSet(std::vector<Diff> elements, Action action, bool replace) {
    return Diff{renderers::Set(&arena_, Elements(elements)), action, replace};
  }
  // ValidateSet of a nested attribute (NestingMode set): NestedSet.
  Diff ExpectNestedSet(std::vector<Diff> elements, Action action, bool replace) {
    return Diff{renderers::NestedSet(&arena_, Elements(elements)), action, replace};
  }
  Diff ExpectSensitive(Diff inner, bool before_sensitive, bool after_sensitive, Action action, bool replace) {
    Diff d{renderers::Sensitive(&arena_, inner, before_sensitive, after_sensitive), action, replace};
    sensitive_inner_.emplace_back(d.renderer, inner);
    return d;
  }
  // ValidateUnknown(nil, ...) is ExpectUnknown(Diff{}, ...).
  Diff ExpectWriteOnly(Action action, bool replace, bool sensitive = false) {
    return Diff{renderers::WriteOnly(&arena_, sensitive), action, replace};
  }
  Diff ExpectUnknown(Diff before, Action action, bool replace) {
    return Diff{renderers::Unknown(&arena_, before), action, replace};
  }
  Diff ExpectTypeChange(Diff before, Diff after, Action action, bool replace) {
    return Diff{renderers::TypeChange(&arena_, before, after), action, replace};
  }
  // ValidateBlock: attributes, then the nested block groups (SingleBlock,
  // ListBlocks, MapBlocks, SetBlocks), in any order.
  Diff ExpectBlock(std::vector<NamedDiff> attributes, std::vector<BlockGroup> groups, Action action,
                   bool replace) {
    std::sort(groups.begin(), groups.end(),
              [](const BlockGroup& a, const BlockGroup& b) { return a.name < b.name; });
    BlockGroup* g = arena_.NewArray<BlockGroup>(groups.size());
    std::copy(groups.begin(), groups.end(), g);
    return Diff{renderers::Block(&arena_, Named(std::move(attributes)), {g, groups.size()}), action, replace};
  }
  BlockGroup SingleBlock(std::string_view name, Diff diff, BlockGroupFlags flags = {}) {
    BlockGroup g = Group(name, BlockNesting::kSingle, flags);
    g.single = diff;
    return g;
  }
  BlockGroup ListBlocks(std::string_view name, std::vector<Diff> diffs, BlockGroupFlags flags = {}) {
    BlockGroup g = Group(name, BlockNesting::kList, flags);
    g.elements = Elements(diffs);
    return g;
  }
  BlockGroup SetBlocks(std::string_view name, std::vector<Diff> diffs, BlockGroupFlags flags = {}) {
    BlockGroup g = Group(name, BlockNesting::kSet, flags);
    g.elements = Elements(diffs);
    return g;
  }
  BlockGroup MapBlocks(std::string_view name, std::vector<NamedDiff> diffs, BlockGroupFlags flags = {}) {
    BlockGroup g = Group(name, BlockNesting::kMap, flags);
    g.map_elements = Named(std::move(diffs));
    return g;
  }

  // --- the check ------------------------------------------------------------
  void CheckDiff(const Diff& actual, const Diff& expected) {
    CHECK(actual.action == expected.action);
    CHECK(actual.replace == expected.replace);
    REQUIRE(actual.renderer != nullptr);
    REQUIRE(expected.renderer != nullptr);
    CHECK(std::string(typeid(*actual.renderer).name()) == typeid(*expected.renderer).name());
    for (bool show_unchanged : {false, true}) {
      INFO("show_unchanged_children: " << show_unchanged);
      CHECK(Render(actual, show_unchanged) == Render(expected, show_unchanged));
    }
    CHECK(Warning(actual) == Warning(expected));
  }

  // Go's ValidateSensitive also validates the inner diff, which Terraform
  // never prints. When the expected root is sensitive, that inner diff is
  // what the differ computes for the same input without its sensitivity
  // (CheckForSensitive hands exactly that to the inner differ), so it is
  // checked that way. `compute` is the differ entry point the case uses.
  template <typename Compute>
  void CheckSensitiveInner(const Input& in, const Diff& expected, Compute compute) {
    for (const auto& [renderer, inner] : sensitive_inner_) {
      if (renderer != expected.renderer) continue;
      INFO("the inner diff of the sensitive value");
      Input plain = in;
      plain.before_sensitive.clear();
      plain.after_sensitive.clear();
      CheckDiff(compute(plain), inner);
    }
  }

  std::string Render(const Diff& diff, bool show_unchanged_children) {
    RenderOpts opts = Opts();
    opts.show_unchanged_children = show_unchanged_children;
    std::string out;
    diff.RenderHuman(0, opts, &out);
    return out;
  }
  std::string Warning(const Diff& diff) {
    std::string out;
    diff.Warning(0, Opts(), &out);
    return out;
  }

  buffer::Arena* arena() { return &arena_; }

  // Whose differ (and renderers, for the comparison) the cases reproduce.
  const Flavor* flavor_ = &TerraformFlavor();

 private:
  DiffContext Ctx() { return DiffContext{&arena_, &error_, flavor_}; }
  Diff Checked(Diff diff) {
    INFO("differ error: " << error_);
    CHECK(error_.empty());
    return diff;
  }
  RenderOpts Opts() {
    RenderOpts o;
    o.flavor = flavor_;
    o.palette = &palette_;
    o.arena = &arena_;
    o.error = &render_error_;
    return o;
  }
  static PrimitiveType TypeOf(const JsonValue* v) {
    if (v == nullptr) return PrimitiveType::kString;
    if (v->IsNumber()) return PrimitiveType::kNumber;
    if (v->IsBool()) return PrimitiveType::kBool;
    return PrimitiveType::kString;
  }
  static BlockGroup Group(std::string_view name, BlockNesting nesting, BlockGroupFlags flags) {
    BlockGroup g{};
    g.name = name;
    g.nesting = nesting;
    g.replace = flags.replace;
    g.before_sensitive = flags.before_sensitive;
    g.after_sensitive = flags.after_sensitive;
    g.unknown = flags.unknown;
    return g;
  }
  std::span<const Diff> Elements(const std::vector<Diff>& diffs) {
    Diff* copy = arena_.NewArray<Diff>(diffs.size());
    std::copy(diffs.begin(), diffs.end(), copy);
    return {copy, diffs.size()};
  }
  // Go maps are unordered; renderers want names sorted, and their text
  // must outlive the vector.
  std::span<const NamedDiff> Named(std::vector<NamedDiff> diffs) {
    std::sort(diffs.begin(), diffs.end(),
              [](const NamedDiff& a, const NamedDiff& b) { return a.name < b.name; });
    NamedDiff* copy = arena_.NewArray<NamedDiff>(diffs.size());
    for (size_t i = 0; i < diffs.size(); ++i)
      copy[i] = NamedDiff{arena_.CopyString(diffs[i].name), diffs[i].diff};
    return {copy, diffs.size()};
  }

  buffer::Arena arena_;
  std::string error_{};
  std::string render_error_{};
  std::vector<std::pair<const DiffRenderer*, Diff>> sensitive_inner_{};
  text::Colorize colorize_{false};
  Palette palette_{colorize_};
};

}  // namespace tfstream::render::differ::testing
