// Writes a whole plan document in either input shape.
//
// Layout of both shapes follows Terraform's marshalling order (jsonplan for
// `terraform show -json`, HCP Terraform's redacted JSON for the renderer
// shape). Every per-resource section loops over the tenants; tenants are
// generated in batches, split over `threads` threads into per-tenant memory
// buffers and appended in order, so memory stays bounded by one batch.
// TenantBytes() runs the same emitters against a counting sink, which is how
// gen_plan picks the tenant count for a size.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "gen/out.h"
#include "gen/plan_layout.h"
#include "gen/schema.h"

namespace tfgen {

enum class Shape { kShow, kRenderer };

// Byte lengths of an instance's Before() value and sensitivity mask, taken
// while counting resource_changes and reused for prior_state.
struct ValueLens {
  uint64_t value = 0, sens = 0;
  bool valid = false;
};

class PlanWriter {
 public:
  PlanWriter(const Schema& schema, uint64_t seed, Shape shape, int threads);

  // Writes a document of as close to target bytes as one resource instance
  // allows: while the first per-tenant section is written, each tenant's
  // bytes in the later sections are counted, and tenants stop where the
  // total would pass the target (the last one cut at the closest instance).
  void WriteSized(Out& out, uint64_t target);
  // Writes the document with tenants [0, full) and, when partial > 0, the
  // first `partial` instances of tenant `full`. Records per-section sizes.
  void Write(Out& out, int full, int partial);
  // Bytes tenant t adds to a document (all sections), with at most `limit`
  // of its instances (-1: all). Thread-safe.
  uint64_t TenantBytes(int t, int limit) const;
  // Number of instances of tenant t.
  int TenantInstances(int t) const;

  int full_tenants() const { return full_; }
  int partial_instances() const { return partial_; }

  const std::vector<std::pair<std::string, uint64_t>>& sections() const { return sections_; }
  uint64_t changes_written() const { return changes_written_; }

 private:
  // Appends emit(buffer, tenant, limit, sep) for every tenant to `out` as
  // elements of the list or map `sep` belongs to. Returns the sum of the
  // emitters' results.
  template <class F>
  size_t ForTenants(Out& out, Sep& sep, int full, int partial, F emit);
  // The first per-tenant section of a sized write: like ForTenants, but
  // picks full_/partial_ from target_ (see WriteSized).
  template <class F>
  size_t FirstTenants(Out& out, Sep& sep, F emit);
  // Bytes tenant t adds outside the first per-tenant section. `first_lens`:
  // value lengths the first section recorded (show shape: After()).
  uint64_t RestBytes(const Tenant& t, int limit, const std::vector<ValueLens>* first_lens) const;
  void Mark(Out& out, const char* name, uint64_t start);

  void WriteShow(Out& out);
  void WriteRenderer(Out& out);

  // Per-resource sections (plan_resources.cc). `limit` caps instances;
  // each returns the number of elements written.
  // `record`: stores each instance's Before() ValueLens (by index).
  // `cached_after`: when `out` counts, After() lengths to skip instead of
  // generating the values again.
  size_t Changes(Out& out, const Tenant& t, int limit, Sep& sep, bool drift,
                 std::vector<ValueLens>* record = nullptr,
                 const std::vector<ValueLens>* cached_after = nullptr) const;
  // `cached`: when `out` counts, lengths of the values to skip.
  // `record`: stores the lengths of the values written (by index).
  size_t Modules(Out& out, const Tenant& t, int limit, Sep& sep, bool planned,
                 const std::vector<ValueLens>* cached = nullptr,
                 std::vector<ValueLens>* record = nullptr) const;
  void RootResources(Out& out, const Tenant& t, bool planned) const;
  size_t Relevant(Out& out, const Tenant& t, int limit, Sep& sep) const;

  // Configuration (plan_config.cc).
  void ProviderConfig(Out& out) const;
  void ConfigResources(Out& out, const Tenant& t, const char* sub, const std::string& key_prefix) const;
  size_t ModuleCall(Out& out, const Tenant& t, Sep& sep) const;

  // Outputs and variables (plan_writer.cc).
  void OutputChanges(Out& out) const;
  void OutputValues(Out& out, bool planned) const;
  void OutputConfig(Out& out) const;
  void Variables(Out& out, bool config) const;

  static constexpr int kBatch = 16;  // tenants generated per round

  const Schema& schema_;
  uint64_t seed_;
  Shape shape_;
  int threads_;
  std::vector<Out> buffers_;  // one per tenant of a batch
  std::vector<std::pair<std::string, uint64_t>> sections_;
  uint64_t changes_written_ = 0;
  uint64_t target_ = 0;  // 0: Write() with fixed counts
  uint64_t fixed_ = 0;   // bytes of the document without tenants
  int full_ = 0, partial_ = 0;
};

}  // namespace tfgen
