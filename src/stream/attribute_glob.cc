#include "stream/attribute_glob.h"

#include <deque>
#include <string>

#include "stream/json_same_value.h"

namespace tfstream::stream {

Status AttributeGlob::Parse(std::string_view pattern, AttributeGlob* out) {
  *out = AttributeGlob();
  out->pattern_ = std::string(pattern);
  if (pattern.empty()) return Status::Error("--ignore: empty pattern");
  Step step;
  auto finish = [&]() -> bool {
    if (step.text.empty()) return false;
    if (step.text == "**" && step.star[0] && step.star[1]) {
      step = Step();
      step.any_steps = true;
    }
    out->steps_.push_back(std::move(step));
    step = Step();
    return true;
  };
  for (size_t i = 0; i < pattern.size(); ++i) {
    char c = pattern[i];
    if (c == '\\') {
      if (i + 1 == pattern.size()) return Status::Error("--ignore '" + out->pattern_ + "': ends in a lone backslash");
      step.text.push_back(pattern[++i]);
      step.star.push_back(false);
    } else if (c == '.') {
      if (!finish()) return Status::Error("--ignore '" + out->pattern_ + "': empty step (two dots, or a dot at an end)");
    } else {
      step.text.push_back(c);
      step.star.push_back(c == '*');
    }
  }
  if (!finish()) return Status::Error("--ignore '" + out->pattern_ + "': empty step (two dots, or a dot at an end)");
  return Status::Ok();
}

// Within one step: '*' any run of characters. Iterative, with one backtrack
// point (the last star), which is enough for a single-star-kind glob.
bool AttributeGlob::StepMatches(const Step& step, std::string_view name) {
  const std::string& t = step.text;
  size_t p = 0, n = 0, star_p = std::string::npos, star_n = 0;
  while (n < name.size()) {
    if (p < t.size() && step.star[p]) {
      star_p = p++;
      star_n = n;
    } else if (p < t.size() && t[p] == name[n]) {
      ++p;
      ++n;
    } else if (star_p != std::string::npos) {
      p = star_p + 1;
      n = ++star_n;
    } else {
      return false;
    }
  }
  while (p < t.size() && step.star[p]) ++p;
  return p == t.size();
}

bool AttributeGlob::MatchFrom(size_t p, const std::vector<std::string_view>& steps, size_t s) const {
  while (p < steps_.size()) {
    if (steps_[p].any_steps) {
      for (size_t k = s; k <= steps.size(); ++k) {
        if (MatchFrom(p + 1, steps, k)) return true;
      }
      return false;
    }
    if (s == steps.size() || !StepMatches(steps_[p], steps[s])) return false;
    ++p;
    ++s;
  }
  return s == steps.size();
}

bool AttributeGlob::Matches(const std::vector<std::string_view>& steps) const { return MatchFrom(0, steps, 0); }

namespace {

bool AnyMatches(const std::vector<AttributeGlob>& globs, const std::vector<std::string_view>& steps) {
  for (const AttributeGlob& g : globs) {
    if (g.Matches(steps)) return true;
  }
  return false;
}

struct Stripper {
  const std::vector<AttributeGlob>& globs;
  buffer::Arena* arena;
  std::vector<std::string_view> path;
  std::deque<std::string> index_names;  // decimal positions, one per depth (a deque: views stay valid)

  std::string_view IndexName(size_t depth, size_t i) {
    if (index_names.size() <= depth) index_names.resize(depth + 1);
    index_names[depth] = std::to_string(i);
    return index_names[depth];
  }

