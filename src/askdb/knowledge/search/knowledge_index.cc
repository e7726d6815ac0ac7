#include "askdb/knowledge/search/knowledge_index.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <mutex>
#include <shared_mutex>
#include <unordered_map>
#include <unordered_set>

#include "askdb/cache/embedder.h"
#include "askdb/catalog/schema_recall.h"
#include "askdb/knowledge/search/index_file.h"
#include "askdb/knowledge/search/keyword_index.h"
#include "askdb/knowledge/search/rrf.h"
#include "askdb/knowledge/search/vector_index.h"

namespace askdb::knowledge {
namespace {

// Texts per embedding call during a rebuild: one progress report each.
constexpr size_t kRebuildBatch = 64;

constexpr std::string_view kTypeNames[] = {"term", "document", "qa", "faq"};

// Scales to unit length (HNSW compares by inner product); false for the zero vector, which
// is similar to nothing and is kept out of the graph.
bool Normalize(cache::Embedding& v) {
  double norm = 0;
  for (float x : v) norm += static_cast<double>(x) * x;
  if (norm <= 0) return false;
  const float inv = static_cast<float>(1.0 / std::sqrt(norm));
  for (float& x : v) x *= inv;
  return true;
}

bool ReadsTerms(const cache::Embedder& embedder, KnowledgeIndexOptions::EmbedInput input) {
  using enum KnowledgeIndexOptions::EmbedInput;
  return input == kTerms || (input == kAuto && embedder.id().starts_with("lexical-"));
}

// The identity recorded with the vectors: another embedder or another input means other
// vectors.
std::string VectorIdentity(const cache::Embedder& embedder,
                           KnowledgeIndexOptions::EmbedInput input) {
  return embedder.id() + (ReadsTerms(embedder, input) ? "+termset" : "");
}

// What the embedder is given for `text`: the text, or its distinct keyword terms in order of
// first use. Each word once (binary term frequency), so a word a text repeats ("refers to
// … refers to …") does not outweigh the words that tell it apart: develop-split vector
// recall@5 0.888 → 0.913, hybrid 0.917 → 0.929 (docs/knowledge.md).
std::string EmbedText(std::string_view text, bool terms) {
  if (!terms) return std::string(text);
  std::string out;
  std::unordered_set<std::string> seen;
  for (const std::string& t : catalog::RecallTerms(text)) {  // the words, without pairs
    if (!seen.insert(t).second) continue;
    if (!out.empty()) out += ' ';
    out += t;
  }
  return out;
}

bool IsBlank(std::string_view s) {
  return std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isspace(c) != 0; });
}

template <typename T>
bool Contains(const std::vector<T>& v, const T& x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

VectorIndexOptions VectorOptions(const KnowledgeIndexOptions& o) {
  return {.m = o.hnsw_m,
          .ef_construction = o.hnsw_ef_construction,
          .ef_search = o.hnsw_ef_search,
          .exact_limit = o.exact_search_limit};
}

}  // namespace

std::string_view ChunkTypeName(ChunkType type) { return kTypeNames[static_cast<int>(type)]; }

std::optional<ChunkType> ParseChunkType(std::string_view name) {
  for (size_t i = 0; i < std::size(kTypeNames); ++i) {
    if (kTypeNames[i] == name) return static_cast<ChunkType>(i);
  }
  return std::nullopt;
}

// What one index holds. Rebuild and Load build a new Data beside the old one and swap.
struct Data {
  Data(std::string id, size_t dim, const KnowledgeIndexOptions& o)
      : embedder_id(std::move(id)),
        dimension(dim),
        keyword(o.bm25_k1, o.bm25_b),
        vectors(dim, VectorOptions(o)) {}

  struct Entry {
    Chunk chunk;
    bool live = false;
    bool has_vector = false;
  };

  std::string embedder_id;
  size_t dimension;  // 0 until the first vector (a provider's length is learnt from it)
  std::vector<Entry> slots;
  std::unordered_map<std::string, uint32_t> by_id;
  KeywordIndex keyword;
  VectorIndex vectors;
  size_t live = 0;

