// The "Options:" part of --help, written by us rather than by
// Boost.Program_options: Boost spells a short alias "-j [ --jobs ] N" and
// pads wrapped lines with trailing spaces; this prints "-j, --jobs N" and
// never ends a line with a space. The layout stays Boost's two columns
// (man/gen_man.py reads it): "  NAMES PARAM", padded to the description
// column, the description wrapped under that column.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace tfstream::cli {

struct OptionHelp {
  std::string names;        // "-j, --jobs" or "--schemas"
  std::string parameter;    // "N", or empty for a flag
  std::string description;  // one paragraph, wrapped when printed
};

// "HEADING:\n" then one entry per option, each line at most `line_length`
// columns (a word longer than the description column gets a line of its
// own). The description column is two columns past the longest
// "  NAMES PARAM", but at most `line_length - 40`; a longer name puts its
// description on the next line.
std::string FormatOptionList(std::string_view heading, const std::vector<OptionHelp>& options,
                             size_t line_length = 80);

}  // namespace tfstream::cli
