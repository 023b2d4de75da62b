// AttributeGlob: a pattern over the attribute paths inside a resource's
// values, as `tfstream --compare --ignore` takes it (triggers.git_sha,
// **.tags.*).
//
// A path is the steps from the resource's object down to a value, joined by
// '.': attribute and block names, map keys, and list or set positions as
// decimal numbers (ingress.0.cidr_blocks.1). A pattern is steps joined by
// '.' too:
//   name   the step itself (case-sensitive);
//   *      within a step: any characters (tag* matches tags and tag_map);
//          a step of just * matches any one step;
//   **     a whole step: any run of steps, none included, so
//          **.triggers.git_sha names git_sha under triggers at any depth,
//          the resource's own triggers included;
//   \c     the character c itself (\. for a key holding a dot, \*, \\).
// A pattern matches a path when it matches all of it: what is under a
// matched value goes with it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "base/status.h"
#include "buffer/arena.h"
#include "stream/json_value.h"

namespace tfstream::stream {

class AttributeGlob {
 public:
  // Fails on an empty pattern, an empty step or a trailing lone backslash.
  static Status Parse(std::string_view pattern, AttributeGlob* out);

  // Whether the pattern matches the path of `steps` (all of it).
  bool Matches(const std::vector<std::string_view>& steps) const;
  const std::string& pattern() const { return pattern_; }

 private:
  struct Step {
    bool any_steps = false;  // **
    std::string text;        // the step with \ escapes resolved, '*' kept
    std::vector<bool> star;  // star[i]: text[i] is a wildcard, not a literal '*'
  };
  static bool StepMatches(const Step& step, std::string_view name);
  bool MatchFrom(size_t p, const std::vector<std::string_view>& steps, size_t s) const;

  std::string pattern_;
  std::vector<Step> steps_;
};

// `value` with every member and element whose path matches one of `globs`
// left out: a member is dropped from its object, an element becomes null
// (keeping its neighbours' positions). The parts not touched are shared;
// new nodes go to `arena`. Returns `value` itself when nothing matches.
const JsonValue* WithoutAttributes(const JsonValue* value, const std::vector<AttributeGlob>& globs,
                                   buffer::Arena* arena);

// The paths (as the globs name them) where `a` and `b` differ, deepest
// first found, at most `limit` of them.
void DifferingPaths(const JsonValue* a, const JsonValue* b, size_t limit, std::vector<std::string>* out);

}  // namespace tfstream::stream
