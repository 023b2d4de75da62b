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

// ParseJsonTree of text that a validating pass has already accepted whole
// (JsonScanner's ValueSkip::kValidate, as pipeline's ValidateBeforeOutput
// runs it over the document before the first byte): the tree is read
// without yajl checking the bytes a second time. Cross-checked as
// ParseJsonTree's trees are; text the reader does not take goes to
// ParseJsonTree, for its tree or its error.
Status ParseValidatedJsonTree(std::string_view text, uint64_t base_offset, buffer::Arena* arena,
                              const JsonValue** out);

// The same, the tree built from yajl's events (its callbacks): the reference
// the cross-check (json_tree_check.h) holds ParseJsonTree's trees to, and
// what reports the errors of text yajl refuses.
Status ParseJsonTreeWithYajl(std::string_view text, uint64_t base_offset, buffer::Arena* arena,
                             const JsonValue** out);

// ParseJsonTree of the value `text` starts with, where a walk has not
// found its end yet: true, with the tree and *end (the offset just past the
// value), when yajl accepts text[0, *end) as a value of its own and no
// container in it nests deeper than `max_depth`. Otherwise false, and the
// arena may hold a tree of nothing: the caller finds the value's end its
// own way and calls ParseJsonTree, for its message.
bool ParseJsonTreePrefix(std::string_view text, uint64_t base_offset, size_t max_depth, buffer::Arena* arena,
                         const JsonValue** out, size_t* end);

}  // namespace tfstream::stream
