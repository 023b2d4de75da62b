#include "forms/compare_forms.h"

#include <cstring>
#include <memory>
#include <string>

#include "buffer/spill_text.h"
#include "forms/json_out.h"
#include "forms/markdown_block.h"
#include "forms/markdown_parts.h"
#include "forms/text_sink.h"
#include "pipeline/plan_run.h"
#include "render/compare/compare_words.h"
#include "render/text/colorize.h"

namespace tfstream::forms {
namespace {

using render::compare::Difference;
using render::compare::Section;
using render::compare::Totals;

// Records of any bytes held in order (length-prefixed in a SpillText), read
// back one whole record at a time.
class HeldRecords {
 public:
  void Append(std::string_view record) {
    uint64_t n = record.size();
    text_.Append(std::string_view(reinterpret_cast<const char*>(&n), sizeof n));
    text_.Append(record);
  }
  void Clear() { text_.Clear(); }
  bool empty() const { return text_.empty(); }
  template <typename Fn>
  Status ForEach(Fn fn) const {
    std::string pending;
    Status inner;
    Status s = text_.Read([&](std::string_view piece) {
      pending.append(piece);
      size_t at = 0;
      while (pending.size() - at >= sizeof(uint64_t)) {
        uint64_t n;
        std::memcpy(&n, pending.data() + at, sizeof n);
        if (pending.size() - at - sizeof n < n) break;
        inner = fn(std::string_view(pending).substr(at + sizeof n, n));
        if (!inner.ok()) return false;
        at += sizeof n + n;
      }
      pending.erase(0, at);
      return true;
    });
    return inner.ok() ? s : inner;
  }

 private:
  buffer::SpillText text_;
};

// The summary line as pushed (kTotals), without its newlines and colour
// (Markdown and JSON are never coloured).
std::string Trimmed(std::string_view text) {
  while (!text.empty() && text.front() == '\n') text.remove_prefix(1);
  while (!text.empty() && text.back() == '\n') text.remove_suffix(1);
  return std::string(text);
}

class CompareMarkdown : public pipeline::Sink {
 public:
  CompareMarkdown(const pipeline::Options& opt, buffer::OutputSink* out, pipeline::Report* report)
      : opt_(opt), out_(out), report_(report) {}
  pipeline::Needs needs() const override {
    pipeline::Needs n;
    n.marked_symbols = true;  // markdown_block.h moves them
    return n;
  }
  Status Block(const pipeline::BlockView& b) override {
    (b.section == pipeline::Section::kOutputs ? outputs_ : blocks_).Append(b.text);
    return Status::Ok();
  }
  Status Text(const pipeline::TextPiece& piece) override {
    if (piece.section == pipeline::Section::kTotals) summary_ = Trimmed(piece.text);
    return Status::Ok();
  }
  Status Finish(const pipeline::PlanView&) override {
    MarkdownParts parts(opt_.max_bytes, opt_.output_prefix, out_);
    parts.set_marker(true);
    parts.set_title(opt_.title);
    if (opt_.max_parts > 0) parts.set_max_parts(opt_.max_parts, opt_.details_url);
    if (report_ != nullptr) parts.set_too_large_flag(&report_->too_large);
    MarkdownUnit head;
    head.head = "### Changed since the last plan\n\n" + HtmlEscape(summary_) + "\n\n";
    Status s = parts.Add(head);
    if (s.ok()) {
      s = blocks_.ForEach([&](std::string_view block) { return parts.Add(ChangeBlockUnit(block)); });
    }
    if (s.ok() && !outputs_.empty()) {
      std::string lines;
      s = outputs_.ForEach([&](std::string_view line) {
        lines += DiffLines(line);
        return Status::Ok();
      });
      if (s.ok()) s = parts.Add(DetailsUnit("Changes to Outputs", std::move(lines)));
    }
    if (!s.ok()) return s;
    return parts.Finish();
  }

