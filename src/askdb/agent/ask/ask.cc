#include "askdb/agent/ask/ask.h"

#include <chrono>

#include "askdb/agent/ask/answer_writer.h"

namespace askdb::agent {
namespace {

double MillisSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
      .count();
}

bool IsDataQuestion(RequestType type) {
  return type == RequestType::kDataQuery || type == RequestType::kVisualization;
}

// Why a request type has no answer without a model, in the question's language.
std::string NeedsModelReason(RequestType type, bool chinese) {
  switch (type) {
    case RequestType::kMultiStepAnalysis:
      return chinese ? "这是一个多步骤分析请求，需要 LLM 智能体来规划和执行；当前未配置模型。"
                       "可以先拆成具体的数据问题来问，例如“2025年每月销售额”。"
                     : "This is a multi-step analysis; it needs the LLM agent to plan and run "
                       "it, and no model is configured. Ask its parts as data questions, e.g. "
                       "\"monthly revenue in 2025\".";
    case RequestType::kWebSearch:
      return chinese ? "这个请求需要联网搜索，askdb 只回答数据库里的数据。"
                     : "This needs a web search; askdb answers from your database only.";
    case RequestType::kCalculation:
      return chinese ? "这是一个需要模型理解的计算请求；当前未配置模型。"
                     : "This calculation needs a language model; none is configured.";
    default:
      return chinese ? "无法回答这个请求。" : "This request cannot be answered.";
  }
}

Status AnswerFromData(std::string_view question, PreparedDatasource& ds, const AskOptions& options,
                      AskResult& out) {
  const auto engine_start = std::chrono::steady_clock::now();
  nlq::Translation t =
      nlq::Engine::Translate(question, *ds.index, ds.connector->dialect(), options.translate);
  out.engine_ms = MillisSince(engine_start);
  out.translation = t;
  if (!t.answered) {
    out.route = AnswerRoute::kNotAnswered;
    out.answer = t.abstain_reason;
    return Status::Ok();
  }
  const auto sql_start = std::chrono::steady_clock::now();
  StatusOr<db::ResultSet> result = ds.connector->Execute(t.sql, options.query);
  out.sql_ms = MillisSince(sql_start);
  if (!result.ok()) return result.status().WithContext("running the generated SQL");

  analysis::ChartRequest chart_request;
  chart_request.question = std::string(question);
  chart_request.sql = t.sql;
  out.chart = analysis::RecommendChart(*result, chart_request);
  out.answer = WriteAnswer(*result, *out.chart, out.chinese);
  out.result = std::move(result).value();
  out.route = AnswerRoute::kEngine;
  return Status::Ok();
}

}  // namespace

std::string_view AnswerRouteName(AnswerRoute route) {
  switch (route) {
    case AnswerRoute::kQuickPath:
      return "quick_path";
    case AnswerRoute::kConsultation:
      return "consultation";
    case AnswerRoute::kEngine:
      return "engine";
    case AnswerRoute::kNotAnswered:
      return "not_answered";
  }
  return "not_answered";
}

StatusOr<AskResult> Ask(std::string_view question, const DatasourceProvider& datasource,
                        const AskOptions& options) {
  const RequestClassifier* classifier = RequestClassifier::Default();
  if (classifier == nullptr) {
    return InternalError("the built-in classifier rules failed to load (see the log)");
  }
  AskResult out;
  out.classification = classifier->Classify(question);
  out.chinese = out.classification.language == Language::kZh;
  const RequestType type = out.classification.type;

  if (out.classification.IsQuickPath()) {
    QuickPathContext context;
    context.default_time_zone = options.default_time_zone;
    std::optional<QuickAnswer> quick = AnswerQuickly(question, context);
    if (quick) {
      out.route = AnswerRoute::kQuickPath;
      out.answer = quick->text;
      out.quick = std::move(quick);
      return out;
    }
  }
  if (type == RequestType::kConsultation) {
    ASKDB_ASSIGN_OR_RETURN(PreparedDatasource * ds, datasource());
    // The prepared datasource's schema is the one basic-level fetch this route may make.
    ConsultationInput input{.basic_schema = ds->schema,
                            .model = ds->model ? &*ds->model : nullptr,
                            .index = ds->index.get(),
                            .chinese = out.chinese,
                            .dialect = &ds->connector->dialect()};
    out.consultation = Consult(input);
    out.route = AnswerRoute::kConsultation;
    out.answer = out.consultation->RenderText();
    return out;
  }
  if (IsDataQuestion(type) || out.classification.IsQuickPath()) {
    ASKDB_ASSIGN_OR_RETURN(PreparedDatasource * ds, datasource());
    ASKDB_RETURN_IF_ERROR(AnswerFromData(question, *ds, options, out));
    return out;
  }
  out.route = AnswerRoute::kNotAnswered;
  out.answer = NeedsModelReason(type, out.chinese);
  return out;
}

Json AskResult::ToJson() const {
  Json j = Json::object();
  j["request_type"] = RequestTypeName(classification.type);
  j["confidence"] = classification.confidence;
  j["rules"] = classification.rules;
  j["language"] = LanguageCode(classification.language);
  j["route"] = AnswerRouteName(route);
  j["answer"] = answer;
  if (quick) {
    j["quick"] = {{"kind", QuickAnswerKindName(quick->kind)}, {"value", quick->value}};
  }
  if (consultation) j["consultation"] = consultation->ToJson();
  if (translation) {
    Json t = {{"answered", translation->answered},
              {"confidence", translation->confidence},
              {"sql", translation->sql}};
    Json mappings = Json::array();
    for (const nlq::Mapping& m : translation->explanation) {
      mappings.push_back({{"phrase", m.phrase}, {"kind", m.kind}, {"target", m.target}});
    }
    t["mappings"] = std::move(mappings);
    if (!translation->abstain_reason.empty()) t["abstain_reason"] = translation->abstain_reason;
    if (!translation->understood.empty()) t["understood"] = translation->understood;
    if (!translation->anchor_note.empty()) t["time_anchor"] = translation->anchor_note;
    j["engine"] = std::move(t);
  }
  if (result) {
    Json r = result->ToJson();
    for (auto& [key, value] : r.items()) j[key] = value;
  }
  if (chart) j["chart"] = chart->ToJson();
  j["timings_ms"] = {{"engine", engine_ms}, {"sql", sql_ms}};
  j["llm_calls"] = llm_calls;
  return j;
}

}  // namespace askdb::agent
