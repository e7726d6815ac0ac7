// AnswerCacheStore: where an AnswerCache keeps its entries between processes, so that every
// `askdb ask` and every run of a restarted `askdb serve` finds what earlier ones stored.
//
// Per datasource the store keeps the fingerprint its entries were made under (the schema's
// structure and the semantic model, PreparedDatasource::fingerprint); AnswerCache::Sync
// loads the entries when it matches and empties the datasource when it does not.
//
// Every Put numbers its entry with the datasource's next version (the counter row is updated
// inside the Put's transaction, so versions commit in order): a process that loaded up to
// version V reads only what others stored after it (Load(datasource, V)), which is how
// several processes over one store see each other's answers. Erase is versioned the same
// way and leaves a tombstone (an `erased` StoredAnswer in Load), so an entry one process
// found stale (a failed L2 re-execution) also leaves the memory of the others at their next
// Sync. A later Put of the same question replaces its tombstone.
//
// SqliteAnswerCacheStore: one SQLite file (`<data dir>/answer_cache.sqlite`), WAL, a busy
// timeout so that concurrent `askdb` processes take turns. Each datasource keeps at most
// `max_entries` rows (the oldest go first). Thread-safe (SQLite's serialized mode).
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "askdb/cache/embedder.h"
#include "askdb/common/json.h"
#include "askdb/common/status.h"

struct sqlite3;

namespace askdb::cache {

struct StoredAnswer {
  std::string datasource;
  std::string normalized;  // text::NormalizeForMatch(question): the key within a datasource
  std::string question;
  std::string sql;
  Json result;           // db::ResultSet::ToJson(); null when only the SQL is kept
  Json slots;            // SlotsToJson(); null when the entry has no L2 part
  std::string embedder;  // Embedder::id() of `embedding`; empty when none
  Embedding embedding;
  int64_t stored_at_ms = 0;  // system clock, milliseconds since the epoch
  int64_t version = 0;       // set by the store: the datasource's counter at Put or Erase
  // A tombstone: the entry (datasource, normalized) was erased at `version`; only those three
  // fields are set.
  bool erased = false;
};

inline constexpr int64_t kAllVersions = -1;

// Orders entries and tombstones read from two tables by version (stable), as Load returns them.
void SortByVersion(std::vector<StoredAnswer>& answers);

// What a store holds for one datasource: its fingerprint and the last version put.
struct StoredDatasource {
  std::string fingerprint;
  int64_t version = 0;
};

class AnswerCacheStore {
 public:
  virtual ~AnswerCacheStore() = default;
  // The fingerprint the datasource's entries were made under and its version; nullopt when
  // none is recorded.
  virtual StatusOr<std::optional<StoredDatasource>> State(std::string_view datasource) = 0;
  // Deletes the datasource's entries and records `fingerprint` for it.
  virtual Status Reset(std::string_view datasource, std::string_view fingerprint) = 0;
  // The entries and tombstones with a version above `after_version` (all of them by default,
  // also the entries of files written before versions, which are version 0), oldest version
  // first.
  virtual StatusOr<std::vector<StoredAnswer>> Load(std::string_view datasource,
                                                   int64_t after_version = kAllVersions) = 0;
  // Inserts or replaces the entry (datasource, normalized) under the datasource's next
  // version, which it returns. A datasource never Reset gets an empty fingerprint.
  virtual StatusOr<int64_t> Put(const StoredAnswer& answer) = 0;
  // Deletes the entry and records its tombstone under the datasource's next version, which it
  // returns.
  virtual StatusOr<int64_t> Erase(std::string_view datasource, std::string_view normalized) = 0;
};

struct SqliteAnswerCacheStoreOptions {
  size_t max_entries = 1000;  // per datasource; CacheOptions' capacities
  int busy_timeout_ms = 5000;
};

class SqliteAnswerCacheStore final : public AnswerCacheStore {
 public:
  // Creates the file and its tables when missing. Unavailable (naming the file and what to
  // check) when it cannot be opened or is not an answer cache.
  static StatusOr<std::unique_ptr<SqliteAnswerCacheStore>> Open(
      const std::filesystem::path& path, SqliteAnswerCacheStoreOptions options = {});
  ~SqliteAnswerCacheStore() override;

  StatusOr<std::optional<StoredDatasource>> State(std::string_view datasource) override;
  Status Reset(std::string_view datasource, std::string_view fingerprint) override;
  StatusOr<std::vector<StoredAnswer>> Load(std::string_view datasource,
                                           int64_t after_version = kAllVersions) override;
  StatusOr<int64_t> Put(const StoredAnswer& answer) override;
  StatusOr<int64_t> Erase(std::string_view datasource, std::string_view normalized) override;

 private:
  SqliteAnswerCacheStore(sqlite3* db, std::filesystem::path path,
                         SqliteAnswerCacheStoreOptions options);
  Status Error(int rc, std::string_view what) const;
  Status AddVersionColumns();
  StatusOr<int64_t> EndTransaction(int rc, int64_t version, std::string_view what);

  sqlite3* db_;
  std::filesystem::path path_;
  SqliteAnswerCacheStoreOptions options_;
};

// The file name under the data directory.
inline constexpr std::string_view kAnswerCacheFileName = "answer_cache.sqlite";

}  // namespace askdb::cache
