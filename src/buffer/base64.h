// Standard base64 (RFC 4648 section 4: '+', '/', '=' padding), for the
// compressed payloads of the HTML report: its alphabet holds no '<', '"',
// '&' or '\'', so the text can sit in an HTML attribute or a script
// element without escaping.
#pragma once

#include <string>
#include <string_view>

namespace tfstream::buffer {

// Appends the base64 of `data` to *out.
void AppendBase64(std::string_view data, std::string* out);

// Decodes standard padded base64; false on anything else (tests only need
// it, but it lives beside its inverse).
bool DecodeBase64(std::string_view text, std::string* out);

}  // namespace tfstream::buffer
