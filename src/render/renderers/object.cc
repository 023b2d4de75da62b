// Reproduces objectRenderer (computed/renderers/object.go @883c722). The
// identifying attributes id, name and tags are always shown.
#include <vector>

#include "render/renderers/renderers.h"
#include "render/renderers/util.h"

namespace tfstream::render::renderers {

bool IsImportantAttribute(std::string_view name) {
  return name == "id" || name == "name" || name == "tags";
}

namespace {

class ObjectRenderer final : public DiffRenderer {
 public:
  ObjectRenderer(std::span<const NamedDiff> attributes, bool override_null_suffix)
      : attributes_(attributes), override_null_suffix_(override_null_suffix) {}

  bool IsObject() const override { return true; }

  void RenderHuman(const Diff& diff, int indent, const RenderOpts& opts,
                   std::string* out) const override {
    if (attributes_.empty()) {
      out->append("{}");
      AppendNullSuffix(out, diff.action, opts);
      AppendForcesReplacement(out, diff.replace, opts);
      return;
    }
    RenderOpts attribute_opts = opts.Clone();
    attribute_opts.override_null_suffix = override_null_suffix_;
    RenderOpts important_opts = attribute_opts.Clone();
    important_opts.show_unchanged_children = true;

    const EscapedNames escaped(attributes_, QuoteUnicode(*opts.flavor));
    const size_t max_len = escaped.max_len();

    size_t unchanged = 0;
    out->push_back('{');
    AppendForcesReplacement(out, diff.replace, opts);
    out->push_back('\n');
    for (size_t i = 0; i < attributes_.size(); ++i) {
      const Diff& attribute = attributes_[i].diff;
      const RenderOpts* aopts = &attribute_opts;
      if (IsImportantAttribute(attributes_[i].name)) {
        aopts = &important_opts;
      } else if (attribute.action == Action::kNoOp && !opts.show_unchanged_children) {
        ++unchanged;
        continue;
      }
      const RenderOpts& wopts = aopts == &important_opts ? important_opts : opts;
      AppendWarningLine(out, attribute, indent + 1, wopts);
      AppendIndent(out, indent + 1);
      AppendActionSymbol(out, attribute.action, *aopts);
      if (attributes_[i].plain_name) {
        AppendPaddedPlain(out, escaped[i], max_len);
      } else {
        AppendPadded(out, escaped[i], max_len);
      }
      out->append(" = ");
      attribute.RenderHuman(indent + 1, *aopts, out);
      out->push_back('\n');
    }
    AppendUnchangedLine(out, "attribute", unchanged, indent + 1, opts);
    AppendClosing(out, '}', diff.action, indent, opts);
  }

 private:
  std::span<const NamedDiff> attributes_;
  bool override_null_suffix_;
};

}  // namespace

const DiffRenderer* Object(buffer::Arena* arena, std::span<const NamedDiff> attributes) {
  return arena->New<ObjectRenderer>(attributes, true);
}

const DiffRenderer* NestedObject(buffer::Arena* arena, std::span<const NamedDiff> attributes) {
  return arena->New<ObjectRenderer>(attributes, false);
}

}  // namespace tfstream::render::renderers
