#include "buffer/output_sink.h"

#include <catch2/catch.hpp>

#include <chrono>
#include <csignal>
#include <fcntl.h>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

using tfstream::buffer::OutputSink;

namespace {

std::string Lines(const std::string& tag, size_t size) {
  std::string s;
  for (size_t i = 0; s.size() < size; ++i) s += tag + std::to_string(i) + "\n";
  s.resize(size);
  return s;
}

// Reads `fd` to its end, slowly at first (so that the writer meets a full
// pipe and writes in parts).
std::string ReadAll(int fd) {
  std::string got;
  char buf[3001];
  for (int i = 0;; ++i) {
    if (i < 20) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    ssize_t n = read(fd, buf, sizeof buf);
    if (n <= 0) break;
    got.append(buf, static_cast<size_t>(n));
  }
  return got;
}

}  // namespace

TEST_CASE("a large block goes out after what was buffered, without being copied", "[buffer][output]") {
  const std::string head = Lines("head ", 5000);
  const std::string block = Lines("block ", 300000);  // over the threshold: written from where it is
  const std::string tail = Lines("tail ", 100);
  for (bool nonblocking : {false, true}) {
    int p[2];
    REQUIRE(pipe(p) == 0);
    fcntl(p[1], F_SETPIPE_SZ, 4096);  // the smallest: every write is partial
    if (nonblocking) REQUIRE(fcntl(p[1], F_SETFL, fcntl(p[1], F_GETFL) | O_NONBLOCK) == 0);
    std::string got;
    std::thread reader([&] { got = ReadAll(p[0]); });
    {
      OutputSink out(p[1]);
      std::vector<std::string> before;
      out.set_before_write([&](std::string_view text) { before.emplace_back(text); });
      out.Append(head);
      CHECK(out.AppendBlock(block).ok());
      CHECK(out.buffer()->empty());
      CHECK(out.AppendBlock(tail).ok());  // small: buffered
      CHECK(out.buffer()->size() == tail.size());
      CHECK(out.Flush().ok());
      // One write for head and block together, whose last byte is the block's.
      REQUIRE(before.size() == 2);
      CHECK(before[0] == block);
      CHECK(before[1] == tail);
    }
    close(p[1]);
    reader.join();
    close(p[0]);
    CHECK(got.size() == head.size() + block.size() + tail.size());
    CHECK(got == head + block + tail);
  }
}

TEST_CASE("a large block with nothing buffered, and into a consumer", "[buffer][output]") {
  const std::string block = Lines("b ", 70000);
  std::vector<std::string> pieces;
  OutputSink out([&](std::string_view piece) { pieces.emplace_back(piece); });
  CHECK(out.AppendBlock(block).ok());
  out.Append("x\n");
  CHECK(out.AppendBlock(block).ok());
  CHECK(out.Flush().ok());
  CHECK(pieces == std::vector<std::string>{block, "x\n", block});

  OutputSink collecting;  // no descriptor: keeps everything
  CHECK(collecting.AppendBlock(block).ok());
  CHECK(collecting.Flush().ok());
  CHECK(*collecting.buffer() == block);
}

TEST_CASE("a large block to a closed reader is reported as such", "[buffer][output]") {
  auto old_sigpipe = signal(SIGPIPE, SIG_IGN);
  int p[2];
  REQUIRE(pipe(p) == 0);
  close(p[0]);
  OutputSink out(p[1]);
  out.Append("head\n");
  tfstream::Status s = out.AppendBlock(Lines("b ", 100000));
  CHECK_FALSE(s.ok());
  CHECK(s.message() == "standard output closed");
  CHECK(out.reader_gone());
  CHECK(out.buffer()->empty());
  close(p[1]);
  signal(SIGPIPE, old_sigpipe);
}
