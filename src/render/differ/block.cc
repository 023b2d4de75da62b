// Reproduces ComputeDiffForBlock (differ/block.go @883c722, and OpenTofu's
// v1.12.6 where flavor.def says). Attributes and nested blocks null on both
// sides are not recorded at all; write-only attributes are always recorded and
// follow the block's action.
#include <algorithm>

#include "render/differ/internal.h"
#include "render/structured/checks.h"

namespace tfstream::render::differ {

using renderers::BlockGroup;
using renderers::BlockNesting;

namespace {

// checkForUnknownBlock: a block whose whole value is unknown.
bool CheckForUnknownBlock(const Change& change, const stream::Block& block, const DiffContext& ctx, Diff* out) {
  if (!change.IsUnknown()) return false;
  structured::CheckForUnknown(
      change, ChildUnknown(block.attributes, ctx.arena),
      [&](const Change& current) { return AsDiff(current, renderers::Unknown(ctx.arena, Diff{})); },
      [&](const Change& current, const Change& before) {
        return AsDiff(current, renderers::Unknown(ctx.arena, ComputeDiffForBlock(before, block, ctx)));
      },
      out);
  return true;
}

// diffChildAttribute (OpenTofu), which Terraform's ComputeDiffForBlock has
// inline: false when the attribute is not recorded at all (null on both sides
// and unchanged, unless write-only).
bool DiffChildAttribute(const structured::ChangeMap& value, const stream::NamedAttribute& attr, Action current,
                        const DiffContext& ctx, ChildHits* hits, Diff* out) {
  Change child = value.GetChild(attr.name, ctx);
  hits->Count(child);
  if (!child.relevant_attributes.MatchesPartial()) child = child.AsNoOp();
  if (ctx.flavor->empty_strings_null_in_block_attributes) FoldEmptyStrings(&child);
  child.before_explicit = false;
  child.after_explicit = false;
  *out = ComputeDiffForAttribute(child, *attr.attribute, ctx, current);
  return !(out->action == Action::kNoOp && child.before == nullptr && child.after == nullptr &&
           !attr.attribute->write_only);
}

}  // namespace

Diff ComputeDiffForBlock(Change change, const stream::Block& block, const DiffContext& ctx) {
  Diff out;
  if (structured::CheckForSensitive(
          change, [&](const Change& v) { return ComputeDiffForBlock(v, block, ctx); },
          [&](Diff inner, bool bs, bool as, Action action) {
            return Diff{renderers::SensitiveBlock(ctx.arena, inner, bs, as), action,
                        change.replace_paths.Matches()};
          },
          &out)) {
    return out;
  }
  if (CheckForUnknownBlock(change, block, ctx, &out)) return out;

  change.non_legacy_schema = change.non_legacy_schema || block.non_legacy;
  Action current = change.GetDefaultActionForIteration();
  structured::ChangeMap value = change.AsMap();
  const bool write_only_inherits = ctx.flavor->write_only_inherits_parent_action;

  ArenaList<NamedDiff> attributes(ctx.arena, block.attributes.size());
  // OpenTofu diffs the write-only attributes in a second pass, with the
  // action the others have decided; Terraform after the nested blocks.
  ChildHits hits;
  for (int pass = 0; pass < (write_only_inherits ? 2 : 1); ++pass) {
    for (const stream::NamedAttribute& attr : block.attributes) {
      if (attr.attribute->write_only != (pass == 1)) continue;
      Diff d;
      if (!DiffChildAttribute(value, attr, current, ctx, &hits, &d)) continue;
      attributes.push_back(NamedDiff{attr.name, d, attr.plain_name});
      current = CompareActions(current, d.action);
    }
  }

  ArenaList<BlockGroup> groups(ctx.arena, block.block_types.size());
  for (const stream::NamedBlockType& bt : block.block_types) {
    Change child = value.GetChild(bt.name, ctx);
    hits.Count(child);
    if (!child.relevant_attributes.MatchesPartial()) child = child.AsNoOp();
    BlockGroup g;
    g.name = bt.name;
    g.plain_name = bt.plain_name;
    g.before_sensitive = child.IsBeforeSensitive();
    g.after_sensitive = child.IsAfterSensitive();
    g.replace = child.replace_paths.Matches();
    if (ctx.flavor->unknown_nested_block_as_single) {
      // OpenTofu checks with the enclosing block's schema, whatever the
      // nesting, and leaves the action out of the block's.
      Diff d;
      if (CheckForUnknownBlock(child, block, ctx, &d)) {
        if (d.action == Action::kNoOp && child.before == nullptr && child.after == nullptr &&
            ctx.flavor->unknown_single_block_noop_skipped) {
          continue;
        }
        g.nesting = BlockNesting::kSingle;
        g.single = d;
        groups.push_back(g);
        continue;
      }
    } else if (ctx.flavor->unknown_nested_blocks_grouped) {
      g.unknown = child.IsUnknown();
    }
    bool both_null = child.before == nullptr && child.after == nullptr && !g.unknown;
    const stream::Block& nested = *bt.block_type->block;
    Action action;
    switch (bt.block_type->nesting) {
      case stream::NestingMode::kSet:
      case stream::NestingMode::kList: {
        std::span<const Diff> diffs;
        bool is_set = bt.block_type->nesting == stream::NestingMode::kSet;
        action = is_set ? ComputeBlockDiffsAsSet(child, nested, ctx, &diffs)
                        : ComputeBlockDiffsAsList(child, nested, ctx, &diffs);
        if (action == Action::kNoOp && both_null) continue;
        g.nesting = is_set ? BlockNesting::kSet : BlockNesting::kList;
        g.elements = diffs;
        break;
      }
      case stream::NestingMode::kMap: {
        std::span<const NamedDiff> diffs;
        action = ComputeBlockDiffsAsMap(child, nested, ctx, &diffs);
        if (action == Action::kNoOp && both_null) continue;
        g.nesting = BlockNesting::kMap;
        g.map_elements = diffs;
        break;
      }
      case stream::NestingMode::kSingle:
      case stream::NestingMode::kGroup: {
        Diff d = ComputeDiffForBlock(child, nested, ctx);
        action = d.action;
        if (action == Action::kNoOp && both_null) continue;
        g.nesting = BlockNesting::kSingle;
        g.single = d;
        break;
      }
      default:
        ctx.Fail("unrecognized nesting mode: " + std::string(bt.block_type->nesting_text));
        continue;
    }
    groups.push_back(g);
    current = CompareActions(current, action);
  }

  NoteUnknownMembers(
      value, hits,
      [&block](std::string_view name) {
        for (const stream::NamedAttribute& a : block.attributes) {
          if (a.name == name) return true;
        }
        for (const stream::NamedBlockType& b : block.block_types) {
          if (b.name == name) return true;
        }
        return false;
      },
      ctx);

  if (!write_only_inherits) {
    for (const stream::NamedAttribute& attr : block.attributes) {
      if (!attr.attribute->write_only) continue;
      attributes.push_back(
          NamedDiff{attr.name, ComputeDiffForWriteOnlyAttribute(change, current, ctx), attr.plain_name});
    }
  }
  SortByName(&attributes);

  return Diff{renderers::Block(ctx.arena, attributes.span(), groups.span()),
              current, change.replace_paths.Matches()};
}

}  // namespace tfstream::render::differ
