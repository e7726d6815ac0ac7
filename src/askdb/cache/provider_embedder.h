// ProviderEmbedder: the semantic (L2) answer cache's vectors from the model provider's
// embeddings endpoint ([llm] embedding_model), instead of the built-in LexicalEmbedder.
//
// A failed Embed (endpoint down, model unknown, timeout) is logged and yields an empty vector
// (TryEmbed returns the error instead), which matches nothing: the cache misses and the question is
// answered the normal way. The last `memo_size` texts' vectors are remembered, so a Lookup that
// misses and the Store that follows cost one call. Thread-safe; borrows the client (it must outlive
// the embedder).
#pragma once

#include <chrono>
#include <list>
#include <mutex>
#include <string>
#include <unordered_map>

#include "askdb/cache/embedder.h"
#include "askdb/llm/llm_client.h"

namespace askdb::cache {

struct ProviderEmbedderOptions {
  std::string model;  // the embeddings model; required
  std::chrono::milliseconds timeout{10'000};
  size_t memo_size = 64;
};

class ProviderEmbedder final : public Embedder {
 public:
  ProviderEmbedder(llm::LlmClient& client, ProviderEmbedderOptions options);
  Embedding Embed(std::string_view text) const override;
  StatusOr<Embedding> TryEmbed(std::string_view text) const override;
  // Up to kMaxBatch texts per request; the memo is not used (batches are written once).
  StatusOr<std::vector<Embedding>> TryEmbedBatch(
      const std::vector<std::string>& texts) const override;
  static constexpr size_t kMaxBatch = 64;
  // The length of the vectors seen so far (0 before the first successful call).
  size_t dimension() const override;
  std::string id() const override { return "provider:" + options_.model; }

 private:
  // One request for `texts`; every vector non-empty and of one length, or an error.
  StatusOr<std::vector<Embedding>> Request(const std::vector<std::string>& texts) const;

  llm::LlmClient& client_;
  ProviderEmbedderOptions options_;
  mutable std::mutex mu_;
  mutable size_t dimension_ = 0;
  mutable std::list<std::pair<std::string, Embedding>> memo_;  // front: most recent
  mutable std::unordered_map<std::string, std::list<std::pair<std::string, Embedding>>::iterator>
      memo_index_;
};

}  // namespace askdb::cache
