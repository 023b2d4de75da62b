#include "cli/option_list.h"

#include <algorithm>

namespace tfstream::cli {
namespace {

constexpr size_t kMinDescriptionLength = 40;

// Appends `text`'s words wrapped to at most `width` columns a line; lines
// after the first start with `column` spaces (the caller has already padded
// the first to that column).
void AppendWrapped(std::string* out, std::string_view text, size_t column, size_t width) {
  size_t used = 0;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t start = text.find_first_not_of(' ', pos);
    if (start == std::string_view::npos) break;
    size_t end = text.find(' ', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view word = text.substr(start, end - start);
    if (used > 0 && used + 1 + word.size() > width) {
      out->push_back('\n');
      out->append(column, ' ');
      used = 0;
    } else if (used > 0) {
      out->push_back(' ');
      ++used;
    }
    out->append(word);
    used += word.size();
    pos = end;
  }
}

}  // namespace

std::string FormatOptionList(std::string_view heading, const std::vector<OptionHelp>& options,
                             size_t line_length) {
  auto name_column = [](const OptionHelp& o) {
    return 2 + o.names.size() + (o.parameter.empty() ? 0 : 1 + o.parameter.size());
  };
  size_t column = 0;
  for (const OptionHelp& o : options) column = std::max(column, name_column(o) + 2);
  if (line_length > kMinDescriptionLength) column = std::min(column, line_length - kMinDescriptionLength);
  size_t width = line_length > column ? line_length - column : 1;

  std::string out(heading);
  out += ":\n";
  for (const OptionHelp& o : options) {
    out += "  " + o.names;
    if (!o.parameter.empty()) out += " " + o.parameter;
    if (!o.description.empty()) {
      size_t at = name_column(o);
      if (at + 2 > column) {
        out.push_back('\n');
        at = 0;
      }
      out.append(column - at, ' ');
      AppendWrapped(&out, o.description, column, width);
    }
    out.push_back('\n');
  }
  return out;
}

}  // namespace tfstream::cli
