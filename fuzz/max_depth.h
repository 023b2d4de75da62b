// MaxDepth: how deeply a fuzz unit's arrays and objects nest, by a scan that
// knows only strings and brackets (the unit need not be valid JSON). The
// render and compare fuzzers skip units nested deeper than they render
// quickly: Terraform's text grows with the square of the depth.
#pragma once

#include <cstddef>
#include <string_view>

namespace tfstream::fuzz {

inline int MaxDepth(std::string_view text) {
  int depth = 0, max = 0;
  bool in_string = false;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (in_string) {
      if (c == '\\') ++i;
      else if (c == '"') in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > max) max = depth;
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return max;
}

}  // namespace tfstream::fuzz
