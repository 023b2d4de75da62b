// One pass of the pre-scan (pre_scan.h) over the document, as the scan's
// top level and its second thread (pre_scan_split.h) both drive it. Not for
// use outside the pre-scan.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string_view>

#include "base/status.h"
#include "stream/json_scanner.h"
#include "stream/pre_scan.h"
#include "stream/pre_scan_split.h"

namespace tfstream::stream {

struct SecondThread;  // pre_scan_split.cc

// One pass over the document, on one thread. The split fields are set only
// when the pass is shared between two threads (pre_scan_split.h).
struct ScanRun {
  ScanRun();
  ~ScanRun();  // joins the second thread, if one was started
  ScanRun(const ScanRun&) = delete;
  ScanRun& operator=(const ScanRun&) = delete;

  std::string_view doc;
  std::function<void(uint64_t)> progress;  // for each scanner of the pass
  const ChangeHooks* hooks = nullptr;
  bool defer = true;                   // skip by structure what can be validated later
  PreScanSplit* split = nullptr;  // may start a second thread at resource_changes
  TerraformOnlySections terraform_only = TerraformOnlySections::kRead;
  bool split_tried = false;
  std::unique_ptr<SecondThread> second;  // that thread, once started
  bool split_settled = false;           // its work taken over or dropped: no more checks
  int seen_published = 0;               // the first thread's view of second->published
  int candidate = -1;                   // the newest segment the first thread has not passed
  SkipMemo* record = nullptr;           // the second thread: where its skips ended
  const SkipMemo* replay = nullptr;     // the first thread, once it has taken them over
  const std::atomic<bool>* cancel = nullptr;  // the second thread: stop when set
};

// The members of the top-level object from the cursor on, up to its '}'.
Status ScanMembers(JsonScanner& s, PlanFacts* facts, bool first, ScanRun& run, bool* has_format_version);

}  // namespace tfstream::stream
