// AnswerCache: the two-level answer cache of seed 002 §5.
//
//  L1, exact: keyed by (datasource, text::NormalizeForMatch(question)) — full-width folded,
//   case-folded, white space collapsed. An LRU of `l1_capacity` entries, each valid for
//   `l1_ttl`; a hit returns the stored SQL *and* result, so nothing runs again.
//  L2, semantic: a flat (brute-force) index of up to `l2_capacity` questions per cache,
//   embedded by an Embedder (the built-in LexicalEmbedder by default). A hit is the nearest
//   stored question of the same datasource with cosine similarity >= `l2_threshold` *whose
//   slots (slots.h) equal the question's*: numbers, dates and periods, filter values, top-N,
//   order direction, aggregation and comparison words. A hit returns the SQL only; the
//   caller re-executes it and, if that fails, calls Drop(hit) and continues from schema
//   recall (the schema may have changed).
//
// Lookup tries L1, then L2. Store fills both. The keys keep the full normalised text (the
// hash is the map's), so two questions never share an entry by a hash collision.
//
// Persistence (answer_cache_store.h): with a store attached, Store and Drop write through,
// and Sync(datasource, fingerprint) — called before a datasource's first Lookup — loads the
// entries stored under the same fingerprint (by this or an earlier process) or, when the
// schema, the semantic model or the askdb build (CacheOptions::build) changed since, empties the
// datasource in memory and in the store; every later Sync loads what other processes stored or
// erased since (one small store read), so an entry another process dropped (Drop) leaves this one's
// memory too. Without a store, Sync still drops a datasource's entries when its fingerprint
// changes.
//
// Thread-safe: one mutex guards both levels; embedding and slot extraction run outside it.
// The clock and the embedder are borrowed and must outlive the cache (FakeClock in tests).
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <list>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "askdb/cache/answer_cache_store.h"
#include "askdb/cache/embedder.h"
#include "askdb/cache/slots.h"
#include "askdb/common/clock.h"
#include "askdb/common/json.h"
#include "askdb/common/status.h"
#include "askdb/db/result_set.h"

namespace askdb::nlq {
class SchemaIndex;
}  // namespace askdb::nlq

namespace askdb::cache {

struct CacheOptions {
  size_t l1_capacity = 1000;          // seed 002 §5: 1,000 entries
  std::chrono::seconds l1_ttl{3600};  // seed 002 §5: 1 hour
  size_t l2_capacity = 1000;          // least recently used beyond this is evicted
  // L2 keeps SQL only, re-executed on every hit, so its entries need no freshness limit; a
  // stale statement fails on re-execution and is dropped. Set to expire them anyway.
  std::optional<std::chrono::seconds> l2_ttl;
  double l2_threshold = 0.95;  // seed 002 §5: similarity >= 0.95
  bool l2_enabled = true;
  // The askdb build the entries are made by, part of the fingerprint Sync compares: another
  // build may read a question differently, so an upgrade starts from an empty cache. The CLI
  // sets it to BuildRevision() (cli/agent_setup.cc); empty only in tests.
  std::string build;
};

enum class CacheLevel { kL1, kL2 };
std::string_view CacheLevelName(CacheLevel level);  // "L1", "L2"

struct CacheHit {
  CacheLevel level = CacheLevel::kL1;
  double similarity = 1.0;      // 1 for L1
  std::string stored_question;  // as it was stored (original wording)
  std::string sql;
  // L1 only (null for L2: re-execute `sql`). Shared with the cache, so a hit copies nothing.
  std::shared_ptr<const db::ResultSet> result;
  std::string why_matched;  // for events and the CLI, in English
  // Identifies the entry for Drop().
  std::string datasource;
  uint64_t l2_id = 0;  // 0 for L1 hits

  // {"level":"L2","similarity":0.97,"stored_question":...,"sql":...,"why_matched":...,
  //  "has_result":false} — the payload of a cache-hit event.
  Json ToJson() const;
};

// One line for the CLI and logs, in the question's language: "answer cache hit (L2,
// similarity 0.972): same as "…", re-running the cached SQL" / "命中答案缓存（L2，…".
std::string DescribeHit(const CacheHit& hit, bool chinese);

// Turns a persisted result (db::ResultSet::ToJson) back into rows; the pipeline's
// ResultSetFromJson. The cache module does not own that format.
using ResultDecoder = std::function<StatusOr<db::ResultSet>(const Json&)>;

struct CacheStats {
  size_t l1_entries = 0, l2_entries = 0;
  uint64_t l1_hits = 0, l2_hits = 0, misses = 0;
  uint64_t l1_evictions = 0, l2_evictions = 0, expired = 0, dropped = 0;
  uint64_t loaded = 0;            // entries read from the store
  uint64_t invalidated = 0;       // datasources emptied because their fingerprint changed
  uint64_t erased_by_others = 0;  // L1/L2 entries removed by another process's tombstone
};

class AnswerCache {
 public:
  // `embedder` null: the built-in LexicalEmbedder (owned).
  explicit AnswerCache(CacheOptions options = {}, const Clock& clock = Clock::System(),
                       std::unique_ptr<Embedder> embedder = nullptr);
  ~AnswerCache();
  AnswerCache(const AnswerCache&) = delete;
  AnswerCache& operator=(const AnswerCache&) = delete;

