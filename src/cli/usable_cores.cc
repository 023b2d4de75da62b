// Where the limits live (Linux):
// - /proc/self/cgroup: one "id:controllers:path" line per hierarchy; cgroup
//   v2's is "0::path", a v1 hierarchy lists its controllers ("cpu,cpuacct").
// - /proc/self/mountinfo: "id parent dev root mount-point options
//   [optional...] - fstype source super-options"; the cgroup path maps to a
//   directory below the mount point of its hierarchy, relative to the
//   mount's root (a container usually sees its own cgroup as "/").
// - The quota: v2 `cpu.max` ("quota period" or "max period"), v1
//   `cpu.cfs_quota_us` (-1 for none) over `cpu.cfs_period_us`. A limit on an
//   ancestor applies too, so the smallest on the way up counts.
#include "cli/usable_cores.h"

#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fstream>
#include <iterator>
#include <vector>

namespace tfstream::cli {
namespace cgroup {
namespace {

std::string_view Trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\n' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\n' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

std::optional<long long> ParseInt(std::string_view s) {
  s = Trim(s);
  long long v = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
  return v;
}

std::vector<std::string_view> Split(std::string_view s, char sep) {
  std::vector<std::string_view> parts;
  size_t start = 0;
  while (true) {
    size_t at = s.find(sep, start);
    parts.push_back(s.substr(start, at == std::string_view::npos ? std::string_view::npos : at - start));
    if (at == std::string_view::npos) return parts;
    start = at + 1;
  }
}

bool HasToken(std::string_view list, std::string_view token) {
  for (std::string_view t : Split(list, ',')) {
    if (t == token) return true;
  }
  return false;
}

// mountinfo writes space, tab, newline and backslash in paths as \ooo.
std::string Unescape(std::string_view s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\\' && i + 3 < s.size() && s[i + 1] >= '0' && s[i + 1] <= '3' &&
        s[i + 2] >= '0' && s[i + 2] <= '7' && s[i + 3] >= '0' && s[i + 3] <= '7') {
      out += static_cast<char>((s[i + 1] - '0') * 64 + (s[i + 2] - '0') * 8 + (s[i + 3] - '0'));
      i += 3;
    } else {
      out += s[i];
    }
  }
  return out;
}

std::optional<std::string> ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) return std::nullopt;
  return text;
}

struct Mount {
  std::string root, point;
};

// The mount of the cgroup hierarchy: v2 (`cgroup2`), or the v1 one that
// carries the cpu controller.
std::optional<Mount> FindMount(std::string_view mountinfo, bool v1) {
  for (std::string_view line : Split(mountinfo, '\n')) {
    size_t dash = line.find(" - ");
    if (dash == std::string_view::npos) continue;
    std::vector<std::string_view> before = Split(line.substr(0, dash), ' ');
    std::vector<std::string_view> after = Split(line.substr(dash + 3), ' ');
    if (before.size() < 5 || after.size() < 3) continue;
    if (v1 ? (after[0] == "cgroup" && HasToken(after[2], "cpu")) : after[0] == "cgroup2") {
      return Mount{Unescape(before[3]), Unescape(before[4])};
    }
  }
  return std::nullopt;
}

// The process's path in the hierarchy: v2's "0::path", or v1's line whose
// controllers include cpu.
std::optional<std::string> FindPath(std::string_view proc_self_cgroup, bool v1) {
  for (std::string_view line : Split(proc_self_cgroup, '\n')) {
    size_t first = line.find(':');
    if (first == std::string_view::npos) continue;
    size_t second = line.find(':', first + 1);
    if (second == std::string_view::npos) continue;
    std::string_view id = line.substr(0, first);
    std::string_view controllers = line.substr(first + 1, second - first - 1);
    bool match = v1 ? HasToken(controllers, "cpu") : (id == "0" && controllers.empty());
    if (match) return std::string(line.substr(second + 1));
  }
  return std::nullopt;
}

