#include "askdb/server/store/store_rules.h"

#include "askdb/server/security/api_keys.h"

namespace askdb::server::store::rules {

int64_t ToMs(Clock::TimePoint t) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(t.time_since_epoch()).count();
}

Clock::TimePoint FromMs(int64_t ms) {
  return Clock::TimePoint(
      std::chrono::duration_cast<Clock::Duration>(std::chrono::milliseconds(ms)));
}

std::string Dump(const Json& value) {
  return value.dump(-1, ' ', false, Json::error_handler_t::replace);
}

Json ToJsonArray(const std::vector<std::string>& values) {
  Json out = Json::array();
  for (const auto& v : values) out.push_back(v);
  return out;
}

std::vector<std::string> FromJsonArray(const Json& value) {
  std::vector<std::string> out;
  if (!value.is_array()) return out;
  for (const auto& v : value) {
    if (v.is_string()) out.push_back(v.get<std::string>());
  }
  return out;
}

Json ColJson(const RowSource& row, int i, Json fallback) {
  if (row.ColNull(i)) return fallback;
  StatusOr<Json> parsed = ParseJson(row.ColText(i));
  return parsed.ok() ? *parsed : fallback;
}

Status RequireField(std::string_view value, std::string_view field) {
  if (value.empty()) return InvalidArgumentError(std::string(field) + ": must not be empty");
  return Status::Ok();
}

Status NotFound(std::string_view kind, std::string_view id) {
  // Said to HTTP clients and CLI users alike ("list them with GET" named no route).
  return NotFoundError("no " + std::string(kind) + " '" + std::string(id) +
                       "'; check the id against the list of " + std::string(kind) + "s");
}

Status DuplicateId(std::string_view kind, std::string_view id, bool suggest_other_id) {
  return AlreadyExistsError(std::string(kind) + " '" + std::string(id) + "' already exists" +
                            (suggest_other_id ? "; pick another id" : ""));
}

Status NoSuchDatasource(std::string_view field, std::string_view id) {
  return InvalidArgumentError(std::string(field) + ": no datasource '" + std::string(id) +
                              "'; create it first (POST /api/v1/datasources)");
}

Status NoSuchAgent(std::string_view field, std::string_view id) {
  return InvalidArgumentError(std::string(field) + ": no agent '" + std::string(id) +
                              "'; create it first (POST /api/v1/agents)");
}

Status DatasourceInUse(std::string_view datasource_id, std::string_view agent_id) {
  return FailedPreconditionError("datasource '" + std::string(datasource_id) +
                                 "' is bound to agent '" + std::string(agent_id) +
                                 "'; bind the agent to another datasource or delete it first");
}

Status NoSemanticModel(std::string_view datasource_id, bool suggest_put) {
  return NotFoundError("datasource '" + std::string(datasource_id) + "' has no semantic model" +
                       (suggest_put ? "; PUT or import one" : ""));
}

Status NoActiveModel() {
  return NotFoundError("no model configuration is active; POST /api/v1/models/{id}/activate");
}

Status AssignId(std::string& id, std::string_view prefix) {
  if (id.empty()) id = NewRecordId(prefix);
  return ValidateRecordId(id);
}

Status ValidateAgent(const AgentRecord& a) {
  ASKDB_RETURN_IF_ERROR(RequireField(a.name, "name"));
  ASKDB_RETURN_IF_ERROR(RequireField(a.datasource_id, "datasource_id"));
  if (a.language != "auto" && a.language != "zh" && a.language != "en") {
    return InvalidArgumentError("language: must be auto, zh or en, got '" + a.language + "'");
  }
  return Status::Ok();
}

Status ValidateDatasource(const DatasourceRecord& d) {
  ASKDB_RETURN_IF_ERROR(RequireField(d.name, "name"));
  return RequireField(d.url, "url");
}

Status ValidateRelation(const RelationRecord& r) {
  ASKDB_RETURN_IF_ERROR(RequireField(r.from_table, "from_table"));
  ASKDB_RETURN_IF_ERROR(RequireField(r.from_column, "from_column"));
  ASKDB_RETURN_IF_ERROR(RequireField(r.to_table, "to_table"));
  ASKDB_RETURN_IF_ERROR(RequireField(r.to_column, "to_column"));
  if (r.kind != "1:1" && r.kind != "1:N" && r.kind != "N:1") {
    return InvalidArgumentError("kind: must be 1:1, 1:N or N:1, got '" + r.kind + "'");
  }
  return Status::Ok();
}

Status ValidateSession(const SessionRecord& s) { return RequireField(s.agent_id, "agent_id"); }

Status ValidateSessionTitle(std::string_view title) {
  if (title.find_first_not_of(" \t\r\n") == std::string_view::npos) {
    return InvalidArgumentError("title: must not be empty");
  }
  if (title.size() > kMaxSessionTitleBytes) {
    return InvalidArgumentError("title: at most " + std::to_string(kMaxSessionTitleBytes) +
                                " bytes, got " + std::to_string(title.size()));
  }
  return Status::Ok();
}

