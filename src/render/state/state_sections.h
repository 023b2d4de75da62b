// The words of a state's text around its resource blocks, as `terraform
// show` writes them (RenderHumanState, jsonformat/state.go, Terraform
// @883c722 and OpenTofu v1.12.6): the newer-format warning, the text of a
// state with nothing in it, and the heading of the outputs. The run
// (pipeline/state_run.h) decides which of them print.
#pragma once

#include <string>
#include <string_view>

#include "base/flavor.h"
#include "render/text/colorize.h"

namespace tfstream::render::state {

// The state's or its schemas' format is newer than the renderer's
// (incompatibleVersions), wrapped at `width` (0 does not wrap), with its
// newline. (The state's wording has "maybe" where the plan's has "may be".)
std::string NewerFormatWarning(const Flavor& flavor, const text::Colorize& colorize, int width);

// All that is printed for a state without resources or outputs.
std::string_view EmptyState();

// Before the root module's outputs, after the last resource block.
std::string_view OutputsHeading();

}  // namespace tfstream::render::state
