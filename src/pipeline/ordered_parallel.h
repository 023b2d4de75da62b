// RunOrdered: renders items on several threads and hands the results on in
// the order the items were produced, so output order never depends on timing.
// At most `window` items are in flight, which bounds memory whatever the
// input's size.
#pragma once

#include <pthread.h>
#include <time.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <memory>
#include <cstddef>
#include <mutex>
#include <vector>

#include "base/large_stack.h"
#include "base/status.h"

namespace tfstream::pipeline {

// DeepStackThread (base/large_stack.h): RunOrdered's workers; when one cannot
// be created, the work runs on the threads it has, or on the calling thread
// (whose stack main.cc made large), never on a smaller stack.
using tfstream::DeepStackThread;

// Where the threads of a RunOrdered waited, for TFSTREAM_TIMING: a core is
// idle when a worker waits for an item (the feeding thread is behind), or
// when the calling thread waits with every worker busy (for a free slot, or
// for the result at the head of the order, at the end: the last items'
// tail). Nanoseconds, summed over the threads.
struct OrderedWaits {
  std::atomic<uint64_t> worker_idle{0};   // workers waiting for an item
  std::atomic<uint64_t> worker_busy{0};   // workers working
  std::atomic<uint64_t> slot_wait{0};     // the caller, for a free slot
  std::atomic<uint64_t> tail_wait{0};     // the caller, for the last results
  std::atomic<uint64_t> consume{0};       // the caller, consuming results
  // CPU time of the workers and of the caller, over the run: wall time a
  // thread was busy but not on a core was taken by other processes.
  std::atomic<uint64_t> worker_cpu{0}, caller_cpu{0};
  static uint64_t ThreadCpu() {
    struct timespec t {};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<uint64_t>(t.tv_sec) * 1000000000u + static_cast<uint64_t>(t.tv_nsec);
  }
  static uint64_t Now() {
    return static_cast<uint64_t>(
        std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
            .count());
  }
};

// produce(push):        on the calling thread; calls push(Item) per item in
//                       order and returns a Status (push returns false when
//                       the run is stopping: then return early).
// work(worker, item, result): on worker thread `worker` (0..jobs-1).
// consume(result):      on the calling thread, in production order.
// The first error (production, work or consumption, in production order)
// stops the run and is returned; results before it have been consumed.
template <typename Item, typename Result, typename Produce, typename Work, typename Consume>
Status RunOrdered(int jobs, size_t window, Produce produce, Work work, Consume consume,
                  OrderedWaits* waits = nullptr) {
  // Adds the time since *since to *to (when counting; null: time not
  // counted) and restarts it.
  auto count = [waits](std::atomic<uint64_t>* to, uint64_t* since) {
    if (waits == nullptr) return;
    const uint64_t now = OrderedWaits::Now();
    if (to != nullptr) to->fetch_add(now - *since, std::memory_order_relaxed);
    *since = now;
  };
  uint64_t mark = waits != nullptr ? OrderedWaits::Now() : 0;  // the calling thread's
  const uint64_t caller_cpu = waits != nullptr ? OrderedWaits::ThreadCpu() : 0;
  struct Slot {
    Item item{};
    Result result{};
    Status status;
    enum State { kFree, kQueued, kDone } state = kFree;
  };
  std::vector<Slot> slots(window);
  std::mutex mu;
  std::condition_variable work_ready, slot_done;
  size_t produced = 0, taken = 0, consumed = 0;
  bool stopping = false;
  Status failure;

  auto worker_loop = [&](int id) {
    std::unique_lock<std::mutex> lock(mu);
    uint64_t since = waits != nullptr ? OrderedWaits::Now() : 0;
    const uint64_t cpu = waits != nullptr ? OrderedWaits::ThreadCpu() : 0;
    while (true) {
      work_ready.wait(lock, [&] { return stopping || taken < produced; });
      count(waits != nullptr ? &waits->worker_idle : nullptr, &since);
      if (taken >= produced) {  // stopping with nothing left to take
        if (waits != nullptr) waits->worker_cpu += OrderedWaits::ThreadCpu() - cpu;
        return;
      }
      Slot& slot = slots[taken++ % window];
      lock.unlock();
      Status s = work(id, slot.item, &slot.result);
      count(waits != nullptr ? &waits->worker_busy : nullptr, &since);
      lock.lock();
      slot.status = s;
      slot.state = Slot::kDone;
      slot_done.notify_all();
    }
  };

  // Consumes every finished result at the head of the order. REQUIRES: lock held.
  auto drain = [&](std::unique_lock<std::mutex>& lock, bool wait_all) -> bool {
    while (consumed < produced) {
      Slot& slot = slots[consumed % window];
      if (slot.state != Slot::kDone) {
        if (!wait_all) return true;
        count(nullptr, &mark);
        slot_done.wait(lock, [&] { return slot.state == Slot::kDone; });
        count(waits != nullptr ? &waits->tail_wait : nullptr, &mark);
      }
      Status s = slot.status;
      if (s.ok()) {
        lock.unlock();
        count(nullptr, &mark);
        s = consume(slot.result);
        count(waits != nullptr ? &waits->consume : nullptr, &mark);
        lock.lock();
      }
      slot.result = Result{};
      slot.state = Slot::kFree;
      ++consumed;
      if (!s.ok()) {
        failure = s;
        return false;
      }
    }
    return true;
  };

  // Worker ids stay 0..started-1 when fewer threads could be created.
  std::vector<std::unique_ptr<DeepStackThread>> threads;
  for (int i = 0; i < jobs; ++i) {
    int id = static_cast<int>(threads.size());
    auto t = std::make_unique<DeepStackThread>([&worker_loop, id] { worker_loop(id); });
    if (t->started()) threads.push_back(std::move(t));
  }
  if (threads.empty()) {
    // No thread at all: the same work and order, on this thread.
    Status stopped;
    Status produced_status = produce([&](Item item) -> bool {
      if (!stopped.ok()) return false;
      Result result{};
      Status s = work(0, item, &result);
      if (s.ok()) s = consume(result);
      if (!s.ok()) stopped = s;
      return s.ok();
    });
    return stopped.ok() ? produced_status : stopped;
  }

  auto push = [&](Item item) -> bool {
    std::unique_lock<std::mutex> lock(mu);
    if (stopping) return false;
    while (slots[produced % window].state != Slot::kFree) {
      if (!drain(lock, false)) {
        stopping = true;
        return false;
      }
      if (slots[produced % window].state == Slot::kFree) break;
      count(nullptr, &mark);
      slot_done.wait(lock);
      count(waits != nullptr ? &waits->slot_wait : nullptr, &mark);
    }
    Slot& slot = slots[produced % window];
    slot.item = std::move(item);
    slot.state = Slot::kQueued;
    ++produced;
    work_ready.notify_one();
    return true;
  };

  Status produced_status = produce(push);
  {
    std::unique_lock<std::mutex> lock(mu);
    if (!stopping && !drain(lock, true)) stopping = true;
    stopping = true;
    // Let workers finish what they took; results after a failure are dropped.
    work_ready.notify_all();
  }
  for (auto& t : threads) t->Join();
  if (waits != nullptr) waits->caller_cpu += OrderedWaits::ThreadCpu() - caller_cpu;
  if (!failure.ok()) return failure;
  return produced_status;
}

}  // namespace tfstream::pipeline
