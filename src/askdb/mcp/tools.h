// askdb's MCP tools and resources (docs/mcp.md): the schemas clients see, the checks of
// their arguments, and the shaping of results into CallToolResults, over a Backend that
// does the work (server/api/mcp_backend.h: runs on the RunService, SQL on the agent's
// datasource, the management store's agents and datasources).
//
//   ask              question (+ thread_id; + answer to resume an interrupted run) → answer,
//                    sql, rows (≤ max_rows), chart option, route, cost; or status
//                    "needs_input" with the question and the thread id
//   generate_sql     question → SQL (engine, else model), checked and bound, not executed
//   run_sql          one read-only statement (the connector's statement guard) → rows
//   list_agents, list_datasources
//   describe_schema  level basic|detailed, optional tables
//   search_knowledge query (+ agent or datasource, top_k, types, mode) → the knowledge base's
//                    hits with their source item and keyword/vector/fused scores; listed
//                    only when a knowledge base backs the server
//
// Argument mistakes (a missing or mistyped field, an unknown one, a value too long) and
// failures of the work (a refused write, an unknown agent) are tool errors (isError: true,
// with a message saying what to change), so that the calling model can correct itself; an
// unknown tool is a JSON-RPC error (-32602).
// Thread-safe when the Backend is.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "askdb/mcp/session.h"

namespace askdb::mcp {

struct AskRequest {
  std::string question;
  std::string thread_id;  // "" for a new conversation
  std::string answer;     // the reply to an interrupted run (thread_id required)
  std::string agent;      // "" for the caller's default agent
};

struct KnowledgeQuery {
  std::string query;
  std::string agent;       // "" : every scope the caller may see
  std::string datasource;  // "" : not limited to one datasource (not with agent)
  long long top_k = 5;
  std::vector<std::string> types;  // document, qa, faq; empty: all
  std::string mode = "hybrid";     // hybrid, keyword, vector
};

// The operations behind the tools. Errors are Status values whose message a model can act
// on; they become tool errors.
class Backend {
 public:
  virtual ~Backend() = default;
  // PipelineResult::ToJson of the finished run (or the interrupted one).
  virtual StatusOr<Json> Ask(const AskRequest& request, RequestContext& context) = 0;
  // {"sql", "answered", "reason", "source", "explanation", "llm_calls"}: not executed.
  virtual StatusOr<Json> GenerateSql(const std::string& agent, const std::string& question,
                                     RequestContext& context) = 0;
  // {"columns": [{"name","type"}], "rows", "truncated", "chart"}.
  virtual StatusOr<Json> RunSql(const std::string& agent, const std::string& sql,
                                long long max_rows, RequestContext& context) = 0;
  virtual StatusOr<Json> ListAgents() = 0;       // [{"id","name","datasource_id",...}]
  virtual StatusOr<Json> ListDatasources() = 0;  // [{"id","name",...}]
  // {"datasource", "level", "tables": [names], "text"}.
  virtual StatusOr<Json> DescribeSchema(const std::string& agent, const std::string& level,
                                        const std::vector<std::string>& tables) = 0;
  // Whether a knowledge base answers SearchKnowledge (else search_knowledge is not listed).
  virtual bool HasKnowledge() const { return false; }
  // {"query", "mode", "scopes", "hits": [SearchHitToJson + "source"]}.
  virtual StatusOr<Json> SearchKnowledge(const KnowledgeQuery& query) {
    (void)query;
    return FailedPreconditionError("this server has no knowledge base");
  }
  // The row cap every query obeys (database.max_rows).
  virtual long long MaxRows() const = 0;
  virtual StatusOr<Json> ListResources() = 0;
  virtual StatusOr<Json> ReadResource(std::string_view uri) = 0;
};

struct ToolLimits {
  std::size_t max_question_chars = 4000;
  std::size_t max_sql_bytes = 100'000;
  std::size_t max_name_bytes = 200;
  long long default_rows = 100;  // rows an answer carries unless max_rows says otherwise
};

class AskdbTools : public ToolHandler {
 public:
  explicit AskdbTools(Backend& backend, ToolLimits limits = {});

  Json ListTools() const override;
  StatusOr<Json> CallTool(std::string_view name, const Json& arguments,
                          RequestContext& context) override;
  StatusOr<Json> ListResources() override { return backend_.ListResources(); }
  StatusOr<Json> ReadResource(std::string_view uri) override { return backend_.ReadResource(uri); }

 private:
  StatusOr<Json> Ask(const Json& args, RequestContext& context);
  StatusOr<Json> GenerateSql(const Json& args, RequestContext& context);
  StatusOr<Json> RunSql(const Json& args, RequestContext& context);
  StatusOr<Json> DescribeSchema(const Json& args);
  StatusOr<Json> SearchKnowledge(const Json& args);
  StatusOr<long long> RowCap(const Json& args) const;

  Backend& backend_;
  const ToolLimits limits_;
  const Json tools_;  // the tools/list entries, built once from limits_
};

// askdb's name, the build's `version` (BuildRevision(), as `askdb --version` shows it) and the
// instructions clients show their model.
ServerInfo AskdbServerInfo(std::string_view version);

// A CallToolResult with `structured` as structuredContent and its JSON as the text block.
Json ToolResult(const Json& structured);
// A CallToolResult with isError and `message` as the text.
Json ToolError(std::string_view message);

}  // namespace askdb::mcp
