#include "buffer/spool_copy.h"

#include <catch2/catch.hpp>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <fcntl.h>
#include <string>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>
#include <vector>

#include "buffer/pipe_size.h"
#include "buffer/unnamed_file.h"

using tfstream::buffer::CopyToSpool;
using tfstream::buffer::EnlargePipe;
using tfstream::buffer::SpoolCopy;

namespace {

// Bytes that show where a piece went missing or was doubled.
std::string Pattern(size_t size) {
  std::string s(size, '\0');
  for (size_t i = 0; i < size; ++i) s[i] = static_cast<char>('a' + (i * 7 + i / 4099) % 26);
  return s;
}

// Writes `data` to `fd` in pieces of odd sizes, now and then pausing (a slow
// writer), then closes `fd`.
void WriteSlowly(int fd, const std::string& data) {
  const size_t sizes[] = {1, 7, 4096, 65537, 3, 200000, 12345};
  size_t done = 0;
  for (size_t i = 0; done < data.size(); ++i) {
    size_t n = std::min(sizes[i % 7], data.size() - done);
    ssize_t w = write(fd, data.data() + done, n);
    if (w < 0) {
      if (errno == EINTR || errno == EAGAIN) continue;
      break;
    }
    done += static_cast<size_t>(w);
    if (i % 5 == 0) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  close(fd);
}

std::string FileText(int fd) {
  struct stat st;
  REQUIRE(fstat(fd, &st) == 0);
  std::string s(static_cast<size_t>(st.st_size), '\0');
  REQUIRE(pread(fd, s.data(), s.size(), 0) == static_cast<ssize_t>(s.size()));
  return s;
}

struct Copied {
  tfstream::Status status;
  std::string text;
  std::vector<uint64_t> written;  // what `written` was told, in order
};

// Copies what `write_end`'s writer sends through `read_end` into a fresh
// spool file opened with `flags` (O_RDWR, or O_RDWR | O_APPEND, which
// splice refuses).
Copied Copy(int read_end, int write_end, const std::string& data, SpoolCopy how, int out_flags = 0) {
  std::thread writer(WriteSlowly, write_end, data);
  int out = tfstream::buffer::CreateUnnamedFile(tfstream::buffer::TemporaryDirectory());
  REQUIRE(out >= 0);
  if (out_flags != 0) REQUIRE(fcntl(out, F_SETFL, fcntl(out, F_GETFL) | out_flags) == 0);
  Copied c;
  c.status = CopyToSpool(read_end, "<stdin>", out, [&](uint64_t n) { c.written.push_back(n); }, how);
  writer.join();
  close(read_end);
  c.text = FileText(out);
  close(out);
  return c;
}

void CheckWhole(const Copied& c, const std::string& want) {
  INFO(c.status.message());
  CHECK(c.status.ok());
  CHECK(c.text.size() == want.size());
  CHECK(c.text == want);
  REQUIRE_FALSE(c.written.empty());
  CHECK(c.written.back() == want.size());
  for (size_t i = 1; i < c.written.size(); ++i) CHECK(c.written[i] > c.written[i - 1]);
}

}  // namespace

TEST_CASE("a pipe is copied whole, by splice and by read/write alike", "[buffer][spool]") {
  const std::string data = Pattern(3 * 1000 * 1000 + 17);
  for (SpoolCopy how : {SpoolCopy::kFastest, SpoolCopy::kReadWrite}) {
    int p[2];
    REQUIRE(pipe(p) == 0);
    CheckWhole(Copy(p[0], p[1], data, how), data);
  }
}

TEST_CASE("a non-blocking pipe is waited on, not reported", "[buffer][spool]") {
  const std::string data = Pattern(700000);
  for (SpoolCopy how : {SpoolCopy::kFastest, SpoolCopy::kReadWrite}) {
    int p[2];
    REQUIRE(pipe(p) == 0);
    REQUIRE(fcntl(p[0], F_SETFL, fcntl(p[0], F_GETFL) | O_NONBLOCK) == 0);
    CheckWhole(Copy(p[0], p[1], data, how), data);
  }
}

TEST_CASE("a spool file splice refuses falls back to read/write", "[buffer][spool]") {
  // splice(2) refuses a target opened for appending (EINVAL), as it refuses
  // a file system without splice support.
  {
    int p[2];
    REQUIRE(pipe(p) == 0);
    REQUIRE(write(p[1], "x", 1) == 1);
    int out = tfstream::buffer::CreateUnnamedFile(tfstream::buffer::TemporaryDirectory());
    REQUIRE(fcntl(out, F_SETFL, fcntl(out, F_GETFL) | O_APPEND) == 0);
    errno = 0;
    CHECK(splice(p[0], nullptr, out, nullptr, 1, 0) < 0);
    CHECK(errno == EINVAL);
    close(out);
    close(p[0]);
    close(p[1]);
  }
  const std::string data = Pattern(1500000);
  int p[2];
  REQUIRE(pipe(p) == 0);
  CheckWhole(Copy(p[0], p[1], data, SpoolCopy::kFastest, O_APPEND), data);
}

TEST_CASE("a socket, which splice cannot read into a file, is read", "[buffer][spool]") {
  const std::string data = Pattern(1200000);
  for (SpoolCopy how : {SpoolCopy::kFastest, SpoolCopy::kReadWrite}) {
    int s[2];
    REQUIRE(socketpair(AF_UNIX, SOCK_STREAM, 0, s) == 0);
    CheckWhole(Copy(s[0], s[1], data, how), data);
  }
}

TEST_CASE("an empty pipe is an empty spool", "[buffer][spool]") {
  for (SpoolCopy how : {SpoolCopy::kFastest, SpoolCopy::kReadWrite}) {
    int p[2];
    REQUIRE(pipe(p) == 0);
    Copied c = Copy(p[0], p[1], "", how);
    CHECK(c.status.ok());
    CHECK(c.text.empty());
    CHECK(c.written.empty());
  }
}

TEST_CASE("a failed copy says the same whichever way the bytes moved", "[buffer][spool]") {
  const std::string data = Pattern(300000);
  // The writers meet a closed pipe when the copy gives up.
  auto old_sigpipe = signal(SIGPIPE, SIG_IGN);
  SECTION("the input cannot be read") {
    std::string messages[2];
    for (SpoolCopy how : {SpoolCopy::kFastest, SpoolCopy::kReadWrite}) {
      int p[2];
      REQUIRE(pipe(p) == 0);
      int out = tfstream::buffer::CreateUnnamedFile(tfstream::buffer::TemporaryDirectory());
      // The pipe's write end: neither splice nor read can take from it.
      tfstream::Status s = CopyToSpool(p[1], "<stdin>", out, nullptr, how);
      close(p[0]);
      close(p[1]);
      close(out);
      CHECK_FALSE(s.ok());
      messages[how == SpoolCopy::kFastest ? 0 : 1] = s.message();
    }
    CHECK(messages[0] == "<stdin>: Bad file descriptor");
    CHECK(messages[0] == messages[1]);
  }
  SECTION("the spool cannot be written") {
    std::string messages[2];
    for (SpoolCopy how : {SpoolCopy::kFastest, SpoolCopy::kReadWrite}) {
      int p[2];
      REQUIRE(pipe(p) == 0);
      int out = open("/dev/null", O_RDONLY | O_CLOEXEC);  // not for writing
      std::thread writer(WriteSlowly, p[1], data);
      tfstream::Status s = CopyToSpool(p[0], "<stdin>", out, nullptr, how);
      close(p[0]);  // the writer stops at EPIPE
      writer.join();
      close(out);
      CHECK_FALSE(s.ok());
      messages[how == SpoolCopy::kFastest ? 0 : 1] = s.message();
    }
    CHECK(messages[0].find("<stdin>: cannot copy the input to a temporary file in ") == 0);
    CHECK(messages[0].find(": Bad file descriptor") != std::string::npos);
    CHECK(messages[0] == messages[1]);
  }
  SECTION("the spool reaches its size limit after some of the input") {
    // RLIMIT_FSIZE stands in for a full disk: writes past it fail (EFBIG)
    // after the bytes that fitted, as a full disk's do (ENOSPC is tested
    // with a tiny tmpfs in tests/robustness/paths_and_io.sh).
    struct rlimit old_limit;
    REQUIRE(getrlimit(RLIMIT_FSIZE, &old_limit) == 0);
    auto old_handler = signal(SIGXFSZ, SIG_IGN);
    std::string messages[2];
    size_t kept[2] = {0, 0};
    for (SpoolCopy how : {SpoolCopy::kFastest, SpoolCopy::kReadWrite}) {
      int p[2];
      REQUIRE(pipe(p) == 0);
      int out = tfstream::buffer::CreateUnnamedFile(tfstream::buffer::TemporaryDirectory());
      std::thread writer(WriteSlowly, p[1], data);
      struct rlimit limit = old_limit;
      limit.rlim_cur = 100000;
      REQUIRE(setrlimit(RLIMIT_FSIZE, &limit) == 0);
      tfstream::Status s = CopyToSpool(p[0], "<stdin>", out, nullptr, how);
      REQUIRE(setrlimit(RLIMIT_FSIZE, &old_limit) == 0);
      close(p[0]);
      writer.join();
      const int i = how == SpoolCopy::kFastest ? 0 : 1;
      kept[i] = FileText(out).size();
      close(out);
      CHECK_FALSE(s.ok());
      messages[i] = s.message();
    }
    signal(SIGXFSZ, old_handler);
    CHECK(messages[0].find("<stdin>: cannot copy the input to a temporary file in ") == 0);
    CHECK(messages[0].find(": File too large") != std::string::npos);
    CHECK(messages[0] == messages[1]);
    CHECK(kept[0] == 100000);
    CHECK(kept[1] == 100000);
  }
  signal(SIGPIPE, old_sigpipe);
}

TEST_CASE("a pipe is enlarged, never shrunk; anything else is left alone", "[buffer][spool]") {
  int p[2];
  REQUIRE(pipe(p) == 0);
  const int before = fcntl(p[0], F_GETPIPE_SZ);
  const int after = EnlargePipe(p[0]);
  CHECK(after >= before);
  CHECK(after == fcntl(p[0], F_GETPIPE_SZ));
  CHECK(after <= (1 << 20));
  // Already larger (allowed up to pipe-max-size, or to root): kept.
  if (fcntl(p[0], F_SETPIPE_SZ, 2 << 20) == (2 << 20)) CHECK(EnlargePipe(p[0]) == (2 << 20));
  close(p[0]);
  close(p[1]);
  int s[2];
  REQUIRE(socketpair(AF_UNIX, SOCK_STREAM, 0, s) == 0);
  CHECK(EnlargePipe(s[0]) == 0);
  close(s[0]);
  close(s[1]);
}
