#include "askdb/agent/pipeline/pipeline.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <filesystem>
#include <optional>
#include <set>
#include <string_view>
#include <utility>

#include "askdb/agent/ask/answer_view.h"
#include "askdb/agent/ask/answer_writer.h"
#include "askdb/agent/ask/chart_words.h"
#include "askdb/agent/ask/data_stamp.h"
#include "askdb/agent/ask/datasource.h"
#include "askdb/agent/ask/fast_mode.h"
#include "askdb/agent/ask/follow_up_form.h"
#include "askdb/agent/ask/money_columns.h"
#include "askdb/agent/ask/question_check.h"
#include "askdb/agent/ask/schema_answer.h"
#include "askdb/agent/ask/schema_listing.h"
#include "askdb/agent/ask/schema_question.h"
#include "askdb/agent/ask/server_rows_stamp.h"
#include "askdb/agent/consultation/consultation.h"
#include "askdb/agent/graph/graph.h"
#include "askdb/agent/pipeline/analysis_planner.h"
#include "askdb/agent/pipeline/analysis_report.h"
#include "askdb/agent/pipeline/analysis_steps.h"
#include "askdb/agent/pipeline/python_question.h"
#include "askdb/agent/pipeline/python_step.h"
#include "askdb/agent/pipeline/sql_guard.h"
#include "askdb/agent/pipeline/time_column.h"
#include "askdb/agent/plan/duration_history.h"
#include "askdb/agent/quick_path/quick_path.h"
#include "askdb/agent/request_classifier.h"
#include "askdb/agent/session/chart_follow_up.h"
#include "askdb/agent/session/session.h"
#include "askdb/analysis/chart_recommender.h"
#include "askdb/analysis/number_kind.h"
#include "askdb/cache/answer_cache.h"
#include "askdb/catalog/schema_recall.h"
#include "askdb/common/text.h"
#include "askdb/knowledge/evidence.h"
#include "askdb/llm/llm_client.h"
#include "askdb/nlq/data_names.h"
#include "askdb/nlq/schema_index.h"
#include "askdb/nlq/time_expr.h"

namespace askdb::agent::pipeline {
namespace {

const std::string kEnd(kEndNode);
// Display width of an answer a conversation remembers (prompts need the gist, not the table).
constexpr int kTurnAnswerWidth = 400;
constexpr char kGraphName[] = "ask_pipeline";
// The datasource is checked just before a run (PrepareAgainIfChanged, or preparation
// itself): the run's schema read trusts that fingerprint read when it is this recent, so a
// run reads the fingerprint once, not twice.
constexpr std::chrono::seconds kRunFingerprintWindow{10};

// A thread's SQLite file that was moved (or its folder renamed): the path the thread was
// asked on is gone and the file keeps its name. The thread follows it, and its next
// checkpoint saves the new path. Two files of one name that both exist stay two databases.
bool MovedSqliteFile(std::string_view was, std::string_view now) {
  constexpr std::string_view kSqlite = "sqlite:";
  if (!was.starts_with(kSqlite) || !now.starts_with(kSqlite)) return false;
  const std::filesystem::path old_file(was.substr(kSqlite.size()));
  const std::filesystem::path new_file(now.substr(kSqlite.size()));
  std::error_code ec;
  const bool old_exists = std::filesystem::exists(old_file, ec);
  return !old_exists && !ec && old_file.filename() == new_file.filename();
}
Clock::Duration FingerprintMaxAge(const PreparedDatasource& d) {
  return d.TakeFingerprintChecked() ? Clock::Duration(kRunFingerprintWindow)
                                    : Clock::Duration::zero();
}

// Node names, also the values of RunState::next.
constexpr char kClassify[] = "classify";
constexpr char kQuickPathNode[] = "quick_path";
constexpr char kConsultationNode[] = "consultation";
constexpr char kCacheLookup[] = "cache_lookup";
constexpr char kEngineNode[] = "engine";
constexpr char kLlmSql[] = "llm_sql";
constexpr char kValidate[] = "validate";
constexpr char kExecute[] = "execute";
constexpr char kLlmFix[] = "llm_fix";
constexpr char kChart[] = "chart";
constexpr char kAnswer[] = "answer";
constexpr char kPlanNode[] = "plan";
constexpr char kReviewPlan[] = "review_plan";
constexpr char kRunSteps[] = "run_steps";
constexpr char kReportNode[] = "report";
constexpr char kEvidenceNode[] = "evidence";

bool IsDataQuestion(RequestType type) {
  return type == RequestType::kDataQuery || type == RequestType::kVisualization;
}

// The types the quick path answers (Classification::IsQuickPath).
bool IsQuickPathType(RequestType type) { return Classification{.type = type}.IsQuickPath(); }

// What it takes to send a request the classifier did not call a data question down the data
// path anyway (issue 13): the words of small talk and web searches are everyday words, so
// the data itself decides.
enum class DataOverride {
  kNever,     // greetings, thanks, farewells, help, computations, dates, consultations, plans
  kAnswered,  // a rule's small talk or web search: only when the engine answers it
  kNamed,     // the intent model's guess: when the request names a table, column or value
};

DataOverride DataOverrideFor(const Classification& c) {
  if (IsDataQuestion(c.type)) return DataOverride::kNever;
  const bool model = std::any_of(c.rules.begin(), c.rules.end(),
                                 [](const std::string& r) { return r.rfind("model.", 0) == 0; });
  if (model && (c.type == RequestType::kTrivial || c.type == RequestType::kSimple ||
                c.type == RequestType::kWebSearch)) {
    return DataOverride::kNamed;
  }
  if (c.type == RequestType::kWebSearch || c.quick_intent == QuickIntent::kChitChat) {
    return DataOverride::kAnswered;
  }
  return DataOverride::kNever;
}

// Request types this slice of the pipeline does not handle yet, in the question's language.
std::string NotAvailableReason(RequestType type, bool chinese) {
  switch (type) {
    case RequestType::kWebSearch:
      return chinese ? "联网搜索暂未开放，askdb 只回答数据库里的数据。"
                     : "Web search is not available yet; askdb answers from your database only.";
    case RequestType::kCalculation:
      return chinese ? "这类计算请求暂未开放，请换成针对数据的问题。"
                     : "This kind of calculation is not available yet; ask about your data.";
    default:
      return chinese ? "无法回答这个请求。" : "This request cannot be answered.";
  }
}

Json TranslationSummary(const nlq::Translation& t) {
  Json j = {{"answered", t.answered}, {"confidence", t.confidence}, {"sql", t.sql}};
  Json mappings = Json::array();
  for (const nlq::Mapping& m : t.explanation) {
    mappings.push_back({{"phrase", m.phrase}, {"kind", m.kind}, {"target", m.target}});
  }
  j["mappings"] = std::move(mappings);
  if (!t.abstain_reason.empty()) j["abstain_reason"] = t.abstain_reason;
  if (!t.understood.empty()) j["understood"] = t.understood;
  if (!t.anchor_note.empty()) j["time_anchor"] = t.anchor_note;
  return j;
}

// The person's answer to a plan approval: {"approved": bool, "comment": "..."} or text —
// "approve", "yes", "ok", "同意", "批准", "可以", "确认" approve; anything else rejects, the
// text (after a leading "reject:"/"no:"/"拒绝：") being the comment for the re-plan.
struct PlanDecision {
  bool approved = false;
  std::string comment;
};

PlanDecision ParsePlanDecision(const Json& answer) {
  if (answer.is_object()) {
    const auto approved = answer.find("approved");
    return {approved != answer.end() && approved->is_boolean() && approved->get<bool>(),
            ReplyString(answer, "comment")};
  }
  if (answer.is_boolean()) return {answer.get<bool>(), ""};
  std::string text = answer.is_string() ? answer.get<std::string>() : answer.dump();
  const std::string lowered = text::AsciiLower(text);
  for (const char* yes : {"approve", "approved", "yes", "y", "ok", "go", "同意", "批准", "可以",
                          "确认", "好", "好的", "执行"}) {
    if (lowered == yes) return {true, ""};
  }
  for (const char* prefix :
       {"reject:", "reject", "no:", "no,", "拒绝：", "拒绝:", "拒绝，", "拒绝", "不同意："}) {
    if (lowered.starts_with(prefix)) {
      text = text.substr(std::string_view(prefix).size());
      break;
    }
  }
  const size_t start = text.find_first_not_of(" \t\n");
  return {false, start == std::string::npos ? "" : text.substr(start)};
}

// Ends the run with an answer (sent as one text delta).
void Finish(RunState& s, NodeContext& ctx, PipelineRoute route, std::string answer) {
  s.route = route;
  s.answer = std::move(answer);
  ctx.Emit(EventType::kTextDelta, {{"text", s.answer}});
  s.next = kEnd;
}

// A cached result stands for this run only when this run's row cap would fetch the same
// rows: one cut at 2 rows (ASKDB_DATABASE_MAX_ROWS=2) is not the answer under a cap of 1,000,
// nor 1,000 rows under a cap of 10. Otherwise the cached SQL runs again (never wrong).
bool SameRowsUnderCap(const db::ResultSet& result, long long cap) {
  const auto rows = static_cast<long long>(result.row_count());
  return result.truncated ? rows == cap : rows <= cap;
}

// Ends the run unanswered because of `error` (said in English for logs; the answer says it
// in the question's language).
void Fail(RunState& s, NodeContext& ctx, std::string error) {
  s.error = std::move(error);
  ctx.Emit(EventType::kError, {{"message", s.error}});
  Finish(s, ctx, PipelineRoute::kNotAnswered,
         (s.chinese() ? "没能写出可运行的 SQL：" : "Could not write SQL that runs: ") + s.error);
}

}  // namespace

struct Pipeline::Impl {
  PipelineDeps deps;
  std::shared_ptr<const llm::PromptLibrary> prompts;  // shared by all pipelines
  const RequestClassifier* classifier = nullptr;
  PreparedDatasource* ds = nullptr;
  std::unique_ptr<catalog::SchemaRecaller> recaller;
  std::string recaller_fingerprint;  // the schema `recaller` was built from
  std::unique_ptr<Runner<RunState>> runner;
  // Step durations of this pipeline's analyses: estimates for the next plans (Req. 6.4).
  plan::DurationHistory own_durations;
  plan::DurationHistory& Durations() {
    return deps.durations != nullptr ? *deps.durations : own_durations;
  }
  // The engine's last translation in the current call, for the result (not checkpointed).
  std::optional<nlq::Translation> last_translation;
  // The answer's view of its result in the current call (MakeAnswerView), for the CLI.
  std::optional<AnswerView> last_view;
  // The detailed level this call read before the engine (CacheLookup): the model's SQL prompt
  // renders its recalled tables from it, so a data question makes one schema call. Not
  // checkpointed: a resumed run reads again.
  std::optional<catalog::SchemaResult> run_schema;
  // The rows' stamp CacheLookup read before anything ran (not checkpointed; reset by Ask and
  // Resume): an answer is stored only when the stamp is the same after it, so rows written
  // meanwhile are not filed under the new stamp. Empty when the lookup did not run in this
  // call (a resumed run): then nothing is stored.
  std::optional<std::string> lookup_rows_stamp;

