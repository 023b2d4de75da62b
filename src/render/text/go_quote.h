// Go's `%q` for strings: how Terraform quotes attribute names that are not
// valid HCL identifiers, and other user text it prints with %q.
#pragma once

#include <string>
#include <string_view>

namespace tfstream::render::text {

// Reproduces strconv.IsPrint (go1.26.4, Unicode 15.0.0): letters, marks,
// numbers, punctuation, symbols and U+0020; no other space, no U+00AD.
bool IsGoPrint(char32_t r);

// Reproduces strconv.Quote (go1.26.4), which is what fmt's %q prints for a
// string: appends s in double quotes. Invalid UTF-8 bytes become \xNN;
// \a \b \f \n \r \t \v, \\ and \" are escaped; printable runes stay as UTF-8;
// other runes become \xNN (below U+0020 and U+007F), \uNNNN or \UNNNNNNNN.
// Hex digits are lower case.
void AppendGoQuoted(std::string& out, std::string_view s);

// AppendGoQuoted into a new string.
std::string GoQuote(std::string_view s);

}  // namespace tfstream::render::text
