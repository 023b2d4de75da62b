// ReadValidatedTree: builds the JsonValue tree of JSON text that a validating
// parser has already accepted (yajl, in ParseJsonTree; JsonScanner, in
// ParseGoJson), without validating it again: strings are found 16 bytes at a
// time and decoded with Go's rules (go_json_string.h), numbers keep their
// literal text, and the tree is put together exactly as the yajl-driven
// builder does (json_tree_assembler.h), which the cross-check compares it
// with (json_tree_check.h).
#pragma once

#include <string_view>

#include "buffer/arena.h"
#include "stream/json_value.h"

namespace tfstream::stream {

// `text` must hold exactly one JSON value, surrounding whitespace allowed
// (yajl's: also \f and \v), as yajl with yajl_dont_validate_strings or
// JsonScanner::SkipValue accepts it; what yajl accepts after the value (an
// unfinished string token: `[] "x`) is left unread. Sets *out (nullptr for a JSON null) and
// returns true. On text that is not valid it reads no byte outside `text`
// and returns false, with *out unspecified, or builds some tree. The tree
// lives in `arena` until its Reset() and may point into `text`, which must
// outlive it.
bool ReadValidatedTree(std::string_view text, buffer::Arena* arena, const JsonValue** out);

// ReadValidatedTree of the value `text` starts with (leading whitespace
// allowed), whatever follows it: also sets *end, the offset just past the
// value. Returns false, besides, where containers nest deeper than
// `max_depth` (the value itself counting as one). The text need not be
// valid: a caller validates text[0, *end) before it trusts the tree.
bool ReadValidatedTreePrefix(std::string_view text, size_t max_depth, buffer::Arena* arena, const JsonValue** out,
                             size_t* end);

// Whether the reader runs its AVX2 build (the CPU has AVX2, and tests have
// not turned it off); AllowValidatedTreeAvx2(false), for tests, makes the
// SSE2 build run on the same machine.
bool ValidatedTreeReaderUsesAvx2();
void AllowValidatedTreeAvx2(bool allowed);

}  // namespace tfstream::stream
