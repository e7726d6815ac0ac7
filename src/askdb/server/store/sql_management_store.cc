#include "askdb/server/store/sql_management_store.h"

#include <limits>
#include <utility>

#include "askdb/server/security/api_keys.h"

namespace askdb::server::store {

using StepResult = SqlStatement::StepResult;

// A driver statement held by value, so that the record code reads as plain statements.
class SqlManagementStore::Stmt final : public rules::RowSource, public rules::ParamSink {
 public:
  Stmt(const SqlManagementStore* store, std::string_view sql) : s_(store->Prepare(sql)) {}

  Status prepared() const { return s_->prepared(); }
  Stmt& Text(std::string_view value) override {
    s_->Text(value);
    return *this;
  }
  Stmt& Int(int64_t value) override {
    s_->Int(value);
    return *this;
  }
  Stmt& Null() override {
    s_->Null();
    return *this;
  }
  StepResult Step() { return s_->Step(); }
  Status Run(std::string_view what) {
    ASKDB_RETURN_IF_ERROR(s_->prepared());
    return s_->Run(what);
  }
  int64_t Changes() const { return s_->Changes(); }
  Status StepError(std::string_view what) const { return s_->StepError(what); }
  std::string ColText(int i) const override { return s_->ColText(i); }
  int64_t ColInt(int i) const override { return s_->ColInt(i); }
  bool ColNull(int i) const override { return s_->ColNull(i); }

