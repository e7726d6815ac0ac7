// SchemaManager (seed 001 Requirements 2 and 7, seed 000 "Schema Manager"): hands out a
// datasource's structure at the level a request needs, from a cache when it can.
//
// - Levels: kBasic is tables, descriptions, relationships and column names and types (no
//   statistics); kDetailed adds sample values. GetSchemaLevel maps a request type to its level.
// - Caches: one per level and datasource, entries live `ttl` (30 minutes by default). The
//   detailed cache is per table, so a request for several tables fetches only the missing
//   ones, all of them in one Introspect call. A hit is logged and its text starts with
//   "[Using cached schema]".
// - Invalidation: before answering, the manager reads the source's structure fingerprint
//   (a cheap catalog query, at most once per `fingerprint_interval`); when it differs
//   from the one seen before, both caches of that datasource are dropped.
//   InvalidateCache drops them on request.
// - Timeouts: when a fetch fails with DeadlineExceeded or Unavailable and an expired copy
//   of everything requested is still held, that copy is served, marked stale.
// - Semantic model: a datasource may carry one; disabled tables and columns are removed
//   from what GetSchema returns, and the rendered text carries business names.
//
// Thread-safety: all methods may be called from any thread. Requests for one datasource
// are serialised (so concurrent misses cause one fetch, not many); different datasources
// proceed in parallel. The manager owns its sources; the clock must outlive it.
#pragma once

#include <atomic>
#include <chrono>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "askdb/catalog/schema_level.h"
#include "askdb/catalog/schema_render.h"
#include "askdb/catalog/semantic_model.h"
#include "askdb/common/clock.h"
#include "askdb/common/status.h"
#include "askdb/db/schema.h"

namespace askdb::catalog {

class SchemaSource;
class SchemaCacheBackend;
struct SchemaCacheSnapshot;

// The marker a cached answer carries (seed 001 Requirement 7.2).
inline constexpr std::string_view kCachedSchemaMarker = "[Using cached schema]";

struct SchemaManagerOptions {
  Clock::Duration ttl = std::chrono::minutes(30);
  // How often the structure fingerprint is read per datasource; zero reads it on every
  // GetSchema call (it is one cheap catalog query).
  Clock::Duration fingerprint_interval = Clock::Duration::zero();
  // Sample values per column fetched for the detailed level.
  int sample_values_per_column = 5;
  // Bound on one fetch (db::IntrospectOptions::timeout); zero: the connector's own. A fetch
  // that exceeds it serves the expired copy when one is held.
  std::chrono::milliseconds fetch_timeout{0};
  // After a fetch (or a fingerprint read) that timed out, the expired copy is served for
  // this long without reading the source again (neither the fingerprint nor the level), so
  // a source that stays slow costs one timeout per interval, not one per request. A request
  // the expired copy does not cover still fetches. Zero: try again at every request.
  Clock::Duration refetch_backoff = Clock::Duration::zero();
  RenderOptions render;
  // Where cache hits, invalidations and stale serves are reported; null: spdlog (info for
  // hits and invalidations, warn for stale serves).
  std::function<void(std::string_view message)> log;
  // The clock for TTLs; null: Clock::System(). Borrowed.
  const Clock* clock = nullptr;
};

struct SchemaRequest {
  std::string datasource;
  SchemaLevel level = SchemaLevel::kDetailed;
  // Detailed level only: just these tables (case-insensitive), fetched together in one
  // call. Empty: every table. Ignored for kBasic, which always lists every table.
  std::vector<std::string> tables;
  // False: SchemaResult::text stays empty (a caller that reads only the structure does not
  // pay for rendering the whole schema on every question).
  bool want_text = true;
  // True: the semantic model's disabled tables and columns are kept (a caller that builds
  // its own view with the model, as preparation does).
  bool include_disabled = false;
  // A structure fingerprint read at most this long ago is trusted without reading it again
  // (a run whose datasource was checked just before it reads the source once). Zero: the
  // manager's fingerprint_interval decides.
  Clock::Duration fingerprint_max_age = Clock::Duration::zero();
};

struct SchemaResult {
  SchemaLevel level = SchemaLevel::kBasic;
  // Basic: tables with their comments, keys, row counts and columns (names, types, keys,
  // comments) but no sample values; its text lists the tables only.
  db::DatabaseSchema schema;
  // The schema rendered for a prompt (schema_render.h); starts with kCachedSchemaMarker
  // and a newline when from_cache.
  std::string text;
  bool from_cache = false;        // nothing was fetched to answer this request
  bool stale = false;             // the fetch failed and an expired copy was served
  Clock::TimePoint fetched_at{};  // when the oldest part of the answer was fetched
  // The source's structure fingerprint as last read (empty when it could not be read): a
  // caller that built something from an earlier schema compares it to rebuild.
  std::string fingerprint;
};

struct SchemaCacheStats {
  long long hits = 0;
  long long misses = 0;
  long long introspect_calls = 0;
  long long fingerprint_calls = 0;
  long long invalidations = 0;
  long long stale_served = 0;
  long long corrupt_dropped = 0;  // persisted entries dropped because their checksum failed
  long long backoff_served = 0;   // expired copies served without trying the source (backoff)
};

// `schema` without the tables and columns `model` disables (as GetSchema hands it out).
db::DatabaseSchema WithoutDisabled(db::DatabaseSchema schema, const SemanticModel* model);

class SchemaManager {
 public:
  explicit SchemaManager(SchemaManagerOptions options = {});
  ~SchemaManager();
  SchemaManager(const SchemaManager&) = delete;
  SchemaManager& operator=(const SchemaManager&) = delete;

