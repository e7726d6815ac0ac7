// Evaluation of the question-to-SQL engine by execution accuracy: for each question of a
// JSONL file ({id, db, question, gold_sql, gold_sql_alternatives?, categories?, split?,
// expect_abstain?, order_matters?}) translate it, run both the engine's SQL and the gold
// SQL, and compare the results — the same multiset of rows, in the same order when the
// question says order matters (else when the gold SQL has an ORDER BY); column names and
// order ignored; numbers equal within a relative tolerance; any alternative gold may match.
// A question marked expect_abstain has no answer in the data: abstaining is right, any
// answer is a confident wrong one. Reports coverage (answered %), precision (correct among
// answered, unanswerable ones included), accuracy, abstentions with reasons, p50/p95 engine
// latency and LLM calls — per split (develop vs report-only), category, database and
// overall, as text and JSON. This is how a team measures askdb on its own database.
//
// RunEval is synchronous and single-threaded; it owns nothing after it returns.
#pragma once

#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "askdb/common/json.h"
#include "askdb/common/status.h"
#include "askdb/db/connector.h"
#include "askdb/nlq/engine.h"
#include "askdb/nlq/schema_index.h"

namespace askdb::catalog {
struct SemanticModel;
}  // namespace askdb::catalog

namespace askdb::nlq {

struct EvalQuestion {
  std::string id;
  std::string db;  // a URL or a name the resolver understands; empty: the default
  std::string question;
  std::string gold_sql;                        // empty when expect_abstain
  std::vector<std::string> gold_alternatives;  // other accepted answers
  std::vector<std::string> categories;
  std::string split;  // e.g. "develop" or "report"; empty: not split
  bool expect_abstain = false;
  std::optional<bool> ordered;  // from "order_matters"; unset: the gold SQL's ORDER BY decides
};

// Reads JSONL; blank lines and lines starting with '#' are skipped. InvalidArgument names
// the line of a malformed entry.
StatusOr<std::vector<EvalQuestion>> ReadEvalQuestions(const std::filesystem::path& path);

struct CompareOptions {
  double relative_tolerance = 1e-6;
  double absolute_tolerance = 1e-6;
  // Also right: the answer has every gold column plus columns of context (the engine shows
  // the column a filter used beside the names asked for). Rows must still match one for one.
  bool allow_extra_columns = false;
};

// True when the rows match as described above. `ordered`: compare in order.
bool ResultsMatch(const db::ResultSet& got, const db::ResultSet& gold, bool ordered,
                  const CompareOptions& options = {});
// True when the SQL has a top-level ORDER BY (outside parentheses and string literals).
bool HasTopLevelOrderBy(std::string_view sql);

struct EvalItemResult {
  std::string id, db, question, gold_sql, sql, split;
  std::vector<std::string> categories;
  bool expect_abstain = false;
  bool answered = false;
  bool correct = false;
  double confidence = 0;
  std::string abstain_reason;
  std::string error;  // execution error of the engine's SQL or the gold SQL
  double engine_ms = 0;
};

// total/answered/correct count the answerable questions; the unanswerable ones
// (expect_abstain) are counted apart, and answering one counts against precision.
struct EvalSummary {
  int total = 0, answered = 0, correct = 0;
  int unanswerable = 0, unanswerable_answered = 0;
  double answered_pct() const { return total ? 100.0 * answered / total : 0; }
  double precision() const {
    const int all_answered = answered + unanswerable_answered;
    return all_answered ? double(correct) / all_answered : 0;
  }
  double accuracy() const { return total ? double(correct) / total : 0; }
  double abstained_unanswerable_pct() const {
    return unanswerable ? 100.0 * (unanswerable - unanswerable_answered) / unanswerable : 0;
  }
};

struct EvalReport {
  std::vector<EvalItemResult> items;
  EvalSummary overall;
  std::map<std::string, EvalSummary> by_split;  // only questions that name a split
  std::map<std::string, EvalSummary> by_category;
  std::map<std::string, EvalSummary> by_db;
  std::map<std::string, int> abstain_reasons;  // reason → count
  double p50_ms = 0, p95_ms = 0;
  int llm_calls = 0;  // the deterministic engine makes none
};

// A datasource prepared for evaluation: a connector and the engine's index over it.
struct EvalDatasource {
  std::unique_ptr<db::Connector> connector;
  std::unique_ptr<SchemaIndex> index;
};

struct EvalOptions {
  TranslateOptions translate;
  CompareOptions compare;
  std::string default_db;  // used when a line has no "db"
  // Opens the datasource named by a line's db (a URL or a name); called once per distinct db.
  std::function<StatusOr<EvalDatasource>(const std::string& db)> open;
  long long max_rows = 100000;
};

StatusOr<EvalReport> RunEval(const std::vector<EvalQuestion>& questions,
                             const EvalOptions& options);

std::string RenderEvalText(const EvalReport& report);

// Calibration: what a confidence threshold buys. From a report run with threshold 0, each
// point counts a question as answered when its confidence reaches `threshold` and gives the
// coverage and precision that threshold would have had (unanswerable questions included).
struct CurvePoint {
  double threshold = 0;
  EvalSummary summary;
};
std::vector<CurvePoint> ConfidenceCurve(const std::vector<EvalItemResult>& items,
                                        const std::vector<double>& thresholds);
std::string RenderConfidenceCurve(const std::vector<CurvePoint>& curve);
Json EvalReportToJson(const EvalReport& report);

// Convenience for EvalOptions::open: opens with `connect`, introspects, samples values and
// builds the index (model may be null).
StatusOr<EvalDatasource> PrepareDatasource(std::unique_ptr<db::Connector> connector,
                                           const catalog::SemanticModel* model);

}  // namespace askdb::nlq
