// Reproduces sensitiveRenderer and sensitiveBlockRenderer
// (computed/renderers/sensitive.go, sensitive_block.go @883c722). Both warn
// when a value's sensitivity changes while the value itself survives.
#include "render/renderers/renderers.h"
#include "render/renderers/util.h"

namespace tfstream::render::renderers {
namespace {

bool ShouldWarn(const Diff& inner, bool before_sensitive, bool after_sensitive) {
  return before_sensitive != after_sensitive && inner.action != Action::kCreate &&
         inner.action != Action::kDelete;
}

// The warning texts are formatted first and coloured afterwards, as in Go.
std::string ColorWarning(const RenderOpts& opts, std::string_view first, int indent,
                         std::string_view second) {
  std::string markup(first);
  markup.push_back('\n');
  AppendIndent(&markup, indent);
  markup.append(second);
  return opts.palette->colorize->Color(markup);
}

class SensitiveRenderer final : public DiffRenderer {
 public:
  SensitiveRenderer(Diff inner, bool before, bool after)
      : inner_(inner), before_(before), after_(after) {}

  void RenderHuman(const Diff& diff, int indent, const RenderOpts& opts, std::string* out) const override {
    // RenderHumanOpts.ShowSensitive (OpenTofu's -show-sensitive): the value
    // itself, as the differ diffed it.
    if (opts.show_sensitive) return inner_.RenderHuman(indent, opts, out);
    out->append("(sensitive value)");
    AppendNullSuffix(out, diff.action, opts);
    AppendForcesReplacement(out, diff.replace, opts);
  }

  bool Warning(const Diff&, int indent, const RenderOpts& opts, std::string* out) const override {
    if (!ShouldWarn(inner_, before_, after_)) return false;
    std::string warning =
        before_ ? ColorWarning(opts, "  # [yellow]Warning[reset]: this attribute value will no longer be marked as sensitive",
                               indent, "  # after applying this change.")
                : ColorWarning(opts, "  # [yellow]Warning[reset]: this attribute value will be marked as sensitive and will not",
                               indent, "  # display in UI output after applying this change.");
    out->append(warning);
    if (inner_.action == Action::kNoOp) out->append(" The value is unchanged.");
    return true;
  }

 private:
  Diff inner_;
  bool before_;
  bool after_;
};

class SensitiveBlockRenderer final : public DiffRenderer {
 public:
  SensitiveBlockRenderer(Diff inner, bool before, bool after)
      : inner_(inner), before_(before), after_(after) {}

  void RenderHuman(const Diff& diff, int indent, const RenderOpts& opts,
                   std::string* out) const override {
    std::string prefix;
    AppendIndent(&prefix, indent);
    AppendActionSymbol(&prefix, Action::kNoOp, opts);
    out->push_back('{');
    AppendForcesReplacement(out, diff.replace, opts);
    out->push_back('\n');
    out->append(prefix);
    out->append("  # At least one attribute in this block is (or was) sensitive,\n");
    out->append(prefix);
    out->append("  # so its contents will not be displayed.\n");
    out->append(prefix);
    out->push_back('}');
  }

  bool Warning(const Diff&, int indent, const RenderOpts& opts, std::string* out) const override {
    if (!ShouldWarn(inner_, before_, after_)) return false;
    out->append(before_ ? ColorWarning(opts, "  # [yellow]Warning[reset]: this block will no longer be marked as sensitive",
                                       indent, "  # after applying this change.")
                        : ColorWarning(opts, "  # [yellow]Warning[reset]: this block will be marked as sensitive and will not",
                                       indent, "  # display in UI output after applying this change."));
    return true;
  }

 private:
  Diff inner_;
  bool before_;
  bool after_;
};

class UnknownRenderer final : public DiffRenderer {
 public:
  explicit UnknownRenderer(Diff before) : before_(before) {}

  // The before value is missing when the provider returned null for a computed
  // attribute and now recomputes it (flavor.def unknown_without_before_rendered:
  // the releases without it crash there; we print the text of those with it).
  void RenderHuman(const Diff& diff, int indent, const RenderOpts& opts,
                   std::string* out) const override {
    if (diff.action != Action::kCreate && before_.renderer == nullptr &&
        !opts.flavor->unknown_without_before_rendered) {
      opts.NoteReferenceCrash("a value going from null to unknown where it is not created");
    }
    if (diff.action == Action::kCreate || before_.renderer == nullptr) {
      out->append("(known after apply)");
      AppendForcesReplacement(out, diff.replace, opts);
      return;
    }
    RenderOpts before_opts;
    if (opts.flavor->unknown_before_keeps_replacement) {
      before_opts = opts;  // OpenTofu modifies its copy of the options
    } else {
      before_opts = opts.Clone();
      if (diff.replace) before_opts.forbid_forces_replacement = true;
    }
    before_opts.override_null_suffix = true;
    before_.RenderHuman(indent, before_opts, out);
    out->append(" -> (known after apply)");
    AppendForcesReplacement(out, diff.replace, opts);
  }

 private:
  Diff before_;
};

class TypeChangeRenderer final : public DiffRenderer {
 public:
  TypeChangeRenderer(Diff before, Diff after) : before_(before), after_(after) {}

  void RenderHuman(const Diff&, int indent, const RenderOpts& opts, std::string* out) const override {
    RenderOpts child = opts;  // not a Clone(): Go copies the struct as is
    child.override_null_suffix = true;
    before_.RenderHuman(indent, child, out);
    out->push_back(' ');
    out->append(opts.palette->arrow);
    out->push_back(' ');
    after_.RenderHuman(indent, child, out);
  }

 private:
  Diff before_;
  Diff after_;
};

class WriteOnlyRenderer final : public DiffRenderer {
 public:
  explicit WriteOnlyRenderer(bool sensitive) : sensitive_(sensitive) {}

  void RenderHuman(const Diff& diff, int, const RenderOpts& opts, std::string* out) const override {
    out->append(sensitive_ ? "(sensitive, write-only attribute)" : "(write-only attribute)");
    if (opts.flavor->write_only_replacement_before_null_suffix) {
      AppendForcesReplacement(out, diff.replace, opts);
      AppendNullSuffix(out, diff.action, opts);
      return;
    }
    AppendNullSuffix(out, diff.action, opts);
    AppendForcesReplacement(out, diff.replace, opts);
  }

 private:
  bool sensitive_;
};

}  // namespace

const DiffRenderer* Sensitive(buffer::Arena* arena, Diff inner, bool before, bool after) {
  return arena->New<SensitiveRenderer>(inner, before, after);
}
const DiffRenderer* SensitiveBlock(buffer::Arena* arena, Diff inner, bool before, bool after) {
  return arena->New<SensitiveBlockRenderer>(inner, before, after);
}
const DiffRenderer* Unknown(buffer::Arena* arena, Diff before) {
  return arena->New<UnknownRenderer>(before);
}
const DiffRenderer* TypeChange(buffer::Arena* arena, Diff before, Diff after) {
  return arena->New<TypeChangeRenderer>(before, after);
}
const DiffRenderer* WriteOnly(buffer::Arena* arena, bool sensitive) {
  return arena->New<WriteOnlyRenderer>(sensitive);
}

}  // namespace tfstream::render::renderers
