// Test fixture for the renderer tests ported from renderer_test.go
// (computed/renderers @883c722): builds Diff trees straight from renderers,
// as the Go tests do, and renders them with colour off.
//
// Everything a test builds lives in the fixture's arena, so values, spans and
// renderers stay valid until the test case ends.
#pragma once

#include <algorithm>
#include <catch2/catch.hpp>
#include <initializer_list>
#include <span>
#include <string>
#include <string_view>

#include "buffer/arena.h"
#include "render/computed/diff.h"
#include "render/computed/palette.h"
#include "render/renderers/renderers.h"
#include "render/text/colorize.h"
#include "stream/json_document.h"
#include "stream/json_value.h"

namespace tfstream::render::renderers::testing {

inline constexpr Action kNoOp = Action::kNoOp;
inline constexpr Action kCreate = Action::kCreate;
inline constexpr Action kUpdate = Action::kUpdate;
inline constexpr Action kDelete = Action::kDelete;

inline constexpr PrimitiveType kString = PrimitiveType::kString;
inline constexpr PrimitiveType kNumber = PrimitiveType::kNumber;
inline constexpr PrimitiveType kBool = PrimitiveType::kBool;

// strings.TrimSpace, enough for the ASCII whitespace around the expectations.
inline std::string TrimSpace(std::string_view s) {
  constexpr std::string_view kSpace = " \t\n\r\v\f";
  size_t begin = s.find_first_not_of(kSpace);
  if (begin == std::string_view::npos) return {};
  size_t end = s.find_last_not_of(kSpace);
  return std::string(s.substr(begin, end - begin + 1));
}

class RendererFixture {
 protected:
  // --- values --------------------------------------------------------------
  // Go's json.Number(text) (or any JSON text); nullptr for JSON null.
  // The tree may point into the text it was parsed from (see
  // json_tree_parser.h), so the text is copied into the arena first.
  const JsonValue* Json(std::string_view text) {
    const JsonValue* value = nullptr;
    bool ok = stream::ParseGoJson(arena_.CopyString(text), &arena_, &value);
    INFO("JSON text: " << text);
    REQUIRE(ok);
    return value;
  }
  const JsonValue* Num(std::string_view literal) { return Json(literal); }
  const JsonValue* Bool(bool b) { return Json(b ? "true" : "false"); }
  // A Go string value, JSON-encoded here so tests can write it as Go does.
  const JsonValue* Str(std::string_view s) {
    std::string json = "\"";
    for (unsigned char c : s) {
      if (c == '"' || c == '\\') {
        json.push_back('\\');
        json.push_back(static_cast<char>(c));
      } else if (c < 0x20) {
        static constexpr char kHex[] = "0123456789abcdef";
        json.append("\\u00");
        json.push_back(kHex[c >> 4]);
        json.push_back(kHex[c & 0xf]);
      } else {
        json.push_back(static_cast<char>(c));
      }
    }
    json.push_back('"');
    return Json(json);
  }

  // --- renderers, named after the Go constructors ------------------------------
  const DiffRenderer* Primitive(const JsonValue* before, const JsonValue* after,
                                PrimitiveType type) {
    return renderers::Primitive(&arena_, before, after, type);
  }
  const DiffRenderer* List(std::initializer_list<Diff> elements) {
    return renderers::List(&arena_, Elements(elements));
  }
  const DiffRenderer* NestedList(std::initializer_list<Diff> elements) {
    return renderers::NestedList(&arena_, Elements(elements));
  }
  const DiffRenderer* Set(std::initializer_list<Diff> elements) {
    return renderers::Set(&arena_, Elements(elements));
  }
  const DiffRenderer* NestedSet(std::initializer_list<Diff> elements) {
    return renderers::NestedSet(&arena_, Elements(elements));
  }
  const DiffRenderer* Map(std::initializer_list<NamedDiff> elements) {
    return renderers::Map(&arena_, Named(elements));
  }
  const DiffRenderer* NestedMap(std::initializer_list<NamedDiff> elements) {
    return renderers::NestedMap(&arena_, Named(elements));
  }
  const DiffRenderer* Object(std::initializer_list<NamedDiff> attributes) {
    return renderers::Object(&arena_, Named(attributes));
  }
  const DiffRenderer* NestedObject(std::initializer_list<NamedDiff> attributes) {
    return renderers::NestedObject(&arena_, Named(attributes));
  }
  const DiffRenderer* Sensitive(Diff inner, bool before_sensitive, bool after_sensitive) {
    return renderers::Sensitive(&arena_, inner, before_sensitive, after_sensitive);
  }
  const DiffRenderer* SensitiveBlock(Diff inner, bool before_sensitive, bool after_sensitive) {
    return renderers::SensitiveBlock(&arena_, inner, before_sensitive, after_sensitive);
  }
  const DiffRenderer* Unknown(Diff before) { return renderers::Unknown(&arena_, before); }
  const DiffRenderer* TypeChange(Diff before, Diff after) {
    return renderers::TypeChange(&arena_, before, after);
  }
  const DiffRenderer* Block(std::initializer_list<NamedDiff> attributes,
                            std::initializer_list<BlockGroup> groups) {
    BlockGroup* sorted = arena_.NewArray<BlockGroup>(groups.size());
    std::copy(groups.begin(), groups.end(), sorted);
    std::sort(sorted, sorted + groups.size(),
              [](const BlockGroup& a, const BlockGroup& b) { return a.name < b.name; });
    return renderers::Block(&arena_, Named(attributes), {sorted, groups.size()});
  }

