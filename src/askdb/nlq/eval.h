// Evaluation of the question-to-SQL engine by execution accuracy: for each question of a
// JSONL file ({id, db, question, gold_sql, categories?}) translate it, run both the
// engine's SQL and the gold SQL, and compare the results — the same multiset of rows, in the
// same order when the gold SQL has an ORDER BY; column names and order ignored; numbers
// equal within a relative tolerance. Reports answered %, accuracy on answered, overall
// accuracy, abstentions with reasons, p50/p95 engine latency and LLM calls, per category and
// overall, as text and JSON. This is how a team measures askdb on its own database.
//
// RunEval is synchronous and single-threaded; it owns nothing after it returns.
#pragma once

#include <filesystem>
#include <functional>
#include <map>
#include <memory>
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
  std::string gold_sql;
  std::vector<std::string> categories;
};

// Reads JSONL; blank lines and lines starting with '#' are skipped. InvalidArgument names
// the line of a malformed entry.
StatusOr<std::vector<EvalQuestion>> ReadEvalQuestions(const std::filesystem::path& path);

struct CompareOptions {
  double relative_tolerance = 1e-6;
  double absolute_tolerance = 1e-6;
};

// True when the rows match as described above. `ordered`: compare in order.
bool ResultsMatch(const db::ResultSet& got, const db::ResultSet& gold, bool ordered,
                  const CompareOptions& options = {});
// True when the SQL has a top-level ORDER BY (outside parentheses and string literals).
bool HasTopLevelOrderBy(std::string_view sql);

struct EvalItemResult {
  std::string id, db, question, gold_sql, sql;
  std::vector<std::string> categories;
  bool answered = false;
  bool correct = false;
  double confidence = 0;
  std::string abstain_reason;
  std::string error;  // execution error of the engine's SQL or the gold SQL
  double engine_ms = 0;
};

struct EvalSummary {
  int total = 0, answered = 0, correct = 0;
  double answered_pct() const { return total ? 100.0 * answered / total : 0; }
  double precision() const { return answered ? double(correct) / answered : 0; }
  double accuracy() const { return total ? double(correct) / total : 0; }
};

struct EvalReport {
  std::vector<EvalItemResult> items;
  EvalSummary overall;
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
Json EvalReportToJson(const EvalReport& report);

// Convenience for EvalOptions::open: opens with `connect`, introspects, samples values and
// builds the index (model may be null).
StatusOr<EvalDatasource> PrepareDatasource(std::unique_ptr<db::Connector> connector,
                                           const catalog::SemanticModel* model);

}  // namespace askdb::nlq
