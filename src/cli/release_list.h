// The releases tfstream reproduces, for --version and --help (and so the man
// page), derived from base/flavor.def so that the list cannot drift from the
// table.
#pragma once

#include <string>

#include "base/flavor.h"

namespace tfstream::cli {

// "1.5.0 to 1.16.x; classes printing the same text: 1.5.0 to 1.6.x, ...".
std::string ReleaseList(FlavorId id);

// The "Releases:" section of --help, wrapped to 79 columns; ends with a newline.
std::string ReleasesHelp();

}  // namespace tfstream::cli
