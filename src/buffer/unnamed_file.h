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

// Where temporary files go: the directory set at start-up (the command line
// reads $TMPDIR once), or /tmp when none or an empty one was set.
void SetTemporaryDirectory(std::string dir);
std::string TemporaryDirectory();

}  // namespace tfstream::buffer
