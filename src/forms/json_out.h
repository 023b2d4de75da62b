// Writing JSON text for --format json: strings quoted and escaped so that any
// JSON parser reads back the same characters. The strings written come from
// the plan already decoded (invalid UTF-8 there became U+FFFD, as Go decodes
// it), so they are valid UTF-8; only '"', '\' and control characters need
// escapes.
#pragma once

#include <string>
#include <string_view>

namespace tfstream::forms {

// Appends `s` as a JSON string literal.
void AppendJsonString(std::string* out, std::string_view s);

// Appends `s` as a JSON string literal, or null when it is empty.
inline void AppendJsonStringOrNull(std::string* out, std::string_view s) {
  if (s.empty()) {
    out->append("null");
  } else {
    AppendJsonString(out, s);
  }
}

}  // namespace tfstream::forms
