// first_byte: runs a command and reports when its output starts and ends.
//
//   first_byte [--stdin FILE] [--out FILE] -- CMD [ARGS...]
//
// Starts CMD with its standard output on a pipe (and standard input from
// FILE when --stdin is given, else inherited), drains the pipe, and prints
// one line to stderr:
//   first_byte_s=0.012345 eof_s=1.234567 exit_s=1.234600 bytes=123456 exit=0 cpu_s=0.234567
// first_byte_s is the time from fork to the first byte on the pipe (-1 when
// there was none), eof_s to end of file on it, exit_s to the command's exit,
// all from CLOCK_MONOTONIC; cpu_s is the user + system CPU time of CMD and
// the children it waited for (wait4's rusage, in microseconds, where GNU
// time prints hundredths). The output bytes are thrown
// away unless --out names a file to copy them to. Exits with CMD's status
// (128 + signal when it was killed).
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace {

double Now() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

[[noreturn]] void Usage() {
  std::fprintf(stderr, "usage: first_byte [--stdin FILE] [--out FILE] -- CMD [ARGS...]\n");
  std::exit(2);
}

}  // namespace

int main(int argc, char** argv) {
  const char* in_path = nullptr;
  const char* out_path = nullptr;
  int i = 1;
  for (; i < argc; ++i) {
    if (std::strcmp(argv[i], "--") == 0) {
      ++i;
      break;
    }
    if (std::strcmp(argv[i], "--stdin") == 0 && i + 1 < argc) {
      in_path = argv[++i];
    } else if (std::strcmp(argv[i], "--out") == 0 && i + 1 < argc) {
      out_path = argv[++i];
    } else {
      Usage();
    }
  }
  if (i >= argc) Usage();

  int copy_fd = -1;
  if (out_path != nullptr) {
    copy_fd = ::open(out_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (copy_fd < 0) {
      std::perror(out_path);
      return 2;
    }
  }
  int pipefd[2];
  if (::pipe(pipefd) != 0) {
    std::perror("pipe");
    return 2;
  }
  double start = Now();
  pid_t pid = ::fork();
  if (pid < 0) {
    std::perror("fork");
    return 2;
  }
  if (pid == 0) {
    ::close(pipefd[0]);
    if (in_path != nullptr) {
      int fd = ::open(in_path, O_RDONLY);
      if (fd < 0) {
        std::perror(in_path);
        _exit(127);
      }
      ::dup2(fd, STDIN_FILENO);
      ::close(fd);
    }
    ::dup2(pipefd[1], STDOUT_FILENO);
    ::close(pipefd[1]);
    ::execvp(argv[i], argv + i);
    std::perror(argv[i]);
    _exit(127);
  }
  ::close(pipefd[1]);

  std::vector<char> buf(1 << 20);
  double first = -1;
  unsigned long long bytes = 0;
  for (;;) {
    ssize_t n = ::read(pipefd[0], buf.data(), buf.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      std::perror("read");
      break;
    }
    if (n == 0) break;
    if (first < 0) first = Now();
    bytes += static_cast<unsigned long long>(n);
    if (copy_fd >= 0) {
      const char* p = buf.data();
      size_t left = static_cast<size_t>(n);
      while (left > 0) {
        ssize_t w = ::write(copy_fd, p, left);
        if (w < 0) {
          if (errno == EINTR) continue;
          std::perror("write");
          return 2;
        }
        p += w;
        left -= static_cast<size_t>(w);
      }
    }
  }
  double eof = Now();
  ::close(pipefd[0]);
  if (copy_fd >= 0) ::close(copy_fd);

  int status = 0;
  rusage usage = {};
  while (::wait4(pid, &status, 0, &usage) < 0 && errno == EINTR) {
  }
  double exited = Now();
  int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  auto seconds = [](const timeval& tv) { return static_cast<double>(tv.tv_sec) + static_cast<double>(tv.tv_usec) * 1e-6; };
  std::fprintf(stderr, "first_byte_s=%.6f eof_s=%.6f exit_s=%.6f bytes=%llu exit=%d cpu_s=%.6f\n",
               first < 0 ? -1.0 : first - start, eof - start, exited - start, bytes, code,
               seconds(usage.ru_utime) + seconds(usage.ru_stime));
  return code;
}
