// ReadAhead drops the pages behind the reader even when its own thread
// cannot run (both cores busy): a reader far ahead of what was dropped
// drops them itself, so the mapping's resident size stays bounded.
#include "buffer/read_ahead.h"

#include <catch2/catch.hpp>

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

namespace {

// Resident bytes of the mapping that starts at `addr` (/proc/self/smaps).
size_t ResidentBytes(const void* addr) {
  std::ifstream smaps("/proc/self/smaps");
  char start[32];
  std::snprintf(start, sizeof start, "%lx-", reinterpret_cast<unsigned long>(addr));
  std::string line;
  bool in_vma = false;
  while (std::getline(smaps, line)) {
    if (line.rfind(start, 0) == 0) {
      in_vma = true;
    } else if (in_vma && line.rfind("Rss:", 0) == 0) {
      return std::strtoull(line.c_str() + 4, nullptr, 10) * 1024;
    }
  }
  return ~size_t{0};
}

}  // namespace

TEST_CASE("a reader far ahead of the dropped pages drops them itself", "[buffer][read_ahead]") {
  constexpr size_t kMiB = size_t{1} << 20;
  constexpr size_t kSize = 64 * kMiB;
  char path[] = "/tmp/tfstream-read-ahead-XXXXXX";
  int fd = mkstemp(path);
  REQUIRE(fd >= 0);
  unlink(path);
  REQUIRE(ftruncate(fd, kSize) == 0);
  char* map = static_cast<char*>(mmap(nullptr, kSize, PROT_READ, MAP_PRIVATE, fd, 0));
  REQUIRE(map != MAP_FAILED);
  {
    tfstream::buffer::ReadAhead ahead(map, kSize, 0, 8 * kMiB);
    // The reader maps 48 MiB itself, as it does when the thread gets no core.
    volatile char sink = 0;
    for (size_t p = 0; p < 48 * kMiB; p += 4096) sink = sink + map[p];
    CHECK(ResidentBytes(map) >= 40 * kMiB);
    ahead.Moved(48 * kMiB);
    // Whether or not the thread has run yet, what lies behind the reader is gone.
    CHECK(ResidentBytes(map) <= 8 * kMiB + kMiB);
    ahead.Stop();
    CHECK(ResidentBytes(map) == 0);
  }
  munmap(map, kSize);
  close(fd);
}