  // Removes the live chunk in `slot` (soft: the slot stays until a rebuild).
  void Kill(uint32_t slot) {
    Entry& e = slots[slot];
    keyword.Remove(slot);
    if (e.has_vector) vectors.Remove(e.chunk.scope, slot);
    by_id.erase(e.chunk.id);
    e.live = false;
    e.chunk.text = {};
    --live;
  }

  // Appends a chunk; its scope's graph must have room (Reserve) when it has a vector.
  void Insert(Chunk chunk, const std::vector<std::string>& terms, const cache::Embedding* unit) {
    if (auto it = by_id.find(chunk.id); it != by_id.end()) Kill(it->second);
    const auto slot = static_cast<uint32_t>(slots.size());
    keyword.Add(slot, terms);
    if (unit != nullptr) vectors.Add(chunk.scope, slot, unit->data());
    by_id[chunk.id] = slot;
    slots.push_back({std::move(chunk), true, unit != nullptr});
    ++live;
  }

  // Reserves graph room for the chunks that have vectors.
  Status ReserveFor(const std::vector<Chunk>& chunks, const std::vector<bool>& has_vector) {
    std::unordered_map<std::string, size_t> per_scope;
    for (size_t i = 0; i < chunks.size(); ++i) {
      if (has_vector[i]) ++per_scope[chunks[i].scope];
    }
    for (const auto& [scope, n] : per_scope) ASKDB_RETURN_IF_ERROR(vectors.Reserve(scope, n));
    return Status::Ok();
  }
};

struct KnowledgeIndex::State {
  std::mutex writer;     // one writer at a time (it embeds without blocking searches)
  std::shared_mutex mu;  // guards `data`
  std::unique_ptr<Data> data;
};

namespace {

// Embeds `texts`, reporting progress per batch; vectors normalised, `has_vector` false for
// zero vectors. Checks that every vector has one length, and `dimension` when it is set.
Status EmbedAll(const cache::Embedder& embedder, const std::vector<std::string>& texts,
                size_t& dimension, std::vector<cache::Embedding>& vectors,
                std::vector<bool>& has_vector, const RebuildProgress& progress) {
  vectors.clear();
  vectors.reserve(texts.size());
  if (progress) progress(0, texts.size());
  for (size_t begin = 0; begin < texts.size(); begin += kRebuildBatch) {
    const size_t end = std::min(texts.size(), begin + kRebuildBatch);
    StatusOr<std::vector<cache::Embedding>> part = embedder.TryEmbedBatch(
        std::vector<std::string>(texts.begin() + static_cast<std::ptrdiff_t>(begin),
                                 texts.begin() + static_cast<std::ptrdiff_t>(end)));
    if (!part.ok()) {
      return Status(part.status().code(),
                    "embedding with " + embedder.id() + " failed: " + part.status().message());
    }
    if (part->size() != end - begin) {
      return InternalError("embedder " + embedder.id() + " returned " +
                           std::to_string(part->size()) + " vectors for " +
                           std::to_string(end - begin) + " texts");
    }
    for (cache::Embedding& v : *part) vectors.push_back(std::move(v));
    if (progress) progress(end, texts.size());
  }
  has_vector.assign(texts.size(), false);
  for (size_t i = 0; i < vectors.size(); ++i) {
    if (vectors[i].empty()) continue;
    if (dimension == 0) dimension = vectors[i].size();
    if (vectors[i].size() != dimension) {
      return FailedPreconditionError("embedder " + embedder.id() + " returned a vector of length " +
                                     std::to_string(vectors[i].size()) +
                                     " where the index holds length " + std::to_string(dimension) +
                                     "; rebuild the knowledge index for this embedder");
    }
    has_vector[i] = Normalize(vectors[i]);
  }
  return Status::Ok();
}

// A fresh Data holding `chunks` (already validated), embedded with `embedder`.
StatusOr<std::unique_ptr<Data>> BuildData(const cache::Embedder& embedder,
                                          const KnowledgeIndexOptions& options,
                                          std::vector<Chunk> chunks,
                                          const RebuildProgress& progress) {
  const bool terms = ReadsTerms(embedder, options.embed_input);
  std::vector<std::string> texts;
  texts.reserve(chunks.size());
  for (const Chunk& c : chunks) texts.push_back(EmbedText(c.text, terms));
  size_t dimension = embedder.dimension();
  std::vector<cache::Embedding> vectors;
  std::vector<bool> has_vector;
  ASKDB_RETURN_IF_ERROR(EmbedAll(embedder, texts, dimension, vectors, has_vector, progress));
  auto data =
      std::make_unique<Data>(VectorIdentity(embedder, options.embed_input), dimension, options);
  ASKDB_RETURN_IF_ERROR(data->ReserveFor(chunks, has_vector));
  data->slots.reserve(chunks.size());
  for (size_t i = 0; i < chunks.size(); ++i) {
    const std::vector<std::string> terms = KeywordIndex::Terms(chunks[i].text);
    data->Insert(std::move(chunks[i]), terms, has_vector[i] ? &vectors[i] : nullptr);
  }
  return data;
}

}  // namespace

