// Reproduces listRenderer (computed/renderers/list.go @883c722). Lists show
// one unchanged element either side of each change for context; nested lists
// (lists of nested attributes) do not.
#include <vector>

#include "render/renderers/renderers.h"
#include "render/renderers/util.h"

namespace tfstream::render::renderers {
namespace {

class ListRenderer final : public DiffRenderer {
 public:
  ListRenderer(std::span<const Diff> elements, bool display_context)
      : elements_(elements), display_context_(display_context) {}

  void RenderHuman(const Diff& diff, int indent, const RenderOpts& opts,
                   std::string* out) const override {
    if (elements_.empty()) {
      out->append("[]");
      AppendNullSuffix(out, diff.action, opts);
      AppendForcesReplacement(out, diff.replace, opts);
      return;
    }
    RenderOpts element_opts = opts.Clone();
    element_opts.override_null_suffix = true;
    RenderOpts unchanged_opts = opts.Clone();
    unchanged_opts.show_unchanged_children = true;

    // Pending unchanged elements: only the count and the most recent matter.
    size_t unchanged_count = 0;
    const Diff* last_unchanged = nullptr;
    bool render_next = false;

    out->push_back('[');
    AppendForcesReplacement(out, diff.replace, opts);
    out->push_back('\n');
    for (const Diff& element : elements_) {
      if (element.action == Action::kNoOp && !render_next && !opts.show_unchanged_children) {
        ++unchanged_count;
        last_unchanged = &element;
        continue;
      }
      render_next = false;
      const RenderOpts* eopts = &element_opts;
      if (display_context_) {
        if (unchanged_count > 1) {
          AppendIndent(out, indent + 1);
          AppendActionSymbol(out, Action::kNoOp, element_opts);
          AppendUnchanged(out, "element", unchanged_count - 1, element_opts);
          out->push_back('\n');
        }
        if (unchanged_count > 0) {
          AppendIndent(out, indent + 1);
          AppendActionSymbol(out, last_unchanged->action, unchanged_opts);
          last_unchanged->RenderHuman(indent + 1, unchanged_opts, out);
          out->append(",\n");
        }
        unchanged_count = 0;
        last_unchanged = nullptr;
        if (element.action == Action::kNoOp) {
          eopts = &unchanged_opts;
        } else {
          render_next = true;
        }
      }
      AppendWarningLine(out, element, indent + 1, *eopts);
      AppendIndent(out, indent + 1);
      AppendActionSymbol(out, element.action, *eopts);
      element.RenderHuman(indent + 1, *eopts, out);
      out->append(",\n");
    }
    AppendUnchangedLine(out, "element", unchanged_count, indent + 1, opts);
    AppendClosing(out, ']', diff.action, indent, opts);
  }

 private:
  std::span<const Diff> elements_;
  bool display_context_;
};

}  // namespace

const DiffRenderer* List(buffer::Arena* arena, std::span<const Diff> elements) {
  return arena->New<ListRenderer>(elements, true);
}

const DiffRenderer* NestedList(buffer::Arena* arena, std::span<const Diff> elements) {
  return arena->New<ListRenderer>(elements, false);
}

}  // namespace tfstream::render::renderers