  // The members of Go's Blocks struct, one group per block type name.
  BlockGroup SingleBlock(std::string_view name, Diff diff) {
    BlockGroup group = Group(name, BlockNesting::kSingle);
    group.single = diff;
    return group;
  }
  BlockGroup ListBlocks(std::string_view name, std::initializer_list<Diff> diffs) {
    BlockGroup group = Group(name, BlockNesting::kList);
    group.elements = Elements(diffs);
    return group;
  }
  BlockGroup SetBlocks(std::string_view name, std::initializer_list<Diff> diffs) {
    BlockGroup group = Group(name, BlockNesting::kSet);
    group.elements = Elements(diffs);
    return group;
  }
  BlockGroup MapBlocks(std::string_view name, std::initializer_list<NamedDiff> diffs) {
    BlockGroup group = Group(name, BlockNesting::kMap);
    group.map_elements = Named(diffs);
    return group;
  }

  // --- rendering -----------------------------------------------------------
  // Diff.RenderHuman(0, opts) with colour off. `opts` carries only the flags
  // a Go case sets; they go through Clone() as the Go test loop does.
  std::string Render(const Diff& diff, const RenderOpts& opts = {}) {
    RenderOpts o = opts.Clone();
    std::string error;
    o.flavor = flavor_;
    o.palette = &palette_;
    o.arena = &arena_;
    o.error = &error;
    std::string out;
    diff.RenderHuman(0, o, &out);
    INFO("rendered so far: " << out);
    CHECK(error == "");
    return out;
  }

  // As Render, without the Clone(): options as a parent hands them to a
  // child, replacement overrides included.
  std::string RenderAsChild(const Diff& diff, RenderOpts o) {
    std::string error;
    o.flavor = flavor_;
    o.palette = &palette_;
    o.arena = &arena_;
    o.error = &error;
    std::string out;
    diff.RenderHuman(0, o, &out);
    CHECK(error == "");
    return out;
  }
  buffer::Arena* arena() { return &arena_; }

  // Whose renderer the cases reproduce.
  const Flavor* flavor_ = &TerraformFlavor();

 private:
  static BlockGroup Group(std::string_view name, BlockNesting nesting) {
    BlockGroup group{};
    group.name = name;
    group.nesting = nesting;
    return group;
  }
  std::span<const Diff> Elements(std::initializer_list<Diff> diffs) {
    Diff* copy = arena_.NewArray<Diff>(diffs.size());
    std::copy(diffs.begin(), diffs.end(), copy);
    return {copy, diffs.size()};
  }
  // Go map literals are unordered; the C++ renderers want names sorted.
  std::span<const NamedDiff> Named(std::initializer_list<NamedDiff> diffs) {
    NamedDiff* copy = arena_.NewArray<NamedDiff>(diffs.size());
    std::copy(diffs.begin(), diffs.end(), copy);
    std::sort(copy, copy + diffs.size(),
              [](const NamedDiff& a, const NamedDiff& b) { return a.name < b.name; });
    return {copy, diffs.size()};
  }

  buffer::Arena arena_;
  text::Colorize colorize_{false};
  Palette palette_{colorize_};
};

}  // namespace tfstream::render::renderers::testing

// Renders `diff` (optionally with RenderOpts `opts`) and compares it with the
// Go expectation after strings.TrimSpace, as renderer_test.go does.
#define CHECK_RENDERS(diff, expected) CHECK(Render(diff) == TrimSpace(expected))
#define CHECK_RENDERS_WITH(diff, opts, expected) CHECK(Render(diff, opts) == TrimSpace(expected))
