// JsonScanner: a validating, non-allocating cursor over JSON text, used by the
// pre-scan to walk the document and by the render pass to find values it
// skips. It accepts exactly what Go's encoding/json accepts (invalid UTF-8 in
// strings included, which Go replaces when decoding) and bounds nesting at
// Go's limit of 10000 levels, so nothing deeper ever reaches a recursive
// consumer.
//
// Views returned point into the scanned text.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "base/status.h"

namespace tfstream::stream {

struct ByteRange {
  uint64_t begin = 0;
  uint64_t end = 0;
  bool present = false;
  uint64_t size() const { return end - begin; }
  bool operator==(const ByteRange&) const = default;
};

class JsonScanner {
 public:
  static constexpr int kMaxDepth = 10000;

  // `base` is the input offset of text[0], for error messages.
  explicit JsonScanner(std::string_view text, uint64_t base = 0) : text_(text), base_(base) {}

  size_t pos() const { return pos_; }
  // Moves the cursor; REQUIRES: pos <= text().size().
  void Seek(size_t pos) { pos_ = pos; }
  // Moves the cursor forward past bytes skipped some other way, telling the
  // OnProgress callback as scanning them would have.
  void Advance(size_t pos) {
    pos_ = pos;
    if (pos_ >= next_progress_) Progress();
  }
  // Goes on over `text`, a longer view of the same bytes (more of a document
  // still arriving), from `pos`, with no error: a read that failed, or may
  // have ended early, where the bytes ran out is tried again over more.
  void Resume(std::string_view text, size_t pos) {
    text_ = text;
    pos_ = pos;
    status_ = Status();
  }
  uint64_t offset() const { return base_ + pos_; }
  std::string_view text() const { return text_; }
  bool AtEnd() { SkipWhitespace(); return pos_ >= text_.size(); }

  void SkipWhitespace() {
    // Plans are mostly compact: any byte above ' ' is not whitespace.
    if (pos_ < text_.size() && static_cast<unsigned char>(text_[pos_]) > ' ') return;
    while (pos_ < text_.size()) {
      char c = text_[pos_];
      if (c != ' ' && c != '\n' && c != '\r' && c != '\t') break;
      ++pos_;
    }
  }
  // The next non-whitespace byte, or 0 at the end.
  char Peek() {
    SkipWhitespace();
    return pos_ < text_.size() ? text_[pos_] : '\0';
  }
  // Consumes `c` (after whitespace) or fails with "expected <what>".
  bool Expect(char c, const char* what);

  // Validates and skips one value of any kind.
  // `outer_depth` is the number of containers already open around the value.
  bool SkipValue(int outer_depth = 0);
  // For tests: whether SkipValue may use its AVX2 build (when the CPU has
  // AVX2), so that the SSE2 one can be checked on the same machine.
  static void AllowAvx2(bool allowed);
  // Skips one value by its structure alone (structural_skip.h), without
  // validating it, but still failing on nesting deeper than kMaxDepth or a
  // value that never ends. Tells OnProgress as it goes.
  bool SkipStructurally(int outer_depth = 0);
  // As SkipStructurally, but a value that never ends or nests too deep
  // leaves the cursor where it was and no error: a validating skip
  // (SkipValue) can then say what is wrong, at the right offset.
  bool TrySkipStructurally(int outer_depth = 0);
  // Reads a string token; *raw is its text between the quotes, undecoded.
  bool ReadStringRaw(std::string_view* raw);
  // Reads a string token and decodes it as Go does.
  bool ReadString(std::string* out);
  // Object iteration: BeginObject, then `bool first = true;` and NextMember
  // until it returns false; ok() then tells the end of the object from an
  // error. NextMember leaves the cursor at the member's value.
  bool BeginObject(const char* what);
  bool NextMember(bool* first, std::string* key);
  // As NextMember, but *key is a view valid until the next call on this
  // scanner: into the text when the key needs no decoding (plain ASCII, no
  // escapes), else into a buffer of the scanner holding Go's decoding.
  bool NextKey(bool* first, std::string_view* key);
  bool BeginArray(const char* what);
  bool NextElement(bool* first);

  // Calls `fn(offset)` each time the cursor has advanced by about `interval`
  // bytes, so the caller can give back input it no longer needs.
  void OnProgress(size_t interval, std::function<void(uint64_t)> fn) {
    progress_interval_ = interval;
    progress_ = std::move(fn);
    next_progress_ = pos_ + interval;
  }

  bool ok() const { return status_.ok(); }
  const Status& status() const { return status_; }
  bool Fail(const std::string& message) { return FailAt(pos_, message); }
  bool FailAt(size_t at, const std::string& message);

