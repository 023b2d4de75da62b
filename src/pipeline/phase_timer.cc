#include "pipeline/phase_timer.h"

#include <sys/resource.h>

#include <chrono>
#include <cstdio>

namespace tfstream::pipeline {
namespace {

double WallSeconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

double CpuSeconds(const rusage& usage) {
  return static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
         static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

}  // namespace

PhaseTimer::PhaseTimer(bool enabled) : enabled_(enabled) {
  if (!enabled_) return;
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  wall_ = WallSeconds();
  cpu_ = CpuSeconds(usage);
}

void PhaseTimer::Mark(const char* phase) {
  if (!enabled_) return;
  const double wall = WallSeconds();
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  const double cpu = CpuSeconds(usage);
  long pages = 0, resident = 0;
  if (FILE* f = std::fopen("/proc/self/statm", "r")) {
    if (std::fscanf(f, "%ld %ld", &pages, &resident) != 2) resident = 0;
    std::fclose(f);
  }
  std::fprintf(stderr, "tfstream: %-16s %8.3f s  cpu %8.3f s  rss %ld MiB, peak %ld MiB\n", phase, wall - wall_,
               cpu - cpu_, resident * 4096 / (1 << 20), usage.ru_maxrss / 1024);
  wall_ = wall;
  cpu_ = cpu;
}

}  // namespace tfstream::pipeline
