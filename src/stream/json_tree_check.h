// The cross-check of the tree reader for validated bytes
// (validated_tree_reader.h) against the yajl-driven builder
// (ParseJsonTreeWithYajl): with it on, every tree ParseJsonTree or
// ParseGoJson builds is built the other way too and the two are compared
// node by node (kind, text bytes, member order, document order, duplicates);
// a difference is printed on standard error and the process aborts. Turned
// on with the fast renderers' cross-check (TFSTREAM_CROSS_CHECK, which the
// test suite sets on every corpus) and by the json_parser fuzzer.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "buffer/arena.h"
#include "stream/json_value.h"

namespace tfstream::stream {

bool TreeCrossCheckEnabled();
void SetTreeCrossCheck(bool on);

// Whether two trees are the same, node for node: null for null, kind, a
// bool's value, a number's or string's bytes, an array's elements, an
// object's keys and values in order, and its document order (the order
// itself, the duplicates it dropped). Pointers are not compared. When they
// differ, *where (if given) says where, as a path from the root, and how.
bool SameJsonTree(const JsonValue* a, const JsonValue* b, std::string* where = nullptr);

// The cross-check itself, for `text` (at `base_offset` in the input) whose
// tree ReadValidatedTree built as `tree`, or failed to build (`read`
// false): builds it again with ParseJsonTreeWithYajl into `arena` and aborts,
// saying where they differ, unless that succeeds with the same tree.
void CrossCheckValidatedTree(std::string_view text, uint64_t base_offset, buffer::Arena* arena, bool read,
                             const JsonValue* tree);

}  // namespace tfstream::stream
