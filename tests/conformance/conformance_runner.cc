// conformance_runner: runs tfstream over the conformance corpus and compares
// its standard output with Terraform's, byte for byte.
//
// Corpus layout (see ../shared/conformance/README.md):
//   CASES_DIR/<case>/plan.json         the input (state.json in the state
//                                      corpus, ../shared/conformance-state)
//   CASES_DIR/<case>/<variant>.args    tfstream's arguments, one per line
//   CASES_DIR/<case>/<variant>.out     the exact expected standard output
// A variant passes when `cd <case> && tfstream $(cat <variant>.args)` exits 0
// and prints exactly <variant>.out. In --stdin mode a last argument
// `plan.json` (or `state.json`) becomes `-` and the file is written into a
// pipe on stdin, as `terraform show -json plan | tfstream -` would do.
//
// CASES_DIR may also be a root of folders each holding cases/, as
// ../shared/conformance-versions/ is (<folder>/cases/<case>/...): case ids
// are then `<folder>/<case>`, and the summary gives a count per folder.
//
// --arg ARG (repeatable) puts ARG before every variant's own arguments: the
// state corpus runs with --renderer-version=latest, since its states'
// terraform_version does not name the renderer that printed them.
//
// --sample N runs a fixed part of a big corpus (the sanitizer build's runs,
// where each case costs ~10x): of each cases folder, sorted by name, the
// 1st, (N+1)th, ... case and every hand-written one; the header says how
// many of how many cases ran.
//
// Known failures: a file of `<case>/<variant>` lines (`#` starts a comment).
// A listed variant that fails is counted apart; one that passes is an
// "unexpected pass" and counts as a failure, so the list can only shrink.
//
// Every known failure that failed is printed (`KNOWN FAILURE <id>`), so that
// none hides behind the count. The last line printed is `N passed, M failed`
// (plus `, K known failures`).
// Exit status: 0 when nothing failed unexpectedly, 1 otherwise, 2 on usage
// or setup errors.
//
// Standalone on purpose: C++17 standard library and POSIX only, not linked to
// tfstream_core, so a broken core cannot break the judge.

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

namespace {

constexpr int kMaxShownFailures = 30;
// Output kept beyond the expected size: enough to show that it is longer.
constexpr size_t kExtraOutputKept = 64 * 1024;
constexpr size_t kMaxStderrKept = 64 * 1024;

struct Options {
  std::string tfstream;
  std::string cases_dir;
  bool use_stdin = false;
  std::string known_failures;  // empty: none
  std::string write_failures;  // empty: don't write
  std::string save_failures;   // empty: don't save actual outputs
  std::string filter;
  std::vector<std::string> extra_args;  // --arg, before each variant's own
  // --sample N: of each cases/ folder's cases, sorted by name, the 1st, the
  // (N+1)th, ... and every hand-written one (IsHandCase); 1 runs all.
  int sample = 1;
  int jobs = 2;
  int timeout_s = 120;
};

struct Job {
  std::string case_id;
  std::string variant;
  fs::path case_dir;
  std::string id() const { return case_id + "/" + variant; }
};

struct Outcome {
  bool pass = false;
  std::string detail;  // why it failed, one line
};

bool ReadFile(const fs::path& path, std::string* out) {
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  if (!in) return false;
  out->resize(static_cast<size_t>(in.tellg()));
  in.seekg(0);
  in.read(out->data(), static_cast<std::streamsize>(out->size()));
  return static_cast<size_t>(in.gcount()) == out->size();
}

std::vector<std::string> SplitArgs(const std::string& text) {
  std::vector<std::string> args;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (!line.empty()) args.push_back(line);
  }
  return args;
}

std::string Trim(const std::string& s) {
  const char* ws = " \t\r\n";
  size_t b = s.find_first_not_of(ws);
  if (b == std::string::npos) return "";
  size_t e = s.find_last_not_of(ws);
  return s.substr(b, e - b + 1);
}

