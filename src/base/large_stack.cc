#include "base/large_stack.h"

#include <pthread.h>
#include <sys/resource.h>

namespace tfstream {
namespace {

void* RunFunction(void* arg) {
  (*static_cast<const std::function<void()>*>(arg))();
  return nullptr;
}

}  // namespace

bool StackFitsAddressSpace(size_t bytes) {
  struct rlimit limit;
  if (getrlimit(RLIMIT_AS, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) return true;
  return bytes <= limit.rlim_cur / 4;
}

void RunOnLargeStack(const std::function<void()>& fn, size_t largest, size_t smallest) {
  bool started = false;
  pthread_t thread;
  void* arg = const_cast<std::function<void()>*>(&fn);
  for (size_t stack = largest; stack >= smallest && !started; stack /= 2) {
    if (!StackFitsAddressSpace(stack)) continue;
    pthread_attr_t attr;
    if (pthread_attr_init(&attr) != 0) break;
    started = pthread_attr_setstacksize(&attr, stack) == 0 && pthread_create(&thread, &attr, RunFunction, arg) == 0;
    pthread_attr_destroy(&attr);
  }
  if (started) {
    pthread_join(thread, nullptr);
  } else {
    fn();
  }
}

}  // namespace tfstream