Status ValidateMessage(const MessageRecord& m) {
  if (m.role != "user" && m.role != "assistant") {
    return InvalidArgumentError("role: must be user or assistant, got '" + m.role + "'");
  }
  return Status::Ok();
}

Status ValidateExample(const ExampleRecord& e) {
  ASKDB_RETURN_IF_ERROR(RequireField(e.question, "question"));
  return RequireField(e.sql, "sql");
}

Status ValidateRun(const RunRecord& r) {
  ASKDB_RETURN_IF_ERROR(RequireField(r.run_id, "run_id"));
  return RequireField(r.thread_id, "thread_id");
}

Status ValidateModel(const ModelConfigRecord& m) {
  ASKDB_RETURN_IF_ERROR(RequireField(m.name, "name"));
  ASKDB_RETURN_IF_ERROR(RequireField(m.model, "model"));
  if (m.provider != "openai") {
    return InvalidArgumentError(
        "provider: only 'openai' (any OpenAI-compatible endpoint) is "
        "supported, got '" +
        m.provider + "'");
  }
  return Status::Ok();
}

Status ValidateApiKey(const security::ApiKeyRecord& k) {
  ASKDB_RETURN_IF_ERROR(RequireField(k.id, "id"));
  return security::ValidateScope(k.scope);
}

Status ValidateSemanticModel(const Json& model) {
  if (!model.is_object()) return InvalidArgumentError("model: must be a JSON object");
  return Status::Ok();
}

AgentRecord ReadAgent(const RowSource& s) {
  AgentRecord r;
  r.id = s.ColText(0);
  r.name = s.ColText(1);
  r.instructions = s.ColText(2);
  r.datasource_id = s.ColText(3);
  r.selected_tables = FromJsonArray(ColJson(s, 4, Json::array()));
  r.language = s.ColText(5);
  if (!s.ColNull(6)) r.plan_review = s.ColInt(6) != 0;
  r.fast_mode = s.ColInt(7) != 0;
  r.preset_questions = FromJsonArray(ColJson(s, 8, Json::array()));
  r.created_at = FromMs(s.ColInt(9));
  r.updated_at = FromMs(s.ColInt(10));
  return r;
}

DatasourceRecord ReadDatasource(const RowSource& s) {
  DatasourceRecord r;
  r.id = s.ColText(0);
  r.name = s.ColText(1);
  r.url = s.ColText(2);
  r.sealed_password = s.ColText(3);
  r.created_at = FromMs(s.ColInt(4));
  r.updated_at = FromMs(s.ColInt(5));
  return r;
}

RelationRecord ReadRelation(const RowSource& s) {
  RelationRecord r;
  r.id = s.ColText(0);
  r.datasource_id = s.ColText(1);
  r.from_table = s.ColText(2);
  r.from_column = s.ColText(3);
  r.to_table = s.ColText(4);
  r.to_column = s.ColText(5);
  r.kind = s.ColText(6);
  r.description = s.ColText(7);
  r.created_at = FromMs(s.ColInt(8));
  return r;
}

SessionRecord ReadSession(const RowSource& s) {
  SessionRecord r;
  r.id = s.ColText(0);
  r.agent_id = s.ColText(1);
  r.title = s.ColText(2);
  r.created_at = FromMs(s.ColInt(3));
  r.updated_at = FromMs(s.ColInt(4));
  return r;
}

MessageRecord ReadMessage(const RowSource& s) {
  MessageRecord r;
  r.session_id = s.ColText(0);
  r.seq = s.ColInt(1);
  r.role = s.ColText(2);
  r.text = s.ColText(3);
  r.thread_id = s.ColText(4);
  r.run = ColJson(s, 5, nullptr);
  r.created_at = FromMs(s.ColInt(6));
  return r;
}

ExampleRecord ReadExample(const RowSource& s) {
  ExampleRecord r;
  r.id = s.ColText(0);
  r.agent_id = s.ColText(1);
  r.question = s.ColText(2);
  r.sql = s.ColText(3);
  r.created_at = FromMs(s.ColInt(4));
  return r;
}

RunRecord ReadRun(const RowSource& s) {
  RunRecord r;
  r.run_id = s.ColText(0);
  r.thread_id = s.ColText(1);
  r.agent_id = s.ColText(2);
  r.question = s.ColText(3);
  r.route = s.ColText(4);
  r.outcome = s.ColText(5);
  r.error = s.ColText(6);
  r.started_at = FromMs(s.ColInt(7));
  r.duration_ms = s.ColInt(8);
  r.nodes = ColJson(s, 9, Json::array());
  r.llm_calls = s.ColInt(10);
  r.prompt_tokens = s.ColInt(11);
  r.completion_tokens = s.ColInt(12);
  return r;
}

ModelConfigRecord ReadModel(const RowSource& s) {
  ModelConfigRecord r;
  r.id = s.ColText(0);
  r.name = s.ColText(1);
  r.provider = s.ColText(2);
  r.base_url = s.ColText(3);
  r.model = s.ColText(4);
  r.sealed_api_key = s.ColText(5);
  r.active = s.ColInt(6) != 0;
  r.created_at = FromMs(s.ColInt(7));
  r.updated_at = FromMs(s.ColInt(8));
  return r;
}