 private:
  const pipeline::Options& opt_;
  buffer::OutputSink* out_;
  pipeline::Report* report_;
  HeldRecords blocks_, outputs_;
  std::string summary_;
};

const char* SectionName(Section s) {
  switch (s) {
    case Section::kChange:
      return "resource_changes";
    case Section::kDrift:
      return "resource_drift";
    case Section::kDeferred:
      return "deferred_changes";
    case Section::kActionInvocation:
      return "action_invocations";
    case Section::kOutput:
      return "output_changes";
  }
  return "";
}

// What differs as words a program matches on: the bits of Difference::what.
void AppendWhat(uint32_t what, std::string* out) {
  namespace w = render::compare;
  static constexpr std::pair<uint32_t, const char*> kNames[] = {
      {w::kOnlyNew, "only_new"},   {w::kOnlyOld, "only_old"},         {w::kAction, "action"},
      {w::kPlanned, "planned"},    {w::kPrior, "prior"},              {w::kSensitivity, "sensitivity"},
      {w::kReason, "action_reason"}, {w::kReplacePaths, "replace_paths"}, {w::kImport, "import"},
      {w::kMove, "move"},          {w::kOther, "other"},
  };
  out->push_back('[');
  bool first = true;
  for (const auto& [bit, name] : kNames) {
    if (!(what & bit)) continue;
    if (!first) out->push_back(',');
    first = false;
    AppendJsonString(out, name);
  }
  out->push_back(']');
}

class CompareJson : public pipeline::Sink {
 public:
  explicit CompareJson(buffer::OutputSink* out) : out_(out) {}
  pipeline::Needs needs() const override { return pipeline::Needs{}; }
  Status Text(const pipeline::TextPiece& piece) override {
    if (piece.section == pipeline::Section::kTotals) summary_ = Trimmed(piece.text);
    return Status::Ok();
  }
  Status Block(const pipeline::BlockView& b) override {
    if (b.difference == nullptr) return Status::Ok();
    const Difference& d = *b.difference;
    Count(d);
    std::string s = any_ ? ",\n    {" : "\n    {";
    any_ = true;
    s += "\"section\":";
    AppendJsonString(&s, SectionName(d.section));
    s += d.section == Section::kOutput ? ",\"name\":" : ",\"address\":";
    AppendJsonString(&s, d.address);
    if (!d.deposed.empty()) {
      s += ",\"deposed\":";
      AppendJsonString(&s, d.deposed);
    }
    s += ",\"differs\":";
    AppendWhat(d.what, &s);
    s += ",\"old_action\":";
    AppendJsonStringOrNull(&s, d.old_action);
    s += ",\"new_action\":";
    AppendJsonStringOrNull(&s, d.new_action);
    if (d.what & render::compare::kReason) {
      s += ",\"old_action_reason\":";
      AppendJsonStringOrNull(&s, d.old_reason);
      s += ",\"new_action_reason\":";
      AppendJsonStringOrNull(&s, d.new_reason);
    }
    if (d.what & render::compare::kMove) {
      s += ",\"old_previous_address\":";
      AppendJsonStringOrNull(&s, d.old_previous_address);
      s += ",\"new_previous_address\":";
      AppendJsonStringOrNull(&s, d.new_previous_address);
    }
    s += ",\"attributes\":[";
    for (size_t i = 0; i < d.attributes.size(); ++i) {
      if (i > 0) s.push_back(',');
      AppendJsonString(&s, d.attributes[i]);
    }
    s += "]";
    if (!d.other_fields.empty()) {
      s += ",\"other_fields\":[";
      for (size_t i = 0; i < d.other_fields.size(); ++i) {
        if (i > 0) s.push_back(',');
        AppendJsonString(&s, d.other_fields[i]);
      }
      s += "]";
    }
    s += "}";
    items_.Append(s);
    return Status::Ok();
  }
  Status Finish(const pipeline::PlanView&) override {
    const Totals& t = totals_;
    std::string head = "{\n  \"format_version\": \"1.0\",\n  \"same\": ";
    head += t.Total() == 0 ? "true" : "false";
    head += ",\n  \"summary\": ";
    AppendJsonString(&head, summary_);
    head += ",\n  \"counts\": {\"resource_changes\": " + std::to_string(t.changes) +
            ", \"only_new\": " + std::to_string(t.only_new) + ", \"only_old\": " + std::to_string(t.only_old) +
            ", \"planned_differently\": " + std::to_string(t.both) + ", \"resource_drift\": " +
            std::to_string(t.drift) + ", \"deferred_changes\": " + std::to_string(t.deferred) +
            ", \"action_invocations\": " + std::to_string(t.actions) + ", \"outputs\": " +
            std::to_string(t.outputs) + "},\n  \"differences\": [";
    out_->Append(head);
    Status s = items_.WriteTo(out_);
    if (!s.ok()) return s;
    out_->Append(any_ ? "\n  ]\n}\n" : "]\n}\n");
    return out_->Flush();
  }

 private:
  void Count(const Difference& d) {
    switch (d.section) {
      case Section::kChange:
        ++totals_.changes;
        if (d.what & render::compare::kOnlyNew) {
          ++totals_.only_new;
        } else if (d.what & render::compare::kOnlyOld) {
          ++totals_.only_old;
        } else {
          ++totals_.both;
        }
        break;
      case Section::kDrift:
        ++totals_.drift;
        break;
      case Section::kDeferred:
        ++totals_.deferred;
        break;
      case Section::kActionInvocation:
        ++totals_.actions;
        break;
      case Section::kOutput:
        ++totals_.outputs;
        break;
    }
  }

  buffer::OutputSink* out_;
  buffer::SpillText items_;
  bool any_ = false;
  Totals totals_;
  std::string summary_;
};

}  // namespace

Status RenderComparison(const pipeline::CompareInput& in, const pipeline::Options& options, buffer::OutputSink* out,
                        pipeline::Report* report, bool* differ) {
  std::unique_ptr<pipeline::Sink> sink;
  switch (options.format) {
    case pipeline::Format::kText:
      sink = MakeTextSink(out);  // the plan's text form: what is pushed, as it comes
      break;
    case pipeline::Format::kMarkdown:
      sink = std::make_unique<CompareMarkdown>(options, out, report);
      break;
    case pipeline::Format::kJson:
      sink = std::make_unique<CompareJson>(out);
      break;
    case pipeline::Format::kHtml:
      // The command line refuses it: the report's index is made for one plan's blocks.
      return Status::Error("--format html does not apply to --compare");
  }
  return pipeline::RunCompare(in, options, sink.get(), report, differ);
}

}  // namespace tfstream::forms
