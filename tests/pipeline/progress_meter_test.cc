#include "pipeline/progress_meter.h"

#include <catch2/catch.hpp>
#include <string>

using tfstream::pipeline::FormatProgress;
using tfstream::pipeline::ProgressMeter;
using tfstream::pipeline::ProgressState;

namespace {

// A meter writing into a string, on a clock the test moves.
struct Harness {
  std::string written;
  double now = 100;
  double delay = 0;  // most tests look at the drawing itself
  ProgressMeter meter{1 << 20, 0, [this](std::string_view s) { written += s; }, [this] { return now; }, delay};
};

// What erasing a line of n characters writes.
std::string Erased(size_t n) {
  std::string s = "\r";
  s.append(n, ' ');
  s.push_back('\r');
  return s;
}

}  // namespace

TEST_CASE("progress lines say pass, bytes of the pass, resources, rate and ETA", "[progress]") {
  ProgressState s;
  s.phase = ProgressState::Phase::kScanning;
  s.pass_begin = 0;
  s.pass_end = 120 << 20;
  s.offset = 30 << 20;
  s.elapsed = 2;
  CHECK(FormatProgress(s, 0) == "scanning 30.0/120.0 MiB (25%), 15.0 MiB/s, ETA 0:06");

  s.phase = ProgressState::Phase::kRendering;
  s.pass_begin = 1000;
  s.pass_end = 1000 + 2048;
  s.offset = 1000 + 1024;
  s.resources_done = 3;
  s.resources_total = 10;
  s.elapsed = 4;
  CHECK(FormatProgress(s, 0) == "rendering 1.0/2.0 KiB (50%), 3/10 resources, 256 B/s, ETA 0:04");

  s.elapsed = 0.2;  // too early for an estimate
  CHECK(FormatProgress(s, 0) == "rendering 1.0/2.0 KiB (50%), 3/10 resources, 5.0 KiB/s, ETA -:--");
  CHECK(FormatProgress(s, 20) == "rendering 1.0/2.0 K");  // cut to the terminal's width - 1

  s.pass_end = s.pass_begin = 0;
  s.offset = 0;
  s.resources_total = 0;
  s.resources_done = 0;
  CHECK(FormatProgress(s, 0) == "rendering 0/0 B, 0/0 resources, ETA -:--");
}

TEST_CASE("long passes show hours in the ETA", "[progress]") {
  ProgressState s;
  s.pass_end = 1000;
  s.offset = 1;
  s.elapsed = 10;
  CHECK(FormatProgress(s, 0) == "scanning 1/1000 B (0%), 0 B/s, ETA 2:46:30");
}

TEST_CASE("the meter draws at once, then at most every quarter second, and erases at the end", "[progress]") {
  Harness h;
  h.meter.Scanning(0);
  CHECK(h.written == "\rscanning 0.0/1.0 MiB (0%), ETA -:--");
  h.written.clear();
  h.now += 0.1;
  h.meter.Scanning(512 << 10);
  CHECK(h.written.empty());  // too soon
  h.now += 0.2;
  h.meter.Scanning(512 << 10);
  std::string line = "scanning 0.5/1.0 MiB (50%), 1.7 MiB/s, ETA -:--";
  CHECK(h.written == "\r" + line);
  h.written.clear();
  h.meter.Finish();
  CHECK(h.written == Erased(line.size()));
  h.written.clear();
  h.now += 1;
  h.meter.Scanning(1 << 20);  // nothing after Finish
  h.meter.Finish();
  CHECK(h.written.empty());
}

TEST_CASE("a shorter line blanks what is left of the longer one before it", "[progress]") {
  Harness h;
  h.meter.Scanning(0);
  h.now += 1;
  h.meter.StartRendering(0, 100, 1000);
  h.written.clear();
  h.now += 1;
  h.meter.Rendering(50, 1);
  std::string line = "rendering 50/100 B (50%), 1/1000 resources, 50 B/s, ETA 0:01";
  CHECK(h.written == "\r" + line);
  h.written.clear();
  h.now += 1;
  h.meter.StartRendering(0, 10, 1);  // a shorter line
  std::string shorter = "rendering 0/10 B (0%), 0/1 resources, ETA -:--";
  std::string want = "\r" + shorter;
  want.append(line.size() - shorter.size(), ' ');
  CHECK(h.written == want);
}

TEST_CASE("plan text on the same terminal erases the line and keeps it away mid-line", "[progress]") {
  Harness h;
  h.meter.Scanning(0);
  h.written.clear();
  h.meter.BeforeOutput("block without newline");
  CHECK(h.written == Erased(std::string_view("scanning 0.0/1.0 MiB (0%), ETA -:--").size()));
  h.written.clear();
  h.now += 1;
  h.meter.Scanning(10);
  CHECK(h.written.empty());  // the cursor is in the middle of a line of plan text
  h.meter.BeforeOutput("rest of the line\n");
  CHECK(h.written.empty());  // nothing drawn, nothing to erase
  h.now += 1;
  h.meter.Scanning(10);
  CHECK_FALSE(h.written.empty());
}

TEST_CASE("nothing is drawn before a second of work", "[progress]") {
  std::string written;
  double now = 100;
  {
    ProgressMeter meter{1 << 20, 0, [&](std::string_view s) { written += s; }, [&] { return now; }};
    meter.Scanning(0);
    now += 0.5;
    meter.Scanning(512 << 10);
    now += 0.45;
    meter.StartRendering(0, 100, 10);
    meter.Rendering(50, 5);
    CHECK(written.empty());  // 0.95 s: a quick plan never shows progress
    meter.BeforeOutput("text\n");
    CHECK(written.empty());  // nothing to erase either
    now += 0.1;
    meter.Rendering(60, 6);
    CHECK(written.rfind("\rrendering 60/100 B (60%), 6/10 resources", 0) == 0);
    written.clear();
  }
  // The destructor erases what was drawn.
  CHECK(written.rfind("\r      ", 0) == 0);
  CHECK(written.back() == '\r');
}
