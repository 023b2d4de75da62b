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

#include <string>
#include <string_view>

namespace tfstream::pipeline {

// A piece of the document that is never split across parts. A details
// section is head + body + close + after; a plain piece is head alone.
struct MarkdownUnit {
  std::string head;   // "<details><summary>...</summary>\n\n```diff\n"
  std::string body;   // the fenced lines, each ending in '\n'
  std::string close;  // "```\n"
  std::string after;  // "\n</details>\n\n"

  size_t size() const { return head.size() + body.size() + close.size() + after.size(); }
  std::string Text() const { return head + body + close + after; }
};

// Moves each marked symbol to the start of its line and drops the marks.
// Surrounding blank lines are removed; every line ends in '\n'.
std::string DiffLines(std::string_view marked);

// The symbol of the first marked line that has one ("+", "-/+"), or "".
std::string FirstSymbol(std::string_view marked);

// &, <, >, " and ' as HTML entities.
std::string HtmlEscape(std::string_view s);

// `s` as a Markdown code span: nothing inside is read as Markdown or HTML.
// The backtick fence is longer than any run of backticks in `s` (a space
// pads it where `s` starts or ends with one, as CommonMark strips one).
std::string CodeSpan(std::string_view s);

// A collapsed <details> section: `summary_html` (already escaped) and the
// diff lines in a fence longer than any run of backticks inside them.
MarkdownUnit DetailsUnit(std::string_view summary_html, std::string diff_lines);

// The unit for one planned-change block (ResourceWorker::RenderChangeBlock's
// marked text): summarised by its symbol and its first comment line
// ("<code>+</code> aws_s3_bucket.logs will be created").
MarkdownUnit ChangeBlockUnit(std::string_view marked_block);

}  // namespace tfstream::pipeline