  const JsonValue* Strip(const JsonValue* v) {
    if (v == nullptr) return v;
    if (v->IsObject()) {
      JsonMember* kept = nullptr;
      size_t count = 0;
      bool changed = false;
      for (size_t i = 0; i < v->size; ++i) {
        const JsonMember& m = v->members[i];
        path.push_back(m.key);
        bool drop = AnyMatches(globs, path);
        const JsonValue* child = drop ? nullptr : Strip(m.value);
        path.pop_back();
        if (drop || child != m.value) {
          if (!changed) {
            changed = true;
            kept = arena->NewArray<JsonMember>(v->size);
            for (size_t j = 0; j < i; ++j) kept[j] = v->members[j];
            count = i;
          }
          if (!drop) kept[count++] = JsonMember{m.key, child};
        } else if (changed) {
          kept[count++] = m;
        }
      }
      if (!changed) return v;
      JsonValue* copy = arena->New<JsonValue>();
      copy->kind = JsonKind::kObject;
      copy->size = count;
      copy->members = kept;
      return copy;
    }
    if (v->IsArray()) {
      const JsonValue** items = nullptr;
      bool changed = false;
      size_t depth = path.size();
      for (size_t i = 0; i < v->size; ++i) {
        path.push_back(IndexName(depth, i));
        bool drop = AnyMatches(globs, path);
        const JsonValue* child = drop ? nullptr : Strip(v->items[i]);
        path.pop_back();
        if (child != v->items[i] && !changed) {
          changed = true;
          items = arena->NewArray<const JsonValue*>(v->size);
          for (size_t j = 0; j < v->size; ++j) items[j] = v->items[j];
        }
        if (changed) items[i] = child;
      }
      if (!changed) return v;
      JsonValue* copy = arena->New<JsonValue>();
      copy->kind = JsonKind::kArray;
      copy->size = v->size;
      copy->items = items;
      return copy;
    }
    return v;
  }
};

void AppendPath(const std::vector<std::string>& path, std::string* out) {
  for (size_t i = 0; i < path.size(); ++i) {
    if (i > 0) out->push_back('.');
    for (char c : path[i]) {
      if (c == '.' || c == '*' || c == '\\') out->push_back('\\');
      out->push_back(c);
    }
  }
}

void Differing(const JsonValue* a, const JsonValue* b, size_t limit, std::vector<std::string>* path,
               std::vector<std::string>* out) {
  if (out->size() >= limit || JsonSameValue(a, b)) return;
  if (a != nullptr && b != nullptr && a->IsObject() && b->IsObject()) {
    size_t i = 0, j = 0;
    while ((i < a->size || j < b->size) && out->size() < limit) {
      int c = i == a->size ? 1 : j == b->size ? -1 : KeyCompare(a->members[i].key, b->members[j].key);
      const JsonValue* x = c <= 0 ? a->members[i].value : nullptr;
      const JsonValue* y = c >= 0 ? b->members[j].value : nullptr;
      path->emplace_back(c <= 0 ? a->members[i].key : b->members[j].key);
      if (c != 0 || !JsonSameValue(x, y)) {
        if (c == 0) {
          Differing(x, y, limit, path, out);
        } else {
          std::string p;
          AppendPath(*path, &p);
          out->push_back(std::move(p));
        }
      }
      path->pop_back();
      if (c <= 0) ++i;
      if (c >= 0) ++j;
    }
    return;
  }
  if (a != nullptr && b != nullptr && a->IsArray() && b->IsArray() && a->size == b->size) {
    for (size_t i = 0; i < a->size && out->size() < limit; ++i) {
      path->push_back(std::to_string(i));
      Differing(a->items[i], b->items[i], limit, path, out);
      path->pop_back();
    }
    return;
  }
  std::string p;
  AppendPath(*path, &p);
  out->push_back(std::move(p));
}

}  // namespace

const JsonValue* WithoutAttributes(const JsonValue* value, const std::vector<AttributeGlob>& globs,
                                   buffer::Arena* arena) {
  if (globs.empty()) return value;
  Stripper s{globs, arena, {}, {}};
  return s.Strip(value);
}

void DifferingPaths(const JsonValue* a, const JsonValue* b, size_t limit, std::vector<std::string>* out) {
  std::vector<std::string> path;
  Differing(a, b, limit, &path, out);
}

}  // namespace tfstream::stream
