#include "gen/out.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>

namespace tfgen {
namespace {

// true for bytes that Go's encoding/json escapes (HTML-safe mode); 0xE2 may
// start U+2028 / U+2029.
struct EscapeTable {
  bool esc[256];
  constexpr EscapeTable() : esc() {
    for (int i = 0; i < 0x20; ++i) esc[i] = true;
    esc[static_cast<unsigned char>('"')] = true;
    esc[static_cast<unsigned char>('\\')] = true;
    esc[static_cast<unsigned char>('<')] = true;
    esc[static_cast<unsigned char>('>')] = true;
    esc[static_cast<unsigned char>('&')] = true;
    esc[0xE2] = true;
  }
};
constexpr EscapeTable kEscape;

constexpr uint64_t kOnes = 0x0101010101010101ULL;
constexpr uint64_t kHigh = 0x8080808080808080ULL;

inline uint64_t HasByte(uint64_t x, uint8_t b) {
  uint64_t y = x ^ (kOnes * b);
  return (y - kOnes) & ~y & kHigh;
}

// Nonzero when any of the 8 bytes of w needs escaping (may over-report).
inline uint64_t WordNeedsEscape(uint64_t w) {
  uint64_t lt = (w - kOnes * 0x20) & ~w & kHigh;
  return lt | HasByte(w, '"') | HasByte(w, '\\') | HasByte(w, '<') | HasByte(w, '>') | HasByte(w, '&') |
         HasByte(w, 0xE2);
}

}  // namespace

Out::Out(Mode mode, int fd, size_t cap) : mode_(mode), fd_(fd) {
  buf_ = static_cast<char*>(std::malloc(cap));
  if (buf_ == nullptr) std::abort();
  p_ = buf_;
  end_ = buf_ + cap;
}

Out::Out(Out&& o) noexcept
    : mode_(o.mode_),
      fd_(o.fd_),
      buf_(o.buf_),
      p_(o.p_),
      end_(o.end_),
      flushed_(o.flushed_),
      failed_(o.failed_) {
  o.buf_ = o.p_ = o.end_ = nullptr;
}

Out::~Out() {
  if (buf_ == nullptr) return;
  if (mode_ == kFd) Flush();
  std::free(buf_);
}

bool Out::Flush() {
  size_t n = static_cast<size_t>(p_ - buf_);
  if (mode_ == kMemory) return true;
  if (mode_ == kFd && !failed_) {
    const char* q = buf_;
    while (n > 0) {
      ssize_t w = ::write(fd_, q, n);
      if (w < 0) {
        if (errno == EINTR) continue;
        failed_ = true;
        break;
      }
      q += w;
      n -= static_cast<size_t>(w);
    }
  }
  flushed_ += static_cast<uint64_t>(p_ - buf_);
  p_ = buf_;
  return !failed_;
}

void Out::Drain(size_t need) {
  if (mode_ != kMemory) {
    Flush();
    if (static_cast<size_t>(end_ - p_) >= need) return;
  }
  size_t used = static_cast<size_t>(p_ - buf_);
  size_t cap = static_cast<size_t>(end_ - buf_);
  size_t want = std::max(cap * 2, used + need);
  char* nb = static_cast<char*>(std::realloc(buf_, want));
  if (nb == nullptr) std::abort();
  buf_ = nb;
  p_ = nb + used;
  end_ = nb + want;
}

void Out::PutSlow(std::string_view s) {
  if (mode_ == kMemory) {
    Drain(s.size());
    std::memcpy(p_, s.data(), s.size());
    p_ += s.size();
    return;
  }
  while (!s.empty()) {
    if (p_ == end_) Drain(1);
    size_t n = std::min(s.size(), static_cast<size_t>(end_ - p_));
    std::memcpy(p_, s.data(), n);
    p_ += n;
    s.remove_prefix(n);
  }
}

void AppendEscaped(Out& out, std::string_view s) {
  static const char kHex[] = "0123456789abcdef";
  const char* d = s.data();
  size_t n = s.size(), start = 0, i = 0;
  while (i < n) {
    // Skip clean 8-byte words.
    while (i + 8 <= n) {
      uint64_t w;
      std::memcpy(&w, d + i, 8);
      if (WordNeedsEscape(w)) break;
      i += 8;
    }
    size_t stop = std::min(n, i + 8);
    for (; i < stop; ++i) {
      unsigned char c = static_cast<unsigned char>(d[i]);
      if (!kEscape.esc[c]) continue;
      if (c == 0xE2) {
        if (i + 2 < n && static_cast<unsigned char>(d[i + 1]) == 0x80 &&
            (static_cast<unsigned char>(d[i + 2]) == 0xA8 || static_cast<unsigned char>(d[i + 2]) == 0xA9)) {
          out.Put(s.substr(start, i - start));
          out.Put(d[i + 2] == static_cast<char>(0xA8) ? std::string_view("\\u2028")
                                                      : std::string_view("\\u2029"));
          i += 2;
          start = i + 1;
        }
        continue;
      }
      out.Put(s.substr(start, i - start));
      switch (c) {
        case '"':
          out.Put(std::string_view("\\\""));
          break;
        case '\\':
          out.Put(std::string_view("\\\\"));
          break;
        case '\n':
          out.Put(std::string_view("\\n"));
          break;
        case '\r':
          out.Put(std::string_view("\\r"));
          break;
        case '\t':
          out.Put(std::string_view("\\t"));
          break;
        default: {
          char u[6] = {'\\', 'u', '0', '0', kHex[c >> 4], kHex[c & 15]};
          out.Put(std::string_view(u, 6));
        }
      }
      start = i + 1;
    }
  }
  out.Put(s.substr(start));
}

void Out::StrEsc(std::string_view s) {
  // Worst case every byte becomes \u00XX; reserve that and write in place.
  size_t need = s.size() * 6 + 2;
  if (static_cast<size_t>(end_ - p_) < need) Drain(need);
  static const char kHex[] = "0123456789abcdef";
  const char* d = s.data();
  size_t n = s.size(), i = 0;
  char* q = p_;
  *q++ = '"';
  while (i < n) {
    if (i + 8 <= n) {
      uint64_t w;
      std::memcpy(&w, d + i, 8);
      if (!WordNeedsEscape(w)) {
        std::memcpy(q, &w, 8);
        q += 8;
        i += 8;
        continue;
      }
    }
    size_t stop = std::min(n, i + 8);
    for (; i < stop; ++i) {
      unsigned char c = static_cast<unsigned char>(d[i]);
      if (!kEscape.esc[c]) {
        *q++ = static_cast<char>(c);
        continue;
      }
      switch (c) {
        case '"':
          *q++ = '\\';
          *q++ = '"';
          break;
        case '\\':
          *q++ = '\\';
          *q++ = '\\';
          break;
        case '\n':
          *q++ = '\\';
          *q++ = 'n';
          break;
        case '\r':
          *q++ = '\\';
          *q++ = 'r';
          break;
        case '\t':
          *q++ = '\\';
          *q++ = 't';
          break;
        case 0xE2:
          if (i + 2 < n && static_cast<unsigned char>(d[i + 1]) == 0x80 &&
              (static_cast<unsigned char>(d[i + 2]) == 0xA8 ||
               static_cast<unsigned char>(d[i + 2]) == 0xA9)) {
            std::memcpy(q, d[i + 2] == static_cast<char>(0xA8) ? "\\u2028" : "\\u2029", 6);
            q += 6;
            i += 2;
          } else {
            *q++ = static_cast<char>(c);
          }
          break;
        default:
          *q++ = '\\';
          *q++ = 'u';
          *q++ = '0';
          *q++ = '0';
          *q++ = kHex[c >> 4];
          *q++ = kHex[c & 15];
      }
    }
  }
  *q++ = '"';
  p_ = q;
}

}  // namespace tfgen
