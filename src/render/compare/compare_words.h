// The words of `tfstream --compare`: what differs about one resource, the
// summary line, the line for plans that are the same.
#pragma once

#include <string>

#include "render/compare/difference.h"

namespace tfstream::render::compare {

// "only in the new plan (create)", "the action was update and is now
// replace; the planned values differ", ...: each bit of d.what, in a fixed
// order, joined by "; ".
std::string WhatDiffers(const Difference& d);

// "aws_instance.web", "aws_instance.web (deposed object 1a2b)"; prefixed
// "drift: ", "deferred: ", "action: " or "output " by section.
std::string DifferenceLabel(const Difference& d);

// "The plans differ: 2 resource changes (1 only in the new plan, 1 changed),
// 1 output." (no newline).
std::string SummaryLine(const Totals& t);

// "The plans are the same: 12 resource changes compared." (no newline).
std::string SameLine(const Totals& t);

}  // namespace tfstream::render::compare
