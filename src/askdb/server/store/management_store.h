// ManagementStore: what `askdb serve`'s management API keeps — agents, datasources (with
// sealed passwords), semantic models, logical relations, sessions and their messages,
// question-SQL examples, run history, model configurations and API key records.
//
// The interface is SQL-agnostic so that a PostgreSQL implementation can sit beside the
// SQLite one (sqlite_management_store.h). Records are plain structs; the *ToJson functions
// give the form shown over the HTTP API (never a sealed secret, never a key hash).
//
// Contract for every implementation:
// - Thread-safe: any method may be called from any thread; every write is one transaction.
// - Ids: a Create* with an empty id gets a new one from NewRecordId(prefix); a Create* with
//   an id that exists answers AlreadyExists naming the id. Get/Update/Delete of an unknown
//   id answer NotFound naming the kind and id.
// - Validation: InvalidArgument naming the field ("name: must not be empty",
//   "datasource_id: no datasource 'x'"). References are checked: an agent's datasource, an
//   example's / session's agent, a relation's datasource must exist.
// - created_at / updated_at are set by the store from its clock (millisecond precision);
//   values passed in are ignored.
// - Deleting an agent deletes its examples, sessions and messages (run history stays);
//   deleting a datasource that an agent is bound to is FailedPrecondition (unbind first);
//   deleting a datasource deletes its semantic model and relations.
// - Model configurations: at most one is active; ActivateModel switches atomically.
//
// Table layout (SQLite; PostgreSQL uses the same columns, BIGINT for *_ms, JSONB welcome
// for *_json):
//   schema_versions(component TEXT PK, version INT)        component "management"
//   agents(id PK, name, instructions, datasource_id, selected_tables_json, language,
//          plan_review INT NULL, fast_mode INT, preset_questions_json, created_at_ms,
//          updated_at_ms)
//   datasources(id PK, name, url, sealed_password, created_at_ms, updated_at_ms)
//   semantic_models(datasource_id PK, model_json, updated_at_ms)
//   relations(id PK, datasource_id, from_table, from_column, to_table, to_column, kind,
//             description, created_at_ms)
//   sessions(id PK, agent_id, title, created_at_ms, updated_at_ms)
//   messages(session_id, seq, role, text, thread_id, run_json, created_at_ms,
//            PK(session_id, seq))
//   examples(id PK, agent_id, question, sql, created_at_ms)
//   run_history(run_id PK, thread_id, agent_id, question, route, outcome, error,
//               started_at_ms, duration_ms, nodes_json, llm_calls, prompt_tokens,
//               completion_tokens)   index (started_at_ms), (thread_id), (agent_id)
//   model_configs(id PK, name, provider, base_url, model, sealed_api_key, active INT,
//                 created_at_ms, updated_at_ms)
//   api_keys(id PK, scope, hash, created_at_ms, last4 NULL, revoked INT)
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "askdb/common/clock.h"
#include "askdb/common/json.h"
#include "askdb/common/status.h"

namespace askdb::server::security {
class ApiKeyStore;
struct ApiKeyRecord;
}  // namespace askdb::server::security

