#include "askdb/server/api/shared_schema_cache_store.h"

#include <spdlog/spdlog.h>

#include <chrono>
#include <utility>

#include "askdb/server/store/postgres_management_store.h"
#include "askdb/server/store/sql_management_store.h"

namespace askdb::server::api {
namespace {

using store::SqlStatement;
using StepResult = SqlStatement::StepResult;
using PrepareFn = store::SqlManagementStore::PrepareFn;

constexpr const char* kCreateTable =
    "CREATE TABLE IF NOT EXISTS schema_cache_documents (name TEXT PRIMARY KEY, body TEXT NOT "
    "NULL, updated_at_ms BIGINT NOT NULL)";

int64_t NowMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// Opens the PostgreSQL store on first use; falls back to `fallback` for good when it cannot.
class LazyStore final : public catalog::SchemaCacheBackend {
 public:
  LazyStore(std::string url, std::shared_ptr<catalog::SchemaCacheBackend> fallback)
      : url_(std::move(url)), fallback_(std::move(fallback)) {}

  StatusOr<std::string> Read(std::string_view name) override { return Get().Read(name); }
  Status Write(std::string_view name, std::string_view text) override {
    return Get().Write(name, text);
  }
  std::string Describe(std::string_view name) const override {
    std::lock_guard lock(mu_);
    return shared_ != nullptr     ? shared_->Describe(name)
           : fallback_ != nullptr ? fallback_->Describe(name)
                                  : "shared store document " + std::string(name);
  }

 private:
  catalog::SchemaCacheBackend& Get() {
    std::lock_guard lock(mu_);
    if (!tried_) {
      tried_ = true;
      StatusOr<std::unique_ptr<store::PostgresManagementStore>> db =
          store::PostgresManagementStore::Open(url_);
      StatusOr<std::unique_ptr<SharedSchemaCacheStore>> opened =
          db.ok() ? SharedSchemaCacheStore::Open(**db)
                  : StatusOr<std::unique_ptr<SharedSchemaCacheStore>>(db.status());
      if (opened.ok()) {
        db_ = std::move(db).value();
        shared_ = std::move(opened).value();
      } else {
        spdlog::warn(
            "schema cache not shared through server.store_url ({}); it stays in the data "
            "directory",
            opened.status().message());
      }
    }
    if (shared_ != nullptr) return *shared_;
    if (fallback_ != nullptr) return *fallback_;
    return none_;
  }

  // Used when there is neither a store nor a directory: nothing is kept.
  class None final : public catalog::SchemaCacheBackend {
   public:
    StatusOr<std::string> Read(std::string_view) override { return NotFoundError("no cache"); }
    Status Write(std::string_view, std::string_view) override { return Status::Ok(); }
    std::string Describe(std::string_view name) const override { return std::string(name); }
  };

  const std::string url_;
  const std::shared_ptr<catalog::SchemaCacheBackend> fallback_;
  mutable std::mutex mu_;
  bool tried_ = false;
  std::unique_ptr<store::PostgresManagementStore> db_;  // declared before shared_, which borrows it
  std::unique_ptr<SharedSchemaCacheStore> shared_;
  None none_;
};

}  // namespace

StatusOr<std::unique_ptr<SharedSchemaCacheStore>> SharedSchemaCacheStore::Open(
    store::ManagementStore& db) {
  ASKDB_ASSIGN_OR_RETURN(
      store::SqlManagementStore * sql,
      store::SqlManagementStore::WithTables(db, "a shared schema cache", {kCreateTable}));
  return std::unique_ptr<SharedSchemaCacheStore>(new SharedSchemaCacheStore(*sql));
}

std::shared_ptr<catalog::SchemaCacheBackend> SharedSchemaCacheStore::Lazy(
    std::string store_url, std::shared_ptr<catalog::SchemaCacheBackend> fallback) {
  return std::make_shared<LazyStore>(std::move(store_url), std::move(fallback));
}

StatusOr<std::string> SharedSchemaCacheStore::Read(std::string_view name) {
  std::optional<std::string> body;
  ASKDB_RETURN_IF_ERROR(db_.ReadWith([&](const PrepareFn& prepare) -> Status {
    auto s = prepare("SELECT body FROM schema_cache_documents WHERE name = ?");
    ASKDB_RETURN_IF_ERROR(s->prepared());
    s->Text(name);
    const StepResult rc = s->Step();
    if (rc == StepResult::kError) return s->StepError("reading a schema cache document");
    if (rc == StepResult::kRow) body = s->ColText(0);
    return Status::Ok();
  }));
  if (!body) return NotFoundError("no " + Describe(name));
  return *std::move(body);
}

Status SharedSchemaCacheStore::Write(std::string_view name, std::string_view text) {
  return db_.WriteWith([&](const PrepareFn& prepare) -> Status {
    auto s = prepare(
        "INSERT INTO schema_cache_documents (name, body, updated_at_ms) VALUES (?, ?, ?) "
        "ON CONFLICT (name) DO UPDATE SET body = excluded.body, updated_at_ms = "
        "excluded.updated_at_ms");
    ASKDB_RETURN_IF_ERROR(s->prepared());
    s->Text(name).Text(text).Int(NowMs());
    return s->Run("storing a schema cache document");
  });
}

std::string SharedSchemaCacheStore::Describe(std::string_view name) const {
  return "shared store document " + std::string(name);
}

}  // namespace askdb::server::api