// First stderr line worth showing: skips blank lines and ASan's "=====" rules.
std::string FirstStderrLine(const std::string& err) {
  std::istringstream in(err);
  std::string line;
  while (std::getline(in, line)) {
    std::string t = Trim(line);
    if (t.empty() || t.find_first_not_of('=') == std::string::npos) continue;
    if (t.size() > 200) t = t.substr(0, 200) + "...";
    return t;
  }
  return "";
}

void SetNonBlocking(int fd) {
  fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
}

// Runs one variant; never throws for tfstream's misbehaviour.
Outcome RunOne(const Options& opt, const Job& job) {
  Outcome res;
  std::string args_text, want;
  if (!ReadFile(job.case_dir / (job.variant + ".args"), &args_text)) {
    res.detail = "cannot read " + job.variant + ".args";
    return res;
  }
  if (!ReadFile(job.case_dir / (job.variant + ".out"), &want)) {
    res.detail = "cannot read " + job.variant + ".out";
    return res;
  }
  std::vector<std::string> args = opt.extra_args;
  for (std::string& a : SplitArgs(args_text)) args.push_back(std::move(a));
  std::string input;
  bool feed = false;
  if (opt.use_stdin && !args.empty() && (args.back() == "plan.json" || args.back() == "state.json")) {
    const std::string input_name = args.back();
    args.back() = "-";
    if (!ReadFile(job.case_dir / input_name, &input)) {
      res.detail = "cannot read " + input_name;
      return res;
    }
    feed = true;
  }

  // Everything the child needs is prepared before fork(): after it, in a
  // threaded process, only async-signal-safe calls are allowed.
  std::vector<char*> argv;
  argv.push_back(const_cast<char*>(opt.tfstream.c_str()));
  for (auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  const std::string dir = job.case_dir.string();

  // O_CLOEXEC: the other worker's children must not inherit these ends, or
  // EOF would wait for them.
  int out_p[2], err_p[2], in_p[2] = {-1, -1};
  if (pipe2(out_p, O_CLOEXEC) != 0 || pipe2(err_p, O_CLOEXEC) != 0 ||
      (feed && pipe2(in_p, O_CLOEXEC) != 0)) {
    res.detail = std::string("pipe: ") + std::strerror(errno);
    return res;
  }
  const auto start = Clock::now();
  pid_t pid = fork();
  if (pid < 0) {
    res.detail = std::string("fork: ") + std::strerror(errno);
    for (int fd : {out_p[0], out_p[1], err_p[0], err_p[1], in_p[0], in_p[1]})
      if (fd >= 0) close(fd);
    return res;
  }
  if (pid == 0) {
    setpgid(0, 0);
    signal(SIGPIPE, SIG_DFL);
    int in_fd = feed ? in_p[0] : open("/dev/null", O_RDONLY | O_CLOEXEC);
    if (in_fd < 0 || dup2(in_fd, 0) < 0 || dup2(out_p[1], 1) < 0 ||
        dup2(err_p[1], 2) < 0)
      _exit(126);
    if (chdir(dir.c_str()) != 0) {
      static const char msg[] = "conformance_runner: chdir failed\n";
      (void)!write(2, msg, sizeof msg - 1);
      _exit(126);
    }
    execv(argv[0], argv.data());
    static const char msg[] = "conformance_runner: exec failed\n";
    (void)!write(2, msg, sizeof msg - 1);
    _exit(127);
  }
  setpgid(pid, pid);  // also from the parent: no race with kill() below
  close(out_p[1]);
  close(err_p[1]);
  int in_fd = -1;
  if (feed) {
    close(in_p[0]);
    in_fd = in_p[1];
    SetNonBlocking(in_fd);
  }
  int out_fd = out_p[0], err_fd = err_p[0];

  // Drain stdout and stderr while feeding stdin, all through one poll():
  // a blocked write or read on any of them would deadlock with the child.
  std::string got, err;
  size_t got_total = 0, in_off = 0;
  const size_t keep = want.size() + kExtraOutputKept;
  const auto deadline = start + std::chrono::seconds(opt.timeout_s);
  bool timed_out = false;
  char buf[65536];
  if (feed && input.empty()) {
    close(in_fd);
    in_fd = -1;
  }
  while (out_fd >= 0 || err_fd >= 0 || in_fd >= 0) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                    deadline - Clock::now())
                    .count();
    if (left <= 0) {
      timed_out = true;
      break;
    }
    pollfd fds[3];
    int n = 0, io = -1, ie = -1, ii = -1;
    if (out_fd >= 0) {
      io = n;
      fds[n++] = {out_fd, POLLIN, 0};
    }
    if (err_fd >= 0) {
      ie = n;
      fds[n++] = {err_fd, POLLIN, 0};
    }
    if (in_fd >= 0) {
      ii = n;
      fds[n++] = {in_fd, POLLOUT, 0};
    }
    int r = poll(fds, n, static_cast<int>(std::min<long long>(left, 1000)));
    if (r < 0) {
      if (errno == EINTR) continue;
      break;
    }
    if (io >= 0 && fds[io].revents) {
      ssize_t k = read(out_fd, buf, sizeof buf);
      if (k > 0) {
        got_total += static_cast<size_t>(k);
        if (got.size() < keep)
          got.append(buf, std::min(static_cast<size_t>(k), keep - got.size()));
      } else if (k == 0 || (errno != EINTR && errno != EAGAIN)) {
        close(out_fd);
        out_fd = -1;
      }
    }
    if (ie >= 0 && fds[ie].revents) {
      ssize_t k = read(err_fd, buf, sizeof buf);
      if (k > 0) {
        if (err.size() < kMaxStderrKept)
          err.append(buf, std::min(static_cast<size_t>(k),
                                   kMaxStderrKept - err.size()));
      } else if (k == 0 || (errno != EINTR && errno != EAGAIN)) {
        close(err_fd);
        err_fd = -1;
      }
    }
    if (ii >= 0 && fds[ii].revents) {
      // POLLERR/POLLHUP or EPIPE: tfstream closed its stdin or exited; its
      // exit status and output tell the rest.
      bool done = (fds[ii].revents & (POLLERR | POLLHUP)) != 0;
      if (!done) {
        ssize_t k = write(in_fd, input.data() + in_off,
                          std::min<size_t>(input.size() - in_off, 1 << 16));
        if (k > 0) {
          in_off += static_cast<size_t>(k);
          done = in_off == input.size();
        } else if (k < 0 && errno != EINTR && errno != EAGAIN) {
          done = true;
        }
      }
      if (done) {
        close(in_fd);
        in_fd = -1;
      }
    }
  }
  for (int fd : {out_fd, err_fd, in_fd})
    if (fd >= 0) close(fd);

  // The pipes are closed (or the deadline passed); reap, killing the process
  // group if the deadline passes first.
  auto kill_child = [pid] {
    kill(-pid, SIGKILL);
    kill(pid, SIGKILL);
  };
  int status = 0;
  bool reaped = false;
  if (timed_out) kill_child();
  for (int sleep_ms = 1;;) {
    pid_t w = waitpid(pid, &status, timed_out ? 0 : WNOHANG);
    if (w == pid) reaped = true;
    if (w == pid || (w < 0 && errno != EINTR)) break;
    if (w == 0 && Clock::now() >= deadline) {
      timed_out = true;
      kill_child();
    } else if (w == 0) {
      std::this_thread::sleep_for(std::chrono::milliseconds(sleep_ms));
      sleep_ms = std::min(sleep_ms * 2, 20);
    }
  }

  const bool exit_ok =
      reaped && !timed_out && WIFEXITED(status) && WEXITSTATUS(status) == 0;
  const bool same = got_total == want.size() && got == want;
  if (exit_ok && same) {
    res.pass = true;
    return res;
  }

  std::ostringstream d;
  if (timed_out) {
    d << "timed out after " << opt.timeout_s << " s (killed)";
  } else if (same) {
    d << "output matches but";
  } else {
    size_t n = std::min(got.size(), want.size());
    size_t off = static_cast<size_t>(
        std::mismatch(want.begin(), want.begin() + n, got.begin()).first -
        want.begin());
    size_t line = static_cast<size_t>(
                      std::count(want.begin(), want.begin() + off, '\n')) +
                  1;
    d << "first difference at byte " << off << " (line " << line << ")";
    if (got_total != want.size())
      d << ", got " << got_total << " bytes, want " << want.size();
  }
  if (!timed_out) {
    if (!reaped) {
      d << (same ? " " : "; ") << "waitpid failed";
    } else if (WIFSIGNALED(status)) {
      d << (same ? " " : "; ") << "killed by signal " << WTERMSIG(status)
        << " (" << strsignal(WTERMSIG(status)) << ")";
    } else if (WIFEXITED(status) && WEXITSTATUS(status) != 0) {
      d << (same ? " " : "; ") << "exit status " << WEXITSTATUS(status);
    }
  }
  std::string first = FirstStderrLine(err);
  if (!first.empty()) d << "; stderr: " << first;
  res.detail = d.str();

  if (!opt.save_failures.empty()) {
    std::error_code ec;
    fs::path dst = fs::path(opt.save_failures) / job.case_id;
    fs::create_directories(dst, ec);
    std::ofstream(dst / (job.variant + ".got"), std::ios::binary) << got;
    std::ofstream(dst / (job.variant + ".stderr"), std::ios::binary) << err;
  }
  return res;
}

