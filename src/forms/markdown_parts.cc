#include "forms/markdown_parts.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>

namespace tfstream::forms {

bool TruncateUnit(const MarkdownUnit& unit, std::string_view body_start, size_t budget, size_t max_bytes,
                  std::string* out, std::string_view details_url) {
  const uint64_t total_lines = unit.long_body != nullptr
                                   ? unit.long_body->lines()
                                   : static_cast<uint64_t>(std::count(unit.body.begin(), unit.body.end(), '\n'));
  auto note = [&](size_t shown) {
    return "\n_Truncated by tfstream: this block is " + std::to_string(unit.size()) +
           " bytes, over --max-bytes=" + std::to_string(max_bytes) + "; " + std::to_string(shown) + " of " +
           std::to_string(total_lines) + " lines shown._" + FullPlanLink(details_url) + "\n";
  };
  // A body outside a fence may nest <details> sections (--group-by module):
  // those the cut leaves open are closed after the kept lines (only those
  // opened within the budget can be).
  const bool nests = unit.close.empty();
  constexpr std::string_view kOpen = "<details>", kClose = "</details>\n";
  std::string_view body = body_start.substr(0, std::min(body_start.size(), budget));
  size_t opens = 0;
  if (nests) {
    for (size_t p = body.find(kOpen); p != std::string::npos; p = body.find(kOpen, p + 1)) ++opens;
  }
  // The note is longest with every line shown: reserve that much.
  size_t fixed = unit.head.size() + unit.close.size() + note(total_lines).size() + unit.after.size() +
                 opens * kClose.size();
  if (fixed > budget) return false;
  size_t keep = 0, lines = 0, open_now = 0;
  while (keep < body.size()) {
    size_t nl = body.find('\n', keep);
    size_t next = nl == std::string::npos ? body.size() : nl + 1;
    if (fixed + next > budget) break;
    if (nests && body.substr(keep, kOpen.size()) == kOpen) ++open_now;
    if (nests && body.substr(keep, kClose.size() - 1) == kClose.substr(0, kClose.size() - 1) && open_now > 0) {
      --open_now;
    }
    keep = next;
    ++lines;
  }
  *out = unit.head;
  out->append(body.substr(0, keep));
  for (size_t i = 0; i < open_now; ++i) out->append(kClose);
  *out += unit.close + note(lines) + unit.after;
  return true;
}

std::string PartMarker(std::string_view title, size_t part) {
  std::string key;
  char hex[4];
  for (size_t i = 0; i < title.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(title[i]);
    bool dash_run = c == '-' && ((i > 0 && title[i - 1] == '-') || (i + 1 < title.size() && title[i + 1] == '-'));
    if (c == '%' || c == '<' || c == '>' || c < 0x20 || c == 0x7f || dash_run) {
      std::snprintf(hex, sizeof hex, "%%%02X", c);
      key += hex;
    } else {
      key += static_cast<char>(c);
    }
  }
  return "<!-- tfstream:" + key + ":part " + std::to_string(part) + " -->\n";
}

MarkdownParts::~MarkdownParts() {
  if (fd_ >= 0) close(fd_);
}

std::string MarkdownParts::LeftOutNote(size_t left_out) const {
  std::string note = "\n_tfstream: " + std::to_string(left_out) + " more section" + (left_out == 1 ? "" : "s") +
                     " of this plan left out (--max-parts=" + std::to_string(max_parts_) + ")._";
  return note + FullPlanLink(details_url_) + "\n";
}

size_t MarkdownParts::Limit(bool last_part) const {
  if (max_bytes_ == 0) return SIZE_MAX;
  if (!last_part) return max_bytes_;
  size_t reserve = LeftOutNote(SIZE_MAX).size();
  return reserve < max_bytes_ ? max_bytes_ - reserve : 0;
}

Status MarkdownParts::Truncate(const MarkdownUnit& unit, size_t budget, std::string* out, bool* fits) const {
  if (unit.long_body == nullptr) {
    *fits = TruncateUnit(unit, budget, max_bytes_, out, details_url_);
    return Status::Ok();
  }
  std::string start;  // what can be kept of the body: at most `budget` bytes
  Status s = unit.long_body->Read([&](std::string_view p) {
    start.append(p.substr(0, budget - start.size()));
    return start.size() < budget;
  });
  if (!s.ok()) return s;
  *fits = TruncateUnit(unit, start, budget, max_bytes_, out, details_url_);
  return Status::Ok();
}

Status MarkdownParts::Add(const MarkdownUnit& unit) {
  if (left_out_ > 0) return ++left_out_, Status::Ok();
  if (prefix_.empty()) {
    if (max_bytes_ == 0) {
      if (part_units_++ == 0) out_->Append(Heading(1));
      Status s = out_->AppendPieces([&](const buffer::PieceFn& piece) { return unit.Read(piece); });
      return s.ok() ? out_->MaybeFlush() : s;
    }
    if (part_units_ == 0) pending_ = Heading(1);
    if (part_full_) return ++left_out_, Status::Ok();
    const size_t limit = Limit(InLastPart());
    if (max_parts_ > 0 && pending_.size() + unit.size() > limit) {
      // The one document is full: cut a unit that alone is too large,
      // leave this and every later unit out otherwise.
      std::string cut;
      bool fits = false;
      if (part_units_ == 0 && limit > pending_.size()) {
        if (Status s = Truncate(unit, limit - pending_.size(), &cut, &fits); !s.ok()) return s;
      }
      if (fits) {
        pending_ += cut;
        ++part_units_;
        part_full_ = true;
        return Status::Ok();
      }
      ++left_out_;
      return Status::Ok();
    }
    if (pending_.size() + unit.size() > max_bytes_) {
      too_large_ = true;
      if (too_large_flag_ != nullptr) *too_large_flag_ = true;
      return Status::Error(
          "the Markdown output is over --max-bytes=" + std::to_string(max_bytes_) +
          " bytes; nothing was written (give --output-prefix PATH to split it into parts, or a "
          "larger --max-bytes; 0 means no limit)");
    }
    ++part_units_;
    return unit.Read([&](std::string_view p) { return pending_.append(p), true; });  // at most max_bytes
  }
  Status s;
  if (fd_ >= 0 && (part_full_ || (part_units_ > 0 && part_size_ + unit.size() > Limit(InLastPart())))) {
    if (InLastPart()) return ++left_out_, Status::Ok();
    if (!(s = ClosePart()).ok()) return s;
  }
  if (fd_ < 0 && !(s = OpenPart()).ok()) return s;
  const size_t limit = Limit(InLastPart());
  if (part_size_ + unit.size() <= limit) {
    ++part_units_;
    return WritePart(unit);
  }
  // Too large even for a part of its own: cut it, and let nothing follow it.
  std::string cut;
  bool fits = false;
  if (limit > part_size_ && !(s = Truncate(unit, limit - part_size_, &cut, &fits)).ok()) return s;
  if (!fits) {
    return Status::Error("--max-bytes=" + std::to_string(max_bytes_) +
                         " is too small to hold even a truncated block; give a larger limit");
  }
  ++part_units_;
  part_full_ = true;
  return WritePart(cut);
}

namespace {

// mkdir -p for the directories of `path` (a file's): --output-prefix
// out/plan in a fresh checkout has no out/ yet.
Status CreateParentDirectories(const std::string& path) {
  for (size_t slash = path.find('/', 1); slash != std::string::npos; slash = path.find('/', slash + 1)) {
    const std::string dir = path.substr(0, slash);
    if (mkdir(dir.c_str(), 0777) != 0 && errno != EEXIST) {
      return Status::Error("cannot create the directory " + dir + " for --output-prefix: " + std::strerror(errno));
    }
  }
  return Status::Ok();
}

}  // namespace

Status MarkdownParts::OpenPart() {
  ++parts_;
  std::string path = PartPath(parts_);
  if (parts_ == 1) {
    if (Status s = CreateParentDirectories(path); !s.ok()) return s;
  }
  fd_ = open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (fd_ < 0) return Status::Error("cannot write " + path + ": " + std::strerror(errno));
  listing_ += path + "\n";
  part_size_ = part_units_ = 0;
  part_full_ = false;
  std::string opening = Heading(parts_);
  if (parts_ > 1) opening += "_Plan continued (part " + std::to_string(parts_) + ")._\n\n";
  return WritePart(opening);
}

Status MarkdownParts::WritePart(std::string_view text) {
  part_size_ += text.size();
  while (!text.empty()) {
    ssize_t n = write(fd_, text.data(), text.size());
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return Status::Error("cannot write " + PartPath(parts_) + ": " + std::strerror(errno));
    text.remove_prefix(static_cast<size_t>(n));
  }
  return Status::Ok();
}

Status MarkdownParts::WritePart(const MarkdownUnit& unit) {
  Status written;
  Status s = unit.Read([&](std::string_view p) { return (written = WritePart(p)).ok(); });
  return s.ok() ? written : s;
}

Status MarkdownParts::ClosePart() {
  int fd = fd_;
  fd_ = -1;
  if (close(fd) != 0) return Status::Error("cannot write " + PartPath(parts_) + ": " + std::strerror(errno));
  return Status::Ok();
}

Status MarkdownParts::Flush() { return prefix_.empty() && max_bytes_ == 0 ? out_->Flush() : Status::Ok(); }

Status MarkdownParts::Finish() {
  if (prefix_.empty()) {
    if (part_units_ == 0) out_->Append(Heading(1));
    out_->Append(pending_);
    pending_.clear();
    if (left_out_ > 0) out_->Append(LeftOutNote(left_out_));
    return out_->Flush();
  }
  Status s;
  if (parts_ == 0 && !(s = OpenPart()).ok()) return s;  // an empty document is still one part
  if (left_out_ > 0 && !(s = WritePart(LeftOutNote(left_out_))).ok()) return s;
  if (fd_ >= 0 && !(s = ClosePart()).ok()) return s;
  for (size_t n = parts_ + 1;; ++n) {
    std::string stale = PartPath(n);
    struct stat st;
    if (lstat(stale.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) break;
    if (unlink(stale.c_str()) != 0)
      return Status::Error("cannot remove " + stale + ": " + std::strerror(errno));
  }
  out_->Append(listing_);
  return out_->Flush();
}

}  // namespace tfstream::forms