KnowledgeIndex::KnowledgeIndex(std::shared_ptr<const cache::Embedder> embedder,
                               KnowledgeIndexOptions options)
    : embedder_(std::move(embedder)), options_(options), state_(std::make_unique<State>()) {
  state_->data = std::make_unique<Data>(VectorIdentity(*embedder_, options_.embed_input),
                                        embedder_->dimension(), options_);
}

KnowledgeIndex::~KnowledgeIndex() = default;

Status KnowledgeIndex::Add(Chunk chunk) {
  std::vector<Chunk> one;
  one.push_back(std::move(chunk));
  return Add(std::move(one));
}

Status KnowledgeIndex::Add(std::vector<Chunk> chunks) {
  std::unordered_set<std::string> ids;
  for (const Chunk& c : chunks) {
    if (c.id.empty()) return InvalidArgumentError("a knowledge chunk has an empty id");
    if (IsBlank(c.text)) {
      return InvalidArgumentError("knowledge chunk '" + c.id + "' has no text to index");
    }
    if (!ids.insert(c.id).second) {
      return InvalidArgumentError("knowledge chunk id '" + c.id + "' occurs twice in one add");
    }
  }
  if (chunks.empty()) return Status::Ok();

  std::lock_guard writer(state_->writer);
  std::vector<std::string> texts;
  std::vector<std::vector<std::string>> terms;
  const bool embed_terms = ReadsTerms(*embedder_, options_.embed_input);
  for (const Chunk& c : chunks) {
    terms.push_back(KeywordIndex::Terms(c.text));
    texts.push_back(EmbedText(c.text, embed_terms));
  }
  size_t dimension;
  {
    std::shared_lock read(state_->mu);
    dimension = state_->data->dimension;
  }
  std::vector<cache::Embedding> vectors;
  std::vector<bool> has_vector;
  Status embedded = EmbedAll(*embedder_, texts, dimension, vectors, has_vector, {});
  if (!embedded.ok()) {
    return embedded.WithContext("adding knowledge chunk '" + chunks.front().id + "'" +
                                (chunks.size() > 1 ? " and " + std::to_string(chunks.size() - 1) +
                                                         " more (nothing was added)"
                                                   : ""));
  }

  std::unique_lock write(state_->mu);
  Data& data = *state_->data;
  if (data.dimension == 0 && dimension != 0) {
    // The first vectors: the graphs can now be made (none existed without a length).
    data.dimension = dimension;
    data.vectors = VectorIndex(dimension, VectorOptions(options_));
  }
  ASKDB_RETURN_IF_ERROR(data.ReserveFor(chunks, has_vector));
  for (size_t i = 0; i < chunks.size(); ++i) {
    data.Insert(std::move(chunks[i]), terms[i], has_vector[i] ? &vectors[i] : nullptr);
  }
  return Status::Ok();
}