  // Borrows `store` (it must outlive the cache); call before the first Sync. `decode` restores
  // L1 results; without it only the L2 part (the SQL) of persisted entries is loaded.
  void AttachStore(AnswerCacheStore* store, ResultDecoder decode);

  // Makes the entries of `datasource` those made under `fingerprint` (see the header comment).
  // Cheap after the first call with the same fingerprint. A store error is returned (the cache
  // then works in memory only for this datasource) and never leaves stale entries in memory.
  Status Sync(std::string_view datasource, std::string_view fingerprint);

  const Embedder& embedder() const { return *embedder_; }

  // `index` (may be null) lets the slot extractor recognise filter values and schema words;
  // pass the same datasource's index to Store and Lookup.
  std::optional<CacheHit> Lookup(std::string_view datasource, std::string_view question,
                                 const nlq::SchemaIndex* index = nullptr);

  // Stores a question whose SQL ran successfully. Replaces an entry with the same
  // normalised question. InvalidArgument when datasource, question or sql is empty.
  Status Store(std::string_view datasource, std::string_view question, std::string_view sql,
               const db::ResultSet& result, const nlq::SchemaIndex* index = nullptr);

  // Removes what `hit` came from: the L2 entry and the L1 entry of the stored question.
  // Call it when re-executing an L2 hit's SQL fails. Dropping twice is harmless.
  void Drop(const CacheHit& hit);

  // Everything of one datasource (its schema changed), or everything.
  void Invalidate(std::string_view datasource);
  void Clear();

  CacheStats stats() const;
  const CacheOptions& options() const { return options_; }

 private:
  struct L1Entry {
    std::string key;
    std::string question;
    std::string sql;
    std::shared_ptr<const db::ResultSet> result;
    Clock::TimePoint stored_at;
  };
  struct L2Entry {
    uint64_t id = 0;
    std::string datasource;
    std::string normalized;
    std::string question;
    std::string sql;
    QuestionSlots slots;
    Embedding embedding;
    double norm = 0;  // of `embedding`, computed once at Store
    Clock::TimePoint stored_at;
    Clock::TimePoint last_used;
  };

  static std::string L1Key(std::string_view datasource, std::string_view normalized);
  nlq::CivilDate Today() const;
  bool L1Expired(const L1Entry& e, Clock::TimePoint now) const;
  bool L2Expired(const L2Entry& e, Clock::TimePoint now) const;
  void EraseL1Locked(const std::string& key);
  void TrimL2Locked();
  void InsertL1Locked(L1Entry entry);
  // The steps of Lookup and Store.
  std::optional<CacheHit> LookupL1Locked(const std::string& key, std::string_view datasource);
  void EraseExpiredL2Locked(Clock::TimePoint now);
  CacheHit L2Hit(const L2Entry& best, double similarity, const QuestionSlots& slots) const;
  static Status CheckStorable(std::string_view datasource, std::string_view question,
                              std::string_view sql, std::string_view normalized);
  std::optional<StoredAnswer> StoredAnswerOf(std::string_view datasource,
                                             const std::string& normalized,
                                             std::string_view question, std::string_view sql,
                                             const db::ResultSet* result,
                                             const std::optional<Embedding>& embedding,
                                             const std::optional<QuestionSlots>& slots) const;
  void InsertL2Locked(L2Entry entry);
  Status Persist(std::string_view datasource, const StoredAnswer& persisted);
  void InvalidateLocked(std::string_view datasource);
  Status LoadFromStore(std::string_view datasource, int64_t after_version);
  bool LoadL1Locked(std::string_view datasource, const StoredAnswer& a, Clock::TimePoint now);
  bool LoadL2Locked(std::string_view datasource, StoredAnswer& a, Clock::TimePoint now);
  size_t ForgetLocked(std::string_view datasource, const std::string& normalized, uint64_t l2_id);
  Status LoadNewerFromStore(std::string_view datasource, std::string_view fingerprint);
  bool StoreIsOurs(std::string_view datasource);
  void NoteOwnVersion(std::string_view datasource, int64_t version);

  CacheOptions options_;
  const Clock& clock_;
  std::unique_ptr<Embedder> embedder_;

  mutable std::mutex mu_;
  std::list<L1Entry> l1_lru_;  // front: most recently used
  std::unordered_map<std::string, std::list<L1Entry>::iterator> l1_index_;
  std::vector<L2Entry> l2_;  // flat index, unordered; eviction scans for the LRU
  uint64_t next_l2_id_ = 1;
  CacheStats stats_;

  AnswerCacheStore* store_ = nullptr;
  ResultDecoder decode_;
  std::mutex sync_mu_;  // one Sync at a time; held while a datasource loads
  std::unordered_map<std::string, std::string> fingerprints_;  // datasource -> synced with
  // datasource -> the highest store version loaded (or put by this process in sequence).
  std::unordered_map<std::string, int64_t> loaded_versions_;
};

}  // namespace askdb::cache
