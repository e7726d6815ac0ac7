// VectorIndex: the vector channel of KnowledgeIndex — one HNSW graph (hnswlib, inner
// product over unit vectors, so distance = 1 − cosine) per scope, labels being the
// caller's slots.
//
// hnswlib 0.6 (Debian 12) cannot filter while it walks the graph, so a filtered search
// asks the graph for more neighbours until `k` of them pass the filter or the whole scope
// has been seen; a scope with at most `exact_limit` live vectors is compared exhaustively.
// Either way the filter applies before the cut to `k`. Remove marks the slot deleted
// (hnswlib markDelete); the slot is reclaimed when the graphs are rebuilt. Not
// synchronised: KnowledgeIndex guards it (Search is const and may run concurrently).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "askdb/common/status.h"
#include "askdb/knowledge/search/keyword_index.h"

namespace askdb::knowledge {

struct VectorIndexOptions {
  size_t m = 16;
  size_t ef_construction = 100;
  size_t ef_search = 64;
  size_t exact_limit = 2000;
};

class VectorIndex {
 public:
  VectorIndex(size_t dimension, VectorIndexOptions options);
  ~VectorIndex();
  VectorIndex(VectorIndex&&) noexcept;
  VectorIndex& operator=(VectorIndex&&) noexcept;

  size_t dimension() const { return dimension_; }

  // Makes room for `count` more vectors in `scope` (allocates up front, so that Add cannot
  // fail half way through a batch). Error only when the memory cannot be had.
  Status Reserve(const std::string& scope, size_t count);
  // `vector` has dimension() floats and unit length; Reserve must have made room.
  void Add(const std::string& scope, uint32_t slot, const float* vector);
  void Remove(const std::string& scope, uint32_t slot);

  // The best `k` slots of `scopes` (empty: every scope) that `accept` takes, by cosine
  // similarity above `min_score`, best first.
  std::vector<ScoredSlot> Search(const std::vector<std::string>& scopes, const float* query,
                                 size_t k, double min_score,
                                 const std::function<bool(uint32_t)>& accept) const;

  // Vectors searchable, and marked-deleted slots still in the graphs.
  size_t live() const;
  size_t deleted() const;

  // Each scope's graph as hnswlib writes it (scope → bytes), and back. Load replaces the
  // graphs; an unreadable graph is an error naming its scope.
  StatusOr<std::map<std::string, std::string>> Serialize() const;
  Status Deserialize(const std::map<std::string, std::string>& graphs);

 private:
  struct Graph;
  Graph& GraphFor(const std::string& scope);

  size_t dimension_;
  VectorIndexOptions options_;
  std::map<std::string, std::unique_ptr<Graph>> graphs_;
};

}  // namespace askdb::knowledge
