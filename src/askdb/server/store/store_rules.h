// Record rules shared by the ManagementStore implementations (internal to this folder).
//
// Everything here is SQL-agnostic and decided in C++: field validation with field-named
// InvalidArgument errors, id assignment, the error texts of the contract (NotFound,
// AlreadyExists, missing references), the column order of every table, the conversion of
// one row (read through RowSource) into each record type, the binding of a record's
// columns (through ParamSink) in that order, JSON encoding of list/object columns, and the
// cascade deletes. The SQLite and PostgreSQL stores keep only their driver code and SQL.
//
// Statements bound and rows read through these interfaces use "?" placeholders; a driver
// with another placeholder syntax renumbers them (the PostgreSQL store does).
//
// Stateless functions and constants: thread-safe.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "askdb/server/store/management_store.h"

namespace askdb::server::store::rules {

// One result row of a statement, columns by index (0-based).
class RowSource {
 public:
  virtual std::string ColText(int i) const = 0;
  virtual int64_t ColInt(int i) const = 0;
  virtual bool ColNull(int i) const = 0;

 protected:
  ~RowSource() = default;
};

// The positional parameters of a statement, bound in order.
class ParamSink {
 public:
  virtual ParamSink& Text(std::string_view value) = 0;
  virtual ParamSink& Int(int64_t value) = 0;
  virtual ParamSink& Null() = 0;

