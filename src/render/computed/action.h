// Action: plans.Action, the kind of change a diff node or a resource describes.
#pragma once

#include <cstdint>
#include <string_view>

#include "base/flavor.h"
#include "stream/plan_action.h"

namespace tfstream::render {

using Action = stream::PlanAction;

// Colour markup for the action's symbol, before colorisation.
// Reproduces Terraform's format.DiffActionSymbol (command/format/format.go
// @883c722) and OpenTofu's renderers.DiffActionSymbol (flavor.def
// symbol_forget; an action list the flavour does not know gets its "  ?").
std::string_view DiffActionSymbolMarkup(Action action, const Flavor& flavor);

// collections.CompareActions: Update as soon as two non-NoOp actions differ.
inline Action CompareActions(Action current, Action next) {
  if (next == Action::kNoOp) return current;
  if (current != next) return Action::kUpdate;
  return current;
}

}  // namespace tfstream::render
