#include "askdb/nlq/eval.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>

#include "askdb/common/json_lines.h"
#include "askdb/db/connector.h"
#include "askdb/db/result_set.h"
#include "askdb/nlq/schema_index.h"

namespace askdb::nlq {
namespace {

// A cell in a form that compares across engines: numbers as doubles, the rest as text.
struct Cell {
  bool is_null = false;
  bool is_number = false;
  double number = 0;
  std::string text;
};

Cell ToCell(const db::Value& v) {
  Cell c;
  if (v.is_null()) {
    c.is_null = true;
    return c;
  }
  if (auto n = v.AsNumber(); n && v.kind() != db::Value::Kind::kText) {
    c.is_number = true;
    c.number = *n;
    return c;
  }
  c.text = v.ToDisplayString();
  return c;
}

bool CellEqual(const Cell& a, const Cell& b, const CompareOptions& o) {
  if (a.is_null || b.is_null) return a.is_null == b.is_null;
  if (a.is_number && b.is_number) {
    const double diff = std::fabs(a.number - b.number);
    return diff <= o.absolute_tolerance ||
           diff <= o.relative_tolerance * std::max(std::fabs(a.number), std::fabs(b.number));
  }
  if (a.is_number != b.is_number) return false;
  return a.text == b.text;
}

bool CellLess(const Cell& a, const Cell& b) {
  if (a.is_null != b.is_null) return a.is_null;
  if (a.is_number != b.is_number) return a.is_number;
  if (a.is_number) return a.number < b.number;
  return a.text < b.text;
}

// A row as a sorted multiset of cells: column order is ignored.
std::vector<Cell> RowKey(const std::vector<db::Value>& row) {
  std::vector<Cell> cells;
  cells.reserve(row.size());
  for (const db::Value& v : row) cells.push_back(ToCell(v));
  std::sort(cells.begin(), cells.end(), CellLess);
  return cells;
}

bool RowsEqual(const std::vector<Cell>& a, const std::vector<Cell>& b, const CompareOptions& o) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (!CellEqual(a[i], b[i], o)) return false;
  }
  return true;
}

bool RowLess(const std::vector<Cell>& a, const std::vector<Cell>& b) {
  return std::lexicographical_compare(a.begin(), a.end(), b.begin(), b.end(), CellLess);
}

// A numeric column the gold rows run through in one direction, changing at least once: the
// only kind of column they can be ordered by (a constant column, a year all rows share, would
// make every row a tie).
std::vector<bool> MonotoneNumberColumns(const std::vector<std::vector<db::Value>>& rows,
                                        const CompareOptions& o) {
  const size_t width = rows.empty() ? 0 : rows[0].size();
  std::vector<bool> monotone(width, true);
  for (size_t c = 0; c < width; ++c) {
    bool up = false, down = false;
    for (size_t r = 0; r < rows.size() && monotone[c]; ++r) {
      if (c >= rows[r].size() || !ToCell(rows[r][c]).is_number) monotone[c] = false;
      if (r == 0 || !monotone[c]) continue;
      const Cell prev = ToCell(rows[r - 1][c]), cell = ToCell(rows[r][c]);
      if (CellEqual(prev, cell, o)) continue;
      (cell.number > prev.number ? up : down) = true;
    }
    monotone[c] = monotone[c] && (up != down);
  }
  return monotone;
}

// Rows that tie on the ordering value may come in either order (SQL leaves it open): each run
// of adjacent gold rows equal in a column the gold is ordered by (two genres at 8.91) is
// compared as a set. A number shared by two rows in different columns, or in a column that is
// not ordered (two artists with 5 albums, ranked by sales), is no tie. `got` and `gold` are the
// row keys of `gold_rows`' comparison, row for row.
void SortWithinTies(std::vector<std::vector<Cell>>& got, std::vector<std::vector<Cell>>& gold,
                    const std::vector<std::vector<db::Value>>& gold_rows, const CompareOptions& o) {
  const std::vector<bool> ordered_by = MonotoneNumberColumns(gold_rows, o);
  auto tied = [&](size_t r) {
    for (size_t c = 0; c < ordered_by.size(); ++c) {
      if (ordered_by[c] && CellEqual(ToCell(gold_rows[r - 1][c]), ToCell(gold_rows[r][c]), o)) {
        return true;
      }
    }
    return false;
  };
  size_t start = 0;
  for (size_t i = 1; i <= gold.size(); ++i) {
    if (i < gold.size() && tied(i)) continue;
    if (i - start > 1) {
      std::sort(got.begin() + start, got.begin() + i, RowLess);
      std::sort(gold.begin() + start, gold.begin() + i, RowLess);
    }
    start = i;
  }
}

double Percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const size_t idx = static_cast<size_t>(std::ceil(p * v.size())) - 1;
  return v[std::min(idx, v.size() - 1)];
}

Json SummaryJson(const EvalSummary& s) {
  Json j{{"total", s.total},           {"answered", s.answered},
         {"correct", s.correct},       {"answered_pct", s.answered_pct()},
         {"precision", s.precision()}, {"accuracy", s.accuracy()}};
  if (s.unanswerable > 0) {
    j["unanswerable"] = s.unanswerable;
    j["unanswerable_answered"] = s.unanswerable_answered;
  }
  return j;
}

std::vector<std::string> StringArray(const Json& doc, const char* key) {
  std::vector<std::string> out;
  if (doc.contains(key) && doc[key].is_array()) {
    for (const Json& v : doc[key]) {
      if (v.is_string()) out.push_back(v.get<std::string>());
    }
  }
  return out;
}

// Fills the fields a line may carry besides its question and gold SQL.
void ReadOptionalFields(const Json& doc, EvalQuestion& q) {
  q.gold_alternatives = StringArray(doc, "gold_sql_alternatives");
  q.categories = StringArray(doc, "categories");
  if (q.categories.empty() && doc.contains("category") && doc["category"].is_string()) {
    q.categories.push_back(doc["category"].get<std::string>());
  }
  if (doc.contains("split") && doc["split"].is_string()) q.split = doc["split"].get<std::string>();
  q.expect_abstain = doc.contains("expect_abstain") && doc["expect_abstain"].is_boolean() &&
                     doc["expect_abstain"].get<bool>();
  if (doc.contains("order_matters") && doc["order_matters"].is_boolean()) {
    q.ordered = doc["order_matters"].get<bool>();
  }
}

// Runs the gold SQL and its alternatives; true when the engine's rows match any of them.
// Sets `error` when no gold ran at all.
bool MatchesAnyGold(db::Connector& connector, const db::ResultSet& got, const EvalQuestion& q,
                    const db::QueryOptions& qo, const CompareOptions& compare, std::string& error) {
  std::vector<const std::string*> golds = {&q.gold_sql};
  for (const std::string& alt : q.gold_alternatives) golds.push_back(&alt);
  bool any_ran = false;
  for (const std::string* gold_sql : golds) {
    StatusOr<db::ResultSet> gold = connector.Execute(*gold_sql, qo);
    if (!gold.ok()) {
      if (error.empty()) error = "gold SQL failed: " + gold.status().ToString();
      continue;
    }
    any_ran = true;
    const bool ordered = q.ordered.value_or(HasTopLevelOrderBy(*gold_sql));
    if (ResultsMatch(got, *gold, ordered, compare)) return true;
  }
  if (any_ran) error.clear();
  return false;
}

}  // namespace

StatusOr<std::vector<EvalQuestion>> ReadEvalQuestions(const std::filesystem::path& path) {
  std::vector<EvalQuestion> out;
  Status read = ForEachJsonLine(path, [&](const Json& doc, int line, const std::string& where) {
    const bool abstain = doc.is_object() && doc.value("expect_abstain", false) == true;
    if (!doc.is_object() || !doc.contains("question") || !doc["question"].is_string() ||
        (!abstain && (!doc.contains("gold_sql") || !doc["gold_sql"].is_string()))) {
      return InvalidArgumentError(
          where +
          ": each line needs string fields \"question\" and \"gold_sql\" (or "
          "\"expect_abstain\": true for a question the data cannot answer)");
    }
    EvalQuestion q;
    q.id = doc.value("id", std::to_string(line));
    if (doc.contains("id") && doc["id"].is_number()) q.id = doc["id"].dump();
    q.db = doc.value("db", "");
    q.question = doc["question"].get<std::string>();
    if (doc.contains("gold_sql") && doc["gold_sql"].is_string()) {
      q.gold_sql = doc["gold_sql"].get<std::string>();
    }
    ReadOptionalFields(doc, q);
    out.push_back(std::move(q));
    return Status::Ok();
  });
  if (!read.ok()) return read;
  return out;
}

