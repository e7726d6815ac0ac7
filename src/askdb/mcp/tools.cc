#include "askdb/mcp/tools.h"

#include <algorithm>
#include <string>
#include <utility>

#include "askdb/common/code_points.h"

namespace askdb::mcp {
namespace {

constexpr std::string_view kAgentDescription =
    "Agent id (list_agents); default: the agent of your API key, else \"default\"";

Json StringProp(std::string_view description, std::size_t max_length) {
  return Json{{"type", "string"}, {"description", description}, {"maxLength", max_length}};
}

Json ObjectSchema(Json properties, std::vector<std::string> required = {}) {
  Json schema{{"type", "object"}, {"properties", std::move(properties)}};
  if (!required.empty()) schema["required"] = required;
  schema["additionalProperties"] = false;
  return schema;
}

// Output schemas stay open (additionalProperties allowed) so that a field added later does
// not break a client validating against an older list.
Json OutputSchema(Json properties, std::vector<std::string> required) {
  return Json{{"type", "object"}, {"properties", std::move(properties)}, {"required", required}};
}

Json Columns() {
  return Json{{"type", "array"},
              {"items", Json{{"type", "object"},
                             {"properties", Json{{"name", Json{{"type", "string"}}},
                                                 {"type", Json{{"type", "string"}}}}}}}};
}
Json Rows() { return Json{{"type", "array"}, {"items", Json{{"type", "array"}}}}; }
Json Any(std::string_view description) { return Json{{"description", description}}; }

std::string_view TypeName(const Json& value) {
  if (value.is_string()) return "a string";
  if (value.is_number_integer()) return "an integer";
  if (value.is_number()) return "a number";
  if (value.is_boolean()) return "a boolean";
  if (value.is_array()) return "an array";
  if (value.is_object()) return "an object";
  return "null";
}

Status WrongType(const std::string& field, std::string_view expected, const Json& value) {
  return InvalidArgumentError("argument '" + field + "' must be " + std::string(expected) +
                              ", got " + std::string(TypeName(value)));
}

// A string within maxLength characters and, when the schema lists them, one of its values.
Status CheckString(const std::string& field, const Json& value, const Json& schema) {
  if (!value.is_string()) return WrongType(field, "a string", value);
  const std::string& text = value.get_ref<const std::string&>();
  const auto max = schema.value("maxLength", std::size_t{0});
  // Counted as the limit is, in characters: "12003 bytes; at most 4000 characters" compared
  // two units and hid how far over a Chinese question was.
  if (const std::size_t chars = max > 0 ? CountCodePoints(text) : 0; chars > max) {
    return InvalidArgumentError("argument '" + field + "' is " + std::to_string(chars) +
                                " characters long; at most " + std::to_string(max) +
                                " characters are accepted");
  }
  if (schema.contains("enum")) {
    const Json& allowed = schema["enum"];
    if (std::find(allowed.begin(), allowed.end(), value) == allowed.end()) {
      return InvalidArgumentError("argument '" + field + "' must be one of " + allowed.dump() +
                                  ", got '" + text + "'");
    }
  }
  return Status::Ok();
}

// An integer within the schema's minimum and maximum.
Status CheckInteger(const std::string& field, const Json& value, const Json& schema) {
  if (!value.is_number_integer()) return WrongType(field, "an integer", value);
  const long long n = value.get<long long>();
  if (schema.contains("minimum") && n < schema["minimum"].get<long long>()) {
    return InvalidArgumentError("argument '" + field + "' must be at least " +
                                schema["minimum"].dump());
  }
  if (schema.contains("maximum") && n > schema["maximum"].get<long long>()) {
    return InvalidArgumentError("argument '" + field + "' must be at most " +
                                schema["maximum"].dump());
  }
  return Status::Ok();
}

Status CheckValue(const std::string& field, const Json& value, const Json& schema);

// An array of at most maxItems, each item checked against the schema's items.
Status CheckArray(const std::string& field, const Json& value, const Json& schema) {
  if (!value.is_array()) return WrongType(field, "an array", value);
  const auto max_items = schema.value("maxItems", std::size_t{0});
  if (max_items > 0 && value.size() > max_items) {
    return InvalidArgumentError("argument '" + field + "' has " + std::to_string(value.size()) +
                                " items; at most " + std::to_string(max_items));
  }
  for (std::size_t i = 0; i < value.size(); ++i) {
    ASKDB_RETURN_IF_ERROR(
        CheckValue(field + "[" + std::to_string(i) + "]", value[i], schema["items"]));
  }
  return Status::Ok();
}

// Checks one value against the small part of JSON Schema the input schemas use.
Status CheckValue(const std::string& field, const Json& value, const Json& schema) {
  const std::string type = schema.value("type", "");
  if (type == "string") return CheckString(field, value, schema);
  if (type == "integer") return CheckInteger(field, value, schema);
  if (type == "array") return CheckArray(field, value, schema);
  return Status::Ok();
}

// `args` against a tool's inputSchema: required fields, no unknown ones, types and limits.
Status CheckArguments(const Json& args, const Json& schema) {
  const Json& properties = schema["properties"];
  for (const auto& [name, value] : args.items()) {
    if (!properties.contains(name)) {
      std::string known;
      for (const auto& [p, unused] : properties.items()) known += (known.empty() ? "" : ", ") + p;
      return InvalidArgumentError("unknown argument '" + name + "'; this tool takes: " + known);
    }
    ASKDB_RETURN_IF_ERROR(CheckValue(name, value, properties[name]));
  }
  for (const Json& name : schema.value("required", Json::array())) {
    if (!args.contains(name.get<std::string>())) {
      return InvalidArgumentError("argument '" + name.get<std::string>() + "' is required");
    }
  }
  return Status::Ok();
}

std::string Str(const Json& args, const char* name) { return args.value(name, std::string()); }

// One hit of search_knowledge: its text, where it comes from and its scores.
Json KnowledgeHitSchema() {
  const Json score{{"type", "number"}};
  return Json{
      {"type", "object"},
      {"properties",
       Json{{"text", Json{{"type", "string"}}},
            {"item_id", Json{{"type", "string"}}},
            {"chunk_id", Json{{"type", "string"}}},
            {"scope", Json{{"type", "string"}}},
            {"type", Json{{"type", "string"}}},
            {"keyword_score", score},
            {"vector_score", score},
            {"fused_score", score},
            {"keyword_rank", Json{{"type", "integer"}}},
            {"vector_rank", Json{{"type", "integer"}}},
            {"source", Json{{"type", "object"},
                            {"description", "The knowledge item: id, kind, title, file_name"}}}}},
      {"required", {"text", "item_id", "keyword_score", "vector_score", "fused_score"}}};
}

Json SearchKnowledgeInput(const ToolLimits& limits) {
  return ObjectSchema(
      Json{
          {"query", StringProp("What to look for (Chinese or English)", limits.max_question_chars)},
          {"agent",
           StringProp("Only this agent's knowledge (and its datasource's)", limits.max_name_bytes)},
          {"datasource",
           StringProp("Only this datasource's knowledge (not with agent)", limits.max_name_bytes)},
          {"top_k", Json{{"type", "integer"},
                         {"minimum", 1},
                         {"maximum", 50},
                         {"description", "Hits to return (default 5, at most 50)"}}},
          {"types", Json{{"type", "array"},
                         {"maxItems", 3},
                         {"items", Json{{"type", "string"}, {"enum", {"document", "qa", "faq"}}}},
                         {"description", "Only these kinds of knowledge"}}},
          {"mode", Json{{"type", "string"},
                        {"enum", {"hybrid", "keyword", "vector"}},
                        {"description", "hybrid (default), keyword or vector only"}}}},
      {"query"});
}

// search_knowledge's entry (listed when the backend has a knowledge base).
Json SearchKnowledgeTool(const ToolLimits& limits) {
  const Json hit = KnowledgeHitSchema();
  return Json{
      {"name", "search_knowledge"},
      {"title", "Search the knowledge base"},
      {"description",
       "Searches the knowledge base (documents, Q&A and FAQ pairs) the way askdb recalls "
       "evidence for a question: keyword (BM25) and vector search fused by reciprocal rank. "
       "Each hit has its text, the item it comes from and its keyword, vector and fused "
       "scores (a score of 0 with rank 0: that channel did not find it). Without agent or "
       "datasource: the knowledge of every agent your key may use."},
      {"inputSchema", SearchKnowledgeInput(limits)},
      {"outputSchema",
       OutputSchema(Json{{"query", Json{{"type", "string"}}},
                         {"mode", Json{{"type", "string"}}},
                         {"scopes", Json{{"type", "array"},
                                         {"items", Json{{"type", "string"}}},
                                         {"description", "The scopes searched; [] : all"}}},
                         {"hits", Json{{"type", "array"}, {"items", hit}}},
                         {"vector_error", Json{{"type", "string"}}}},
                    {"query", "mode", "hits"})}};
}

// The question of ask and generate_sql, capped at the configured size.
Json QuestionProp(const ToolLimits& limits) {
  return StringProp("The question in plain language (Chinese or English)",
                    limits.max_question_chars);
}

// The agent a tool runs as.
Json AgentProp(const ToolLimits& limits) {
  return StringProp(kAgentDescription, limits.max_name_bytes);
}

// How many rows a tool returns at most.
Json MaxRowsProp() {
  return Json{{"type", "integer"},
              {"minimum", 1},
              {"description", "Rows to return at most (capped by the server's row cap)"}};
}

// The model calls and tokens of an ask run.
Json CostSchema() {
  return Json{{"type", "object"},
              {"description",
               "Model calls and tokens this run used (0 when the engine "
               "answered alone)"}};
}

// ask: a question answered with text, SQL, rows, a chart; a run waiting for a person resumes.
Json AskTool(const ToolLimits& limits) {
  return Json{
      {"name", "ask"},
      {"title", "Ask the data a question"},
      {"description",
       "Answers a question about the data: the answer text, the SQL that produced it, the "
       "rows, an ECharts chart option, the route taken and the cost. Read-only. A run that "
       "needs a person (a clarification, or approval of an analysis plan) returns status "
       "\"needs_input\" with the question and a thread_id: call ask again with that "
       "thread_id and your answer (\"approve\", \"reject: <why>\", or the clarification). "
       "Pass thread_id with a new question for a follow-up in the same conversation."},
      {"inputSchema",
       ObjectSchema(
           Json{{"question", QuestionProp(limits)},
                {"thread_id", StringProp("Conversation to continue (from an earlier ask)", 64)},
                {"answer", StringProp("Reply to a run waiting for input (needs "
                                      "thread_id; no question then)",
                                      limits.max_question_chars)},
                {"agent", AgentProp(limits)},
                {"max_rows", MaxRowsProp()}})},
      {"outputSchema",
       OutputSchema(
           Json{{"status",
                 Json{{"type", "string"}, {"enum", {"answered", "needs_input", "not_answered"}}}},
                {"thread_id", Json{{"type", "string"}}},
                {"answer", Json{{"type", "string"}}},
                {"sql", Json{{"type", "string"}}},
                {"columns", Columns()},
                {"rows", Rows()},
                {"row_count", Json{{"type", "integer"}}},
                {"truncated", Json{{"type", "boolean"}}},
                {"chart", Any("ECharts option, null when no chart fits")},
                {"route", Json{{"type", "string"}}},
                {"cost", CostSchema()},
                {"permissions",
                 Json{{"type", "string"},
                      {"description",
                       "The caller's data permissions in words, when rules applied"}}},
                {"question", Json{{"type", "string"}, {"description", "What the run waits for"}}},
                {"interrupt", Any("The interrupt (kind, payload) when status is needs_input")}},
           {"status", "thread_id", "answer", "route"})}};
}

// generate_sql: the SQL for a question, checked but not run.
Json GenerateSqlTool(const ToolLimits& limits) {
  return Json{
      {"name", "generate_sql"},
      {"title", "Write SQL for a question"},
      {"description",
       "Writes the SQL for a question without running it: askdb's engine, else the "
       "configured model, writes it; it is checked (one read statement, every table and "
       "column bound against the database) but not executed. answered=false says why."},
      {"inputSchema",
       ObjectSchema(Json{{"question", QuestionProp(limits)}, {"agent", AgentProp(limits)}},
                    {"question"})},
      {"outputSchema",
       OutputSchema(Json{{"answered", Json{{"type", "boolean"}}},
                         {"sql", Json{{"type", "string"}}},
                         {"reason", Json{{"type", "string"}}},
                         {"source", Json{{"type", "string"},
                                         {"description", "engine or llm: who wrote the SQL"}}},
                         {"explanation", Json{{"type", "array"}}},
                         {"llm_calls", Json{{"type", "integer"}}},
                         {"datasource", Json{{"type", "string"}}}},
                    {"answered", "sql"})}};
}

// run_sql: one read-only statement run, its rows capped.
Json RunSqlTool(const ToolLimits& limits) {
  return Json{
      {"name", "run_sql"},
      {"title", "Run a read-only SQL statement"},
      {"description",
       "Runs exactly one read-only statement (SELECT / WITH) on the agent's datasource and "
       "returns the rows, capped, with a chart option. Writes, DDL, ATTACH, PRAGMA writes "
       "and unknown functions are refused by the database engine."},
      {"inputSchema",
       ObjectSchema(Json{{"sql", StringProp("One read-only SQL statement", limits.max_sql_bytes)},
                         {"agent", AgentProp(limits)},
                         {"max_rows", MaxRowsProp()}},
                    {"sql"})},
      {"outputSchema", OutputSchema(Json{{"sql", Json{{"type", "string"}}},
                                         {"columns", Columns()},
                                         {"rows", Rows()},
                                         {"row_count", Json{{"type", "integer"}}},
                                         {"truncated", Json{{"type", "boolean"}}},
                                         {"chart", Any("ECharts option or null")}},
                                    {"sql", "columns", "rows", "truncated"})}};
}

// list_agents: the agents the key may use.
Json ListAgentsTool() {
  return Json{
      {"name", "list_agents"},
      {"title", "List agents"},
      {"description", "The agents your key may use: id, name, datasource, language."},
      {"inputSchema", ObjectSchema(Json::object())},
      {"outputSchema",
       OutputSchema(Json{{"agents", Json{{"type", "array"}, {"items", Json{{"type", "object"}}}}}},
                    {"agents"})}};
}

// list_datasources: the datasources the key may reach.
Json ListDatasourcesTool() {
  return Json{{"name", "list_datasources"},
              {"title", "List datasources"},
              {"description", "The datasources your key may reach: id and name (no passwords)."},
              {"inputSchema", ObjectSchema(Json::object())},
              {"outputSchema",
               OutputSchema(Json{{"datasources",
                                  Json{{"type", "array"}, {"items", Json{{"type", "object"}}}}}},
                            {"datasources"})}};
}

// describe_schema: the agent's datasource structure, basic or detailed.
Json DescribeSchemaTool(const ToolLimits& limits) {
  return Json{
      {"name", "describe_schema"},
      {"title", "Describe the schema"},
      {"description",
       "The agent's datasource structure. level \"basic\": tables, descriptions and "
       "relations; \"detailed\" (default): columns, types, keys, business names and sample "
       "values. tables limits either level to those tables (an unknown name is an error)."},
      {"inputSchema",
       ObjectSchema(Json{{"level", Json{{"type", "string"},
                                        {"enum", {"basic", "detailed"}},
                                        {"description", "basic or detailed (default)"}}},
                         {"tables", Json{{"type", "array"},
                                         {"maxItems", 200},
                                         {"items", StringProp("Table name", limits.max_name_bytes)},
                                         {"description", "Only these tables"}}},
                         {"agent", AgentProp(limits)}})},
      {"outputSchema", OutputSchema(Json{{"datasource", Json{{"type", "string"}}},
                                         {"level", Json{{"type", "string"}}},
                                         {"tables", Json{{"type", "array"}}},
                                         {"text", Json{{"type", "string"}}}},
                                    {"datasource", "level", "text"})}};
}

// Every tool only reads: clients may run them without asking the person each time.
// ask writes the conversation's checkpoint and history, hence not idempotent.
void AnnotateReadOnly(Json& tools) {
  for (Json& tool : tools) {
    tool["annotations"] = Json{{"title", tool["title"]},
                               {"readOnlyHint", true},
                               {"destructiveHint", false},
                               {"idempotentHint", tool["name"] != "ask"},
                               {"openWorldHint", false}};
  }
}

// tools/list: the six data tools in a fixed order, search_knowledge when a knowledge base is
// there, each annotated.
Json BuildTools(const ToolLimits& limits, bool knowledge) {
  Json tools = Json::array({AskTool(limits), GenerateSqlTool(limits), RunSqlTool(limits),
                            ListAgentsTool(), ListDatasourcesTool(), DescribeSchemaTool(limits)});
  if (knowledge) tools.push_back(SearchKnowledgeTool(limits));
  AnnotateReadOnly(tools);
  return tools;
}

const Json* FindTool(const Json& tools, std::string_view name) {
  for (const Json& tool : tools) {
    if (tool["name"] == name) return &tool;
  }
  return nullptr;
}

// The rows part of an answer: columns, at most `cap` rows, the count and whether any were
// left out (by the cap here or the query's own).
void PutRows(const Json& result, long long cap, Json& out) {
  const Json rows = result.value("rows", Json::array());
  Json kept = Json::array();
  for (std::size_t i = 0; i < rows.size() && static_cast<long long>(i) < cap; ++i) {
    kept.push_back(rows[i]);
  }
  out["columns"] = result.value("columns", Json::array());
  out["row_count"] = kept.size();
  out["truncated"] = result.value("truncated", false) || kept.size() < rows.size();
  out["rows"] = std::move(kept);
}

// A PipelineResult's JSON as the ask tool's structured output.
Json AskOutput(const Json& run, long long cap) {
  Json out = Json::object();
  const bool interrupted = run.contains("interrupt");
  const bool failed = run.contains("error") || run.value("route", "") == "not_answered";
  out["status"] = interrupted ? "needs_input" : (failed ? "not_answered" : "answered");
  out["thread_id"] = run.value("thread_id", "");
  out["answer"] = run.value("answer", "");
  out["sql"] = run.value("sql", "");
  if (run.contains("result")) PutRows(run["result"], cap, out);
  out["chart"] = run.value("chart", Json(nullptr));
  out["route"] = run.value("route", "");
  out["cost"] = Json{{"llm_calls", run.value("llm_calls", 0)},
                     {"prompt_tokens", run.value("prompt_tokens", 0)},
                     {"completion_tokens", run.value("completion_tokens", 0)},
                     {"cache_hit", run.value("cache_hit", false)}};
  if (run.contains("error")) out["error"] = run["error"];
  // "you see rows of regions where ...": what the user's rules kept from the answer.
  if (run.contains("permissions")) out["permissions"] = run["permissions"];
  if (interrupted) {
    const Json& interrupt = run["interrupt"];
    const Json payload = interrupt.value("payload", Json::object());
    std::string question = payload.is_object() ? payload.value("question", "") : "";
    if (question.empty() && payload.is_object()) question = payload.value("text", "");
    if (question.empty()) question = run.value("answer", "");
    out["question"] = question;
    out["interrupt"] = interrupt;
    if (interrupt.value("kind", "") == "plan_approval") {
      out["how_to_answer"] =
          "call ask with this thread_id and answer \"approve\", or \"reject: <what to change>\"";
    } else {
      out["how_to_answer"] = "call ask with this thread_id and your answer";
    }
  }
  if (run.contains("plan")) out["plan"] = run["plan"];
  if (run.contains("report_narrative")) out["report"] = run["report_narrative"];
  return out;
}

}  // namespace

ServerInfo AskdbServerInfo(std::string_view version) {
  ServerInfo info;
  info.name = "askdb";
  info.version = std::string(version);
  info.instructions =
      "askdb answers questions about a database, read-only. Use ask for questions in plain "
      "language (Chinese or English): it returns the answer, the SQL, rows and a chart. Use "
      "describe_schema to see the tables, run_sql for your own SELECT, generate_sql for SQL "
      "without running it. When ask returns status needs_input, show its question to the "
      "user and call ask again with the thread_id and their answer.";
  return info;
}

Json ToolResult(const Json& structured) {
  return Json{
      {"content", Json::array({Json{
                      {"type", "text"},
                      {"text", structured.dump(-1, ' ', false, Json::error_handler_t::replace)}}})},
      {"structuredContent", structured},
      {"isError", false}};
}

Json ToolError(std::string_view message) {
  return Json{{"content", Json::array({Json{{"type", "text"}, {"text", message}}})},
              {"isError", true}};
}

AskdbTools::AskdbTools(Backend& backend, ToolLimits limits)
    : backend_(backend), limits_(limits), tools_(BuildTools(limits_, backend.HasKnowledge())) {}

Json AskdbTools::ListTools() const { return tools_; }

StatusOr<Json> AskdbTools::CallTool(std::string_view name, const Json& arguments,
                                    RequestContext& context) {
  const Json* tool = FindTool(tools_, name);
  if (tool == nullptr && name == "search_knowledge") {
    return NotFoundError(
        "search_knowledge is not offered: this server has no knowledge base (askdb kb adds "
        "documents and Q&A to the management database; docs/knowledge.md)");
  }
  if (tool == nullptr) {
    std::string names;
    for (const Json& t : tools_) {
      names += (names.empty() ? "" : ", ") + t["name"].get<std::string>();
    }
    return NotFoundError("unknown tool '" + std::string(name) + "'; the tools are: " + names);
  }
  Status valid = CheckArguments(arguments, (*tool)["inputSchema"]);
  if (!valid.ok()) return ToolError(valid.message());
  StatusOr<Json> out = InternalError("unreachable");
  if (name == "ask") {
    out = Ask(arguments, context);
  } else if (name == "generate_sql") {
    out = GenerateSql(arguments, context);
  } else if (name == "run_sql") {
    out = RunSql(arguments, context);
  } else if (name == "list_agents") {
    StatusOr<Json> agents = backend_.ListAgents();
    out = agents.ok() ? StatusOr<Json>(Json{{"agents", *agents}}) : agents.status();
  } else if (name == "list_datasources") {
    StatusOr<Json> sources = backend_.ListDatasources();
    out = sources.ok() ? StatusOr<Json>(Json{{"datasources", *sources}}) : sources.status();
  } else if (name == "search_knowledge") {
    out = SearchKnowledge(arguments);
  } else {
    out = DescribeSchema(arguments);
  }
  if (!out.ok()) {
    return ToolError(std::string(StatusCodeName(out.status().code())) + ": " +
                     out.status().message());
  }
  return ToolResult(*out);
}

StatusOr<long long> AskdbTools::RowCap(const Json& args) const {
  const long long cap = backend_.MaxRows();
  const long long wanted = args.value("max_rows", limits_.default_rows);
  return std::min(wanted, cap);
}

StatusOr<Json> AskdbTools::Ask(const Json& args, RequestContext& context) {
  AskRequest request;
  request.question = Str(args, "question");
  request.thread_id = Str(args, "thread_id");
  request.answer = Str(args, "answer");
  request.agent = Str(args, "agent");
  if (!request.answer.empty() && request.thread_id.empty()) {
    return InvalidArgumentError(
        "argument 'answer' needs 'thread_id': the id of the run waiting for input");
  }
  if (!request.answer.empty() && !request.question.empty()) {
    return InvalidArgumentError(
        "give either 'question' (a new question) or 'answer' (a reply to a waiting run), not "
        "both");
  }
  if (request.answer.empty() && request.question.empty()) {
    return InvalidArgumentError(
        "argument 'question' is required (or 'thread_id' with 'answer' to resume a run)");
  }
  ASKDB_ASSIGN_OR_RETURN(long long cap, RowCap(args));
  ASKDB_ASSIGN_OR_RETURN(Json run, backend_.Ask(request, context));
  return AskOutput(run, cap);
}

StatusOr<Json> AskdbTools::GenerateSql(const Json& args, RequestContext& context) {
  const std::string question = Str(args, "question");
  if (question.empty()) return InvalidArgumentError("argument 'question' must not be empty");
  return backend_.GenerateSql(Str(args, "agent"), question, context);
}

StatusOr<Json> AskdbTools::RunSql(const Json& args, RequestContext& context) {
  const std::string sql = Str(args, "sql");
  if (sql.find_first_not_of(" \t\r\n;") == std::string::npos) {
    return InvalidArgumentError("argument 'sql' is empty: give one SELECT statement");
  }
  ASKDB_ASSIGN_OR_RETURN(long long cap, RowCap(args));
  ASKDB_ASSIGN_OR_RETURN(Json result, backend_.RunSql(Str(args, "agent"), sql, cap, context));
  Json out{{"sql", sql}};
  PutRows(result, cap, out);
  out["chart"] = result.value("chart", Json(nullptr));
  return out;
}

StatusOr<Json> AskdbTools::DescribeSchema(const Json& args) {
  std::vector<std::string> tables;
  for (const Json& t : args.value("tables", Json::array())) tables.push_back(t.get<std::string>());
  return backend_.DescribeSchema(Str(args, "agent"), args.value("level", "detailed"), tables);
}

StatusOr<Json> AskdbTools::SearchKnowledge(const Json& args) {
  KnowledgeQuery query;
  query.query = Str(args, "query");
  if (query.query.find_first_not_of(" \t\r\n") == std::string::npos) {
    return InvalidArgumentError("argument 'query' must not be empty");
  }
  query.agent = Str(args, "agent");
  query.datasource = Str(args, "datasource");
  if (!query.agent.empty() && !query.datasource.empty()) {
    return InvalidArgumentError("give 'agent' or 'datasource', not both");
  }
  query.top_k = args.value("top_k", query.top_k);
  for (const Json& t : args.value("types", Json::array()))
    query.types.push_back(t.get<std::string>());
  query.mode = args.value("mode", query.mode);
  return backend_.SearchKnowledge(query);
}

}  // namespace askdb::mcp
