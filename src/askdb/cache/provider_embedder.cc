#include "askdb/cache/provider_embedder.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <utility>

namespace askdb::cache {

ProviderEmbedder::ProviderEmbedder(llm::LlmClient& client, ProviderEmbedderOptions options)
    : client_(client), options_(std::move(options)) {}

size_t ProviderEmbedder::dimension() const {
  std::lock_guard lock(mu_);
  return dimension_;
}

Embedding ProviderEmbedder::Embed(std::string_view text) const {
  StatusOr<Embedding> v = TryEmbed(text);
  if (!v.ok()) {
    spdlog::warn("answer cache: {}; the semantic cache misses this time", v.status().message());
    return {};
  }
  return std::move(v).value();
}

StatusOr<std::vector<Embedding>> ProviderEmbedder::Request(
    const std::vector<std::string>& texts) const {
  llm::EmbeddingRequest request;
  request.model = options_.model;
  request.inputs = texts;
  llm::CallOptions call;
  call.deadline = Clock::System().Now() + options_.timeout;
  StatusOr<llm::EmbeddingResponse> response = client_.Embed(request, call);
  if (!response.ok()) {
    return Status(response.status().code(),
                  "no embedding from " + options_.model + ": " + response.status().message());
  }
  if (response->vectors.size() != texts.size()) {
    return LlmError("no embedding from " + options_.model + ": the reply had " +
                    std::to_string(response->vectors.size()) + " vectors for " +
                    std::to_string(texts.size()) + " inputs");
  }
  for (const Embedding& v : response->vectors) {
    if (v.empty() || v.size() != response->vectors[0].size()) {
      return LlmError("no embedding from " + options_.model +
                      ": the reply had an empty vector or vectors of different lengths");
    }
  }
  std::lock_guard lock(mu_);
  if (!response->vectors.empty()) dimension_ = response->vectors[0].size();
  return std::move(response->vectors);
}

StatusOr<Embedding> ProviderEmbedder::TryEmbed(std::string_view text) const {
  const std::string key(text);
  {
    std::lock_guard lock(mu_);
    if (auto it = memo_index_.find(key); it != memo_index_.end()) {
      memo_.splice(memo_.begin(), memo_, it->second);
      return memo_.front().second;
    }
  }
  StatusOr<std::vector<Embedding>> vectors = Request({key});
  if (!vectors.ok()) return vectors.status();
  Embedding vector = std::move(vectors->front());
  std::lock_guard lock(mu_);
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

StatusOr<std::vector<Embedding>> ProviderEmbedder::TryEmbedBatch(
    const std::vector<std::string>& texts) const {
  std::vector<Embedding> out;
  out.reserve(texts.size());
  for (size_t begin = 0; begin < texts.size(); begin += kMaxBatch) {
    const size_t end = std::min(texts.size(), begin + kMaxBatch);
    StatusOr<std::vector<Embedding>> part =
        Request(std::vector<std::string>(texts.begin() + begin, texts.begin() + end));
    if (!part.ok()) return part.status();
    if (!out.empty() && part->front().size() != out.front().size()) {
      return LlmError("no embedding from " + options_.model +
                      ": the endpoint changed the vector length between requests");
    }
    for (Embedding& v : *part) out.push_back(std::move(v));
  }
  return out;
}

}  // namespace askdb::cache