 protected:
  ~ParamSink() = default;
};

// Milliseconds since the epoch, the form of every *_ms column.
int64_t ToMs(Clock::TimePoint t);
Clock::TimePoint FromMs(int64_t ms);

// Compact JSON text for a *_json column (invalid UTF-8 replaced, never throws).
std::string Dump(const Json& value);
Json ToJsonArray(const std::vector<std::string>& values);
// The strings of a JSON array; anything else (or non-string items) is dropped.
std::vector<std::string> FromJsonArray(const Json& value);
// Column `i` parsed as JSON; `fallback` when NULL or not valid JSON.
Json ColJson(const RowSource& row, int i, Json fallback);

// Error texts of the contract.
Status RequireField(std::string_view value, std::string_view field);
Status NotFound(std::string_view kind, std::string_view id);
// "<kind> '<id>' already exists" (+ "; pick another id" when `suggest_other_id`).
Status DuplicateId(std::string_view kind, std::string_view id, bool suggest_other_id = false);
Status NoSuchDatasource(std::string_view field, std::string_view id);
Status NoSuchAgent(std::string_view field, std::string_view id);
Status DatasourceInUse(std::string_view datasource_id, std::string_view agent_id);
Status NoSemanticModel(std::string_view datasource_id, bool suggest_put = true);
Status NoActiveModel();

// A Create*'s id: a new NewRecordId(prefix) when empty, then ValidateRecordId.
Status AssignId(std::string& id, std::string_view prefix);

// Validation before writes (InvalidArgument naming the field).
Status ValidateAgent(const AgentRecord& a);
Status ValidateDatasource(const DatasourceRecord& d);
Status ValidateRelation(const RelationRecord& r);
Status ValidateSession(const SessionRecord& s);
Status ValidateSessionTitle(std::string_view title);
Status ValidateMessage(const MessageRecord& m);
Status ValidateExample(const ExampleRecord& e);
Status ValidateRun(const RunRecord& r);
Status ValidateModel(const ModelConfigRecord& m);
Status ValidateApiKey(const security::ApiKeyRecord& k);
Status ValidateSemanticModel(const Json& model);

// Column lists, in the order the readers and Bind*Row below use.
inline constexpr const char* kAgentColumns =
    "id, name, instructions, datasource_id, selected_tables_json, language, plan_review, "
    "fast_mode, preset_questions_json, created_at_ms, updated_at_ms";
inline constexpr const char* kDatasourceColumns =
    "id, name, url, sealed_password, created_at_ms, updated_at_ms";
inline constexpr const char* kRelationColumns =
    "id, datasource_id, from_table, from_column, to_table, to_column, kind, description, "
    "created_at_ms";
inline constexpr const char* kSessionColumns = "id, agent_id, title, created_at_ms, updated_at_ms";
inline constexpr const char* kMessageColumns =
    "session_id, seq, role, text, thread_id, run_json, created_at_ms";
inline constexpr const char* kExampleColumns = "id, agent_id, question, sql, created_at_ms";
inline constexpr const char* kRunColumns =
    "run_id, thread_id, agent_id, question, route, outcome, error, started_at_ms, duration_ms, "
    "nodes_json, llm_calls, prompt_tokens, completion_tokens";
inline constexpr const char* kModelColumns =
    "id, name, provider, base_url, model, sealed_api_key, active, created_at_ms, "
    "updated_at_ms";
inline constexpr const char* kApiKeyColumns = "id, scope, hash, created_at_ms, last4, revoked";

// Row → record, columns in the k*Columns order.
AgentRecord ReadAgent(const RowSource& s);
DatasourceRecord ReadDatasource(const RowSource& s);
RelationRecord ReadRelation(const RowSource& s);
SessionRecord ReadSession(const RowSource& s);
MessageRecord ReadMessage(const RowSource& s);
ExampleRecord ReadExample(const RowSource& s);
RunRecord ReadRun(const RowSource& s);
ModelConfigRecord ReadModel(const RowSource& s);
security::ApiKeyRecord ReadApiKey(const RowSource& s);

// Record → parameters, every column in the k*Columns order (for INSERT ... VALUES).
void BindAgentRow(ParamSink& s, const AgentRecord& r);
void BindDatasourceRow(ParamSink& s, const DatasourceRecord& r);
void BindRelationRow(ParamSink& s, const RelationRecord& r);
void BindSessionRow(ParamSink& s, const SessionRecord& r);
void BindMessageRow(ParamSink& s, const MessageRecord& r);
void BindExampleRow(ParamSink& s, const ExampleRecord& r);
void BindRunRow(ParamSink& s, const RunRecord& r);
void BindModelRow(ParamSink& s, const ModelConfigRecord& r);
void BindApiKeyRow(ParamSink& s, const security::ApiKeyRecord& r);
// The agent's columns from name to preset_questions_json (what UpdateAgent replaces).
void BindAgentFields(ParamSink& s, const AgentRecord& a);

// The record an Update* writes: `requested` with what an update may not change kept from
// `old` (id/created_at always; also an example's agent, a relation's datasource, a model's
// active flag) and updated_at (where the record has one) set to `now`.
AgentRecord MergeUpdate(const AgentRecord& requested, const AgentRecord& old, Clock::TimePoint now);
DatasourceRecord MergeUpdate(const DatasourceRecord& requested, const DatasourceRecord& old,
                             Clock::TimePoint now);
RelationRecord MergeUpdate(const RelationRecord& requested, const RelationRecord& old);
ExampleRecord MergeUpdate(const ExampleRecord& requested, const ExampleRecord& old);
ModelConfigRecord MergeUpdate(const ModelConfigRecord& requested, const ModelConfigRecord& old,
                              Clock::TimePoint now);

// Cascades, each statement bound with the deleted record's id: deleting an agent deletes
// its examples, sessions and their messages; deleting a datasource its semantic model and
// relations (an agent bound to it blocks the delete: kAgentBoundToDatasource).
inline constexpr std::array<const char*, 3> kAgentCascadeDeletes = {
    "DELETE FROM examples WHERE agent_id = ?",
    "DELETE FROM messages WHERE session_id IN (SELECT id FROM sessions WHERE agent_id = ?)",
    "DELETE FROM sessions WHERE agent_id = ?"};
inline constexpr std::array<const char*, 2> kDatasourceCascadeDeletes = {
    "DELETE FROM semantic_models WHERE datasource_id = ?",
    "DELETE FROM relations WHERE datasource_id = ?"};
inline constexpr const char* kAgentBoundToDatasource =
    "SELECT id FROM agents WHERE datasource_id = ? ORDER BY id LIMIT 1";

}  // namespace askdb::server::store::rules