  const PipelineOptions& options() const { return deps.options; }
  // Where the answer is read, for the advice of an abstention.
  AnswerFace Face() const {
    return {options().face, options().datasource_id, deps.evidence_agent_id};
  }

  StatusOr<PreparedDatasource*> Datasource() {
    if (ds == nullptr) {
      ASKDB_ASSIGN_OR_RETURN(ds, deps.datasource());
      if (ds == nullptr || ds->connector == nullptr || ds->index == nullptr) {
        ds = nullptr;
        return InternalError(
            "the datasource provider returned no prepared datasource; check the database URL");
      }
    }
    return ds;
  }

  // --- nodes --------------------------------------------------------------------------

  StatusOr<NodeOutcome> Classify(RunState& s, NodeContext& ctx) {
    Classified k;
    k.c = classifier->Classify(s.question);
    s.language = std::string(LanguageCode(k.c.language));
    k.by = k.c.ByIntentModel() ? "intent_model" : "rules";
    OverrideByTheData(k, s.question);
    ReadSchemaQuestionOf(k, s);
    Json rules = k.c.rules;
    ASKDB_RETURN_IF_ERROR(AskTheModelWhenUnsure(k, s, ctx));
    ApplyPythonAndProfile(k, s);
    // A follow-up that could not be applied ("按月呢") asks about the data: no small talk.
    if (!s.declined_follow_up.empty() && !IsDataQuestion(k.c.type)) {
      k.c.type = RequestType::kDataQuery;
    }
    s.request_type = std::string(RequestTypeName(k.c.type));
    s.confidence = k.c.confidence;
    ctx.Emit(EventType::kClassification, ClassificationEvent(k, s, std::move(rules)));
    RouteByType(k, s, ctx);
    return NodeOutcome::Continue();
  }

  // Evidence recall (issue 15 item 4): every knowledge channel is asked with the question
  // (already made standalone when it was a follow-up); what they recall goes into the
  // model's prompts and, for business terms' columns, schema recall. A stored Q&A whose
  // question matches closely enough answers the run. A failing channel is a warning.
  StatusOr<NodeOutcome> RecallEvidence(RunState& s, NodeContext& ctx) {
    knowledge::Evidence evidence;
    evidence.query = s.question;
    const knowledge::EvidenceQuery query{.question = s.question,
                                         .agent_id = deps.evidence_agent_id,
                                         .datasource_id = deps.evidence_datasource_id};
    for (const knowledge::EvidenceSource* source : deps.evidence) {
      if (Status recalled = source->Recall(query, evidence); !recalled.ok()) {
        evidence.errors.push_back(std::string(source->name()) + ": " + recalled.message());
      }
    }
    std::stable_sort(evidence.hits.begin(), evidence.hits.end(),
                     [](const auto& a, const auto& b) { return a.fused_score > b.fused_score; });
    s.evidence = knowledge::EvidenceToJson(evidence);
    ctx.Emit(EventType::kEvidence, s.evidence);
    const std::optional<RequestType> type = ParseRequestType(s.request_type);
    // A trivial or simple request comes here only when the quick path declined it: it is data.
    const bool data_question = type && (IsDataQuestion(*type) || IsQuickPathType(*type));
    const bool web_search = type == RequestType::kWebSearch;
    // SQL only wants SQL: a stored Q&A's text is no answer to that.
    if (evidence.suggested_answer && (data_question || web_search) && !options().sql_only) {
      const knowledge::SuggestedAnswer& a = *evidence.suggested_answer;
      Finish(s, ctx, PipelineRoute::kKnowledge,
             a.answer + (s.chinese() ? "\n\n（来源：知识库「" : "\n\n(Source: knowledge base, \"") +
                 a.source + (s.chinese() ? "」）" : "\")"));
      return NodeOutcome::Continue();
    }
    if (web_search) {
      FinishNotAvailable(s, ctx, RequestType::kWebSearch);
      return NodeOutcome::Continue();
    }
    s.next = options().sql_only ? kEngineNode : (data_question ? kCacheLookup : kPlanNode);
    return NodeOutcome::Continue();
  }

  // The evidence the stage recalled; nullopt before it ran (or when its event does not parse).
  static std::optional<knowledge::Evidence> Recalled(const RunState& s) {
    if (s.evidence.is_null()) return std::nullopt;
    StatusOr<knowledge::Evidence> evidence = knowledge::EvidenceFromJson(s.evidence);
    if (!evidence.ok()) return std::nullopt;
    return std::move(*evidence);
  }

  // A document passage that covers the question, before a no-model abstention; "" when none.
  std::string KnowledgePassage(const RunState& s) const {
    const std::optional<knowledge::Evidence> evidence = Recalled(s);
    if (!evidence) return "";
    const knowledge::EvidenceHit* hit = knowledge::BestPassage(*evidence);
    return hit == nullptr ? "" : WriteKnowledgePassage(hit->source, hit->text, s.chinese());
  }

  // The evidence as prompt knowledge, within its token budget; none before the stage ran.
  std::vector<std::string> EvidenceItems(const RunState& s) const {
    const std::optional<knowledge::Evidence> evidence = Recalled(s);
    if (!evidence) return {};
    return knowledge::EvidencePromptItems(*evidence, deps.evidence_token_budget);
  }

  // A question whose words the engine finds in the schema (tables, columns, values) is a
  // data question whatever the rules say: no model call is spent on classifying it, so a
  // routine question costs 0 calls (engine) or 1 (the SQL), never an extra one.
  // Why a forecast or outlier question went unanswered when Python is switched off: the
  // engine's reason alone ("无法理解的词：预, 测") would not tell the user what to change.
  std::string PythonOffNote(const RunState& s) const {
    if (options().python.mode != python::ExecutorMode::kOff) return "";
    const std::string kind = PythonQuestionCue(s.question);
    if (kind.empty()) return "";
    return agent::PythonOffNote(kind, s.chinese(), Face());
  }

  // The standalone Python question this is on the datasource's schema (python_question.h).
  std::optional<PythonQuestion> PythonQuestionOf(const RunState& s) {
    StatusOr<PreparedDatasource*> d = Datasource();
    if (!d.ok()) return std::nullopt;  // the datasource error surfaces later
    return DetectPythonQuestion(s.question, s.chinese(), *(*d)->index, (*d)->connector->dialect(),
                                options().translate);
  }

  // How firmly the question is about the data: the engine answers it; or it maps a phrase of
  // the question to a table, column or value, or holds a table name or stored value (an
  // abstention that found nothing, "没有在数据库中找到…", or a mapping with no phrase such as
  // a time anchor does not count).
  enum class DataSignal { kNone, kNamed, kAnswered };
  DataSignal LooksLikeData(const std::string& question) {
    StatusOr<PreparedDatasource*> d = Datasource();
    if (!d.ok()) return DataSignal::kNone;  // the model decides; the error surfaces later
    const nlq::SchemaIndex& index = *(*d)->index;
    const nlq::Translation t =
        nlq::Engine::Translate(question, index, (*d)->connector->dialect(), options().translate);
    if (t.answered) return DataSignal::kAnswered;
    const bool mapped =
        std::any_of(t.explanation.begin(), t.explanation.end(), [](const nlq::Mapping& m) {
          return !m.phrase.empty() &&
                 (m.kind == "table" || m.kind == "column" || m.kind == "value");
        });
    return mapped || nlq::HoldsADataName(question, index) ? DataSignal::kNamed : DataSignal::kNone;
  }

  // The classification as Classify builds it: the request's type and how it was decided.
  struct Classified {
    Classification c;
    std::string by;           // "rules", "intent_model", "model", with "+…" for the overrides
    std::string model_error;  // a model call that failed and left the rules' answer standing
    // The engine's reading of the question, asked at most once (it runs the engine).
    std::optional<DataSignal> data_signal;
    // A question about the tables or a table's columns, read against `schema_listing` (the
    // tables this run may use): it is answered from the listing (ReadSchemaQuestionOf).
    std::optional<SchemaQuestion> schema_question;
    Json schema_listing;
  };

  DataSignal SignalOf(Classified& k, const std::string& question) {
    if (!k.data_signal) k.data_signal = LooksLikeData(question);
    return *k.data_signal;
  }

  // The learned model only guesses from the wording, and small talk and web-search words are
  // everyday words: a request that names the data's tables, columns or values (model) or
  // that the engine answers (rules) is a data question whatever they said.
  void OverrideByTheData(Classified& k, const std::string& question) {
    const DataOverride override_by = DataOverrideFor(k.c);
    if ((override_by == DataOverride::kNamed && SignalOf(k, question) != DataSignal::kNone) ||
        (override_by == DataOverride::kAnswered &&
         SignalOf(k, question) == DataSignal::kAnswered)) {
      k.c.type = RequestType::kDataQuery;
      k.c.quick_intent = QuickIntent::kNone;
      k.by = "rules+schema";
    }
  }

  // The rules are unsure: one model call decides (seed 002: rules first, then the model). A
  // cancelled or timed-out call stops the run; any other failure leaves the rules' answer.
  Status AskTheModelWhenUnsure(Classified& k, RunState& s, NodeContext& ctx) {
    if (deps.llm == nullptr || k.c.confidence >= classifier->unsure_below() || k.schema_question ||
        SignalOf(k, s.question) != DataSignal::kNone) {
      return Status::Ok();
    }
    ASKDB_ASSIGN_OR_RETURN(PreparedDatasource * d, Datasource());
    ModelCall call;
    call.user_template = llm::kRequestTypeTemplate;
    call.question = s.question;
    call.reply_schema = {
        {"type", "object"},
        {"properties",
         {{"request_type", {{"type", "string"}}}, {"reason", NullableType("string")}}},
        {"required", {"request_type"}}};
    StatusOr<Json> reply = CallModel(call, s, ctx, *d);
    const std::string name = reply.ok() ? ReplyString(*reply, "request_type") : "";
    if (!reply.ok()) {
      const StatusCode code = reply.status().code();
      if (code == StatusCode::kCancelled || code == StatusCode::kDeadlineExceeded) {
        return reply.status();
      }
      spdlog::warn("pipeline: classifying with the model failed ({}); using the rules' answer",
                   reply.status().ToString());
      k.model_error = reply.status().message();
    } else if (std::optional<RequestType> type = ParseRequestType(name)) {
      k.c.type = *type;
      k.by = "model";
    } else {
      spdlog::warn(
          "pipeline: the model's request type '{}' is not one askdb knows; keeping "
          "the rules' classification",
          name);
    }
    return Status::Ok();
  }

