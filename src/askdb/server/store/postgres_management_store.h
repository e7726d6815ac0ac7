// PostgresManagementStore: the ManagementStore in a PostgreSQL database (server.store_url),
// shared by several `askdb serve` processes — scale-out: agents, datasources, sessions, run
// history and API keys created through one process are seen by all of them.
//
// Same tables and columns as the SQLite store (management_store.h), with BIGINT for the
// *_ms columns; created when missing under a transaction-scoped advisory lock, with a
// schema_versions row (component "management"); a newer version is refused with
// FailedPrecondition. URL as for PostgresCheckpointStore (postgres_checkpoint_store.h):
// postgres://USER:PASSWORD@HOST:PORT/DB with askdb's `schema=NAME` and `password_file=PATH`
// and libpq's sslmode, sslrootcert, sslcert, sslkey, application_name, connect_timeout;
// password also from ASKDB_STORE_PASSWORD or PGPASSWORD. Messages show the URL with ***.
//
// Every write is one SERIALIZABLE transaction, retried a few times when PostgreSQL reports
// a serialization failure, so the check-then-write steps (AlreadyExists, references,
// message numbering, one active model) hold across processes as they do in SQLite.
//
// Thread-safe: one connection guarded by a mutex; a connection found broken is re-opened
// before the next call, and a read that failed on it is retried once.
#pragma once

#include <chrono>
#include <memory>
#include <string>
#include <string_view>

#include "askdb/server/store/management_store.h"

namespace askdb::server::store {

struct PostgresManagementStoreOptions {
  std::chrono::milliseconds connect_timeout{10'000};
  std::chrono::milliseconds statement_timeout{30'000};  // server-side, per statement
  int max_write_attempts = 10;   // serialization failures are retried this many times
  std::string schema;            // the URL's schema= wins over it; empty and none: search_path
  const Clock* clock = nullptr;  // null: the system clock
};

class PostgresManagementStore final : public ManagementStore {
 public:
  static constexpr int kSchemaVersion = 1;

  // Connects, creates the tables when missing and checks the schema version. Errors as
  // PostgresCheckpointStore::Open: InvalidArgument (URL), Unavailable, PermissionDenied,
  // NotFound (database), FailedPrecondition (newer schema).
  static StatusOr<std::unique_ptr<PostgresManagementStore>> Open(
      std::string_view url, PostgresManagementStoreOptions options = {});
  ~PostgresManagementStore() override;
  PostgresManagementStore(const PostgresManagementStore&) = delete;
  PostgresManagementStore& operator=(const PostgresManagementStore&) = delete;

  // The URL with the password replaced by "***".
  const std::string& display_url() const;

  StatusOr<AgentRecord> CreateAgent(const AgentRecord& agent) override;
  StatusOr<AgentRecord> GetAgent(std::string_view id) const override;
  StatusOr<std::vector<AgentRecord>> ListAgents() const override;
  StatusOr<AgentRecord> UpdateAgent(const AgentRecord& agent) override;
  Status DeleteAgent(std::string_view id) override;

  StatusOr<DatasourceRecord> CreateDatasource(const DatasourceRecord& datasource) override;
  StatusOr<DatasourceRecord> GetDatasource(std::string_view id) const override;
  StatusOr<std::vector<DatasourceRecord>> ListDatasources() const override;
  StatusOr<DatasourceRecord> UpdateDatasource(const DatasourceRecord& datasource) override;
  Status DeleteDatasource(std::string_view id) override;

  StatusOr<Json> GetSemanticModel(std::string_view datasource_id) const override;
  Status PutSemanticModel(std::string_view datasource_id, const Json& model) override;
  Status DeleteSemanticModel(std::string_view datasource_id) override;

  StatusOr<RelationRecord> CreateRelation(const RelationRecord& relation) override;
  StatusOr<RelationRecord> GetRelation(std::string_view id) const override;
  StatusOr<std::vector<RelationRecord>> ListRelations(
      std::string_view datasource_id) const override;
  StatusOr<RelationRecord> UpdateRelation(const RelationRecord& relation) override;
  Status DeleteRelation(std::string_view id) override;

  StatusOr<SessionRecord> CreateSession(const SessionRecord& session) override;
  StatusOr<SessionRecord> GetSession(std::string_view id) const override;
  StatusOr<std::vector<SessionRecord>> ListSessions(std::string_view agent_id,
                                                    int64_t limit) const override;
  Status DeleteSession(std::string_view id) override;
  StatusOr<MessageRecord> AppendMessage(const MessageRecord& message) override;
  StatusOr<std::vector<MessageRecord>> ListMessages(std::string_view session_id) const override;

  StatusOr<ExampleRecord> CreateExample(const ExampleRecord& example) override;
  StatusOr<ExampleRecord> GetExample(std::string_view id) const override;
  StatusOr<std::vector<ExampleRecord>> ListExamples(std::string_view agent_id) const override;
  StatusOr<ExampleRecord> UpdateExample(const ExampleRecord& example) override;
  Status DeleteExample(std::string_view id) override;

  Status RecordRun(const RunRecord& run) override;
  StatusOr<std::vector<RunRecord>> ListRuns(const RunFilter& filter) const override;

  StatusOr<ModelConfigRecord> CreateModel(const ModelConfigRecord& model) override;
  StatusOr<ModelConfigRecord> GetModel(std::string_view id) const override;
  StatusOr<std::vector<ModelConfigRecord>> ListModels() const override;
  StatusOr<ModelConfigRecord> UpdateModel(const ModelConfigRecord& model) override;
  Status DeleteModel(std::string_view id) override;
  Status ActivateModel(std::string_view id) override;
  StatusOr<ModelConfigRecord> GetActiveModel() const override;

  Status PutApiKey(const security::ApiKeyRecord& record) override;
  StatusOr<security::ApiKeyRecord> FindApiKey(std::string_view id) const override;
  StatusOr<std::vector<security::ApiKeyRecord>> ListApiKeys() const override;
  Status RevokeApiKey(std::string_view id) override;

 private:
  struct Impl;
  explicit PostgresManagementStore(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace askdb::server::store
