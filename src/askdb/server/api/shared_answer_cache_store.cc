#include "askdb/server/api/shared_answer_cache_store.h"

#include <string>
#include <utility>

#include "askdb/server/store/sql_management_store.h"
#include "askdb/server/store/store_rules.h"

namespace askdb::server::api {
namespace {

using store::SqlStatement;
using StepResult = SqlStatement::StepResult;
using PrepareFn = store::SqlManagementStore::PrepareFn;

constexpr const char* kCreateTables[] = {
    "CREATE TABLE IF NOT EXISTS answer_cache_datasources (datasource TEXT PRIMARY KEY,"
    " fingerprint TEXT NOT NULL, version BIGINT NOT NULL DEFAULT 0)",
    "CREATE TABLE IF NOT EXISTS answer_cache_entries (datasource TEXT NOT NULL,"
    " normalized TEXT NOT NULL, question TEXT NOT NULL, sql TEXT NOT NULL, result TEXT,"
    " slots TEXT, embedder TEXT NOT NULL, embedding TEXT NOT NULL, stored_at_ms BIGINT NOT NULL,"
    " version BIGINT NOT NULL, PRIMARY KEY (datasource, normalized))",
    "CREATE TABLE IF NOT EXISTS answer_cache_erasures (datasource TEXT NOT NULL,"
    " normalized TEXT NOT NULL, version BIGINT NOT NULL, PRIMARY KEY (datasource, normalized))",
};

// The datasource's next version, inside the caller's transaction. The counter row is written
// first: it orders this write after every committed one.
StatusOr<int64_t> NextVersion(const PrepareFn& prepare, std::string_view datasource) {
  auto bump = prepare(
      "INSERT INTO answer_cache_datasources (datasource, fingerprint, version) "
      "VALUES (?, '', 1) ON CONFLICT (datasource) DO UPDATE SET version = "
      "answer_cache_datasources.version + 1 RETURNING version");
  ASKDB_RETURN_IF_ERROR(bump->prepared());
  bump->Text(datasource);
  const StepResult rc = bump->Step();
  if (rc != StepResult::kRow) return bump->StepError("numbering an answer cache change");
  return bump->ColInt(0);  // the statement ends here, before the next one runs (SQLite)
}

// Runs `sql` with (datasource, normalized) bound.
Status RunForKey(const PrepareFn& prepare, const char* sql, std::string_view datasource,
                 std::string_view normalized, std::string_view what) {
  auto s = prepare(sql);
  ASKDB_RETURN_IF_ERROR(s->prepared());
  s->Text(datasource).Text(normalized);
  return s->Run(what);
}

Json EmbeddingToJson(const cache::Embedding& embedding) {
  Json out = Json::array();
  for (float v : embedding) out.push_back(v);
  return out;
}

cache::Embedding EmbeddingFromJson(const Json& json) {
  cache::Embedding out;
  if (!json.is_array()) return out;
  for (const Json& v : json) {
    if (!v.is_number()) return {};
    out.push_back(v.get<float>());
  }
  return out;
}

void BindJsonOrNull(SqlStatement& s, const Json& value) {
  if (value.is_null()) {
    s.Null();
  } else {
    s.Text(store::rules::Dump(value));
  }
}

}  // namespace

StatusOr<std::unique_ptr<SharedAnswerCacheStore>> SharedAnswerCacheStore::Open(
    store::ManagementStore& db, size_t max_entries) {
  ASKDB_ASSIGN_OR_RETURN(
      store::SqlManagementStore * sql,
      store::SqlManagementStore::WithTables(
          db, "a shared answer cache",
          std::vector<const char*>(std::begin(kCreateTables), std::end(kCreateTables))));
  return std::unique_ptr<SharedAnswerCacheStore>(new SharedAnswerCacheStore(*sql, max_entries));
}

StatusOr<std::optional<cache::StoredDatasource>> SharedAnswerCacheStore::State(
    std::string_view datasource) {
  std::optional<cache::StoredDatasource> found;
  ASKDB_RETURN_IF_ERROR(db_.ReadWith([&](const PrepareFn& prepare) -> Status {
    auto s =
        prepare("SELECT fingerprint, version FROM answer_cache_datasources WHERE datasource = ?");
    ASKDB_RETURN_IF_ERROR(s->prepared());
    s->Text(datasource);
    const StepResult rc = s->Step();
    if (rc == StepResult::kError) return s->StepError("reading an answer cache fingerprint");
    if (rc == StepResult::kRow) found = cache::StoredDatasource{s->ColText(0), s->ColInt(1)};
    return Status::Ok();
  }));
  return found;
}

Status SharedAnswerCacheStore::Reset(std::string_view datasource, std::string_view fingerprint) {
  return db_.WriteWith([&](const PrepareFn& prepare) -> Status {
    auto erase = prepare("DELETE FROM answer_cache_entries WHERE datasource = ?");
    ASKDB_RETURN_IF_ERROR(erase->prepared());
    erase->Text(datasource);
    ASKDB_RETURN_IF_ERROR(erase->Run("emptying a datasource's answers"));
    auto tombstones = prepare("DELETE FROM answer_cache_erasures WHERE datasource = ?");
    ASKDB_RETURN_IF_ERROR(tombstones->prepared());
    tombstones->Text(datasource);
    ASKDB_RETURN_IF_ERROR(tombstones->Run("emptying a datasource's erasures"));
    // The version keeps counting: a process that loaded up to V finds nothing newer.
    auto put = prepare(
        "INSERT INTO answer_cache_datasources (datasource, fingerprint, version) "
        "VALUES (?, ?, 0) ON CONFLICT (datasource) DO UPDATE SET fingerprint = "
        "excluded.fingerprint");
    ASKDB_RETURN_IF_ERROR(put->prepared());
    put->Text(datasource).Text(fingerprint);
    return put->Run("recording a datasource's fingerprint");
  });
}

StatusOr<std::vector<cache::StoredAnswer>> SharedAnswerCacheStore::Load(std::string_view datasource,
                                                                        int64_t after_version) {
  std::vector<cache::StoredAnswer> out;
  ASKDB_RETURN_IF_ERROR(db_.ReadWith([&](const PrepareFn& prepare) -> Status {
    auto s = prepare(
        "SELECT normalized, question, sql, result, slots, embedder, embedding, stored_at_ms, "
        "version FROM answer_cache_entries WHERE datasource = ? AND version > ? "
        "ORDER BY version, stored_at_ms");
    ASKDB_RETURN_IF_ERROR(s->prepared());
    s->Text(datasource).Int(after_version);
    StepResult rc;
    while ((rc = s->Step()) == StepResult::kRow) {
      cache::StoredAnswer a;
      a.datasource = std::string(datasource);
      a.normalized = s->ColText(0);
      a.question = s->ColText(1);
      a.sql = s->ColText(2);
      a.result = store::rules::ColJson(*s, 3, Json());
      a.slots = store::rules::ColJson(*s, 4, Json());
      a.embedder = s->ColText(5);
      a.embedding = EmbeddingFromJson(store::rules::ColJson(*s, 6, Json()));
      a.stored_at_ms = s->ColInt(7);
      a.version = s->ColInt(8);
      out.push_back(std::move(a));
    }
    if (rc == StepResult::kError) return s->StepError("loading answer cache entries");
    s.reset();
    auto erased = prepare(
        "SELECT normalized, version FROM answer_cache_erasures WHERE datasource = ? AND "
        "version > ?");
    ASKDB_RETURN_IF_ERROR(erased->prepared());
    erased->Text(datasource).Int(after_version);
    while ((rc = erased->Step()) == StepResult::kRow) {
      cache::StoredAnswer a;
      a.datasource = std::string(datasource);
      a.normalized = erased->ColText(0);
      a.version = erased->ColInt(1);
      a.erased = true;
      out.push_back(std::move(a));
    }
    if (rc == StepResult::kError) return erased->StepError("loading answer cache erasures");
    return Status::Ok();
  }));
  cache::SortByVersion(out);
  return out;
}

StatusOr<int64_t> SharedAnswerCacheStore::Put(const cache::StoredAnswer& a) {
  int64_t version = 0;
  ASKDB_RETURN_IF_ERROR(db_.WriteWith([&](const PrepareFn& prepare) -> Status {
    ASKDB_ASSIGN_OR_RETURN(version, NextVersion(prepare, a.datasource));
    ASKDB_RETURN_IF_ERROR(RunForKey(prepare,
                                    "DELETE FROM answer_cache_erasures WHERE datasource = ? AND "
                                    "normalized = ?",
                                    a.datasource, a.normalized, "replacing a tombstone"));
    auto put = prepare(
        "INSERT INTO answer_cache_entries (datasource, normalized, question, sql, result, "
        "slots, embedder, embedding, stored_at_ms, version) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, "
        "?) ON CONFLICT (datasource, normalized) DO UPDATE SET question = excluded.question, "
        "sql = excluded.sql, result = excluded.result, slots = excluded.slots, embedder = "
        "excluded.embedder, embedding = excluded.embedding, stored_at_ms = "
        "excluded.stored_at_ms, version = excluded.version");
    ASKDB_RETURN_IF_ERROR(put->prepared());
    put->Text(a.datasource).Text(a.normalized).Text(a.question).Text(a.sql);
    BindJsonOrNull(*put, a.result);
    BindJsonOrNull(*put, a.slots);
    put->Text(a.embedder)
        .Text(store::rules::Dump(EmbeddingToJson(a.embedding)))
        .Int(a.stored_at_ms)
        .Int(version);
    ASKDB_RETURN_IF_ERROR(put->Run("storing an answer cache entry"));
    // The oldest rows beyond the cap go, so the table stays the size of the in-memory cache.
    auto trim = prepare(
        "DELETE FROM answer_cache_entries WHERE datasource = ? AND normalized NOT IN "
        "(SELECT normalized FROM answer_cache_entries WHERE datasource = ? "
        "ORDER BY stored_at_ms DESC LIMIT ?)");
    ASKDB_RETURN_IF_ERROR(trim->prepared());
    trim->Text(a.datasource).Text(a.datasource).Int(static_cast<int64_t>(max_entries_));
    return trim->Run("trimming the answer cache");
  }));
  return version;
}

StatusOr<int64_t> SharedAnswerCacheStore::Erase(std::string_view datasource,
                                                std::string_view normalized) {
  int64_t version = 0;
  ASKDB_RETURN_IF_ERROR(db_.WriteWith([&](const PrepareFn& prepare) -> Status {
    ASKDB_ASSIGN_OR_RETURN(version, NextVersion(prepare, datasource));
    ASKDB_RETURN_IF_ERROR(RunForKey(prepare,
                                    "DELETE FROM answer_cache_entries WHERE datasource = ? AND "
                                    "normalized = ?",
                                    datasource, normalized, "erasing an answer cache entry"));
    auto tomb = prepare(
        "INSERT INTO answer_cache_erasures (datasource, normalized, version) VALUES (?, ?, ?) "
        "ON CONFLICT (datasource, normalized) DO UPDATE SET version = excluded.version");
    ASKDB_RETURN_IF_ERROR(tomb->prepared());
    tomb->Text(datasource).Text(normalized).Int(version);
    ASKDB_RETURN_IF_ERROR(tomb->Run("recording an answer cache erasure"));
    // Tombstones older than the newest `max_entries` only matter to a process that has not
    // synced for that many changes; it reloads everything at its next restart anyway.
    auto trim = prepare(
        "DELETE FROM answer_cache_erasures WHERE datasource = ? AND normalized NOT IN "
        "(SELECT normalized FROM answer_cache_erasures WHERE datasource = ? "
        "ORDER BY version DESC LIMIT ?)");
    ASKDB_RETURN_IF_ERROR(trim->prepared());
    trim->Text(datasource).Text(datasource).Int(static_cast<int64_t>(max_entries_));
    return trim->Run("trimming the answer cache erasures");
  }));
  return version;
}

}  // namespace askdb::server::api
