// The command line: options parsed into values (pipeline::Options and the
// input paths), every conflict between them checked beside the parsing, and
// --help and --version answered. The environment and the terminals come in
// as values (environment.h), read once by main.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cli/environment.h"
#include "pipeline/plan_pipeline.h"
#include "stream/attribute_glob.h"

namespace tfstream::cli {

// What main finds out about the standard descriptors before parsing.
struct Terminals {
  bool stdin_open = true, stdout_open = true;  // not closed by the caller
  bool stdin_tty = false, stdout_tty = false, stderr_tty = false;
  // The terminals' widths as they report them (0: unknown).
  int stdout_columns = 0, stderr_columns = 0;
};
Terminals ReadTerminals(bool stdin_open, bool stdout_open);

struct CommandLine {
  pipeline::Options options;
  std::string plan_path = "-";  // "-": standard input
  std::string schemas_path;     // "" when not given
  // --output: where the form is written ("": standard output).
  std::string output_path;
  // --compare: the earlier plan ("" when not comparing; "-": standard
  // input) and the attributes --ignore leaves out of both plans.
  std::string compare_old_path;
  std::vector<stream::AttributeGlob> ignore;
  bool strict_schemas = false;
  // A usage error's exit status: 2, or 1 with --detailed-exitcode (whose 2
  // means "changes"); also the status of an errored plan's.
  int usage_status = 2;
};

// Parses argv into *out. Returns nothing when the run should go ahead;
// otherwise the exit status, the help, the version or a usage error
// already printed.
std::optional<int> ParseCommandLine(int argc, char** argv, const Environment& env, const Terminals& terminals,
                                    CommandLine* out);

// "tfstream: MESSAGE" on standard error, the message made one line
// (OneLine); returns `status`.
int Fail(std::string_view message, int status);

// Messages quote input (addresses, keys, option values) that may hold any
// character: control characters are escaped so that an error stays one line
// and cannot drive the terminal (C0, DEL and the C1 controls U+0080-U+009F).
std::string OneLine(std::string_view s);

}  // namespace tfstream::cli
