// What the pre-scan (pre_scan.h) reads of one element: a resource change's
// shallow facts tallied into PlanFacts, an action invocation's fields, and
// the scalar fields of the top-level object. Shared by the scan's two
// threads (pre_scan_split.h); not for use outside the pre-scan.
#pragma once

#include <cstddef>
#include <string>

#include "stream/json_scanner.h"
#include "stream/pre_scan.h"

namespace tfstream::stream {

inline bool IsNullNext(JsonScanner* s) { return s->Peek() == 'n'; }

// A string or bool field; null leaves it as it was, as Go does.
bool ReadStringField(JsonScanner* s, const char* field, std::string* out);
bool ReadBoolField(JsonScanner* s, const char* field, bool* out);

// Tallies the resource change at the cursor, an element of resource_changes
// starting at `element_at`. `last_schema` caches the schema the previous
// element needed: neighbours mostly share one.
bool ScanChangeElement(JsonScanner* s, size_t element_at, PlanFacts* facts, const ChangeHooks* hooks,
                       ValueSkip skip, ResourceFacts* rf, const SchemaKey** last_schema);

// Reads the action invocation at the cursor, an element of action_invocations.
bool ScanActionInvocation(JsonScanner* s, ActionInvocationFacts* out);

}  // namespace tfstream::stream
