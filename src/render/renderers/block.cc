// Reproduces blockRenderer (computed/renderers/block.go @883c722): sorted,
// aligned attributes (id, name and tags always shown, with their raw names),
// a count of hidden unchanged attributes, then nested blocks group by group,
// separated from the attributes by a blank line, and a count of hidden
// unchanged blocks.
#include <vector>

#include "render/renderers/renderers.h"
#include "render/renderers/util.h"
#include "render/text/go_quote.h"

namespace tfstream::render::renderers {
namespace {

class BlockRenderer final : public DiffRenderer {
 public:
  BlockRenderer(std::span<const NamedDiff> attributes, std::span<const BlockGroup> groups)
      : attributes_(attributes), groups_(groups) {}

  void RenderHuman(const Diff& diff, int indent, const RenderOpts& opts,
                   std::string* out) const override;

 private:
  std::span<const NamedDiff> attributes_;
  std::span<const BlockGroup> groups_;
};

void BlockRenderer::RenderHuman(const Diff& diff, int indent, const RenderOpts& opts,
                                std::string* out) const {
  if (attributes_.empty() && groups_.empty()) {
    out->append("{}");
    AppendForcesReplacement(out, diff.replace, opts);
    return;
  }
  size_t unchanged_attributes = 0;
  size_t unchanged_blocks = 0;

  const EscapedNames escaped(attributes_, QuoteUnicode(*opts.flavor));
  const size_t max_len = escaped.max_len();
  RenderOpts important_opts = opts.Clone();
  important_opts.show_unchanged_children = true;
  RenderOpts attribute_opts = opts.Clone();

  out->push_back('{');
  AppendForcesReplacement(out, diff.replace, opts);
  out->push_back('\n');
  for (size_t i = 0; i < attributes_.size(); ++i) {
    const NamedDiff& attribute = attributes_[i];
    bool important = IsImportantAttribute(attribute.name);
    if (!important && attribute.diff.action == Action::kNoOp && !opts.show_unchanged_children) {
      ++unchanged_attributes;
      continue;
    }
    const RenderOpts& aopts = important ? important_opts : attribute_opts;
    AppendWarningLine(out, attribute.diff, indent + 1, important ? important_opts : opts);
    AppendIndent(out, indent + 1);
    AppendActionSymbol(out, attribute.diff.action, aopts);
    if (important || attribute.plain_name) {
      // id, name and tags, printed raw, are plain too.
      AppendPaddedPlain(out, important ? attribute.name : escaped[i], max_len);
    } else {
      AppendPadded(out, escaped[i], max_len);
    }
    out->append(" = ");
    attribute.diff.RenderHuman(indent + 1, aopts, out);
    out->push_back('\n');
  }
  if (unchanged_attributes > 0) {
    AppendIndent(out, indent + 1);
    AppendActionSymbol(out, Action::kNoOp, opts);
    AppendUnchanged(out, "attribute", unchanged_attributes, opts);
    out->push_back('\n');
  }

  for (const BlockGroup& group : groups_) {
    bool found_changed_block = false;
    auto render_block = [&](Diff d, std::string_view map_key) {
      bool creating_sensitive = d.action == Action::kCreate && group.after_sensitive;
      bool deleting_sensitive = d.action == Action::kDelete && group.before_sensitive;
      bool modifying_sensitive = (d.action == Action::kUpdate || d.action == Action::kNoOp) &&
                                 (group.after_sensitive || group.before_sensitive);
      if (creating_sensitive || deleting_sensitive || modifying_sensitive) {
        Action action = d.action;
        if (d.action == Action::kNoOp && group.before_sensitive != group.after_sensitive) {
          action = Action::kUpdate;
        }
        d = Diff{SensitiveBlock(opts.arena, d, group.before_sensitive, group.after_sensitive), action,
                 d.replace};
      }
      if (d.action == Action::kNoOp && !opts.show_unchanged_children) {
        ++unchanged_blocks;
        return;
      }
      if (!found_changed_block && !attributes_.empty()) {
        out->push_back('\n');
        found_changed_block = true;
      }
      RenderOpts block_opts = opts.Clone();
      block_opts.force_forces_replacement = group.replace;
      AppendWarningLine(out, d, indent + 1, block_opts);
      AppendIndent(out, indent + 1);
      AppendActionSymbol(out, d.action, block_opts);
      if (group.plain_name) {
        out->append(group.name);
      } else {
        AppendAttributeName(out, group.name, QuoteUnicode(*opts.flavor));
      }
      out->append(map_key);
      out->push_back(' ');
      d.RenderHuman(indent + 1, block_opts, out);
      out->push_back('\n');
    };
    switch (group.nesting) {
      case BlockNesting::kSingle:
        render_block(group.single, "");
        break;
      case BlockNesting::kMap: {
        if (group.unknown) render_block(Diff{Unknown(opts.arena, Diff{}), diff.action, false}, "");
        std::string key;
        for (const NamedDiff& element : group.map_elements) {
          key.clear();
          key.push_back(' ');
          text::AppendGoQuoted(key, element.name, QuoteUnicode(*opts.flavor));
          render_block(element.diff, key);
        }
        break;
      }
      case BlockNesting::kSet:
      case BlockNesting::kList:
        if (group.unknown) render_block(Diff{Unknown(opts.arena, Diff{}), diff.action, false}, "");
        for (const Diff& element : group.elements) render_block(element, "");
        break;
    }
  }

  if (unchanged_blocks > 0) {
    out->push_back('\n');
    AppendIndent(out, indent + 1);
    AppendActionSymbol(out, Action::kNoOp, opts);
    AppendUnchanged(out, "block", unchanged_blocks, opts);
    out->push_back('\n');
  }
  AppendIndent(out, indent);
  AppendActionSymbol(out, Action::kNoOp, opts);
  out->push_back('}');
}

}  // namespace

const DiffRenderer* Block(buffer::Arena* arena, std::span<const NamedDiff> attributes,
                          std::span<const BlockGroup> groups) {
  return arena->New<BlockRenderer>(attributes, groups);
}

}  // namespace tfstream::render::renderers
