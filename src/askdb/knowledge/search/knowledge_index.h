// KnowledgeIndex: hybrid search over knowledge chunks (business terms, document chunks, Q&A
// and FAQ pairs) — issue 15 item 3, docs/knowledge.md "Search and its benchmark".
//
// Two channels, each filtered by scope, type and recall switch before it is cut to its
// top-k (a filter never empties a result that a bigger k would have filled):
//   - keyword: BM25 over the bilingual terms schema recall uses (catalog::RecallTerms: ICU
//     word segmentation, Chinese bigrams, plural folding, stop words);
//   - vector: cosine similarity of the chunk's embedding (cache::Embedder, embedded when the
//     chunk is added) and the query's, found with an HNSW graph (hnswlib) per scope.
// The two rankings are fused with reciprocal rank fusion: fused = Σ 1 / (rrf_k + rank).
//
// Removal is soft: a removed chunk is excluded at once, its HNSW slot marked deleted, and
// the slots are reclaimed when the index is rebuilt (Rebuild, or Load after a change of
// embedder). Save writes one file holding the chunks, their vectors' graph and the
// embedder's identity and dimension; Load of a file written with another embedder re-embeds
// every chunk (progress through the callback).
//
// Thread-safety: Search may run concurrently with itself and with Add/Remove/Save (a
// shared_mutex; embedding happens before the exclusive lock is taken).
#pragma once

#include <cstddef>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "askdb/common/status.h"

namespace askdb::cache {
class Embedder;
}

namespace askdb::knowledge {

enum class ChunkType { kTerm, kDocument, kQa, kFaq };

// "term", "document", "qa", "faq".
std::string_view ChunkTypeName(ChunkType type);
std::optional<ChunkType> ParseChunkType(std::string_view name);

struct Chunk {
  std::string id;       // unique in the index; adding an existing id replaces the chunk
  std::string item_id;  // the knowledge item (document, term, Q&A) the chunk belongs to
  std::string scope;    // who may recall it, e.g. "agent:sales" or "datasource:demo"
  ChunkType type = ChunkType::kDocument;
  bool recall = true;  // the item's recall switch (is_recall)
  std::string text;    // what is searched (and embedded)
};

struct SearchFilter {
  std::vector<std::string> scopes;  // chunks of any of these scopes; empty: every scope
  std::vector<ChunkType> types;     // chunks of any of these types; empty: every type
  bool recall_only = true;          // leave out chunks whose recall switch is off
};

enum class SearchMode { kHybrid, kKeyword, kVector };

struct SearchOptions {
  SearchMode mode = SearchMode::kHybrid;
  size_t top_k = 5;           // hits returned
  size_t keyword_top_k = 20;  // candidates taken from each channel before fusion
  size_t vector_top_k = 20;
  double keyword_min_score = 0;  // BM25 scores at or below this are dropped
  double vector_min_score = 0;   // cosine similarities at or below this are dropped
  double rrf_k = 60;
  // Weighted RRF: each channel's 1 / (rrf_k + rank) times its weight.
  double keyword_weight = 1.0;
  double vector_weight = 1.0;
  SearchFilter filter;
};

struct SearchHit {
  std::string chunk_id;
  std::string item_id;
  std::string scope;
  ChunkType type = ChunkType::kDocument;
  std::string text;
  // Per channel: 1-based rank among that channel's candidates, 0 when the chunk was not one.
  size_t keyword_rank = 0;
  double keyword_score = 0;  // BM25
  size_t vector_rank = 0;
  double vector_score = 0;  // cosine similarity
  double fused_score = 0;   // reciprocal rank fusion (in single-channel modes: that channel's)
};

struct SearchResult {
  std::vector<SearchHit> hits;  // best first
  // Why the vector channel was not used ("the embeddings endpoint failed: ..."), if it
  // was asked for and not used; the keyword channel still answered.
  std::string vector_error;
};

struct KnowledgeIndexOptions {
  // HNSW graph parameters (hnswlib's meaning): links per node, candidate list sizes.
  size_t hnsw_m = 16;
  size_t hnsw_ef_construction = 100;
  size_t hnsw_ef_search = 64;
  // A scope's vector channel is searched exactly (every vector compared) when the filter
  // leaves at most this many of its chunks; the HNSW graph above that.
  size_t exact_search_limit = 2000;
  double bm25_k1 = 1.2;
  double bm25_b = 0.75;
  // What the embedder reads: the text as written, or its distinct keyword terms (plurals
  // folded, stop words dropped, Chinese bigrams; each once) joined by spaces. kAuto: the terms for
  // the built-in lexical embedder (ids "lexical-…"; recall@5 0.81 → 0.89 on the benchmark's develop
  // split), the text for any other (a provider's model reads sentences).
  enum class EmbedInput { kAuto, kText, kTerms };
  EmbedInput embed_input = EmbedInput::kAuto;
};

// Progress of a rebuild: `done` of `total` chunks embedded.
using RebuildProgress = std::function<void(size_t done, size_t total)>;

class KnowledgeIndex {
 public:
  // `embedder` is shared with whoever else uses it (the answer cache) and must be non-null.
  explicit KnowledgeIndex(std::shared_ptr<const cache::Embedder> embedder,
                          KnowledgeIndexOptions options = {});
  ~KnowledgeIndex();
  KnowledgeIndex(const KnowledgeIndex&) = delete;
  KnowledgeIndex& operator=(const KnowledgeIndex&) = delete;

  // Embeds and indexes the chunks, all or nothing: an empty id or text, a duplicate id in
  // the batch, or a failed embedding leaves the index unchanged and says which chunk.
  Status Add(std::vector<Chunk> chunks);
  Status Add(Chunk chunk);

  // Soft delete; false when no such chunk. RemoveItem removes every chunk of an item and
  // returns how many.
  bool Remove(const std::string& chunk_id);
  size_t RemoveItem(const std::string& item_id);

  // Turns an item's recall switch (every chunk of it); returns how many chunks changed.
  size_t SetRecall(const std::string& item_id, bool recall);

  // Embeds only the query (vector and hybrid modes). An empty query finds nothing.
  SearchResult Search(std::string_view query, const SearchOptions& options = {}) const;

  std::optional<Chunk> Get(const std::string& chunk_id) const;
  size_t size() const;           // live chunks
  size_t deleted_slots() const;  // HNSW slots of removed or replaced chunks not yet reclaimed

  // The identity the vectors were made with — the embedder's id, plus "+termset" when it
  // reads distinct keyword terms ("lexical-1024+termset") — and their dimension.
  std::string embedder_id() const;
  size_t dimension() const;

  // Re-embeds every chunk with the current embedder and rebuilds the graphs without the
  // deleted slots. On failure (an embedding failed) the index is unchanged.
  Status Rebuild(const RebuildProgress& progress = {});

  // Writes the index to `path` (a temporary file renamed into place: never half written),
  // with the caller's `stamp` (what the contents are current with; Load gives it back).
  Status Save(const std::filesystem::path& path, std::string_view stamp = {}) const;
  // Replaces the contents with the file's. A file written by another embedder (id or
  // dimension) is re-embedded (`rebuilt` set, progress reported). A missing, truncated or
  // foreign file is an error naming the path, and the index is left unchanged.
  Status Load(const std::filesystem::path& path, const RebuildProgress& progress = {},
              bool* rebuilt = nullptr, std::string* stamp = nullptr);

 private:
  struct State;
  std::shared_ptr<const cache::Embedder> embedder_;
  KnowledgeIndexOptions options_;
  std::unique_ptr<State> state_;
};

}  // namespace askdb::knowledge
