// CopyToSpool: the bytes of an input that cannot be mapped (a pipe, a socket,
// a terminal) copied to its end into the spool file InputFile maps.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "base/status.h"

namespace tfstream::buffer {

// How the bytes move. kFastest: from a pipe, splice(2) moves them into the
// file inside the kernel (the pipe enlarged first), anything else, and any
// splice that fails, takes read(2) + write(2). kReadWrite: read + write
// only (the reference the fast way is tested against).
enum class SpoolCopy { kFastest, kReadWrite };

// Copies `in` to its end into `out` at its current offset, calling
// `written` (may be empty) with the number of bytes in `out` after each
// piece. Errors name `label` (the input) and, for a failed write, the
// temporary directory; they are the same whichever way the bytes moved.
Status CopyToSpool(int in, const std::string& label, int out, const std::function<void(uint64_t)>& written,
                   SpoolCopy how = SpoolCopy::kFastest);

}  // namespace tfstream::buffer
