// AddressGlob: a pattern over Terraform resource instance addresses, as
// --address takes it (module.a["x"].aws_s3_bucket.b[0]).
//
// An address is a run of steps: names separated by '.', and index brackets
// ([0], ["key"]). The rules:
//   *     any characters within one step: never '.', '[' or ']', except
//         inside a quoted index key, where it matches anything;
//   **    any characters at all, across steps; "**." also matches nothing,
//         so "**.aws_s3_bucket.*" finds that type at any depth, root included;
//   ?     one character that * could match;
//   \c    the character c itself (\*, \?, \\);
//   anything else (brackets and quotes included) stands for itself.
// A pattern matches an address when it matches all of it, or a leading part
// that ends where a step ends (before '.' or '[' outside a quoted key): the
// pattern names a module or resource and so selects what is inside it, as
// -target does ("module.app" selects module.app["eu"].x.y; "aws_instance.web"
// selects aws_instance.web[0]). Matching is case-sensitive.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "base/status.h"

namespace tfstream::stream {

class AddressGlob {
 public:
  // Fails on an empty pattern or a trailing lone backslash.
  static Status Parse(std::string_view pattern, AddressGlob* out);

  bool Matches(std::string_view address) const;
  const std::string& pattern() const { return pattern_; }

 private:
  enum class Kind : uint8_t { kLiteral, kOne, kStep, kAny, kAnyDot };
  struct Token {
    Kind kind;
    char c = 0;  // kLiteral only
  };

  std::string pattern_;
  std::vector<Token> tokens_;
};

}  // namespace tfstream::stream