bool HasTopLevelOrderBy(std::string_view sql) {
  int depth = 0;
  char quote = 0;
  std::string upper;
  for (size_t i = 0; i < sql.size(); ++i) {
    const char c = sql[i];
    if (quote) {
      if (c == quote) quote = 0;
      upper += ' ';
      continue;
    }
    if (c == '\'' || c == '"' || c == '`') {
      quote = c;
      upper += ' ';
      continue;
    }
    if (c == '(') ++depth;
    if (c == ')') --depth;
    upper += depth == 0 ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : ' ';
  }
  size_t pos = 0;
  while ((pos = upper.find("ORDER", pos)) != std::string::npos) {
    const size_t after = upper.find_first_not_of(" \t\r\n", pos + 5);
    if (after != std::string::npos && upper.compare(after, 2, "BY") == 0) return true;
    pos += 5;
  }
  return false;
}

namespace {

db::ResultSet Project(const db::ResultSet& rs, const std::vector<size_t>& columns) {
  db::ResultSet out;
  for (const auto& row : rs.rows) {
    std::vector<db::Value> projected;
    for (size_t c : columns) projected.push_back(row[c]);
    out.rows.push_back(std::move(projected));
  }
  return out;
}

// Tries every choice of gold-width column subsets of `got` (answers have a handful of
// columns, so the search is small) and compares each projection exactly.
bool SomeProjectionMatches(const db::ResultSet& got, const db::ResultSet& gold, bool ordered,
                           const CompareOptions& exact, std::vector<size_t>& chosen, size_t next) {
  const size_t want = gold.rows[0].size();
  if (chosen.size() == want) return ResultsMatch(Project(got, chosen), gold, ordered, exact);
  for (size_t c = next; c < got.rows[0].size(); ++c) {
    chosen.push_back(c);
    if (SomeProjectionMatches(got, gold, ordered, exact, chosen, c + 1)) return true;
    chosen.pop_back();
  }
  return false;
}

}  // namespace

bool ResultsMatch(const db::ResultSet& got, const db::ResultSet& gold, bool ordered,
                  const CompareOptions& options) {
  if (got.row_count() != gold.row_count()) return false;
  if (got.row_count() > 0 && got.rows[0].size() > gold.rows[0].size() &&
      options.allow_extra_columns) {
    CompareOptions exact = options;
    exact.allow_extra_columns = false;
    std::vector<size_t> chosen;
    return SomeProjectionMatches(got, gold, ordered, exact, chosen, 0);
  }
  if (got.row_count() > 0 && got.rows[0].size() != gold.rows[0].size()) return false;
  std::vector<std::vector<Cell>> a, b;
  for (const auto& r : got.rows) a.push_back(RowKey(r));
  for (const auto& r : gold.rows) b.push_back(RowKey(r));
  if (!ordered) {
    std::sort(a.begin(), a.end(), RowLess);
    std::sort(b.begin(), b.end(), RowLess);
  } else {
    SortWithinTies(a, b, gold.rows, options);
  }
  for (size_t i = 0; i < a.size(); ++i) {
    if (!RowsEqual(a[i], b[i], options)) return false;
  }
  return true;
}

StatusOr<EvalDatasource> PrepareDatasource(std::unique_ptr<db::Connector> connector,
                                           const catalog::SemanticModel* model) {
  ASKDB_ASSIGN_OR_RETURN(SchemaIndex index, BuildSchemaIndex(*connector, model));
  EvalDatasource ds;
  ds.connector = std::move(connector);
  ds.index = std::make_unique<SchemaIndex>(std::move(index));
  return ds;
}