bool KnowledgeIndex::Remove(const std::string& chunk_id) {
  std::lock_guard writer(state_->writer);
  std::unique_lock write(state_->mu);
  Data& data = *state_->data;
  auto it = data.by_id.find(chunk_id);
  if (it == data.by_id.end()) return false;
  data.Kill(it->second);
  return true;
}

size_t KnowledgeIndex::RemoveItem(const std::string& item_id) {
  std::lock_guard writer(state_->writer);
  std::unique_lock write(state_->mu);
  Data& data = *state_->data;
  size_t n = 0;
  for (uint32_t slot = 0; slot < data.slots.size(); ++slot) {
    if (data.slots[slot].live && data.slots[slot].chunk.item_id == item_id) {
      data.Kill(slot);
      ++n;
    }
  }
  return n;
}

size_t KnowledgeIndex::SetRecall(const std::string& item_id, bool recall) {
  std::lock_guard writer(state_->writer);
  std::unique_lock write(state_->mu);
  size_t n = 0;
  for (Data::Entry& e : state_->data->slots) {
    if (e.live && e.chunk.item_id == item_id && e.chunk.recall != recall) {
      e.chunk.recall = recall;
      ++n;
    }
  }
  return n;
}

namespace {

// The query's unit vector, made before the index's lock is taken; none when the embedder
// failed (`error` says why) or gave a zero vector.
std::optional<cache::Embedding> QueryVector(const cache::Embedder& embedder,
                                            KnowledgeIndexOptions::EmbedInput input,
                                            std::string_view query, std::string& error) {
  StatusOr<cache::Embedding> v = embedder.TryEmbed(EmbedText(query, ReadsTerms(embedder, input)));
  if (!v.ok()) {
    error = v.status().message();
    return std::nullopt;
  }
  cache::Embedding qv = std::move(v).value();
  if (!Normalize(qv)) return std::nullopt;
  return qv;
}

// Whether a slot may be a hit: live, and within the filter's recall, scopes and types.
bool Accepts(const Data& data, const SearchFilter& f, uint32_t slot) {
  const Data::Entry& e = data.slots[slot];
  return e.live && (!f.recall_only || e.chunk.recall) &&
         (f.scopes.empty() || Contains(f.scopes, e.chunk.scope)) &&
         (f.types.empty() || Contains(f.types, e.chunk.type));
}

// The vector channel's best `k`; none, saying why, when the query's length is not the
// index's (another embedder built it), and none from an index with no vectors yet.
std::vector<ScoredSlot> VectorRanking(const Data& data, const cache::Embedding& qv, size_t k,
                                      const SearchOptions& options,
                                      const std::function<bool(uint32_t)>& accept,
                                      std::string& error) {
  if (data.dimension == 0) return {};
  if (qv.size() != data.dimension) {
    error = "the query vector has length " + std::to_string(qv.size()) +
            " but the index holds length " + std::to_string(data.dimension) +
            "; rebuild the knowledge index for this embedder";
    return {};
  }
  return data.vectors.Search(options.filter.scopes, qv.data(), k, options.vector_min_score, accept);
}

// One channel's ranking in the fused shape: its rank and score, the score as the fused one.
std::vector<FusedSlot> SingleChannel(const std::vector<ScoredSlot>& only, bool keyword) {
  std::vector<FusedSlot> fused;
  for (size_t i = 0; i < only.size(); ++i) {
    FusedSlot s{.slot = only[i].slot, .fused = only[i].score};
    if (keyword) {
      s.keyword_rank = i + 1;
      s.keyword_score = only[i].score;
    } else {
      s.vector_rank = i + 1;
      s.vector_score = only[i].score;
    }
    fused.push_back(s);
  }
  return fused;
}

// A ranked slot as the caller sees it: the chunk, its ranks and its scores.
SearchHit HitOf(const Chunk& c, const FusedSlot& s) {
  return {.chunk_id = c.id,
          .item_id = c.item_id,
          .scope = c.scope,
          .type = c.type,
          .text = c.text,
          .keyword_rank = s.keyword_rank,
          .keyword_score = s.keyword_score,
          .vector_rank = s.vector_rank,
          .vector_score = s.vector_score,
          .fused_score = s.fused};
}

}  // namespace

