#include "forms/html/html_report.h"

#include "buffer/base85.h"
#include "forms/html/html_escape.h"
#include "forms/html/report_assets.h"

namespace tfstream::forms::html {

namespace {

void AppendChunkElement(uint64_t number, const std::vector<std::string>& compressed, std::string* out) {
  // compressed[0]: the text, [1]: the index.
  out->reserve(buffer::Base85Length(compressed[0].size()) + buffer::Base85Length(compressed[1].size()) + 160);
  out->append("<script type=\"application/octet-stream\" class=\"tfs-chunk\" data-chunk=\"");
  out->append(std::to_string(number));
  out->append("\" data-index=\"");
  buffer::AppendBase85(compressed[1], out);
  out->append("\">");
  buffer::AppendBase85(compressed[0], out);
  out->append("</script>\n");
}

}  // namespace

HtmlReport::HtmlReport(buffer::OutputSink* out, int threads, int level, size_t chunk_bytes)
    : out_(out),
      chunks_(threads, level, AppendChunkElement,
              [out](std::string_view bytes) {
                Status s = out->AppendBlock(bytes);
                return s.ok() ? out->Flush() : s;
              }),
      chunk_bytes_(chunk_bytes) {
  index_.clear();
  index_.push_back('[');
}

std::string HtmlReport::Head(std::string_view title) {
  std::string h =
      "<!DOCTYPE html>\n<html lang=\"en\" data-state=\"loading\">\n<head><meta charset=\"utf-8\">"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; script-src 'sha256-";
  h += kReportJsSha256;
  h += "'; style-src 'sha256-";
  h += kReportCssSha256;
  h += "'; img-src data:\">\n<title>";
  AppendHtmlText(title, &h);
  h += "</title>\n<style>";
  h += kReportCss;
  h += "</style></head>\n<body><noscript>This report needs JavaScript to show the plan.</noscript>\n";
  return h;
}

Status HtmlReport::Begin(std::string_view title) {
  Status s = out_->AppendBlock(Head(title));
  return s.ok() ? out_->Flush() : s;
}

void HtmlReport::StartEntry(const EntryInfo& info) {
  if (index_.size() > 1) index_.push_back(',');
  index_.push_back('[');
  index_ += info.kind == EntryKind::kBlock ? "\"block\"," : "\"text\",";
  AppendScriptJsonString(info.section, &index_);
  index_.push_back(',');
  AppendScriptJsonString(info.address, &index_);
  index_.push_back(',');
  AppendScriptJsonString(info.action, &index_);
  index_.push_back(',');
  AppendScriptJsonString(info.module, &index_);
  index_.push_back(',');
  index_ += std::to_string(text_.size());
  entry_start_ = text_.size();
  if (info.kind == EntryKind::kBlock) ++blocks_;
}

Status HtmlReport::EndEntry() {
  index_.push_back(',');
  index_ += std::to_string(text_.size() - entry_start_);
  index_.push_back(']');
  return text_.size() >= chunk_bytes_ ? CloseChunk() : Status::Ok();
}

Status HtmlReport::CloseChunk() {
  if (index_.size() == 1) return Status::Ok();  // no entry
  index_.push_back(']');
  std::vector<std::string> parts;
  parts.push_back(std::move(text_));
  parts.push_back(std::move(index_));
  text_ = std::string();
  text_.reserve(chunk_bytes_ + chunk_bytes_ / 4);
  index_.clear();
  index_.push_back('[');
  return chunks_.Submit(std::move(parts));
}

std::string HtmlReport::MetaJson(const ReportMeta& meta, uint64_t chunks, size_t blocks) {
  std::string j = "{\"version\":1,\"document\":";
  AppendScriptJsonString(meta.document, &j);
  j += ",\"title\":";
  AppendScriptJsonString(meta.title, &j);
  j += ",\"flavor\":";
  AppendScriptJsonString(meta.flavor, &j);
  j += ",\"release\":";
  AppendScriptJsonString(meta.release, &j);
  j += ",\"tool_version\":";
  AppendScriptJsonString(TFSTREAM_VERSION, &j);
  j += ",\"quality\":";
  AppendScriptJsonString(meta.quality, &j);
  j += meta.color ? ",\"color\":true" : ",\"color\":false";
  j += ",\"counts\":{";
  for (size_t i = 0; i < meta.counts.size(); ++i) {
    if (i > 0) j.push_back(',');
    AppendScriptJsonString(meta.counts[i].first, &j);
    j += ":";
  j += std::to_string(meta.counts[i].second);
  }
  j += "},\"drift_count\":";
  j += std::to_string(meta.drift_count);
  j += ",\"destroy_count\":";
  j += std::to_string(meta.destroy_count);
  j += ",\"totals_line\":";
  AppendScriptJsonString(meta.totals_line, &j);
  j += ",\"chunks\":";
  j += std::to_string(chunks);
  j += ",\"blocks\":";
  j += std::to_string(blocks);
  j += "}";
  return j;
}

Status HtmlReport::Finish(const ReportMeta& meta) {
  Status s = CloseChunk();
  Status f = chunks_.Finish();
  if (!s.ok()) return s;
  if (!f.ok()) return f;
  std::string tail = "<script type=\"application/json\" id=\"tfs-meta\">";
  tail += MetaJson(meta, chunks_.submitted(), blocks_);
  tail += "</script>\n<script>";
  tail += kReportJs;
  tail += "</script></body></html>\n";
  s = out_->AppendBlock(tail);
  return s.ok() ? out_->Flush() : s;
}

}  // namespace tfstream::forms::html