namespace {

// The datasource question `q` names, `db_name` (opened once, then reused): an error when it
// names none and no default was given, or when it does not open.
StatusOr<EvalDatasource*> SourceOf(const std::string& db_name, const EvalQuestion& q,
                                   const EvalOptions& options,
                                   std::map<std::string, EvalDatasource>& sources) {
  if (db_name.empty()) {
    return InvalidArgumentError("question " + q.id +
                                " names no db and no default was given: pass --db URL");
  }
  auto it = sources.find(db_name);
  if (it == sources.end()) {
    StatusOr<EvalDatasource> ds = options.open(db_name);
    if (!ds.ok()) return ds.status().WithContext("opening " + db_name);
    it = sources.emplace(db_name, std::move(ds).value()).first;
  }
  return &it->second;
}

// The item's record before it is judged: the question's own fields.
EvalItemResult ItemOf(const EvalQuestion& q, const std::string& db_name) {
  EvalItemResult r;
  r.id = q.id;
  r.db = db_name;
  r.question = q.question;
  r.gold_sql = q.gold_sql;
  r.categories = q.categories;
  r.split = q.split;
  r.expect_abstain = q.expect_abstain;
  return r;
}

// An abstention's reason as counted: its first clause, without the words a decline names
// after it (Parser::Abstain) and without the confidence figure, so that counts are meaningful.
std::string AbstainReasonGroup(std::string reason) {
  if (size_t cut = reason.find(';'); cut != std::string::npos) reason = reason.substr(0, cut);
  for (std::string_view tail : {" Words I could not place: ", "未能理解的词："}) {
    if (size_t cut = reason.find(tail); cut != std::string::npos) reason.resize(cut);
  }
  if (reason.rfind("confidence ", 0) == 0) reason = "confidence below the threshold";
  if (reason.rfind("置信度 ", 0) == 0) reason = "置信度低于阈值";
  return reason;
}

// Runs an answer and compares it with the gold: right, or why not in r->error.
void JudgeAnswer(const Translation& t, const EvalQuestion& q, const EvalOptions& options,
                 db::Connector& connector, EvalItemResult* r) {
  if (q.expect_abstain) {
    r->error = "answered a question the data cannot answer";
    return;
  }
  db::QueryOptions qo;
  qo.max_rows = options.max_rows;
  StatusOr<db::ResultSet> got = connector.Execute(t.sql, qo);
  if (!got.ok()) {
    r->error = "engine SQL failed: " + got.status().ToString();
    return;
  }
  r->correct = MatchesAnyGold(connector, *got, q, qo, options.compare, r->error);
}

// Counts a judged item in the overall summary and in its database's, split's and categories'.
void CountItem(const EvalItemResult& r, EvalReport& report) {
  auto add = [&](EvalSummary& s) {
    if (r.expect_abstain) {
      ++s.unanswerable;
      s.unanswerable_answered += r.answered;
      return;
    }
    ++s.total;
    s.answered += r.answered;
    s.correct += r.correct;
  };
  add(report.overall);
  add(report.by_db[r.db]);
  if (!r.split.empty()) add(report.by_split[r.split]);
  for (const std::string& c : r.categories) add(report.by_category[c]);
}

}  // namespace

StatusOr<EvalReport> RunEval(const std::vector<EvalQuestion>& questions,
                             const EvalOptions& options) {
  if (!options.open) {
    return InvalidArgumentError("RunEval: EvalOptions::open is not set; pass a datasource opener");
  }
  std::map<std::string, EvalDatasource> sources;
  EvalReport report;
  std::vector<double> latencies;
  for (const EvalQuestion& q : questions) {
    const std::string db_name = q.db.empty() ? options.default_db : q.db;
    ASKDB_ASSIGN_OR_RETURN(EvalDatasource * ds, SourceOf(db_name, q, options, sources));
    EvalItemResult r = ItemOf(q, db_name);
    const auto start = std::chrono::steady_clock::now();
    const Translation t =
        Engine::Translate(q.question, *ds->index, ds->connector->dialect(), options.translate);
    r.engine_ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    latencies.push_back(r.engine_ms);
    r.answered = t.answered;
    r.confidence = t.confidence;
    r.sql = t.sql;
    r.abstain_reason = t.abstain_reason;
    if (t.answered) {
      JudgeAnswer(t, q, options, *ds->connector, &r);
    } else {
      ++report.abstain_reasons[AbstainReasonGroup(t.abstain_reason)];
    }
    CountItem(r, report);
    report.items.push_back(std::move(r));
  }
  report.p50_ms = Percentile(latencies, 0.5);
  report.p95_ms = Percentile(latencies, 0.95);
  return report;
}

