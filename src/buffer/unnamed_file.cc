#include "buffer/unnamed_file.h"

#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

#include <cerrno>
#include <string>
#include <utility>
#include <cstdlib>
#include <vector>

namespace tfstream::buffer {

int CreateUnnamedFile(const std::string& dir) {
#ifdef O_TMPFILE
  int fd = open(dir.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
  if (fd >= 0) return fd;
#endif
  std::string tmpl = dir + "/tfstream-spool-XXXXXX";
  std::vector<char> name(tmpl.begin(), tmpl.end());
  name.push_back('\0');
  sigset_t all, old;
  sigfillset(&all);
  pthread_sigmask(SIG_BLOCK, &all, &old);
  int out = mkostemp(name.data(), O_CLOEXEC);
  int saved = errno;
  if (out >= 0) unlink(name.data());
  pthread_sigmask(SIG_SETMASK, &old, nullptr);
  errno = saved;
  return out;
}

namespace {
std::string& TemporaryDirectorySetting() {
  static std::string dir;
  return dir;
}
}  // namespace

void SetTemporaryDirectory(std::string dir) { TemporaryDirectorySetting() = std::move(dir); }

std::string TemporaryDirectory() {
  const std::string& dir = TemporaryDirectorySetting();
  return dir.empty() ? "/tmp" : dir;
}

}  // namespace tfstream::buffer
