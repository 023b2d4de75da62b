// Fuzzes the whole render path as main.cc drives it: forms::RenderPlan on
// one renderer-shaped document (provider_schemas embedded; a plan, as text
// or one in four as Markdown, or a state rendered with --state, one in two
// at --jobs 2 with its pre-scan split), output through an
// OutputSink into /dev/null, on a thread with a large stack. Options (colour,
// mode, width, quality, automation) are derived from a hash of the input so
// that each unit renders deterministically. Checks, besides memory safety:
//   - an error is reported as "fuzz.json: byte <offset>: ..." or "fuzz.json: ...".
// Documents nested deeper than kMaxDepth are skipped: the text Terraform
// prints grows with the square of the depth (hundreds of MB at 10000 levels),
// which would only find slow units; the depth limit itself is fuzzed by the
// other two targets and tested by tests/robustness/nesting.sh.
#include <fcntl.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "base/large_stack.h"
#include "buffer/output_sink.h"
#include "forms/render_plan.h"
#include "max_depth.h"
#include "render/unchanged/cross_check.h"
#include "stream/json_tree_check.h"

namespace {

constexpr int kMaxDepth = 256;
constexpr size_t kStackBytes = size_t{256} << 20;

struct Unit {
  std::string_view plan;
  tfstream::pipeline::Options options;
  tfstream::Status status;
  int null_fd;
};

void Render(Unit* u) {
  tfstream::pipeline::Input input;
  input.plan = u->plan;
  input.plan_label = "fuzz.json";
  tfstream::buffer::OutputSink sink(u->null_fd);
  u->status = tfstream::forms::RenderPlan(input, u->options, &sink);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static int null_fd = open("/dev/null", O_WRONLY | O_CLOEXEC);
  // Both fast paths under their cross-checks: the unchanged renderer's blocks
  // and the validated-bytes tree reader's trees.
  static const bool cross_check =
      (tfstream::render::unchanged::SetCrossCheck(true), tfstream::stream::SetTreeCrossCheck(true), true);
  (void)cross_check;
  std::string_view plan(reinterpret_cast<const char*>(data), size);
  if (tfstream::fuzz::MaxDepth(plan) > kMaxDepth) return -1;  // not added to the corpus

  uint32_t h = 2166136261u;  // FNV-1a
  for (size_t i = 0; i < size; ++i) h = (h ^ data[i]) * 16777619u;
  Unit u{plan, {}, {}, null_fd};
  u.options.color = h & 1;
  u.options.mode = static_cast<tfstream::pipeline::PlanMode>((h >> 1) % 3);
  u.options.quality = static_cast<tfstream::pipeline::Quality>((h >> 3) % 4);
  u.options.automation = (h >> 5) & 1;
  static const int kWidths[] = {78, 0, 1, 20, 40, 200};
  u.options.width = kWidths[(h >> 6) % 6];
  u.options.jobs = 1;
  // A state (a root_module and no resource_changes) is mostly rendered with
  // --state, a plan mostly without; the rest runs into the refusals.
  const bool state_like =
      plan.find("\"root_module\"") != std::string_view::npos && plan.find("\"resource_changes\"") == std::string_view::npos;
  const bool as_state = state_like ? ((h >> 9) & 3) != 0 : ((h >> 9) & 3) == 0;
  u.options.document = as_state ? tfstream::DocumentKind::kState : tfstream::DocumentKind::kPlan;
  u.options.show_sensitive = (h >> 11) & 1;
  // One state in two at --jobs 2 with the pre-scan's split forced: a second
  // thread reads half of a module's array, taken over only where the first
  // lands on its element exactly (state_scan.cc), and compared with one
  // thread's facts under the cross-check.
  if (as_state && ((h >> 14) & 1) != 0) {
    u.options.jobs = 2;
    u.options.split_min_bytes = 0;
  }
  // One plan in four as Markdown (never coloured): it validates the whole
  // document first and then reads its trees without yajl
  // (stream::ParseValidatedJsonTree), under the tree cross-check.
  if (!as_state && ((h >> 12) & 3) == 0) {
    u.options.format = tfstream::pipeline::Format::kMarkdown;
    u.options.color = false;
  }

  tfstream::RunOnLargeStack([&u] { Render(&u); }, kStackBytes, kStackBytes);

  if (!u.status.ok()) {
    const std::string& m = u.status.message();
    if (m.rfind("fuzz.json:", 0) != 0) {
      std::fprintf(stderr, "render_fuzzer: error not located in the plan: %s\n", m.c_str());
      std::abort();
    }
  }
  return 0;
}
