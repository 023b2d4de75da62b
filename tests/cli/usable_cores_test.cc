#include "cli/usable_cores.h"

#include <catch2/catch.hpp>

#include <sched.h>
#include <stdlib.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace cgroup = tfstream::cli::cgroup;

namespace {

// A directory standing in for "/", removed at the end of the test.
class FakeRoot {
 public:
  FakeRoot() {
    std::string tmpl = (std::filesystem::temp_directory_path() / "tfstream-cgroup-XXXXXX").string();
    REQUIRE(mkdtemp(tmpl.data()) != nullptr);
    dir_ = tmpl;
  }
  ~FakeRoot() { std::filesystem::remove_all(dir_); }
  void Write(const std::string& path, const std::string& text) {
    std::filesystem::create_directories(std::filesystem::path(dir_ + path).parent_path());
    std::ofstream(dir_ + path) << text;
  }
  const std::string& dir() const { return dir_; }

 private:
  std::string dir_;
};

const char* kV2Mountinfo =
    "24 1 0:22 / /proc rw,nosuid - proc proc rw\n"
    "30 24 0:26 / /sys/fs/cgroup rw,nosuid,nodev,noexec,relatime shared:4 - cgroup2 cgroup2 rw,nsdelegate\n";

const char* kV1Mountinfo =
    "31 23 0:28 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755\n"
    "32 31 0:29 / /sys/fs/cgroup/cpu,cpuacct rw,relatime - cgroup cgroup rw,cpu,cpuacct\n"
    "34 31 0:31 / /sys/fs/cgroup/cpuset rw,relatime - cgroup cgroup rw,cpuset\n"
    "41 31 0:38 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw\n";

}  // namespace

TEST_CASE("cgroup v2 cpu.max gives the quota in cores", "[cores]") {
  CHECK(cgroup::QuotaFromCpuMax("max 100000\n") == std::nullopt);
  CHECK(cgroup::QuotaFromCpuMax("200000 100000\n") == 2.0);
  CHECK(cgroup::QuotaFromCpuMax("150000 100000") == 1.5);
  CHECK(cgroup::QuotaFromCpuMax("50000") == 0.5);  // the period defaults to 100000
  CHECK(cgroup::QuotaFromCpuMax("") == std::nullopt);
  CHECK(cgroup::QuotaFromCpuMax("abc 100000") == std::nullopt);
  CHECK(cgroup::QuotaFromCpuMax("100000 0") == std::nullopt);
}

TEST_CASE("cgroup v1 cfs quota over period gives the quota in cores", "[cores]") {
  CHECK(cgroup::QuotaFromCfs("-1\n", "100000\n") == std::nullopt);
  CHECK(cgroup::QuotaFromCfs("300000\n", "100000\n") == 3.0);
  CHECK(cgroup::QuotaFromCfs("25000", "50000") == 0.5);
  CHECK(cgroup::QuotaFromCfs("x", "100000") == std::nullopt);
}

TEST_CASE("the smallest quota on the way up from the process's cgroup counts (v2)", "[cores]") {
  FakeRoot root;
  root.Write("/sys/fs/cgroup/cpu.max", "max 100000\n");
  root.Write("/sys/fs/cgroup/kubepods/cpu.max", "400000 100000\n");
  root.Write("/sys/fs/cgroup/kubepods/pod1/cpu.max", "150000 100000\n");
  root.Write("/sys/fs/cgroup/kubepods/pod1/ctr/cpu.max", "max 100000\n");
  CHECK(cgroup::CpuQuota("0::/kubepods/pod1/ctr\n", kV2Mountinfo, root.dir()) == 1.5);
  CHECK(cgroup::CpuQuota("0::/kubepods\n", kV2Mountinfo, root.dir()) == 4.0);
  CHECK(cgroup::CpuQuota("0::/\n", kV2Mountinfo, root.dir()) == std::nullopt);
  // A cgroup namespace: the container's own cgroup is "/", its limit at the top.
  FakeRoot ns;
  ns.Write("/sys/fs/cgroup/cpu.max", "200000 100000\n");
  CHECK(cgroup::CpuQuota("0::/\n", kV2Mountinfo, ns.dir()) == 2.0);
  // Nothing mounted, or no cgroup line: no limit known.
  CHECK(cgroup::CpuQuota("0::/kubepods\n", "", root.dir()) == std::nullopt);
  CHECK(cgroup::CpuQuota("", kV2Mountinfo, root.dir()) == std::nullopt);
}

TEST_CASE("the cpu controller of cgroup v1 wins over v2 where it is mounted", "[cores]") {
  FakeRoot root;
  root.Write("/sys/fs/cgroup/cpu,cpuacct/docker/abc/cpu.cfs_quota_us", "200000\n");
  root.Write("/sys/fs/cgroup/cpu,cpuacct/docker/abc/cpu.cfs_period_us", "100000\n");
  root.Write("/sys/fs/cgroup/cpu,cpuacct/docker/cpu.cfs_quota_us", "-1\n");
  root.Write("/sys/fs/cgroup/cpu,cpuacct/docker/cpu.cfs_period_us", "100000\n");
  root.Write("/sys/fs/cgroup/unified/cpu.max", "100000 100000\n");
  const char* proc = "12:cpuset:/docker/abc\n4:cpu,cpuacct:/docker/abc\n0::/docker/abc\n";
  CHECK(cgroup::CpuQuota(proc, kV1Mountinfo, root.dir()) == 2.0);
}

TEST_CASE("a mount whose root is below the hierarchy's top maps the path under it", "[cores]") {
  FakeRoot root;
  root.Write("/sys/fs/cgroup/cpu.max", "300000 100000\n");
  root.Write("/sys/fs/cgroup/job/cpu.max", "100000 100000\n");
  const char* mountinfo = "30 24 0:26 /ci/runner /sys/fs/cgroup rw - cgroup2 cgroup2 rw\n";
  CHECK(cgroup::CpuQuota("0::/ci/runner/job\n", mountinfo, root.dir()) == 1.0);
  CHECK(cgroup::CpuQuota("0::/ci/runner\n", mountinfo, root.dir()) == 3.0);
  // A path outside the mount's root (another namespace): its top is used.
  CHECK(cgroup::CpuQuota("0::/../other\n", mountinfo, root.dir()) == 3.0);
  // Escaped mount points (\040 is a space).
  FakeRoot spaced;
  spaced.Write("/cg roup/cpu.max", "500000 100000\n");
  CHECK(cgroup::CpuQuota("0::/\n", "30 24 0:26 / /cg\\040roup rw - cgroup2 cgroup2 rw\n", spaced.dir()) == 5.0);
}

TEST_CASE("usable cores follow the CPU affinity mask", "[cores]") {
  const int all = tfstream::cli::UsableCores();
  CHECK(all >= 1);
  CHECK(all <= sysconf(_SC_NPROCESSORS_ONLN));
  cpu_set_t saved;
  REQUIRE(sched_getaffinity(0, sizeof(saved), &saved) == 0);
  int first = -1;
  for (int i = 0; i < CPU_SETSIZE && first < 0; ++i) {
    if (CPU_ISSET(i, &saved)) first = i;
  }
  REQUIRE(first >= 0);
  cpu_set_t one;
  CPU_ZERO(&one);
  CPU_SET(first, &one);
  REQUIRE(sched_setaffinity(0, sizeof(one), &one) == 0);
  const int pinned = tfstream::cli::UsableCores();
  REQUIRE(sched_setaffinity(0, sizeof(saved), &saved) == 0);
  CHECK(pinned == 1);
}