template <typename ReadQuota>
std::optional<double> SmallestOnTheWayUp(const Mount& mount, const std::string& path, const std::string& fs_root,
                                         ReadQuota read_quota) {
  std::string rel;
  if (mount.root == "/") {
    rel = path;
  } else if (path.compare(0, mount.root.size(), mount.root) == 0 &&
             (path.size() == mount.root.size() || path[mount.root.size()] == '/')) {
    rel = path.substr(mount.root.size());
  }  // else outside the mount's root (another cgroup namespace): its top
  while (!rel.empty() && rel.back() == '/') rel.pop_back();
  if (!rel.empty() && rel.front() != '/') rel = "/" + rel;
  std::string base = fs_root + mount.point;
  while (base.size() > 1 && base.back() == '/') base.pop_back();
  std::string dir = base + rel;
  std::optional<double> best;
  while (true) {
    std::optional<double> q = read_quota(dir);
    if (q && (!best || *q < *best)) best = q;
    if (dir.size() <= base.size()) return best;
    dir.resize(dir.rfind('/'));
    if (dir.size() < base.size()) dir = base;
  }
}

}  // namespace

std::optional<double> QuotaFromCpuMax(std::string_view cpu_max) {
  std::vector<std::string_view> f = Split(Trim(cpu_max), ' ');
  if (f.empty() || f[0] == "max") return std::nullopt;
  std::optional<long long> quota = ParseInt(f[0]);
  std::optional<long long> period = f.size() > 1 ? ParseInt(f[1]) : std::optional<long long>(100000);
  if (!quota || !period || *quota <= 0 || *period <= 0) return std::nullopt;
  return static_cast<double>(*quota) / static_cast<double>(*period);
}

std::optional<double> QuotaFromCfs(std::string_view quota_us, std::string_view period_us) {
  std::optional<long long> quota = ParseInt(quota_us);
  std::optional<long long> period = ParseInt(period_us);
  if (!quota || !period || *quota <= 0 || *period <= 0) return std::nullopt;
  return static_cast<double>(*quota) / static_cast<double>(*period);
}

std::optional<double> CpuQuota(std::string_view proc_self_cgroup, std::string_view mountinfo,
                               const std::string& fs_root) {
  std::optional<Mount> mount = FindMount(mountinfo, true);
  std::optional<std::string> path = FindPath(proc_self_cgroup, true);
  if (mount && path) {
    return SmallestOnTheWayUp(*mount, *path, fs_root, [](const std::string& dir) -> std::optional<double> {
      std::optional<std::string> quota = ReadFile(dir + "/cpu.cfs_quota_us");
      std::optional<std::string> period = ReadFile(dir + "/cpu.cfs_period_us");
      if (!quota || !period) return std::nullopt;
      return QuotaFromCfs(*quota, *period);
    });
  }
  mount = FindMount(mountinfo, false);
  path = FindPath(proc_self_cgroup, false);
  if (!mount || !path) return std::nullopt;
  return SmallestOnTheWayUp(*mount, *path, fs_root, [](const std::string& dir) -> std::optional<double> {
    std::optional<std::string> cpu_max = ReadFile(dir + "/cpu.max");
    if (!cpu_max) return std::nullopt;
    return QuotaFromCpuMax(*cpu_max);
  });
}

}  // namespace cgroup

int UsableCores() {
  long online = sysconf(_SC_NPROCESSORS_ONLN);
  long cores = online > 0 ? online : 1;
  cpu_set_t set;
  CPU_ZERO(&set);
  // Fails beyond CPU_SETSIZE (1024) cores; the count online stands then.
  if (sched_getaffinity(0, sizeof(set), &set) == 0) {
    long allowed = CPU_COUNT(&set);
    if (allowed > 0) cores = std::min(cores, allowed);
  }
  std::optional<std::string> proc_cgroup = cgroup::ReadFile("/proc/self/cgroup");
  std::optional<std::string> mountinfo = cgroup::ReadFile("/proc/self/mountinfo");
  if (proc_cgroup && mountinfo) {
    if (std::optional<double> quota = cgroup::CpuQuota(*proc_cgroup, *mountinfo, "")) {
      long limit = static_cast<long>(std::ceil(*quota - 1e-9));
      cores = std::min(cores, std::max(1L, limit));
    }
  }
  return static_cast<int>(cores);
}

}  // namespace tfstream::cli
