// McpBackend: what askdb's MCP tools (mcp/tools.h) do, for one caller, over the same parts
// the HTTP API uses: runs go through the RunService (so an MCP run is a run like any other:
// executor, checkpoints, run history, sessions), agents and datasources come from the
// management store, SQL runs on the agent's prepared datasource (DatasourceCache) through
// Connector::Execute (read-only, statement guard, row cap, timeout, cancellation).
// generate_sql is a run too, in the pipeline's SQL-only mode (PipelineOptions::sql_only):
// the engine, else the model, writes the SQL, checked and bound but never executed.
//
// The caller is a principal (server/users/principal.h), as for the API: an admin sees every
// agent and datasource; anyone else only the agents they may run (an agent's key: that one
// agent) and their datasources — another agent, its threads and datasources answer exactly
// like unknown ones. A principal that is a user (signed in, or through a key tied to a user)
// carries their data permissions (issue 18) into everything: ask and generate_sql are runs
// of that user (RunRequest::user), run_sql executes through a PermissionedConnector with the
// user's rules, describe_schema and the resources show the user's view of the datasource
// (agent/ask/user_datasource.h). An agent's table selection is enforced the same way: the
// unselected tables join the policy as refused tables, so the SQL parser's table references
// (not names in the text) decide — a CTE, subquery, join, quoted or schema-qualified
// reference to another table is refused, a column spelled like one is not.
//
// Used by `askdb mcp` (stdio: the local administrator, --agent, or --user/--token) and by the
// /mcp route of `askdb serve` (the request's principal). Thread-safe (every part it borrows
// is; the user-view cache is locked).
#pragma once

#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "askdb/db/connector.h"
#include "askdb/mcp/tools.h"
#include "askdb/permissions/rules.h"
#include "askdb/server/api/agent_table_policy.h"
#include "askdb/server/users/principal.h"

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

// The tools' limits for askdb mcp and /mcp: the question's is the one limit every entry
// applies (agent::kMaxQuestionChars), so a tool's inputSchema names what a run accepts.
mcp::ToolLimits McpToolLimits();

class McpBackend : public mcp::Backend {
 public:
  McpBackend(McpBackendDeps deps, users::Principal who);

  StatusOr<Json> Ask(const mcp::AskRequest& request, mcp::RequestContext& context) override;
  StatusOr<Json> GenerateSql(const std::string& agent, const std::string& question,
                             mcp::RequestContext& context) override;
  StatusOr<Json> RunSql(const std::string& agent, const std::string& sql, long long max_rows,
                        mcp::RequestContext& context) override;
  StatusOr<Json> ListAgents() override;
  StatusOr<Json> ListDatasources() override;
  StatusOr<Json> DescribeSchema(const std::string& agent, const std::string& level,
                                const std::vector<std::string>& tables) override;
  // The agent's data as the caller may see it: the user's view of its datasource (their
  // rules applied), only the tables the agent selects. DescribeSchema and the web chat's
  // Tables button (GET /api/v1/agents/<id>/schema) read it.
  struct AgentSchema {
    std::string agent;
    std::string datasource;
    db::DatabaseSchema schema;
    std::shared_ptr<agent::PreparedDatasource> prepared;  // its semantic model
  };
  StatusOr<AgentSchema> VisibleSchema(const std::string& agent) const;
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
  // The knowledge scopes a search_knowledge call reads (see SearchKnowledge); none: all.
  StatusOr<std::vector<std::string>> KnowledgeScopes(const mcp::KnowledgeQuery& query) const;
  bool MayRun(const std::string& agent) const;
  // The caller's data permissions on `datasource` (empty: none apply).
  StatusOr<permissions::EffectivePolicy> Policy(const std::string& datasource) const;
  // The datasource as the caller may see it: `base` itself without rules, else the user's
  // view (PrepareForUser), kept while the datasource and the rules stay the same.
  StatusOr<std::shared_ptr<agent::PreparedDatasource>> UserView(
      const std::string& datasource, std::shared_ptr<agent::PreparedDatasource> base) const;
  // Waits for `run`, its stream frames as progress notifications and the client's
  // cancellation passed on; the result JSON (PipelineResult::ToJson) or the run's error.
  StatusOr<Json> Follow(const std::shared_ptr<Run>& run, mcp::RequestContext& context);

  struct CachedView {
    std::string key;  // base fingerprint + policy fingerprint
    std::shared_ptr<agent::PreparedDatasource> view;
  };

  McpBackendDeps deps_;
  const users::Principal who_;
  mutable std::mutex views_mu_;
  mutable std::map<std::string, CachedView> views_;  // by datasource id
};

}  // namespace askdb::server::api
