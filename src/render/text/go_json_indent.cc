#include "render/text/go_json_indent.h"

namespace tfstream::render::text {

std::string GoJsonIndent(std::string_view json, std::string_view prefix, std::string_view indent) {
  std::string out;
  out.reserve(json.size() * 2);
  int depth = 0;
  // An opening bracket's newline waits for the next token, so that empty
  // objects and arrays stay on one line.
  bool need_indent = false;
  auto newline = [&](int level) {
    out.push_back('\n');
    out.append(prefix);
    for (int i = 0; i < level; ++i) out.append(indent);
  };
  for (size_t i = 0; i < json.size(); ++i) {
    char c = json[i];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') continue;
    if (need_indent && c != '}' && c != ']') {
      need_indent = false;
      newline(++depth);
    }
    switch (c) {
      case '"': {
        size_t end = i + 1;
        while (end < json.size() && json[end] != '"') end += json[end] == '\\' ? 2 : 1;
        out.append(json.substr(i, end + 1 - i));
        i = end;
        break;
      }
      case '{':
      case '[':
        need_indent = true;
        out.push_back(c);
        break;
      case ',':
        out.push_back(c);
        newline(depth);
        break;
      case ':':
        out.append(": ");
        break;
      case '}':
      case ']':
        if (need_indent) {
          need_indent = false;
        } else {
          newline(--depth);
        }
        out.push_back(c);
        break;
      default:
        out.push_back(c);
    }
  }
  return out;
}

}  // namespace tfstream::render::text