namespace askdb::server::store {

// A new id: `prefix` + "_" + 16 random hex characters ("ag_3f9c...").
std::string NewRecordId(std::string_view prefix);

// Ids chosen by clients must be 1..64 characters of [A-Za-z0-9_.-]; InvalidArgument naming
// `field` otherwise.
Status ValidateRecordId(std::string_view id, std::string_view field = "id");

// ISO 8601 UTC with milliseconds ("2024-05-01T12:00:00.123Z").
std::string FormatTime(Clock::TimePoint time);

inline constexpr std::string_view kDefaultAgentId = "default";
inline constexpr std::string_view kDefaultDatasourceId = "default";

struct AgentRecord {
  std::string id;
  std::string name;
  std::string instructions;
  std::string datasource_id;                 // required; must exist
  std::vector<std::string> selected_tables;  // empty: all tables
  std::string language = "auto";             // "auto", "zh", "en"
  std::optional<bool> plan_review;           // nullopt: the server's default
  bool fast_mode = false;
  std::vector<std::string> preset_questions;
  Clock::TimePoint created_at{};
  Clock::TimePoint updated_at{};
};

struct DatasourceRecord {
  std::string id;
  std::string name;
  std::string url;              // WITHOUT the password
  std::string sealed_password;  // SecretBox "v1:..." form; empty: no password
  Clock::TimePoint created_at{};
  Clock::TimePoint updated_at{};
};

struct RelationRecord {
  std::string id;
  std::string datasource_id;
  std::string from_table;
  std::string from_column;
  std::string to_table;
  std::string to_column;
  std::string kind = "N:1";  // "1:1", "1:N", "N:1"
  std::string description;
  Clock::TimePoint created_at{};
};

inline constexpr std::size_t kMaxSessionTitleBytes = 200;

struct SessionRecord {
  std::string id;  // the conversation's thread id
  std::string agent_id;
  std::string title;
  Clock::TimePoint created_at{};
  Clock::TimePoint updated_at{};
};

struct MessageRecord {
  std::string session_id;
  int64_t seq = 0;   // assigned by AppendMessage: 1, 2, ... per session
  std::string role;  // "user" or "assistant"
  std::string text;
  std::string thread_id;
  Json run = nullptr;  // the run's summary for assistant messages (route, sql, ...)
  Clock::TimePoint created_at{};
};

struct ExampleRecord {
  std::string id;
  std::string agent_id;
  std::string question;
  std::string sql;
  Clock::TimePoint created_at{};
};

struct RunRecord {
  std::string run_id;  // "<thread>#<n>"; unique
  std::string thread_id;
  std::string agent_id;
  std::string question;
  std::string route;    // "engine", "llm", "analysis", ... ("" when the run failed early)
  std::string outcome;  // "ok", "interrupted", "error", "cancelled"
  std::string error;
  Clock::TimePoint started_at{};
  int64_t duration_ms = 0;
  Json nodes = Json::array();  // [{"node", "duration_ms", "outcome"?}] in run order
  int64_t llm_calls = 0;
  int64_t prompt_tokens = 0;
  int64_t completion_tokens = 0;
};

struct RunFilter {
  std::string agent_id;   // empty: any
  std::string thread_id;  // empty: any
  std::string outcome;    // empty: any
  std::optional<Clock::TimePoint> since;
  int64_t limit = 100;  // newest first
  int64_t offset = 0;
};

struct ModelConfigRecord {
  std::string id;
  std::string name;
  std::string provider = "openai";  // "openai" (any OpenAI-compatible endpoint)
  std::string base_url;
  std::string model;
  std::string sealed_api_key;  // SecretBox "v1:..." form; empty: none
  bool active = false;
  Clock::TimePoint created_at{};
  Clock::TimePoint updated_at{};
};

// The API forms. Secrets never appear: datasources carry "has_password", models
// "has_api_key".
Json AgentToJson(const AgentRecord& record);
Json DatasourceToJson(const DatasourceRecord& record);
Json RelationToJson(const RelationRecord& record);
Json SessionToJson(const SessionRecord& record);
Json MessageToJson(const MessageRecord& record);
Json ExampleToJson(const ExampleRecord& record);
Json RunRecordToJson(const RunRecord& record, bool with_nodes = true);
Json ModelConfigToJson(const ModelConfigRecord& record);

class ManagementStore {
 public:
  virtual ~ManagementStore() = default;

  // Agents.
  virtual StatusOr<AgentRecord> CreateAgent(const AgentRecord& agent) = 0;
  virtual StatusOr<AgentRecord> GetAgent(std::string_view id) const = 0;
  virtual StatusOr<std::vector<AgentRecord>> ListAgents() const = 0;  // by id
  // Replaces every field but id and created_at.
  virtual StatusOr<AgentRecord> UpdateAgent(const AgentRecord& agent) = 0;
  virtual Status DeleteAgent(std::string_view id) = 0;

  // Datasources.
  virtual StatusOr<DatasourceRecord> CreateDatasource(const DatasourceRecord& datasource) = 0;
  virtual StatusOr<DatasourceRecord> GetDatasource(std::string_view id) const = 0;
  virtual StatusOr<std::vector<DatasourceRecord>> ListDatasources() const = 0;
  virtual StatusOr<DatasourceRecord> UpdateDatasource(const DatasourceRecord& datasource) = 0;
  virtual Status DeleteDatasource(std::string_view id) = 0;

