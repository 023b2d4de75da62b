#include "stream/change_cursor.h"

#include "stream/json_value.h"

namespace tfstream::stream {
namespace {

size_t SkipSpace(std::string_view doc, size_t p) {
  while (p < doc.size() && (doc[p] == ' ' || doc[p] == '\n' || doc[p] == '\r' || doc[p] == '\t')) ++p;
  return p;
}

}  // namespace

ChangeCursor::ChangeCursor(std::string_view doc, ByteRange range, std::function<void(uint64_t)> done_before)
    : doc_(doc), done_before_(std::move(done_before)) {
  if (!range.present) return;
  size_t p = SkipSpace(doc_, range.begin);
  // A null resource_changes holds no element.
  if (p >= range.end || doc_[p] != '[') return;
  present_ = true;
  pos_ = p + 1;
  end_ = range.end;
}

bool ChangeCursor::Next() {
  if (!present_ || !status_.ok()) return false;
  size_t p = SkipSpace(doc_, pos_);
  if (p >= end_ || doc_[p] == ']') {
    present_ = false;
    return false;
  }
  if (doc_[p] == ',') p = SkipSpace(doc_, p + 1);
  // The scan of the facts ends where the element does: one pass finds both.
  facts_.Clear();
  JsonScanner scan(doc_.substr(p, end_ - p), p);
  if (!ScanResourceFacts(&scan, 2, &facts_, ValueSkip::kByStructure)) {
    status_ = scan.status();
    return false;
  }
  size_t end = p + scan.pos();
  raw_ = doc_.substr(p, end - p);
  offset_ = p;
  ++count_;
  pos_ = end;
  if (done_before_) done_before_(offset_);
  return true;
}

}  // namespace tfstream::stream
