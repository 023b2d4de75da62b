// go-wordwrap v1.0.1 keeps three buffers while it walks the runes: the output,
// the current word and the run of spaces before it, with `current` the rune
// count already on the output line. A space flushes the pending spaces and
// word; a newline does too (dropping the pending spaces if they would
// overflow when there is no word); a word rune that makes the line overflow
// (and whose word is still shorter than the limit) emits "\n" and drops the
// pending spaces, keeping the word. At the end, trailing spaces without a
// word survive only if they fit. All counts are runes, and every decoded rune
// is re-encoded, so an invalid byte becomes U+FFFD in the output.

#include "render/text/word_wrap.h"

#include "render/text/go_strings.h"

namespace tfstream::render::text {

std::string GoWrapString(std::string_view s, unsigned lim) {
  // Go's uint arithmetic; lengths cannot realistically overflow it.
  using uint = unsigned long long;
  std::string out;
  out.reserve(s.size() + s.size() / 8);
  std::string word;
  std::string spaces;
  uint current = 0;
  uint word_len = 0;
  uint space_len = 0;
  const uint limit = lim;

  auto flush_spaces = [&] {
    out.append(spaces);
    spaces.clear();
    space_len = 0;
  };
  auto flush_word = [&] {
    out.append(word);
    word.clear();
    word_len = 0;
  };

  size_t i = 0;
  while (i < s.size()) {
    char32_t r;
    i += DecodeRune(s, i, &r);
    if (r == '\n') {
      if (word.empty()) {
        if (current + space_len > limit) {
          current = 0;
        } else {
          current += space_len;
          out.append(spaces);
        }
        spaces.clear();
        space_len = 0;
      } else {
        current += space_len + word_len;
        flush_spaces();
        flush_word();
      }
      out.push_back('\n');
      current = 0;
    } else if (IsGoSpace(r) && r != 0xA0) {
      if (spaces.empty() || !word.empty()) {
        current += space_len + word_len;
        flush_spaces();
        flush_word();
      }
      AppendRune(spaces, r);
      ++space_len;
    } else {
      AppendRune(word, r);
      ++word_len;
      if (current + word_len + space_len > limit && word_len < limit) {
        out.push_back('\n');
        current = 0;
        spaces.clear();
        space_len = 0;
      }
    }
  }

  if (word.empty()) {
    if (current + space_len <= limit) out.append(spaces);
  } else {
    out.append(spaces);
    out.append(word);
  }
  return out;
}

std::string WordWrap(std::string_view s, int width) {
  if (width <= 1) return std::string(s);
  std::string out;
  out.reserve(s.size() + s.size() / 8);
  const auto lim = static_cast<unsigned>(width - 1);
  size_t start = 0;
  bool first = true;
  while (true) {
    const size_t nl = s.find('\n', start);
    const std::string_view line =
        s.substr(start, nl == std::string_view::npos ? std::string_view::npos : nl - start);
    if (!first) out.push_back('\n');
    first = false;
    if (!line.empty() && line[0] == ' ') {
      out.append(line);  // literal segments are left unwrapped
    } else {
      out.append(GoWrapString(line, lim));
    }
    if (nl == std::string_view::npos) break;
    start = nl + 1;
  }
  return out;
}

std::string HorizontalRule(const Colorize& color, int width) {
  if (width <= 1) return "\n";
  std::string markup = "[dark_gray]\n";
  markup.reserve(markup.size() + 3 * static_cast<size_t>(width - 1));
  for (int i = 0; i < width - 1; ++i) markup.append("\xE2\x94\x80");  // U+2500 ─
  return color.Color(markup);
}

}  // namespace tfstream::render::text
