// Ask: answers one request without a language model. The classifier picks the route:
//   trivial / simple          → the quick path (greetings, help, time, arithmetic, units)
//   consultation              → analysis suggestions from the basic schema (no SQL)
//   data questions            → the deterministic question-to-SQL engine → read-only
//                               execution → chart → a short answer grounded in the rows
//   anything else, or a data question the engine is unsure of → not answered, with the
//                               reason and what was understood (a model takes these over
//                               once the LLM pipeline is configured; until then askdb says so)
// The datasource is opened only when a route needs it, so quick answers touch no database.
// Ask is synchronous; the objects it borrows must outlive the call.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "askdb/agent/ask/datasource.h"
#include "askdb/agent/consultation/consultation.h"
#include "askdb/agent/quick_path/quick_path.h"
#include "askdb/agent/request_classifier.h"
#include "askdb/analysis/chart_recommender.h"
#include "askdb/common/json.h"
#include "askdb/db/connector.h"
#include "askdb/nlq/engine.h"

namespace askdb::agent {

enum class AnswerRoute { kQuickPath, kConsultation, kEngine, kNotAnswered };
std::string_view AnswerRouteName(AnswerRoute route);  // "quick_path", "consultation", ...

struct AskResult {
  Classification classification;
  AnswerRoute route = AnswerRoute::kNotAnswered;
  bool chinese = false;
  std::string answer;  // what a person reads first, in the question's language

  std::optional<QuickAnswer> quick;
  std::optional<ConsultationResult> consultation;
  std::optional<nlq::Translation> translation;  // set whenever the engine was consulted
  std::optional<db::ResultSet> result;
  std::optional<analysis::ChartSpec> chart;

  double engine_ms = 0;  // question → SQL
  double sql_ms = 0;     // execution
  int llm_calls = 0;     // always 0 here; stated so callers and evals can count

  Json ToJson() const;
};

struct AskOptions {
  nlq::TranslateOptions translate;
  db::QueryOptions query;
  std::string default_time_zone;  // for the quick path's "what time is it"
};

// Opens and prepares the datasource on first use; called at most once per Ask.
using DatasourceProvider = std::function<StatusOr<PreparedDatasource*>()>;

// Errors are only those of the datasource or of executing the engine's SQL; a request
// that cannot be answered is an OK result with route kNotAnswered.
StatusOr<AskResult> Ask(std::string_view question, const DatasourceProvider& datasource,
                        const AskOptions& options);

}  // namespace askdb::agent
