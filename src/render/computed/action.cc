#include "render/computed/action.h"

namespace tfstream::render {

std::string_view DiffActionSymbolMarkup(Action action, const Flavor& flavor) {
  switch (action) {
    case Action::kDeleteThenCreate:
      return "[red]-[reset]/[green]+[reset]";
    case Action::kCreateThenDelete:
      return "[green]+[reset]/[red]-[reset]";
    case Action::kCreate:
      return "  [green]+[reset]";
    case Action::kDelete:
      return "  [red]-[reset]";
    case Action::kForget:
      return flavor.symbol_forget;
    case Action::kCreateThenForget:
      if (!flavor.action_create_then_forget) break;
      return " [green]+[reset]/[red].[reset]";
    case Action::kForgetThenCreate:
      if (!flavor.action_forget_then_create) break;
      return "  [red].[reset]/[green]+[reset]";
    case Action::kRead:
      return " [cyan]<=[reset]";
    case Action::kUpdate:
      return "  [yellow]~[reset]";
    case Action::kNoOp:
      return "   ";
  }
  return "  ?";
}

}  // namespace tfstream::render
