// Materialises one JSON value (a byte range of the input, usually already
// validated by PreScan) into a JsonValue tree. yajl validates the bytes and
// says what is wrong with them; the tree of bytes it accepted is read by
// ReadValidatedTree (validated_tree_reader.h). Strings are decoded with Go's
// encoding/json rules rather than yajl's (see go_json_string.h), numbers
// keep their literal text.
#pragma once

#include <cstdint>
#include <string_view>

#include "base/status.h"
#include "buffer/arena.h"
#include "stream/json_value.h"

namespace tfstream::stream {

// Parses `text`, which must hold exactly one JSON value (surrounding
// whitespace allowed). `base_offset` is the offset of text[0] in the input,
// used for error messages. The tree lives in `arena` until its Reset() and may
// point into `text`, which must outlive it.
// A JSON null yields *out == nullptr.
Status ParseJsonTree(std::string_view text, uint64_t base_offset, buffer::Arena* arena,
                     const JsonValue** out);

// The same, the tree built from yajl's events (its callbacks): the reference
// the cross-check (json_tree_check.h) holds ParseJsonTree's trees to, and
// what reports the errors of text yajl refuses.
Status ParseJsonTreeWithYajl(std::string_view text, uint64_t base_offset, buffer::Arena* arena,
                             const JsonValue** out);

}  // namespace tfstream::stream
