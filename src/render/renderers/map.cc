// Reproduces mapRenderer (computed/renderers/map.go @883c722). Keys are always
// quoted; plain maps align their keys, nested maps (of nested attributes)
// don't, and push "forces replacement" down to their elements.
#include <vector>

#include "render/renderers/renderers.h"
#include "render/renderers/util.h"

namespace tfstream::render::renderers {
namespace {

class MapRenderer final : public DiffRenderer {
 public:
  MapRenderer(std::span<const NamedDiff> elements, bool nested)
      : elements_(elements), nested_(nested) {}

  void RenderHuman(const Diff& diff, int indent, const RenderOpts& opts,
                   std::string* out) const override {
    bool replace_self = diff.replace && !nested_;
    bool replace_children = diff.replace && nested_;
    if (elements_.empty()) {
      out->append("{}");
      AppendNullSuffix(out, diff.action, opts);
      AppendForcesReplacement(out, replace_self, opts);
      return;
    }
    std::vector<std::string> escaped(elements_.size());
    size_t max_len = 0;
    for (size_t i = 0; i < elements_.size(); ++i) {
      escaped[i] = HclEscapeString(elements_[i].name, QuoteUnicode(*opts.flavor));
      if (escaped[i].size() > max_len) max_len = escaped[i].size();
    }
    RenderOpts element_opts = opts.Clone();
    element_opts.override_null_suffix = diff.action == Action::kDelete || nested_;
    element_opts.force_forces_replacement = replace_children;

    size_t unchanged = 0;
    out->push_back('{');
    AppendForcesReplacement(out, replace_self, opts);
    out->push_back('\n');
    for (size_t i = 0; i < elements_.size(); ++i) {
      const Diff& element = elements_[i].diff;
      if (element.action == Action::kNoOp && !opts.show_unchanged_children) {
        ++unchanged;
        continue;
      }
      AppendWarningLine(out, element, indent + 1, opts);
      AppendIndent(out, indent + 1);
      AppendActionSymbol(out, element.action, element_opts);
      if (!nested_) {
        AppendPadded(out, escaped[i], max_len);
      } else {
        out->append(escaped[i]);
      }
      out->append(" = ");
      element.RenderHuman(indent + 1, element_opts, out);
      if (element.renderer->IsObject()) out->push_back(',');
      out->push_back('\n');
    }
    AppendUnchangedLine(out, "element", unchanged, indent + 1, opts);
    AppendClosing(out, '}', diff.action, indent, opts);
  }

 private:
  std::span<const NamedDiff> elements_;
  bool nested_;
};

}  // namespace

const DiffRenderer* Map(buffer::Arena* arena, std::span<const NamedDiff> elements) {
  return arena->New<MapRenderer>(elements, false);
}

const DiffRenderer* NestedMap(buffer::Arena* arena, std::span<const NamedDiff> elements) {
  return arena->New<MapRenderer>(elements, true);
}

}  // namespace tfstream::render::renderers
