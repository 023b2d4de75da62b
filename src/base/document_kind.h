// Which document the input is: a plan, or (--state) a state. The command
// line chooses it once; the run that drives the document follows from it
// (pipeline/plan_run.h or pipeline/state_run.h), and every message or
// report that names the document reads its noun here, never asking "is this
// a state?" for a word.
#pragma once

#include <string_view>

namespace tfstream {

enum class DocumentKind { kPlan, kState };

// How messages and reports call the document: "plan" or "state".
constexpr std::string_view DocumentNoun(DocumentKind kind) {
  switch (kind) {
    case DocumentKind::kPlan:
      return "plan";
    case DocumentKind::kState:
      return "state";
  }
  return "plan";
}

}  // namespace tfstream
