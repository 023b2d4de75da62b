// A base-85 text encoding for the compressed payloads of the HTML report
// (docs/html-report.md, "The file"): 4 bytes become 5 characters, a final
// group of n < 4 bytes n + 1 characters, as Ascii85 does it (the group is
// padded with zero bytes, encoded, and cut to n + 1 characters; a reader
// pads it with the last digit and keeps n bytes). Every group of 4 bytes is
// read big-endian and written most significant digit first.
//
// The alphabet is 0-9, A-Z, a-z, then !#$%()*+,.:;=?@[]^_{|}~ (digit values
// 0 to 84 in that order): printable ASCII without '<', '>', '&', '"', '\'',
// '\\', '`', '-', '/' or a space. So whatever the bytes, the text can never
// end a script element, open a comment, leave a quoted attribute or hold a
// character reference: it sits in both without escaping. Against base64 it
// carries 5/4 instead of 4/3 of the compressed size, which lets the report
// use a cheaper compression level within a quarter of the text's size
// (perf/HISTORY.md, "HTML report: base 85").
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace tfstream::buffer {

// The 85 characters, digit value = position.
inline constexpr std::string_view kBase85Alphabet =
    "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!#$%()*+,.:;=?@[]^_{|}~";

// The length of the text for `bytes` bytes.
constexpr size_t Base85Length(size_t bytes) { return bytes / 4 * 5 + (bytes % 4 == 0 ? 0 : bytes % 4 + 1); }

// Appends the base-85 text of `data` to *out.
void AppendBase85(std::string_view data, std::string* out);

// Decodes base-85 text; false on a character outside the alphabet, a final
// group of one character, or a group whose value passes 2^32 - 1 (the
// writer never makes one). The report's readers (the page, the tests) have
// their own decoders; this one is the writer's inverse for its tests.
bool DecodeBase85(std::string_view text, std::string* out);

}  // namespace tfstream::buffer
