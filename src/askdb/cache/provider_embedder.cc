#include "askdb/cache/provider_embedder.h"

#include <spdlog/spdlog.h>

#include <utility>

namespace askdb::cache {

ProviderEmbedder::ProviderEmbedder(llm::LlmClient& client, ProviderEmbedderOptions options)
    : client_(client), options_(std::move(options)) {}

size_t ProviderEmbedder::dimension() const {
  std::lock_guard lock(mu_);
  return dimension_;
}

Embedding ProviderEmbedder::Embed(std::string_view text) const {
  const std::string key(text);
  {
    std::lock_guard lock(mu_);
    if (auto it = memo_index_.find(key); it != memo_index_.end()) {
      memo_.splice(memo_.begin(), memo_, it->second);
      return memo_.front().second;
    }
  }
  llm::EmbeddingRequest request;
  request.model = options_.model;
  request.inputs = {key};
  llm::CallOptions call;
  call.deadline = Clock::System().Now() + options_.timeout;
  StatusOr<llm::EmbeddingResponse> response = client_.Embed(request, call);
  if (!response.ok() || response->vectors.size() != 1 || response->vectors[0].empty()) {
    spdlog::warn("answer cache: no embedding from {} ({}); the semantic cache misses this time",
                 options_.model,
                 response.ok() ? "the reply had no vector" : response.status().message());
    return {};
  }
  Embedding vector = std::move(response->vectors[0]);
  std::lock_guard lock(mu_);
  dimension_ = vector.size();
  if (options_.memo_size > 0 && !memo_index_.contains(key)) {
    memo_.emplace_front(key, vector);
    memo_index_[key] = memo_.begin();
    while (memo_.size() > options_.memo_size) {
      memo_index_.erase(memo_.back().first);
      memo_.pop_back();
    }
  }
  return vector;
}

}  // namespace askdb::cache
