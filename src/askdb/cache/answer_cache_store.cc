#include "askdb/cache/answer_cache_store.h"

#include <sqlite3.h>

#include <algorithm>
#include <cstring>
#include <initializer_list>
#include <mutex>
#include <utility>

namespace askdb::cache {
namespace {

constexpr const char* kSchema = R"sql(
CREATE TABLE IF NOT EXISTS answer_cache_datasources (
  datasource TEXT PRIMARY KEY,
  fingerprint TEXT NOT NULL,
  version INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS answer_cache_entries (
  datasource TEXT NOT NULL,
  normalized TEXT NOT NULL,
  question TEXT NOT NULL,
  sql TEXT NOT NULL,
  result TEXT,
  slots TEXT,
  embedder TEXT NOT NULL DEFAULT '',
  embedding BLOB,
  stored_at_ms INTEGER NOT NULL,
  version INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (datasource, normalized)
);
CREATE TABLE IF NOT EXISTS answer_cache_erasures (
  datasource TEXT NOT NULL,
  normalized TEXT NOT NULL,
  version INTEGER NOT NULL,
  PRIMARY KEY (datasource, normalized)
);
)sql";

// The version columns came after the first files were written; those files get them added.
constexpr const char* kVersionColumns[][2] = {{"answer_cache_datasources", "version"},
                                              {"answer_cache_entries", "version"}};

// One prepared statement, finalised on scope exit.
class Stmt {
 public:
  Stmt(sqlite3* db, const char* sql) { rc_ = sqlite3_prepare_v2(db, sql, -1, &stmt_, nullptr); }
  ~Stmt() { sqlite3_finalize(stmt_); }
  Stmt(const Stmt&) = delete;
  Stmt& operator=(const Stmt&) = delete;
  int rc() const { return rc_; }
  sqlite3_stmt* get() const { return stmt_; }
  void Text(int i, std::string_view s) {
    sqlite3_bind_text(stmt_, i, s.data(), static_cast<int>(s.size()), SQLITE_TRANSIENT);
  }
  std::string ColumnText(int i) const {
    const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, i));
    return p != nullptr ? std::string(p, sqlite3_column_bytes(stmt_, i)) : std::string();
  }

 private:
  sqlite3_stmt* stmt_ = nullptr;
  int rc_ = SQLITE_OK;
};

// Transactions span statements; SQLite's own mutex guards single calls only.
std::mutex& TransactionMutex() {
  static std::mutex mu;
  return mu;
}

// Every change takes the datasource's next version; the counter row is written first, so it
// orders the change after every committed one.
constexpr const char* kBumpVersionSql =
    "INSERT INTO answer_cache_datasources (datasource, fingerprint, version) "
    "VALUES (?, '', 1) ON CONFLICT(datasource) DO UPDATE SET version = version + 1 "
    "RETURNING version";

// The first statement that did not prepare, else SQLITE_OK.
int FirstPrepareError(std::initializer_list<const Stmt*> statements) {
  for (const Stmt* stmt : statements) {
    if (stmt->rc() != SQLITE_OK) return stmt->rc();
  }
  return SQLITE_OK;
}

// Runs the version bump of `datasource`, setting `version`; SQLITE_DONE when it went well.
int BumpVersion(Stmt& bump, std::string_view datasource, int64_t& version) {
  bump.Text(1, datasource);
  int rc = sqlite3_step(bump.get());
  if (rc == SQLITE_ROW) {
    version = sqlite3_column_int64(bump.get(), 0);
    rc = sqlite3_step(bump.get());
  }
  return rc;
}

// Binds an entry's ten columns (answer_cache_entries, in table order) at `version`.
void BindEntry(Stmt& put, const StoredAnswer& a, int64_t version) {
  put.Text(1, a.datasource);
  put.Text(2, a.normalized);
  put.Text(3, a.question);
  put.Text(4, a.sql);
  if (a.result.is_null()) {
    sqlite3_bind_null(put.get(), 5);
  } else {
    put.Text(5, a.result.dump());
  }
  if (a.slots.is_null()) {
    sqlite3_bind_null(put.get(), 6);
  } else {
    put.Text(6, a.slots.dump());
  }
  put.Text(7, a.embedder);
  sqlite3_bind_blob(put.get(), 8, a.embedding.data(),
                    static_cast<int>(a.embedding.size() * sizeof(float)), SQLITE_TRANSIENT);
  sqlite3_bind_int64(put.get(), 9, a.stored_at_ms);
  sqlite3_bind_int64(put.get(), 10, version);
}

