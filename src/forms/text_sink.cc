#include "forms/text_sink.h"

namespace tfstream::forms {
namespace {

class TextSink : public pipeline::Sink {
 public:
  explicit TextSink(buffer::OutputSink* out) : out_(out) {}

  pipeline::Needs needs() const override {
    pipeline::Needs needs;
    needs.joined_blocks = true;  // the text is all it writes
    return needs;
  }
  // Written once enough has gathered: a piece may be one of many (a state's
  // outputs come back from a temporary file in pieces).
  Status Text(const pipeline::TextPiece& piece) override {
    out_->Append(piece.text);
    return out_->MaybeFlush();
  }
  // A large block (or a batch of them, Needs::joined_blocks) is written at
  // once, without a copy.
  Status Block(const pipeline::BlockView& block) override { return out_->AppendBlock(block.text); }
  Status Flush() override { return out_->Flush(); }
  Status Finish(const pipeline::PlanView&) override { return out_->Flush(); }
  Status Finish(const pipeline::StateView&) override { return out_->Flush(); }

 private:
  buffer::OutputSink* out_;
};

}  // namespace

std::unique_ptr<pipeline::Sink> MakeTextSink(buffer::OutputSink* out) { return std::make_unique<TextSink>(out); }

}  // namespace tfstream::forms
