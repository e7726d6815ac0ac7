#include "askdb/nlq/business_terms.h"

#include <algorithm>
#include <cctype>
#include <set>

#include "askdb/common/text.h"
#include "askdb/nlq/number_words.h"
#include "askdb/nlq/schema_index.h"

namespace askdb::nlq {
namespace {

using Kind = TermExpr::Kind;

bool IsValueAlias(const TermExpr& e) {
  if (e.kind == Kind::kIn) return e.args[0].kind == Kind::kColumn && !e.negated;
  return e.kind == Kind::kCompare && e.text == "=" && e.args[0].kind == Kind::kColumn &&
         (e.args[1].kind == Kind::kString || e.args[1].kind == Kind::kNumber);
}

void AggregatedColumns(const TermExpr& e, bool inside, std::set<int>* tables,
                       const SchemaIndex& index) {
  if (e.kind == Kind::kColumn && inside) tables->insert(index.columns()[e.bound].table);
  for (const TermExpr& a : e.args) {
    AggregatedColumns(a, inside || e.kind == Kind::kAgg, tables, index);
  }
}

constexpr std::string_view kPeriodForms =
    "近一年, 近30天, 近3个月, 今年, 去年, 本季度, 上季度, 本月, 上个月, last 12 months, "
    "past 30 days, last 2 years, this year, last year, this quarter, last quarter, this "
    "month, last month";

// "30", "三十", "两", "twelve" → the count; nullopt for anything else (or 0).
std::optional<int> PeriodCount(std::string_view text) {
  std::optional<double> n;
  if (!text.empty() &&
      std::all_of(text.begin(), text.end(), [](unsigned char c) { return std::isdigit(c) != 0; })) {
    n = text.size() <= 5 ? std::stod(std::string(text)) : 0;
  } else {
    n = ParseChineseNumeral(text);
    if (!n) n = ParseEnglishNumberWord(text);
  }
  if (!n || *n < 1 || *n > 10000 || *n != static_cast<int>(*n)) return std::nullopt;
  return static_cast<int>(*n);
}

std::optional<TermPeriod> ParseRelativePeriod(const std::string& t) {
  using R = RelativePeriod;
  static const std::pair<std::string_view, R> kNamed[] = {
      {"今年", R::kThisYear},        {"本年", R::kThisYear},
      {"本年度", R::kThisYear},      {"this year", R::kThisYear},
      {"去年", R::kLastYear},        {"上一年", R::kLastYear},
      {"last year", R::kLastYear},   {"本季度", R::kThisQuarter},
      {"本季", R::kThisQuarter},     {"this quarter", R::kThisQuarter},
      {"上季度", R::kLastQuarter},   {"上个季度", R::kLastQuarter},
      {"上一季度", R::kLastQuarter}, {"last quarter", R::kLastQuarter},
      {"本月", R::kThisMonth},       {"当月", R::kThisMonth},
      {"this month", R::kThisMonth}, {"上月", R::kLastMonth},
      {"上个月", R::kLastMonth},     {"last month", R::kLastMonth}};
  for (const auto& [name, period] : kNamed) {
    if (t == name) return TermPeriod{TermPeriod::Kind::kRelative, period, 0};
  }
  return std::nullopt;
}

// "近30天", "最近三个月", "过去一年": a prefix, a count and a unit.
std::optional<TermPeriod> ParseChineseLastN(std::string_view t) {
  for (std::string_view prefix : {"最近", "过去", "近"}) {
    if (!t.starts_with(prefix)) continue;
    std::string_view rest = t.substr(prefix.size());
    static const std::pair<std::string_view, TermPeriod::Kind> kUnits[] = {
        {"个月", TermPeriod::Kind::kLastMonths},
        {"月", TermPeriod::Kind::kLastMonths},
        {"天", TermPeriod::Kind::kLastDays},
        {"日", TermPeriod::Kind::kLastDays},
        {"年", TermPeriod::Kind::kLastYears}};
    for (const auto& [unit, kind] : kUnits) {
      if (!rest.ends_with(unit)) continue;
      if (std::optional<int> n = PeriodCount(rest.substr(0, rest.size() - unit.size()))) {
        return TermPeriod{kind, RelativePeriod::kThisYear, *n};
      }
    }
  }
  return std::nullopt;
}

// "last 12 months", "past 30 days", "past year".
std::optional<TermPeriod> ParseEnglishLastN(std::string_view t) {
  for (std::string_view prefix : {"last ", "past "}) {
    if (!t.starts_with(prefix)) continue;
    std::string_view rest = t.substr(prefix.size());
    const size_t space = rest.find(' ');
    std::optional<int> n = 1;
    std::string_view unit = rest;
    if (space != std::string_view::npos) {
      n = PeriodCount(rest.substr(0, space));
      unit = rest.substr(space + 1);
    }
    if (!n) return std::nullopt;
    if (unit.ends_with('s')) unit.remove_suffix(1);
    if (unit == "day")
      return TermPeriod{TermPeriod::Kind::kLastDays, RelativePeriod::kThisYear, *n};
    if (unit == "month") {
      return TermPeriod{TermPeriod::Kind::kLastMonths, RelativePeriod::kThisYear, *n};
    }
    if (unit == "year" && (space != std::string_view::npos || prefix == "past ")) {
      return TermPeriod{TermPeriod::Kind::kLastYears, RelativePeriod::kThisYear, *n};
    }
  }
  return std::nullopt;
}

Status CheckTermPeriodShape(const BusinessTermDef& def);
Status BindTermPeriod(const BusinessTermDef& def, const SchemaIndex& index, int fact_table,
                      BoundBusinessTerm* b);

// As the engine's period conditions read a column (engine.cc PeriodConditions).
bool IsDateColumn(const IndexedColumn& c) {
  return c.stats.min_date.has_value() || c.type_class == TypeClass::kDate;
}

}  // namespace

StatusOr<TermPeriod> ParseTermPeriod(std::string_view text) {
  // Lower-cased, single-spaced, and no space next to a Chinese character ("近 30 天").
  std::string t;
  for (char c : text::AsciiLower(text)) {
    const bool space = std::isspace(static_cast<unsigned char>(c)) != 0;
    if (space && (t.empty() || t.back() == ' ')) continue;
    t += space ? ' ' : c;
  }
  while (!t.empty() && t.back() == ' ') t.pop_back();
  if (text::ContainsCjk(t)) std::erase(t, ' ');
  if (std::optional<TermPeriod> p = ParseRelativePeriod(t)) return *p;
  if (std::optional<TermPeriod> p = ParseChineseLastN(t)) return *p;
  if (std::optional<TermPeriod> p = ParseEnglishLastN(t)) return *p;
  return InvalidArgumentError("'" + std::string(text) +
                              "' is not a relative period askdb reads; write one of " +
                              std::string(kPeriodForms));
}

DateRange ResolveTermPeriod(const TermPeriod& period, const CivilDate& anchor) {
  switch (period.kind) {
    case TermPeriod::Kind::kRelative:
      return ResolveRelative(period.relative, anchor);
    case TermPeriod::Kind::kLastDays:
      return LastNDays(period.n, anchor);
    case TermPeriod::Kind::kLastMonths:
      return LastNMonths(period.n, anchor);
    case TermPeriod::Kind::kLastYears:
      break;
  }
  return {YearRange(anchor.year - period.n + 1).start, YearRange(anchor.year).end};
}

std::string_view BusinessMeaningName(BusinessMeaning m) {
  switch (m) {
    case BusinessMeaning::kMeasure:
      return "measure";
    case BusinessMeaning::kFilter:
      return "filter";
    case BusinessMeaning::kValueAlias:
      return "value";
    case BusinessMeaning::kNone:
      break;
  }
  return "";
}

StatusOr<BusinessMeaning> ParseBusinessMeaning(std::string_view name) {
  const std::string n = text::AsciiLower(name);
  if (n.empty() || n == "none") return BusinessMeaning::kNone;
  if (n == "measure") return BusinessMeaning::kMeasure;
  if (n == "filter") return BusinessMeaning::kFilter;
  if (n == "value" || n == "value_alias") return BusinessMeaning::kValueAlias;
  return InvalidArgumentError("unknown meaning '" + std::string(name) +
                              "'; use measure, filter or value");
}

namespace {

// Whether an expression of `shape` is what the term's meaning needs: a measure aggregates, a
// filter is a condition (over aggregates only with a subject), a value alias is one column and
// its values. The error says what to write.
Status CheckExpressionFitsMeaning(const BusinessTermDef& def, const TermExpr& expr,
                                  ExprShape shape) {
  auto wrong = [&](const std::string& want) {
    return InvalidArgumentError("term '" + def.name + "': '" + def.expression + "' is a " +
                                std::string(ExprShapeName(shape)) + ", but a " +
                                std::string(BusinessMeaningName(def.meaning)) + " needs " + want);
  };
  switch (def.meaning) {
    case BusinessMeaning::kMeasure:
      if (shape != ExprShape::kMeasure) {
        return wrong(
            "aggregates, e.g. SUM(orders.total_amount) (every column inside SUM, AVG, "
            "COUNT, MIN or MAX)");
      }
      break;
    case BusinessMeaning::kFilter:
      if (shape == ExprShape::kAggregatePredicate && def.subject.empty()) {
        return InvalidArgumentError(
            "term '" + def.name +
            "': a filter over aggregates needs a subject, the table whose rows it selects (e.g. "
            "subject customers for SUM(orders.total_amount) > 10000)");
      }
      if (shape != ExprShape::kRowPredicate && shape != ExprShape::kAggregatePredicate) {
        return wrong("a condition, e.g. cities.tier = 1");
      }
      break;
    case BusinessMeaning::kValueAlias:
      if (!IsValueAlias(expr)) {
        return wrong("one column and its values, e.g. cities.name_zh IN ('上海', '杭州')");
      }
      break;
    case BusinessMeaning::kNone:
      break;
  }
  return Status::Ok();
}

// A term's filter selects the rows it aggregates, so only a measure or a filter over
// aggregates has one, and it is a condition on rows without aggregates.
Status CheckTermFilterShape(const BusinessTermDef& def, ExprShape shape) {
  if (def.filter.empty()) return Status::Ok();
  if (def.meaning != BusinessMeaning::kMeasure && shape != ExprShape::kAggregatePredicate) {
    return InvalidArgumentError("term '" + def.name +
                                "': only a measure or a filter over aggregates has a filter "
                                "(the rows it aggregates); put the condition in the expression");
  }
  StatusOr<TermExpr> filter = ParseTermExpression(def.filter);
  if (!filter.ok()) return filter.status().WithContext("term '" + def.name + "' filter");
  if (ShapeOf(*filter) != ExprShape::kRowPredicate) {
    return InvalidArgumentError("term '" + def.name +
                                "': the filter must be a condition on rows without "
                                "aggregates, e.g. orders.status = 'completed'");
  }
  return Status::Ok();
}

}  // namespace

Status CheckBusinessTermShape(const BusinessTermDef& def) {
  if (def.meaning == BusinessMeaning::kNone) {
    if (!def.expression.empty() || !def.filter.empty()) {
      return InvalidArgumentError(
          "term '" + def.name + "' has an expression but no meaning; say measure, filter or value");
    }
    return CheckTermPeriodShape(def);
  }
  if (def.meaning == BusinessMeaning::kFilter && def.expression.empty() && !def.period.empty()) {
    // A period alone ("本季度新客" = customers signed up this quarter) is a condition too.
    if (!def.filter.empty() || !def.subject.empty()) {
      return InvalidArgumentError("term '" + def.name +
                                  "': a filter with no expression is its period alone; drop the "
                                  "filter and subject, or write the condition as the expression");
    }
    return CheckTermPeriodShape(def);
  }
  StatusOr<TermExpr> expr = ParseTermExpression(def.expression);
  if (!expr.ok()) return expr.status().WithContext("term '" + def.name + "'");
  const ExprShape shape = ShapeOf(*expr);
  ASKDB_RETURN_IF_ERROR(CheckExpressionFitsMeaning(def, *expr, shape));
  ASKDB_RETURN_IF_ERROR(CheckTermFilterShape(def, shape));
  return CheckTermPeriodShape(def);
}

namespace {

Status CheckTermPeriodShape(const BusinessTermDef& def) {
  if (def.period.empty()) {
    if (def.period_column.empty()) return Status::Ok();
    return InvalidArgumentError("term '" + def.name +
                                "': period_column without a period; add the period (e.g. "
                                "近一年, last 12 months) or drop period_column");
  }
  if (def.meaning != BusinessMeaning::kFilter && def.meaning != BusinessMeaning::kMeasure) {
    return InvalidArgumentError(
        "term '" + def.name +
        "': only a measure (the rows it aggregates) or a filter (the rows it selects) has a "
        "period; a value alias names values, not a time");
  }
  StatusOr<TermPeriod> period = ParseTermPeriod(def.period);
  if (!period.ok()) return period.status().WithContext("term '" + def.name + "' period");
  StatusOr<TermExpr> column = ParseTermExpression(def.period_column);
  if (def.period_column.empty() || !column.ok() || column->kind != TermExpr::Kind::kColumn) {
    return InvalidArgumentError("term '" + def.name +
                                "': a period needs period_column, the date column it bounds, "
                                "written table.column (e.g. orders.order_date)");
  }
  return Status::Ok();
}

}  // namespace

namespace {

// Marks a term that binds but that the engine cannot apply with certainty: it abstains with
// this reason, in both languages.
void MarkUnusable(BoundBusinessTerm* b, std::string en, std::string zh) {
  b->unusable_en = "'" + b->def.name + "' " + std::move(en);
  b->unusable_zh = "“" + b->def.name + "”" + std::move(zh);
}

bool IsUnusable(const BoundBusinessTerm& b) { return !b.unusable_en.empty(); }

// A filter that is its period alone: the rows of its period column's table in that period.
Status BindPeriodOnlyTerm(const BusinessTermDef& def, const SchemaIndex& index,
                          BoundBusinessTerm* b) {
  ASKDB_ASSIGN_OR_RETURN(TermExpr c, ParseTermExpression(def.period_column));
  b->table = index.FindTable(c.table);
  if (b->table >= 0) b->tables = {b->table};
  b->period_only = true;
  return BindTermPeriod(def, index, -1, b);
}

// Parses the expression and the filter and binds their table.column names to the index's
// columns: an error names what the datasource lacks.
Status BindTermExpressions(const BusinessTermDef& def, const SchemaIndex& index,
                           BoundBusinessTerm* b) {
  auto resolve = [&](std::string_view table, std::string_view column) {
    const int t = index.FindTable(table);
    return t < 0 ? -1 : index.FindColumn(t, column);
  };
  ASKDB_ASSIGN_OR_RETURN(b->expr, ParseTermExpression(def.expression));
  ASKDB_RETURN_IF_ERROR(
      BindTermExpression(b->expr, resolve).WithContext("term '" + def.name + "'"));
  if (def.filter.empty()) return Status::Ok();
  ASKDB_ASSIGN_OR_RETURN(b->filter, ParseTermExpression(def.filter));
  ASKDB_RETURN_IF_ERROR(
      BindTermExpression(b->filter, resolve).WithContext("term '" + def.name + "' filter"));
  b->has_filter = true;
  return Status::Ok();
}

// Adds to b->tables each table a bound expression reads a column of.
void AddRowTables(const TermExpr& e, const SchemaIndex& index, BoundBusinessTerm* b) {
  std::vector<const TermExpr*> cols;
  CollectColumns(e, &cols);
  for (const TermExpr* c : cols) {
    const int t = index.columns()[c->bound].table;
    if (std::find(b->tables.begin(), b->tables.end(), t) == b->tables.end()) {
      b->tables.push_back(t);
    }
  }
}

// The one table a measure (or a filter over aggregates) aggregates: several could count rows
// twice once joined, and none names no rows, so either makes the term unusable.
void BindAggregatedTable(const SchemaIndex& index, BoundBusinessTerm* b) {
  std::set<int> fact;
  AggregatedColumns(b->expr, false, &fact, index);
  if (fact.size() > 1) {
    return MarkUnusable(
        b,
        "aggregates columns of several tables; the engine cannot prove that joining them "
        "does not count rows twice, so it does not answer with it.",
        "汇总了多张表的列，引擎无法证明连接后不会重复计数，因此不用它作答。");
  }
  if (fact.empty()) {
    return MarkUnusable(b, "counts rows without naming a table; write COUNT(table.column).",
                        "只计数行而未指明表；请写成 COUNT(表.列)。");
  }
  b->table = *fact.begin();
}

// A measure's filter must read the table it aggregates: the engine does not join inside a
// definition.
void CheckFilterOnAggregatedTable(const SchemaIndex& index, BoundBusinessTerm* b) {
  AddRowTables(b->filter, index, b);
  for (int t : b->tables) {
    if (t != b->table) {
      return MarkUnusable(b,
                          "has a filter on another table than the one it aggregates; the "
                          "engine does not join inside a definition.",
                          "的筛选条件在另一张表上，引擎不在指标内部做连接。");
    }
  }
}

// A filter over aggregates selects rows of its subject: the subject's key must be reached by
// exactly one foreign key from the aggregated table, so each fact row belongs to one subject
// row; else the term is unusable. An error when the subject is not a table.
Status BindAggregateSubject(const BusinessTermDef& def, const SchemaIndex& index,
                            BoundBusinessTerm* b) {
  b->aggregate_predicate = true;
  const int subject = index.FindTable(def.subject);
  if (subject < 0) {
    return Status(InvalidArgumentError("term '" + def.name + "': subject '" + def.subject +
                                       "' is not a table of the datasource"));
  }
  int found = 0;
  for (const JoinEdge& e : index.edges()) {
    if (e.from_table == b->table && e.to_table == subject &&
        index.columns()[e.to_column].primary_key) {
      b->fact_key = e.from_column;
      b->subject_key = e.to_column;
      ++found;
    }
  }
  if (found != 1) {
    MarkUnusable(b,
                 "compares an aggregate, but " + def.subject +
                     (found ? " is reached by several keys" : " has no key") + " from " +
                     index.tables()[b->table].name +
                     "; the engine cannot tell which rows it selects.",
                 "比较的是汇总值，但无法唯一确定它选出的行（" + def.subject + "）。");
    return Status::Ok();
  }
  b->table = subject;
  b->tables = {subject};
  return Status::Ok();
}

}  // namespace

StatusOr<BoundBusinessTerm> BindBusinessTerm(const BusinessTermDef& def, const SchemaIndex& index) {
  ASKDB_RETURN_IF_ERROR(CheckBusinessTermShape(def));
  BoundBusinessTerm b;
  b.def = def;
  if (def.meaning == BusinessMeaning::kNone) return b;
  if (def.expression.empty()) {
    ASKDB_RETURN_IF_ERROR(BindPeriodOnlyTerm(def, index, &b));
    return b;
  }
  ASKDB_RETURN_IF_ERROR(BindTermExpressions(def, index, &b));
  const ExprShape shape = ShapeOf(b.expr);
  if (shape == ExprShape::kMeasure || shape == ExprShape::kAggregatePredicate) {
    BindAggregatedTable(index, &b);
    if (IsUnusable(b)) return b;
  }
  if (b.has_filter) {
    CheckFilterOnAggregatedTable(index, &b);
    if (IsUnusable(b)) return b;
  }
  if (shape == ExprShape::kRowPredicate) {
    AddRowTables(b.expr, index, &b);
    b.table = b.tables.front();
  }
  const int fact_table = b.table;  // a filter over aggregates selects another table below
  if (shape == ExprShape::kAggregatePredicate) {
    ASKDB_RETURN_IF_ERROR(BindAggregateSubject(def, index, &b));
    if (IsUnusable(b)) return b;
  }
  if (!def.period.empty()) ASKDB_RETURN_IF_ERROR(BindTermPeriod(def, index, fact_table, &b));
  return b;
}

namespace {

Status BindTermPeriod(const BusinessTermDef& def, const SchemaIndex& index, int fact_table,
                      BoundBusinessTerm* b) {
  ASKDB_ASSIGN_OR_RETURN(b->period, ParseTermPeriod(def.period));
  ASKDB_ASSIGN_OR_RETURN(TermExpr column, ParseTermExpression(def.period_column));
  const int t = index.FindTable(column.table);
  b->period_column = t < 0 ? -1 : index.FindColumn(t, column.column);
  const std::string where = "term '" + def.name + "' period_column " + def.period_column;
  if (b->period_column < 0) {
    return InvalidArgumentError(where +
                                " does not name a column of the datasource; write table.column "
                                "with names from `askdb schema`");
  }
  // The period bounds the rows the term reads: the aggregated table's for a measure or a
  // filter over aggregates, one of the predicate's tables otherwise.
  const bool aggregated = b->aggregate_predicate || def.meaning == BusinessMeaning::kMeasure;
  if (aggregated ? t != fact_table
                 : std::find(b->tables.begin(), b->tables.end(), t) == b->tables.end()) {
    const std::string want =
        aggregated ? index.tables()[fact_table].name : index.tables()[b->table].name;
    return InvalidArgumentError(where +
                                " is not a column of the rows the term reads; name a "
                                "date column of " +
                                want + ". " + std::string(kOnePeriodPerTermAdvice));
  }
  if (!IsDateColumn(index.columns()[b->period_column])) {
    return InvalidArgumentError(where + " holds no dates; name a date or timestamp column");
  }
  b->has_period = true;
  return Status::Ok();
}

}  // namespace

}  // namespace askdb::nlq
