// Everything Terraform would fail or panic on because of schemas, relevant
// attributes or action invocations is found here, before the first byte of
// output, so that a bad plan produces an error rather than a partial text.
#include <algorithm>
#include <system_error>

#include "pipeline/not_a_plan.h"
#include "pipeline/plan_context.h"
#include "pipeline/tool_commands.h"
#include "stream/json_tree_parser.h"
#include "stream/plan_action.h"
#include "stream/resource_change.h"

namespace tfstream::pipeline {

using stream::ByteRange;
using stream::JsonValue;

std::string Located(const std::string& label, const Status& s) {
  // "byte N", not "label:N": a plan is usually one line, and a bare number
  // after a file name reads as a line number.
  if (s.has_offset()) return label + ": byte " + std::to_string(s.offset()) + ": " + s.message();
  return label + ": " + s.message();
}

namespace {

// `terraform providers schema -json` output: {"format_version", "provider_schemas"}.
// The whole file is validated; "provider_schemas" must be an object (or null:
// no providers), as decoding it into Go's map would require. A syntax error
// anywhere wins over a wrong type, as in Go (the text is checked first).
// *objects gets the provider_schemas objects since the last null: a repeated
// key adds its providers to the map already there.
Status FindProviderSchemas(const Input& in, std::vector<ByteRange>* objects, std::string* format_version) {
  stream::JsonScanner s(in.schemas);
  objects->clear();
  if (IsBlank(in.schemas)) {
    const std::string what = in.schemas.empty() ? "empty" : "only whitespace";
    return Status::Error(Located(in.schemas_label, Status::Error("the schemas file is " + what +
                                                                 ": make it with " + kSchemasCommand)));
  }
  if (Status gz = CheckNotCompressed(in.schemas); !gz.ok()) {
    return Status::Error(Located(in.schemas_label, gz));
  }
  Status wrong_type;
  // A plan named by --schemas (PLAN forgotten, or the two swapped): it has
  // a plan's members and no provider_schemas.
  bool plan_member = false, has_provider_schemas = false;
  if (s.Peek() == 'n') {
    s.SkipValue(1);  // null decodes into Go's struct as nothing: no providers
  } else {
    if (!s.BeginObject("'{' at the start of the schemas")) return Status::Error(Located(in.schemas_label, s.status()));
    bool first = true;
    std::string key;
    while (s.NextMember(&first, &key)) {
      char c = s.Peek();
      size_t begin = s.pos();
      if (c == '"' && stream::KeyIsField(key, "format_version")) {
        if (!s.ReadString(format_version)) {
          return Status::Error(Located(in.schemas_label, NoteTruncation(in.schemas, s.status())));
        }
        continue;
      }
      if (!s.SkipValue(1)) {
        return Status::Error(Located(in.schemas_label, NoteTruncation(in.schemas, s.status())));
      }
      if (!stream::KeyIsField(key, "provider_schemas")) {
        plan_member = plan_member || stream::IsPlanSectionKey(key);
        continue;
      }
      has_provider_schemas = true;
      if (c != '{' && c != 'n' && wrong_type.ok()) {
        wrong_type = Status::Error("expected an object for \"provider_schemas\", found " +
                                       stream::DescribeByte(in.schemas, begin),
                                   begin);
      }
      stream::AddMapObject(c == '{' ? ByteRange{begin, s.pos(), true} : ByteRange{}, objects);
    }
  }
  if (s.ok() && !s.AtEnd()) s.Fail("unexpected data after the end of the schemas");
  if (!s.ok()) return Status::Error(Located(in.schemas_label, NoteTruncation(in.schemas, s.status())));
  if (!wrong_type.ok()) return Status::Error(Located(in.schemas_label, wrong_type));
  if (plan_member && !has_provider_schemas) {
    return Status::Error(
        Located(in.schemas_label,
                Status::Error(std::string("this is a plan, not provider schemas: give it as PLAN, and to "
                                          "--schemas the output of ") +
                              kSchemasCommand)));
  }
  return Status::Ok();
}

SchemasFileCheck CheckFile(const Input* in) {
  SchemasFileCheck check;
  check.status = FindProviderSchemas(*in, &check.objects, &check.format_version);
  return check;
}


// An action invocation needs its provider (Terraform looks its schema up
// for every invocation it attaches), and with config, when it is rendered,
// its action schema (a missing one is only dereferenced then).
Status CheckActionSchema(const PlanContext& ctx, const stream::ActionInvocationFacts& a, bool rendered) {
  bool found;
  Status s = ctx.schemas->HasProvider(a.provider_name, &found);
  if (s.ok() && !found) s = Status::Error(MissingSchemaMessage(ctx, a.provider_name, "action type \"" + a.type + "\""));
  if (s.ok() && rendered && a.has_config) {
    const stream::Block* block;
    s = ctx.schemas->Find(a.provider_name, stream::SchemaStore::Kind::kAction, a.type, &found, &block);
    if (s.ok() && (!found || block == nullptr)) s = Status::Error("no schema for action type \"" + a.type + "\"");
  }
  return s.ok() ? s : ctx.AddressError(a.address, s.message(), a.range.begin);
}

}  // namespace

const SchemasFileCheck& SchemasFile(PlanContext* ctx) {
  if (!ctx->schemas_file_checked) {
    ctx->schemas_file_checked =
        ctx->schemas_file_check.valid() ? ctx->schemas_file_check.get() : CheckFile(&ctx->in);
  }
  return *ctx->schemas_file_checked;
}

void StartSchemasFileCheck(PlanContext* ctx) {
  if (!ctx->in.has_schemas || ctx->opt.jobs < 2 || ctx->schemas_file_check.valid()) return;
  try {
    ctx->schemas_file_check = std::async(std::launch::async, CheckFile, &ctx->in);
  } catch (const std::system_error&) {
    // No thread to spare: TakeSchemasFileCheck runs the check itself.
  }
}

Status CheckSchemas(PlanContext* ctx) {
  const Input& in = ctx->in;
  std::string_view text = in.plan;
  std::vector<ByteRange> objects = ctx->facts.provider_schemas_objects;
  std::string label = in.plan_label;
  if (in.has_schemas) {
    // A file given is always read and must be a valid schemas file, even
    // when the plan's embedded provider_schemas are what the text uses.
    const SchemasFileCheck& file = SchemasFile(ctx);
    if (!file.status.ok()) return file.status;
    if (ctx->facts.shape == stream::InputShape::kShowJson || !ctx->facts.provider_schemas.present) {
      objects = file.objects;
      text = in.schemas;
      label = in.schemas_label;
    }
  }
  ctx->schemas_from_file = in.has_schemas && text.data() == in.schemas.data();
  ctx->schemas = std::make_unique<stream::SchemaStore>(text, std::move(objects), label, *ctx->flavor);
  for (const auto& [key, use] : ctx->facts.needed_schemas) {
    bool found;
    const stream::Block* block;
    Status s = ctx->schemas->Find(
        key.provider, key.data ? stream::SchemaStore::Kind::kDataSource : stream::SchemaStore::Kind::kResource,
        key.type, &found, &block);
    if (!s.ok()) return Status::Error(Located(label, s));
    if (!found) {
      const std::string what = std::string(key.data ? "data source" : "resource") + " type \"" + key.type + "\"";
      return ctx->AddressError(use.address, MissingSchemaMessage(*ctx, key.provider, what), use.offset);
    }
    // Checked for every change, shown or not: the renderer diffs them all.
    std::string path;
    std::string_view nesting;
    if (stream::FindUnknownNesting(*block, &path, &nesting)) {
      return ctx->AddressError(use.address,
                               "the schema of " + std::string(key.data ? "data source" : "resource") + " type \"" +
                                   key.type + "\" has an unrecognized nesting mode \"" + std::string(nesting) +
                                   "\" at \"" + path + "\"",
                               use.offset);
    }
  }
  return Status::Ok();
}

std::string MissingSchemaMessage(const PlanContext& ctx, std::string_view provider, const std::string& what) {
  std::string m = "no schema for " + what + " of provider \"" + std::string(provider) + "\": ";
  // The document the schemas go with: a plan, or a state (--state).
  const std::string doc(DocumentNoun(ctx.opt.document));
  const std::string make = std::string("make them with ") + kSchemasCommand;
  const std::string summary = " (--summary needs no schemas)";
  if (!ctx.in.has_schemas && !ctx.facts.provider_schemas.present) {
    return m + "no provider schemas given: " + make + " and pass them with --schemas" + summary;
  }
  const std::string source = ctx.schemas_from_file ? "the schemas file" : "the " + doc + "'s provider_schemas";
  bool has_provider = false;
  std::vector<std::string> names;
  if (!ctx.schemas->HasProvider(provider, &has_provider).ok() || !ctx.schemas->ProviderNames(&names).ok()) {
    return m + source + " cannot be read";  // CheckSchemas reports why
  }
  if (has_provider) {
    return m + source + " has the provider but not this type, so they may come from another provider version: " +
           make + " where the " + doc + " was made" + summary;
  }
  // Terraform 0.12 named providers by their type alone ("aws"); later
  // versions by address ("registry.terraform.io/hashicorp/aws"). Mapping one
  // to the other would be a guess, and schemas from another Terraform than
  // the plan's are likely another provider version's too: say so instead.
  const size_t slash = provider.rfind('/');
  if (slash != std::string_view::npos) {
    const std::string_view short_name = provider.substr(slash + 1);
    if (std::binary_search(names.begin(), names.end(), short_name)) {
      return m + source + " names it \"" + std::string(short_name) +
             "\", by Terraform 0.12's short provider names, and the " + doc + " by address: " + make +
             " with the Terraform that made the " + doc + summary;
    }
  } else {
    for (const std::string& name : names) {
      if (name.size() > provider.size() && name.compare(name.size() - provider.size(), provider.size(), provider) == 0 &&
          name[name.size() - provider.size() - 1] == '/') {
        return m + "the " + doc + " names it by Terraform 0.12's short provider name and " + source + " by address (\"" +
               name + "\"): make the " + doc + " and the schemas with the same Terraform" + summary;
      }
    }
  }
  std::string have = names.empty() ? "it has no providers" : "it has \"" + names[0] + "\"";
  if (names.size() == 2) have += " and \"" + names[1] + "\"";
  if (names.size() > 2) have += " and " + std::to_string(names.size() - 1) + " more";
  return m + source + " has no such provider (" + have + "): " + make + " where the " + doc + " was made" + summary;
}

Status CheckSchemasFile(PlanContext* ctx) {
  if (!ctx->in.has_schemas) return Status::Ok();
  return SchemasFile(ctx).status;
}

uint64_t RelevantKey(std::string_view address) { return std::hash<std::string_view>{}(address); }

namespace {

// One relevant_attributes entry as Go decodes it into jsonplan.ResourceAttr
// (of repeated keys the last counts), read by scanning: most of a large
// plan's entries name a resource, and need no tree.
struct RelevantEntry {
  bool object = true;
  bool has_attribute = false;
  bool attribute_ok = false;  // an array or null, as attribute_path.AppendSingle needs
  std::string resource;       // empty: the entry applies to every resource
};

Status ScanRelevantEntry(std::string_view raw, uint64_t offset, RelevantEntry* e) {
  stream::JsonScanner s(raw, offset);
  const char c = s.Peek();
  if (c == 'n') return Status::Ok();  // null: no attribute path
  if (c != '{') {
    e->object = false;
    return Status::Ok();
  }
  s.BeginObject("an object");
  bool first = true;
  std::string_view raw_key;
  while (s.NextKey(&first, &raw_key)) {
    const stream::FieldKey key(raw_key);
    const char v = s.Peek();
    if (key.Is("attribute")) {
      e->has_attribute = true;
      e->attribute_ok = v == '[' || v == 'n';
    } else if (key.Is("resource")) {
      // A string field: null leaves what an earlier key set; another type
      // fails Go's decoding of the whole plan.
      if (v == '"') {
        e->resource.clear();
        if (!s.ReadString(&e->resource)) break;
        continue;
      }
      if (v != 'n') {
        s.Fail("expected a string for \"resource\", found " + stream::DescribeByte(raw, s.pos()));
        break;
      }
    }
    if (!s.SkipValue(3)) break;
  }
  return s.status();
}

// Terraform reads an entry's attribute path only for the drifted resources
// the entry applies to (precomputeDiffs), and panics there when it is not a
// path: an entry no drift reads may be malformed. `invalid` holds those
// entries (resource, offset; an empty resource applies to every one).
Status CheckInvalidRelevantEntries(const PlanContext& ctx, std::vector<std::pair<std::string, uint64_t>> invalid) {
  std::sort(invalid.begin(), invalid.end());
  const bool any_resource = !invalid.empty() && invalid.front().first.empty();
  stream::ResourceFacts rf;
  return ctx.ForEachElement(
      ctx.facts.resource_drift,
      [&](std::string_view raw, uint64_t offset) -> Status {
        const std::pair<std::string, uint64_t>* used = nullptr;
        if (any_resource) {
          used = &invalid.front();
        } else {
          rf.Clear();
          if (Status st = ctx.ReadFacts(raw, offset, &rf); !st.ok()) return st;
          auto it = std::lower_bound(invalid.begin(), invalid.end(), std::make_pair(rf.address, uint64_t{0}));
          if (it != invalid.end() && it->first == rf.address) used = &*it;
        }
        if (used == nullptr) return Status::Ok();
        return ctx.PlanError(Status::Error("relevant attribute without a valid \"attribute\" path", used->second));
      },
      PlanContext::Pages::kDropBehind);
}

}  // namespace

Status PrepareRelevantAttributes(PlanContext* ctx) {
  ByteRange r = ctx->facts.relevant_attributes;
  if (!r.present) return Status::Ok();
  RelevantEntry entry;
  std::vector<std::pair<std::string, uint64_t>> invalid;
  Status s = ctx->ForEachElement(
      r,
      [&](std::string_view raw, uint64_t offset) -> Status {
        entry = RelevantEntry{};
        Status st = ScanRelevantEntry(raw, offset, &entry);
        if (!st.ok()) return ctx->PlanError(st);
        if (!entry.object) return ctx->PlanError(Status::Error("expected objects in \"relevant_attributes\"", r.begin));
        if (!entry.has_attribute || !entry.attribute_ok) {
          invalid.emplace_back(entry.resource, offset);
          return Status::Ok();
        }
        if (!entry.resource.empty()) {
          ctx->relevant_index.emplace_back(RelevantKey(entry.resource), offset);
          return Status::Ok();
        }
        // Entries naming no resource apply to every one: keep them parsed.
        const JsonValue* kept = nullptr;
        st = stream::ParseJsonTree(raw, offset, &ctx->long_arena, &kept);
        if (!st.ok()) return ctx->PlanError(st);
        const JsonValue* attribute = nullptr;
        stream::FindField(kept, "attribute", &attribute);
        ctx->relevant_global.push_back(attribute);
        return Status::Ok();
      },
      PlanContext::Pages::kKeep);
  if (s.ok() && !invalid.empty()) s = CheckInvalidRelevantEntries(*ctx, std::move(invalid));
  if (!s.ok()) return s;
  std::sort(ctx->relevant_index.begin(), ctx->relevant_index.end());
  if (ctx->in.release_plan_range) ctx->in.release_plan_range(r.begin, r.end);
  return Status::Ok();
}

Status PrepareActions(PlanContext* ctx) {
  const auto& actions = ctx->facts.actions;
  for (size_t i = 0; i < actions.size(); ++i) {
    if (actions[i].lifecycle) ctx->lifecycle_by_address.emplace(actions[i].triggering_address, i);
  }
  // Invoke-triggered actions are always rendered.
  for (const stream::ActionInvocationFacts& a : actions) {
    if (!a.invoke) continue;
    Status s = CheckActionSchema(*ctx, a, /*rendered=*/true);
    if (!s.ok()) return s;
  }
  if (ctx->lifecycle_by_address.empty()) return Status::Ok();
  // Lifecycle actions matter only for resources that exist: find them.
  return ctx->ForEachElement(ctx->facts.resource_changes, [&](std::string_view raw, uint64_t offset) -> Status {
    stream::JsonScanner s(raw, offset);
    stream::ResourceFacts rf;
    if (!stream::ScanResourceFacts(&s, 2, &rf)) return ctx->PlanError(s.status());
    auto range = ctx->lifecycle_by_address.equal_range(rf.address);
    if (range.first == range.second) return Status::Ok();
    // Its block, and so its actions, is rendered unless Terraform skips it.
    stream::PlanAction action;
    const bool rendered = stream::PlanActionFromList(rf.actions, &action) && stream::IsPrintedChange(action, rf);
    for (auto it = range.first; it != range.second; ++it) {
      const stream::ActionInvocationFacts& a = actions[it->second];
      static const char* kEvents[] = {"BeforeCreate", "BeforeUpdate", "BeforeDestroy",
                                      "AfterCreate",  "AfterUpdate",  "AfterDestroy"};
      if (std::find(std::begin(kEvents), std::end(kEvents), a.event) == std::end(kEvents)) {
        return ctx->AddressError(a.address, "unexpected triggering event \"" + a.event + "\" for an action of " +
                                                rf.address, a.range.begin);
      }
      Status st = CheckActionSchema(*ctx, a, rendered);
      if (!st.ok()) return st;
    }
    return Status::Ok();
  });
}

}  // namespace tfstream::pipeline
