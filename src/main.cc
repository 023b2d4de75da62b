// tfstream command line: reads the environment and the terminals once,
// parses the options (cli/command_line.h, the only place exceptions are
// caught), maps the inputs and runs the pipeline on a thread with a large
// stack, so that deeply nested values (up to JSON's 10000 levels) cannot
// overflow it.
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>

#include "base/large_stack.h"
#include "buffer/input_file.h"
#include "buffer/output_sink.h"
#include "buffer/pipe_size.h"
#include "buffer/unnamed_file.h"
#include "cli/command_line.h"
#include "cli/environment.h"
#include "forms/compare_forms.h"
#include "forms/render_plan.h"
#include "render/unchanged/cross_check.h"
#include "stream/json_tree_check.h"

using tfstream::Status;
using tfstream::cli::Fail;
using tfstream::cli::OneLine;

namespace {

struct Job {
  tfstream::pipeline::Input input;
  // --compare: the two plans (input is unused then); differ says the result.
  bool compare = false;
  tfstream::pipeline::CompareInput compare_input;
  bool differ = false;
  tfstream::pipeline::Options options;
  tfstream::buffer::OutputSink* sink;
  tfstream::pipeline::Report report;
  Status status;
};

void RunJob(Job* job) {
  job->status = job->compare ? tfstream::forms::RenderComparison(job->compare_input, job->options, job->sink,
                                                                 &job->report, &job->differ)
                             : tfstream::forms::RenderPlan(job->input, job->options, job->sink, &job->report);
}

// A standard descriptor left closed by the caller would be handed out again
// by the next open() (the plan, the spool file), and reading "standard input"
// or writing "standard output" would then touch that file. Parks /dev/null on
// a closed one and returns false, so the caller can report it instead.
bool ReserveStdFd(int fd) {
  if (fcntl(fd, F_GETFD) != -1 || errno != EBADF) return true;
  int null_fd = open("/dev/null", fd == STDIN_FILENO ? O_RDONLY : O_WRONLY);
  if (null_fd >= 0 && null_fd != fd) {
    dup2(null_fd, fd);
    close(null_fd);
  }
  return false;
}

// The inputs are mapped: when a file shrinks while tfstream reads it (another
// process rewrites it in place), touching the lost pages raises SIGBUS.
// Report that as bad input instead of dying by the signal. The message is
// prepared before the handler is installed (only write() is safe in it).
char g_sigbus_message[1024];
size_t g_sigbus_length = 0;

void OnSigbus(int) {
  ssize_t unused = write(STDERR_FILENO, g_sigbus_message, g_sigbus_length);
  (void)unused;
  _exit(1);
}

void CatchShrinkingInput(const std::string& labels) {
  std::string message = "tfstream: " + OneLine(labels) + ": the input changed size while being read\n";
  g_sigbus_length = std::min(message.size(), sizeof g_sigbus_message);
  std::memcpy(g_sigbus_message, message.data(), g_sigbus_length);
  struct sigaction sa = {};
  sa.sa_handler = OnSigbus;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGBUS, &sa, nullptr);
}

// Whether `path` names the same file as `other` (an input of the run).
bool SameFile(const std::string& path, const struct stat& other) {
  struct stat st;
  return path != "-" && !path.empty() && stat(path.c_str(), &st) == 0 && st.st_dev == other.st_dev &&
         st.st_ino == other.st_ino;
}

}  // namespace

