// PhaseTimer: TFSTREAM_TIMING's line per phase of a run (a plan's in
// plan_run.cc, a state's in state_run.cc): its wall time, the CPU time of
// all the process's threads in it (CPU over wall tells how many cores the
// phase kept busy), resident and peak RSS.
#pragma once

namespace tfstream::pipeline {

class PhaseTimer {
 public:
  explicit PhaseTimer(bool enabled);
  // Prints the phase that ends now, since the last Mark (or construction).
  void Mark(const char* phase);

 private:
  bool enabled_;
  double wall_ = 0, cpu_ = 0;
};

}  // namespace tfstream::pipeline