 private:
  std::unique_ptr<SqlStatement> s_;
};

SqlManagementStore::SqlManagementStore(const Clock* clock, SqlDialect dialect)
    : clock_(clock != nullptr ? clock : &Clock::System()), dialect_(dialect) {}

// Millisecond precision, as stored, so a returned record equals the one read back.
Clock::TimePoint SqlManagementStore::Now() const {
  return rules::FromMs(rules::ToMs(clock_->Now()));
}

Status SqlManagementStore::Write(const std::function<Status()>& body) {
  std::lock_guard lock(mu_);
  return Transaction(body);
}

Status SqlManagementStore::ReadWith(
    const std::function<Status(const PrepareFn& prepare)>& body) const {
  std::lock_guard lock(mu_);
  return body([this](std::string_view sql) { return Prepare(sql); });
}

StatusOr<SqlManagementStore*> SqlManagementStore::WithTables(ManagementStore& db,
                                                             std::string_view what,
                                                             const std::vector<const char*>& ddl) {
  auto* sql = dynamic_cast<SqlManagementStore*>(&db);
  if (sql == nullptr) {
    return FailedPreconditionError(std::string(what) +
                                   ": needs askdb's SQLite or PostgreSQL management store "
                                   "(server.store_url)");
  }
  ASKDB_RETURN_IF_ERROR(sql->CreateTablesWith([&](const PrepareFn& prepare) -> Status {
    for (const char* statement : ddl) {
      ASKDB_RETURN_IF_ERROR(prepare(statement)->Run("creating the tables of " + std::string(what)));
    }
    return Status::Ok();
  }));
  return sql;
}

Status SqlManagementStore::WriteWith(const std::function<Status(const PrepareFn& prepare)>& body) {
  return Write(
      [this, &body] { return body([this](std::string_view sql) { return Prepare(sql); }); });
}

Status SqlManagementStore::CreateTablesWith(
    const std::function<Status(const PrepareFn& prepare)>& body) {
  return WriteWith([this, &body](const PrepareFn& prepare) -> Status {
    if (dialect_.lock_schema != nullptr) {
      ASKDB_RETURN_IF_ERROR(prepare(dialect_.lock_schema)->Run("waiting to create tables"));
    }
    return body(prepare);
  });
}

StatusOr<bool> SqlManagementStore::Exists(const char* sql, std::string_view id) const {
  Stmt s(this, sql);
  ASKDB_RETURN_IF_ERROR(s.prepared());
  s.Text(id);
  const StepResult rc = s.Step();
  if (rc == StepResult::kRow) return true;
  if (rc == StepResult::kDone) return false;
  return s.StepError("looking up a record");
}

template <typename Record>
StatusOr<Record> SqlManagementStore::GetOne(const std::string& sql, std::string_view id,
                                            std::string_view kind,
                                            Record (*reader)(const rules::RowSource&)) const {
  Stmt s(this, sql);
  ASKDB_RETURN_IF_ERROR(s.prepared());
  s.Text(id);
  const StepResult rc = s.Step();
  if (rc == StepResult::kRow) return reader(s);
  if (rc == StepResult::kDone) return rules::NotFound(kind, id);
  return s.StepError("reading a " + std::string(kind));
}

template <typename Record>
StatusOr<std::vector<Record>> SqlManagementStore::All(
    Stmt& s, Record (*reader)(const rules::RowSource&)) const {
  ASKDB_RETURN_IF_ERROR(s.prepared());
  std::vector<Record> out;
  StepResult rc;
  while ((rc = s.Step()) == StepResult::kRow) out.push_back(reader(s));
  if (rc != StepResult::kDone) return s.StepError("listing records");
  return out;
}

Status SqlManagementStore::RequireDatasource(std::string_view id, std::string_view field) const {
  ASKDB_ASSIGN_OR_RETURN(bool exists, Exists("SELECT 1 FROM datasources WHERE id = ?", id));
  return exists ? Status::Ok() : rules::NoSuchDatasource(field, id);
}

Status SqlManagementStore::RequireAgent(std::string_view id, std::string_view field) const {
  ASKDB_ASSIGN_OR_RETURN(bool exists, Exists("SELECT 1 FROM agents WHERE id = ?", id));
  return exists ? Status::Ok() : rules::NoSuchAgent(field, id);
}

Status SqlManagementStore::ChangeOne(const char* sql, std::string_view id, std::string_view what,
                                     std::string_view kind) {
  Stmt s(this, sql);
  s.Text(id);
  ASKDB_RETURN_IF_ERROR(s.Run(what));
  if (s.Changes() == 0) return rules::NotFound(kind, id);
  return Status::Ok();
}

// ---------------------------------------------------------------------------------------
// Agents

StatusOr<AgentRecord> SqlManagementStore::CreateAgent(const AgentRecord& agent) {
  AgentRecord r = agent;
  ASKDB_RETURN_IF_ERROR(rules::AssignId(r.id, "ag"));
  ASKDB_RETURN_IF_ERROR(rules::ValidateAgent(r));
  r.created_at = r.updated_at = Now();
  ASKDB_RETURN_IF_ERROR(Write([&]() -> Status {
    ASKDB_ASSIGN_OR_RETURN(bool exists, Exists("SELECT 1 FROM agents WHERE id = ?", r.id));
    if (exists) return rules::DuplicateId("agent", r.id, /*suggest_other_id=*/true);
    ASKDB_RETURN_IF_ERROR(RequireDatasource(r.datasource_id, "datasource_id"));
    Stmt s(this, std::string("INSERT INTO agents(") + rules::kAgentColumns +
                     ") VALUES (?,?,?,?,?,?,?,?,?,?,?)");
    rules::BindAgentRow(s, r);
    return s.Run("creating an agent");
  }));
  return r;
}

StatusOr<AgentRecord> SqlManagementStore::GetAgent(std::string_view id) const {
  std::lock_guard lock(mu_);
  return GetOne(std::string("SELECT ") + rules::kAgentColumns + " FROM agents WHERE id = ?", id,
                "agent", rules::ReadAgent);
}

StatusOr<std::vector<AgentRecord>> SqlManagementStore::ListAgents() const {
  std::lock_guard lock(mu_);
  Stmt s(this, std::string("SELECT ") + rules::kAgentColumns + " FROM agents ORDER BY id");
  return All(s, rules::ReadAgent);
}

StatusOr<AgentRecord> SqlManagementStore::UpdateAgent(const AgentRecord& agent) {
  ASKDB_RETURN_IF_ERROR(rules::ValidateAgent(agent));
  AgentRecord out;
  ASKDB_RETURN_IF_ERROR(Write([&]() -> Status {
    ASKDB_ASSIGN_OR_RETURN(AgentRecord old, GetOne(std::string("SELECT ") + rules::kAgentColumns +
                                                       " FROM agents WHERE id = ?",
                                                   agent.id, "agent", rules::ReadAgent));
    ASKDB_RETURN_IF_ERROR(RequireDatasource(agent.datasource_id, "datasource_id"));
    out = rules::MergeUpdate(agent, old, Now());
    Stmt s(this,
           "UPDATE agents SET name = ?, instructions = ?, datasource_id = ?, "
           "selected_tables_json = ?, language = ?, plan_review = ?, fast_mode = ?, "
           "preset_questions_json = ?, updated_at_ms = ? WHERE id = ?");
    rules::BindAgentFields(s, out);
    s.Int(rules::ToMs(out.updated_at)).Text(out.id);
    return s.Run("updating an agent");
  }));
  return out;
}

Status SqlManagementStore::DeleteAgent(std::string_view id) {
  return Write([&]() -> Status {
    ASKDB_RETURN_IF_ERROR(
        ChangeOne("DELETE FROM agents WHERE id = ?", id, "deleting an agent", "agent"));
    for (const char* sql : rules::kAgentCascadeDeletes) {
      Stmt cascade(this, sql);
      cascade.Text(id);
      ASKDB_RETURN_IF_ERROR(cascade.Run("deleting an agent's records"));
    }
    return Status::Ok();
  });
}

// ---------------------------------------------------------------------------------------
// Datasources

StatusOr<DatasourceRecord> SqlManagementStore::CreateDatasource(const DatasourceRecord& ds) {
  DatasourceRecord r = ds;
  ASKDB_RETURN_IF_ERROR(rules::AssignId(r.id, "ds"));
  ASKDB_RETURN_IF_ERROR(rules::ValidateDatasource(r));
  r.created_at = r.updated_at = Now();
  ASKDB_RETURN_IF_ERROR(Write([&]() -> Status {
    ASKDB_ASSIGN_OR_RETURN(bool exists, Exists("SELECT 1 FROM datasources WHERE id = ?", r.id));
    if (exists) return rules::DuplicateId("datasource", r.id, /*suggest_other_id=*/true);
    Stmt s(this, std::string("INSERT INTO datasources(") + rules::kDatasourceColumns +
                     ") VALUES (?,?,?,?,?,?)");
    rules::BindDatasourceRow(s, r);
    return s.Run("creating a datasource");
  }));
  return r;
}

StatusOr<DatasourceRecord> SqlManagementStore::GetDatasource(std::string_view id) const {
  std::lock_guard lock(mu_);
  return GetOne(
      std::string("SELECT ") + rules::kDatasourceColumns + " FROM datasources WHERE id = ?", id,
      "datasource", rules::ReadDatasource);
}

StatusOr<std::vector<DatasourceRecord>> SqlManagementStore::ListDatasources() const {
  std::lock_guard lock(mu_);
  Stmt s(this,
         std::string("SELECT ") + rules::kDatasourceColumns + " FROM datasources ORDER BY id");
  return All(s, rules::ReadDatasource);
}

StatusOr<DatasourceRecord> SqlManagementStore::UpdateDatasource(const DatasourceRecord& ds) {
  ASKDB_RETURN_IF_ERROR(rules::ValidateDatasource(ds));
  DatasourceRecord out;
  ASKDB_RETURN_IF_ERROR(Write([&]() -> Status {
    ASKDB_ASSIGN_OR_RETURN(DatasourceRecord old,
                           GetOne(std::string("SELECT ") + rules::kDatasourceColumns +
                                      " FROM datasources WHERE id = ?",
                                  ds.id, "datasource", rules::ReadDatasource));
    out = rules::MergeUpdate(ds, old, Now());
    Stmt s(this,
           "UPDATE datasources SET name = ?, url = ?, sealed_password = ?, updated_at_ms = ? "
           "WHERE id = ?");
    s.Text(out.name).Text(out.url).Text(out.sealed_password).Int(rules::ToMs(out.updated_at));
    s.Text(out.id);
    return s.Run("updating a datasource");
  }));
  return out;
}

Status SqlManagementStore::DeleteDatasource(std::string_view id) {
  return Write([&]() -> Status {
    Stmt bound(this, rules::kAgentBoundToDatasource);
    ASKDB_RETURN_IF_ERROR(bound.prepared());
    bound.Text(id);
    const StepResult rc = bound.Step();
    if (rc == StepResult::kRow) return rules::DatasourceInUse(id, bound.ColText(0));
    if (rc != StepResult::kDone) return bound.StepError("checking a datasource's agents");
    ASKDB_RETURN_IF_ERROR(ChangeOne("DELETE FROM datasources WHERE id = ?", id,
                                    "deleting a datasource", "datasource"));
    for (const char* sql : rules::kDatasourceCascadeDeletes) {
      Stmt cascade(this, sql);
      cascade.Text(id);
      ASKDB_RETURN_IF_ERROR(cascade.Run("deleting a datasource's records"));
    }
    return Status::Ok();
  });
}

// ---------------------------------------------------------------------------------------
// Semantic models

StatusOr<Json> SqlManagementStore::GetSemanticModel(std::string_view datasource_id) const {
  std::lock_guard lock(mu_);
  Stmt s(this, "SELECT model_json FROM semantic_models WHERE datasource_id = ?");
  ASKDB_RETURN_IF_ERROR(s.prepared());
  s.Text(datasource_id);
  const StepResult rc = s.Step();
  if (rc == StepResult::kDone) return rules::NoSemanticModel(datasource_id);
  if (rc != StepResult::kRow) return s.StepError("reading a semantic model");
  return ParseJson(s.ColText(0));
}

Status SqlManagementStore::PutSemanticModel(std::string_view datasource_id, const Json& model) {
  ASKDB_RETURN_IF_ERROR(rules::ValidateSemanticModel(model));
  return Write([&]() -> Status {
    ASKDB_ASSIGN_OR_RETURN(bool exists,
                           Exists("SELECT 1 FROM datasources WHERE id = ?", datasource_id));
    if (!exists) return rules::NotFound("datasource", datasource_id);
    Stmt s(this,
           "INSERT INTO semantic_models(datasource_id, model_json, updated_at_ms) VALUES (?,?,?)"
           " ON CONFLICT(datasource_id) DO UPDATE SET model_json = excluded.model_json,"
           " updated_at_ms = excluded.updated_at_ms");
    s.Text(datasource_id).Text(rules::Dump(model)).Int(rules::ToMs(Now()));
    return s.Run("saving a semantic model");
  });
}

Status SqlManagementStore::DeleteSemanticModel(std::string_view datasource_id) {
  return Write([&]() -> Status {
    Stmt s(this, "DELETE FROM semantic_models WHERE datasource_id = ?");
    s.Text(datasource_id);
    ASKDB_RETURN_IF_ERROR(s.Run("deleting a semantic model"));
    if (s.Changes() == 0) return rules::NoSemanticModel(datasource_id, /*suggest_put=*/false);
    return Status::Ok();
  });
}

// ---------------------------------------------------------------------------------------
// Relations

StatusOr<RelationRecord> SqlManagementStore::CreateRelation(const RelationRecord& relation) {
  RelationRecord r = relation;
  ASKDB_RETURN_IF_ERROR(rules::AssignId(r.id, "rel"));
  ASKDB_RETURN_IF_ERROR(rules::ValidateRelation(r));
  r.created_at = Now();
  ASKDB_RETURN_IF_ERROR(Write([&]() -> Status {
    ASKDB_ASSIGN_OR_RETURN(bool exists, Exists("SELECT 1 FROM relations WHERE id = ?", r.id));
    if (exists) return rules::DuplicateId("relation", r.id);
    ASKDB_RETURN_IF_ERROR(RequireDatasource(r.datasource_id, "datasource_id"));
    Stmt s(this, std::string("INSERT INTO relations(") + rules::kRelationColumns +
                     ") VALUES (?,?,?,?,?,?,?,?,?)");
    rules::BindRelationRow(s, r);
    return s.Run("creating a relation");
  }));
  return r;
}

StatusOr<RelationRecord> SqlManagementStore::GetRelation(std::string_view id) const {
  std::lock_guard lock(mu_);
  return GetOne(std::string("SELECT ") + rules::kRelationColumns + " FROM relations WHERE id = ?",
                id, "relation", rules::ReadRelation);
}

StatusOr<std::vector<RelationRecord>> SqlManagementStore::ListRelations(
    std::string_view datasource_id) const {
  std::lock_guard lock(mu_);
  Stmt s(this, std::string("SELECT ") + rules::kRelationColumns +
                   " FROM relations WHERE datasource_id = ? ORDER BY created_at_ms, id");
  s.Text(datasource_id);
  return All(s, rules::ReadRelation);
}

StatusOr<RelationRecord> SqlManagementStore::UpdateRelation(const RelationRecord& relation) {
  ASKDB_RETURN_IF_ERROR(rules::ValidateRelation(relation));
  RelationRecord out;
  ASKDB_RETURN_IF_ERROR(Write([&]() -> Status {
    ASKDB_ASSIGN_OR_RETURN(
        RelationRecord old,
        GetOne(std::string("SELECT ") + rules::kRelationColumns + " FROM relations WHERE id = ?",
               relation.id, "relation", rules::ReadRelation));
    out = rules::MergeUpdate(relation, old);
    Stmt s(this,
           "UPDATE relations SET from_table = ?, from_column = ?, to_table = ?, to_column = ?, "
           "kind = ?, description = ? WHERE id = ?");
    s.Text(out.from_table).Text(out.from_column).Text(out.to_table).Text(out.to_column);
    s.Text(out.kind).Text(out.description).Text(out.id);
    return s.Run("updating a relation");
  }));
  return out;
}

Status SqlManagementStore::DeleteRelation(std::string_view id) {
  return Write([&]() -> Status {
    return ChangeOne("DELETE FROM relations WHERE id = ?", id, "deleting a relation", "relation");
  });
}

// ---------------------------------------------------------------------------------------
// Sessions and messages

StatusOr<SessionRecord> SqlManagementStore::CreateSession(const SessionRecord& session) {
  SessionRecord r = session;
  ASKDB_RETURN_IF_ERROR(rules::AssignId(r.id, "ses"));
  ASKDB_RETURN_IF_ERROR(rules::ValidateSession(r));
  r.created_at = r.updated_at = Now();
  ASKDB_RETURN_IF_ERROR(Write([&]() -> Status {
    ASKDB_ASSIGN_OR_RETURN(bool exists, Exists("SELECT 1 FROM sessions WHERE id = ?", r.id));
    if (exists) return rules::DuplicateId("session", r.id);
    ASKDB_RETURN_IF_ERROR(RequireAgent(r.agent_id, "agent_id"));
    Stmt s(this,
           std::string("INSERT INTO sessions(") + rules::kSessionColumns + ") VALUES (?,?,?,?,?)");
    rules::BindSessionRow(s, r);
    return s.Run("creating a session");
  }));
  return r;
}

StatusOr<SessionRecord> SqlManagementStore::GetSession(std::string_view id) const {
  std::lock_guard lock(mu_);
  return GetOne(std::string("SELECT ") + rules::kSessionColumns + " FROM sessions WHERE id = ?", id,
                "session", rules::ReadSession);
}

StatusOr<std::vector<SessionRecord>> SqlManagementStore::ListSessions(std::string_view agent_id,
                                                                      int64_t limit) const {
  std::lock_guard lock(mu_);
  Stmt s(this, std::string("SELECT ") + rules::kSessionColumns +
                   " FROM sessions WHERE (? = '' OR agent_id = ?)"
                   " ORDER BY updated_at_ms DESC, id LIMIT ?");
  s.Text(agent_id).Text(agent_id).Int(limit);
  return All(s, rules::ReadSession);
}

Status SqlManagementStore::DeleteSession(std::string_view id) {
  return Write([&]() -> Status {
    ASKDB_RETURN_IF_ERROR(
        ChangeOne("DELETE FROM sessions WHERE id = ?", id, "deleting a session", "session"));
    Stmt messages(this, "DELETE FROM messages WHERE session_id = ?");
    messages.Text(id);
    return messages.Run("deleting a session's messages");
  });
}

StatusOr<SessionRecord> SqlManagementStore::RenameSession(std::string_view id,
                                                          std::string_view title) {
  ASKDB_RETURN_IF_ERROR(rules::ValidateSessionTitle(title));
  SessionRecord out;
  ASKDB_RETURN_IF_ERROR(Write([&]() -> Status {
    Stmt s(this, "UPDATE sessions SET title = ? WHERE id = ?");
    s.Text(title).Text(id);
    ASKDB_RETURN_IF_ERROR(s.Run("renaming a session"));
    if (s.Changes() == 0) return rules::NotFound("session", id);
    ASKDB_ASSIGN_OR_RETURN(
        out, GetOne(std::string("SELECT ") + rules::kSessionColumns + " FROM sessions WHERE id = ?",
                    id, "session", rules::ReadSession));
    return Status::Ok();
  }));
  return out;
}

StatusOr<MessageRecord> SqlManagementStore::AppendMessage(const MessageRecord& message) {
  ASKDB_RETURN_IF_ERROR(rules::ValidateMessage(message));
  MessageRecord r = message;
  ASKDB_RETURN_IF_ERROR(Write([&]() -> Status {
    ASKDB_ASSIGN_OR_RETURN(bool exists,
                           Exists("SELECT 1 FROM sessions WHERE id = ?", r.session_id));
    if (!exists) return rules::NotFound("session", r.session_id);
    Stmt next(this, "SELECT COALESCE(MAX(seq), 0) + 1 FROM messages WHERE session_id = ?");
    ASKDB_RETURN_IF_ERROR(next.prepared());
    next.Text(r.session_id);
    if (next.Step() != StepResult::kRow) return next.StepError("numbering");
    r.seq = next.ColInt(0);
    r.created_at = Now();
    Stmt s(this, std::string("INSERT INTO messages(") + rules::kMessageColumns +
                     ") VALUES (?,?,?,?,?,?,?)");
    rules::BindMessageRow(s, r);
    ASKDB_RETURN_IF_ERROR(s.Run("appending a message"));
    Stmt touch(this, "UPDATE sessions SET updated_at_ms = ? WHERE id = ?");
    touch.Int(rules::ToMs(r.created_at)).Text(r.session_id);
    return touch.Run("touching a session");
  }));
  return r;
}

StatusOr<std::vector<MessageRecord>> SqlManagementStore::ListMessages(
    std::string_view session_id) const {
  std::lock_guard lock(mu_);
  Stmt s(this, std::string("SELECT ") + rules::kMessageColumns +
                   " FROM messages WHERE session_id = ? ORDER BY seq");
  s.Text(session_id);
  return All(s, rules::ReadMessage);
}

// ---------------------------------------------------------------------------------------
// Examples

StatusOr<ExampleRecord> SqlManagementStore::CreateExample(const ExampleRecord& example) {
  ExampleRecord r = example;
  ASKDB_RETURN_IF_ERROR(rules::AssignId(r.id, "ex"));
  ASKDB_RETURN_IF_ERROR(rules::ValidateExample(r));
  r.created_at = Now();
  ASKDB_RETURN_IF_ERROR(Write([&]() -> Status {
    ASKDB_ASSIGN_OR_RETURN(bool exists, Exists("SELECT 1 FROM examples WHERE id = ?", r.id));
    if (exists) return rules::DuplicateId("example", r.id);
    ASKDB_RETURN_IF_ERROR(RequireAgent(r.agent_id, "agent_id"));
    Stmt s(this,
           std::string("INSERT INTO examples(") + rules::kExampleColumns + ") VALUES (?,?,?,?,?)");
    rules::BindExampleRow(s, r);
    return s.Run("creating an example");
  }));
  return r;
}

StatusOr<ExampleRecord> SqlManagementStore::GetExample(std::string_view id) const {
  std::lock_guard lock(mu_);
  return GetOne(std::string("SELECT ") + rules::kExampleColumns + " FROM examples WHERE id = ?", id,
                "example", rules::ReadExample);
}

StatusOr<std::vector<ExampleRecord>> SqlManagementStore::ListExamples(
    std::string_view agent_id) const {
  std::lock_guard lock(mu_);
  Stmt s(this, std::string("SELECT ") + rules::kExampleColumns +
                   " FROM examples WHERE agent_id = ? ORDER BY created_at_ms, id");
  s.Text(agent_id);
  return All(s, rules::ReadExample);
}

StatusOr<ExampleRecord> SqlManagementStore::UpdateExample(const ExampleRecord& example) {
  ASKDB_RETURN_IF_ERROR(rules::ValidateExample(example));
  ExampleRecord out;
  ASKDB_RETURN_IF_ERROR(Write([&]() -> Status {
    ASKDB_ASSIGN_OR_RETURN(
        ExampleRecord old,
        GetOne(std::string("SELECT ") + rules::kExampleColumns + " FROM examples WHERE id = ?",
               example.id, "example", rules::ReadExample));
    out = rules::MergeUpdate(example, old);
    Stmt s(this, "UPDATE examples SET question = ?, sql = ? WHERE id = ?");
    s.Text(out.question).Text(out.sql).Text(out.id);
    return s.Run("updating an example");
  }));
  return out;
}

Status SqlManagementStore::DeleteExample(std::string_view id) {
  return Write([&]() -> Status {
    return ChangeOne("DELETE FROM examples WHERE id = ?", id, "deleting an example", "example");
  });
}

// ---------------------------------------------------------------------------------------
// Run history

Status SqlManagementStore::RecordRun(const RunRecord& run) {
  ASKDB_RETURN_IF_ERROR(rules::ValidateRun(run));
  return Write([&]() -> Status {
    Stmt s(this, dialect_.upsert_run);
    rules::BindRunRow(s, run);
    return s.Run("recording a run");
  });
}

StatusOr<std::vector<RunRecord>> SqlManagementStore::ListRuns(const RunFilter& filter) const {
  std::lock_guard lock(mu_);
  Stmt s(this, std::string("SELECT ") + rules::kRunColumns +
                   " FROM run_history WHERE (? = '' OR agent_id = ?)"
                   " AND (? = '' OR thread_id = ?) AND (? = '' OR outcome = ?)"
                   " AND started_at_ms >= ?"
                   " ORDER BY started_at_ms DESC, run_id DESC LIMIT ? OFFSET ?");
  s.Text(filter.agent_id).Text(filter.agent_id);
  s.Text(filter.thread_id).Text(filter.thread_id);
  s.Text(filter.outcome).Text(filter.outcome);
  s.Int(filter.since ? rules::ToMs(*filter.since) : std::numeric_limits<int64_t>::min());
  s.Int(filter.limit).Int(filter.offset);
  return All(s, rules::ReadRun);
}

// ---------------------------------------------------------------------------------------
// Model configurations

StatusOr<ModelConfigRecord> SqlManagementStore::CreateModel(const ModelConfigRecord& model) {
  ModelConfigRecord r = model;
  ASKDB_RETURN_IF_ERROR(rules::AssignId(r.id, "mdl"));
  ASKDB_RETURN_IF_ERROR(rules::ValidateModel(r));
  r.created_at = r.updated_at = Now();
  ASKDB_RETURN_IF_ERROR(Write([&]() -> Status {
    ASKDB_ASSIGN_OR_RETURN(bool exists, Exists("SELECT 1 FROM model_configs WHERE id = ?", r.id));
    if (exists) return rules::DuplicateId("model", r.id);
    if (r.active) {
      // One active model: the new one replaces whichever was.
      Stmt clear(this, "UPDATE model_configs SET active = 0");
      ASKDB_RETURN_IF_ERROR(clear.Run("deactivating the model configurations"));
    }
    Stmt s(this, std::string("INSERT INTO model_configs(") + rules::kModelColumns +
                     ") VALUES (?,?,?,?,?,?,?,?,?)");
    rules::BindModelRow(s, r);
    return s.Run("creating a model configuration");
  }));
  return r;
}

StatusOr<ModelConfigRecord> SqlManagementStore::GetModel(std::string_view id) const {
  std::lock_guard lock(mu_);
  return GetOne(std::string("SELECT ") + rules::kModelColumns + " FROM model_configs WHERE id = ?",
                id, "model", rules::ReadModel);
}

StatusOr<std::vector<ModelConfigRecord>> SqlManagementStore::ListModels() const {
  std::lock_guard lock(mu_);
  Stmt s(this, std::string("SELECT ") + rules::kModelColumns + " FROM model_configs ORDER BY id");
  return All(s, rules::ReadModel);
}

StatusOr<ModelConfigRecord> SqlManagementStore::UpdateModel(const ModelConfigRecord& model) {
  ASKDB_RETURN_IF_ERROR(rules::ValidateModel(model));
  ModelConfigRecord out;
  ASKDB_RETURN_IF_ERROR(Write([&]() -> Status {
    ASKDB_ASSIGN_OR_RETURN(
        ModelConfigRecord old,
        GetOne(std::string("SELECT ") + rules::kModelColumns + " FROM model_configs WHERE id = ?",
               model.id, "model", rules::ReadModel));
    out = rules::MergeUpdate(model, old, Now());
    Stmt s(this,
           "UPDATE model_configs SET name = ?, provider = ?, base_url = ?, model = ?, "
           "sealed_api_key = ?, updated_at_ms = ? WHERE id = ?");
    s.Text(out.name).Text(out.provider).Text(out.base_url).Text(out.model);
    s.Text(out.sealed_api_key).Int(rules::ToMs(out.updated_at)).Text(out.id);
    return s.Run("updating a model configuration");
  }));
  return out;
}

Status SqlManagementStore::DeleteModel(std::string_view id) {
  return Write([&]() -> Status {
    return ChangeOne("DELETE FROM model_configs WHERE id = ?", id, "deleting a model configuration",
                     "model");
  });
}

Status SqlManagementStore::ActivateModel(std::string_view id) {
  return Write([&]() -> Status {
    ASKDB_ASSIGN_OR_RETURN(bool exists, Exists("SELECT 1 FROM model_configs WHERE id = ?", id));
    if (!exists) return rules::NotFound("model", id);
    Stmt s(this, dialect_.activate_model);
    s.Text(id);
    return s.Run("activating a model configuration");
  });
}

StatusOr<ModelConfigRecord> SqlManagementStore::GetActiveModel() const {
  std::lock_guard lock(mu_);
  Stmt s(this, std::string("SELECT ") + rules::kModelColumns +
                   " FROM model_configs WHERE active = 1 ORDER BY id LIMIT 1");
  ASKDB_ASSIGN_OR_RETURN(std::vector<ModelConfigRecord> rows, All(s, rules::ReadModel));
  if (rows.empty()) return rules::NoActiveModel();
  return rows.front();
}

// ---------------------------------------------------------------------------------------
// API keys

Status SqlManagementStore::PutApiKey(const security::ApiKeyRecord& record) {
  ASKDB_RETURN_IF_ERROR(rules::ValidateApiKey(record));
  return Write([&]() -> Status {
    Stmt s(this, dialect_.upsert_api_key);
    rules::BindApiKeyRow(s, record);
    return s.Run("storing an API key");
  });
}

StatusOr<security::ApiKeyRecord> SqlManagementStore::FindApiKey(std::string_view id) const {
  std::lock_guard lock(mu_);
  return GetOne(std::string("SELECT ") + rules::kApiKeyColumns + " FROM api_keys WHERE id = ?", id,
                "API key", rules::ReadApiKey);
}

StatusOr<std::vector<security::ApiKeyRecord>> SqlManagementStore::ListApiKeys() const {
  std::lock_guard lock(mu_);
  Stmt s(this, std::string("SELECT ") + rules::kApiKeyColumns +
                   " FROM api_keys ORDER BY created_at_ms, id");
  return All(s, rules::ReadApiKey);
}

Status SqlManagementStore::RevokeApiKey(std::string_view id) {
  return Write([&]() -> Status {
    return ChangeOne("UPDATE api_keys SET revoked = 1 WHERE id = ?", id, "revoking an API key",
                     "API key");
  });
}

}  // namespace askdb::server::store
