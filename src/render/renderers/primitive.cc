// Reproduces primitiveRenderer (computed/renderers/primitive.go and string.go
// @883c722): numbers and bools, and strings, which are shown as a jsonencode()
// diff when they hold exactly one JSON object or array, as a heredoc when they
// span lines, else quoted with Go's %q.
#include <functional>
#include <string>
#include <vector>

#include "render/collections/slice.h"
#include "render/jsondiff/json_diff.h"
#include "render/renderers/renderers.h"
#include "render/renderers/util.h"
#include "render/text/go_float_text.h"
#include "render/text/go_quote.h"
#include "render/text/go_strings.h"
#include "stream/json_document.h"
#include "stream/json_scanner.h"
#include "stream/json_tree_parser.h"

namespace tfstream::render::renderers {
namespace {

void ReportType(const RenderOpts& opts, const char* want, const JsonValue* got) {
  if (opts.error == nullptr || !opts.error->empty()) return;
  const char* kind = "a value";
  switch (got->kind) {
    case stream::JsonKind::kBool: kind = "a bool"; break;
    case stream::JsonKind::kNumber: kind = "a number"; break;
    case stream::JsonKind::kString: kind = "a string"; break;
    case stream::JsonKind::kArray: kind = "an array"; break;
    case stream::JsonKind::kObject: kind = "an object"; break;
  }
  *opts.error = std::string(kind) + " value where the schema says " + want;
}

// renderPrimitiveValue
void AppendPrimitiveValue(std::string* out, const JsonValue* v, PrimitiveType t,
                          const RenderOpts& opts) {
  if (v == nullptr) {
    out->append(opts.palette->null_value);
    return;
  }
  switch (t) {
    case PrimitiveType::kBool:
      if (!v->IsBool()) return ReportType(opts, "bool", v);
      out->append(v->boolean ? "true" : "false");
      return;
    case PrimitiveType::kNumber:
      if (!v->IsNumber()) return ReportType(opts, "number", v);
      // Under flavor.numbers_as_float64 the texts are already float64's
      // (text::NumbersAsFloat64 ran over the parsed values).
      out->append(v->text());
      return;
    default:
      if (opts.error != nullptr && opts.error->empty()) *opts.error = "unrecognized primitive type";
      return;
  }
}

// evaluatedString
struct EvaluatedString {
  std::string_view str;
  const JsonValue* json = nullptr;
  bool is_json = false;
  bool is_multiline = false;
  bool is_null = false;

  void AppendSimple(std::string* out, const RenderOpts& opts) const {
    if (is_null) {
      out->append(opts.palette->null_value);
    } else {
      text::AppendGoQuoted(*out, str, QuoteUnicode(*opts.flavor));
    }
  }
};

// json.Decoder.Decode, as OpenTofu's evaluatePrimitiveString uses it: the
// first JSON value of `s`, whatever text follows it.
bool ParseJsonPrefix(std::string_view s, buffer::Arena* arena, const JsonValue** out) {
  stream::JsonScanner scanner(s);
  if (!scanner.SkipValue()) return false;
  return stream::ParseJsonTree(s.substr(0, scanner.pos()), 0, arena, out).ok();
}

bool EvaluateString(const JsonValue* v, const RenderOpts& opts, EvaluatedString* e) {
  if (v == nullptr) {
    e->is_null = true;
    return true;
  }
  if (!v->IsString()) {
    ReportType(opts, "string", v);
    return false;
  }
  std::string_view s = v->text();
  if (!s.empty() && (s[0] == '{' || s[0] == '[')) {
    const JsonValue* parsed = nullptr;
    bool is_json = opts.flavor->string_json_prefix ? ParseJsonPrefix(s, opts.arena, &parsed)
                                                   : stream::ParseGoJson(s, opts.arena, &parsed);
    // Decoding into float64 fails on a number beyond its range (1e400): the
    // string is then no JSON to those releases, a plain string.
    if (is_json && opts.flavor->numbers_as_float64) is_json = text::NumbersAsFloat64(parsed, opts.arena);
    if (is_json) {
      e->str = s;
      e->json = parsed;
      e->is_json = true;
      return true;
    }
  }
  if (s.find('\n') != std::string_view::npos) {
    e->str = text::GoTrimSpace(s);
    e->is_multiline = true;
    return true;
  }
  e->str = s;
  return true;
}

std::vector<std::string_view> SplitLines(std::string_view s) {
  std::vector<std::string_view> lines;
  size_t start = 0;
  while (true) {
    size_t nl = s.find('\n', start);
    if (nl == std::string_view::npos) {
      lines.push_back(s.substr(start));
      return lines;
    }
    lines.push_back(s.substr(start, nl - start));
    start = nl + 1;
  }
}

class PrimitiveRenderer final : public DiffRenderer {
 public:
  PrimitiveRenderer(const JsonValue* before, const JsonValue* after, PrimitiveType type)
      : before_(before), after_(after), type_(type) {}