  // A standalone forecast or outlier question is a small analysis: its Python template
  // computes what no SQL statement can (python_question.h). A chart request is not: its
  // trend (每月销售额趋势图) is the chart asked for. Then the agent's profile: its language,
  // and fast mode (one question, one query).
  void ApplyPythonAndProfile(Classified& k, RunState& s) {
    Classification& c = k.c;
    if (!options().sql_only && options().python.mode != python::ExecutorMode::kOff &&
        !c.IsQuickPath() && c.type != RequestType::kConsultation &&
        c.type != RequestType::kVisualization && !PythonQuestionCue(s.question).empty() &&
        PythonQuestionOf(s)) {
      c.type = RequestType::kMultiStepAnalysis;
      k.by += "+python_question";
    }
    const AgentProfile& profile = options().profile;
    if (profile.language != "auto") s.language = profile.language;
    if (profile.fast_mode && c.type == RequestType::kMultiStepAnalysis) {
      c.type = RequestType::kDataQuery;  // fast mode: one question, one query
      k.by += "+fast_mode";
    }
  }

  // The classification event: the type, its confidence, the rules' reading, who decided,
  // the language, and for a data question what fast mode would skip.
  Json ClassificationEvent(const Classified& k, const RunState& s, Json rules) {
    Json classification = {{"request_type", s.request_type},
                           {"confidence", k.c.confidence},
                           {"rules", std::move(rules)},
                           {"by", k.by},
                           {"language", s.language}};
    if (!k.model_error.empty()) classification["model_error"] = k.model_error;
    // How a follow-up was read ("and by category?" → "average freight by category"): the web
    // UI shows it, as the CLI does ("follow-up read as").
    if (!s.follow_up.empty()) {
      classification["follow_up"] = {{"question", FollowUpReadAs(s)}, {"change", s.follow_up}};
    }
    if (IsDataQuestion(k.c.type)) {
      const FastModeDecision fast = DetectFastMode(s.question);
      classification["fast_mode"] = {{"fast", fast.fast},
                                     {"skip_examples", fast.skip_examples},
                                     {"skip_chart", fast.skip_chart},
                                     {"reason", fast.reason}};
    }
    return classification;
  }

  // The next node for the request's type; a request askdb does not take ends the run here.
  void RouteByType(const Classified& k, RunState& s, NodeContext& ctx) {
    const Classification& c = k.c;
    if (options().sql_only) {
      // SQL only: one question, never answered from the cache; the knowledge still goes
      // into the model's SQL prompt (and business terms' tables into schema recall).
      s.next = deps.evidence.empty() ? kEngineNode : kEvidenceNode;
    } else if (!s.declined_follow_up.empty()) {
      // Read alone, "按月呢" was small talk and "只看前5个" an abstention on "只看".
      Finish(s, ctx, PipelineRoute::kNotAnswered,
             DeclinedFollowUpAnswer(s.question, s.declined_follow_up,
                                    DeclineWhyFromName(s.declined_follow_up_why), s.chinese()));
    } else if (s.follow_up_question.empty() && IsChartOnlyRequest(s.question)) {
      // "换成柱状图" with no answered question before it has nothing to re-chart.
      Finish(s, ctx, PipelineRoute::kNotAnswered, NothingToRechartAnswer(s.chinese()));
    } else if (k.schema_question) {
      Finish(s, ctx, PipelineRoute::kSchema,
             WriteSchemaAnswer(*k.schema_question, k.schema_listing, s.chinese()));
    } else if (c.IsQuickPath()) {
      s.next = kQuickPathNode;
    } else if (c.type == RequestType::kConsultation) {
      s.next = kConsultationNode;
    } else if (IsDataQuestion(c.type)) {
      s.next = deps.evidence.empty() ? kCacheLookup : kEvidenceNode;
    } else if (c.type == RequestType::kMultiStepAnalysis) {
      s.next = deps.evidence.empty() ? kPlanNode : kEvidenceNode;
    } else if (c.type == RequestType::kWebSearch && !deps.evidence.empty()) {
      // "财年从什么时候开始" may read as a web search; a Q&A of the knowledge base answers it.
      s.next = kEvidenceNode;
    } else {
      FinishNotAvailable(s, ctx, c.type);
    }
  }

  void FinishNotAvailable(RunState& s, NodeContext& ctx, RequestType type) {
    // A question in another language may look like a web search: say what askdb reads.
    std::string answer = OtherLanguageAnswer(s.question, s.chinese(), Face());
    if (answer.empty()) answer = NotAvailableReason(type, s.chinese());
    Finish(s, ctx, PipelineRoute::kNotAnswered, std::move(answer));
  }

  // A question about the data's structure ("有哪些表", "describe the orders table") is answered
  // from the tables and columns this run may use, as GET /api/v1/agents/<id>/schema lists them:
  // the user's view of the datasource, the agent's table selection, the semantic model's
  // hidden columns left out. No query, no model; SQL only wants SQL, so it never asks.
  void ReadSchemaQuestionOf(Classified& k, const RunState& s) {
    if (options().sql_only || !MayBeSchemaQuestion(s.question)) return;
    std::optional<Json> listing = AgentListing();
    if (!listing) return;  // the datasource error surfaces later
    k.schema_listing = std::move(*listing);
    k.schema_question = ReadSchemaQuestion(s.question, k.schema_listing);
    if (k.schema_question) k.by += "+schema_question";
  }

  // --- multi-step analysis ------------------------------------------------------------

  // What the planner reads: the question, its schema and history, the limits, and the plan
  // the user sent back with feedback (a revision).
  PlanningInput PlanningInputFor(RunState& s, NodeContext& ctx, PreparedDatasource* d) {
    PlanningInput input;
    input.datasource = d;
    input.question = s.question;
    input.chinese = s.chinese();
    input.schema_text = s.schema_text;
    input.history = s.history;
    input.translate = options().translate;
    input.max_sql_steps = options().analysis_sql_steps;
    input.python_steps = options().python.mode != python::ExecutorMode::kOff;
    input.max_rows = options().query.max_rows;
    if (!s.plan.is_null() && !s.plan_feedback.empty()) {
      input.rejected_plans.push_back(s.plan);
      input.feedback = s.plan_feedback;
    }
    input.model = ModelFor(s, ctx, *d);
    return input;
  }

  // Keeps the plan with its title, notes and warnings in the run's state and shows it.
  void RecordPlan(RunState& s, NodeContext& ctx, const PlannedAnalysis& planned) {
    s.plan = plan::AnalysisPlanToJson(planned.plan);
    s.plan_title = planned.title;
    s.plan_notes = planned.notes;
    s.plan_warnings = planned.notes;
    s.plan_warnings.insert(s.plan_warnings.end(), planned.warnings.begin(), planned.warnings.end());
    ctx.Emit(EventType::kPlan, {{"plan", s.plan},
                                {"title", s.plan_title},
                                {"notes", s.plan_notes},
                                {"warnings", s.plan_warnings},
                                {"by", planned.from_model ? "model" : "rules"},
                                {"text", RenderPlanText(planned.plan, s.plan_title, s.chinese())}});
  }

  StatusOr<NodeOutcome> Plan(RunState& s, NodeContext& ctx) {
    ASKDB_ASSIGN_OR_RETURN(PreparedDatasource * d, Datasource());
    RecallSchema(s, ctx, *d);
    const PlanningInput input = PlanningInputFor(s, ctx, d);
    std::optional<PythonQuestion> python_question;
    if (!input.model && input.python_steps) {
      python_question = PythonQuestionOf(s);
    }
    ASKDB_ASSIGN_OR_RETURN(
        PlannedAnalysis planned,
        python_question ? StatusOr<PlannedAnalysis>(PythonQuestionPlan(input, *python_question))
                        : PlanAnalysis(input));
    // Other processes' runs over a shared store count too (a store error keeps ours).
    if (Status refreshed = Durations().Refresh(); !refreshed.ok()) {
      spdlog::warn("step durations: {}", refreshed.message());
    }
    Durations().Apply(planned.plan);
    RecordPlan(s, ctx, planned);
    if (!planned.plan.HasTool(plan::kToolExecuteSql)) {
      Finish(s, ctx, PipelineRoute::kNotAnswered,
             (s.chinese() ? "没能为这个分析规划出任何查询。"
                          : "No query could be planned for "
                            "this analysis. ") +
                 (planned.notes.empty() ? std::string() : planned.notes.back()));
      return NodeOutcome::Continue();
    }
    s.next = s.plan_review ? kReviewPlan : kRunSteps;
    return NodeOutcome::Continue();
  }

  StatusOr<NodeOutcome> ReviewPlan(RunState& s, NodeContext& ctx) {
    const Json* answer = ctx.resume_value();
    if (answer == nullptr || answer->is_null()) {
      ASKDB_ASSIGN_OR_RETURN(plan::AnalysisPlan p,
                             plan::AnalysisPlanFromJson(s.plan, RequestType::kMultiStepAnalysis));
      return NodeOutcome::Ask(InterruptKind::kPlanApproval,
                              {{"plan", s.plan},
                               {"title", s.plan_title},
                               {"text", RenderPlanText(p, s.plan_title, s.chinese())},
                               {"rejections", s.plan_feedback.size()},
                               {"max_rejections", options().max_plan_rejections}});
    }
    const PlanDecision decision = ParsePlanDecision(*answer);
    if (decision.approved) {
      s.next = kRunSteps;
      return NodeOutcome::Continue();
    }
    s.plan_feedback.push_back(decision.comment);
    if (static_cast<int>(s.plan_feedback.size()) > options().max_plan_rejections) {
      Finish(s, ctx, PipelineRoute::kNotAnswered,
             s.chinese() ? "计划已被拒绝 " + std::to_string(s.plan_feedback.size()) +
                               " 次，分析停止。请换一种更具体的说法重新提问。"
                         : "The plan was rejected " + std::to_string(s.plan_feedback.size()) +
                               " times; the analysis stops. Ask again more specifically.");
      return NodeOutcome::Continue();
    }
    s.next = kPlanNode;  // re-plan with the comment
    return NodeOutcome::Continue();
  }

