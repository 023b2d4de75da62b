// The words of a state's text around its resource blocks, as `terraform
// show` writes them (RenderHumanState, jsonformat/state.go, Terraform
// @883c722 and OpenTofu v1.12.6): the newer-format warning, the text of a
// state with nothing in it, the first lines of a resource's block, an
// output's name, and the heading of the outputs. The run
// (pipeline/state_run.h) decides which of them print; the values between
// them are the renderers'.
#pragma once

#include <string>
#include <string_view>

#include "base/flavor.h"
#include "render/text/colorize.h"
#include "render/text/go_quote.h"

namespace tfstream::render::state {

// The state's or its schemas' format is newer than the renderer's
// (incompatibleVersions), wrapped at `width` (0 does not wrap), with its
// newline. (The state's wording has "maybe" where the plan's has "may be".)
std::string NewerFormatWarning(const Flavor& flavor, const text::Colorize& colorize, int width);

// All that is printed for a state without resources or outputs.
std::string_view EmptyState();

// Before the root module's outputs, after the last resource block.
std::string_view OutputsHeading();

// What a resource's block starts with, up to its body's opening brace:
// `blank_lines` newlines (between blocks), `# ADDRESS:` with " (deposed
// object KEY)" or " (tainted)", then `resource "TYPE" "NAME" ` (`data` for a
// data source), the type and name quoted as Go's %q quotes them.
struct ResourceHeading {
  int blank_lines = 0;
  std::string_view address, deposed_key, type, name;
  bool tainted = false, managed = true;
};
void AppendResourceHeading(const ResourceHeading& heading, text::GoUnicode unicode, std::string* out);

// An output's line up to its value: `NAME = `.
void AppendOutputName(std::string_view name, std::string* out);

}  // namespace tfstream::render::state
