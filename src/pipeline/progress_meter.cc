#include "pipeline/progress_meter.h"

#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <iterator>
#include <utility>

namespace tfstream::pipeline {
namespace {

// The IEC unit for `n` bytes: its divisor and name.
void Unit(double n, double* divisor, const char** name) {
  static const char* const kUnits[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  size_t u = 0;
  *divisor = 1;
  while (n / *divisor >= 1024 && u + 1 < std::size(kUnits)) {
    *divisor *= 1024;
    ++u;
  }
  *name = kUnits[u];
}

// "512 B", "52.3 MiB": one decimal past bytes.
std::string Bytes(double n) {
  double d;
  const char* unit;
  Unit(n, &d, &unit);
  char buf[48];
  std::snprintf(buf, sizeof buf, d == 1 ? "%.0f %s" : "%.1f %s", n / d, unit);
  return buf;
}

// "52.3/120.0 MiB": both in the unit of the total.
std::string BytesOf(double n, double total) {
  double d;
  const char* unit;
  Unit(total, &d, &unit);
  char buf[64];
  std::snprintf(buf, sizeof buf, d == 1 ? "%.0f/%.0f %s" : "%.1f/%.1f %s", n / d, total / d, unit);
  return buf;
}

// "0:07", "12:34", "1:02:03".
std::string Duration(double seconds) {
  long s = static_cast<long>(seconds + 0.5);
  char buf[32];
  if (s >= 3600) {
    std::snprintf(buf, sizeof buf, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
  } else {
    std::snprintf(buf, sizeof buf, "%ld:%02ld", s / 60, s % 60);
  }
  return buf;
}

// What a SIGINT or SIGTERM handler needs to erase the line: only these
// (async-signal-safe) are read there. One descriptor meter at a time.
volatile sig_atomic_t g_signal_fd = -1;
volatile sig_atomic_t g_signal_drawn = 0;
struct sigaction g_previous_int, g_previous_term;

void EraseAndResignal(int sig) {
  const int fd = g_signal_fd;
  size_t n = static_cast<size_t>(g_signal_drawn);
  if (fd >= 0 && n > 0) {
    char blank[256];
    blank[0] = '\r';
    for (size_t i = 1; i < sizeof blank; ++i) blank[i] = ' ';
    ssize_t unused = ::write(fd, blank, 1);
    while (n > 0) {
      const size_t chunk = std::min(n, sizeof blank - 1);
      unused = ::write(fd, blank + 1, chunk);
      n -= chunk;
    }
    unused = ::write(fd, blank, 1);
    (void)unused;
  }
  // The default action (or what was there before), as if never caught.
  sigaction(sig, sig == SIGINT ? &g_previous_int : &g_previous_term, nullptr);
  raise(sig);
}

double SteadySeconds() {
  using namespace std::chrono;
  return duration<double>(steady_clock::now().time_since_epoch()).count();
}

}  // namespace

std::string FormatProgress(const ProgressState& s, int columns) {
  bool rendering = s.phase == ProgressState::Phase::kRendering;
  std::string line = rendering ? "rendering " : "scanning ";
  uint64_t size = s.pass_end > s.pass_begin ? s.pass_end - s.pass_begin : 0;
  uint64_t done = std::min(size, s.offset > s.pass_begin ? s.offset - s.pass_begin : 0);
  uint64_t left = size - done;
  line += BytesOf(static_cast<double>(done), static_cast<double>(size));
  if (size > 0) line += " (" + std::to_string(done * 100 / size) + "%)";
  if (rendering) {
    line += ", " + std::to_string(s.resources_done) + "/" + std::to_string(s.resources_total) + " resources";
  }
  double rate = s.elapsed > 0 ? static_cast<double>(done) / s.elapsed : 0;
  if (rate > 0) line += ", " + Bytes(rate) + "/s";
  // A rate measured over less than half a second says little about the rest.
  line += ", ETA " + (s.elapsed >= 0.5 && rate > 0 ? Duration(static_cast<double>(left) / rate) : "-:--");
  if (columns > 0 && line.size() > static_cast<size_t>(columns - 1))
    line.resize(static_cast<size_t>(columns - 1));
  return line;
}

ProgressMeter::ProgressMeter(uint64_t total_bytes, int columns, Writer write, Clock now, double delay)
    : write_(std::move(write)), now_(std::move(now)), columns_(columns), delay_(delay) {
  created_ = now_();
  StartPass(ProgressState::Phase::kScanning, 0, total_bytes);
}

ProgressMeter::ProgressMeter(uint64_t total_bytes, int columns, int fd, double delay)
    : ProgressMeter(
          total_bytes, columns,
          [fd](std::string_view s) {
            while (!s.empty()) {
              ssize_t n = ::write(fd, s.data(), s.size());
              if (n < 0 && errno == EINTR) continue;
              if (n <= 0) return;  // progress is best effort
              s.remove_prefix(static_cast<size_t>(n));
            }
          },
          SteadySeconds, delay) {
  g_signal_drawn = 0;
  g_signal_fd = fd;
  struct sigaction sa = {};
  sa.sa_handler = EraseAndResignal;
  sigemptyset(&sa.sa_mask);
  // A signal ignored (a background job's SIGINT, nohup) stays ignored.
  for (auto [sig, previous] : {std::pair{SIGINT, &g_previous_int}, std::pair{SIGTERM, &g_previous_term}}) {
    if (sigaction(sig, nullptr, previous) == 0 && previous->sa_handler != SIG_IGN) sigaction(sig, &sa, nullptr);
  }
  erase_on_signal_ = true;
}

ProgressMeter::~ProgressMeter() {
  Finish();
  if (erase_on_signal_) {
    sigaction(SIGINT, &g_previous_int, nullptr);
    sigaction(SIGTERM, &g_previous_term, nullptr);
    g_signal_fd = -1;
  }
}

void ProgressMeter::SetDrawn(size_t n) {
  drawn_ = n;
  if (erase_on_signal_) g_signal_drawn = static_cast<sig_atomic_t>(n);
}

void ProgressMeter::StartPass(ProgressState::Phase phase, uint64_t begin, uint64_t end) {
  state_.phase = phase;
  state_.pass_begin = state_.offset = begin;
  state_.pass_end = end;
  state_.elapsed = 0;
  pass_start_ = now_();
}

void ProgressMeter::Scanning(uint64_t offset) {
  state_.offset = offset;
  Update();
}

void ProgressMeter::StartRendering(uint64_t begin, uint64_t end, size_t resources_total) {
  StartPass(ProgressState::Phase::kRendering, begin, end);
  state_.resources_done = 0;
  state_.resources_total = resources_total;
  Update();
}

void ProgressMeter::Rendering(uint64_t offset, size_t resources_done) {
  state_.offset = offset;
  state_.resources_done = resources_done;
  Update();
}

void ProgressMeter::Update() {
  if (finished_ || mid_line_) return;
  double now = now_();
  if (now - created_ < delay_) return;
  if (last_draw_ >= 0 && now - last_draw_ < kInterval) return;
  last_draw_ = now;
  state_.elapsed = now - pass_start_;
  std::string line = FormatProgress(state_, columns_);
  std::string out = "\r" + line;
  if (drawn_ > line.size()) out.append(drawn_ - line.size(), ' ');  // blank the old tail
  // Counted as drawn before it is: a signal in between erases a little more.
  SetDrawn(std::max(drawn_, line.size()));
  write_(out);
  SetDrawn(line.size());
}

void ProgressMeter::Erase() {
  if (drawn_ == 0) return;
  std::string out = "\r";
  out.append(drawn_, ' ');
  out.push_back('\r');
  write_(out);
  SetDrawn(0);
}

void ProgressMeter::BeforeOutput(std::string_view text) {
  if (finished_ || text.empty()) return;
  Erase();
  mid_line_ = text.back() != '\n';
}

void ProgressMeter::Finish() {
  if (finished_) return;
  Erase();
  finished_ = true;
}

}  // namespace tfstream::pipeline
