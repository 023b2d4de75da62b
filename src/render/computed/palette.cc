#include "render/computed/palette.h"

namespace tfstream::render {

Palette::Palette(const text::Colorize& c, const Flavor& flavor, bool mark_symbols) : colorize(&c) {
  for (size_t i = 0; i < symbol.size(); ++i) {
    std::string s = c.Color(DiffActionSymbolMarkup(static_cast<Action>(i), flavor));
    symbol[i] = mark_symbols ? kSymbolOpen + s + kSymbolClose + " " : s + " ";
  }
  arrow = c.Color("[yellow]->[reset]");
  null_value = c.Color("[dark_gray]null[reset]");
  null_suffix = c.Color(" [dark_gray]-> null[reset]");
  forces_replacement = c.Color(" [red]# forces replacement[reset]");
  // Color("[dark_gray]X[reset]") for text X without markup.
  if (c.enabled()) {
    dark_gray_open = c.Color("[dark_gray]");
    dark_gray_open.resize(dark_gray_open.size() - 4);  // drop the call's trailing reset
    dark_gray_close = "\x1b[0m\x1b[0m";
  }
}

}  // namespace tfstream::render
