// EnlargePipe: fewer wake-ups on a pipe at either end of a run. The input
// spool (spool_copy.h) moves the plan out of one; the output sink writes
// hundreds of megabytes of text into one when tfstream is piped into
// `tee`, a pager or a CI log collector. With the kernel's default 64 KiB,
// writer and reader take turns every 64 KiB: measured on the 300 MB state
// (390 MB of text into a reader that discards it, --jobs 2), 17.7 K context
// switches and 3.44 s of CPU for both processes; with 1 MiB, 5.7 K and
// 3.08 s. A larger buffer delays nothing: a reader still gets each write
// as soon as it is made.
#pragma once

namespace tfstream::buffer {

// The pipe's buffer enlarged to 1 MiB, or to /proc/sys/fs/pipe-max-size
// when that is smaller; never shrunk. Returns the size it has afterwards
// (0 when `fd` is not a pipe). Failure is no error: the copy works with
// any size, only with more wake-ups.
int EnlargePipe(int fd);

}  // namespace tfstream::buffer
