#include "stream/json_document.h"

#include "stream/json_scanner.h"
#include "stream/json_tree_check.h"
#include "stream/json_tree_parser.h"
#include "stream/validated_tree_reader.h"

namespace tfstream::stream {

bool ParseGoJson(std::string_view text, buffer::Arena* arena, const JsonValue** out) {
  JsonScanner scanner(text);
  if (!scanner.SkipValue() || !scanner.AtEnd()) return false;
  // The scanner has validated the text by Go's rules: read, not parsed again.
  const bool read = ReadValidatedTree(text, arena, out);
  if (TreeCrossCheckEnabled()) CrossCheckValidatedTree(text, 0, arena, read, read ? *out : nullptr);
  return read || ParseJsonTreeWithYajl(text, 0, arena, out).ok();
}

}  // namespace tfstream::stream
