#include "askdb/cache/answer_cache.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ctime>

#include "askdb/common/text.h"
#include "askdb/nlq/schema_index.h"

namespace askdb::cache {
namespace {

// Separates datasource and question in an L1 key. Datasource names are identifiers without
// control characters, so ("a", "b c") and ("a b", "c") stay apart.
constexpr char kKeySeparator = '\x1f';

double Norm(const Embedding& v) {
  double sum = 0;
  for (float x : v) sum += static_cast<double>(x) * x;
  return std::sqrt(sum);
}

// The query's non-zero components: a question has tens of features in a vector of about a
// thousand buckets, so scoring a stored vector touches only these (a sparse dot product).
struct SparseQuery {
  std::vector<std::pair<uint32_t, float>> entries;
  double norm = 0;
};

SparseQuery ToSparse(const Embedding& v) {
  SparseQuery q;
  for (size_t i = 0; i < v.size(); ++i) {
    if (v[i] != 0.0F) q.entries.emplace_back(static_cast<uint32_t>(i), v[i]);
  }
  q.norm = Norm(v);
  return q;
}

// Cosine similarity of the query with a stored vector of the same embedder.
double Similarity(const SparseQuery& q, const Embedding& stored, double stored_norm) {
  if (q.norm == 0 || stored_norm == 0) return 0;
  double dot = 0;
  for (const auto& [i, x] : q.entries) {
    if (i >= stored.size()) return 0;  // another embedder's vector: not comparable
    dot += static_cast<double>(x) * stored[i];
  }
  return dot / (q.norm * stored_norm);
}

std::string FormatSimilarity(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3f", s);
  return buf;
}

}  // namespace

std::string_view CacheLevelName(CacheLevel level) { return level == CacheLevel::kL1 ? "L1" : "L2"; }

Json CacheHit::ToJson() const {
  Json j;
  j["level"] = std::string(CacheLevelName(level));
  j["similarity"] = similarity;
  j["stored_question"] = stored_question;
  j["sql"] = sql;
  j["why_matched"] = why_matched;
  j["has_result"] = result != nullptr;
  return j;
}

std::string DescribeHit(const CacheHit& hit, bool chinese) {
  const std::string level(CacheLevelName(hit.level));
  if (chinese) {
    return "命中答案缓存（" + level + "，相似度 " + FormatSimilarity(hit.similarity) + "）：与“" +
           hit.stored_question + "”相同" +
           (hit.result != nullptr ? "，直接返回缓存结果" : "，重新执行缓存的 SQL");
  }
  return "answer cache hit (" + level + ", similarity " + FormatSimilarity(hit.similarity) +
         "): same as \"" + hit.stored_question + "\"" +
         (hit.result != nullptr ? ", cached result returned" : ", re-running the cached SQL");
}

AnswerCache::AnswerCache(CacheOptions options, const Clock& clock,
                         std::unique_ptr<Embedder> embedder)
    : options_(options), clock_(clock), embedder_(std::move(embedder)) {
  if (!embedder_) embedder_ = std::make_unique<LexicalEmbedder>();
}

AnswerCache::~AnswerCache() = default;

std::string AnswerCache::L1Key(std::string_view datasource, std::string_view normalized) {
  std::string key(datasource);
  key += kKeySeparator;
  key += normalized;
  return key;
}

nlq::CivilDate AnswerCache::Today() const {
  const std::time_t t = std::chrono::system_clock::to_time_t(clock_.Now());
  std::tm tm{};
  gmtime_r(&t, &tm);
  return {tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday};
}

bool AnswerCache::L1Expired(const L1Entry& e, Clock::TimePoint now) const {
  return now - e.stored_at >= options_.l1_ttl;
}

bool AnswerCache::L2Expired(const L2Entry& e, Clock::TimePoint now) const {
  return options_.l2_ttl && now - e.stored_at >= *options_.l2_ttl;
}

void AnswerCache::EraseL1Locked(const std::string& key) {
  auto it = l1_index_.find(key);
  if (it == l1_index_.end()) return;
  l1_lru_.erase(it->second);
  l1_index_.erase(it);
}

std::optional<CacheHit> AnswerCache::Lookup(std::string_view datasource, std::string_view question,
                                            const nlq::SchemaIndex* index) {
  const std::string key = L1Key(datasource, text::NormalizeForMatch(question));
  {
    std::lock_guard lock(mu_);
    if (std::optional<CacheHit> hit = LookupL1Locked(key, datasource)) return hit;
    if (!options_.l2_enabled || l2_.empty()) {
      ++stats_.misses;
      return std::nullopt;
    }
  }
  // The expensive, pure part runs without the lock.
  const SparseQuery query = ToSparse(embedder_->Embed(question));
  const QuestionSlots slots = ExtractSlots(question, Today(), index);

  std::lock_guard lock(mu_);
  const Clock::TimePoint now = clock_.Now();
  EraseExpiredL2Locked(now);
  L2Entry* best = nullptr;
  double best_similarity = -1;
  for (L2Entry& e : l2_) {
    if (e.datasource != datasource) continue;
    const double s = Similarity(query, e.embedding, e.norm);
    // The nearest *agreeing* entry: a nearer one with other slots is a different question.
    if (s >= options_.l2_threshold && s > best_similarity && e.slots == slots) {
      best = &e;
      best_similarity = s;
    }
  }
  if (best == nullptr) {
    ++stats_.misses;
    return std::nullopt;
  }
  best->last_used = now;
  ++stats_.l2_hits;
  return L2Hit(*best, best_similarity, slots);
}

// The exact match, moved to the front of the LRU; an expired one is dropped and counted.
std::optional<CacheHit> AnswerCache::LookupL1Locked(const std::string& key,
                                                    std::string_view datasource) {
  auto it = l1_index_.find(key);
  if (it == l1_index_.end()) return std::nullopt;
  if (L1Expired(*it->second, clock_.Now())) {
    EraseL1Locked(key);
    ++stats_.expired;
    return std::nullopt;
  }
  l1_lru_.splice(l1_lru_.begin(), l1_lru_, it->second);
  const L1Entry& e = l1_lru_.front();
  ++stats_.l1_hits;
  CacheHit hit;
  hit.level = CacheLevel::kL1;
  hit.similarity = 1.0;
  hit.stored_question = e.question;
  hit.sql = e.sql;
  hit.result = e.result;
  hit.why_matched = "same question after normalisation (case, width, spaces)";
  hit.datasource = std::string(datasource);
  return hit;
}

// Expired similar-question entries leave before the search, so none is ever served.
void AnswerCache::EraseExpiredL2Locked(Clock::TimePoint now) {
  std::erase_if(l2_, [&](const L2Entry& e) {
    const bool expired = L2Expired(e, now);
    if (expired) ++stats_.expired;
    return expired;
  });
}

// The hit says why it matched: the similarity over the threshold and the agreeing slots.
CacheHit AnswerCache::L2Hit(const L2Entry& best, double similarity,
                            const QuestionSlots& slots) const {
  CacheHit hit;
  hit.level = CacheLevel::kL2;
  hit.similarity = similarity;
  hit.stored_question = best.question;
  hit.sql = best.sql;
  hit.why_matched = "similar question (similarity " + FormatSimilarity(similarity) +
                    " >= " + FormatSimilarity(options_.l2_threshold) +
                    ") with equal slots: " + slots.Describe();
  hit.datasource = best.datasource;
  hit.l2_id = best.id;
  return hit;
}

Status AnswerCache::Store(std::string_view datasource, std::string_view question,
                          std::string_view sql, const db::ResultSet& result,
                          const nlq::SchemaIndex* index) {
  const std::string normalized = text::NormalizeForMatch(question);
  ASKDB_RETURN_IF_ERROR(CheckStorable(datasource, question, sql, normalized));
  const std::string key = L1Key(datasource, normalized);
  std::optional<Embedding> embedding;
  std::optional<QuestionSlots> slots;
  if (options_.l2_enabled && options_.l2_capacity > 0) {
    embedding = embedder_->Embed(question);
    slots = ExtractSlots(question, Today(), index);
  }

  // The copy of the result is made before taking the lock.
  std::shared_ptr<const db::ResultSet> shared_result;
  if (options_.l1_capacity > 0) shared_result = std::make_shared<const db::ResultSet>(result);

  // What the store keeps, assembled before the entry's parts move into memory.
  std::optional<StoredAnswer> persisted =
      StoredAnswerOf(datasource, normalized, question, sql, shared_result.get(), embedding, slots);
  {
    std::lock_guard lock(mu_);
    const Clock::TimePoint now = clock_.Now();
    if (persisted) {
      persisted->stored_at_ms =
          std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count();
    }
    if (options_.l1_capacity > 0) {
      InsertL1Locked(
          L1Entry{key, std::string(question), std::string(sql), std::move(shared_result), now});
    }
    if (embedding) {
      const double norm = Norm(*embedding);
      InsertL2Locked(L2Entry{next_l2_id_++, std::string(datasource), normalized,
                             std::string(question), std::string(sql), std::move(*slots),
                             std::move(*embedding), norm, now, now});
    }
  }
  if (!persisted) return Status::Ok();
  return Persist(datasource, *persisted);
}

// Whether an answer can be stored: it needs a datasource, SQL and a question with something
// visible in it (`normalized` is the question after NormalizeForMatch).
Status AnswerCache::CheckStorable(std::string_view datasource, std::string_view question,
                                  std::string_view sql, std::string_view normalized) {
  if (datasource.empty() || question.empty() || sql.empty()) {
    return InvalidArgumentError(
        "answer cache: cannot store an entry without a datasource, a question and SQL; pass "
        "all three");
  }
  if (normalized.empty()) {
    return InvalidArgumentError(
        "answer cache: the question is only white space or invisible characters; store a real "
        "question");
  }
  return Status::Ok();
}

// The entry as the store keeps it (none without a store); the L2 part only when the
// question was embedded.
std::optional<StoredAnswer> AnswerCache::StoredAnswerOf(
    std::string_view datasource, const std::string& normalized, std::string_view question,
    std::string_view sql, const db::ResultSet* result, const std::optional<Embedding>& embedding,
    const std::optional<QuestionSlots>& slots) const {
  if (store_ == nullptr) return std::nullopt;
  StoredAnswer persisted;
  persisted.datasource = std::string(datasource);
  persisted.normalized = normalized;
  persisted.question = std::string(question);
  persisted.sql = std::string(sql);
  if (result != nullptr) persisted.result = result->ToJson();
  if (embedding) {
    persisted.slots = SlotsToJson(*slots);
    persisted.embedder = embedder_->id();
    persisted.embedding = *embedding;
  }
  return persisted;
}

// A newer answer to the same normalised question replaces the older one.
void AnswerCache::InsertL2Locked(L2Entry entry) {
  auto same = std::find_if(l2_.begin(), l2_.end(), [&](const L2Entry& e) {
    return e.datasource == entry.datasource && e.normalized == entry.normalized;
  });
  if (same != l2_.end()) l2_.erase(same);
  l2_.push_back(std::move(entry));
  TrimL2Locked();
}

// Writes the entry to the store, unless another process's fingerprint owns it now.
Status AnswerCache::Persist(std::string_view datasource, const StoredAnswer& persisted) {
  if (!StoreIsOurs(datasource)) return Status::Ok();
  StatusOr<int64_t> version = store_->Put(persisted);
  if (!version.ok()) return version.status();
  NoteOwnVersion(datasource, *version);
  return Status::Ok();
}

// Whether the store's entries for `datasource` are made under the fingerprint this process
// synced (or it synced none): once another process reset the store under its own — a newer
// askdb build, a schema it saw change — what this one reads would be loaded there as theirs
// (Put carries no fingerprint), so it keeps its answers in memory only.
bool AnswerCache::StoreIsOurs(std::string_view datasource) {
  std::lock_guard sync(sync_mu_);
  const auto known = fingerprints_.find(std::string(datasource));
  if (known == fingerprints_.end()) return true;
  StatusOr<std::optional<StoredDatasource>> stored = store_->State(datasource);
  return stored.ok() && (!*stored || (*stored)->fingerprint == known->second);
}

// Our own Put needs no reloading: when it is the next version, nobody stored in between.
void AnswerCache::NoteOwnVersion(std::string_view datasource, int64_t version) {
  std::lock_guard sync(sync_mu_);
  auto loaded = loaded_versions_.find(std::string(datasource));
  if (loaded != loaded_versions_.end() && loaded->second + 1 == version) loaded->second = version;
}

void AnswerCache::InsertL1Locked(L1Entry entry) {
  EraseL1Locked(entry.key);
  std::string key = entry.key;
  l1_lru_.push_front(std::move(entry));
  l1_index_[key] = l1_lru_.begin();
  while (l1_lru_.size() > options_.l1_capacity) {
    l1_index_.erase(l1_lru_.back().key);
    l1_lru_.pop_back();
    ++stats_.l1_evictions;
  }
}

void AnswerCache::TrimL2Locked() {
  while (l2_.size() > options_.l2_capacity) {
    auto lru = std::min_element(l2_.begin(), l2_.end(), [](const L2Entry& a, const L2Entry& b) {
      return a.last_used < b.last_used || (a.last_used == b.last_used && a.id < b.id);
    });
    l2_.erase(lru);
    ++stats_.l2_evictions;
  }
}

void AnswerCache::Drop(const CacheHit& hit) {
  const std::string normalized = text::NormalizeForMatch(hit.stored_question);
  if (store_ != nullptr) {
    StatusOr<int64_t> erased = store_->Erase(hit.datasource, normalized);
    if (erased.ok()) {
      NoteOwnVersion(hit.datasource, *erased);
    } else {
      spdlog::warn("answer cache: {}", erased.status().message());
    }
  }
  std::lock_guard lock(mu_);
  stats_.dropped += ForgetLocked(hit.datasource, normalized, hit.l2_id);
}

// Both levels' entries of one normalised question (and the L2 entry `l2_id`, when not 0);
// returns how many there were.
size_t AnswerCache::ForgetLocked(std::string_view datasource, const std::string& normalized,
                                 uint64_t l2_id) {
  const size_t before = l1_lru_.size() + l2_.size();
  EraseL1Locked(L1Key(datasource, normalized));
  std::erase_if(l2_, [&](const L2Entry& e) {
    return (l2_id != 0 && e.id == l2_id) ||
           (e.datasource == datasource && e.normalized == normalized);
  });
  return before - (l1_lru_.size() + l2_.size());
}

void AnswerCache::Invalidate(std::string_view datasource) {
  {
    std::lock_guard lock(mu_);
    InvalidateLocked(datasource);
  }
  if (store_ == nullptr) return;
  // Emptied in the store too; the recorded fingerprint stays, so a later Sync finds nothing.
  std::lock_guard sync(sync_mu_);
  auto known = fingerprints_.find(std::string(datasource));
  Status reset = store_->Reset(datasource, known != fingerprints_.end() ? known->second : "");
  if (!reset.ok()) spdlog::warn("answer cache: {}", reset.message());
}

void AnswerCache::InvalidateLocked(std::string_view datasource) {
  for (auto it = l1_lru_.begin(); it != l1_lru_.end();) {
    if (it->key.compare(0, datasource.size() + 1, L1Key(datasource, "")) == 0) {
      l1_index_.erase(it->key);
      it = l1_lru_.erase(it);
    } else {
      ++it;
    }
  }
  std::erase_if(l2_, [&](const L2Entry& e) { return e.datasource == datasource; });
}

void AnswerCache::AttachStore(AnswerCacheStore* store, ResultDecoder decode) {
  std::lock_guard sync(sync_mu_);
  store_ = store;
  decode_ = std::move(decode);
  fingerprints_.clear();
  loaded_versions_.clear();
}

Status AnswerCache::Sync(std::string_view datasource, std::string_view datasource_fingerprint) {
  const std::string fingerprint = std::string(datasource_fingerprint) + "@" + options_.build;
  std::lock_guard sync(sync_mu_);
  const std::string key(datasource);
  auto known = fingerprints_.find(key);
  if (known != fingerprints_.end() && known->second == fingerprint) {
    return LoadNewerFromStore(datasource, fingerprint);
  }
  if (known != fingerprints_.end()) {  // changed while this process ran
    std::lock_guard lock(mu_);
    InvalidateLocked(datasource);
    ++stats_.invalidated;
  }
  fingerprints_[key] = fingerprint;
  if (store_ == nullptr) return Status::Ok();
  StatusOr<std::optional<StoredDatasource>> stored = store_->State(datasource);
  if (!stored.ok()) return stored.status();
  loaded_versions_[key] = *stored ? (*stored)->version : 0;
  if (*stored && (*stored)->fingerprint == fingerprint) {
    return LoadFromStore(datasource, kAllVersions);
  }
  if (*stored) {
    std::lock_guard lock(mu_);
    ++stats_.invalidated;
  }
  // Versions keep counting across a reset: whoever loaded up to V finds nothing newer.
  return store_->Reset(datasource, fingerprint);
}

// Called with sync_mu_ held. What other processes stored since this one last looked. A store
// holding another fingerprint is another process's view of a changed schema: this process
// keeps its entries until its own datasource is prepared again (then Sync resets).
Status AnswerCache::LoadNewerFromStore(std::string_view datasource, std::string_view fingerprint) {
  if (store_ == nullptr) return Status::Ok();
  StatusOr<std::optional<StoredDatasource>> stored = store_->State(datasource);
  if (!stored.ok()) return stored.status();
  if (!*stored || (*stored)->fingerprint != fingerprint) return Status::Ok();
  const int64_t loaded = loaded_versions_[std::string(datasource)];
  if ((*stored)->version <= loaded) return Status::Ok();
  return LoadFromStore(datasource, loaded);
}

// Called with sync_mu_ held.
Status AnswerCache::LoadFromStore(std::string_view datasource, int64_t after_version) {
  StatusOr<std::vector<StoredAnswer>> loaded = store_->Load(datasource, after_version);
  if (!loaded.ok()) return loaded.status();
  int64_t& high = loaded_versions_[std::string(datasource)];
  for (const StoredAnswer& a : *loaded) high = std::max(high, a.version);
  std::lock_guard lock(mu_);
  const Clock::TimePoint now = clock_.Now();
  for (StoredAnswer& a : *loaded) {  // oldest first, so the newest end up most recent
    if (a.erased) {                  // another process found it stale
      stats_.erased_by_others += ForgetLocked(datasource, a.normalized, 0);
      continue;
    }
    const bool in_l1 = LoadL1Locked(datasource, a, now);
    const bool in_l2 = LoadL2Locked(datasource, a, now);
    stats_.loaded += in_l1 || in_l2;
  }
  return Status::Ok();
}

// A stored answer's rows as an exact-match entry, unless they are too old or do not decode.
bool AnswerCache::LoadL1Locked(std::string_view datasource, const StoredAnswer& a,
                               Clock::TimePoint now) {
  const Clock::TimePoint stored_at{std::chrono::milliseconds(a.stored_at_ms)};
  if (options_.l1_capacity == 0 || a.result.is_null() || !decode_ ||
      now - stored_at >= options_.l1_ttl) {
    return false;
  }
  StatusOr<db::ResultSet> rows = decode_(a.result);
  if (!rows.ok()) return false;
  InsertL1Locked(L1Entry{L1Key(datasource, a.normalized), a.question, a.sql,
                         std::make_shared<const db::ResultSet>(std::move(*rows)), stored_at});
  return true;
}

// A stored answer as a similar-question entry. Vectors of another embedder are not
// comparable: such entries keep their L1 part only.
bool AnswerCache::LoadL2Locked(std::string_view datasource, StoredAnswer& a, Clock::TimePoint now) {
  const Clock::TimePoint stored_at{std::chrono::milliseconds(a.stored_at_ms)};
  if (!options_.l2_enabled || options_.l2_capacity == 0 || a.slots.is_null() ||
      a.embedder != embedder_->id() || a.embedding.empty() ||
      (options_.l2_ttl && now - stored_at >= *options_.l2_ttl)) {
    return false;
  }
  StatusOr<QuestionSlots> slots = SlotsFromJson(a.slots);
  if (!slots.ok()) return false;
  const double norm = Norm(a.embedding);
  InsertL2Locked(L2Entry{next_l2_id_++, std::string(datasource), a.normalized, a.question, a.sql,
                         std::move(*slots), std::move(a.embedding), norm, stored_at, stored_at});
  return true;
}

void AnswerCache::Clear() {
  std::lock_guard lock(mu_);
  l1_lru_.clear();
  l1_index_.clear();
  l2_.clear();
}

CacheStats AnswerCache::stats() const {
  std::lock_guard lock(mu_);
  CacheStats s = stats_;
  s.l1_entries = l1_lru_.size();
  s.l2_entries = l2_.size();
  return s;
}

}  // namespace askdb::cache
