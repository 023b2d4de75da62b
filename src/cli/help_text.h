// The rules behind the options, printed by --help after the option list and
// turned into the man page's sections at build time (man/gen_man.py reads
// each "Heading:" line at column 0 as a section).
#pragma once

#include <string_view>

namespace tfstream::cli {

// Wrapped to 79 columns; ends with a newline.
std::string_view HelpDetails();

// The end of the short --help: where the rules behind the options are
// (--help-all, the man page, docs/). Ends with a newline.
std::string_view HelpPointer();

}  // namespace tfstream::cli
