// Fuzzes stream::PreScan, the validating pass over the whole plan document.
// Besides memory safety (ASan/UBSan) it checks what later stages rely on:
//   - an accepted document is one valid JSON value (JsonScanner agrees),
//     once the sections the pre-scan only skipped by structure (when it
//     records them in PlanFacts::deferred_validation) pass ValidateDeferred;
//   - every recorded section range lies inside the document, starts with the
//     right bracket and ends where the fast skip (SkipValidValue) ends it;
//   - the tallies are consistent (blocks shown <= resource changes);
//   - a rejected document carries a message and an offset inside the
//     document;
//   - a pre-scan split between two threads (pre_scan_split.h), its guess
//     searched from a point the input chooses, finds the same facts and the
//     same error as one thread.
#include <cstdint>
#include <cstdlib>
#include <cstdio>
#include <string_view>

#include "stream/json_scanner.h"
#include "stream/pre_scan.h"

using tfstream::stream::ByteRange;

namespace {

// ValidateDeferred where PlanFacts has deferred_validation (the pre-scan
// then skips unread sections by structure and they are checked later), else
// nothing to do. A template so that the call is only compiled when it exists.
template <typename Facts>
bool DeferredSectionsValid(std::string_view doc, const Facts& facts) {
  if constexpr (requires { facts.deferred_validation; }) {
    return ValidateDeferred(doc, facts).ok();  // found by argument-dependent lookup
  } else {
    return true;
  }
}

[[noreturn]] void Die(const char* what) {
  std::fprintf(stderr, "pre_scan_fuzzer: invariant broken: %s\n", what);
  std::abort();
}

void CheckRange(std::string_view doc, const ByteRange& r, char open) {
  if (!r.present) return;
  if (r.begin >= r.end || r.end > doc.size()) Die("range outside the document");
  if (doc[r.begin] != open) Die("range does not start with its bracket");
  if (tfstream::stream::SkipValidValue(doc, r.begin) != r.end) Die("range end disagrees with SkipValidValue");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view doc(reinterpret_cast<const char*>(data), size);
  tfstream::stream::PlanFacts facts;
  tfstream::Status s = tfstream::stream::PreScan(doc, &facts);

  // The split is compared wherever the input allows: its first two bytes
  // choose where the second thread starts looking for an element, the next
  // two where it looks for a later stretch before that one.
  if (size >= 2) {
    tfstream::stream::PreScanSplit split;
    split.min_bytes = 0;
    split.wait_for_second_thread = true;
    split.guess_from = 1 + (static_cast<size_t>(data[0]) << 8 | data[1]) % size;
    if (size >= 4) split.steal_from.push_back(1 + (static_cast<size_t>(data[2]) << 8 | data[3]) % split.guess_from);
    tfstream::stream::PlanFacts split_facts;
    tfstream::Status t = tfstream::stream::PreScan(doc, &split_facts, nullptr, nullptr, &split);
    if (t.ok() != s.ok() || t.message() != s.message() || t.has_offset() != s.has_offset() ||
        (s.has_offset() && t.offset() != s.offset())) {
      Die("a split pre-scan reports differently");
    }
    if (s.ok() && !(split_facts == facts)) Die("a split pre-scan finds other facts");
  }

  tfstream::stream::JsonScanner scanner(doc);
  bool valid_json = scanner.SkipValue() && scanner.AtEnd();
  if (!s.ok()) {
    // (Messages may quote input with any character: main.cc escapes them.)
    if (s.message().empty()) Die("empty error message");
    if (!s.has_offset() || s.offset() > size) Die("error offset missing or outside the document");
    return 0;
  }
  if (DeferredSectionsValid(doc, facts) != valid_json) {
    Die(valid_json ? "ValidateDeferred rejects a valid document" : "PreScan + ValidateDeferred accept invalid JSON");
  }
  if (!valid_json) return 0;
  CheckRange(doc, facts.resource_changes, '[');
  CheckRange(doc, facts.resource_drift, '[');
  CheckRange(doc, facts.output_changes, '{');
  CheckRange(doc, facts.deferred_changes, '[');
  CheckRange(doc, facts.relevant_attributes, '[');
  CheckRange(doc, facts.provider_schemas, '{');
  CheckRange(doc, facts.action_invocations, '[');
  if (facts.shown_changes > facts.resource_change_count) Die("more blocks shown than resource changes");
  if (facts.importing > facts.shown_changes) Die("more imports than blocks shown");
  for (const auto& a : facts.actions) {
    if (!a.range.present || a.range.end > size || a.range.begin >= a.range.end) Die("action range");
  }
  return 0;
}
