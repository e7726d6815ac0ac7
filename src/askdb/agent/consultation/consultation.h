// Consultation: answers "对本数据源提出一些分析建议" / "what analyses can I do with this data?"
// from the BASIC schema level only (tables, columns, declared types, keys, the semantic
// model's business names and descriptions) plus the column roles the question-to-SQL
// engine's SchemaIndex infers. It suggests analyses (trend, comparison, share, ranking,
// cross-tab, status mix, cohort, distribution, correlation), each with a recommended chart
// and example questions worded so that nlq::Engine can answer them.
//
// Seed Requirement 5 / Properties 16 and 17:
//   - Property 17 (≤ 1 tool call, no SQL) is structural: Consult() takes an already
//     fetched basic schema and has no Connector, so it cannot run a statement. The one tool
//     call is the basic schema fetch the caller made (ConsultDataSource does exactly one
//     Connector::Introspect and never calls Execute); ConsultationResult::tool_calls and
//     tool_trace record it for the agent's accounting and for tests.
//   - Property 16: for a schema with at least one table that has at least one column, the
//     result always holds ≥ 1 analysis dimension, ≥ 1 chart recommendation and ≥ 1 example
//     question. A schema whose columns are all keys gets the "data volume" suggestion
//     (record counts compared across tables). A schema with no usable table gets no
//     suggestions and `empty_reason` says why and what to do.
//
// Deterministic: the same inputs give the same result. Consult is a pure function of its
// inputs (it reads them, never keeps them) and is thread-safe.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "askdb/common/json.h"
#include "askdb/common/status.h"

namespace askdb::db {
class Connector;
class Dialect;
struct DatabaseSchema;
struct IntrospectOptions;
}  // namespace askdb::db
namespace askdb::catalog {
struct SemanticModel;
}  // namespace askdb::catalog
namespace askdb::nlq {
class SchemaIndex;
}  // namespace askdb::nlq

namespace askdb::agent {

// The tool the one allowed call goes to (seed Requirement 6 naming) and its level.
inline constexpr std::string_view kBasicSchemaTool = "get_data_source_context";
inline constexpr std::string_view kBasicSchemaLevel = "basic";

enum class ChartKind { kLine, kBar, kPie, kScatter, kHeatmap };
// "line", "bar", "pie", "scatter", "heatmap".
std::string_view ChartKindName(ChartKind kind);

enum class AnalysisKind {
  kTrend,         // a measure over time
  kComparison,    // a measure across the values of one dimension
  kShare,         // composition: each part's share of the whole (few parts)
  kRanking,       // top N entities by a measure
  kCrossTab,      // a measure over two dimensions
  kStatus,        // the mix of a status column (funnel, refunds, cancellations)
  kCohort,        // entities by the date they joined (sign-ups, launches, openings)
  kDistribution,  // how a measure is spread (bands, average, extremes)
  kCorrelation,   // two measures of the same rows against each other
  kVolume,        // record counts across tables (schemas with keys only)
};
// "trend", "comparison", "share", "ranking", "cross_tab", "status", "cohort",
// "distribution", "correlation", "volume".
std::string_view AnalysisKindName(AnalysisKind kind);

struct Suggestion {
  AnalysisKind kind = AnalysisKind::kComparison;
  std::string title;
  // Display names of the axes the analysis groups by; a trend's time axis is one of them.
  std::vector<std::string> dimensions;
  std::vector<std::string> measures;  // display names ("订单金额", "number of orders")
  std::string time_axis;              // "下单日期（按月）"; empty when not over time
  ChartKind chart = ChartKind::kBar;
  std::string chart_reason;                    // why this chart
  std::vector<std::string> example_questions;  // in the request's language, not executed
  std::string rationale;                       // why this analysis is worth doing here
  // Physical tables involved; a verified example's SQL reads every one of them.
  std::vector<std::string> tables;
  // True when input.dialect was given and the engine answers every example question.
  bool engine_answerable = false;
  double score = 0;  // ranking key (higher first)
};

struct ConsultationInput {
  // The basic schema level: tables, columns, types, keys (row counts and samples optional).
  const db::DatabaseSchema& basic_schema;
  // Business names, synonyms, descriptions, roles, value labels; may be null.
  const catalog::SemanticModel* model = nullptr;
  // The engine's index for this datasource when the session already has one (adds
  // distinct counts and date ranges); null: one is built from basic_schema + model
  // without touching data.
  const nlq::SchemaIndex* index = nullptr;
  bool chinese = false;  // answer language (text::ContainsCjk of the request)
  // True when the basic schema came from the session's schema cache: no tool was called.
  bool schema_from_cache = false;
  // When set, example questions are run through nlq::Engine::Translate (which writes SQL
  // but executes nothing): of several wordings the first the engine answers over the
  // suggestion's tables is kept, and Suggestion::engine_answerable records whether all
  // were answered. Unanswered questions stay (the LLM path can take them). Null: the
  // preferred wording is kept unchecked.
  const db::Dialect* dialect = nullptr;
};

struct ConsultationOptions {
  int max_suggestions = 8;
  int max_examples_per_suggestion = 2;
  // A pie chart is recommended only for a dimension known to have at most this many values.
  int max_pie_parts = 8;
  // N of the "top N" ranking questions.
  int top_n = 10;
  // Caps on the overview lists.
  int max_overview_items = 12;
  int max_relationship_paths = 6;
  // Foreign-key hops followed from a measure's table to find its dimensions.
  int max_join_depth = 3;
};

struct ConsultationResult {
  bool chinese = false;
  std::vector<Suggestion> suggestions;  // best first, at most max_suggestions
  // What the data offers, each item "business name (table.column)".
  std::vector<std::string> measures_overview;
  std::vector<std::string> dimensions_overview;
  std::vector<std::string> time_overview;
  std::vector<std::string> relationships;  // "订单 → 客户 → 城市 → 大区"
  std::string empty_reason;                // set when there is nothing to suggest
  // Accounting for Property 17: the basic schema fetch (0 when it came from the cache).
  int tool_calls = 0;
  std::vector<std::string> tool_trace;  // e.g. "get_data_source_context(level=basic)"
  // Statements run on user data: always 0 (Consult has no connector); kept for the trace.
  int sql_executed = 0;
  // True when the example questions were checked against the engine (input.dialect set).
  bool examples_verified = false;

  // All example questions, in suggestion order.
  std::vector<std::string> ExampleQuestions() const;
  std::string RenderMarkdown() const;
  std::string RenderText() const;  // plain text for terminals
  Json ToJson() const;
};

// The suggestions for one datasource. Pure and thread-safe; never fails (an unusable
// schema yields empty suggestions and empty_reason).
ConsultationResult Consult(const ConsultationInput& input, const ConsultationOptions& options = {});

// What the basic schema fetch asks of a connector: structure only, no sample values and
// no row counts (counting rows would be a query on user data).
db::IntrospectOptions BasicSchemaIntrospectOptions();

// The whole consultation route for a live datasource: exactly one Connector::Introspect
// (the one tool call), never Connector::Execute, then Consult with the connector's dialect
// (examples verified against the engine). Errors are the
// introspection's, prefixed with what was being done.
StatusOr<ConsultationResult> ConsultDataSource(db::Connector& connector,
                                               const catalog::SemanticModel* model, bool chinese,
                                               const ConsultationOptions& options = {});

}  // namespace askdb::agent
