// Fuzzes tfstream --compare (pipeline/compare_run.h) as main.cc drives it,
// output through an OutputSink into /dev/null, on a thread with a large
// stack. One renderer-shaped document per unit:
//   - the document against itself, with the identical-bytes fast path
//     cross-checked (Options::compare_cross_check: every element parsed and
//     compared too): when it is valid, the plans are the same;
//   - the document against a copy with one byte changed (at a position from
//     a hash of the input): memory safety, and errors located in one of the
//     two documents.
// The form (text, markdown, json), colour and --drift come from the hash.
#include <fcntl.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "base/large_stack.h"
#include "buffer/output_sink.h"
#include "forms/compare_forms.h"
#include "max_depth.h"

namespace {

constexpr int kMaxDepth = 256;
constexpr size_t kStackBytes = size_t{256} << 20;

struct Unit {
  std::string_view old_plan, new_plan;
  tfstream::pipeline::Options options;
  tfstream::Status status;
  bool differ = false;
  int null_fd;
};

void Compare(Unit* u) {
  tfstream::pipeline::CompareInput in;
  in.old_plan.plan = u->old_plan;
  in.old_plan.plan_label = "old.json";
  in.new_plan.plan = u->new_plan;
  in.new_plan.plan_label = "new.json";
  tfstream::stream::AttributeGlob glob;
  if (tfstream::stream::AttributeGlob::Parse("**.tags.*", &glob).ok()) in.ignore.push_back(glob);
  tfstream::buffer::OutputSink sink(u->null_fd);
  u->status = tfstream::forms::RenderComparison(in, u->options, &sink, nullptr, &u->differ);
}

void Run(Unit* u) { tfstream::RunOnLargeStack([u] { Compare(u); }, kStackBytes, kStackBytes); }

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static int null_fd = open("/dev/null", O_WRONLY | O_CLOEXEC);
  std::string_view plan(reinterpret_cast<const char*>(data), size);
  if (tfstream::fuzz::MaxDepth(plan) > kMaxDepth) return -1;

  uint32_t h = 2166136261u;  // FNV-1a
  for (size_t i = 0; i < size; ++i) h = (h ^ data[i]) * 16777619u;
  tfstream::pipeline::Options options;
  options.jobs = 1;
  options.compare_cross_check = true;
  options.format = static_cast<tfstream::pipeline::Format>(h % 3);
  options.color = options.format == tfstream::pipeline::Format::kText && ((h >> 2) & 1);
  options.hide_drift = (h >> 3) & 1;
  options.max_bytes = options.format == tfstream::pipeline::Format::kMarkdown ? 65000 : 0;

  Unit same{plan, plan, options, {}, false, null_fd};
  Run(&same);
  if (same.status.ok() && same.differ) {
    std::fprintf(stderr, "compare_fuzzer: a document differs from itself\n");
    std::abort();
  }
  if (!same.status.ok() && same.status.message().rfind("old.json", 0) != 0 &&
      same.status.message().rfind("new.json", 0) != 0) {
    std::fprintf(stderr, "compare_fuzzer: error not located: %s\n", same.status.message().c_str());
    std::abort();
  }
  if (size == 0) return 0;
  std::string edited(plan);
  edited[(h >> 8) % size] ^= static_cast<char>(1 + ((h >> 4) & 0x0f));
  Unit other{plan, edited, options, {}, false, null_fd};
  Run(&other);
  if (!other.status.ok() && other.status.message().rfind("old.json", 0) != 0 &&
      other.status.message().rfind("new.json", 0) != 0) {
    std::fprintf(stderr, "compare_fuzzer: error not located: %s\n", other.status.message().c_str());
    std::abort();
  }
  return 0;
}