SearchResult KnowledgeIndex::Search(std::string_view query, const SearchOptions& options) const {
  SearchResult result;
  if (IsBlank(query) || options.top_k == 0) return result;
  const bool use_keyword = options.mode != SearchMode::kVector;
  const bool use_vector = options.mode != SearchMode::kKeyword;
  const bool hybrid = options.mode == SearchMode::kHybrid;
  // The query's vector and terms are made before the lock is taken.
  std::optional<cache::Embedding> qv;
  if (use_vector) qv = QueryVector(*embedder_, options_.embed_input, query, result.vector_error);
  const std::vector<std::string> terms =
      use_keyword ? KeywordIndex::Terms(query) : std::vector<std::string>{};

  std::shared_lock read(state_->mu);
  const Data& data = *state_->data;
  const std::function<bool(uint32_t)> accept = [&](uint32_t slot) {
    return Accepts(data, options.filter, slot);
  };
  std::vector<ScoredSlot> keyword, vector;
  if (use_keyword) {
    keyword = data.keyword.Search(terms, hybrid ? options.keyword_top_k : options.top_k,
                                  options.keyword_min_score, accept);
  }
  if (qv) {
    vector = VectorRanking(data, *qv, hybrid ? options.vector_top_k : options.top_k, options,
                           accept, result.vector_error);
  }
  const std::vector<FusedSlot> fused =
      hybrid ? FuseRankings(keyword, vector, options.rrf_k, options.top_k, options.keyword_weight,
                            options.vector_weight)
             : SingleChannel(use_keyword ? keyword : vector, use_keyword);
  for (const FusedSlot& s : fused) result.hits.push_back(HitOf(data.slots[s.slot].chunk, s));
  return result;
}

std::optional<Chunk> KnowledgeIndex::Get(const std::string& chunk_id) const {
  std::shared_lock read(state_->mu);
  const Data& data = *state_->data;
  auto it = data.by_id.find(chunk_id);
  if (it == data.by_id.end()) return std::nullopt;
  return data.slots[it->second].chunk;
}

size_t KnowledgeIndex::size() const {
  std::shared_lock read(state_->mu);
  return state_->data->live;
}

size_t KnowledgeIndex::deleted_slots() const {
  std::shared_lock read(state_->mu);
  return state_->data->slots.size() - state_->data->live;
}

std::string KnowledgeIndex::embedder_id() const {
  std::shared_lock read(state_->mu);
  return state_->data->embedder_id;
}

size_t KnowledgeIndex::dimension() const {
  std::shared_lock read(state_->mu);
  return state_->data->dimension;
}

Status KnowledgeIndex::Rebuild(const RebuildProgress& progress) {
  std::lock_guard writer(state_->writer);
  std::vector<Chunk> chunks;
  {
    std::shared_lock read(state_->mu);
    for (const Data::Entry& e : state_->data->slots) {
      if (e.live) chunks.push_back(e.chunk);
    }
  }
  StatusOr<std::unique_ptr<Data>> fresh =
      BuildData(*embedder_, options_, std::move(chunks), progress);
  if (!fresh.ok()) return fresh.status().WithContext("rebuilding the knowledge index");
  std::unique_lock write(state_->mu);
  state_->data = std::move(fresh).value();
  return Status::Ok();
}