 private:
  // SkipValue's loop (json_scanner_skip_value.h), over a string scan for
  // one instruction set; SkipValueAvx2 is its AVX2 build, used when the CPU
  // has it (json_scanner_avx2.cc).
  template <typename Strings>
  bool SkipValueWith(int outer_depth);
  bool SkipValueAvx2(int outer_depth);
  static bool UseAvx2();
  enum class ValueError {
    kEndInValue, kTooDeep, kNotAValue, kEndAfterValue, kNoCommaInObject, kNoCommaInArray, kNoKey, kNoColon,
  };
  // Out of line, so that the loop's builds share no inline code.
  bool FailValue(ValueError what, size_t at);
  void ReportProgress(size_t at);

  bool SkipString();
  bool SkipStringTail(size_t i);
  // ReadStringRaw, also telling whether the body is plain ASCII without
  // escapes (false when unsure).
  bool ReadStringRawPlain(std::string_view* raw, bool* plain);
  // Cold paths, out of line so that the hot ones need no string temporaries.
  [[gnu::cold]] bool FailFound(const char* what);  // `what` + the byte at the cursor
  [[gnu::cold]] bool FailText(const char* message);
  [[gnu::cold]] bool DecodeKey(std::string_view raw, std::string_view* key);
  bool SkipNumber();
  bool SkipLiteral(std::string_view word);

  std::string_view text_;
  uint64_t base_;
  size_t pos_ = 0;
  void Progress() {
    if (pos_ >= next_progress_ && progress_) {
      progress_(base_ + pos_);
      next_progress_ = pos_ + progress_interval_;
    }
  }

  Status status_;
  std::string key_buffer_;  // NextKey's decoded key
  size_t progress_interval_ = 0;
  size_t next_progress_ = ~size_t{0};
  std::function<void(uint64_t)> progress_;
};

// How a scan passes over values it does not read: validating them, or only
// finding their ends (structural_skip.h), where validation is another pass's
// job, before (text a JsonScanner has validated) or after.
enum class ValueSkip { kValidate, kByStructure };

// Calls fn(key, value range) for each member of the object at `range` of
// `text`, in document order, repeated keys included; `what` names the
// object in the error when it is not one.
template <typename Fn>
Status ForEachMemberRange(std::string_view text, ByteRange range, const char* what, Fn fn,
                          ValueSkip skip = ValueSkip::kValidate) {
  JsonScanner inner(text.substr(range.begin, range.size()), range.begin);
  if (!inner.BeginObject(what)) return inner.status();
  bool first = true;
  std::string key;
  while (inner.NextMember(&first, &key)) {
    inner.SkipWhitespace();
    size_t begin = inner.pos();
    const bool skipped = skip == ValueSkip::kValidate ? inner.SkipValue(2) : inner.SkipStructurally(2);
    if (!skipped) return inner.status();
    fn(key, ByteRange{range.begin + begin, range.begin + inner.pos(), true});
  }
  return inner.status();
}

// One occurrence of a key naming a Go map field, as encoding/json decodes it
// into the map already there: an object (`occurrence.present`) adds its
// members to the earlier ones, null (absent) empties the map. *objects holds
// the objects to index, in document order.
inline void AddMapObject(const ByteRange& occurrence, std::vector<ByteRange>* objects) {
  if (occurrence.present) {
    objects->push_back(occurrence);
  } else {
    objects->clear();
  }
}

// Indexes the members of the object at `range` as key -> value range into
// *out; a later key replaces an earlier one, as decoding into a Go map does.
template <typename Map>
Status IndexObjectMembers(std::string_view text, ByteRange range, const char* what, Map* out,
                          ValueSkip skip = ValueSkip::kValidate) {
  return ForEachMemberRange(
      text, range, what, [out](const std::string& key, ByteRange value) { (*out)[key] = value; }, skip);
}

// The end of the value starting at `pos` (after any whitespace has been
// skipped) in text already validated by a JsonScanner: a fast skip for
// passes that come after validation.
size_t SkipValidValue(std::string_view text, size_t pos);

// Has `s` give back, by range, the input it passes: release(*from, at) about
// every `interval` bytes, *from then moving to `at`. The caller gives back
// the rest, [*from, end), when it is done. Nothing when release is empty;
// `release` and `from` must outlive the scan.
void ReleaseBehind(JsonScanner* s, size_t interval, const std::function<void(uint64_t, uint64_t)>& release,
                   uint64_t* from);

// Describes a byte for an error message: 'x', "byte 0xff", "end of input",
// or a byte order mark at the start of `text`.
std::string DescribeByte(std::string_view text, size_t pos);

}  // namespace tfstream::stream
