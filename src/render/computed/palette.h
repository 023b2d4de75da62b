// Palette: the fixed coloured fragments every renderer prints, colourised once
// per run instead of once per attribute. Each string equals what Terraform's
// Colorize.Color returns for the same markup (a reset is appended when colour
// is on, see colorize.h), so concatenating them reproduces its output.
#pragma once

#include <array>
#include <string>

#include "render/computed/action.h"
#include "render/text/colorize.h"

namespace tfstream::render {

struct Palette {
  // Bytes that never occur in rendered text (which is valid UTF-8: Go's
  // decoder, and ours, replace invalid input bytes with U+FFFD).
  static constexpr char kSymbolOpen = '\xff';
  static constexpr char kSymbolClose = '\xfe';

  // With `mark_symbols`, each action symbol is wrapped as kSymbolOpen +
  // symbol + kSymbolClose (then the space), so that a later pass can find
  // the symbols in rendered text (Markdown output moves them to the line
  // start). Only meant for colour off.
  // The action symbols are those of `flavor` (DiffActionSymbolMarkup).
  Palette(const text::Colorize& colorize, const Flavor& flavor, bool mark_symbols);
  explicit Palette(const text::Colorize& colorize, bool mark_symbols = false)
      : Palette(colorize, TerraformFlavor(), mark_symbols) {}

  const text::Colorize* colorize;
  std::array<std::string, stream::kPlanActionCount> symbol;  // writeDiffActionSymbol: Color(symbol) + " "
  std::string arrow;                  // [yellow]->[reset]
  std::string null_value;             // [dark_gray]null[reset]
  std::string null_suffix;            // " [dark_gray]-> null[reset]"
  std::string forces_replacement;     // " [red]# forces replacement[reset]"
  std::string dark_gray_open;         // "[dark_gray]" ... "[reset]" around plain text
  std::string dark_gray_close;

  const std::string& Symbol(Action a) const { return symbol[static_cast<size_t>(a)]; }
};

}  // namespace tfstream::render
