// Terraform's paragraph wrapping and horizontal rule (internal/command/format/
// trivia.go @883c722), used for the plan's explanatory text.
#pragma once

#include <string>
#include <string_view>

#include "render/text/colorize.h"

namespace tfstream::render::text {

// Reproduces format.WordWrap (trivia.go @883c722): width <= 1 returns s
// unchanged; otherwise each "\n"-separated line that does not start with a
// space is wrapped with go-wordwrap's WrapString(line, width - 1).
std::string WordWrap(std::string_view s, int width);

// Reproduces wordwrap.WrapString (mitchellh/go-wordwrap v1.0.1): breaks at
// unicode.IsSpace runes other than U+00A0, counting runes; never splits a
// word. Output is re-encoded rune by rune, so invalid UTF-8 bytes come out
// as U+FFFD.
std::string GoWrapString(std::string_view s, unsigned lim);

// Reproduces format.HorizontalRule (trivia.go @883c722): "\n" when
// width <= 1, else Color("[dark_gray]\n" + "─" x (width - 1)).
std::string HorizontalRule(const Colorize& color, int width);

}  // namespace tfstream::render::text
