// Embedder: turns a question into a dense vector for the semantic (L2) answer cache. The
// interface is small so that a provider's embeddings endpoint can replace the built-in one;
// vectors of one embedder are compared by cosine similarity (CosineSimilarity).
//
// LexicalEmbedder is the built-in default (DESIGN §6): no model, no network. It reads the
// question with the nlq engine's tokenizer and keyword lexicon (question_items.h), drops
// stop words, folds every keyword phrase to its kinds (so "average"/"avg"/"平均" and
// "各"/"各个" are one feature), and hashes the features into `dimension` buckets with a sign
// bit (feature hashing): unigrams of every item, bigrams of adjacent items, and character
// trigrams inside runs of CJK characters. The vector is L2-normalised. Stateless after
// construction and thread-safe.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "askdb/common/status.h"

namespace askdb::cache {

using Embedding = std::vector<float>;

class Embedder {
 public:
  virtual ~Embedder() = default;
  // Same length (dimension()) for every input; all zeros when the text has no features.
  virtual Embedding Embed(std::string_view text) const = 0;
  virtual size_t dimension() const = 0;
  // Names the embedder and its settings ("lexical-1024", "openai:text-embedding-3-small"):
  // vectors persisted under another id are not compared with this embedder's.
  virtual std::string id() const = 0;
  // Embed with the reason when there is no vector: an index that must not store an empty
  // vector (the knowledge base) calls these and records the error. The defaults wrap Embed,
  // which cannot fail for the built-in embedder; ProviderEmbedder returns the endpoint's
  // error and sends a batch as one request.
  virtual StatusOr<Embedding> TryEmbed(std::string_view text) const;
  virtual StatusOr<std::vector<Embedding>> TryEmbedBatch(
      const std::vector<std::string>& texts) const;
};

struct LexicalEmbedderOptions {
  // Hash buckets. More buckets mean fewer collisions and slower brute-force search; 1,024
  // keeps collisions rare for question-length text (tens of features).
  size_t dimension = 1024;
};

class LexicalEmbedder final : public Embedder {
 public:
  explicit LexicalEmbedder(LexicalEmbedderOptions options = {});
  Embedding Embed(std::string_view text) const override;
  size_t dimension() const override { return options_.dimension; }
  std::string id() const override { return "lexical-" + std::to_string(options_.dimension); }

 private:
  LexicalEmbedderOptions options_;
};

// Cosine of the angle between a and b; 0 when either is all zeros or their lengths differ.
double CosineSimilarity(const Embedding& a, const Embedding& b);

}  // namespace askdb::cache
