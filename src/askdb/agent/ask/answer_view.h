// AnswerView: a query's result as a person reads it, from what the semantic model and the
// engine's reading add to the rows — never a changed number:
//  - a column showing a source column with a unit is headed with it ("销售额 (USD)");
//  - a stored code with a label reads as the label in a Chinese answer ("摇滚 (Rock)");
//  - a NULL among words reads as an empty cell in the run's language ("(空)", "—");
//  - one number names the query's filters ("美国的销售额 (USD)：523.06") and, in ms, also
//    reads as minutes:seconds ("393,599.21（6:34）").
// The rows the query returned stay as they are (PipelineResult::result, the cache, the API's
// rows); the view feeds the chart, the short answer and the CLI's table. Pure; thread-safe.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "askdb/analysis/chart_recommender.h"
#include "askdb/common/json.h"
#include "askdb/db/result_set.h"

namespace askdb::catalog {
struct SemanticModel;
}

namespace askdb::agent {

struct AnswerViewInput {
  std::string question{};                         // the person's question (chart intent, language)
  std::string sql{};                              // the statement that made the rows
  std::vector<std::string> money_columns{};       // agent/ask/money_columns.h
  const catalog::SemanticModel* model = nullptr;  // units and value labels; null: none
  // The engine's reading (pipeline TranslationSummary: {"mappings": [{phrase, kind,
  // target}]}): its value and time filters name a one-number answer. Null: none.
  Json reading{};
  bool chinese = false;
};

struct AnswerView {
  db::ResultSet result;
  analysis::ChartSpec chart;
};

AnswerView MakeAnswerView(const db::ResultSet& result, const AnswerViewInput& input);

// An empty (NULL) cell in an answer, in the run's language: "(空)" / "—".
std::string EmptyCellText(bool chinese);

// A period of the engine's reading ("2023-01-01 .. 2024-01-01", end exclusive) as a person
// says it: "2023年" / "2023", a month "2023年3月" / "2023-03", else its dates.
std::string PeriodWords(std::string_view target, bool chinese);

// "6:34" for 393,599 ms, "1:02:05" past an hour: a duration rounded to the second.
std::string MinutesSeconds(double milliseconds);

}  // namespace askdb::agent
