// Diff: one node of the computed diff tree (computed/diff.go @883c722). The
// differ decides the action and whether the node forces replacement; a
// DiffRenderer, chosen by the differ, prints it. Parents own their children's
// indentation and action symbols.
//
// Diff nodes and renderers live in the arena of the resource change being
// rendered; renderers must not own heap memory (their destructors never run).
#pragma once

#include <string>
#include <string_view>
#include <vector>
#include <utility>

#include "base/flavor.h"
#include "buffer/arena.h"
#include "render/computed/action.h"
#include "render/computed/palette.h"

namespace tfstream::render {

// RenderHumanOpts. Clone() keeps the cascading flags and clears the
// replacement overrides, which apply to direct children only.
struct RenderOpts {
  const Palette* palette = nullptr;
  // Whose renderer is reproduced (base/flavor.def lists what differs).
  const Flavor* flavor = &TerraformFlavor();
  // Scratch for the few renderers that build diffs while rendering (strings
  // holding JSON); the arena of the resource change being rendered.
  buffer::Arena* arena = nullptr;
  // Where a renderer reports data Terraform would panic on (a value whose
  // type contradicts the schema); the first message wins.
  std::string* error = nullptr;
  // Where a renderer notes that the release's own renderer crashes here
  // (it then prints what that renderer evidently intends); first wins.
  std::string* reference_crash = nullptr;
  bool override_null_suffix = false;
  bool force_forces_replacement = false;
  bool forbid_forces_replacement = false;
  bool show_unchanged_children = false;
  bool hide_diff_action_symbols = false;
  // RenderHumanOpts.ShowSensitive (OpenTofu's -show-sensitive): sensitive
  // values are printed instead of "(sensitive value)". Cascades.
  bool show_sensitive = false;

  void NoteReferenceCrash(std::string_view what) const {
    if (reference_crash != nullptr && reference_crash->empty()) reference_crash->assign(what);
  }

  RenderOpts Clone() const {
    RenderOpts o = *this;
    o.force_forces_replacement = false;
    o.forbid_forces_replacement = false;
    return o;
  }
};

class DiffRenderer;

// What the differ needs besides the change: where to allocate the diff tree,
// and where to report data Terraform would panic on (first message wins).
struct DiffContext {
  buffer::Arena* arena;
  std::string* error;
  // Whose differ is reproduced (base/flavor.def lists what differs).
  const Flavor* flavor = &TerraformFlavor();
  // When set, the names of non-null members of a block's or object's values
  // that its schema lacks (Terraform leaves them out without a word: the
  // schemas may be another provider version's). Views into the values.
  std::vector<std::string_view>* unknown_names = nullptr;

  void Fail(std::string message) const {
    if (error != nullptr && error->empty()) *error = std::move(message);
  }
};

struct Diff {
  const DiffRenderer* renderer = nullptr;
  Action action = Action::kNoOp;
  bool replace = false;

  // Appends the rendering. Lines after the first are indented by `indent`
  // levels; the first line is placed by the caller.
  void RenderHuman(int indent, const RenderOpts& opts, std::string* out) const;
  // Appends at most one warning (without indentation or newline); returns
  // whether it did.
  bool Warning(int indent, const RenderOpts& opts, std::string* out) const;
};

struct NamedDiff {
  std::string_view name;
  Diff diff;
  // The schema says the name is a plain identifier (stream::Named*::plain_name),
  // printed as it is; false says only "not known".
  bool plain_name = false;
};

class DiffRenderer {
 public:
  virtual void RenderHuman(const Diff& diff, int indent, const RenderOpts& opts,
                           std::string* out) const = 0;
  virtual bool Warning(const Diff&, int, const RenderOpts&, std::string*) const { return false; }
  // The map renderer puts commas after object elements only.
  virtual bool IsObject() const { return false; }

 protected:
  ~DiffRenderer() = default;
};

inline void Diff::RenderHuman(int indent, const RenderOpts& opts, std::string* out) const {
  renderer->RenderHuman(*this, indent, opts, out);
}
inline bool Diff::Warning(int indent, const RenderOpts& opts, std::string* out) const {
  return renderer->Warning(*this, indent, opts, out);
}

}  // namespace tfstream::render