  StatusOr<NodeOutcome> RunSteps(RunState& s, NodeContext& ctx) {
    ASKDB_ASSIGN_OR_RETURN(PreparedDatasource * d, Datasource());
    ASKDB_ASSIGN_OR_RETURN(plan::AnalysisPlan p,
                           plan::AnalysisPlanFromJson(s.plan, RequestType::kMultiStepAnalysis));
    AnalysisRunInput input;
    input.datasource = d;
    input.question = s.question;
    input.chinese = s.chinese();
    input.schema_text = s.schema_text;
    input.translate = options().translate;
    input.query = options().query;
    input.max_sufficiency_rounds = options().max_sufficiency_rounds;
    input.model = ModelFor(s, ctx, *d);
    input.cancel = ctx.cancellation();
    input.history = &Durations();
    input.python = options().python;
    input.python_max_tries = options().python_max_tries;
    input.on_step = [&ctx](const StepOutcome& step, int completed, int total) {
      Json data = {{"step_num", step.step_num},
                   {"tool", step.tool},
                   {"purpose", step.purpose},
                   {"success", step.success},
                   {"skipped", step.skipped},
                   {"completed", completed},
                   {"total", total},
                   // The timeline shows each step's time and whether it was retried.
                   {"attempts", step.attempts},
                   {"duration_ms", step.duration_ms}};
      if (!step.error.empty()) data["error"] = step.error;
      if (!step.sql.empty()) data["sql"] = step.sql;
      if (step.result) data["row_count"] = step.result->row_count();
      AddPythonStepEvent(step, data);
      ctx.Emit(EventType::kStep, std::move(data));
    };
    ASKDB_ASSIGN_OR_RETURN(AnalysisRun run, RunAnalysis(input, p));
    if (deps.on_durations_recorded) deps.on_durations_recorded();
    s.steps = std::move(run.steps);
    s.query_history = std::move(run.query_history);
    s.deviation_score = run.deviation_score;
    s.deviation = run.deviation;
    RecordRunWarnings(s, ctx, run);
    s.next = kReportNode;
    return NodeOutcome::Continue();
  }

  // The deviation warnings reach the stream (and the CLI) as they stand; all warnings stay
  // with the run's plan_warnings. A caveat about a step that did not run would describe data
  // the answer does not show: it leaves the notes and warnings.
  static void RecordRunWarnings(RunState& s, NodeContext& ctx, AnalysisRun& run) {
    for (const Json& w : run.deviation.value("warnings", Json::array())) {
      ctx.Emit(
          EventType::kWarning,
          {{"kind", "plan_deviation"}, {"message", w}, {"deviation_score", run.deviation_score}});
    }
    for (std::string& w : run.warnings) s.plan_warnings.push_back(std::move(w));
    for (const std::string& c : run.void_caveats) {
      std::erase(s.plan_notes, c);
      std::erase(s.plan_warnings, c);
    }
  }

  StatusOr<NodeOutcome> Report(RunState& s, NodeContext& ctx) {
    const bool any_rows = std::any_of(s.steps.begin(), s.steps.end(), [](const StepOutcome& st) {
      return st.success && st.result.has_value();
    });
    if (!any_rows) {
      std::string why;
      for (const StepOutcome& st : s.steps) {
        if (!st.success)
          why += "\n" + std::to_string(st.step_num) + ". " + st.purpose + ": " +
                 (st.error.empty() ? st.note : st.error);
      }
      s.error = "no step of the plan returned data";
      Finish(s, ctx, PipelineRoute::kNotAnswered,
             (s.chinese() ? "分析的查询都没有返回数据："
                          : "None of the analysis queries "
                            "returned data:") +
                 why);
      return NodeOutcome::Continue();
    }
    ASKDB_ASSIGN_OR_RETURN(PreparedDatasource * d, Datasource());
    NarrativeInput input{.question = s.question,
                         .title = s.plan_title,
                         .chinese = s.chinese(),
                         .steps = &s.steps,
                         .model = ModelFor(s, ctx, *d),
                         .money_columns = MoneyColumns(),
                         .semantic_model = d->model ? &*d->model : nullptr};
    ASKDB_ASSIGN_OR_RETURN(s.report, WriteAnalysisNarrative(input));
    s.route = PipelineRoute::kAnalysis;
    Finish(s, ctx, PipelineRoute::kAnalysis, RenderAnalysisAnswer(s));
    return NodeOutcome::Continue();
  }

  StatusOr<NodeOutcome> QuickPath(RunState& s, NodeContext& ctx) {
    QuickPathContext quick_context;
    quick_context.default_time_zone = options().default_time_zone;
    std::optional<QuickAnswer> quick = AnswerQuickly(s.question, quick_context);
    // A decline a model may do better with (a stated rate's unclear roles) goes straight to
    // it: neither the cache nor the engine, which would answer from the database's rows
    // and not from the numbers the request states.
    if (quick && quick->model_may_answer && deps.llm != nullptr) {
      s.next = kLlmSql;
    } else if (quick) {
      Finish(s, ctx, PipelineRoute::kQuickPath, quick->text);
    } else {
      // A trivial or simple request the quick path cannot answer is data: the knowledge
      // first, as for a data question (RecallEvidence then goes on to the answer cache).
      s.next = deps.evidence.empty() ? kCacheLookup : kEvidenceNode;
    }
    return NodeOutcome::Continue();
  }

  StatusOr<NodeOutcome> Consultation(RunState& s, NodeContext& ctx) {
    ASKDB_ASSIGN_OR_RETURN(PreparedDatasource * d, Datasource());
    // The one tool call: the basic level (columns and types, no statistics). The prepared
    // index adds what preparation measured once (distinct counts, date ranges) while the
    // structure is the one it was built on; after a change the basic level alone is used.
    const std::optional<catalog::SchemaResult> basic =
        ReadSchemaLevel(ctx, *d, catalog::SchemaLevel::kBasic);
    const bool prepared_current =
        !basic || basic->fingerprint.empty() || basic->fingerprint == d->source_fingerprint;
    ConsultationInput input{.basic_schema = basic ? basic->schema : d->schema,
                            .model = d->model ? &*d->model : nullptr,
                            .index = prepared_current ? d->index.get() : nullptr,
                            .chinese = s.chinese(),
                            .schema_from_cache = basic && basic->from_cache,
                            .dialect = &d->connector->dialect()};
    Finish(s, ctx, PipelineRoute::kConsultation, Consult(input).RenderText());
    return NodeOutcome::Continue();
  }

  StatusOr<NodeOutcome> CacheLookup(RunState& s, NodeContext& ctx) {
    s.next = kEngineNode;
    ASKDB_ASSIGN_OR_RETURN(PreparedDatasource * d, Datasource());
    // The request's one schema call: the detailed level (30-minute cache, fingerprint check).
    run_schema = ReadSchemaLevel(ctx, *d, catalog::SchemaLevel::kDetailed);
    if (deps.cache == nullptr) return NodeOutcome::Continue();
    lookup_rows_stamp = SyncCache(s, *d);
    if (!lookup_rows_stamp) return NodeOutcome::Continue();  // no signal: never a stale answer
    std::optional<cache::CacheHit> hit =
        deps.cache->Lookup(s.cache_partition, s.question, d->index.get());
    if (!hit) return NodeOutcome::Continue();
    s.cache_hit = true;
    s.cache_level = std::string(cache::CacheLevelName(hit->level));
    s.cache_stored_question = hit->stored_question;
    s.cache_l2_id = hit->l2_id;
    s.sql = hit->sql;
    s.sql_source = SqlSource::kCache;
    if (hit->level == cache::CacheLevel::kL1 && hit->result != nullptr &&
        SameRowsUnderCap(*hit->result, options().query.max_rows)) {
      s.final_sql = hit->sql;
      s.result = *hit->result;
      s.route = PipelineRoute::kCache;
      ctx.Emit(EventType::kSql,
               {{"sql", s.final_sql}, {"source", "cache"}, {"cache", hit->ToJson()}});
      EmitRows(s, ctx);
      s.next = kChart;
    } else {
      s.next = kExecute;
    }
    return NodeOutcome::Continue();
  }

  StatusOr<NodeOutcome> Engine(RunState& s, NodeContext& ctx) {
    ASKDB_ASSIGN_OR_RETURN(PreparedDatasource * d, Datasource());
    const nlq::Translation t = nlq::Engine::Translate(EngineQuestion(s), *d->index,
                                                      d->connector->dialect(), options().translate);
    s.translation = ReadingSummary(t, s.chinese());
    last_translation = t;
    if (t.answered) {
      s.sql = t.sql;
      s.sql_source = SqlSource::kEngine;
      // SQL only: nothing runs, so the engine's SQL is bound like a model's before it goes.
      s.next = options().sql_only ? kValidate : kExecute;
    } else if (deps.llm == nullptr) {
      std::string answer =
          WriteAbstention(s.question, t.abstain_reason + PythonOffNote(s), s.chinese(),
                          t.abstain_reason_says_what_to_do, Face(), AbstentionContextOf(s));
      // A period the data does not reach: rephrasing would find nothing either.
      if (std::string gap = PeriodOutsideReading(s); !gap.empty()) answer += "\n" + gap;
      // A document passage that covers the question leads: it is what the user asked for, its
      // heading says it is not a result from the data, and the abstention and the advice follow.
      if (std::string passage = KnowledgePassage(s); !passage.empty())
        answer = passage + "\n" + answer;
      Finish(s, ctx, PipelineRoute::kNotAnswered, answer);
    } else {
      s.next = kLlmSql;
    }
    return NodeOutcome::Continue();
  }

  StatusOr<NodeOutcome> LlmSql(RunState& s, NodeContext& ctx) {
    if (const Json* answer = ctx.resume_value(); answer != nullptr && !answer->is_null()) {
      const std::string text = answer->is_string() ? answer->get<std::string>() : answer->dump();
      s.clarification_answers.push_back(text);
      s.question += (s.chinese() ? "\n补充说明：" : "\nClarification: ") + text;
      s.next = kEngineNode;  // the clarified question may be one the engine can answer
      return NodeOutcome::Continue();
    }
    ASKDB_ASSIGN_OR_RETURN(PreparedDatasource * d, Datasource());
    RecallSchema(s, ctx, *d);
    ASKDB_ASSIGN_OR_RETURN(const Json v, CallModel(SqlGenerationCall(s.schema_text, s.history,
                                                                     s.question, s.chinese()),
                                                   s, ctx, *d));
    if (auto sql = v.find("sql"); sql != v.end() && sql->is_string()) {
      s.sql = sql->get<std::string>();
      s.sql_source = SqlSource::kLlm;
      s.next = kValidate;
      return NodeOutcome::Continue();
    }
    if (std::string question = ReplyString(v, "needs_clarification"); !question.empty()) {
      s.clarification_question = std::move(question);
      if (static_cast<int>(s.clarification_answers.size()) >= options().max_clarifications) {
        Finish(s, ctx, PipelineRoute::kNotAnswered,
               (s.chinese() ? "补充说明后问题仍不明确：" : "Still unclear after clarification: ") +
                   s.clarification_question);
        return NodeOutcome::Continue();
      }
      return NodeOutcome::Ask(InterruptKind::kClarification,
                              {{"question", s.clarification_question}});
    }
    if (std::string reason = ReplyString(v, "not_answerable"); !reason.empty()) {
      Finish(s, ctx, PipelineRoute::kNotAnswered, std::move(reason));
      return NodeOutcome::Continue();
    }
    return LlmError(
        "the model replied with none of sql, needs_clarification or not_answerable; check the "
        "model and its prompt templates");
  }

