#include "pipeline/ordered_parallel.h"

#include <catch2/catch.hpp>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <string>
#include <thread>
#include <vector>

using tfstream::Status;
using tfstream::pipeline::DeepStackThread;
using tfstream::pipeline::RunOrdered;

namespace {

// Work that finishes out of order: later items are faster.
Status SlowWork(int, const int& item, std::string* out) {
  std::this_thread::sleep_for(std::chrono::microseconds((200 - item % 200) * 5));
  *out = std::to_string(item);
  return Status::Ok();
}

// pthread_create that fails (as with no memory for the stack) after the
// first `g_creatable` calls.
std::atomic<int> g_creatable{0};
int FailingCreate(pthread_t* t, const pthread_attr_t* attr, void* (*fn)(void*), void* arg) {
  if (g_creatable.fetch_sub(1) <= 0) return EAGAIN;
  return pthread_create(t, attr, fn, arg);
}

// Substitutes FailingCreate for the scope.
struct CreateFails {
  explicit CreateFails(int creatable) {
    g_creatable = creatable;
    DeepStackThread::create = &FailingCreate;
  }
  ~CreateFails() { DeepStackThread::create = &pthread_create; }
};

}  // namespace

TEST_CASE("RunOrdered consumes results in production order whatever the timing", "[ordered]") {
  for (int jobs : {1, 2, 4}) {
    std::vector<std::string> seen;
    Status s = RunOrdered<int, std::string>(
        jobs, 8,
        [](auto push) {
          for (int i = 0; i < 500; ++i) push(i);
          return Status::Ok();
        },
        SlowWork,
        [&](std::string& r) {
          seen.push_back(r);
          return Status::Ok();
        });
    REQUIRE(s.ok());
    REQUIRE(seen.size() == 500);
    for (int i = 0; i < 500; ++i) REQUIRE(seen[static_cast<size_t>(i)] == std::to_string(i));
  }
}

TEST_CASE("RunOrdered stops at the first failing item and keeps everything before it", "[ordered]") {
  std::vector<int> seen;
  Status s = RunOrdered<int, int>(
      2, 4,
      [](auto push) {
        for (int i = 0; i < 1000; ++i) {
          if (!push(i)) break;
        }
        return Status::Ok();
      },
      [](int, const int& item, int* out) {
        *out = item;
        return item == 37 ? Status::Error("bad item 37") : Status::Ok();
      },
      [&](int& r) {
        seen.push_back(r);
        return Status::Ok();
      });
  REQUIRE_FALSE(s.ok());
  CHECK(s.message() == "bad item 37");
  REQUIRE(seen.size() == 37);
  for (int i = 0; i < 37; ++i) CHECK(seen[static_cast<size_t>(i)] == i);
}

TEST_CASE("RunOrdered reports a production error after the items before it", "[ordered]") {
  std::vector<int> seen;
  Status s = RunOrdered<int, int>(
      2, 4,
      [](auto push) {
        for (int i = 0; i < 10; ++i) push(i);
        return Status::Error("truncated input");
      },
      [](int, const int& item, int* out) {
        *out = item;
        return Status::Ok();
      },
      [&](int& r) {
        seen.push_back(r);
        return Status::Ok();
      });
  CHECK(s.message() == "truncated input");
  CHECK(seen.size() == 10);
}

TEST_CASE("RunOrdered works on the calling thread when no thread can be created", "[ordered]") {
  CreateFails fails(0);
  DeepStackThread probe([] {});
  REQUIRE_FALSE(probe.started());
  std::vector<std::string> seen;
  Status s = RunOrdered<int, std::string>(
      4, 8,
      [](auto push) {
        for (int i = 0; i < 100; ++i) push(i);
        return Status::Ok();
      },
      SlowWork,
      [&](std::string& r) {
        seen.push_back(r);
        return Status::Ok();
      });
  REQUIRE(s.ok());
  REQUIRE(seen.size() == 100);
  for (int i = 0; i < 100; ++i) REQUIRE(seen[static_cast<size_t>(i)] == std::to_string(i));
}

TEST_CASE("RunOrdered without threads still stops at the first failure", "[ordered]") {
  CreateFails fails(0);
  std::vector<int> seen;
  int worked = 0;
  Status s = RunOrdered<int, int>(
      2, 4,
      [](auto push) {
        for (int i = 0; i < 1000; ++i) {
          if (!push(i)) break;
        }
        return Status::Ok();
      },
      [&](int worker, const int& item, int* out) {
        CHECK(worker == 0);
        ++worked;
        *out = item;
        return item == 37 ? Status::Error("bad item 37") : Status::Ok();
      },
      [&](int& r) {
        seen.push_back(r);
        return Status::Ok();
      });
  CHECK(s.message() == "bad item 37");
  CHECK(worked == 38);
  REQUIRE(seen.size() == 37);
}

TEST_CASE("RunOrdered uses the threads it could create, with worker ids from 0", "[ordered]") {
  CreateFails fails(1);
  std::atomic<int> bad_worker{0};
  std::vector<std::string> seen;
  Status s = RunOrdered<int, std::string>(
      3, 8,
      [](auto push) {
        for (int i = 0; i < 200; ++i) push(i);
        return Status::Ok();
      },
      [&](int worker, const int& item, std::string* out) {
        if (worker != 0) ++bad_worker;
        return SlowWork(worker, item, out);
      },
      [&](std::string& r) {
        seen.push_back(r);
        return Status::Ok();
      });
  REQUIRE(s.ok());
  CHECK(bad_worker == 0);
  REQUIRE(seen.size() == 200);
  for (int i = 0; i < 200; ++i) REQUIRE(seen[static_cast<size_t>(i)] == std::to_string(i));
}
