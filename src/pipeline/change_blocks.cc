#include "pipeline/change_blocks.h"

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "pipeline/ordered_parallel.h"

namespace tfstream::pipeline {

Status RenderChangeBlocks(const PlanContext& ctx, ResourceWorker* worker, ProgressMeter* progress,
                          const std::function<Status(std::string_view block)>& consume) {
  const stream::ByteRange range = ctx.facts.resource_changes;
  size_t done = 0;
  if (progress != nullptr) progress->StartRendering(range.begin, range.end, ctx.facts.resource_change_count);
  auto report = [&](uint64_t end) {
    if (progress != nullptr) progress->Rendering(end, ++done);
  };
  int jobs = std::max(1, ctx.opt.jobs);
  if (jobs == 1 || ctx.facts.resource_change_count < 64) {
    std::string text;
    return ctx.ForEachElement(range, [&](std::string_view raw, uint64_t offset) -> Status {
      text.clear();
      Status s = worker->RenderChangeBlock(raw, offset, &text);
      worker->Reset();
      if (s.ok() && !text.empty()) s = consume(text);
      report(offset + raw.size());
      return s;
    });
  }
  struct Item {
    std::string_view raw;
    uint64_t offset = 0;
  };
  struct Block {
    std::string text;
    uint64_t end = 0;  // where the element ends in the input
  };
  std::vector<std::unique_ptr<ResourceWorker>> workers;
  for (int i = 0; i < jobs; ++i) workers.push_back(std::make_unique<ResourceWorker>(ctx));
  return RunOrdered<Item, Block>(
      jobs, static_cast<size_t>(jobs) * 16,
      [&](auto push) {
        return ctx.ForEachElement(
            range,
            [&](std::string_view raw, uint64_t offset) -> Status {
              push(Item{raw, offset});
              return Status::Ok();
            },
            /*release=*/false);
      },
      [&](int id, const Item& item, Block* block) {
        block->text.clear();
        block->end = item.offset + item.raw.size();
        Status s = workers[static_cast<size_t>(id)]->RenderChangeBlock(item.raw, item.offset, &block->text);
        workers[static_cast<size_t>(id)]->Reset();
        return s;
      },
      [&](Block& block) {
        ctx.Release(block.end);  // every earlier element has been consumed too
        Status s = block.text.empty() ? Status::Ok() : consume(block.text);
        report(block.end);
        return s;
      });
}

}  // namespace tfstream::pipeline