Json ParseOrNull(const std::string& text) {
  if (text.empty()) return Json();
  Json j = Json::parse(text, nullptr, /*allow_exceptions=*/false);
  return j.is_discarded() ? Json() : j;
}

}  // namespace

void SortByVersion(std::vector<StoredAnswer>& answers) {
  std::stable_sort(
      answers.begin(), answers.end(),
      [](const StoredAnswer& a, const StoredAnswer& b) { return a.version < b.version; });
}

SqliteAnswerCacheStore::SqliteAnswerCacheStore(sqlite3* db, std::filesystem::path path,
                                               SqliteAnswerCacheStoreOptions options)
    : db_(db), path_(std::move(path)), options_(options) {}

SqliteAnswerCacheStore::~SqliteAnswerCacheStore() { sqlite3_close_v2(db_); }

Status SqliteAnswerCacheStore::Error(int rc, std::string_view what) const {
  std::string message = "answer cache " + path_.string() + ": " + std::string(what) +
                        " failed: " + (db_ != nullptr ? sqlite3_errmsg(db_) : sqlite3_errstr(rc));
  if (rc == SQLITE_BUSY || rc == SQLITE_LOCKED) {
    return UnavailableError(message + "; another askdb process holds the file, retry");
  }
  return UnavailableError(message +
                          "; check the data directory is writable, or delete the file (it is "
                          "only a cache)");
}

StatusOr<std::unique_ptr<SqliteAnswerCacheStore>> SqliteAnswerCacheStore::Open(
    const std::filesystem::path& path, SqliteAnswerCacheStoreOptions options) {
  sqlite3* raw = nullptr;
  const int rc =
      sqlite3_open_v2(path.c_str(), &raw,
                      SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX, nullptr);
  std::unique_ptr<SqliteAnswerCacheStore> store(new SqliteAnswerCacheStore(raw, path, options));
  if (rc != SQLITE_OK) return store->Error(rc, "opening");
  sqlite3_busy_timeout(raw, options.busy_timeout_ms);
  char* error = nullptr;
  const int schema_rc = sqlite3_exec(
      raw, (std::string("PRAGMA journal_mode=WAL;") + kSchema).c_str(), nullptr, nullptr, &error);
  sqlite3_free(error);
  if (schema_rc != SQLITE_OK) return store->Error(schema_rc, "creating its tables");
  ASKDB_RETURN_IF_ERROR(store->AddVersionColumns());
  return store;
}

Status SqliteAnswerCacheStore::AddVersionColumns() {
  for (const auto& [table, column] : kVersionColumns) {
    Stmt probe(db_, (std::string("SELECT 1 FROM pragma_table_info('") + table +
                     "') WHERE name = '" + column + "'")
                        .c_str());
    if (probe.rc() != SQLITE_OK) return Error(probe.rc(), "reading its tables");
    const int rc = sqlite3_step(probe.get());
    if (rc == SQLITE_ROW) continue;
    if (rc != SQLITE_DONE) return Error(rc, "reading its tables");
    const std::string alter = std::string("ALTER TABLE ") + table + " ADD COLUMN " + column +
                              " INTEGER NOT NULL DEFAULT 0";
    const int alter_rc = sqlite3_exec(db_, alter.c_str(), nullptr, nullptr, nullptr);
    if (alter_rc != SQLITE_OK) return Error(alter_rc, "adding the version columns");
  }
  return Status::Ok();
}

StatusOr<std::optional<StoredDatasource>> SqliteAnswerCacheStore::State(
    std::string_view datasource) {
  Stmt stmt(db_, "SELECT fingerprint, version FROM answer_cache_datasources WHERE datasource = ?");
  if (stmt.rc() != SQLITE_OK) return Error(stmt.rc(), "reading a fingerprint");
  stmt.Text(1, datasource);
  const int rc = sqlite3_step(stmt.get());
  if (rc == SQLITE_DONE) return std::optional<StoredDatasource>();
  if (rc != SQLITE_ROW) return Error(rc, "reading a fingerprint");
  return std::optional<StoredDatasource>(
      StoredDatasource{stmt.ColumnText(0), sqlite3_column_int64(stmt.get(), 1)});
}

