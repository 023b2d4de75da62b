#include "buffer/spill_text.h"

#include <catch2/catch.hpp>

#include "buffer/unnamed_file.h"
#include <string>

using tfstream::buffer::OutputSink;
using tfstream::buffer::SpillText;

namespace {

std::string Written(const SpillText& t) {
  OutputSink out;  // collects
  REQUIRE(t.WriteTo(&out).ok());
  REQUIRE(out.Flush().ok());
  return *out.buffer();
}

}  // namespace

TEST_CASE("spilled text comes back whole and in order", "[buffer][spill]") {
  SpillText t(16);  // spills every 16 bytes
  std::string want;
  CHECK(t.empty());
  for (int i = 0; i < 1000; ++i) {
    std::string line = "  + t.r" + std::to_string(i) + "\n";
    t.Append(line);
    want += line;
  }
  CHECK_FALSE(t.empty());
  CHECK(t.status().ok());
  CHECK(Written(t) == want);
  CHECK(Written(t) == want);  // reading back does not consume
  // Clear starts over (a repeated resource_changes replaces the earlier one),
  // also over a longer spilled past.
  t.Clear();
  CHECK(t.empty());
  CHECK(Written(t).empty());
  t.Append("short\n");
  CHECK(Written(t) == "short\n");
  t.Append(std::string(40, 'x'));
  CHECK(Written(t) == "short\n" + std::string(40, 'x'));
}

TEST_CASE("spilling without a usable TMPDIR is reported, not lost", "[buffer][spill]") {
  tfstream::buffer::SetTemporaryDirectory("/nonexistent-tfstream-dir");
  SpillText t(4);
  t.Append("more than four bytes");
  tfstream::buffer::SetTemporaryDirectory("");
  CHECK_FALSE(t.status().ok());
  CHECK(t.status().message().find("cannot create a temporary file in /nonexistent-tfstream-dir") == 0);
  OutputSink out;
  CHECK_FALSE(t.WriteTo(&out).ok());
}
