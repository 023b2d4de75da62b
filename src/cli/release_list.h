// The releases tfstream reproduces, for --version and --help (and so the man
// page), derived from base/flavor.def so that the list cannot drift from the
// table.
#pragma once

#include <string>

#include "base/flavor.h"

namespace tfstream::cli {

// "1.5.0 to 1.16.x; rows printing the same text: terraform-1.5 = 1.5.x (1.5);
// ...; terraform-1.10 = 1.10.0 to 1.13.x (1.10, 1.11, 1.12, 1.13); ...":
// flavor.def's rows, each with its releases and aliases.
std::string ReleaseList(FlavorId id);

// The "Releases:" section of --help, wrapped to 79 columns; ends with a newline.
std::string ReleasesHelp();

}  // namespace tfstream::cli