Status SqliteAnswerCacheStore::Reset(std::string_view datasource, std::string_view fingerprint) {
  std::lock_guard lock(TransactionMutex());
  int rc = sqlite3_exec(db_, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr);
  if (rc != SQLITE_OK) return Error(rc, "starting a transaction");
  Stmt erase(db_, "DELETE FROM answer_cache_entries WHERE datasource = ?");
  Stmt tombstones(db_, "DELETE FROM answer_cache_erasures WHERE datasource = ?");
  Stmt put(db_,
           "INSERT INTO answer_cache_datasources (datasource, fingerprint) VALUES (?, ?) "
           "ON CONFLICT(datasource) DO UPDATE SET fingerprint = excluded.fingerprint");
  rc = erase.rc() != SQLITE_OK        ? erase.rc()
       : tombstones.rc() != SQLITE_OK ? tombstones.rc()
                                      : put.rc();
  if (rc == SQLITE_OK) {
    erase.Text(1, datasource);
    tombstones.Text(1, datasource);
    put.Text(1, datasource);
    put.Text(2, fingerprint);
    rc = sqlite3_step(erase.get());
    if (rc == SQLITE_DONE) rc = sqlite3_step(tombstones.get());
    if (rc == SQLITE_DONE) rc = sqlite3_step(put.get());
  }
  if (rc != SQLITE_DONE && rc != SQLITE_OK) {
    Status status = Error(rc, "resetting a datasource");
    sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    return status;
  }
  rc = sqlite3_exec(db_, "COMMIT", nullptr, nullptr, nullptr);
  if (rc != SQLITE_OK) return Error(rc, "committing");
  return Status::Ok();
}

StatusOr<std::vector<StoredAnswer>> SqliteAnswerCacheStore::Load(std::string_view datasource,
                                                                 int64_t after_version) {
  Stmt stmt(db_,
            "SELECT normalized, question, sql, result, slots, embedder, embedding, stored_at_ms, "
            "version FROM answer_cache_entries WHERE datasource = ? AND version > ? "
            "ORDER BY version, stored_at_ms");
  if (stmt.rc() != SQLITE_OK) return Error(stmt.rc(), "loading entries");
  stmt.Text(1, datasource);
  sqlite3_bind_int64(stmt.get(), 2, after_version);
  std::vector<StoredAnswer> out;
  int rc;
  while ((rc = sqlite3_step(stmt.get())) == SQLITE_ROW) {
    StoredAnswer a;
    a.datasource = std::string(datasource);
    a.normalized = stmt.ColumnText(0);
    a.question = stmt.ColumnText(1);
    a.sql = stmt.ColumnText(2);
    a.result = ParseOrNull(stmt.ColumnText(3));
    a.slots = ParseOrNull(stmt.ColumnText(4));
    a.embedder = stmt.ColumnText(5);
    const int bytes = sqlite3_column_bytes(stmt.get(), 6);
    if (bytes > 0 && bytes % static_cast<int>(sizeof(float)) == 0) {
      a.embedding.resize(bytes / sizeof(float));
      std::memcpy(a.embedding.data(), sqlite3_column_blob(stmt.get(), 6), bytes);
    }
    a.stored_at_ms = sqlite3_column_int64(stmt.get(), 7);
    a.version = sqlite3_column_int64(stmt.get(), 8);
    out.push_back(std::move(a));
  }
  if (rc != SQLITE_DONE) return Error(rc, "loading entries");
  Stmt erased(db_,
              "SELECT normalized, version FROM answer_cache_erasures WHERE datasource = ? AND "
              "version > ?");
  if (erased.rc() != SQLITE_OK) return Error(erased.rc(), "loading erasures");
  erased.Text(1, datasource);
  sqlite3_bind_int64(erased.get(), 2, after_version);
  while ((rc = sqlite3_step(erased.get())) == SQLITE_ROW) {
    StoredAnswer a;
    a.datasource = std::string(datasource);
    a.normalized = erased.ColumnText(0);
    a.version = sqlite3_column_int64(erased.get(), 1);
    a.erased = true;
    out.push_back(std::move(a));
  }
  if (rc != SQLITE_DONE) return Error(rc, "loading erasures");
  SortByVersion(out);
  return out;
}