std::vector<CurvePoint> ConfidenceCurve(const std::vector<EvalItemResult>& items,
                                        const std::vector<double>& thresholds) {
  std::vector<CurvePoint> curve;
  for (double threshold : thresholds) {
    CurvePoint point{threshold, {}};
    for (const EvalItemResult& item : items) {
      const bool answered = item.answered && item.confidence >= threshold;
      if (item.expect_abstain) {
        ++point.summary.unanswerable;
        point.summary.unanswerable_answered += answered;
        continue;
      }
      ++point.summary.total;
      point.summary.answered += answered;
      point.summary.correct += answered && item.correct;
    }
    curve.push_back(point);
  }
  return curve;
}

std::string RenderConfidenceCurve(const std::vector<CurvePoint>& curve) {
  std::string out = "threshold  answered  precision\n";
  char line[96];
  for (const CurvePoint& p : curve) {
    std::snprintf(line, sizeof line, "  %.2f     %5.1f%%     %5.1f%%\n", p.threshold,
                  p.summary.answered_pct(), 100.0 * p.summary.precision());
    out += line;
  }
  return out;
}

std::string RenderEvalText(const EvalReport& report) {
  std::string out;
  char buf[256];
  auto line = [&](const std::string& name, const EvalSummary& s) {
    std::snprintf(buf, sizeof buf,
                  "%-28s %5d  answered %5.1f%%  precision %5.1f%%  accuracy %5.1f%%", name.c_str(),
                  s.total, s.answered_pct(), 100 * s.precision(), 100 * s.accuracy());
    out += buf;
    if (s.unanswerable > 0) {
      std::snprintf(buf, sizeof buf, "  | unanswerable %d, abstained %5.1f%%", s.unanswerable,
                    s.abstained_unanswerable_pct());
      out += buf;
    }
    out += "\n";
  };
  if (!report.by_split.empty()) {
    out += "by split (develop: tuned on; report: never tuned on)\n";
    for (const auto& [name, s] : report.by_split) line("  " + name, s);
  }
  out += "by category\n";
  for (const auto& [name, s] : report.by_category) line("  " + name, s);
  out += "by database\n";
  for (const auto& [name, s] : report.by_db) line("  " + name, s);
  line("overall", report.overall);
  std::snprintf(buf, sizeof buf, "engine latency p50 %.3f ms, p95 %.3f ms; LLM calls %d\n",
                report.p50_ms, report.p95_ms, report.llm_calls);
  out += buf;
  if (!report.abstain_reasons.empty()) {
    out += "abstentions\n";
    for (const auto& [reason, n] : report.abstain_reasons) {
      out += "  " + std::to_string(n) + " × " + reason + "\n";
    }
  }
  return out;
}

Json EvalReportToJson(const EvalReport& report) {
  Json j;
  j["overall"] = SummaryJson(report.overall);
  j["by_split"] = Json::object();
  for (const auto& [name, s] : report.by_split) j["by_split"][name] = SummaryJson(s);
  j["by_category"] = Json::object();
  for (const auto& [name, s] : report.by_category) j["by_category"][name] = SummaryJson(s);
  j["by_db"] = Json::object();
  for (const auto& [name, s] : report.by_db) j["by_db"][name] = SummaryJson(s);
  j["latency_ms"] = {{"p50", report.p50_ms}, {"p95", report.p95_ms}};
  j["llm_calls"] = report.llm_calls;
  j["abstentions"] = Json::object();
  for (const auto& [reason, n] : report.abstain_reasons) j["abstentions"][reason] = n;
  Json items = Json::array();
  for (const EvalItemResult& r : report.items) {
    items.push_back({{"id", r.id},
                     {"db", r.db},
                     {"question", r.question},
                     {"categories", r.categories},
                     {"split", r.split},
                     {"expect_abstain", r.expect_abstain},
                     {"answered", r.answered},
                     {"correct", r.correct},
                     {"confidence", r.confidence},
                     {"sql", r.sql},
                     {"gold_sql", r.gold_sql},
                     {"abstain_reason", r.abstain_reason},
                     {"error", r.error},
                     {"engine_ms", r.engine_ms}});
  }
  j["items"] = std::move(items);
  return j;
}

}  // namespace askdb::nlq