  void RenderHuman(const Diff& diff, int indent, const RenderOpts& opts,
                   std::string* out) const override {
    if (type_ == PrimitiveType::kString) return RenderString(diff, indent, opts, out);
    switch (diff.action) {
      case Action::kCreate:
        AppendPrimitiveValue(out, after_, type_, opts);
        break;
      case Action::kDelete:
        AppendPrimitiveValue(out, before_, type_, opts);
        AppendNullSuffix(out, diff.action, opts);
        break;
      case Action::kNoOp:
        AppendPrimitiveValue(out, before_, type_, opts);
        break;
      default:
        AppendPrimitiveValue(out, before_, type_, opts);
        out->push_back(' ');
        out->append(opts.palette->arrow);
        out->push_back(' ');
        AppendPrimitiveValue(out, after_, type_, opts);
        break;
    }
    AppendForcesReplacement(out, diff.replace, opts);
  }

 private:
  void RenderString(const Diff& diff, int indent, const RenderOpts& opts, std::string* out) const;
  void RenderJson(const Diff& diff, int indent, const RenderOpts& opts, const EvaluatedString& before,
                  const EvaluatedString& after, std::string* out) const;

  const JsonValue* before_;
  const JsonValue* after_;
  PrimitiveType type_;
};

void AppendLinePrefix(std::string* out, int indent, Action a, const RenderOpts& opts) {
  AppendIndent(out, indent);
  AppendActionSymbol(out, a, opts);
}

void PrimitiveRenderer::RenderString(const Diff& diff, int indent, const RenderOpts& opts,
                                     std::string* out) const {
  std::string lines;  // the heredoc body, lines joined by '\n'
  switch (diff.action) {
    case Action::kCreate:
    case Action::kNoOp: {
      EvaluatedString str;
      if (!EvaluateString(after_, opts, &str)) return;
      if (str.is_json) {
        if (diff.action == Action::kNoOp) return RenderJson(diff, indent, opts, str, str, out);
        return RenderJson(diff, indent, opts, EvaluatedString{}, str, out);
      }
      if (!str.is_multiline) {
        str.AppendSimple(out, opts);
        AppendForcesReplacement(out, diff.replace, opts);
        return;
      }
      bool first = true;
      for (std::string_view line : SplitLines(str.str)) {
        if (!first) lines.push_back('\n');
        first = false;
        AppendLinePrefix(&lines, indent + 1, Action::kNoOp, opts);
        lines.append(line);
      }
      break;
    }
    case Action::kDelete: {
      EvaluatedString str;
      if (!EvaluateString(before_, opts, &str)) return;
      if (str.is_null) {
        str.AppendSimple(out, opts);
        AppendForcesReplacement(out, diff.replace, opts);
        return;
      }
      if (str.is_json) return RenderJson(diff, indent, opts, str, EvaluatedString{}, out);
      if (!str.is_multiline) {
        str.AppendSimple(out, opts);
        AppendNullSuffix(out, diff.action, opts);
        AppendForcesReplacement(out, diff.replace, opts);
        return;
      }
      bool first = true;
      for (std::string_view line : SplitLines(str.str)) {
        if (!first) lines.push_back('\n');
        first = false;
        AppendLinePrefix(&lines, indent + 1, Action::kNoOp, opts);
        lines.append(line);
      }
      break;
    }
    default: {
      EvaluatedString b, a;
      if (!EvaluateString(before_, opts, &b) || !EvaluateString(after_, opts, &a)) return;
      if (b.is_json && a.is_json) return RenderJson(diff, indent, opts, b, a, out);
      if (b.is_json || a.is_json) {
        buffer::Arena* arena = opts.arena;
        Diff del{Primitive(arena, before_, nullptr, PrimitiveType::kString), Action::kDelete, false};
        Diff cre{Primitive(arena, nullptr, after_, PrimitiveType::kString), Action::kCreate, false};
        Diff change{TypeChange(arena, del, cre), diff.action, diff.replace};
        return change.RenderHuman(indent, opts, out);
      }
      if (!b.is_multiline && !a.is_multiline) {
        b.AppendSimple(out, opts);
        out->push_back(' ');
        out->append(opts.palette->arrow);
        out->push_back(' ');
        a.AppendSimple(out, opts);
        AppendForcesReplacement(out, diff.replace, opts);
        return;
      }
      // A null side renders as the coloured word, as Go's evaluatedString does.
      std::string null_text = opts.palette->null_value;
      std::vector<std::string_view> bl = SplitLines(b.is_null ? std::string_view(null_text) : b.str);
      std::vector<std::string_view> al = SplitLines(a.is_null ? std::string_view(null_text) : a.str);
      bool first = true;
      auto emit = [&](Action act, std::string_view line) {
        if (!first) lines.push_back('\n');
        first = false;
        AppendLinePrefix(&lines, indent + 1, act, opts);
        lines.append(line);
      };
      std::hash<std::string_view> hash;
      collections::ProcessSlice(
          bl.size(), al.size(), [&](size_t i, size_t j) { return bl[i] == al[j]; },
          [&](size_t i, size_t k) { return bl[i] == bl[k]; },
          [&](size_t j, size_t k) { return al[j] == bl[k]; }, [&](size_t i) { return uint64_t{hash(bl[i])}; },
          [&](size_t j) { return uint64_t{hash(al[j])}; }, [](size_t, size_t) { return false; }, *opts.flavor,
          [&](size_t bi, size_t ai) {
            if (bi >= bl.size()) return emit(Action::kCreate, al[ai]);
            if (ai >= al.size()) return emit(Action::kDelete, bl[bi]);
            if (bl[bi] != al[ai]) {
              emit(Action::kDelete, bl[bi]);
              emit(Action::kCreate, al[ai]);
              return;
            }
            emit(Action::kNoOp, bl[bi]);
          });
      break;
    }
  }
  out->append("<<-EOT");
  AppendForcesReplacement(out, diff.replace, opts);
  out->push_back('\n');
  out->append(lines);
  out->push_back('\n');
  AppendLinePrefix(out, indent, Action::kNoOp, opts);
  out->append("EOT");
  AppendNullSuffix(out, diff.action, opts);
}

// renderStringDiffAsJson
void PrimitiveRenderer::RenderJson(const Diff& diff, int indent, const RenderOpts& opts,
                                   const EvaluatedString& before, const EvaluatedString& after,
                                   std::string* out) const {
  structured::Change change;
  change.before_explicit = diff.action != Action::kCreate;
  change.after_explicit = diff.action != Action::kDelete;
  change.before = before.json;
  change.after = after.json;
  change.replace_paths = structured::Matcher::Empty(false);
  change.relevant_attributes = structured::Matcher::Always();
  DiffContext ctx{opts.arena, opts.error, opts.flavor};
  Diff json_diff = jsondiff::Transform(change, &ctx);

  Action action = diff.action;
  RenderOpts json_opts = opts.Clone();
  json_opts.override_null_suffix = true;

  std::string_view whitespace;
  bool show_replace = false;
  if (json_diff.action == Action::kNoOp && diff.action == Action::kUpdate) {
    whitespace = diff.replace ? " # whitespace changes force replacement" : " # whitespace changes";
    json_opts.show_unchanged_children = true;
    action = Action::kNoOp;
  } else {
    show_replace = true;
  }

  std::string rendered;
  json_diff.RenderHuman(indent + 1, json_opts, &rendered);

  if (diff.action == Action::kCreate || diff.action == Action::kDelete) action = Action::kNoOp;

  if (rendered.find('\n') != std::string::npos) {
    out->append("jsonencode(");
    out->append(whitespace);
    out->push_back('\n');
    AppendLinePrefix(out, indent + 1, action, opts);
    out->append(rendered);
    if (show_replace) AppendForcesReplacement(out, diff.replace, opts);
    out->push_back('\n');
    AppendLinePrefix(out, indent, Action::kNoOp, opts);
    out->push_back(')');
    AppendNullSuffix(out, diff.action, opts);
    return;
  }
  out->append("jsonencode(");
  out->append(rendered);
  out->push_back(')');
  out->append(whitespace);
  if (show_replace) AppendForcesReplacement(out, diff.replace, opts);
}

}  // namespace

const DiffRenderer* Primitive(buffer::Arena* arena, const JsonValue* before, const JsonValue* after,
                              PrimitiveType type) {
  return arena->New<PrimitiveRenderer>(before, after, type);
}

}  // namespace tfstream::render::renderers
