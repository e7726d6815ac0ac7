// Standalone questions a Python template answers (issue 16): a forecast ("预测下个季度的销售额",
// "what revenue should we expect next quarter"), outliers ("哪些门店的销售额异常"),
// a correlation, a Pareto/ABC split, a growth trend or a period-over-period comparison.
//
// Recognised in two parts, neither a list of phrasings:
//   1. a cue word of the kind (data/python/questions.json: 预测, 异常, 相关性, 帕累托, 环比,
//      增长率, forecast, outlier, ...), matched on the tokenizer's units;
//   2. grounding on the schema: the question's other words are looked up in the schema
//      index (columns, tables, business terms) for the measure(s) and, for the per-item
//      kinds, the entity; then the engine must answer the kind's data question built from
//      those words ("每月的销售额", "各门店的销售额", "revenue and discount per month") with the
//      shape the template needs (aggregated; per month, or per item).
// Precision first: a question with no cue, no measure, an entity it needs but cannot place,
// a filter value (which the data question would drop), or a data question the engine cannot
// answer in shape is not one of these — it keeps its ordinary route.
//
// Thread-safe: the cue and data-question tables are loaded once, read-only afterwards.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace askdb::db {
class Dialect;
}  // namespace askdb::db

namespace askdb::nlq {
class SchemaIndex;
struct TranslateOptions;
}  // namespace askdb::nlq

namespace askdb::agent::pipeline {

struct PythonQuestion {
  std::string template_name;  // python/templates.h: forecast, outliers, correlation, ...
  std::string measure;        // as the question words it ("销售额", "revenue")
  std::string measure2;       // correlation: the second measure
  std::string entity;         // per-item kinds ("门店", "stores"); "" per month
  std::string data_question;  // what the engine answers for the template's input
};

// The kind's template name when the question holds one of its cue words ("" when none).
// Cheap (no schema): the pipeline asks it before preparing the datasource.
std::string PythonQuestionCue(std::string_view question);

// The template question `question` is on this schema, if any. `chinese` picks the data
// question's wording.
std::optional<PythonQuestion> DetectPythonQuestion(std::string_view question, bool chinese,
                                                   const nlq::SchemaIndex& index,
                                                   const db::Dialect& dialect,
                                                   const nlq::TranslateOptions& options);

}  // namespace askdb::agent::pipeline
