// SqliteManagementStore: the ManagementStore of one `askdb serve` data directory, in
// `<data dir>/askdb_server.sqlite` (table layout in management_store.h).
//
// WAL journal (readers never block the writer), a busy timeout for other processes on the
// same file, a schema_versions table (component "management"): a file written by a newer
// askdb (higher version) is refused with FailedPrecondition instead of being misread.
// Every write is one BEGIN IMMEDIATE transaction. One connection per store, guarded by a
// mutex: thread-safe; several processes may share the file (SQLite's locking).
#pragma once

#include <chrono>
#include <filesystem>
#include <memory>

#include "askdb/server/store/management_store.h"

namespace askdb::server::store {

inline constexpr std::string_view kDefaultManagementStoreFileName = "askdb_server.sqlite";

struct SqliteManagementStoreOptions {
  std::chrono::milliseconds busy_timeout{5'000};
  const Clock* clock = nullptr;  // null: the system clock
};

class SqliteManagementStore final : public ManagementStore {
 public:
  static constexpr int kSchemaVersion = 1;

  // Opens or creates the file (its directory must exist) and migrates it to kSchemaVersion.
  static StatusOr<std::unique_ptr<SqliteManagementStore>> Open(
      const std::filesystem::path& path, SqliteManagementStoreOptions options = {});
  ~SqliteManagementStore() override;
  SqliteManagementStore(const SqliteManagementStore&) = delete;
  SqliteManagementStore& operator=(const SqliteManagementStore&) = delete;

  const std::filesystem::path& path() const;

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
  explicit SqliteManagementStore(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace askdb::server::store