// The folder part of a job id in a root of folders ("" for a plain cases dir).
std::string FolderOf(const std::string& case_id) {
  size_t slash = case_id.find('/');
  return slash == std::string::npos ? std::string() : case_id.substr(0, slash);
}

// Hand-written cases ("hand-*", "hand-version-*", "tofu-hand-*"): few, and
// each pins a behaviour, so a sample keeps them all.
bool IsHandCase(const std::string& name) {
  return name.rfind("hand-", 0) == 0 || name.find("-hand-") != std::string::npos;
}

std::vector<Job> Collect(const Options& opt, size_t* all_cases) {
  std::vector<Job> jobs;
  // (id, directory) of each case; ids are "<folder>/<case>" in a root of
  // folders holding cases/.
  std::vector<std::pair<std::string, fs::path>> cases;
  std::vector<fs::path> dirs;
  for (const auto& e : fs::directory_iterator(opt.cases_dir))
    if (e.is_directory()) dirs.push_back(e.path());
  std::sort(dirs.begin(), dirs.end());
  for (const auto& d : dirs) {
    if (fs::is_directory(d / "cases")) {
      std::vector<fs::path> inner;
      for (const auto& e : fs::directory_iterator(d / "cases"))
        if (e.is_directory()) inner.push_back(e.path());
      std::sort(inner.begin(), inner.end());
      for (size_t i = 0; i < inner.size(); ++i) {
        ++*all_cases;
        if (i % static_cast<size_t>(opt.sample) != 0 && !IsHandCase(inner[i].filename().string())) continue;
        cases.emplace_back(d.filename().string() + "/" + inner[i].filename().string(), inner[i]);
      }
    } else {
      ++*all_cases;
      const size_t i = *all_cases - 1;
      if (i % static_cast<size_t>(opt.sample) != 0 && !IsHandCase(d.filename().string())) continue;
      cases.emplace_back(d.filename().string(), d);
    }
  }
  for (const auto& [id, c] : cases) {
    if (!opt.filter.empty() && id.find(opt.filter) == std::string::npos)
      continue;
    std::vector<std::string> variants;
    for (const auto& f : fs::directory_iterator(c))
      if (f.is_regular_file() && f.path().extension() == ".args")
        variants.push_back(f.path().stem().string());
    std::sort(variants.begin(), variants.end());
    for (auto& v : variants) jobs.push_back({id, v, c});
  }
  return jobs;
}

