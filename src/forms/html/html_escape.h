// Escaping for what the HTML report writes outside its base-85 payloads:
// the title and the metadata. Text from the plan or the command line never
// becomes markup: in element text '&', '<' and '>' are references, and in a
// <script type="application/json"> element every '<' is written \u003c (so
// neither "</script" nor "<!--" can appear) along with U+2028 and U+2029
// (line terminators to older JavaScript parsers).
#pragma once

#include <string>
#include <string_view>

namespace tfstream::forms::html {

// Appends `s` as HTML text (element content or a double-quoted attribute
// value): & < > " ' as character references. Bytes that are not valid
// UTF-8 become U+FFFD.
void AppendHtmlText(std::string_view s, std::string* out);

// Appends `s` as a JSON string literal safe inside a <script> element:
// as AppendJsonString, plus '<', '>', '&', U+2028 and U+2029 as \uXXXX, and
// bytes that are not valid UTF-8 as \ufffd.
void AppendScriptJsonString(std::string_view s, std::string* out);

}  // namespace tfstream::forms::html
