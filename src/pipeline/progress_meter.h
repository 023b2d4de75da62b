// ProgressMeter: the one-line progress report --progress draws on standard
// error, redrawn in place ("\r", then spaces over what is left of the
// previous line; no escape sequences, so it works on any terminal):
//
//   scanning 52.3/120.0 MiB (43%), 410.2 MiB/s, ETA 0:01
//   rendering 80.1/120.0 MiB (66%), 1234/5000 resources, 60.1 MiB/s, ETA 0:03
//
// Bytes are those of the current pass: the scan pass reads the whole plan,
// the render pass its resource_changes array (drift, outputs and the other
// sections are not reported). Rate and ETA are those of the current pass,
// measured from its start; the ETA shows "-:--" until the pass has run for
// half a second. Nothing is drawn until kDelay after the meter was made (a
// plan that takes less never shows progress); then the first update draws at
// once, later ones at most every kInterval. Finish() (or the destructor)
// erases the line, and so does SIGINT or SIGTERM on a meter drawing on a
// descriptor (the signal then takes its default course), so that the line is
// never left in the scrollback.
//
// When standard output is the same terminal, BeforeOutput() erases the line
// before each write of plan text and keeps it erased while that text ends in
// the middle of a line, so the plan text is never interleaved with it.
//
// Single-threaded: every call comes from the pipeline's thread.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

namespace tfstream::pipeline {

// What one progress line says. Pure data, so FormatProgress can be tested.
struct ProgressState {
  enum class Phase { kScanning, kRendering } phase = Phase::kScanning;
  uint64_t offset = 0;        // position in the plan reached
  uint64_t pass_begin = 0;    // where this pass started
  uint64_t pass_end = 0;      // where it will end
  size_t resources_done = 0;  // rendering only
  size_t resources_total = 0;
  double elapsed = 0;  // seconds since this pass started
};

// The line, without "\r", cut to `columns` - 1 characters when columns > 0.
std::string FormatProgress(const ProgressState& s, int columns);

class ProgressMeter {
 public:
  static constexpr double kInterval = 0.25;  // seconds between redraws
  static constexpr double kDelay = 1.0;      // seconds of work before the first

  using Writer = std::function<void(std::string_view)>;
  using Clock = std::function<double()>;  // monotonic seconds

  // `columns`: the width of the terminal showing standard error (0: none).
  ProgressMeter(uint64_t total_bytes, int columns, Writer write, Clock now, double delay = kDelay);
  // Writes to `fd` (standard error) on the steady clock, and erases the line
  // on SIGINT and SIGTERM while it lives.
  ProgressMeter(uint64_t total_bytes, int columns, int fd, double delay = kDelay);
  ~ProgressMeter();
  ProgressMeter(const ProgressMeter&) = delete;
  ProgressMeter& operator=(const ProgressMeter&) = delete;

  void Scanning(uint64_t offset);
  // The render pass covers [begin, end) of the plan.
  void StartRendering(uint64_t begin, uint64_t end, size_t resources_total);
  void Rendering(uint64_t offset, size_t resources_done);

  void BeforeOutput(std::string_view text);
  void Finish();

 private:
  void StartPass(ProgressState::Phase phase, uint64_t begin, uint64_t end);
  void Update();
  void Erase();
  void SetDrawn(size_t n);

  Writer write_;
  Clock now_;
  int columns_;
  double delay_;
  double created_ = 0;
  bool erase_on_signal_ = false;  // the descriptor meter's signal handlers are installed
  ProgressState state_;
  double pass_start_ = 0;
  double last_draw_ = -1;
  size_t drawn_ = 0;       // characters on the terminal line now
  bool mid_line_ = false;  // plan text ended without a newline
  bool finished_ = false;
};

}  // namespace tfstream::pipeline
