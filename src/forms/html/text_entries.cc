#include "forms/html/text_entries.h"

#include "forms/module_tree.h"
#include "stream/json_scanner.h"
#include "stream/plan_action.h"
#include "stream/pre_scan.h"

namespace tfstream::forms::html {

std::string StateBlockAddress(std::string_view line) {
  if (line.starts_with("# ")) line.remove_prefix(2);
  if (line.ends_with(":")) return std::string(line.substr(0, line.size() - 1));
  if (line.ends_with(": (tainted)")) return std::string(line.substr(0, line.size() - 11));
  size_t deposed = line.rfind(": (deposed object ");
  if (deposed != std::string_view::npos) {
    return std::string(line.substr(0, deposed)) + std::string(line.substr(deposed + 1));
  }
  return std::string(line);
}

void TextEntries::Observe(uint64_t position, std::string_view block, const buffer::BlockOrigin& origin) {
  size_t lead = 0;
  while (lead < block.size() && block[lead] == '\n') ++lead;
  if (lead == block.size()) return;  // nothing but empty lines: stays text
  Block b;
  b.begin = position + lead;
  b.end = position + block.size();
  b.section = origin.section;
  if (!origin.element.empty()) {
    stream::ResourceFacts rf;
    stream::JsonScanner scan(origin.element, origin.element_offset);
    // The run has rendered the element, so it reads; if not, the block
    // keeps an empty address rather than failing the report.
    if (stream::ScanResourceFacts(&scan, 2, &rf, stream::ValueSkip::kByStructure)) {
      b.address = rf.address;
      if (!rf.deposed.empty()) {
        b.address += " (deposed object ";
        b.address += rf.deposed;
        b.address += ")";
      }
      stream::PlanAction action;
      if (stream::PlanActionFromList(rf.actions, &action)) b.action = stream::ActionWord(action);
    }
  } else if (!origin.address.empty()) {
    b.address = origin.address;
    b.action = origin.action;
  } else {
    std::string_view first = block.substr(lead);
    first = first.substr(0, first.find('\n'));
    b.address = StateBlockAddress(first);
  }
  b.module = ModuleOfAddress(b.address);
  bool tallied = false;
  for (Tally& t : tallies_) {
    if (t.section == b.section && t.action == b.action) {
      ++t.count;
      tallied = true;
      break;
    }
  }
  if (!tallied) tallies_.push_back({b.section, b.action, 1});
  blocks_.push_back(std::move(b));
}

void TextEntries::EndOpen() {
  if (open_ == Open::kNone) return;
  open_ = Open::kNone;
  Status s = report_->EndEntry();
  if (status_.ok()) status_ = s;
}

void TextEntries::Consume(std::string_view text) {
  while (!text.empty()) {
    if (!blocks_.empty() && position_ >= blocks_.front().begin) {
      const Block& b = blocks_.front();
      if (open_ == Open::kText) EndOpen();
      if (open_ == Open::kNone) {
        report_->StartEntry({EntryKind::kBlock, b.section, b.address, b.action, b.module});
        open_ = Open::kBlock;
      }
      size_t n = static_cast<size_t>(std::min<uint64_t>(text.size(), b.end - position_));
      report_->AppendText(text.substr(0, n));
      text.remove_prefix(n);
      position_ += n;
      if (position_ == b.end) {
        EndOpen();
        blocks_.pop_front();
      }
      continue;
    }
    uint64_t limit = blocks_.empty() ? UINT64_MAX : blocks_.front().begin;
    size_t n = static_cast<size_t>(std::min<uint64_t>(text.size(), limit - position_));
    if (open_ == Open::kNone) {
      report_->StartEntry({EntryKind::kText, "other", {}, {}, {}});
      open_ = Open::kText;
    }
    report_->AppendText(text.substr(0, n));
    text.remove_prefix(n);
    position_ += n;
  }
}

Status TextEntries::Finish() {
  EndOpen();
  return status_;
}

size_t TextEntries::Count(std::string_view section, std::string_view action) const {
  size_t n = 0;
  for (const Tally& t : tallies_) {
    if (t.section == section && (action.empty() || t.action == action)) n += t.count;
  }
  return n;
}

}  // namespace tfstream::forms::html