Status KnowledgeIndex::Save(const std::filesystem::path& path, std::string_view stamp) const {
  IndexFileContents contents;
  contents.stamp = stamp;
  {
    std::shared_lock read(state_->mu);
    const Data& data = *state_->data;
    contents.embedder_id = data.embedder_id;
    contents.dimension = data.dimension;
    contents.next_slot = static_cast<uint32_t>(data.slots.size());
    contents.records.reserve(data.live);
    for (uint32_t slot = 0; slot < data.slots.size(); ++slot) {
      const Data::Entry& e = data.slots[slot];
      if (e.live) contents.records.push_back({slot, e.chunk, e.has_vector});
    }
    StatusOr<std::map<std::string, std::string>> graphs = data.vectors.Serialize();
    if (!graphs.ok()) return graphs.status().WithContext("saving the knowledge index");
    contents.graphs = std::move(graphs).value();
  }
  return WriteIndexFile(path, contents);
}

namespace {

// The index as the file holds it, written with the embedder in use: its graphs and records
// taken as they are, checked to agree with each other.
StatusOr<std::unique_ptr<Data>> DataFromFile(IndexFileContents& file,
                                             const KnowledgeIndexOptions& options,
                                             const std::filesystem::path& path) {
  auto fresh = std::make_unique<Data>(file.embedder_id, file.dimension, options);
  Status graphs = fresh->vectors.Deserialize(file.graphs);
  if (!graphs.ok()) return graphs.WithContext("loading " + path.string());
  fresh->slots.resize(file.next_slot);
  size_t with_vectors = 0;
  for (IndexFileRecord& r : file.records) {
    Data::Entry& e = fresh->slots[r.slot];
    if (e.live || fresh->by_id.contains(r.chunk.id)) {
      return DamagedIndexFileError(path, "holds chunk '" + r.chunk.id + "' twice");
    }
    fresh->keyword.Add(r.slot, KeywordIndex::Terms(r.chunk.text));
    fresh->by_id[r.chunk.id] = r.slot;
    with_vectors += r.has_vector ? 1 : 0;
    e = {std::move(r.chunk), true, r.has_vector};
    ++fresh->live;
  }
  if (fresh->vectors.live() != with_vectors) {
    return DamagedIndexFileError(
        path, "holds " + std::to_string(with_vectors) + " chunks with vectors but " +
                  std::to_string(fresh->vectors.live()) + " in its graphs");
  }
  return fresh;
}

}  // namespace

Status KnowledgeIndex::Load(const std::filesystem::path& path, const RebuildProgress& progress,
                            bool* rebuilt, std::string* stamp) {
  if (rebuilt != nullptr) *rebuilt = false;
  StatusOr<IndexFileContents> file = ReadIndexFile(path);
  if (!file.ok()) return file.status();
  if (stamp != nullptr) *stamp = file->stamp;
  std::lock_guard writer(state_->writer);
  const size_t current_dimension = embedder_->dimension();
  const bool same_embedder =
      file->embedder_id == VectorIdentity(*embedder_, options_.embed_input) &&
      (current_dimension == 0 || file->dimension == 0 || file->dimension == current_dimension);
  std::unique_ptr<Data> fresh;
  if (same_embedder) {
    ASKDB_ASSIGN_OR_RETURN(fresh, DataFromFile(*file, options_, path));
  } else {
    std::vector<Chunk> chunks;
    chunks.reserve(file->records.size());
    for (IndexFileRecord& r : file->records) chunks.push_back(std::move(r.chunk));
    StatusOr<std::unique_ptr<Data>> built =
        BuildData(*embedder_, options_, std::move(chunks), progress);
    if (!built.ok()) {
      return built.status().WithContext("re-embedding " + path.string() + " (written by " +
                                        file->embedder_id + ", now " +
                                        VectorIdentity(*embedder_, options_.embed_input) + ")");
    }
    fresh = std::move(built).value();
    if (rebuilt != nullptr) *rebuilt = true;
  }
  std::unique_lock write(state_->mu);
  state_->data = std::move(fresh);
  return Status::Ok();
}

}  // namespace askdb::knowledge
