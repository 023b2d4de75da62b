// The rules behind the options, printed by --help after the option list and
// turned into the man page's sections at build time (man/gen_man.py reads
// each "Heading:" line at column 0 as a section).
#pragma once

#include <string_view>

namespace tfstream::cli {

// Wrapped to 79 columns; ends with a newline.
std::string_view HelpDetails();

}  // namespace tfstream::cli
