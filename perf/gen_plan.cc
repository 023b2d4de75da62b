// gen_plan: writes a deterministic, realistic Terraform plan JSON of a
// requested size, in constant memory.
//
//   gen_plan --size 300M --shape show|renderer [--seed 1] [--out plan.json]
//            [--schemas-out schemas.json] [--threads N] [--quiet]
//
// Sizes take K, M, G suffixes (powers of 1000) or plain bytes. The plan is
// streamed tenant by tenant (see gen/plan_layout.h); while the first
// per-tenant section is written, each tenant's bytes in the later sections
// are counted with the same emitters, and tenants stop where the target is
// reached (the last one cut at the instance that lands closest), so the size
// is hit to within one resource instance. "show" writes `terraform show
// -json` output (pass --schemas-out for the `terraform providers schema
// -json` file); "renderer" writes one HCP-style document with
// provider_schemas embedded. --threads N generates N tenants at a time
// (default: the number of cores, at most 4); the output does not depend on it.
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "gen/out.h"
#include "gen/plan_layout.h"
#include "gen/plan_writer.h"
#include "gen/schema.h"

namespace {

using Clock = std::chrono::steady_clock;

[[noreturn]] void Usage(const char* msg) {
  if (msg) std::fprintf(stderr, "gen_plan: %s\n", msg);
  std::fprintf(stderr,
               "usage: gen_plan --size N[K|M|G] --shape show|renderer [--seed N] [--out FILE]\n"
               "                [--schemas-out FILE] [--threads N] [--quiet]\n");
  std::exit(2);
}

uint64_t ParseSize(const char* s) {
  char* end = nullptr;
  double v = std::strtod(s, &end);
  if (end == s || v <= 0) Usage("bad --size");
  uint64_t mul = 1;
  switch (*end) {
    case 'k':
    case 'K':
      mul = 1000;
      ++end;
      break;
    case 'm':
    case 'M':
      mul = 1000 * 1000;
      ++end;
      break;
    case 'g':
    case 'G':
      mul = 1000ULL * 1000 * 1000;
      ++end;
      break;
    default:
      break;
  }
  if (*end == 'B' || *end == 'b') ++end;
  if (*end) Usage("bad --size suffix");
  return static_cast<uint64_t>(v * static_cast<double>(mul));
}

int OpenOut(const std::string& path) {
  if (path.empty() || path == "-") return STDOUT_FILENO;
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0) {
    std::perror(path.c_str());
    std::exit(1);
  }
  return fd;
}

double Secs(Clock::time_point a, Clock::time_point b) { return std::chrono::duration<double>(b - a).count(); }

}  // namespace

int main(int argc, char** argv) {
  uint64_t target = 0, seed = 1;
  std::string shape_name, out_path, schemas_path;
  bool quiet = false;
  int threads = static_cast<int>(std::min(4u, std::max(1u, std::thread::hardware_concurrency())));
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&]() -> const char* {
      if (i + 1 >= argc) Usage(("missing value for " + a).c_str());
      return argv[++i];
    };
    if (a == "--size")
      target = ParseSize(value());
    else if (a == "--shape")
      shape_name = value();
    else if (a == "--seed")
      seed = std::strtoull(value(), nullptr, 10);
    else if (a == "--out")
      out_path = value();
    else if (a == "--schemas-out")
      schemas_path = value();
    else if (a == "--quiet")
      quiet = true;
    else if (a == "--threads")
      threads = std::atoi(value());
    else if (a == "-h" || a == "--help")
      Usage(nullptr);
    else
      Usage(("unknown argument " + a).c_str());
  }
  if (target == 0) Usage("--size is required");
  tfgen::Shape shape;
  if (shape_name == "show")
    shape = tfgen::Shape::kShow;
  else if (shape_name == "renderer")
    shape = tfgen::Shape::kRenderer;
  else
    Usage("--shape must be show or renderer");

  const tfgen::Schema& schema = tfgen::CloudSchema();
  tfgen::PlanWriter writer(schema, seed, shape, threads);

  auto t0 = Clock::now();
  int fd = OpenOut(out_path);
  uint64_t written;
  {
    tfgen::Out out(fd);
    writer.WriteSized(out, target);
    written = out.bytes();
    if (!out.Flush()) {
      std::perror("gen_plan: write");
      return 1;
    }
  }
  if (fd != STDOUT_FILENO && ::close(fd) != 0) {
    std::perror("gen_plan: close");
    return 1;
  }
  auto t1 = Clock::now();

  if (!schemas_path.empty()) {
    int sfd = OpenOut(schemas_path);
    tfgen::Out out(sfd);
    out.Put("{\"format_version\":\"1.0\",\"provider_schemas\":");
    tfgen::WriteProviderSchemas(out, schema);
    out.Put("}\n");
    if (!out.Flush()) {
      std::perror("gen_plan: write schemas");
      return 1;
    }
    if (sfd != STDOUT_FILENO) ::close(sfd);
  }

  if (!quiet) {
    double mb = static_cast<double>(written) / 1e6;
    std::fprintf(
        stderr,
        "gen_plan: %s shape, seed %llu: %llu bytes (target %llu, %+.3f%%), %d tenants + %d instances, "
        "%llu resource changes\n",
        shape_name.c_str(), static_cast<unsigned long long>(seed), static_cast<unsigned long long>(written),
        static_cast<unsigned long long>(target),
        100.0 * (static_cast<double>(written) - static_cast<double>(target)) / static_cast<double>(target),
        writer.full_tenants(), writer.partial_instances(),
        static_cast<unsigned long long>(writer.changes_written()));
    std::fprintf(stderr, "gen_plan: %.2fs, %.0f MB/s (%d threads)\n", Secs(t0, t1), mb / Secs(t0, t1),
                 threads);
    for (const auto& [name, bytes] : writer.sections())
      std::fprintf(stderr, "gen_plan:   %-26s %12llu bytes %5.1f%%\n", name.c_str(),
                   static_cast<unsigned long long>(bytes),
                   100.0 * static_cast<double>(bytes) / static_cast<double>(written));
  }
  return 0;
}
