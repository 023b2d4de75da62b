#include "forms/markdown_block.h"

#include <algorithm>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "render/computed/palette.h"

namespace tfstream::forms {
namespace {

constexpr char kOpen = render::Palette::kSymbolOpen;
constexpr char kClose = render::Palette::kSymbolClose;

std::string_view Trim(std::string_view s) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  return s;
}

// The symbol a line starts with (after its indentation), and where the mark
// ends; false when the line does not start with a mark.
bool LeadingSymbol(std::string_view line, size_t* indent, std::string_view* inner, size_t* close) {
  size_t sp = line.find_first_not_of(' ');
  if (sp == std::string_view::npos || line[sp] != kOpen) return false;
  size_t end = line.find(kClose, sp + 1);  // memchr
  if (end == std::string_view::npos) return false;
  *indent = sp;
  *inner = line.substr(sp + 1, end - sp - 1);
  *close = end;
  return true;
}

// Whether p[0..n) holds a mark (kOpen or kClose: the only bytes >= 0xfe,
// which UTF-8 never uses), 16 bytes at a time.
bool HasMark(const char* p, size_t n) {
  size_t i = 0;
#if defined(__SSE2__)
  const __m128i limit = _mm_set1_epi8(static_cast<char>(kClose));
  auto marked = [&](size_t at) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + at));
    return _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_max_epu8(v, limit), v)) != 0;
  };
  if (n >= 16) {
    for (; i + 16 <= n; i += 16) {
      if (marked(i)) return true;
    }
    return i < n && marked(n - 16);  // the last bytes, in a block overlapping the one before
  }
#endif
  for (; i < n; ++i) {
    if (p[i] == kOpen || p[i] == kClose) return true;
  }
  return false;
}

void AppendConvertedLine(std::string_view line, std::string* out) {
  size_t indent, close;
  std::string_view inner;
  size_t start = out->size();
  if (LeadingSymbol(line, &indent, &inner, &close)) {
    std::string_view symbol = Trim(inner);
    out->append(symbol);
    out->append(indent + inner.size() - symbol.size(), ' ');
    line.remove_prefix(close + 1);
  }
  out->append(line);
  // Marks anywhere else (none in Terraform's layout) are dropped too; most
  // lines have none, which one pass over the line tells.
  if (HasMark(out->data() + start, out->size() - start)) {
    out->erase(std::remove_if(out->begin() + static_cast<std::ptrdiff_t>(start), out->end(),
                              [](char c) { return c == kOpen || c == kClose; }),
               out->end());
  }
  out->push_back('\n');
}

// The longest run of backticks in `s`, jumping from one to the next.
size_t LongestBacktickRun(std::string_view s) {
  size_t longest = 0;
  const char* p = s.data();
  const char* end = p + s.size();
  while ((p = static_cast<const char*>(std::memchr(p, '`', static_cast<size_t>(end - p)))) != nullptr) {
    const char* q = p;
    while (q < end && *q == '`') ++q;
    longest = std::max(longest, static_cast<size_t>(q - p));
    p = q;
  }
  return longest;
}

}  // namespace

namespace {

// Where the first mark at or after `from` is, or n.
size_t FindMark(const char* p, size_t from, size_t n) {
  size_t i = from;
#if defined(__SSE2__)
  const __m128i limit = _mm_set1_epi8(static_cast<char>(kClose));
  for (; i + 16 <= n; i += 16) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i));
    const unsigned bits = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_max_epu8(v, limit), v)));
    if (bits != 0) return i + static_cast<size_t>(__builtin_ctz(bits));
  }
#endif
  for (; i < n; ++i) {
    if (p[i] == kOpen || p[i] == kClose) return i;
  }
  return n;
}

}  // namespace

// AppendConvertedLine over each line, in one pass over the block: found by
// a vector scan, each mark's line is judged as AppendConvertedLine judges it
// (a symbol moves only when the mark opens its line after spaces), and the
// text between marks is copied as it is. The output is never longer than
// the input plus its last '\n', so it is written into a buffer of that size.
std::string DiffLines(std::string_view marked) {
  while (!marked.empty() && marked.front() == '\n') marked.remove_prefix(1);
  while (!marked.empty() && marked.back() == '\n') marked.remove_suffix(1);
  std::string out;
  if (marked.empty()) return out;
  const char* p = marked.data();
  const size_t n = marked.size();
  out.resize(n + 1);
  char* dst = out.data();
  size_t pos = 0;
  bool pos_starts_line = true;  // else the line `pos` is in has been judged
  while (pos < n) {
    const size_t m = FindMark(p, pos, n);
    if (m == n) {
      std::memcpy(dst, p + pos, n - pos);
      dst += n - pos;
      break;
    }
    // The mark opens its line when only spaces come before it there.
    size_t line = m;
    while (line > pos && p[line - 1] == ' ') --line;
    bool leading = p[m] == kOpen && (line > pos ? p[line - 1] == '\n' : pos_starts_line);
    size_t close = m + 1;
    if (leading) {
      while (close < n && p[close] != kClose && p[close] != '\n') ++close;
      leading = close < n && p[close] == kClose;
    }
    if (leading) {
      std::memcpy(dst, p + pos, line - pos);
      dst += line - pos;
      const std::string_view inner(p + m + 1, close - m - 1);
      const std::string_view symbol = Trim(inner);
      for (char c : symbol) {
        if (c != kOpen) *dst++ = c;  // (a mark inside one is dropped too)
      }
      for (size_t k = m - line + inner.size() - symbol.size(); k > 0; --k) *dst++ = ' ';
      pos = close + 1;
    } else {
      std::memcpy(dst, p + pos, m - pos);  // the mark is dropped
      dst += m - pos;
      pos = m + 1;
    }
    pos_starts_line = false;
  }
  *dst++ = '\n';
  out.resize(static_cast<size_t>(dst - out.data()));
  return out;
}

