// A cheap look at one resource change element for the render pass: reads it
// only as far as its first "change"."actions", to tell whether the action by
// itself already makes the block one Terraform prints. When it does, the
// worker can hand the element to yajl straight away instead of first scanning
// all of it for the full ResourceFacts (most of an element is its before and
// after values, which come after the actions).
//
// The answer is only a guess about which path is cheaper, never the decision:
// a later repeated "change", "actions" or "mode" key can still hide the block,
// and the worker decides on the parsed tree (ExtractResourceChange reads
// repeated keys as ScanResourceFacts does, so that decision is the
// pre-scan's).
#pragma once

#include <string_view>

namespace tfstream::stream {

// Whether the element at `raw` (one resource change object, whose structure
// and fact fields the pre-scan has already checked) is printed whatever its
// moved/importing facts say, judging by its first "change"."actions": any
// recognised action but no-op, and a delete only when a "mode" key before it
// said "managed". False when unsure: no-op, an unrecognised or missing list,
// anything the scan does not expect.
bool ActionAloneShowsBlock(std::string_view raw);

}  // namespace tfstream::stream
