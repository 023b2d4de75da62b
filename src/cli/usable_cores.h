// UsableCores: the default for --jobs, the number of cores this process can
// keep busy. CI runners are often containers with a CPU limit on a large
// host: counting the host's cores there would start one worker per host core,
// each holding its batches of blocks in flight (peak RSS grows with --jobs:
// 168 MB at 64 against 30 MB at 2 on a 300 MB plan), all of them waiting
// for the few cores the limit allows.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace tfstream::cli {

// The cores online, narrowed by the process's CPU affinity (taskset, a
// cpuset) and by the CPU quota of its cgroup or of any ancestor (docker
// --cpus, a Kubernetes CPU limit), a fractional quota rounded up. At least 1.
int UsableCores();

// The parts, over file contents, for tests.
namespace cgroup {

// A cgroup v2 `cpu.max` ("max 100000", "150000 100000"): the quota in cores
// (1.5), or nothing when unlimited or unreadable.
std::optional<double> QuotaFromCpuMax(std::string_view cpu_max);

// cgroup v1 `cpu.cfs_quota_us` (-1: unlimited) and `cpu.cfs_period_us`.
std::optional<double> QuotaFromCfs(std::string_view quota_us, std::string_view period_us);

// The smallest quota, in cores, on the process's cgroup and its ancestors,
// given the texts of /proc/self/cgroup and /proc/self/mountinfo; the files
// are read under `fs_root` ("" for the real root; tests pass a directory).
// The cpu controller of cgroup v1 is used where it is mounted, else v2.
std::optional<double> CpuQuota(std::string_view proc_self_cgroup, std::string_view mountinfo,
                               const std::string& fs_root);

}  // namespace cgroup
}  // namespace tfstream::cli
