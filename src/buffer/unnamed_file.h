// Temporary files that have no name, for data too large to hold in memory
// (a plan piped in, --summary's lines).
#pragma once

#include <string>

namespace tfstream::buffer {

// Opens a read-write file in `dir` that has no name, so that no exit path,
// a signal or SIGKILL included, can leave it behind. O_TMPFILE creates it
// without a name; where the file system lacks it, mkstemp + unlink is used
// with signals blocked in between. Returns -1 with errno set on failure.
int CreateUnnamedFile(const std::string& dir);

// $TMPDIR, or /tmp when it is unset or empty.
std::string TemporaryDirectory();

}  // namespace tfstream::buffer