  StatusOr<NodeOutcome> Validate(RunState& s, NodeContext& ctx) {
    Status check = CheckSingleReadStatement(s.sql);
    if (check.ok()) {
      // The engine's own binder resolves every table and column against the catalog
      // without running anything; its message goes to the fix like an execution error.
      ASKDB_ASSIGN_OR_RETURN(PreparedDatasource * d, Datasource());
      db::QueryOptions query = options().query;
      if (ctx.cancellation() != nullptr) query.cancel = ctx.cancellation();
      check = d->connector->Check(s.sql, query);
      switch (check.code()) {
        case StatusCode::kOk:
        case StatusCode::kInvalidArgument:  // parse or bind errors: the model can fix them
        case StatusCode::kSqlError:
        case StatusCode::kPermissionDenied:
          break;
        case StatusCode::kUnimplemented:  // this connector cannot check: execution will
          check = Status::Ok();
          break;
        default:  // the database is unreachable, the run was cancelled or is out of time
          return check.WithContext("checking the model's SQL");
      }
    }
    if (check.ok()) {
      s.next = kExecute;
      return NodeOutcome::Continue();
    }
    ctx.Emit(
        EventType::kSql,
        {{"sql", s.sql}, {"source", SqlSourceName(s.sql_source)}, {"rejected", check.message()}});
    if (s.sql_source == SqlSource::kEngine) {  // as when the engine's SQL fails to run
      if (deps.llm == nullptr) {
        Fail(s, ctx, "the engine's SQL was refused: " + check.message());
      } else {
        s.next = kLlmSql;
      }
      return NodeOutcome::Continue();
    }
    s.attempts.push_back({s.sql, check.message()});
    AfterFailedAttempt(s, ctx);
    return NodeOutcome::Continue();
  }

  // SQL only: the checked statement is the answer; nothing runs against the data.
  void FinishUnexecuted(RunState& s, NodeContext& ctx) {
    const bool from_model = s.sql_source == SqlSource::kLlm || s.sql_source == SqlSource::kFix;
    if (from_model) s.attempts.push_back({s.sql, ""});
    s.final_sql = s.sql;
    ctx.Emit(EventType::kSql,
             {{"sql", s.sql}, {"source", SqlSourceName(s.sql_source)}, {"executed", false}});
    Finish(s, ctx, from_model ? PipelineRoute::kLlm : PipelineRoute::kEngine, s.sql);
  }

  // The engine writes LIMIT default_list_limit into a list the question set no N for
  // (no "limit" in its explanation): a result that fills it was cut there, and the connector
  // never saw the next row to say so.
  bool EngineCapReached(const nlq::Translation& t, const db::ResultSet& result) const {
    const long long cap = options().translate.default_list_limit;
    const bool asked_n = std::any_of(t.explanation.begin(), t.explanation.end(),
                                     [](const nlq::Mapping& m) { return m.kind == "limit"; });
    return !asked_n && cap > 0 && static_cast<long long>(result.row_count()) >= cap;
  }

  // The statement ran: its rows become the answer's, then the chart follows.
  void AcceptResult(RunState& s, NodeContext& ctx, db::ResultSet result) {
    const bool from_model = s.sql_source == SqlSource::kLlm || s.sql_source == SqlSource::kFix;
    if (from_model) s.attempts.push_back({s.sql, ""});
    s.final_sql = s.sql;
    s.result = std::move(result);
    if (s.sql_source == SqlSource::kEngine && last_translation &&
        EngineCapReached(*last_translation, *s.result))
      s.result->truncated = true;
    s.route = s.sql_source == SqlSource::kCache    ? PipelineRoute::kCache
              : s.sql_source == SqlSource::kEngine ? PipelineRoute::kEngine
                                                   : PipelineRoute::kLlm;
    EmitRows(s, ctx);
    s.next = kChart;
  }

  // Cached SQL that fails: the schema may have changed since the entry was stored, so the
  // entry is forgotten and the engine answers afresh.
  void DropFailedCacheEntry(RunState& s, const Status& error) {
    cache::CacheHit hit;
    hit.level = cache::CacheLevel::kL2;
    hit.datasource = s.cache_partition;
    hit.stored_question = s.cache_stored_question;
    hit.l2_id = s.cache_l2_id;
    hit.sql = s.sql;
    if (deps.cache != nullptr) deps.cache->Drop(hit);
    spdlog::info("pipeline: cached SQL failed ({}); entry dropped", error.message());
    s.cache_hit = false;
    s.cache_level.clear();
    s.next = kEngineNode;
  }

  // Where a failed statement leads, by who wrote it: the cache's to the engine, the
  // engine's to the model (an error without one), the model's to another attempt.
  Status AfterFailedSql(RunState& s, NodeContext& ctx, const Status& error) {
    switch (s.sql_source) {
      case SqlSource::kCache:
        DropFailedCacheEntry(s, error);
        break;
      case SqlSource::kEngine:
        if (deps.llm == nullptr) return error.WithContext("running the engine's SQL");
        s.next = kLlmSql;
        break;
      default:
        s.attempts.push_back({s.sql, error.message()});
        AfterFailedAttempt(s, ctx);
        break;
    }
    return Status::Ok();
  }

  StatusOr<NodeOutcome> Execute(RunState& s, NodeContext& ctx) {
    if (options().sql_only) {
      FinishUnexecuted(s, ctx);
      return NodeOutcome::Continue();
    }
    ASKDB_ASSIGN_OR_RETURN(PreparedDatasource * d, Datasource());
    ctx.Emit(EventType::kSql, {{"sql", s.sql}, {"source", SqlSourceName(s.sql_source)}});
    db::QueryOptions query = options().query;
    if (ctx.cancellation() != nullptr) query.cancel = ctx.cancellation();
    StatusOr<db::ResultSet> result = d->connector->Execute(s.sql, query);
    if (result.ok()) {
      AcceptResult(s, ctx, std::move(result).value());
      return NodeOutcome::Continue();
    }
    ASKDB_RETURN_IF_ERROR(ctx.CheckAlive());
    const Status& error = result.status();
    if (error.code() == StatusCode::kCancelled) return error;
    ASKDB_RETURN_IF_ERROR(AfterFailedSql(s, ctx, error));
    return NodeOutcome::Continue();
  }

  StatusOr<NodeOutcome> LlmFix(RunState& s, NodeContext& ctx) {
    ASKDB_ASSIGN_OR_RETURN(PreparedDatasource * d, Datasource());
    RecallSchema(s, ctx, *d);
    const SqlAttempt& last = s.attempts.back();
    ASKDB_ASSIGN_OR_RETURN(
        const Json reply,
        CallModel(SqlFixCall(s.schema_text, s.question, last.sql, last.error, s.chinese()), s, ctx,
                  *d));
    ++s.fixes;
    const std::string sql = ReplyString(reply, "sql");
    if (sql.empty()) return LlmError("the model's fix holds no SQL; check the model");
    const std::string normalized = NormalizeSqlForComparison(sql);
    for (const SqlAttempt& a : s.attempts) {
      if (NormalizeSqlForComparison(a.sql) == normalized) {
        Fail(s, ctx,
             "the model's fix repeated a statement that already failed (" + a.error +
                 "); rephrase the question or name the tables and columns to use");
        return NodeOutcome::Continue();
      }
    }
    s.sql = sql;
    s.sql_source = SqlSource::kFix;
    s.next = kValidate;
    return NodeOutcome::Continue();
  }

  StatusOr<NodeOutcome> Chart(RunState& s, NodeContext& ctx) {
    if (DetectFastMode(s.question).skip_chart) {  // fast mode: rows and answer only
      s.next = kAnswer;
      return NodeOutcome::Continue();
    }
    s.chart = last_view.emplace(View(s)).chart.ToJson();
    ctx.Emit(EventType::kChart, s.chart);
    s.next = kAnswer;
    return NodeOutcome::Continue();
  }

  StatusOr<NodeOutcome> Answer(RunState& s, NodeContext& ctx) {
    const PipelineRoute route = s.route;
    // The Chart node's view of this result, unless it was skipped (fast mode) or the run
    // resumed here from a checkpoint.
    const AnswerView& view = last_view ? *last_view : last_view.emplace(View(s));
    std::string answer =
        WithPeriod(WriteAnswer(view.result, view.chart, s.chinese()), AnchorNote(s), s.chinese());
    if (std::string gap = PeriodOutsideData(s); !gap.empty()) {
      answer += (s.chinese() ? "" : " ") + gap;
    }
    if (std::string tie = TieAtTheCutOff(s); !tie.empty()) {
      answer += (s.chinese() ? "" : " ") + tie;
    }
    Finish(s, ctx, route, std::move(answer));
    const bool from_l1 = s.cache_hit && s.cache_level == "L1";
    if (deps.cache != nullptr && !from_l1) StoreAnswer(s);
    return NodeOutcome::Continue();
  }

  // --- helpers ------------------------------------------------------------------------

  // Files the answer under the rows' stamp, when the stamp is known and the same as before
  // the query ran (rows written meanwhile may or may not be in the result).
  void StoreAnswer(const RunState& s) {
    StatusOr<PreparedDatasource*> d = Datasource();
    if (!d.ok()) return;
    const std::optional<std::string> stamp = SyncCache(s, **d);
    if (!stamp || !lookup_rows_stamp || *lookup_rows_stamp != *stamp) {
      spdlog::info("pipeline: answer not cached: the datasource's rows gave no steady stamp");
      return;
    }
    Status stored =
        deps.cache->Store(s.cache_partition, s.question, s.final_sql, *s.result, (*d)->index.get());
    // A cache that refuses an entry costs only a future recomputation; the answer stands.
    if (!stored.ok()) spdlog::warn("pipeline: answer not cached: {}", stored.message());
  }

