#include "render/compare/compare_words.h"

#include <vector>

namespace tfstream::render::compare {
namespace {

std::string Plural(size_t n, const std::string& one, const std::string& many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

std::string Quoted(const std::string& s) { return s.empty() ? "none" : s; }

}  // namespace

std::string WhatDiffers(const Difference& d) {
  std::vector<std::string> parts;
  auto in_parens = [](const std::string& action) { return action.empty() ? "" : " (" + action + ")"; };
  if (d.what & kOnlyNew) parts.push_back("only in the new plan" + in_parens(d.new_action));
  if (d.what & kOnlyOld) parts.push_back("only in the old plan" + in_parens(d.old_action));
  if (d.what & kAction) parts.push_back("the action was " + d.old_action + " and is now " + d.new_action);
  if (d.what & kPlanned) parts.push_back(d.section == Section::kDrift ? "the drifted values differ" : "the planned values differ");
  if (d.what & kPrior) parts.push_back("the prior values differ");
  if (d.what & kSensitivity) parts.push_back("the sensitivity differs");
  if (d.what & kReason) {
    parts.push_back("the action reason was " + Quoted(d.old_reason) + " and is now " + Quoted(d.new_reason));
  }
  if (d.what & kReplacePaths) parts.push_back("the attributes forcing replacement differ");
  if (d.what & kImport) parts.push_back("the import differs");
  if (d.what & kMove) {
    parts.push_back("the previous address was " + Quoted(d.old_previous_address) + " and is now " +
                    Quoted(d.new_previous_address));
  }
  if (d.what & kOther) {
    std::string fields;
    for (const std::string& f : d.other_fields) fields += (fields.empty() ? "" : ", ") + f;
    parts.push_back(d.other_fields.empty() ? "other fields differ" : "other fields differ (" + fields + ")");
  }
  std::string out;
  for (const std::string& p : parts) out += (out.empty() ? "" : "; ") + p;
  return out;
}

std::string DifferenceLabel(const Difference& d) {
  std::string label;
  switch (d.section) {
    case Section::kChange:
      break;
    case Section::kDrift:
      label = "drift: ";
      break;
    case Section::kDeferred:
      label = "deferred: ";
      break;
    case Section::kActionInvocation:
      label = "action: ";
      break;
    case Section::kOutput:
      label = "output ";
      break;
  }
  label += d.address;
  if (!d.deposed.empty()) label += " (deposed object " + d.deposed + ")";
  return label;
}

std::string SummaryLine(const Totals& t) {
  std::vector<std::string> parts;
  if (t.changes > 0) {
    std::vector<std::string> kinds;
    if (t.only_new > 0) kinds.push_back(std::to_string(t.only_new) + " only in the new plan");
    if (t.only_old > 0) kinds.push_back(std::to_string(t.only_old) + " only in the old plan");
    if (t.both > 0) kinds.push_back(std::to_string(t.both) + " planned differently");
    std::string k;
    for (const std::string& s : kinds) k += (k.empty() ? "" : ", ") + s;
    parts.push_back(Plural(t.changes, "resource change", "resource changes") + " (" + k + ")");
  }
  if (t.drift > 0) parts.push_back(Plural(t.drift, "drifted object", "drifted objects"));
  if (t.deferred > 0) parts.push_back(Plural(t.deferred, "deferred change", "deferred changes"));
  if (t.actions > 0) parts.push_back(Plural(t.actions, "action invocation", "action invocations"));
  if (t.outputs > 0) parts.push_back(Plural(t.outputs, "output", "outputs"));
  std::string out = "The plans differ: ";
  for (size_t i = 0; i < parts.size(); ++i) {
    if (i > 0) out += i + 1 == parts.size() ? " and " : ", ";
    out += parts[i];
  }
  return out + ".";
}

std::string SameLine(const Totals& t) {
  return "The plans are the same: " + Plural(t.new_count, "resource change", "resource changes") +
         " compared, none differs.";
}

}  // namespace tfstream::render::compare
