// Record and replay: RecordingLlmClient passes calls to a real client and appends each
// request and its response (or error) to a cassette, one JSON object per line;
// ReplayingLlmClient serves a cassette back, keyed by a hash of the request, and fails
// loudly (FailedPrecondition naming the request) when a request was never recorded. With
// `--llm record:FILE` then `--llm replay:FILE` an agent run becomes reproducible.
//
// The hash covers everything that shapes an answer (model, messages, tools, sampling
// options, response format) but not whether the call streamed, so a run recorded with
// streaming replays with or without it. A request recorded several times is served in
// recorded order; after the last entry, the last one repeats.
//
// Both clients are thread-safe. The recorder owns the client it wraps.
#pragma once

#include <deque>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "askdb/llm/llm_client.h"

namespace askdb::llm {

// 16 hex digits; stable across runs and platforms.
std::string RequestHash(const ChatRequest& request);
std::string RequestHash(const EmbeddingRequest& request);

Json ChatResponseToJson(const ChatResponse& response);
ChatResponse ChatResponseFromJson(const Json& j);

class RecordingLlmClient final : public LlmClient {
 public:
  // Opens (appends to) the cassette.
  static StatusOr<std::unique_ptr<RecordingLlmClient>> Open(std::unique_ptr<LlmClient> inner,
                                                            const std::filesystem::path& path);

  StatusOr<ChatResponse> Chat(const ChatRequest& request, const CallOptions& options) override;
  StatusOr<ChatResponse> ChatStream(const ChatRequest& request, const StreamCallback& on_delta,
                                    const CallOptions& options) override;
  StatusOr<EmbeddingResponse> Embed(const EmbeddingRequest& request,
                                    const CallOptions& options) override;
  std::string Describe() const override { return "record(" + inner_->Describe() + ")"; }

  // Use Open(); public only for std::make_unique.
  RecordingLlmClient(std::unique_ptr<LlmClient> inner, std::filesystem::path path);

 private:
  void Write(const Json& line);
  void RecordChat(const ChatRequest& request, const StatusOr<ChatResponse>& result);

  std::unique_ptr<LlmClient> inner_;
  std::filesystem::path path_;
  std::mutex mu_;
  std::ofstream out_;
};

class ReplayingLlmClient final : public LlmClient {
 public:
  static StatusOr<std::unique_ptr<ReplayingLlmClient>> Open(const std::filesystem::path& path);

  StatusOr<ChatResponse> Chat(const ChatRequest& request, const CallOptions& options) override;
  StatusOr<ChatResponse> ChatStream(const ChatRequest& request, const StreamCallback& on_delta,
                                    const CallOptions& options) override;
  StatusOr<EmbeddingResponse> Embed(const EmbeddingRequest& request,
                                    const CallOptions& options) override;
  std::string Describe() const override { return "replay(" + path_.string() + ")"; }

  size_t entries() const;

  // Use Open(); public only for std::make_unique.
  explicit ReplayingLlmClient(std::filesystem::path path) : path_(std::move(path)) {}

 private:
  StatusOr<Json> Next(const std::string& hash, const std::string& what);

  std::filesystem::path path_;
  mutable std::mutex mu_;
  std::map<std::string, std::deque<Json>> by_hash_;
  size_t entries_ = 0;
};

}  // namespace askdb::llm
