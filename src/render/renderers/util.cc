#include "render/renderers/util.h"

#include "render/text/go_quote.h"
#include "render/text/go_strings.h"
#include "render/text/hcl_identifier.h"

namespace tfstream::render::renderers {

void AppendUnchanged(std::string* out, std::string_view keyword, size_t count,
                     const RenderOpts& opts) {
  out->append(opts.palette->dark_gray_open);
  out->append("# (");
  out->append(std::to_string(count));
  out->append(" unchanged ");
  out->append(keyword);
  if (count != 1) out->push_back('s');
  out->append(" hidden)");
  out->append(opts.palette->dark_gray_close);
}

void AppendWarningLine(std::string* out, const Diff& diff, int indent, const RenderOpts& opts) {
  // Warnings only append, and are rare: written in place, indented after.
  const size_t at = out->size();
  if (!diff.Warning(indent, opts, out)) return;
  out->insert(at, static_cast<size_t>(indent) * 4, ' ');
  out->push_back('\n');
}

void AppendUnchangedLine(std::string* out, std::string_view keyword, size_t count, int indent,
                         const RenderOpts& opts) {
  if (count == 0) return;
  AppendIndent(out, indent);
  AppendActionSymbol(out, Action::kNoOp, opts);
  AppendUnchanged(out, keyword, count, opts);
  out->push_back('\n');
}

void AppendClosing(std::string* out, char bracket, Action action, int indent, const RenderOpts& opts) {
  AppendIndent(out, indent);
  AppendActionSymbol(out, Action::kNoOp, opts);
  out->push_back(bracket);
  AppendNullSuffix(out, action, opts);
}

void AppendAttributeName(std::string* out, std::string_view name, text::GoUnicode unicode) {
  if (text::IsValidHclIdentifier(name)) {
    out->append(name);
  } else {
    text::AppendGoQuoted(*out, name, unicode);
  }
}

std::string EscapedAttributeName(std::string_view name, text::GoUnicode unicode) {
  std::string s;
  AppendAttributeName(&s, name, unicode);
  return s;
}

EscapedNames::EscapedNames(std::span<const NamedDiff> attributes, text::GoUnicode unicode)
    : attributes_(attributes) {
  for (size_t i = 0; i < attributes.size(); ++i) {
    std::string_view name = attributes[i].name;
    if (!attributes[i].plain_name && !text::IsValidHclIdentifier(name)) {
      if (quoted_.empty()) {
        quoted_.reserve(attributes.size() - i);
        names_.resize(attributes.size());
        for (size_t k = 0; k < i; ++k) names_[k] = attributes[k].name;
      }
      quoted_.emplace_back();
      text::AppendGoQuoted(quoted_.back(), name, unicode);
      name = quoted_.back();
    }
    if (!names_.empty()) names_[i] = name;
    if (name.size() > max_len_) max_len_ = name.size();
  }
}

std::string HclEscapeString(std::string_view s, text::GoUnicode unicode) { return text::GoQuote(s, unicode); }

void AppendPadded(std::string* out, std::string_view s, size_t width) {
  text::AppendPaddedRight(*out, s, width);
}

void AppendPaddedPlain(std::string* out, std::string_view s, size_t width) {
  constexpr size_t kMaxWidth = 1000000;  // above it fmt pads nothing (AppendPaddedRight)
  if (width > kMaxWidth) return text::AppendPaddedRight(*out, s, width);
  out->append(s);
  if (width > s.size()) out->append(width - s.size(), ' ');
}

}  // namespace tfstream::render::renderers
