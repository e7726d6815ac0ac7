// SqlManagementStore: the ManagementStore record logic written once for every SQL driver
// (internal to this folder; SqliteManagementStore and PostgresManagementStore derive from
// it).
//
// It owns what the contract decides in C++ — validation, ids, reference checks, cascades,
// message numbering, "one active model" — and the SQL both databases accept ("?"
// placeholders). A driver supplies statements (SqlStatement), write transactions and the
// few statements whose SQL differs (SqlDialect).
//
// Thread-safety: every method takes mu_; Transaction() is called with mu_ held, so a
// driver's connection is only ever used by one thread at a time.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "askdb/server/store/management_store.h"
#include "askdb/server/store/store_rules.h"

namespace askdb::server::store {

// One statement of a driver: bind parameters in order ("?" placeholders), then Step
// through its rows or Run it.
class SqlStatement : public rules::RowSource, public rules::ParamSink {
 public:
  enum class StepResult { kRow, kDone, kError };

  virtual ~SqlStatement() = default;
  // Ok, or why the statement could not be prepared.
  virtual Status prepared() const = 0;
  virtual StepResult Step() = 0;
  // Runs a statement that returns no rows; the error names `what`.
  virtual Status Run(std::string_view what) = 0;
  // Rows changed by the last Run.
  virtual int64_t Changes() const = 0;
  // Why the last Step answered kError, naming `what`.
  virtual Status StepError(std::string_view what) const = 0;
};

// The statements whose SQL differs between databases.
struct SqlDialect {
  const char* upsert_run;      // run_history row in kRunColumns order, replacing by run_id
  const char* upsert_api_key;  // api_keys row in kApiKeyColumns order, replacing by id
  const char* activate_model;  // one parameter: the id that becomes the only active model
  // Run first in a transaction that creates tables, so that processes starting together on
  // one database take turns (PostgreSQL's CREATE ... IF NOT EXISTS is not safe against a
  // concurrent one); nullptr where the write transaction already excludes the others.
  const char* lock_schema;
};

class SqlManagementStore : public ManagementStore {
 public:
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
  StatusOr<SessionRecord> RenameSession(std::string_view id, std::string_view title) override;
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

  // Companion stores keep their own tables in this database (users, permissions, ...)
  // through these: `prepare` makes a statement on this store's connection. ReadWith runs
  // `body` under the store's lock; WriteWith runs it in one write transaction (PostgreSQL
  // may run it again after a serialization failure, so it must only touch the database).
  using PrepareFn = std::function<std::unique_ptr<SqlStatement>(std::string_view sql)>;
  Status ReadWith(const std::function<Status(const PrepareFn& prepare)>& body) const;
  Status WriteWith(const std::function<Status(const PrepareFn& prepare)>& body);
  // WriteWith for a companion store's CREATE ... IF NOT EXISTS and first rows: serialised
  // with every other process creating tables in the same database.
  Status CreateTablesWith(const std::function<Status(const PrepareFn& prepare)>& body);
  // For a companion store's Open: the SqlManagementStore behind `db`, with `ddl` (CREATE ...
  // IF NOT EXISTS) run on it. FailedPrecondition naming `what` ("users", "a shared answer
  // cache") when `db` is not one of askdb's SQL stores.
  static StatusOr<SqlManagementStore*> WithTables(ManagementStore& db, std::string_view what,
                                                  const std::vector<const char*>& ddl);

 protected:
  SqlManagementStore(const Clock* clock, SqlDialect dialect);

  // A statement on the driver's connection; called with mu_ held.
  virtual std::unique_ptr<SqlStatement> Prepare(std::string_view sql) const = 0;
  // Runs `body` in one write transaction (committed when it answers Ok, rolled back
  // otherwise); called with mu_ held.
  virtual Status Transaction(const std::function<Status()>& body) = 0;

  // Takes mu_ and runs `body` through Transaction.
  Status Write(const std::function<Status()>& body);

  mutable std::mutex mu_;

 private:
  class Stmt;

  Clock::TimePoint Now() const;
  StatusOr<bool> Exists(const char* sql, std::string_view id) const;
  template <typename Record>
  StatusOr<Record> GetOne(const std::string& sql, std::string_view id, std::string_view kind,
                          Record (*reader)(const rules::RowSource&)) const;
  template <typename Record>
  StatusOr<std::vector<Record>> All(Stmt& s, Record (*reader)(const rules::RowSource&)) const;
  Status RequireDatasource(std::string_view id, std::string_view field) const;
  Status RequireAgent(std::string_view id, std::string_view field) const;
  // Runs `sql` (a DELETE or UPDATE bound with `id`); NotFound naming `kind` when it
  // changed no row.
  Status ChangeOne(const char* sql, std::string_view id, std::string_view what,
                   std::string_view kind);

  const Clock* clock_;
  SqlDialect dialect_;
};

}  // namespace askdb::server::store