  // The semantic model of a datasource, as the file format's JSON (validated by the
  // caller). NotFound when the datasource has none.
  virtual StatusOr<Json> GetSemanticModel(std::string_view datasource_id) const = 0;
  virtual Status PutSemanticModel(std::string_view datasource_id, const Json& model) = 0;
  virtual Status DeleteSemanticModel(std::string_view datasource_id) = 0;

  // Logical relations of a datasource.
  virtual StatusOr<RelationRecord> CreateRelation(const RelationRecord& relation) = 0;
  virtual StatusOr<RelationRecord> GetRelation(std::string_view id) const = 0;
  virtual StatusOr<std::vector<RelationRecord>> ListRelations(
      std::string_view datasource_id) const = 0;
  virtual StatusOr<RelationRecord> UpdateRelation(const RelationRecord& relation) = 0;
  virtual Status DeleteRelation(std::string_view id) = 0;

  // Sessions and messages.
  virtual StatusOr<SessionRecord> CreateSession(const SessionRecord& session) = 0;
  virtual StatusOr<SessionRecord> GetSession(std::string_view id) const = 0;
  // Newest first; `agent_id` empty: every agent.
  virtual StatusOr<std::vector<SessionRecord>> ListSessions(std::string_view agent_id,
                                                            int64_t limit) const = 0;
  virtual Status DeleteSession(std::string_view id) = 0;
  // Sets the title (non-empty, at most kMaxSessionTitleBytes); the order of the list (by
  // the last message) stays. NotFound for an unknown id.
  virtual StatusOr<SessionRecord> RenameSession(std::string_view id, std::string_view title) = 0;
  // Appends to an existing session (NotFound otherwise) with the next seq; returns it.
  virtual StatusOr<MessageRecord> AppendMessage(const MessageRecord& message) = 0;
  virtual StatusOr<std::vector<MessageRecord>> ListMessages(std::string_view session_id) const = 0;

  // Question-SQL examples of an agent.
  virtual StatusOr<ExampleRecord> CreateExample(const ExampleRecord& example) = 0;
  virtual StatusOr<ExampleRecord> GetExample(std::string_view id) const = 0;
  virtual StatusOr<std::vector<ExampleRecord>> ListExamples(std::string_view agent_id) const = 0;
  virtual StatusOr<ExampleRecord> UpdateExample(const ExampleRecord& example) = 0;
  virtual Status DeleteExample(std::string_view id) = 0;

  // Run history. RecordRun replaces a record with the same run_id.
  virtual Status RecordRun(const RunRecord& run) = 0;
  virtual StatusOr<std::vector<RunRecord>> ListRuns(const RunFilter& filter) const = 0;

  // Model configurations.
  virtual StatusOr<ModelConfigRecord> CreateModel(const ModelConfigRecord& model) = 0;
  virtual StatusOr<ModelConfigRecord> GetModel(std::string_view id) const = 0;
  virtual StatusOr<std::vector<ModelConfigRecord>> ListModels() const = 0;
  // `active` is ignored here; use ActivateModel.
  virtual StatusOr<ModelConfigRecord> UpdateModel(const ModelConfigRecord& model) = 0;
  virtual Status DeleteModel(std::string_view id) = 0;
  // Makes `id` the one active model (others inactive), in one transaction.
  virtual Status ActivateModel(std::string_view id) = 0;
  // NotFound when no model is active.
  virtual StatusOr<ModelConfigRecord> GetActiveModel() const = 0;

  // API key records (the security::ApiKeyStore contract; see NewStoreApiKeyStore).
  virtual Status PutApiKey(const security::ApiKeyRecord& record) = 0;
  virtual StatusOr<security::ApiKeyRecord> FindApiKey(std::string_view id) const = 0;
  virtual StatusOr<std::vector<security::ApiKeyRecord>> ListApiKeys() const = 0;
  virtual Status RevokeApiKey(std::string_view id) = 0;
};

// A security::ApiKeyStore that keeps its records in `store` (borrowed; must outlive it).
std::unique_ptr<security::ApiKeyStore> NewStoreApiKeyStore(ManagementStore& store);

}  // namespace askdb::server::store