  // The engine's answer was cut at the question's N and the next row ties the last one shown
  // (Translation::tie_check_sql, one more read-only query): WriteTieNote; "" otherwise.
  std::string TieAtTheCutOff(const RunState& s) {
    if (!s.result || s.result->row_count() == 0) return "";
    const size_t n = s.result->row_count();
    StatusOr<PreparedDatasource*> d = Datasource();
    if (!d.ok()) return "";
    std::string sql;
    if (s.sql_source == SqlSource::kEngine && last_translation) {
      sql = last_translation->tie_check_sql;
    } else if (s.route == PipelineRoute::kCache) {
      // A repeated question keeps the note when its reading now writes the cached SQL.
      const std::optional<nlq::Translation> t = ReadingOfACachedAnswer(s);
      if (t && t->answered && t->sql == s.final_sql) sql = t->tie_check_sql;
    }
    if (sql.empty()) return "";
    StatusOr<db::ResultSet> values = (*d)->connector->Execute(sql, options().query);
    if (!values.ok() || values->row_count() != n + 1 || values->columns.empty()) return "";
    const db::Value& last = values->rows[n - 1][0];
    const db::Value& next = values->rows[n][0];
    if (last.is_null() || last.ToDisplayString() != next.ToDisplayString()) return "";
    return WriteTieNote(analysis::FormatCell(last, analysis::NumberKind::kNumber), n, s.chinese());
  }

  // "Nothing found" for a period the data's time column does not reach says so
  // (OutsideDataNote); "" otherwise. Reads the column's dates from the engine's index.
  std::string PeriodOutsideData(const RunState& s) {
    if (!s.result || !FoundNothing(*s.result)) return "";
    return PeriodOutsideReading(s);
  }

  // The period of the question's reading lies wholly outside its time column's dates
  // (OutsideDataNote); "" otherwise, or when the reading names no single period.
  std::string PeriodOutsideReading(const RunState& s) {
    const Json reading = QuestionReading(s);
    if (!reading.is_object()) return "";
    std::string period, column;
    for (const Json& m : reading.value("mappings", Json::array())) {
      const std::string kind = m.value("kind", std::string());
      const std::string target = m.value("target", std::string());
      if (kind == "time") {
        if (!period.empty()) return "";  // two periods: a comparison, not one gap
        period = target;
      }
      if (kind == "column" && target.starts_with(kTimeColumnTarget)) {
        column = target.substr(kTimeColumnTarget.size());
      }
    }
    if (period.empty() || column.empty()) return "";
    StatusOr<PreparedDatasource*> d = Datasource();
    if (!d.ok() || (*d)->index == nullptr) return "";
    const nlq::SchemaIndex& index = *(*d)->index;
    const int c = FindQualifiedColumn(index, column);
    if (c < 0) return "";
    const nlq::ColumnStats& stats = index.columns()[c].stats;
    if (!stats.min_date || !stats.max_date) return "";
    return OutsideDataNote(period, column, nlq::FormatIsoDate(*stats.min_date),
                           nlq::FormatIsoDate(*stats.max_date), s.chinese());
  }

  // The engine's reading of the question (TranslationSummary), for the answer's period notes:
  // the run's own, or — a cached answer skipped the engine — its reading now (microseconds),
  // since the cached SQL was written for the same question and period. Kept when the engine
  // abstained, as a fresh run keeps it: a cached answer first written by a model gets the
  // same notes. Null when there is none.
  Json QuestionReading(const RunState& s) {
    if (s.translation.is_object()) return s.translation;
    if (s.route != PipelineRoute::kCache) return Json();
    const std::optional<nlq::Translation> now = ReadingOfACachedAnswer(s);
    return now ? ReadingSummary(*now, s.chinese()) : Json();
  }

  // The engine's reading as this run's callers see it: the reason it abstained names what
  // lists the tables where they are ("`askdb schema`" is a CLI command; FitToFace).
  Json ReadingSummary(const nlq::Translation& t, bool chinese) const {
    Json j = TranslationSummary(t);
    if (j.contains("abstain_reason"))
      j["abstain_reason"] = FitToFace(t.abstain_reason, Face(), chinese);
    return j;
  }

  // The engine's reading of the run's question now, for an answer the cache gave (the engine
  // did not run): microseconds, and the same reading that wrote the cached SQL when the
  // question and data are unchanged. nullopt before the datasource is prepared.
  std::optional<nlq::Translation> ReadingOfACachedAnswer(const RunState& s) {
    StatusOr<PreparedDatasource*> d = Datasource();
    if (!d.ok() || (*d)->index == nullptr) return std::nullopt;
    return nlq::Engine::Translate(EngineQuestion(s), *(*d)->index, (*d)->connector->dialect(),
                                  options().translate);
  }

  // The conversation's latest question answered from the data (it ran SQL), even when a
  // question since broke the follow-up chain (Session::LastAnswered): "no answered question"
  // read false in a thread with three. Empty when none.
  static std::string LastAnsweredQuestion(const RunState& s) {
    if (s.session.is_null()) return "";
    StatusOr<Session> session = Session::FromJson(s.session);
    if (!session.ok()) return "";
    const auto& turns = session->turns();
    const auto answered =
        std::find_if(turns.rbegin(), turns.rend(), [](const Turn& t) { return !t.sql.empty(); });
    return answered == turns.rend() ? "" : answered->resolved_question;
  }

  // What the abstention needs beyond the engine's reason. The engine's refusal of a long
  // question has no structured kind (nlq::Translation), so its own limit is compared here.
  AbstentionContext AbstentionContextOf(const RunState& s) {
    AbstentionContext context;
    context.too_long_for_engine = EngineQuestion(s).size() > options().translate.max_question_bytes;
    context.previous_question = LastAnsweredQuestion(s);
    context.agent_tables = SelectedTableTitles(s.chinese());
    return context;
  }

  // The tables of the agent's selection as a person reads them; empty when it has none.
  std::vector<std::string> SelectedTableTitles(bool chinese) {
    if (options().profile.selected_tables.empty()) return {};
    std::optional<Json> listing = AgentListing();
    return listing ? TableTitles(*listing, chinese) : std::vector<std::string>{};
  }

  // The tables and columns this run may use (SchemaListing): the agent's selection of the
  // datasource, the semantic model's hidden columns left out; nullopt without a datasource.
  std::optional<Json> AgentListing() {
    StatusOr<PreparedDatasource*> d = Datasource();
    if (!d.ok()) return std::nullopt;
    db::DatabaseSchema schema = (*d)->schema;
    schema.tables = AgentTables(schema, options().profile.selected_tables);
    return SchemaListing(schema, (*d)->model ? &*(*d)->model : nullptr);
  }

  // What the engine reads: a visualization request without its chart words ("画一个每月销售额
  // 趋势图" → "每月销售额", chart_words.h); the question itself otherwise.
  static std::string EngineQuestion(const RunState& s) {
    if (s.request_type != RequestTypeName(RequestType::kVisualization)) return s.question;
    return TakeChartWords(s.question).question;
  }

  // The period a relative time word was read as ("今年 = 2025-01-01 .. 2025-12-31 (...)"), for
  // the answer.
  std::string AnchorNote(const RunState& s) {
    const Json reading = QuestionReading(s);
    return reading.is_object() ? reading.value("time_anchor", std::string()) : "";
  }

  // The one schema tool call of a request (seed 001 Requirement 2): the level it needs, from
  // the datasource's schema manager — its 30-minute cache (the event then carries
  // "[Using cached schema]"), or fetched, or an expired copy when the fetch timed out.
  std::optional<catalog::SchemaResult> ReadSchemaLevel(NodeContext& ctx,
                                                       const PreparedDatasource& d,
                                                       catalog::SchemaLevel level) const {
    if (d.schemas == nullptr) return std::nullopt;
    StatusOr<catalog::SchemaResult> r =
        d.schemas->GetSchema({.datasource = std::string(kSchemaManagerId),
                              .level = level,
                              .tables = {},
                              .want_text = false,
                              .include_disabled = false,
                              .fingerprint_max_age = FingerprintMaxAge(d)});
    if (!r.ok()) {
      spdlog::warn("pipeline: schema level {} not read: {}", catalog::SchemaLevelName(level),
                   r.status().message());
      return std::nullopt;
    }
    EmitSchemaEvent(ctx, *r, {});
    return std::move(r).value();
  }

  // `requested`: the tables asked for (empty: the whole level).
  static void EmitSchemaEvent(NodeContext& ctx, const catalog::SchemaResult& r,
                              const std::vector<std::string>& requested) {
    Json data = {{"tool", std::string(kBasicSchemaTool)},
                 {"level", std::string(catalog::SchemaLevelName(r.level))},
                 {"tables", r.schema.tables.size()},
                 {"from_cache", r.from_cache},
                 {"stale", r.stale}};
    if (!requested.empty()) data["requested"] = requested;
    if (r.from_cache) data["note"] = std::string(catalog::kCachedSchemaMarker);
    ctx.Emit(EventType::kSchema, std::move(data));
  }

  // Entries made under another schema or semantic model are dropped (and, on first use, the
  // persisted ones loaded). A store that fails leaves the cache working in memory.
  // Returns the rows' stamp; nullopt when a server database gives no reliable one (then the
  // cache is left as it is, neither read nor written, server_rows_stamp.h).
  std::optional<std::string> SyncCache(const RunState& s, const PreparedDatasource& d) const {
    // The rows' stamp too: an answer about rows written since is worked out again.
    const std::optional<std::string> rows = d.connector->engine() == "sqlite"
                                                ? std::optional<std::string>(DataStamp(d.url))
                                                : d.rows_stamper->Read(*d.connector);
    if (!rows) return std::nullopt;
    Status synced = deps.cache->Sync(s.cache_partition, d.fingerprint + *rows);
    if (!synced.ok()) spdlog::warn("pipeline: answer cache store: {}", synced.message());
    return rows;
  }

  // The result as a person reads it (answer_view.h): units, value labels, a one-number
  // answer's filters. The rows themselves stay as the query returned them.
  AnswerView View(const RunState& s) {
    AnswerViewInput input;
    // A follow-up's chart is titled by what it was read as ("2024年每月上海的销售额"), not
    // "按月呢".
    input.question = s.follow_up.empty() ? s.original_question : FollowUpReadAs(s);
    input.sql = s.final_sql;
    input.money_columns = MoneyColumns();
    input.model = ds != nullptr && ds->model ? &*ds->model : nullptr;
    input.reading = QuestionReading(s);
    input.chinese = s.chinese();
    return MakeAnswerView(*s.result, input);
  }

  AnswerView StepView(const RunState& s, const StepOutcome& step) const {
    return MakeAnswerView(*step.result,
                          {.question = s.original_question,
                           .sql = step.sql,
                           .money_columns = MoneyColumns(),
                           .model = ds != nullptr && ds->model ? &*ds->model : nullptr,
                           .chinese = s.chinese()});
  }

  // The prepared datasource's certain money columns; none before it is prepared.
  std::vector<std::string> MoneyColumns() const {
    if (ds == nullptr || ds->index == nullptr) return {};
    return KnownMoneyColumns(ds->model ? &*ds->model : nullptr, *ds->index);
  }

  static void EmitRows(const RunState& s, NodeContext& ctx) {
    Json columns = Json::array();
    for (const db::ResultColumn& c : s.result->columns) columns.push_back(c.name);
    ctx.Emit(EventType::kRows, {{"row_count", s.result->row_count()},
                                {"columns", std::move(columns)},
                                {"truncated", s.result->truncated}});
  }