  // Registers a datasource under `id`. AlreadyExists when the id is taken; InvalidArgument
  // for an empty id or a null source.
  Status AddDatasource(std::string id, std::unique_ptr<SchemaSource> source,
                       std::optional<SemanticModel> model = std::nullopt);
  // Replaces the datasource's semantic model (or removes it with nullopt). NotFound for an
  // unknown id. Cached structure stays valid; only the rendering changes.
  Status SetSemanticModel(std::string_view id, std::optional<SemanticModel> model);
  bool HasDatasource(std::string_view id) const;

  // Fills both caches of `id` with `detailed` (every table, as Introspect returned it) fetched
  // now under `fingerprint`, so that a caller that has just introspected does not pay twice.
  // NotFound for an unknown id.
  Status Seed(std::string_view id, const db::DatabaseSchema& detailed, std::string fingerprint);

  // NotFound for an unknown datasource or table (naming it); otherwise the source's
  // errors, unless a stale copy could be served.
  StatusOr<SchemaResult> GetSchema(const SchemaRequest& request);

  static SchemaLevel GetSchemaLevel(std::string_view request_type) {
    return catalog::GetSchemaLevel(request_type);
  }

  // Keeps the caches of `id` in `file` from now on (seed 000: a restarted process starts
  // warm; E6: a corrupted entry is invalidated and fetched again). What the file holds is
  // loaded now — an entry whose checksum fails is dropped and logged, and fetched again when
  // asked for — and every later fetch, seed or invalidation rewrites it. The file's
  // fingerprint is checked at the next GetSchema like any other. NotFound for an unknown id;
  // a file that is not a cache file is logged and replaced.
  Status AttachCacheFile(std::string_view id, std::filesystem::path file);
  // The same, with the document `name` of `backend` (a directory, or the shared store of
  // server.store_url so that replicas start warm from each other's fetches).
  Status AttachCache(std::string_view id, std::shared_ptr<SchemaCacheBackend> backend,
                     std::string name);

  // Drops both caches of `datasource` (no-op for an unknown id).
  void InvalidateCache(std::string_view datasource);

  SchemaCacheStats stats() const;

 private:
  struct Datasource;

  std::shared_ptr<Datasource> Find(std::string_view id) const;
  void Log(std::string_view message, bool warning) const;
  void CheckFingerprint(Datasource& ds, Clock::TimePoint now, Clock::Duration max_age);
  // backing_off: an expired copy that covers the request is served without a fetch.
  StatusOr<SchemaResult> GetBasic(Datasource& ds, Clock::TimePoint now, bool backing_off);
  StatusOr<SchemaResult> GetDetailed(Datasource& ds, const std::vector<std::string>& tables,
                                     Clock::TimePoint now, bool backing_off);
  // GetDetailed's steps: which tables to answer with and which to fetch; the fetch (true:
  // it timed out and an expired copy that covers the request is served, stale); the answer.
  struct DetailedWork;
  DetailedWork PlanDetailed(const Datasource& ds, const std::vector<std::string>& tables,
                            Clock::TimePoint now) const;
  StatusOr<bool> FetchMissing(Datasource& ds, DetailedWork& work, Clock::TimePoint now,
                              bool backing_off);
  void StoreDetailed(Datasource& ds, db::DatabaseSchema fetched, DetailedWork& work,
                     Clock::TimePoint now);
  StatusOr<SchemaResult> AnswerDetailed(const Datasource& ds, const DetailedWork& work,
                                        Clock::TimePoint now, bool stale) const;
  void Finish(const Datasource& ds, SchemaResult& result, const SchemaRequest& request) const;
  void Persist(const Datasource& ds) const;
  // AttachCache's read: the cache document's snapshot, its entries that failed their
  // checksum counted and logged; nullopt (logged) when the datasource starts cold.
  std::optional<SchemaCacheSnapshot> ReadCache(const Datasource& ds);

  SchemaManagerOptions options_;
  const Clock& clock_;
  mutable std::mutex mu_;  // guards datasources_ (the map, not the entries)
  std::map<std::string, std::shared_ptr<Datasource>, std::less<>> datasources_;

  std::atomic<long long> hits_{0}, misses_{0}, introspect_calls_{0}, fingerprint_calls_{0},
      invalidations_{0}, stale_served_{0}, corrupt_dropped_{0}, backoff_served_{0};
};

}  // namespace askdb::catalog
