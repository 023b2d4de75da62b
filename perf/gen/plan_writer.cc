// Document skeletons of both shapes, the tenant loops and sizing.
//
// show shape (jsonplan field order): format_version, terraform_version,
// variables, planned_values, resource_drift, resource_changes,
// output_changes, prior_state, configuration, relevant_attributes,
// timestamp, applyable, complete, errored.
// renderer shape: plan_format_version, provider_format_version,
// resource_changes, resource_drift, relevant_attributes, output_changes,
// provider_schemas.
#include "gen/plan_writer.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <thread>

#include "gen/hash.h"
#include "gen/values.h"

namespace tfgen {

PlanWriter::PlanWriter(const Schema& schema, uint64_t seed, Shape shape, int threads)
    : schema_(schema), seed_(seed), shape_(shape), threads_(std::max(1, threads)) {
  for (int i = 0; i < kBatch; ++i) buffers_.push_back(Out::Memory());
}

template <class F>
size_t PlanWriter::ForTenants(Out& out, Sep& sep, int full, int partial, F emit) {
  int total = full + (partial > 0 ? 1 : 0);
  size_t counts[kBatch];
  size_t sum = 0;
  for (int b0 = 0; b0 < total; b0 += kBatch) {
    int n = std::min(kBatch, total - b0);
    // Thread k generates tenants k, k + threads, ...: neighbours cost alike.
    auto work = [&](int first, int step) {
      Tenant t;
      for (int i = first; i < n; i += step) {
        int idx = b0 + i;
        BuildTenant(schema_, seed_, idx, &t);
        Out& buf = buffers_[static_cast<size_t>(i)];
        buf.Reset();
        Sep local(buf);
        counts[i] = emit(buf, t, idx == full ? partial : -1, local);
      }
    };
    int nt = std::min(threads_, n);
    std::vector<std::thread> pool;
    for (int k = 1; k < nt; ++k) pool.emplace_back(work, k, nt);
    work(0, nt);
    for (auto& th : pool) th.join();
    for (int i = 0; i < n; ++i) {
      std::string_view d = buffers_[static_cast<size_t>(i)].data();
      if (d.empty()) continue;
      sep.Next();
      out.Put(d);
      sum += counts[i];
    }
  }
  return sum;
}

template <class F>
size_t PlanWriter::FirstTenants(Out& out, Sep& sep, F emit) {
  full_ = partial_ = 0;
  uint64_t running = fixed_;
  uint64_t rest[kBatch];
  size_t counts[kBatch];
  size_t sum = 0;
  for (int b0 = 0;; b0 += kBatch) {
    int n = std::min(kBatch, MaxTenants() - b0);
    if (n <= 0) {
      std::fprintf(stderr, "gen_plan: size too large (more than %d tenants)\n", MaxTenants());
      std::exit(1);
    }
    auto work = [&](int first, int step) {
      Tenant t;
      std::vector<ValueLens> lens;
      for (int i = first; i < n; i += step) {
        BuildTenant(schema_, seed_, b0 + i, &t);
        Out& buf = buffers_[static_cast<size_t>(i)];
        buf.Reset();
        Sep local(buf);
        lens.clear();
        counts[i] = emit(buf, t, -1, local, &lens);
        rest[i] = RestBytes(t, -1, lens.empty() ? nullptr : &lens);
      }
    };
    int nt = std::min(threads_, n);
    std::vector<std::thread> pool;
    for (int k = 1; k < nt; ++k) pool.emplace_back(work, k, nt);
    work(0, nt);
    for (auto& th : pool) th.join();
    for (int i = 0; i < n; ++i) {
      std::string_view d = buffers_[static_cast<size_t>(i)].data();
      uint64_t bytes = (d.empty() ? 0 : d.size() + 1) + rest[i];
      if (running + bytes <= target_) {
        running += bytes;
        if (!d.empty()) {
          sep.Next();
          out.Put(d);
        }
        sum += counts[i];
        ++full_;
        continue;
      }
      // Tenant full_ does not fit: cut it at the instance count closest to
      // the target, write that much of it, and stop.
      int lo = 0, hi = TenantInstances(full_);
      while (hi - lo > 1) {
        int mid = (lo + hi) / 2;
        if (running + TenantBytes(full_, mid) <= target_)
          lo = mid;
        else
          hi = mid;
      }
      uint64_t below = lo > 0 ? TenantBytes(full_, lo) : 0;
      uint64_t above = TenantBytes(full_, hi);
      partial_ = (target_ - running - below) <= (running + above - target_) ? lo : hi;
      if (partial_ > 0) {
        Tenant t;
        BuildTenant(schema_, seed_, full_, &t);
        Out& buf = buffers_[0];
        buf.Reset();
        Sep local(buf);
        sum += emit(buf, t, partial_, local, nullptr);
        if (!buf.data().empty()) {
          sep.Next();
          out.Put(buf.data());
        }
      }
      return sum;
    }
  }
}

uint64_t PlanWriter::RestBytes(const Tenant& t, int limit, const std::vector<ValueLens>* first_lens) const {
  Out count = Out::Counter();
  // Each section's elements follow others: count their separators too.
  Sep a(count, false), b(count, false), c(count, false), d(count, false), e(count, false);
  if (shape_ == Shape::kShow) {
    std::vector<ValueLens> lens;
    Changes(count, t, limit, a, true);
    Changes(count, t, limit, b, false, &lens, first_lens);
    Modules(count, t, limit, c, false, &lens);
    ModuleCall(count, t, d);
    Relevant(count, t, limit, e);
  } else {
    Changes(count, t, limit, a, true);
    Relevant(count, t, limit, b);
  }
  return count.bytes();
}

void PlanWriter::Mark(Out& out, const char* name, uint64_t start) {
  sections_.emplace_back(name, out.bytes() - start);
}

void PlanWriter::Write(Out& out, int full, int partial) {
  sections_.clear();
  changes_written_ = 0;
  target_ = 0;
  full_ = full;
  partial_ = partial;
  if (shape_ == Shape::kShow)
    WriteShow(out);
  else
    WriteRenderer(out);
}

void PlanWriter::WriteSized(Out& out, uint64_t target) {
  {
    Out count = Out::Counter();
    Write(count, 0, 0);
    fixed_ = count.bytes();
  }
  sections_.clear();
  changes_written_ = 0;
  target_ = target;
  full_ = partial_ = 0;
  if (shape_ == Shape::kShow)
    WriteShow(out);
  else
    WriteRenderer(out);
}

int PlanWriter::TenantInstances(int t) const {
  Tenant tenant;
  BuildTenant(schema_, seed_, t, &tenant);
  return static_cast<int>(tenant.insts.size());
}

uint64_t PlanWriter::TenantBytes(int t, int limit) const {
  Out count = Out::Counter();
  Tenant tenant;
  BuildTenant(schema_, seed_, t, &tenant);
  Sep first(count, false);
  if (shape_ == Shape::kShow)
    Modules(count, tenant, limit, first, true);
  else
    Changes(count, tenant, limit, first, false);
  return count.bytes() + RestBytes(tenant, limit, nullptr);
}

void PlanWriter::WriteShow(Out& out) {
  Tenant root;
  BuildTenant(schema_, seed_, -1, &root);
  bool tenants = target_ > fixed_ || full_ > 0 || partial_ > 0;
  uint64_t s = out.bytes();
  out.Put("{\"format_version\":\"1.2\",\"terraform_version\":\"1.9.8\",\"variables\":");
  Variables(out, false);
  Mark(out, "variables", s);

  s = out.bytes();
  out.Put(",\"planned_values\":{");
  OutputValues(out, true);
  out.Put(",\"root_module\":{");
  RootResources(out, root, true);
  if (tenants) {
    out.Put(",\"child_modules\":[");
    Sep sep(out);
    auto emit = [&](Out& o, const Tenant& t, int limit, Sep& s, std::vector<ValueLens>* lens = nullptr) {
      return Modules(o, t, limit, s, true, nullptr, lens);
    };
    if (target_)
      FirstTenants(out, sep, emit);
    else
      ForTenants(out, sep, full_, partial_, emit);
    out.Put(']');
  }
  out.Put("}}");
  Mark(out, "planned_values", s);
  tenants = full_ > 0 || partial_ > 0;

  s = out.bytes();
  out.Put(",\"resource_drift\":[");
  {
    Sep sep(out);
    Changes(out, root, -1, sep, true);
    ForTenants(out, sep, full_, partial_,
               [&](Out& o, const Tenant& t, int limit, Sep& s) { return Changes(o, t, limit, s, true); });
  }
  out.Put(']');
  Mark(out, "resource_drift", s);

  s = out.bytes();
  out.Put(",\"resource_changes\":[");
  {
    Sep sep(out);
    changes_written_ += Changes(out, root, -1, sep, false);
    changes_written_ += ForTenants(
        out, sep, full_, partial_,
        [&](Out& o, const Tenant& t, int limit, Sep& s) { return Changes(o, t, limit, s, false); });
  }
  out.Put(']');
  Mark(out, "resource_changes", s);

  s = out.bytes();
  out.Put(",\"output_changes\":");
  OutputChanges(out);
  Mark(out, "output_changes", s);

  s = out.bytes();
  out.Put(",\"prior_state\":{\"format_version\":\"1.0\",\"terraform_version\":\"1.9.8\",\"values\":{");
  OutputValues(out, false);
  out.Put(",\"root_module\":{");
  RootResources(out, root, false);
  if (tenants) {
    out.Put(",\"child_modules\":[");
    Sep sep(out);
    ForTenants(out, sep, full_, partial_,
               [&](Out& o, const Tenant& t, int limit, Sep& s) { return Modules(o, t, limit, s, false); });
    out.Put(']');
  }
  out.Put("}}}");
  Mark(out, "prior_state", s);

  s = out.bytes();
  out.Put(",\"configuration\":{");
  ProviderConfig(out);
  out.Put(",\"root_module\":{");
  OutputConfig(out);
  out.Put(',');
  ConfigResources(out, root, "", "");
  if (tenants) {
    out.Put(",\"module_calls\":{");
    Sep sep(out);
    ForTenants(out, sep, full_, partial_,
               [&](Out& o, const Tenant& t, int, Sep& s) { return ModuleCall(o, t, s); });
    out.Put('}');
  }
  out.Put(",\"variables\":");
  Variables(out, true);
  out.Put("}}");
  Mark(out, "configuration", s);

  s = out.bytes();
  out.Put(",\"relevant_attributes\":[");
  {
    Sep sep(out);
    Relevant(out, root, -1, sep);
    ForTenants(out, sep, full_, partial_,
               [&](Out& o, const Tenant& t, int limit, Sep& s) { return Relevant(o, t, limit, s); });
  }
  out.Put(
      "],\"timestamp\":\"2025-01-15T09:30:00Z\",\"applyable\":true,\"complete\":true,\"errored\":false}\n");
  Mark(out, "relevant_attributes+tail", s);
}

void PlanWriter::WriteRenderer(Out& out) {
  Tenant root;
  BuildTenant(schema_, seed_, -1, &root);
  uint64_t s = out.bytes();
  out.Put("{\"plan_format_version\":\"1.2\",\"provider_format_version\":\"1.0\",\"resource_changes\":[");
  {
    Sep sep(out);
    changes_written_ += Changes(out, root, -1, sep, false);
    auto emit = [&](Out& o, const Tenant& t, int limit, Sep& s, std::vector<ValueLens>* = nullptr) {
      return Changes(o, t, limit, s, false);
    };
    changes_written_ += target_ ? FirstTenants(out, sep, emit) : ForTenants(out, sep, full_, partial_, emit);
  }
  out.Put(']');
  Mark(out, "resource_changes", s);

  s = out.bytes();
  out.Put(",\"resource_drift\":[");
  {
    Sep sep(out);
    Changes(out, root, -1, sep, true);
    ForTenants(out, sep, full_, partial_,
               [&](Out& o, const Tenant& t, int limit, Sep& s) { return Changes(o, t, limit, s, true); });
  }
  out.Put(']');
  Mark(out, "resource_drift", s);

  s = out.bytes();
  out.Put(",\"relevant_attributes\":[");
  {
    Sep sep(out);
    Relevant(out, root, -1, sep);
    ForTenants(out, sep, full_, partial_,
               [&](Out& o, const Tenant& t, int limit, Sep& s) { return Relevant(o, t, limit, s); });
  }
  out.Put(']');
  Mark(out, "relevant_attributes", s);

  s = out.bytes();
  out.Put(",\"output_changes\":");
  OutputChanges(out);
  Mark(out, "output_changes", s);

  s = out.bytes();
  out.Put(",\"provider_schemas\":");
  WriteProviderSchemas(out, schema_);
  out.Put("}\n");
  Mark(out, "provider_schemas", s);
}

}  // namespace tfgen
