#include "stream/json_document.h"

#include "stream/json_scanner.h"
#include "stream/json_tree_parser.h"

namespace tfstream::stream {

bool ParseGoJson(std::string_view text, buffer::Arena* arena, const JsonValue** out) {
  JsonScanner scanner(text);
  if (!scanner.SkipValue() || !scanner.AtEnd()) return false;
  return ParseJsonTree(text, 0, arena, out).ok();
}

}  // namespace tfstream::stream
