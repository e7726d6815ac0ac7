// McpBackend: what askdb's MCP tools (mcp/tools.h) do, for one caller, over the same parts
// the HTTP API uses: runs go through the RunService (so an MCP run is a run like any other:
// executor, checkpoints, run history, sessions), agents and datasources come from the
// management store, SQL runs on the agent's prepared datasource (DatasourceCache) through
// Connector::Execute (read-only, statement guard, row cap, timeout, cancellation).
// generate_sql is a run too, in the pipeline's SQL-only mode (PipelineOptions::sql_only):
// the engine, else the model, writes the SQL, checked and bound but never executed.
//
// The caller's scope decides what it sees, as for the API: "admin" sees every agent and
// datasource; "agent:<id>" sees only that agent and its datasource — another agent, its
// threads and datasources answer exactly like unknown ones.
//
// Used by `askdb mcp` (stdio, scope admin or --agent) and by the /mcp route of `askdb serve`
// (the scope of the request's API key). Thread-safe (every part it borrows is).
#pragma once

#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "askdb/db/connector.h"
#include "askdb/mcp/tools.h"

namespace askdb::agent {
struct PreparedDatasource;
}  // namespace askdb::agent
namespace askdb::knowledge {
class KnowledgeBase;
}  // namespace askdb::knowledge
namespace askdb::server::store {
class ManagementStore;
struct AgentRecord;
}  // namespace askdb::server::store

namespace askdb::server::api {

class RunService;
class Run;
class DatasourceCache;

struct McpBackendDeps {
  RunService* runs = nullptr;                     // required
  store::ManagementStore* store = nullptr;        // required
  DatasourceCache* datasources = nullptr;         // required
  knowledge::KnowledgeBase* knowledge = nullptr;  // optional: search_knowledge when set
  db::QueryOptions query;                         // run_sql's row cap and timeout (database.*)
  std::chrono::milliseconds run_timeout{10 * 60 * 1000};  // an ask longer than this fails
};

// InvalidArgument when a required dependency is missing.
Status ValidateMcpBackendDeps(const McpBackendDeps& deps);

class McpBackend : public mcp::Backend {
 public:
  // `scope`: "admin" or "agent:<id>" (security/api_keys.h).
  McpBackend(McpBackendDeps deps, std::string scope);

  StatusOr<Json> Ask(const mcp::AskRequest& request, mcp::RequestContext& context) override;
  StatusOr<Json> GenerateSql(const std::string& agent, const std::string& question,
                             mcp::RequestContext& context) override;
  StatusOr<Json> RunSql(const std::string& agent, const std::string& sql, long long max_rows,
                        mcp::RequestContext& context) override;
  StatusOr<Json> ListAgents() override;
  StatusOr<Json> ListDatasources() override;
  StatusOr<Json> DescribeSchema(const std::string& agent, const std::string& level,
                                const std::vector<std::string>& tables) override;
  bool HasKnowledge() const override { return deps_.knowledge != nullptr; }
  // Scope: the agent asked for (its own and its datasource's knowledge), else the
  // datasource asked for, else every scope for admin and the key's agent's otherwise.
  StatusOr<Json> SearchKnowledge(const mcp::KnowledgeQuery& query) override;
  long long MaxRows() const override { return deps_.query.max_rows; }
  StatusOr<Json> ListResources() override;
  StatusOr<Json> ReadResource(std::string_view uri) override;

 private:
  // The agent a call runs (`requested`, else the key's agent, else "default"), checked to
  // exist and to be allowed for the scope.
  StatusOr<std::string> ResolveAgent(const std::string& requested) const;
  // The prepared datasource of an agent (and the agent's record, when `record` is set).
  StatusOr<std::shared_ptr<agent::PreparedDatasource>> AgentDatasource(
      const std::string& agent, store::AgentRecord* record = nullptr) const;
  // The datasource ids the scope may see.
  StatusOr<std::vector<std::string>> VisibleDatasources() const;
  bool MayRun(const std::string& agent) const;
  // Waits for `run`, its stream frames as progress notifications and the client's
  // cancellation passed on; the result JSON (PipelineResult::ToJson) or the run's error.
  StatusOr<Json> Follow(const std::shared_ptr<Run>& run, mcp::RequestContext& context);

  McpBackendDeps deps_;
  const std::string scope_;
};

}  // namespace askdb::server::api
