#include "forms/compare_forms.h"

#include <cstring>
#include <memory>
#include <string>

#include "buffer/spill_text.h"
#include "forms/json_out.h"
#include "forms/markdown_block.h"
#include "forms/markdown_parts.h"
#include "render/compare/compare_words.h"
#include "render/text/colorize.h"

namespace tfstream::forms {
namespace {

using pipeline::CompareSink;
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

class CompareText : public CompareSink {
 public:
  CompareText(const pipeline::Options& opt, buffer::OutputSink* out) : colorize_(opt.color), out_(out) {}
  Status Add(const Difference& d) override {
    if (d.section == Section::kOutput) {
      outputs_.Append(d.block);
      outputs_.Append("\n");
    } else {
      blocks_.Append("\n");
      blocks_.Append(d.block);
      blocks_.Append("\n");
    }
    return Status::Ok();
  }
  Status Finish(const Totals& t) override {
    if (t.Total() == 0) {
      out_->Append(render::compare::SameLine(t) + "\n");
      return out_->Flush();
    }
    Status s = blocks_.WriteTo(out_);
    if (s.ok() && !outputs_.empty()) {
      out_->Append("\nChanges to Outputs:\n");
      s = outputs_.WriteTo(out_);
    }
    if (!s.ok()) return s;
    out_->Append(colorize_.Color("\n[bold]" + render::compare::SummaryLine(t) + "[reset]\n"));
    return out_->Flush();
  }

 private:
  render::text::Colorize colorize_;
  buffer::OutputSink* out_;
  buffer::SpillText blocks_, outputs_;
};

class CompareMarkdown : public CompareSink {
 public:
  CompareMarkdown(const pipeline::Options& opt, buffer::OutputSink* out, pipeline::Report* report)
      : opt_(opt), out_(out), report_(report) {}
  Status Add(const Difference& d) override {
    (d.section == Section::kOutput ? outputs_ : blocks_).Append(d.block);
    return Status::Ok();
  }
  Status Finish(const Totals& t) override {
    MarkdownParts parts(opt_.max_bytes, opt_.output_prefix, out_);
    parts.set_marker(true);
    parts.set_title(opt_.title);
    if (opt_.max_parts > 0) parts.set_max_parts(opt_.max_parts, opt_.details_url);
    if (report_ != nullptr) parts.set_too_large_flag(&report_->too_large);
    MarkdownUnit head;
    head.head = "### Changed since the last plan\n\n" +
                HtmlEscape(t.Total() == 0 ? render::compare::SameLine(t) : render::compare::SummaryLine(t)) + "\n\n";
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

class CompareJson : public CompareSink {
 public:
  explicit CompareJson(buffer::OutputSink* out) : out_(out) {}
  Status Add(const Difference& d) override {
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
  Status Finish(const Totals& t) override {
    std::string head = "{\n  \"format_version\": \"1.0\",\n  \"same\": ";
    head += t.Total() == 0 ? "true" : "false";
    head += ",\n  \"summary\": ";
    AppendJsonString(&head, t.Total() == 0 ? render::compare::SameLine(t) : render::compare::SummaryLine(t));
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
  buffer::OutputSink* out_;
  buffer::SpillText items_;
  bool any_ = false;
};

}  // namespace

Status RenderComparison(const pipeline::CompareInput& in, const pipeline::Options& options, buffer::OutputSink* out,
                        pipeline::Report* report, bool* differ) {
  std::unique_ptr<CompareSink> sink;
  switch (options.format) {
    case pipeline::Format::kText:
      sink = std::make_unique<CompareText>(options, out);
      break;
    case pipeline::Format::kMarkdown:
      sink = std::make_unique<CompareMarkdown>(options, out, report);
      break;
    case pipeline::Format::kJson:
      sink = std::make_unique<CompareJson>(out);
      break;
  }
  return pipeline::RunCompare(in, options, sink.get(), report, differ);
}

}  // namespace tfstream::forms
