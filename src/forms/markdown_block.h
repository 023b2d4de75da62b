// Markdown for pull-request comments: turning rendered plan text (rendered
// with a Palette that marks action symbols, see palette.h) into the pieces of
// a Markdown document.
//
// In a ```diff fence GitHub (and GitLab, and most highlighters) colour a line
// by its first character: '+' green, '-' red, anything else plain. Terraform
// indents its symbols, so each line's symbol is moved to column 0 and the
// columns it leaves are filled with spaces, keeping every other character
// where Terraform put it:
//
//         + bucket = "logs"      becomes      +       bucket = "logs"
//
// The symbols stay Terraform's own: "+" creates are green, "-" deletes red,
// "-/+" (starts with '-') red and "+/-" green; "~" updates, "<=" reads and
// "." forgets are left plain, as diff highlighting has no colour for them
// (rewriting "~" to "!" would colour it in some highlighters but no longer
// be the text Terraform prints). Lines without a symbol (comments, closing
// braces, unchanged heredoc lines) start with a space and stay plain, so
// content that happens to begin with "-" or "+" is never highlighted: only
// marked symbols move.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "buffer/spill_text.h"
#include "buffer/text_source.h"

namespace tfstream::forms {

// A piece of the document that is never split across parts. A details
// section is head + body + close + after; a plain piece is head alone.
struct MarkdownUnit {
  std::string head;   // "<details><summary>...</summary>\n\n```diff\n"
  std::string body;   // the fenced lines, each ending in '\n'
  std::string close;  // "```\n"
  std::string after;  // "\n</details>\n\n"
  // When set, the body is this instead (read when the unit is added, so it
  // must live until then): a section too long to hold in memory.
  const buffer::TextSource* long_body = nullptr;

  uint64_t body_size() const { return long_body != nullptr ? long_body->size() : body.size(); }
  uint64_t size() const { return head.size() + body_size() + close.size() + after.size(); }
  // Calls `piece` with the unit's text in order, until it returns false.
  Status Read(const std::function<bool(std::string_view)>& piece) const;
  // The whole text (for units held in memory).
  std::string Text() const;
};

// Moves each marked symbol to the start of its line and drops the marks.
// Surrounding blank lines are removed; every line ends in '\n'.
std::string DiffLines(std::string_view marked);

// DiffLines of marked text too long to hold in memory (the drift section of
// a huge plan): added in pieces as it is rendered (a line may be split
// across pieces), converted line by line and held in a SpillText. The same
// text as DiffLines of the whole, once Finish() is called.
class SpilledDiffLines : public buffer::TextSource {
 public:
  // `memory`: bytes held before spilling (tests make it small).
  explicit SpilledDiffLines(size_t memory = buffer::SpillText::kMemory) : text_(memory) {}
  void Add(std::string_view marked);
  // The last line, when the text does not end in '\n'.
  void Finish();
  // The longest run of backticks in the converted lines (for the fence).
  size_t longest_backtick_run() const { return longest_run_; }
  // Why holding the text failed, if it did (Read returns it too).
  const Status& status() const { return text_.status(); }

  uint64_t size() const override { return text_.size(); }
  uint64_t lines() const override { return lines_; }
  Status Read(const std::function<bool(std::string_view)>& piece) const override { return text_.Read(piece); }

 private:
  void AddLine(std::string_view line);

  buffer::SpillText text_;
  std::string partial_;    // the current line, until its '\n' comes
  std::string converted_;  // scratch
  uint64_t lines_ = 0;
  uint64_t held_blank_ = 0;  // empty lines not written yet: trailing ones are dropped
  bool started_ = false;     // a non-empty line was written: leading empty ones are dropped
  size_t longest_run_ = 0, run_ = 0;
};

// The symbol of the first marked line that has one ("+", "-/+"), or "".
std::string FirstSymbol(std::string_view marked);

// &, <, >, " and ' as HTML entities.
std::string HtmlEscape(std::string_view s);

// `s` as a Markdown code span: nothing inside is read as Markdown or HTML.
// The backtick fence is longer than any run of backticks in `s` (a space
// pads it where `s` starts or ends with one, as CommonMark strips one).
std::string CodeSpan(std::string_view s);

// What ends every note of something left out or cut short (--max-parts,
// --max-bytes, the destroy alert's list): " [Full plan](URL)" with
// --details-url URL, else "".
std::string FullPlanLink(std::string_view details_url);

// A collapsed <details> section: `summary_html` (already escaped) and the
// diff lines in a fence longer than any run of backticks inside them.
MarkdownUnit DetailsUnit(std::string_view summary_html, std::string diff_lines);
// The same around held diff lines (which must outlive the unit).
MarkdownUnit DetailsUnit(std::string_view summary_html, const SpilledDiffLines& diff_lines);

// The unit for one planned-change block (ResourceWorker::RenderChangeBlock's
// marked text): summarised by its symbol and its first comment line
// ("<code>+</code> aws_s3_bucket.logs will be created").
MarkdownUnit ChangeBlockUnit(std::string_view marked_block);

}  // namespace tfstream::forms
