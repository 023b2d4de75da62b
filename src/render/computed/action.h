// Action: plans.Action, the kind of change a diff node or a resource describes.
#pragma once

#include <cstdint>
#include <string_view>

#include "stream/plan_action.h"

namespace tfstream::render {

using Action = stream::PlanAction;

// Colour markup for the action's symbol, before colorisation.
// Reproduces format.DiffActionSymbol (command/format/diff.go @883c722).
std::string_view DiffActionSymbolMarkup(Action action);

// collections.CompareActions: Update as soon as two non-NoOp actions differ.
inline Action CompareActions(Action current, Action next) {
  if (next == Action::kNoOp) return current;
  if (current != next) return Action::kUpdate;
  return current;
}

}  // namespace tfstream::render