  // After a model's statement was refused or failed: fix it, or give up.
  void AfterFailedAttempt(RunState& s, NodeContext& ctx) {
    if (s.fixes >= options().max_fixes) {
      Fail(s, ctx,
           "the SQL still failed after " + std::to_string(s.fixes) +
               " fixes; last error: " + s.attempts.back().error);
      return;
    }
    s.next = kLlmFix;
  }

  void RecallSchema(RunState& s, NodeContext& ctx, const PreparedDatasource& d) {
    if (!s.schema_text.empty()) return;
    const std::vector<std::string>& selected = options().profile.selected_tables;
    // The whole schema's recaller is the datasource's, shared by all runs; an agent limited
    // to some tables gets its own.
    if (selected.empty()) {
      catalog::RecallOptions recall;
      recall.token_budget = options().schema_token_budget;
      recall.fill_budget = true;  // unsure which tables: what fits costs less than a miss
      recall.required_tables = TermTables(s);
      s.schema_text = FetchRecalled(ctx, d, d.Recaller().Recall(s.question, recall), recall);
      return;
    }
    // A conversation outlives a schema change (the datasource is prepared again): rebuild.
    if (recaller == nullptr || recaller_fingerprint != d.fingerprint) {
      recaller_fingerprint = d.fingerprint;
      db::DatabaseSchema schema = d.schema;
      std::erase_if(schema.tables, [&](const db::TableInfo& t) {
        return std::none_of(selected.begin(), selected.end(), [&](const std::string& name) {
          return text::EqualsIgnoreAsciiCase(name, t.name);
        });
      });
      recaller = catalog::SchemaRecaller::Build(schema, d.model ? &*d.model : nullptr);
    }
    catalog::RecallOptions recall;
    recall.token_budget = options().schema_token_budget;
    recall.fill_budget = true;
    recall.required_tables = TermTables(s);
    s.schema_text = FetchRecalled(ctx, d, recaller->Recall(s.question, recall), recall);
  }

  // The recalled tables as they are now. A data question already read the detailed level
  // before the engine (run_schema): they are rendered from it, with no second call. Otherwise
  // (an analysis, a resumed run) they are fetched in one schema-manager call (seed 000: the
  // tables a question needs in one fetch; the 30-minute cache and the fingerprint check
  // apply, and the schema event says whether it was cached). When the fetch fails, the
  // recall's own rendering of the prepared schema is used.
  std::string FetchRecalled(NodeContext& ctx, const PreparedDatasource& d,
                            const catalog::RecallResult& recalled,
                            const catalog::RecallOptions& recall) const {
    if (d.schemas == nullptr || recalled.tables.empty()) return recalled.text;
    const catalog::SemanticModel* model = d.model ? &*d.model : nullptr;
    if (run_schema)
      return catalog::RenderRecalled(recalled, run_schema->schema, model, recall).text;
    catalog::SchemaRequest request{.datasource = std::string(kSchemaManagerId),
                                   .level = catalog::SchemaLevel::kDetailed,
                                   .tables = {},
                                   .want_text = true,
                                   .include_disabled = false,
                                   .fingerprint_max_age = FingerprintMaxAge(d)};
    for (const catalog::RecalledTable& t : recalled.tables) {
      if (std::none_of(request.tables.begin(), request.tables.end(), [&](const std::string& n) {
            return text::EqualsIgnoreAsciiCase(n, t.name);
          })) {
        request.tables.push_back(t.name);
      }
    }
    StatusOr<catalog::SchemaResult> r = d.schemas->GetSchema(request);
    if (!r.ok()) {
      spdlog::warn("pipeline: recalled tables not fetched, the prepared schema is used: {}",
                   r.status().message());
      return recalled.text;
    }
    EmitSchemaEvent(ctx, *r, request.tables);
    return catalog::RenderRecalled(recalled, r->schema, model, recall).text;
  }

  // The tables of the business terms the evidence recalled: schema recall includes them.
  static std::vector<std::string> TermTables(const RunState& s) {
    std::vector<std::string> tables;
    const std::optional<knowledge::Evidence> evidence = Recalled(s);
    if (!evidence) return tables;
    for (const knowledge::TermColumn& c : evidence->term_columns) tables.push_back(c.table);
    return tables;
  }

  StatusOr<Json> CallModel(const ModelCall& m, RunState& s, NodeContext& ctx,
                           const PreparedDatasource& d) {
    llm::PromptContext context;
    if (!m.schema_text.empty()) context.schema_items = {m.schema_text};
    context.knowledge_items = EvidenceItems(s);  // the knowledge base first, then examples
    for (std::string& example : ExamplesFor(m.question)) {
      context.knowledge_items.push_back(std::move(example));
    }
    for (const std::string& turn : m.history) context.history.push_back(llm::Message::User(turn));
    context.question = m.question;
    context.values = m.values;
    context.values["dialect"] = std::string(d.connector->dialect().name());
    if (!options().profile.instructions.empty()) {
      context.values["instructions"] = options().profile.instructions;
    }
    const llm::PromptSpec spec{
        .user_template = m.user_template,
        .system_template = m.system_template,
        .language = s.chinese() ? llm::PromptLanguage::kChinese : llm::PromptLanguage::kEnglish};
    ASKDB_ASSIGN_OR_RETURN(llm::BuiltPrompt prompt,
                           llm::BuildPrompt(*prompts, spec, context,
                                            {.max_prompt_tokens = options().prompt_token_budget}));
    llm::ChatRequest request;
    request.messages = std::move(prompt.messages);
    request.messages.back().content += m.reply_instruction;
    llm::CallOptions call;
    call.deadline = ctx.deadline();
    call.cancel = ctx.cancellation();
    llm::JsonCallOptions json_options;
    json_options.server_support = options().json_mode;
    json_options.natural_reply = m.natural_reply;
    StatusOr<llm::JsonResult> reply =
        llm::ChatJson(*deps.llm, std::move(request), m.reply_schema, json_options, call);
    if (!reply.ok()) return reply.status().WithContext("asking the model (" + ctx.node() + ")");
    s.llm_calls += reply->repaired ? 2 : 1;
    s.prompt_tokens += reply->response.usage.prompt_tokens;
    s.completion_tokens += reply->response.usage.completion_tokens;
    ctx.Emit(EventType::kUsage, {{"llm_calls", s.llm_calls},
                                 {"prompt_tokens", s.prompt_tokens},
                                 {"completion_tokens", s.completion_tokens},
                                 {"last_prompt_tokens", reply->response.usage.prompt_tokens},
                                 {"template", m.user_template}});
    return std::move(reply->value);
  }

  // The profile's question-SQL examples as prompt knowledge, those sharing the most
  // characters with the question first (FitContext keeps the first ones that fit).
  std::vector<std::string> ExamplesFor(const std::string& question) const {
    const std::vector<QuestionSqlExample>& examples = options().profile.examples;
    if (examples.empty() || DetectFastMode(question).skip_examples) return {};
    const std::vector<char32_t> q = text::DecodeUtf8(text::NormalizeForMatch(question));
    const std::set<char32_t> asked(q.begin(), q.end());
    std::vector<std::pair<int, const QuestionSqlExample*>> scored;
    for (const QuestionSqlExample& e : examples) {
      int shared = 0;
      for (char32_t c : text::DecodeUtf8(text::NormalizeForMatch(e.question))) {
        shared += asked.contains(c) ? 1 : 0;
      }
      scored.emplace_back(shared, &e);
    }
    std::stable_sort(scored.begin(), scored.end(),
                     [](const auto& a, const auto& b) { return a.first > b.first; });
    std::vector<std::string> out;
    for (const auto& [shared, e] : scored) {
      out.push_back("Example — Q: " + e->question + "\nSQL: " + e->sql);
    }
    return out;
  }

  // The model as a ModelFn for the parts that only ask it things; empty without a model.
  ModelFn ModelFor(RunState& s, NodeContext& ctx, const PreparedDatasource& d) {
    if (deps.llm == nullptr) return nullptr;
    return [this, &s, &ctx, &d](const ModelCall& m) { return CallModel(m, s, ctx, d); };
  }

  // Refuses a thread begun on another database than this run's (PipelineOptions::database).
  Status CheckThreadDatabase(std::string_view thread_id) {
    if (options().database.empty()) return Status::Ok();
    StatusOr<Checkpoint> previous = deps.checkpoints->Load(thread_id);
    if (!previous.ok()) return Status::Ok();  // a new thread, or Resume says what is wrong
    const std::string was = previous->state.is_object()
                                ? previous->state.value("database", std::string())
                                : std::string();
    const std::string& now = options().database;
    if (was.empty() || was == now || MovedSqliteFile(was, now)) return Status::Ok();
    return FailedPreconditionError(
        "thread " + std::string(thread_id) + " is on the database " + was + ", not " + now +
        ": its follow-ups read that database's earlier questions. "
        "Go on with --db " +
        was + ", or ask without --thread to start a new thread on " + now);
  }

  // The conversation so far: the turns kept in the thread's last run plus that run itself
  // (a run that still waited for a person is replaced, not remembered).
  StatusOr<Session> LoadSession(std::string_view thread_id) {
    Session session(static_cast<size_t>(std::max(1, options().session_turns)));
    StatusOr<Checkpoint> previous = deps.checkpoints->Load(thread_id);
    if (!previous.ok()) {
      if (previous.status().code() == StatusCode::kNotFound) return session;
      return previous.status();
    }
    StatusOr<RunState> state = RunStateFromJson(previous->state);
    if (!state.ok()) {
      spdlog::warn(
          "pipeline: thread {} has an unreadable last run ({}); starting a new "
          "conversation",
          thread_id, state.status().message());
      return session;
    }
    if (state->session.is_object()) {
      StatusOr<Session> kept = Session::FromJson(state->session);
      if (kept.ok()) {
        for (const Turn& t : kept->turns()) session.Add(t);
      }
    }
    // Small talk ("你好", "thanks") is no turn a follow-up can mean, and it must not end a chain
    // of follow-ups either: it is left out of the conversation.
    const bool small_talk = state->request_type == RequestTypeName(RequestType::kTrivial);
    if (previous->status == CheckpointStatus::kDone && !state->original_question.empty() &&
        !small_talk) {
      session.Add(Turn{
          .question = state->original_question,
          .resolved_question = state->question,
          .sql = state->final_sql,
          .answer = text::TruncateToWidth(state->answer, kTurnAnswerWidth),
          .follow_up = !state->follow_up_question.empty() || !state->declined_follow_up.empty()});
    }
    return session;
  }

