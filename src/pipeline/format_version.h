// The version check behind the renderer's "newer version" warning, the same
// for a plan (plan_prepare.h) and a state (state_prepare.h).
#pragma once

#include <string_view>

namespace tfstream::pipeline {

// Go's incompatibleVersions (jsonformat): true when `theirs`, a document's
// format_version, is newer than `ours`, compared as floats; false when
// either does not parse as one.
bool IsNewerFormat(std::string_view ours, std::string_view theirs);

}  // namespace tfstream::pipeline