security::ApiKeyRecord ReadApiKey(const RowSource& s) {
  security::ApiKeyRecord r;
  r.id = s.ColText(0);
  r.scope = s.ColText(1);
  r.hash = s.ColText(2);
  r.created_at = FromMs(s.ColInt(3));
  if (!s.ColNull(4)) r.last4 = s.ColText(4);
  r.revoked = s.ColInt(5) != 0;
  return r;
}

void BindAgentFields(ParamSink& s, const AgentRecord& a) {
  s.Text(a.name)
      .Text(a.instructions)
      .Text(a.datasource_id)
      .Text(Dump(ToJsonArray(a.selected_tables)))
      .Text(a.language);
  if (a.plan_review) {
    s.Int(*a.plan_review ? 1 : 0);
  } else {
    s.Null();
  }
  s.Int(a.fast_mode ? 1 : 0).Text(Dump(ToJsonArray(a.preset_questions)));
}

void BindAgentRow(ParamSink& s, const AgentRecord& r) {
  s.Text(r.id);
  BindAgentFields(s, r);
  s.Int(ToMs(r.created_at)).Int(ToMs(r.updated_at));
}

void BindDatasourceRow(ParamSink& s, const DatasourceRecord& r) {
  s.Text(r.id).Text(r.name).Text(r.url).Text(r.sealed_password);
  s.Int(ToMs(r.created_at)).Int(ToMs(r.updated_at));
}

void BindRelationRow(ParamSink& s, const RelationRecord& r) {
  s.Text(r.id).Text(r.datasource_id).Text(r.from_table).Text(r.from_column);
  s.Text(r.to_table).Text(r.to_column).Text(r.kind).Text(r.description);
  s.Int(ToMs(r.created_at));
}

void BindSessionRow(ParamSink& s, const SessionRecord& r) {
  s.Text(r.id).Text(r.agent_id).Text(r.title).Int(ToMs(r.created_at)).Int(ToMs(r.updated_at));
}

void BindMessageRow(ParamSink& s, const MessageRecord& r) {
  s.Text(r.session_id).Int(r.seq).Text(r.role).Text(r.text).Text(r.thread_id);
  if (r.run.is_null()) {
    s.Null();
  } else {
    s.Text(Dump(r.run));
  }
  s.Int(ToMs(r.created_at));
}

void BindExampleRow(ParamSink& s, const ExampleRecord& r) {
  s.Text(r.id).Text(r.agent_id).Text(r.question).Text(r.sql).Int(ToMs(r.created_at));
}

void BindRunRow(ParamSink& s, const RunRecord& run) {
  s.Text(run.run_id).Text(run.thread_id).Text(run.agent_id).Text(run.question);
  s.Text(run.route).Text(run.outcome).Text(run.error).Int(ToMs(run.started_at));
  s.Int(run.duration_ms).Text(Dump(run.nodes.is_array() ? run.nodes : Json::array()));
  s.Int(run.llm_calls).Int(run.prompt_tokens).Int(run.completion_tokens);
}

void BindModelRow(ParamSink& s, const ModelConfigRecord& r) {
  s.Text(r.id).Text(r.name).Text(r.provider).Text(r.base_url).Text(r.model);
  s.Text(r.sealed_api_key).Int(r.active ? 1 : 0).Int(ToMs(r.created_at));
  s.Int(ToMs(r.updated_at));
}

void BindApiKeyRow(ParamSink& s, const security::ApiKeyRecord& r) {
  s.Text(r.id).Text(r.scope).Text(r.hash).Int(ToMs(r.created_at));
  if (r.last4) {
    s.Text(*r.last4);
  } else {
    s.Null();
  }
  s.Int(r.revoked ? 1 : 0);
}

AgentRecord MergeUpdate(const AgentRecord& requested, const AgentRecord& old,
                        Clock::TimePoint now) {
  AgentRecord out = requested;
  out.created_at = old.created_at;
  out.updated_at = now;
  return out;
}

DatasourceRecord MergeUpdate(const DatasourceRecord& requested, const DatasourceRecord& old,
                             Clock::TimePoint now) {
  DatasourceRecord out = requested;
  out.created_at = old.created_at;
  out.updated_at = now;
  return out;
}

RelationRecord MergeUpdate(const RelationRecord& requested, const RelationRecord& old) {
  RelationRecord out = requested;
  out.datasource_id = old.datasource_id;
  out.created_at = old.created_at;
  return out;
}

ExampleRecord MergeUpdate(const ExampleRecord& requested, const ExampleRecord& old) {
  ExampleRecord out = requested;
  out.agent_id = old.agent_id;
  out.created_at = old.created_at;
  return out;
}

ModelConfigRecord MergeUpdate(const ModelConfigRecord& requested, const ModelConfigRecord& old,
                              Clock::TimePoint now) {
  ModelConfigRecord out = requested;
  out.active = old.active;
  out.created_at = old.created_at;
  out.updated_at = now;
  return out;
}

}  // namespace askdb::server::store::rules
