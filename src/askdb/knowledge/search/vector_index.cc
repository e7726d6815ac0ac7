#include "askdb/knowledge/search/vector_index.h"

#include <hnswlib/hnswlib.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace askdb::knowledge {
namespace {

// hnswlib 0.6 saves and loads graphs only through files: a private temporary file per call.
std::filesystem::path TempGraphPath() {
  static std::atomic<uint64_t> counter{0};
  return std::filesystem::temp_directory_path() /
         ("askdb-hnsw-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
}

bool Better(const ScoredSlot& a, const ScoredSlot& b) {
  return a.score != b.score ? a.score > b.score : a.slot < b.slot;
}

}  // namespace

struct VectorIndex::Graph {
  explicit Graph(size_t dimension)
      : space(dimension), distance(space.get_dist_func()), param(space.get_dist_func_param()) {}
  hnswlib::InnerProductSpace space;
  hnswlib::DISTFUNC<float> distance;  // 1 − inner product
  void* param;
  std::unique_ptr<hnswlib::HierarchicalNSW<float>> hnsw;
  size_t live = 0;
  size_t deleted = 0;

  float Similarity(const float* query, hnswlib::tableint internal) const {
    return 1.0F - distance(query, hnsw->getDataByInternalId(internal), param);
  }
};

VectorIndex::VectorIndex(size_t dimension, VectorIndexOptions options)
    : dimension_(dimension), options_(options) {}
VectorIndex::~VectorIndex() = default;
VectorIndex::VectorIndex(VectorIndex&&) noexcept = default;
VectorIndex& VectorIndex::operator=(VectorIndex&&) noexcept = default;

VectorIndex::Graph& VectorIndex::GraphFor(const std::string& scope) {
  std::unique_ptr<Graph>& g = graphs_[scope];
  if (!g) g = std::make_unique<Graph>(dimension_);
  return *g;
}

Status VectorIndex::Reserve(const std::string& scope, size_t count) {
  try {
    Graph& g = GraphFor(scope);
    if (!g.hnsw) {
      g.hnsw = std::make_unique<hnswlib::HierarchicalNSW<float>>(
          &g.space, std::max<size_t>(count, 16), options_.m, options_.ef_construction);
      g.hnsw->setEf(options_.ef_search);
      return Status::Ok();
    }
    const size_t needed = g.hnsw->cur_element_count + count;
    if (needed > g.hnsw->max_elements_) {
      g.hnsw->resizeIndex(std::max(needed, g.hnsw->max_elements_ * 2));
    }
  } catch (const std::exception& e) {
    return ResourceExhaustedError("cannot grow the vector index of scope '" + scope +
                                  "': " + e.what());
  }
  return Status::Ok();
}

void VectorIndex::Add(const std::string& scope, uint32_t slot, const float* vector) {
  Graph& g = GraphFor(scope);
  g.hnsw->addPoint(vector, slot);
  ++g.live;
}

void VectorIndex::Remove(const std::string& scope, uint32_t slot) {
  auto it = graphs_.find(scope);
  if (it == graphs_.end() || !it->second->hnsw) return;
  Graph& g = *it->second;
  auto found = g.hnsw->label_lookup_.find(slot);
  if (found == g.hnsw->label_lookup_.end() || g.hnsw->isMarkedDeleted(found->second)) return;
  g.hnsw->markDelete(slot);
  --g.live;
  ++g.deleted;
}

size_t VectorIndex::live() const {
  size_t n = 0;
  for (const auto& [scope, g] : graphs_) n += g->live;
  return n;
}

size_t VectorIndex::deleted() const {
  size_t n = 0;
  for (const auto& [scope, g] : graphs_) n += g->deleted;
  return n;
}

std::vector<ScoredSlot> VectorIndex::Search(const std::vector<std::string>& scopes,
                                            const float* query, size_t k, double min_score,
                                            const std::function<bool(uint32_t)>& accept) const {
  std::vector<ScoredSlot> hits;
  if (k == 0) return hits;
  auto search_graph = [&](const Graph& g) {
    if (!g.hnsw || g.live == 0) return;
    auto take = [&](uint32_t slot, double score) {
      if (score > min_score && accept(slot)) hits.push_back({slot, score});
    };
    if (g.live <= options_.exact_limit) {
      for (const auto& [label, internal] : g.hnsw->label_lookup_) {
        if (g.hnsw->isMarkedDeleted(internal)) continue;
        take(static_cast<uint32_t>(label), g.Similarity(query, internal));
      }
      return;
    }
    // Ask for more neighbours until k pass the filter or the scope is exhausted.
    const size_t before = hits.size();
    for (size_t want = k;; want = std::min(g.live, want * 4)) {
      hits.resize(before);
      auto queue = g.hnsw->searchKnn(query, want);
      size_t found = queue.size();
      for (; !queue.empty(); queue.pop()) {
        take(static_cast<uint32_t>(queue.top().second), 1.0 - queue.top().first);
      }
      if (hits.size() - before >= k || want >= g.live || found < want) return;
    }
  };
  if (scopes.empty()) {
    for (const auto& [scope, g] : graphs_) search_graph(*g);
  } else {
    for (const std::string& scope : scopes) {
      auto it = graphs_.find(scope);
      if (it != graphs_.end()) search_graph(*it->second);
    }
  }
  if (hits.size() > k) {
    std::partial_sort(hits.begin(), hits.begin() + static_cast<std::ptrdiff_t>(k), hits.end(),
                      Better);
    hits.resize(k);
  } else {
    std::sort(hits.begin(), hits.end(), Better);
  }
  return hits;
}

StatusOr<std::map<std::string, std::string>> VectorIndex::Serialize() const {
  std::map<std::string, std::string> out;
  for (const auto& [scope, g] : graphs_) {
    if (!g->hnsw) continue;
    const std::filesystem::path path = TempGraphPath();
    try {
      g->hnsw->saveIndex(path.string());
      std::ifstream in(path, std::ios::binary);
      std::ostringstream bytes;
      bytes << in.rdbuf();
      if (!in) throw std::runtime_error("cannot read back " + path.string());
      out[scope] = std::move(bytes).str();
    } catch (const std::exception& e) {
      std::error_code ignored;
      std::filesystem::remove(path, ignored);
      return InternalError("cannot write the vector graph of scope '" + scope + "': " + e.what());
    }
    std::error_code ignored;
    std::filesystem::remove(path, ignored);
  }
  return out;
}

Status VectorIndex::Deserialize(const std::map<std::string, std::string>& graphs) {
  std::map<std::string, std::unique_ptr<Graph>> loaded;
  for (const auto& [scope, bytes] : graphs) {
    const std::filesystem::path path = TempGraphPath();
    auto g = std::make_unique<Graph>(dimension_);
    try {
      {
        std::ofstream out(path, std::ios::binary);
        out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
        if (!out) throw std::runtime_error("cannot write " + path.string());
      }
      g->hnsw = std::make_unique<hnswlib::HierarchicalNSW<float>>(&g->space, path.string());
      g->hnsw->setEf(options_.ef_search);
      for (hnswlib::tableint i = 0; i < g->hnsw->cur_element_count; ++i) {
        ++(g->hnsw->isMarkedDeleted(i) ? g->deleted : g->live);
      }
    } catch (const std::exception& e) {
      std::error_code ignored;
      std::filesystem::remove(path, ignored);
      return InvalidArgumentError("the vector graph of scope '" + scope +
                                  "' cannot be read: " + e.what());
    }
    std::error_code ignored;
    std::filesystem::remove(path, ignored);
    loaded[scope] = std::move(g);
  }
  graphs_ = std::move(loaded);
  return Status::Ok();
}

}  // namespace askdb::knowledge