  // Fills the new run's conversation fields and resolves a follow-up question.
  Status StartTurn(std::string_view thread_id, RunState& initial) {
    ASKDB_ASSIGN_OR_RETURN(Session session, LoadSession(thread_id));
    if (session.turns().empty()) return Status::Ok();
    initial.session = session.ToJson();
    for (const Turn& t : session.turns()) {
      std::string line = "Q: " + t.resolved_question;
      if (!t.sql.empty()) line += "\nSQL: " + t.sql;
      if (!t.answer.empty()) line += "\nA: " + t.answer;
      initial.history.push_back(std::move(line));
    }
    // Only a question answered from the data has slots a follow-up can replace; with none
    // the question is new (and needs no database to tell). A follow-up narrows the last
    // answered question: a declined follow-up in between does not break the chain, but an
    // unanswered new question, an analysis or a knowledge-base answer does (LastAnswered).
    if (session.LastAnswered() == nullptr) return Status::Ok();
    ASKDB_ASSIGN_OR_RETURN(PreparedDatasource * d, Datasource());
    const FollowUp follow_up = session.Resolve(initial.question, d->index.get());
    if (follow_up.is_follow_up) {
      initial.question = follow_up.resolved_question;
      initial.follow_up = follow_up.explanation;
      initial.follow_up_question = follow_up.resolved_question;
    } else if (follow_up.declined) {
      initial.declined_follow_up = session.LastAnswered()->resolved_question;
      initial.declined_follow_up_why = std::string(DeclineWhyName(follow_up.why));
    }
    return Status::Ok();
  }

  PipelineResult ToResult(std::string_view thread_id, RunResult<RunState> run) const {
    PipelineResult out;
    out.thread_id = std::string(thread_id);
    out.interrupt = std::move(run.interrupt);
    RunState& s = run.state;
    out.route = s.route;
    out.request_type = s.request_type;
    out.chinese = s.chinese();
    out.answer = s.answer;
    if (out.interrupt && out.answer.empty()) out.answer = s.clarification_question;
    out.sql = s.final_sql;
    out.result = s.result;
    out.chart = s.chart;
    out.money_columns = MoneyColumns();  // the answer's result and an analysis's steps
    if (s.result) out.view = last_view;
    for (const StepOutcome& step : s.steps) {  // an analysis's step tables, as the answer's
      out.step_views.push_back(step.success && step.result ? std::optional(StepView(s, step))
                                                           : std::nullopt);
    }
    out.attempts = s.attempts;
    out.llm_calls = s.llm_calls;
    out.cache_hit = s.cache_hit;
    out.error = s.error;
    out.translation = last_translation;
    out.state = std::move(s);
    return out;
  }

  Status BuildGraph() {
    StateCodec<RunState> codec{RunStateToJson, RunStateFromJson};
    GraphBuilder<RunState> b(kGraphName, codec);
    using Fn = StatusOr<NodeOutcome> (Impl::*)(RunState&, NodeContext&);
    const auto route = [](const RunState& s) { return s.next; };
    const auto add = [&](const char* name, Fn fn, std::vector<std::string> targets) {
      b.AddNode(name, [this, fn](RunState& s, NodeContext& ctx) {
        s.next.clear();
        return (this->*fn)(s, ctx);
      });
      b.AddConditionalEdge(name, route, std::move(targets));
    };
    add(kClassify, &Impl::Classify,
        {kQuickPathNode, kConsultationNode, kCacheLookup, kEngineNode, kPlanNode, kEvidenceNode,
         kEnd});
    add(kEvidenceNode, &Impl::RecallEvidence, {kCacheLookup, kPlanNode, kEngineNode, kEnd});
    add(kPlanNode, &Impl::Plan, {kReviewPlan, kRunSteps, kEnd});
    add(kReviewPlan, &Impl::ReviewPlan, {kRunSteps, kPlanNode, kEnd});
    add(kRunSteps, &Impl::RunSteps, {kReportNode});
    add(kReportNode, &Impl::Report, {kEnd});
    add(kQuickPathNode, &Impl::QuickPath, {kEvidenceNode, kCacheLookup, kLlmSql, kEnd});
    add(kConsultationNode, &Impl::Consultation, {kEnd});
    add(kCacheLookup, &Impl::CacheLookup, {kEngineNode, kExecute, kChart});
    add(kEngineNode, &Impl::Engine, {kExecute, kValidate, kLlmSql, kEnd});
    add(kLlmSql, &Impl::LlmSql, {kEngineNode, kValidate, kEnd});
    add(kValidate, &Impl::Validate, {kExecute, kLlmFix, kLlmSql, kEnd});
    add(kExecute, &Impl::Execute, {kChart, kEngineNode, kLlmSql, kLlmFix, kEnd});
    add(kLlmFix, &Impl::LlmFix, {kValidate, kEnd});
    add(kChart, &Impl::Chart, {kAnswer});
    add(kAnswer, &Impl::Answer, {kEnd});
    b.SetEntry(kClassify);
    ASKDB_ASSIGN_OR_RETURN(Graph<RunState> graph, b.Build());
    RunnerOptions runner_options;
    runner_options.max_steps = options().max_steps;
    runner =
        std::make_unique<Runner<RunState>>(std::move(graph), *deps.checkpoints, runner_options);
    return Status::Ok();
  }
};

StatusOr<Pipeline> Pipeline::Create(PipelineDeps deps) {
  if (!deps.datasource) {
    return InvalidArgumentError("the pipeline needs a datasource provider");
  }
  if (deps.checkpoints == nullptr) {
    return InvalidArgumentError(
        "the pipeline needs a checkpoint store (e.g. SqliteCheckpointStore)");
  }
  auto impl = std::make_unique<Impl>();
  impl->deps = std::move(deps);
  impl->classifier = RequestClassifier::Default();
  if (impl->classifier == nullptr) {
    return InternalError("the built-in classifier rules failed to load (see the log)");
  }
  ASKDB_ASSIGN_OR_RETURN(impl->prompts,
                         llm::PromptLibrary::LoadShared(impl->deps.options.prompt_override_dir));
  ASKDB_RETURN_IF_ERROR(impl->BuildGraph());
  return Pipeline(std::move(impl));
}

void AddCachePartition(PipelineOptions& options, std::string_view what, std::string_view key) {
  if (options.cache_partition.empty()) options.cache_partition = options.datasource_id;
  options.cache_partition.append("#").append(what).append("-").append(key);
}

Pipeline::Pipeline(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Pipeline::Pipeline(Pipeline&&) noexcept = default;
Pipeline& Pipeline::operator=(Pipeline&&) noexcept = default;
Pipeline::~Pipeline() = default;

StatusOr<PipelineResult> Pipeline::Ask(std::string_view thread_id, std::string_view question,
                                       EventSink* sink,
                                       std::shared_ptr<const CancellationToken> cancel) {
  ASKDB_RETURN_IF_ERROR(CheckQuestion(question));
  RunState initial;
  initial.question = std::string(question);
  initial.original_question = initial.question;
  initial.datasource = impl_->options().datasource_id;
  initial.cache_partition = impl_->options().cache_partition.empty()
                                ? impl_->options().datasource_id
                                : impl_->options().cache_partition;
  initial.plan_review = impl_->options().profile.plan_review.value_or(impl_->options().plan_review);
  initial.database = impl_->options().database;
  ASKDB_RETURN_IF_ERROR(impl_->CheckThreadDatabase(thread_id));
  ASKDB_RETURN_IF_ERROR(impl_->StartTurn(thread_id, initial));
  RunControls controls;
  controls.sink = sink;
  controls.cancel = std::move(cancel);
  impl_->last_translation.reset();
  impl_->last_view.reset();
  impl_->run_schema.reset();
  impl_->lookup_rows_stamp.reset();
  ASKDB_ASSIGN_OR_RETURN(RunResult<RunState> run,
                         impl_->runner->Run(thread_id, std::move(initial), controls));
  return impl_->ToResult(thread_id, std::move(run));
}

StatusOr<PipelineResult> Pipeline::Resume(std::string_view thread_id, std::string_view answer,
                                          EventSink* sink,
                                          std::shared_ptr<const CancellationToken> cancel) {
  ASKDB_RETURN_IF_ERROR(impl_->CheckThreadDatabase(thread_id));
  RunControls controls;
  controls.sink = sink;
  controls.cancel = std::move(cancel);
  impl_->last_translation.reset();
  impl_->last_view.reset();
  impl_->run_schema.reset();
  impl_->lookup_rows_stamp.reset();
  ASKDB_ASSIGN_OR_RETURN(RunResult<RunState> run,
                         impl_->runner->Resume(thread_id, Json(std::string(answer)), controls));
  return impl_->ToResult(thread_id, std::move(run));
}

Json PipelineResult::ResultJson() const {
  if (!result) return nullptr;
  Json j = result->ToJson();
  analysis::AddColumnKinds(j, *result, sql, money_columns);
  return j;
}

Json PipelineResult::ToJson() const {
  Json j = Json::object();
  j["thread_id"] = thread_id;
  j["route"] = PipelineRouteName(route);
  j["request_type"] = request_type;
  j["language"] = chinese ? "zh" : "en";
  j["answer"] = answer;
  j["sql"] = sql;
  if (result) j["result"] = ResultJson();
  if (!chart.is_null()) j["chart"] = chart;
  Json tries = Json::array();
  for (const SqlAttempt& a : attempts) tries.push_back({{"sql", a.sql}, {"error", a.error}});
  j["attempts"] = std::move(tries);
  j["llm_calls"] = llm_calls;
  j["cache_hit"] = cache_hit;
  if (cache_hit) j["cache_level"] = state.cache_level;  // "L1" or "L2"
  if (!error.empty()) j["error"] = error;
  if (interrupt) j["interrupt"] = InterruptToJson(*interrupt);
  if (!state.translation.is_null()) j["engine"] = state.translation;
  if (!state.plan.is_null()) {
    j["plan"] = state.plan;
    j["plan_title"] = state.plan_title;
    if (!state.plan_notes.empty()) j["plan_notes"] = state.plan_notes;
    if (!state.plan_warnings.empty()) j["plan_warnings"] = state.plan_warnings;
  }
  if (!state.steps.empty()) {
    Json steps = Json::array();
    for (const StepOutcome& step : state.steps) {
      steps.push_back(StepOutcomeToJson(step, money_columns));
    }
    j["steps"] = std::move(steps);
    j["query_history"] = state.query_history;
    j["deviation_score"] = state.deviation_score;
    if (!state.deviation.is_null()) j["deviation"] = state.deviation;
  }
  if (!state.report.is_null()) j["report_narrative"] = state.report;
  j["prompt_tokens"] = state.prompt_tokens;
  j["completion_tokens"] = state.completion_tokens;
  return j;
}

}  // namespace askdb::agent::pipeline