bool LoadKnownFailures(const std::string& path, std::set<std::string>* out) {
  std::ifstream in(path);
  if (!in) return false;
  std::string line;
  while (std::getline(in, line)) {
    size_t hash = line.find('#');
    if (hash != std::string::npos) line.erase(hash);
    line = Trim(line);
    if (!line.empty()) out->insert(line);
  }
  return true;
}

int Usage() {
  std::fprintf(stderr,
               "usage: conformance_runner TFSTREAM_BIN CASES_DIR [--stdin] "
               "[--known-failures FILE]\n"
               "         [--jobs N] [--timeout SECONDS] [--filter SUBSTR] [--sample N]\n"
               "         [--write-failures FILE] [--save-failures DIR] [--arg ARG]\n"
               "  CASES_DIR         <case>/ folders, or folders each holding cases/\n"
               "  --stdin           pass '-' for a last argument plan.json (state.json) and "
               "pipe the file in\n"
               "  --known-failures  '<case>/<variant>' per line that may fail "
               "('#' comments)\n"
               "  --jobs            runs at a time (default 2)\n"
               "  --timeout         per run; the child is killed after it "
               "(default 120)\n"
               "  --filter          only cases whose name contains SUBSTR\n"
               "  --sample N        of each cases folder (sorted by name) the "
               "1st, (N+1)th, ...\n"
               "                    case, and every hand-written one "
               "(hand-*, *-hand-*)\n"
               "  --write-failures  write every failing '<case>/<variant>' to "
               "FILE (a new known-failures list)\n"
               "  --save-failures   write each failure's stdout and stderr to "
               "DIR/<case>/<variant>.got/.stderr\n"
               "  --arg             ARG before every variant's arguments "
               "(repeatable)\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  Options opt;
  std::vector<std::string> pos;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&](std::string* dst) {
      if (i + 1 >= argc) return false;
      *dst = argv[++i];
      return true;
    };
    std::string num;
    if (a == "--stdin") {
      opt.use_stdin = true;
    } else if (a == "--known-failures") {
      if (!value(&opt.known_failures)) return Usage();
    } else if (a == "--write-failures") {
      if (!value(&opt.write_failures)) return Usage();
    } else if (a == "--save-failures") {
      if (!value(&opt.save_failures)) return Usage();
    } else if (a == "--filter") {
      if (!value(&opt.filter)) return Usage();
    } else if (a == "--arg") {
      std::string extra;
      if (!value(&extra)) return Usage();
      opt.extra_args.push_back(extra);
    } else if (a == "--jobs" || a == "--timeout" || a == "--sample") {
      if (!value(&num)) return Usage();
      int v = std::atoi(num.c_str());
      if (v <= 0) return Usage();
      (a == "--jobs" ? opt.jobs : a == "--sample" ? opt.sample : opt.timeout_s) = v;
    } else if (a == "-h" || a == "--help" || (a.size() > 1 && a[0] == '-')) {
      return Usage();
    } else {
      pos.push_back(a);
    }
  }
  if (pos.size() != 2) return Usage();
  std::error_code ec;
  opt.tfstream = fs::absolute(pos[0], ec).string();
  opt.cases_dir = pos[1];
  if (access(opt.tfstream.c_str(), X_OK) != 0) {
    std::fprintf(stderr, "conformance_runner: %s is not an executable\n",
                 opt.tfstream.c_str());
    return 2;
  }
  if (!fs::is_directory(opt.cases_dir, ec)) {
    std::fprintf(stderr,
                 "conformance_runner: no cases directory %s (is the corpus "
                 "extracted?)\n",
                 opt.cases_dir.c_str());
    return 2;
  }
  std::set<std::string> known;
  if (!opt.known_failures.empty() &&
      !LoadKnownFailures(opt.known_failures, &known)) {
    std::fprintf(stderr, "conformance_runner: cannot read %s\n",
                 opt.known_failures.c_str());
    return 2;
  }
  signal(SIGPIPE,
         SIG_IGN);  // a child that stops reading stdin must not kill us

  size_t all_cases = 0;
  std::vector<Job> jobs = Collect(opt, &all_cases);
  if (jobs.empty()) {
    std::fprintf(stderr, "conformance_runner: no variants found under %s\n",
                 opt.cases_dir.c_str());
    return 2;
  }
  std::set<std::string> cases;
  for (auto& j : jobs) cases.insert(j.case_id);
  std::printf(
      "conformance: %zu variants of %zu cases in %s, %s mode, %d at a time\n",
      jobs.size(), cases.size(), opt.cases_dir.c_str(),
      opt.use_stdin ? "stdin" : "file", opt.jobs);
  if (opt.sample > 1)
    std::printf("sample: %zu of %zu cases (1 in %d by name in each folder, "
                "and every hand-written case); the others are not run\n",
                cases.size(), all_cases, opt.sample);
  if (!opt.known_failures.empty())
    std::printf("known failures: %zu entries in %s\n", known.size(),
                opt.known_failures.c_str());
  std::fflush(stdout);

  const auto t0 = Clock::now();
  std::vector<Outcome> results(jobs.size());
  std::atomic<size_t> next{0};
  auto worker = [&] {
    for (size_t i; (i = next.fetch_add(1)) < jobs.size();)
      results[i] = RunOne(opt, jobs[i]);
  };
  std::vector<std::thread> pool;
  for (int t = 0; t < std::min<int>(opt.jobs, static_cast<int>(jobs.size()));
       ++t)
    pool.emplace_back(worker);
  for (auto& t : pool) t.join();
  const double secs = std::chrono::duration<double>(Clock::now() - t0).count();

  size_t passed = 0, failed = 0, known_failed = 0;
  // Per folder of a root of folders: passed, variants, known failures.
  struct FolderCounts {
    size_t passed = 0, variants = 0, known = 0;
  };
  std::map<std::string, FolderCounts> by_folder;
  std::vector<std::string> known_failed_ids;
  int shown = 0;
  std::set<std::string> ids;
  std::vector<std::string> all_failures;
  auto show = [&](const std::string& line) {
    if (shown++ < kMaxShownFailures) std::printf("%s\n", line.c_str());
  };
  for (size_t i = 0; i < jobs.size(); ++i) {
    const std::string id = jobs[i].id();
    ids.insert(id);
    const bool listed = known.count(id) != 0;
    if (!results[i].pass) all_failures.push_back(id);
    FolderCounts& folder = by_folder[FolderOf(jobs[i].case_id)];
    ++folder.variants;
    if (results[i].pass) ++folder.passed;
    if (!results[i].pass && listed) ++folder.known;
    if (results[i].pass && !listed) {
      ++passed;
    } else if (results[i].pass) {
      ++failed;
      show(
          "UNEXPECTED PASS " + id +
          ": listed in known failures but passes now; remove it from the list");
    } else if (listed) {
      ++known_failed;
      known_failed_ids.push_back(id + ": " + results[i].detail);
    } else {
      ++failed;
      show("FAIL " + id + ": " + results[i].detail);
    }
  }
  if (shown > kMaxShownFailures)
    std::printf("... and %d more failures not shown\n",
                shown - kMaxShownFailures);

  if (opt.filter.empty() && opt.sample == 1) {
    std::vector<std::string> stale;
    for (auto& k : known)
      if (!ids.count(k)) stale.push_back(k);
    if (!stale.empty()) {
      std::printf(
          "warning: %zu known-failure entries name no variant in the corpus, "
          "e.g. %s\n",
          stale.size(), stale.front().c_str());
    }
  }
  if (!opt.write_failures.empty()) {
    std::ofstream f(opt.write_failures);
    f << "# Conformance variants that are allowed to fail: one "
         "<case>/<variant> per line.\n"
         "# Written by conformance_runner --write-failures; a listed variant "
         "that passes\n"
         "# fails the test as an \"unexpected pass\", so delete lines as cases "
         "get fixed.\n";
    for (auto& id : all_failures) f << id << "\n";
    std::printf("wrote %zu failing variants to %s\n", all_failures.size(),
                opt.write_failures.c_str());
  }
  for (const std::string& k : known_failed_ids)
    std::printf("KNOWN FAILURE %s\n", k.c_str());
  if (by_folder.size() > 1 || !by_folder.begin()->first.empty()) {
    for (const auto& [folder, counts] : by_folder) {
      std::printf("folder %-20s %zu of %zu variants pass", folder.c_str(),
                  counts.passed, counts.variants);
      if (counts.known) std::printf(", %zu known failures", counts.known);
      std::printf("\n");
    }
  }
  std::printf("conformance: %.1f s for %zu runs\n", secs, jobs.size());
  if (known_failed)
    std::printf("%zu passed, %zu failed, %zu known failures\n", passed, failed,
                known_failed);
  else
    std::printf("%zu passed, %zu failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}