StatusOr<int64_t> SqliteAnswerCacheStore::Put(const StoredAnswer& a) {
  std::lock_guard lock(TransactionMutex());
  int rc = sqlite3_exec(db_, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr);
  if (rc != SQLITE_OK) return Error(rc, "starting a transaction");
  Stmt bump(db_, kBumpVersionSql);
  Stmt put(db_,
           "INSERT OR REPLACE INTO answer_cache_entries (datasource, normalized, question, sql, "
           "result, slots, embedder, embedding, stored_at_ms, version) "
           "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
  // The oldest rows beyond the cap go, so the file stays the size of the in-memory cache.
  Stmt trim(db_,
            "DELETE FROM answer_cache_entries WHERE datasource = ?1 AND normalized NOT IN "
            "(SELECT normalized FROM answer_cache_entries WHERE datasource = ?1 "
            "ORDER BY stored_at_ms DESC LIMIT ?2)");
  // A question stored again is no longer erased.
  Stmt untomb(db_, "DELETE FROM answer_cache_erasures WHERE datasource = ? AND normalized = ?");
  rc = FirstPrepareError({&bump, &put, &untomb, &trim});
  int64_t version = 0;
  if (rc == SQLITE_OK) rc = BumpVersion(bump, a.datasource, version);
  if (rc == SQLITE_DONE) {
    BindEntry(put, a, version);
    trim.Text(1, a.datasource);
    sqlite3_bind_int64(trim.get(), 2, static_cast<int64_t>(options_.max_entries));
    untomb.Text(1, a.datasource);
    untomb.Text(2, a.normalized);
    rc = sqlite3_step(put.get());
    if (rc == SQLITE_DONE) rc = sqlite3_step(untomb.get());
    if (rc == SQLITE_DONE) rc = sqlite3_step(trim.get());
  }
  return EndTransaction(rc, version, "storing an entry");
}

StatusOr<int64_t> SqliteAnswerCacheStore::Erase(std::string_view datasource,
                                                std::string_view normalized) {
  std::lock_guard lock(TransactionMutex());
  int rc = sqlite3_exec(db_, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr);
  if (rc != SQLITE_OK) return Error(rc, "starting a transaction");
  Stmt bump(db_, kBumpVersionSql);
  Stmt erase(db_, "DELETE FROM answer_cache_entries WHERE datasource = ? AND normalized = ?");
  Stmt tomb(db_,
            "INSERT OR REPLACE INTO answer_cache_erasures (datasource, normalized, version) "
            "VALUES (?, ?, ?)");
  // Tombstones beyond the newest `max_entries` only matter to a process that has not synced
  // for that many changes.
  Stmt trim(db_,
            "DELETE FROM answer_cache_erasures WHERE datasource = ?1 AND normalized NOT IN "
            "(SELECT normalized FROM answer_cache_erasures WHERE datasource = ?1 "
            "ORDER BY version DESC LIMIT ?2)");
  rc = FirstPrepareError({&bump, &erase, &tomb, &trim});
  int64_t version = 0;
  if (rc == SQLITE_OK) rc = BumpVersion(bump, datasource, version);
  if (rc == SQLITE_DONE) {
    erase.Text(1, datasource);
    erase.Text(2, normalized);
    tomb.Text(1, datasource);
    tomb.Text(2, normalized);
    sqlite3_bind_int64(tomb.get(), 3, version);
    trim.Text(1, datasource);
    sqlite3_bind_int64(trim.get(), 2, static_cast<int64_t>(options_.max_entries));
    rc = sqlite3_step(erase.get());
    if (rc == SQLITE_DONE) rc = sqlite3_step(tomb.get());
    if (rc == SQLITE_DONE) rc = sqlite3_step(trim.get());
  }
  return EndTransaction(rc, version, "erasing an entry");
}

// Commits a change that went well, at `version`; else names what failed (before the
// rollback, whose own message would replace SQLite's) and rolls back.
StatusOr<int64_t> SqliteAnswerCacheStore::EndTransaction(int rc, int64_t version,
                                                         std::string_view what) {
  if (rc != SQLITE_DONE && rc != SQLITE_OK) {
    Status status = Error(rc, what);
    sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    return status;
  }
  rc = sqlite3_exec(db_, "COMMIT", nullptr, nullptr, nullptr);
  if (rc != SQLITE_OK) return Error(rc, "committing");
  return version;
}

}  // namespace askdb::cache
