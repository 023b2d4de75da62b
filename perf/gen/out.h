// Buffered output sink for the generators: to a file descriptor, to memory,
// or count-only.
//
// Out appends bytes to a buffer. A file sink writes the buffer out when it
// fills; a memory sink grows it (data() views it); a counting sink drops it
// but bytes() stays exact, which is how gen_plan sizes a plan: it runs the
// very same emit code once counting, then once writing. JSON helpers emit
// compact JSON the way Go's encoding/json does (HTML-safe escaping of <, >,
// &). Not thread-safe; use one Out per thread.
#pragma once

#include <charconv>
#include <cstdint>
#include <cstring>
#include <string_view>

namespace tfgen {

class Out {
 public:
  static constexpr size_t kFileBuffer = 1 << 20;
  static constexpr size_t kSmallBuffer = 64 << 10;

  // Writes to fd.
  explicit Out(int fd) : Out(kFd, fd, kFileBuffer) {}
  static Out Counter() { return Out(kCount, -1, kSmallBuffer); }
  static Out Memory() { return Out(kMemory, -1, kSmallBuffer); }
  ~Out();
  Out(Out&& o) noexcept;
  Out(const Out&) = delete;
  Out& operator=(const Out&) = delete;
  Out& operator=(Out&&) = delete;

  void Put(char c) {
    if (p_ == end_) Drain(1);
    *p_++ = c;
  }
  void Put(std::string_view s) {
    size_t n = s.size();
    if (n <= 16 && end_ - p_ >= 16) {
      // Short strings (keys, words, numbers) dominate: copy them with two
      // overlapping fixed-size moves instead of a memcpy call.
      const char* d = s.data();
      if (n >= 8) {
        uint64_t a, b;
        std::memcpy(&a, d, 8);
        std::memcpy(&b, d + n - 8, 8);
        std::memcpy(p_, &a, 8);
        std::memcpy(p_ + n - 8, &b, 8);
      } else if (n >= 4) {
        uint32_t a, b;
        std::memcpy(&a, d, 4);
        std::memcpy(&b, d + n - 4, 4);
        std::memcpy(p_, &a, 4);
        std::memcpy(p_ + n - 4, &b, 4);
      } else {
        for (size_t i = 0; i < n; ++i) p_[i] = d[i];
      }
      p_ += n;
    } else if (static_cast<size_t>(end_ - p_) >= n) {
      std::memcpy(p_, s.data(), n);
      p_ += n;
    } else {
      PutSlow(s);
    }
  }
  void Int(int64_t v) {
    if (end_ - p_ < 24) Drain(24);
    p_ = std::to_chars(p_, end_, v).ptr;
  }
  void Bool(bool b) { Put(b ? std::string_view("true") : std::string_view("false")); }
  void Null() { Put(std::string_view("null")); }
  // Quoted string. REQUIRES: s needs no JSON escaping (generated vocabulary).
  void Str(std::string_view s) {
    Put('"');
    Put(s);
    Put('"');
  }
  // Quoted string with Go encoding/json escaping.
  void StrEsc(std::string_view s);
  // `"key":`. REQUIRES: key needs no escaping.
  void Key(std::string_view k) {
    Put('"');
    Put(k);
    Put(std::string_view("\":"));
  }

  uint64_t bytes() const { return flushed_ + static_cast<uint64_t>(p_ - buf_); }
  bool counting() const { return mode_ == kCount; }
  // Counts n bytes without producing them. REQUIRES: counting().
  void Skip(uint64_t n) { flushed_ += n; }
  // Memory sink: everything written since the last Reset().
  std::string_view data() const { return std::string_view(buf_, static_cast<size_t>(p_ - buf_)); }
  void Reset() {
    p_ = buf_;
    flushed_ = 0;
  }
  // File sink: writes out the buffer. Returns false once any write failed.
  bool Flush();
  bool ok() const { return !failed_; }

 private:
  enum Mode { kFd, kCount, kMemory };
  Out(Mode mode, int fd, size_t cap);
  // Makes room for at least `need` bytes.
  void Drain(size_t need);
  void PutSlow(std::string_view s);

  Mode mode_;
  int fd_;
  char* buf_;
  char* p_;
  char* end_;
  uint64_t flushed_ = 0;
  bool failed_ = false;
};

// Appends the Go-escaped body of s (no quotes) to out.
void AppendEscaped(Out& out, std::string_view s);

// Comma-separated list helper: call Next() before each element.
class Sep {
 public:
  explicit Sep(Out& out, bool first = true) : out_(out), first_(first) {}
  void Next() {
    if (!first_) out_.Put(',');
    first_ = false;
  }
  bool empty() const { return first_; }

 private:
  Out& out_;
  bool first_;
};

}  // namespace tfgen