int main(int argc, char** argv) {
  signal(SIGPIPE, SIG_IGN);  // a closed reader shows up as EPIPE, handled quietly
  // In order, so that /dev/null parked on one cannot land on a later one.
  bool stdin_open = ReserveStdFd(STDIN_FILENO);
  bool stdout_open = ReserveStdFd(STDOUT_FILENO);
  ReserveStdFd(STDERR_FILENO);  // nowhere to report that one

  const tfstream::cli::Environment env = tfstream::cli::ReadEnvironment();
  tfstream::cli::CommandLine command;
  if (auto exit_status = tfstream::cli::ParseCommandLine(
          argc, argv, env, tfstream::cli::ReadTerminals(stdin_open, stdout_open), &command)) {
    return *exit_status;
  }
  tfstream::buffer::SetTemporaryDirectory(env.tmpdir);
  tfstream::render::unchanged::SetCrossCheckMode(env.cross_check);
  tfstream::stream::SetTreeCrossCheck(env.cross_check != 0);

  tfstream::buffer::InputFile plan_file, schemas_file;
  // A state's pre-scan reads a pipe as it arrives (stream::ScanStateAsItArrives):
  // the spool then runs beside it instead of before it. Not with a progress
  // meter, which needs the size first, nor --compare.
  const bool as_it_comes = command.options.document == tfstream::DocumentKind::kState &&
                           command.compare_old_path.empty() && command.options.progress_fd < 0;
  Status s = plan_file.Open(command.plan_path, as_it_comes ? tfstream::buffer::InputFile::Arrival::kAsItComes
                                                           : tfstream::buffer::InputFile::Arrival::kWhole);
  if (!s.ok()) return Fail(s.message(), 1);
  Job job;
  tfstream::pipeline::Input& input = job.input;
  input.plan = plan_file.data();
  if (plan_file.arriving()) {
    input.plan_arriving = [&plan_file](uint64_t size, bool* all) { return plan_file.Arrived(size, all); };
    input.plan_complete = [&plan_file, &input] {
      Status complete = plan_file.Complete();
      input.plan = plan_file.data();
      return complete;
    };
  }
  input.plan_label = command.plan_path == "-" ? "<stdin>" : command.plan_path;
  input.plan_from_stdin = command.plan_path == "-";
  input.release_plan_before = [&plan_file](uint64_t offset) { plan_file.ReleaseBefore(offset); };
  input.release_plan_range = [&plan_file](uint64_t begin, uint64_t end) { plan_file.ReleaseRange(begin, end); };
  input.plan_read_ahead = [&plan_file](bool on) {
    if (on) {
      plan_file.StartReadAhead();
    } else {
      plan_file.StopReadAhead();
    }
  };
  if (!command.schemas_path.empty()) {
    s = schemas_file.Open(command.schemas_path);
    if (!s.ok()) return Fail(s.message(), 1);
    input.has_schemas = true;
    input.schemas = schemas_file.data();
    input.schemas_label = command.schemas_path == "-" ? "<stdin>" : command.schemas_path;
  }
  job.options = command.options;
  tfstream::buffer::InputFile old_file;
  if (!command.compare_old_path.empty()) {
    s = old_file.Open(command.compare_old_path);
    if (!s.ok()) return Fail(s.message(), 1);
    job.compare = true;
    job.compare_input.new_plan = input;
    job.compare_input.new_plan.plan_read_ahead = nullptr;
    tfstream::pipeline::Input& old_input = job.compare_input.old_plan;
    old_input = input;
    old_input.plan = old_file.data();
    old_input.plan_label = command.compare_old_path == "-" ? "<stdin>" : command.compare_old_path;
    old_input.plan_from_stdin = command.compare_old_path == "-";
    old_input.release_plan_before = [&old_file](uint64_t offset) { old_file.ReleaseBefore(offset); };
    old_input.release_plan_range = [&old_file](uint64_t begin, uint64_t end) { old_file.ReleaseRange(begin, end); };
    old_input.plan_read_ahead = nullptr;
    job.compare_input.ignore = command.ignore;
  }
  CatchShrinkingInput(input.plan_label + (job.compare ? " or " + job.compare_input.old_plan.plan_label : "") +
                      (input.has_schemas ? " or " + input.schemas_label : ""));
  int out_fd = STDOUT_FILENO;
  if (!command.output_path.empty()) {
    // Never an input: truncating it would lose the plan being read.
    struct stat out_stat;
    if (stat(command.output_path.c_str(), &out_stat) == 0 &&
        (SameFile(command.plan_path, out_stat) || SameFile(command.schemas_path, out_stat) ||
         SameFile(command.compare_old_path, out_stat))) {
      return Fail("--output " + command.output_path + " is an input of this run", command.usage_status);
    }
    out_fd = open(command.output_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (out_fd < 0) return Fail(command.output_path + ": " + std::strerror(errno), 1);
  }
  // A reader at the other end of a pipe (tee, a pager, a log collector)
  // takes megabytes from one write in one turn instead of 64 KiB.
  tfstream::buffer::EnlargePipe(out_fd);
  tfstream::buffer::OutputSink sink(out_fd);
  job.sink = &sink;
  // Where 1 GiB of address space cannot be spared (ulimit -v), smaller
  // stacks down to 32 MiB still hold the deepest values.
  tfstream::RunOnLargeStack([&job] { RunJob(&job); }, size_t{1} << 30, size_t{32} << 20);

  if (sink.reader_gone()) return 0;
  const tfstream::pipeline::Report& report = job.report;
  if (!job.status.ok()) {
    (void)sink.Flush();
    // --compare keeps to 0 same, 2 different, 1 error (a Markdown over --max-bytes too).
    return Fail(job.status.message(), report.too_large && !job.compare ? 3 : 1);
  }
  for (const std::string& note : report.notes) std::fprintf(stderr, "tfstream: note: %s\n", OneLine(note).c_str());
  for (const std::string& warning : report.warnings) {
    std::fprintf(stderr, "tfstream: warning: %s\n", OneLine(warning).c_str());
  }
  if (!report.warnings.empty() && command.strict_schemas) return 1;
  if (job.compare) return job.differ ? 2 : 0;
  if (command.options.detailed_exitcode) {
    // terraform plan exits 1 when planning failed, whatever the plan holds.
    if (report.errored) return Fail(input.plan_label + ": the plan errored (planning failed)", 1);
    return report.has_changes ? 2 : 0;
  }
  return 0;
}
