// Reproduces setRenderer (computed/renderers/set.go @883c722). Nested sets
// push "forces replacement" down onto their elements.
#include "render/renderers/renderers.h"
#include "render/renderers/util.h"

namespace tfstream::render::renderers {
namespace {

class SetRenderer final : public DiffRenderer {
 public:
  SetRenderer(std::span<const Diff> elements, bool override_forces_replacement)
      : elements_(elements), override_forces_replacement_(override_forces_replacement) {}

  void RenderHuman(const Diff& diff, int indent, const RenderOpts& opts,
                   std::string* out) const override {
    bool replace_self = diff.replace && !override_forces_replacement_;
    bool replace_children = diff.replace && override_forces_replacement_;
    if (elements_.empty()) {
      out->append("[]");
      AppendNullSuffix(out, diff.action, opts);
      AppendForcesReplacement(out, replace_self, opts);
      return;
    }
    RenderOpts element_opts = opts.Clone();
    element_opts.override_null_suffix = true;
    element_opts.force_forces_replacement = replace_children;

    size_t unchanged = 0;
    out->push_back('[');
    AppendForcesReplacement(out, replace_self, opts);
    out->push_back('\n');
    for (const Diff& element : elements_) {
      if (element.action == Action::kNoOp && !opts.show_unchanged_children) {
        ++unchanged;
        continue;
      }
      AppendWarningLine(out, element, indent + 1, opts);
      AppendIndent(out, indent + 1);
      AppendActionSymbol(out, element.action, element_opts);
      element.RenderHuman(indent + 1, element_opts, out);
      out->append(",\n");
    }
    AppendUnchangedLine(out, "element", unchanged, indent + 1, opts);
    AppendClosing(out, ']', diff.action, indent, opts);
  }

 private:
  std::span<const Diff> elements_;
  bool override_forces_replacement_;
};

}  // namespace

const DiffRenderer* Set(buffer::Arena* arena, std::span<const Diff> elements) {
  return arena->New<SetRenderer>(elements, false);
}

const DiffRenderer* NestedSet(buffer::Arena* arena, std::span<const Diff> elements) {
  return arena->New<SetRenderer>(elements, true);
}

}  // namespace tfstream::render::renderers