void SpilledDiffLines::Add(std::string_view marked) {
  while (!marked.empty()) {
    const size_t nl = marked.find('\n');
    if (nl == std::string_view::npos) {
      partial_.append(marked);
      return;
    }
    if (partial_.empty()) {
      AddLine(marked.substr(0, nl));
    } else {
      partial_.append(marked.substr(0, nl));
      AddLine(partial_);
      partial_.clear();
    }
    marked.remove_prefix(nl + 1);
  }
}

void SpilledDiffLines::Finish() {
  if (!partial_.empty()) AddLine(partial_);
  partial_.clear();
  held_blank_ = 0;
}

void SpilledDiffLines::AddLine(std::string_view line) {
  if (line.empty()) {
    if (started_) ++held_blank_;
    return;
  }
  for (; held_blank_ > 0; --held_blank_) {
    text_.Append("\n");
    ++lines_;
    run_ = 0;
  }
  started_ = true;
  converted_.clear();
  AppendConvertedLine(line, &converted_);
  // The line ends in '\n', so no run continues into the next.
  longest_run_ = std::max(longest_run_, LongestBacktickRun(converted_));
  run_ = 0;
  text_.Append(converted_);
  ++lines_;
}

std::string FirstSymbol(std::string_view marked) {
  size_t pos = 0;
  while (pos < marked.size()) {
    size_t nl = marked.find('\n', pos);
    if (nl == std::string_view::npos) nl = marked.size();
    size_t indent, close;
    std::string_view inner;
    if (LeadingSymbol(marked.substr(pos, nl - pos), &indent, &inner, &close)) return std::string(Trim(inner));
    pos = nl + 1;
  }
  return "";
}

std::string HtmlEscape(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out.push_back(c);
    }
  }
  return out;
}

std::string FullPlanLink(std::string_view details_url) {
  return details_url.empty() ? "" : " [Full plan](" + std::string(details_url) + ")";
}

std::string CodeSpan(std::string_view s) {
  size_t longest = 0, run = 0;
  for (char c : s) {
    run = c == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  std::string fence(longest + 1, '`');
  bool pad = !s.empty() && (s.front() == '`' || s.back() == '`');
  std::string out = fence;
  if (pad) out += ' ';
  out += s;
  if (pad) out += ' ';
  return out + fence;
}

namespace {

// A fence ends at a line of at least as many backticks as opened it, so
// open with more than the longest run inside (heredocs may hold Markdown).
MarkdownUnit FencedDetails(std::string_view summary_html, size_t longest_backtick_run) {
  std::string fence(std::max<size_t>(3, longest_backtick_run + 1), '`');
  MarkdownUnit u;
  u.head = "<details><summary>" + std::string(summary_html) + "</summary>\n\n" + fence + "diff\n";
  u.close = fence + "\n";
  u.after = "\n</details>\n\n";
  return u;
}

}  // namespace

MarkdownUnit DetailsUnit(std::string_view summary_html, std::string diff_lines) {
  MarkdownUnit u = FencedDetails(summary_html, LongestBacktickRun(diff_lines));
  u.body = std::move(diff_lines);
  return u;
}

MarkdownUnit DetailsUnit(std::string_view summary_html, const SpilledDiffLines& diff_lines) {
  MarkdownUnit u = FencedDetails(summary_html, diff_lines.longest_backtick_run());
  u.long_body = &diff_lines;
  return u;
}

std::string MarkdownUnit::Text() const {
  std::string text;
  text.reserve(static_cast<size_t>(size()));
  (void)Read([&](std::string_view p) { return text.append(p), true; });  // in memory: cannot fail
  return text;
}

Status MarkdownUnit::Read(const std::function<bool(std::string_view)>& piece) const {
  if (!piece(head)) return Status::Ok();
  if (long_body != nullptr) {
    bool stopped = false;
    Status s = long_body->Read([&](std::string_view p) { return !(stopped = !piece(p)); });
    if (!s.ok() || stopped) return s;
  } else if (!piece(body)) {
    return Status::Ok();
  }
  if (piece(close)) piece(after);
  return Status::Ok();
}

MarkdownUnit ChangeBlockUnit(std::string_view marked_block) {
  std::string lines = DiffLines(marked_block);
  // The first line is Terraform's comment: "  # <address> will be created".
  std::string_view first(lines);
  first = first.substr(0, first.find('\n'));
  size_t hash = first.find_first_not_of(' ');
  if (hash != std::string_view::npos && first[hash] == '#') first.remove_prefix(hash + 1);
  first = Trim(first);
  std::string symbol = FirstSymbol(marked_block);
  std::string summary = symbol.empty() ? "" : "<code>" + HtmlEscape(symbol) + "</code> ";
  summary += HtmlEscape(first);
  return DetailsUnit(summary, std::move(lines));
}

}  // namespace tfstream::forms
