// The address of a state's block, read from its first line: the run hands a
// state's resource blocks over as text alone (pipeline/state_run.h).
#pragma once

#include <string>
#include <string_view>

namespace tfstream::forms::html {

// From "# ADDR:", "# ADDR: (tainted)" or "# ADDR: (deposed object KEY)":
// ADDR, or ADDR + " (deposed object KEY)" (the form a plan's deposed
// blocks are indexed by).
std::string StateBlockAddress(std::string_view first_line);

}  // namespace tfstream::forms::html
