// Decoding of JSON string tokens exactly as Go's encoding/json does, so that
// the text we render is the text Terraform's structs would hold.
#pragma once

#include <string>
#include <string_view>

namespace tfstream::stream {

// Reproduces encoding/json's string decoding (scanner.go + unquote in
// decode.go, go1.26.4). `raw` is the bytes between the quotes of a string
// token as they appear in the input. Appends the decoded text to *out:
//   \" \\ \/ \b \f \n \r \t and \uXXXX escapes are decoded;
//   a high surrogate \u escape followed by a low surrogate \u escape is one
//   rune; any other surrogate escape becomes U+FFFD on its own (the next
//   escape is then decoded by itself: "\ud800\u0041" -> U+FFFD "A");
//   each byte of invalid UTF-8 becomes U+FFFD (valid UTF-8 is copied).
// Returns false, leaving *out in an unspecified state, on what Go's scanner
// rejects: a byte < 0x20, an unescaped '"', an unknown escape (including
// \'), \u without 4 hex digits, or a trailing backslash. The caller reports
// the error with its own position.
bool DecodeGoJsonString(std::string_view raw, std::string* out);

// DecodeGoJsonString of a string token's body, found and decoded in one
// pass: `text` starts with the body (after the opening quote) and goes on
// past its closing quote, the first '"' not escaped. Decodes the bytes
// before that quote into *buffer, used as memory: its size() is its room,
// grown as needed, never shrunk; *decoded is the text, at buffer->data().
// *body_size is the number of raw bytes before the quote. False where
// DecodeGoJsonString would fail on those bytes, or where `text` has no
// closing quote.
bool DecodeGoJsonStringToQuote(std::string_view text, std::string* buffer, std::string_view* decoded,
                               size_t* body_size);

// Fast path: false iff DecodeGoJsonString would succeed and produce exactly
// `raw`, i.e. raw has no backslash, no '"', no byte < 0x20 and is valid UTF-8
// by Go's rules. When false, the caller may use `raw` itself.
bool NeedsGoJsonDecoding(std::string_view raw);

}  // namespace tfstream::stream
