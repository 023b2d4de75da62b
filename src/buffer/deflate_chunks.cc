#include "buffer/deflate_chunks.h"

#include <libdeflate.h>

namespace tfstream::buffer {

namespace {

// A thread's compressor, freed when the thread ends (a raw thread_local
// pointer would leak one per compressing thread).
struct ThreadCompressor {
  libdeflate_compressor* compressor = nullptr;
  int level = -1;
  // Room for libdeflate's bound, kept: compressing straight into *out would
  // zero-fill the whole bound (more than the chunk) before every call.
  std::unique_ptr<char[]> room;
  size_t room_size = 0;
  ~ThreadCompressor() {
    if (compressor != nullptr) libdeflate_free_compressor(compressor);
  }
};

}  // namespace

void ZlibCompress(std::string_view data, int level, std::string* out) {
  // One compressor per thread and level, kept: allocating one costs more
  // than compressing a small chunk.
  thread_local ThreadCompressor kept;
  if (kept.compressor == nullptr || kept.level != level) {
    if (kept.compressor != nullptr) libdeflate_free_compressor(kept.compressor);
    kept.compressor = libdeflate_alloc_compressor(level);
    kept.level = level;
  }
  libdeflate_compressor* compressor = kept.compressor;
  size_t bound = libdeflate_zlib_compress_bound(compressor, data.size());
  if (kept.room_size < bound) {
    kept.room.reset(new char[bound]);
    kept.room_size = bound;
  }
  size_t n = libdeflate_zlib_compress(compressor, data.data(), data.size(), kept.room.get(), bound);
  // The bound is libdeflate's worst case: compression into it cannot fail.
  out->append(kept.room.get(), n);
}

DeflateChunks::DeflateChunks(int threads, int level, Assemble assemble, Write write)
    : level_(level), assemble_(std::move(assemble)), write_(std::move(write)) {
  max_in_flight_ = threads <= 0 ? 1 : static_cast<size_t>(threads) * 3;
  for (int i = 0; i < threads; ++i) threads_.emplace_back([this] { Work(); });
}

DeflateChunks::~DeflateChunks() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stopping_ = true;
  }
  work_ready_.notify_all();
  for (std::thread& t : threads_) t.join();
}

void DeflateChunks::Run(Job* job) const {
  std::vector<std::string> compressed(job->parts.size());
  for (size_t i = 0; i < job->parts.size(); ++i) {
    ZlibCompress(job->parts[i], level_, &compressed[i]);
    std::string().swap(job->parts[i]);
  }
  assemble_(job->number, compressed, &job->out);
}

void DeflateChunks::Work() {
  std::unique_lock<std::mutex> lock(mu_);
  for (;;) {
    work_ready_.wait(lock, [this] { return stopping_ || !todo_.empty(); });
    if (todo_.empty()) return;  // stopping, nothing left
    Job* job = todo_.front();
    todo_.pop_front();
    lock.unlock();
    Run(job);
    lock.lock();
    job->done = true;
    job_done_.notify_all();
  }
}

Status DeflateChunks::Submit(std::vector<std::string> parts) {
  auto job = std::make_unique<Job>();
  job->number = next_number_++;
  job->parts = std::move(parts);
  if (threads_.empty()) {
    Run(job.get());
    if (status_.ok()) status_ = write_(job->out);
    return status_;
  }
  {
    std::lock_guard<std::mutex> lock(mu_);
    todo_.push_back(job.get());
    in_flight_.push_back(std::move(job));
  }
  work_ready_.notify_one();
  return Drain(max_in_flight_);
}

Status DeflateChunks::Drain(size_t wait_for) {
  for (;;) {
    std::unique_ptr<Job> front;
    {
      std::unique_lock<std::mutex> lock(mu_);
      if (in_flight_.empty()) return status_;
      if (!in_flight_.front()->done) {
        if (in_flight_.size() <= wait_for) return status_;
        job_done_.wait(lock, [this] { return in_flight_.front()->done; });
      }
      front = std::move(in_flight_.front());
      in_flight_.pop_front();
    }
    if (status_.ok()) status_ = write_(front->out);
  }
}

Status DeflateChunks::Finish() { return Drain(0); }

}  // namespace tfstream::buffer
