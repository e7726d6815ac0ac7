#include "askdb/server/api/mcp_backend.h"

#include <algorithm>
#include <utility>

#include "askdb/agent/ask/datasource.h"
#include "askdb/agent/ask/question_check.h"
#include "askdb/agent/ask/schema_listing.h"
#include "askdb/agent/ask/user_datasource.h"
#include "askdb/analysis/chart_recommender.h"
#include "askdb/catalog/schema_level.h"
#include "askdb/catalog/schema_render.h"
#include "askdb/common/text.h"
#include "askdb/knowledge/knowledge_base.h"
#include "askdb/knowledge/knowledge_json.h"
#include "askdb/permissions/permissioned_connector.h"
#include "askdb/server/api/datasource_cache.h"
#include "askdb/server/api/run_agent.h"
#include "askdb/server/api/run_service.h"
#include "askdb/server/store/management_store.h"

namespace askdb::server::api {
namespace {

constexpr std::string_view kResourcePrefix = "askdb://datasources/";
constexpr std::string_view kSchemaSuffix = "/schema";
constexpr std::string_view kModelSuffix = "/semantic-model";
// How often a waiting ask looks at the client's cancellation.
constexpr std::chrono::milliseconds kPollInterval{200};

bool EndsWith(std::string_view text, std::string_view suffix) {
  return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

// "node_start classify" from a stream frame's data, for a progress message.
std::string ProgressMessage(const SseBufferedEvent& event) {
  StatusOr<Json> data = ParseJson(event.data);
  std::string node = data.ok() && data->is_object() ? data->value("node", "") : "";
  return node.empty() ? event.event : event.event + " " + node;
}

// The tables of `schema` named in `names` (any case), in that order; a missing one is
// InvalidArgument naming the available tables.
StatusOr<std::vector<db::TableInfo>> SelectTables(const db::DatabaseSchema& schema,
                                                  const std::vector<std::string>& names,
                                                  const std::string& datasource) {
  std::vector<db::TableInfo> kept;
  for (const std::string& name : names) {
    const db::TableInfo* table = schema.FindTable(name);
    if (table == nullptr) {
      std::string known;
      for (const db::TableInfo& t : schema.tables) known += (known.empty() ? "" : ", ") + t.name;
      return InvalidArgumentError("no table '" + name + "' in datasource '" + datasource +
                                  "'; its tables are: " + known);
    }
    kept.push_back(*table);
  }
  return kept;
}

// `model` without what `schema` (the user's view) lacks: tables and columns the user may
// not see are dropped, not merely switched off, so that their names are not shown either.
Json VisibleModelJson(catalog::SemanticModel model, const db::DatabaseSchema& schema) {
  std::erase_if(model.tables, [&](const catalog::TableSemantics& table) {
    return schema.FindTable(table.name) == nullptr;
  });
  for (catalog::TableSemantics& table : model.tables) {
    const db::TableInfo* info = schema.FindTable(table.name);
    std::erase_if(table.columns, [&](const catalog::ColumnSemantics& column) {
      return std::none_of(info->columns.begin(), info->columns.end(), [&](const auto& c) {
        return text::EqualsIgnoreAsciiCase(c.name, column.name);
      });
    });
  }
  return catalog::ToJson(model);
}

// The search's mode, size and kinds from the tool call; its scopes are set apart.
StatusOr<knowledge::SearchOptions> KnowledgeSearchOptions(const mcp::KnowledgeQuery& query) {
  knowledge::SearchOptions options;
  options.top_k = static_cast<std::size_t>(std::max(1LL, query.top_k));
  if (query.mode == "keyword") {
    options.mode = knowledge::SearchMode::kKeyword;
  } else if (query.mode == "vector") {
    options.mode = knowledge::SearchMode::kVector;
  }
  for (const std::string& type : query.types) {
    std::optional<knowledge::ChunkType> parsed = knowledge::ParseChunkType(type);
    if (!parsed) return InvalidArgumentError("unknown type '" + type + "': document, qa or faq");
    options.filter.types.push_back(*parsed);
  }
  if (options.filter.types.empty()) {
    // Business terms live beside the database, not here: only the items' kinds.
    options.filter.types = {knowledge::ChunkType::kDocument, knowledge::ChunkType::kQa,
                            knowledge::ChunkType::kFaq};
  }
  return options;
}

// The hits as JSON, each with the item it came from; items deleted since the index saw
// them are left out.
Json KnowledgeHitsJson(const knowledge::KnowledgeBase& base,
                       const std::vector<knowledge::SearchHit>& found) {
  Json hits = Json::array();
  for (const knowledge::SearchHit& hit : found) {
    StatusOr<knowledge::KnowledgeItem> item = base.Get(hit.item_id);
    if (!item.ok() || item->deleted) continue;
    Json out = knowledge::SearchHitToJson(hit);
    out["source"] = Json{{"item_id", item->id},
                         {"kind", std::string(knowledge::ItemKindName(item->kind))},
                         {"title", item->title},
                         {"file_name", item->file_name}};
    hits.push_back(std::move(out));
  }
  return hits;
}

}  // namespace

mcp::ToolLimits McpToolLimits() {
  mcp::ToolLimits limits;
  limits.max_question_chars = agent::kMaxQuestionChars;  // maxLength: characters
  return limits;
}

Status ValidateMcpBackendDeps(const McpBackendDeps& deps) {
  if (deps.runs == nullptr || deps.store == nullptr || deps.datasources == nullptr) {
    return InvalidArgumentError(
        "the MCP backend needs a RunService, a management store and a "
        "DatasourceCache");
  }
  return Status::Ok();
}

McpBackend::McpBackend(McpBackendDeps deps, users::Principal who)
    : deps_(std::move(deps)), who_(std::move(who)) {}

bool McpBackend::MayRun(const std::string& agent) const { return who_.MayRunAgent(agent); }

StatusOr<permissions::EffectivePolicy> McpBackend::Policy(const std::string& datasource) const {
  return deps_.runs->PolicyFor(who_.DataUser(), datasource);
}

StatusOr<std::shared_ptr<agent::PreparedDatasource>> McpBackend::UserView(
    const std::string& datasource, std::shared_ptr<agent::PreparedDatasource> base) const {
  ASKDB_ASSIGN_OR_RETURN(permissions::EffectivePolicy policy, Policy(datasource));
  if (policy.empty()) return base;
  const std::string key = base->fingerprint + "#" + policy.Fingerprint();
  {
    std::lock_guard<std::mutex> lock(views_mu_);
    auto it = views_.find(datasource);
    if (it != views_.end() && it->second.key == key) return it->second.view;
  }
  ASKDB_ASSIGN_OR_RETURN(std::shared_ptr<agent::PreparedDatasource> view,
                         agent::PrepareForUser(std::move(base), policy));
  std::lock_guard<std::mutex> lock(views_mu_);
  views_[datasource] = CachedView{key, view};
  return view;
}

StatusOr<std::string> McpBackend::ResolveAgent(const std::string& requested) const {
  const AgentExists exists = AgentsOf(*deps_.store);
  std::string agent = requested;
  if (agent.empty()) {
    ASKDB_ASSIGN_OR_RETURN(agent, UnnamedRunAgent(who_, "default", exists, "agent"));
  }
  ASKDB_RETURN_IF_ERROR(CheckRunnableAgent(who_, agent, exists, AgentListHint::kMcp));
  return agent;
}

StatusOr<std::shared_ptr<agent::PreparedDatasource>> McpBackend::AgentDatasource(
    const std::string& agent, store::AgentRecord* record) const {
  ASKDB_ASSIGN_OR_RETURN(store::AgentRecord found, deps_.store->GetAgent(agent));
  const std::string datasource = found.datasource_id;
  if (record != nullptr) *record = std::move(found);
  return deps_.datasources->Get(datasource);
}

StatusOr<Json> McpBackend::Ask(const mcp::AskRequest& ask, mcp::RequestContext& context) {
  RunRequest request;
  if (ask.thread_id.empty()) {
    ASKDB_ASSIGN_OR_RETURN(request.agent_id, ResolveAgent(ask.agent));
    request.thread_id = NewThreadId();
  } else {
    // A thread belongs to the agent of its first run; a thread of an agent this key may not
    // run (or not the one asked for) is unknown, exactly like one that does not exist.
    ASKDB_RETURN_IF_ERROR(ValidateThreadId(ask.thread_id));
    request.thread_id = ask.thread_id;
    ASKDB_ASSIGN_OR_RETURN(std::optional<std::string> owner,
                           deps_.runs->ThreadOwner(ask.thread_id));
    if (owner) {
      if (!MayRun(*owner) || (!ask.agent.empty() && ask.agent != *owner)) {
        return UnknownThreadError(ask.thread_id);
      }
      request.agent_id = *owner;
    } else {
      if (!ask.answer.empty() && !deps_.runs->HasCheckpoint(ask.thread_id)) {
        return UnknownThreadError(ask.thread_id);
      }
      ASKDB_ASSIGN_OR_RETURN(request.agent_id, ResolveAgent(ask.agent));
    }
  }
  request.kind = ask.answer.empty() ? RunKind::kAsk : RunKind::kResume;
  request.user = who_.DataUser();
  request.text = ask.answer.empty() ? ask.question : ask.answer;
  request.route_label = "/mcp";
  request.face = agent::AnswerFace::kMcp;
  ASKDB_ASSIGN_OR_RETURN(std::shared_ptr<Run> run, deps_.runs->Start(std::move(request)));
  return Follow(run, context);
}

StatusOr<Json> McpBackend::Follow(const std::shared_ptr<Run>& run, mcp::RequestContext& context) {
  // Each stream frame of the run becomes one progress notification.
  const auto deadline = std::chrono::steady_clock::now() + deps_.run_timeout;
  std::int64_t last_id = 0;
  double progress = 0;
  bool cancelled = false;
  for (;;) {
    SseWaitResult waited = run->events().WaitFrom(last_id, kPollInterval);
    for (const SseBufferedEvent& event : waited.events) {
      last_id = event.id;
      context.progress(++progress, ProgressMessage(event));
    }
    if (waited.end) break;
    if (!cancelled && context.cancel->IsCancelled()) {
      cancelled = true;
      (void)deps_.runs->Cancel(run->id());
    }
    if (std::chrono::steady_clock::now() > deadline) {
      (void)deps_.runs->Cancel(run->id());
      return DeadlineExceededError("the run of thread '" + run->id() + "' took longer than " +
                                   std::to_string(deps_.run_timeout.count() / 1000) +
                                   " s and was cancelled");
    }
  }
  std::optional<StatusOr<Json>> outcome = run->Wait(deps_.run_timeout);
  if (!outcome) return DeadlineExceededError("the run of thread '" + run->id() + "' did not end");
  return std::move(*outcome);
}

StatusOr<Json> McpBackend::GenerateSql(const std::string& agent, const std::string& question,
                                       mcp::RequestContext& context) {
  RunRequest request;
  ASKDB_ASSIGN_OR_RETURN(request.agent_id, ResolveAgent(agent));
  ASKDB_ASSIGN_OR_RETURN(store::AgentRecord record, deps_.store->GetAgent(request.agent_id));
  request.thread_id = NewThreadId();
  request.text = question;
  request.sql_only = true;  // the engine, else the model; checked, never executed
  request.user = who_.DataUser();
  request.route_label = "/mcp";
  request.face = agent::AnswerFace::kMcp;
  ASKDB_ASSIGN_OR_RETURN(std::shared_ptr<Run> run, deps_.runs->Start(std::move(request)));
  ASKDB_ASSIGN_OR_RETURN(Json result, Follow(run, context));
  const std::string route = result.value("route", "");
  const std::string sql = result.value("sql", "");
  const bool answered = (route == "engine" || route == "llm") && !sql.empty();
  std::string reason;
  if (result.contains("interrupt")) {
    // No run waits on this thread for generate_sql: the question goes back as the reason.
    reason = "the question needs clarification (" + result.value("answer", "") +
             "); ask again with that detail";
  } else if (!answered) {
    reason = result.value("answer", "");
  }
  Json explanation = Json::array();
  if (const auto engine = result.find("engine"); engine != result.end() && engine->is_object()) {
    explanation = engine->value("mappings", Json::array());
  }
  return Json{{"answered", answered},
              {"sql", answered ? sql : std::string()},
              {"reason", reason},
              {"source", answered ? route : std::string()},
              {"explanation", std::move(explanation)},
              {"llm_calls", result.value("llm_calls", 0)},
              {"datasource", record.datasource_id}};
}

StatusOr<Json> McpBackend::RunSql(const std::string& agent, const std::string& sql,
                                  long long max_rows, mcp::RequestContext& context) {
  ASKDB_ASSIGN_OR_RETURN(std::string id, ResolveAgent(agent));
  store::AgentRecord record;
  ASKDB_ASSIGN_OR_RETURN(std::shared_ptr<agent::PreparedDatasource> prepared,
                         AgentDatasource(id, &record));
  // The caller's data permissions and the agent's table selection, in one policy: every
  // statement is rewritten (or refused) for it, as a run of this user's is.
  ASKDB_ASSIGN_OR_RETURN(permissions::EffectivePolicy policy, Policy(record.datasource_id));
  RefuseUnselectedTables(prepared->schema, record, policy);
  db::QueryOptions query = deps_.query;
  query.max_rows = std::min(max_rows, deps_.query.max_rows);
  query.cancel = context.cancel;
  std::unique_ptr<db::Connector> permissioned;
  db::Connector* connector = prepared->connector.get();
  if (!policy.empty()) {
    // Shares ownership of `prepared`: the user's connector wraps its connection.
    std::shared_ptr<db::Connector> inner(prepared, prepared->connector.get());
    permissioned = std::make_unique<permissions::PermissionedConnector>(
        std::move(inner), std::move(policy),
        std::shared_ptr<const db::DatabaseSchema>(prepared, &prepared->schema));
    connector = permissioned.get();
  }
  ASKDB_ASSIGN_OR_RETURN(db::ResultSet result, connector->Execute(sql, query));
  Json out = result.ToJson();
  analysis::ChartRequest chart_request;
  chart_request.sql = sql;
  const analysis::ChartSpec chart = analysis::RecommendChart(result, chart_request);
  out["chart"] = chart.ToJson();
  return out;
}

StatusOr<Json> McpBackend::ListAgents() {
  ASKDB_ASSIGN_OR_RETURN(std::vector<store::AgentRecord> agents, deps_.store->ListAgents());
  Json out = Json::array();
  for (const store::AgentRecord& a : agents) {
    if (!MayRun(a.id)) continue;
    out.push_back(Json{{"id", a.id},
                       {"name", a.name},
                       {"datasource_id", a.datasource_id},
                       {"language", a.language},
                       {"selected_tables", a.selected_tables},
                       {"preset_questions", a.preset_questions}});
  }
  return out;
}

StatusOr<std::vector<std::string>> McpBackend::VisibleDatasources() const {
  std::vector<std::string> ids;
  if (who_.IsAdmin()) {
    ASKDB_ASSIGN_OR_RETURN(std::vector<store::DatasourceRecord> all,
                           deps_.store->ListDatasources());
    for (const store::DatasourceRecord& d : all) ids.push_back(d.id);
    return ids;
  }
  ASKDB_ASSIGN_OR_RETURN(std::vector<store::AgentRecord> agents, deps_.store->ListAgents());
  for (const store::AgentRecord& a : agents) {
    if (MayRun(a.id) && std::find(ids.begin(), ids.end(), a.datasource_id) == ids.end()) {
      ids.push_back(a.datasource_id);
    }
  }
  return ids;
}

StatusOr<Json> McpBackend::ListDatasources() {
  ASKDB_ASSIGN_OR_RETURN(std::vector<std::string> ids, VisibleDatasources());
  const bool admin = who_.IsAdmin();
  Json out = Json::array();
  for (const std::string& id : ids) {
    ASKDB_ASSIGN_OR_RETURN(store::DatasourceRecord d, deps_.store->GetDatasource(id));
    Json item{{"id", d.id}, {"name", d.name}};
    // Where the data lives (never a password) is the administrator's business.
    if (admin) item["url"] = d.url;
    out.push_back(std::move(item));
  }
  return out;
}

StatusOr<McpBackend::AgentSchema> McpBackend::VisibleSchema(const std::string& agent) const {
  AgentSchema out;
  ASKDB_ASSIGN_OR_RETURN(out.agent, ResolveAgent(agent));
  store::AgentRecord record;
  ASKDB_ASSIGN_OR_RETURN(std::shared_ptr<agent::PreparedDatasource> base,
                         AgentDatasource(out.agent, &record));
  out.datasource = record.datasource_id;
  ASKDB_ASSIGN_OR_RETURN(out.prepared, UserView(out.datasource, std::move(base)));
  // The agent's own table selection: its view of the data.
  out.schema = out.prepared->schema;
  out.schema.tables = agent::AgentTables(out.schema, record.selected_tables);
  return out;
}

StatusOr<Json> McpBackend::DescribeSchema(const std::string& agent, const std::string& level,
                                          const std::vector<std::string>& tables) {
  ASKDB_ASSIGN_OR_RETURN(catalog::SchemaLevel parsed, catalog::ParseSchemaLevel(level));
  ASKDB_ASSIGN_OR_RETURN(AgentSchema view, VisibleSchema(agent));
  db::DatabaseSchema& schema = view.schema;
  if (!tables.empty()) {
    ASKDB_ASSIGN_OR_RETURN(schema.tables, SelectTables(schema, tables, view.datasource));
  }
  catalog::RenderOptions options;
  options.level = parsed;
  Json names = Json::array();
  for (const db::TableInfo& t : schema.tables) names.push_back(t.name);
  const catalog::SemanticModel* model = view.prepared->model ? &*view.prepared->model : nullptr;
  return Json{{"datasource", view.datasource},
              {"level", std::string(catalog::SchemaLevelName(parsed))},
              {"tables", std::move(names)},
              {"text", catalog::RenderSchema(schema, model, options)}};
}

StatusOr<Json> McpBackend::SearchKnowledge(const mcp::KnowledgeQuery& query) {
  if (deps_.knowledge == nullptr) {
    return FailedPreconditionError("this server has no knowledge base");
  }
  ASKDB_ASSIGN_OR_RETURN(knowledge::SearchOptions options, KnowledgeSearchOptions(query));
  ASKDB_ASSIGN_OR_RETURN(options.filter.scopes, KnowledgeScopes(query));
  const knowledge::SearchResult result = deps_.knowledge->Search(query.query, options);
  Json out{{"query", query.query},
           {"mode", query.mode},
           {"scopes", options.filter.scopes},
           {"hits", KnowledgeHitsJson(*deps_.knowledge, result.hits)}};
  if (!result.vector_error.empty()) out["vector_error"] = result.vector_error;
  return out;
}

StatusOr<std::vector<std::string>> McpBackend::KnowledgeScopes(
    const mcp::KnowledgeQuery& query) const {
  if (!query.datasource.empty()) {
    ASKDB_ASSIGN_OR_RETURN(std::vector<std::string> ids, VisibleDatasources());
    if (std::find(ids.begin(), ids.end(), query.datasource) == ids.end()) {
      return NotFoundError("no datasource '" + query.datasource +
                           "' for this key: list_datasources names the ones you may use");
    }
    return std::vector<std::string>{"datasource:" + query.datasource};
  }
  if (!query.agent.empty() || !who_.IsAdmin()) {
    // As the evidence stage recalls for a run of this agent.
    ASKDB_ASSIGN_OR_RETURN(std::string id, ResolveAgent(query.agent));
    ASKDB_ASSIGN_OR_RETURN(store::AgentRecord record, deps_.store->GetAgent(id));
    return std::vector<std::string>{"agent:" + id, "datasource:" + record.datasource_id};
  }
  return std::vector<std::string>{};  // every scope
}

StatusOr<Json> McpBackend::ListResources() {
  ASKDB_ASSIGN_OR_RETURN(std::vector<std::string> ids, VisibleDatasources());
  Json out = Json::array();
  for (const std::string& id : ids) {
    const std::string base = std::string(kResourcePrefix) + id;
    out.push_back(Json{{"uri", base + std::string(kSchemaSuffix)},
                       {"name", id + " schema"},
                       {"title", "Schema of datasource " + id},
                       {"description",
                        "Tables, columns, types, keys, business names, sample "
                        "values and relations (the detailed schema level)"},
                       {"mimeType", "text/plain"}});
    StatusOr<Json> model = deps_.store->GetSemanticModel(id);
    if (model.ok()) {
      out.push_back(Json{{"uri", base + std::string(kModelSuffix)},
                         {"name", id + " semantic model"},
                         {"title", "Semantic model of datasource " + id},
                         {"description",
                          "Business names, synonyms, units and enabled "
                          "tables and columns (JSON)"},
                         {"mimeType", "application/json"}});
    } else if (model.status().code() != StatusCode::kNotFound) {
      return model.status();
    }
  }
  return out;
}

StatusOr<Json> McpBackend::ReadResource(std::string_view uri) {
  auto unknown = [uri] {
    return NotFoundError("no resource '" + std::string(uri) +
                         "': resources/list names the resources you may read");
  };
  if (!uri.starts_with(kResourcePrefix)) return unknown();
  std::string_view rest = uri.substr(kResourcePrefix.size());
  const bool schema = EndsWith(rest, kSchemaSuffix);
  const bool model = EndsWith(rest, kModelSuffix);
  if (!schema && !model) return unknown();
  const std::string id(
      rest.substr(0, rest.size() - (schema ? kSchemaSuffix : kModelSuffix).size()));
  ASKDB_ASSIGN_OR_RETURN(std::vector<std::string> ids, VisibleDatasources());
  if (std::find(ids.begin(), ids.end(), id) == ids.end()) return unknown();
  ASKDB_ASSIGN_OR_RETURN(permissions::EffectivePolicy policy, Policy(id));
  if (model) {
    StatusOr<Json> json = deps_.store->GetSemanticModel(id);
    if (!json.ok() && json.status().code() == StatusCode::kNotFound) return unknown();
    ASKDB_RETURN_IF_ERROR(json.status());
    if (!policy.empty()) {
      // The user's view: the model without what their rules hide.
      ASKDB_ASSIGN_OR_RETURN(std::shared_ptr<agent::PreparedDatasource> base,
                             deps_.datasources->Get(id));
      ASKDB_ASSIGN_OR_RETURN(std::shared_ptr<agent::PreparedDatasource> view,
                             UserView(id, std::move(base)));
      ASKDB_ASSIGN_OR_RETURN(catalog::SemanticModel parsed, catalog::SemanticModelFromJson(*json));
      *json = VisibleModelJson(std::move(parsed), view->schema);
    }
    return Json::array(
        {Json{{"uri", uri}, {"mimeType", "application/json"}, {"text", json->dump(2)}}});
  }
  ASKDB_ASSIGN_OR_RETURN(std::shared_ptr<agent::PreparedDatasource> base,
                         deps_.datasources->Get(id));
  ASKDB_ASSIGN_OR_RETURN(std::shared_ptr<agent::PreparedDatasource> prepared,
                         UserView(id, std::move(base)));
  catalog::RenderOptions options;
  options.level = catalog::SchemaLevel::kDetailed;
  return Json::array({Json{
      {"uri", uri},
      {"mimeType", "text/plain"},
      {"text", catalog::RenderSchema(prepared->schema,
                                     prepared->model ? &*prepared->model : nullptr, options)}}});
}

}  // namespace askdb::server::api
