// Small shared pieces of the renderers (computed/renderers/util.go @883c722).
// Each appends to `out` what the Go helper of the same name returns.
#pragma once

#include <string>
#include <span>
#include <string_view>
#include <vector>

#include "render/computed/diff.h"
#include "render/text/go_quote.h"

namespace tfstream::render::renderers {

inline void AppendIndent(std::string* out, int indent) {
  out->append(static_cast<size_t>(indent) * 4, ' ');
}

// nullSuffix: " -> null" for deletes unless overridden.
inline void AppendNullSuffix(std::string* out, Action action, const RenderOpts& opts) {
  if (!opts.override_null_suffix && action == Action::kDelete) out->append(opts.palette->null_suffix);
}

// forcesReplacement: " # forces replacement" when this node (or its parent,
// through ForceForcesReplacement) drives a replacement.
inline void AppendForcesReplacement(std::string* out, bool replace, const RenderOpts& opts) {
  if ((replace || opts.force_forces_replacement) && !opts.forbid_forces_replacement) {
    out->append(opts.palette->forces_replacement);
  }
}

// writeDiffActionSymbol: the coloured symbol and a space, or nothing when
// symbols are hidden.
inline void AppendActionSymbol(std::string* out, Action action, const RenderOpts& opts) {
  if (!opts.hide_diff_action_symbols) out->append(opts.palette->Symbol(action));
}

// unchanged: "# (N unchanged <keyword>s hidden)" in dark grey.
void AppendUnchanged(std::string* out, std::string_view keyword, size_t count, const RenderOpts& opts);

// "<indent><warning>\n" when the diff has a warning (parents print their
// children's warnings on the line above them).
void AppendWarningLine(std::string* out, const Diff& diff, int indent, const RenderOpts& opts);

// "<indent>    # (N unchanged <keyword>s hidden)\n" when count > 0.
void AppendUnchangedLine(std::string* out, std::string_view keyword, size_t count, int indent,
                         const RenderOpts& opts);

// The closing line of a collection: "<indent>    <bracket>" and its null suffix.
void AppendClosing(std::string* out, char bracket, Action action, int indent, const RenderOpts& opts);

// EnsureValidAttributeName: the name itself when it is an HCL identifier,
// else its Go %q quoting.
// `unicode`: the flavour's QuoteUnicode.
void AppendAttributeName(std::string* out, std::string_view name, text::GoUnicode unicode);
std::string EscapedAttributeName(std::string_view name, text::GoUnicode unicode);

// EnsureValidAttributeName of each of a renderer's attribute names, and the
// longest result in bytes (Terraform aligns on all of them, hidden ones
// included). A name that needs no quoting, nearly all of them, is viewed
// where it is rather than copied: blocks have dozens of attributes.
class EscapedNames {
 public:
  EscapedNames(std::span<const NamedDiff> attributes, text::GoUnicode unicode);
  std::string_view operator[](size_t i) const { return names_.empty() ? attributes_[i].name : names_[i]; }
  size_t max_len() const { return max_len_; }

 private:
  std::span<const NamedDiff> attributes_;
  // Only when some name is quoted (else the names are the attributes'):
  // every name, the quoted ones viewing quoted_.
  std::vector<std::string_view> names_;
  std::vector<std::string> quoted_;  // reserved before the first push: names_ point into it
  size_t max_len_ = 0;
};

// importantAttribute: id, name and tags are always shown.
bool IsImportantAttribute(std::string_view name);

// hclEscapeString: Go %q quoting.
std::string HclEscapeString(std::string_view s, text::GoUnicode unicode);

// Which Go's Unicode tables the release's %q used (flavor.def quote_unicode_15).
inline text::GoUnicode QuoteUnicode(const Flavor& f) {
  return f.quote_unicode_15 ? text::GoUnicode::k15 : text::GoUnicode::k13;
}

// fmt's "%-*s": pads to `width` runes although widths are measured in bytes.
void AppendPadded(std::string* out, std::string_view s, size_t width);
// AppendPadded for a name known to be one rune a byte (a plain identifier):
// no runes to count.
void AppendPaddedPlain(std::string* out, std::string_view s, size_t width);

}  // namespace tfstream::render::renderers
