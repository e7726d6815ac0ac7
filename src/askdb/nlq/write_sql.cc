// Writing the SQL: the SELECT of the reading through the dialect, and the result columns'
// names in the question's language.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iterator>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "askdb/common/text.h"
#include "askdb/db/dialect.h"
#include "askdb/nlq/business_terms.h"
#include "askdb/nlq/fan_out_check.h"
#include "askdb/nlq/measure_additivity.h"
#include "askdb/nlq/parser.h"
#include "askdb/nlq/term_expression.h"
#include "askdb/nlq/unit_numbers.h"

namespace askdb::nlq {

namespace {

// Dialects write a clause with a leading space (" LIMIT 10"); the engine puts each clause
// on its own line.
std::string OnItsOwnLine(std::string clause) {
  if (!clause.empty() && clause.front() == ' ') clause.front() = '\n';
  return clause;
}

}  // namespace

std::string Parser::ColumnAlias(int c) const {
  const int t = Col(c).table;
  const bool label = index_.LabelColumn(t, chinese_) == c || index_.LabelColumn(t, !chinese_) == c;
  if (!label) return ColumnWords(c);
  // A table's label column stands for its rows: the region's name is shown as "地区".
  const IndexedTable& table = index_.tables()[t];
  std::string words;
  if (auto it = column_words_.find(c); it != column_words_.end()) {
    words = it->second;
  } else if (table_words_.count(t) || !table.display_zh.empty() || !table.display_en.empty()) {
    words = TableWords(t);
  } else if (const std::string& business = chinese_ ? Col(c).display_zh : Col(c).display_en;
             !business.empty()) {
    return business;
  } else {
    words = IdentifierToPhrase(table.name);  // "regions"."name" → "region", not "name"
  }
  if (chinese_) return words;
  // One row per entity: "top 5 products" shows a "product" column.
  const size_t last = words.rfind(' ') + 1;  // npos + 1 == 0
  const std::string tail = words.substr(last);
  if (text::AsciiLower(tail) == tail) words = words.substr(0, last) + SingularizeEnglish(tail);
  return words;
}

std::string Parser::MeasureAlias(const Measure& m) const {
  if (m.per_key >= 0) {
    Measure per_group = m;
    per_group.per_key = -1;
    const std::string base = MeasureAlias(per_group);
    return chinese_ ? "平均每个" + TableWords(m.per_table) + "的" + base
                    : "average " + base + " per " + TableWords(m.per_table);
  }
  if (!m.label.empty()) return m.label;
  if (m.column < 0) {
    const std::string table = m.table_phrase.empty() ? TableWords(m.table) : m.table_phrase;
    return chinese_ ? table + "数" : "number of " + table;
  }
  const std::string name = m.column_phrase.empty() ? ColumnWords(m.column) : m.column_phrase;
  switch (m.agg) {
    case Agg::kAvg:
      return chinese_ ? "平均" + name : "average " + name;
    case Agg::kMax:
    case Agg::kMin: {
      // Chinese keeps the question's word: 最高订单金额, 最大容纳人数.
      static constexpr std::string_view kZhExtremes[] = {"最高", "最低", "最大", "最小"};
      for (std::string_view w : kZhExtremes) {
        if (chinese_ && m.phrase.rfind(w, 0) == 0) return std::string(w) + name;
      }
      if (m.agg == Agg::kMax) return chinese_ ? "最大" + name : "maximum " + name;
      return chinese_ ? "最小" + name : "minimum " + name;
    }
    case Agg::kCount:
      // "有多少个品牌" counts distinct brands; Chinese says 品牌数 all the same.
      if (m.distinct && !chinese_) return "number of distinct " + name;
      return chinese_ ? name + "数" : "number of " + name;
    case Agg::kSum:
    case Agg::kNone:
      break;
  }
  return name;  // a sum is named by what is summed: "销售额", "revenue"
}

std::string Parser::BucketAlias(DatePart part) const {
  switch (part) {
    case DatePart::kYear:
      return chinese_ ? "年份" : "year";
    case DatePart::kQuarter:
      return chinese_ ? "季度" : "quarter";
    case DatePart::kMonth:
      return chinese_ ? "月份" : "month";
    case DatePart::kWeek:
      return chinese_ ? "周" : "week";
    case DatePart::kDay:
      return chinese_ ? "日期" : "day";
  }
  return chinese_ ? "时间" : "period";
}

std::string Parser::As(std::string alias, std::set<std::string>* taken, std::string* shown) const {
  // Question words may carry odd spacing or control bytes: one space between words, valid
  // UTF-8 only (the dialect escapes quotes; nothing else may surprise a SQL engine).
  std::string clean;
  for (char ch : text::SanitizeUtf8(alias)) {
    const bool space = static_cast<unsigned char>(ch) < 0x20 || ch == ' ' || ch == 0x7f;
    if (space) {
      if (!clean.empty() && clean.back() != ' ') clean += ' ';
    } else {
      clean += ch;
    }
  }
  while (!clean.empty() && clean.back() == ' ') clean.pop_back();
  if (clean.empty()) clean = chinese_ ? "列" : "column";
  std::string name = text::Utf8Prefix(clean, kMaxAliasBytes);
  // Engines compare identifiers case-insensitively in places (MySQL aliases): so do we.
  for (int n = 2; taken->count(text::AsciiLower(name)); ++n) {
    const std::string suffix = " (" + std::to_string(n) + ")";
    name = text::Utf8Prefix(clean, kMaxAliasBytes - suffix.size()) + suffix;
  }
  taken->insert(text::AsciiLower(name));
  if (shown) *shown = name;
  return " AS " + dialect_.QuoteIdentifier(name);
}

std::string Parser::BusinessSql(const Filter& f) const {
  const BoundBusinessTerm& b = index_.business_terms()[f.business];
  auto column = [this](int c) { return ColRef(c); };
  // A term's own period: the rows (or the aggregated rows) in it.
  std::vector<std::string> period;
  if (b.has_period) period = RangeConditions(b.period_column, ResolveTermPeriod(b.period, anchor_));
  if (f.measure_filter) {  // the rows a measure aggregates: its filter and its own period
    std::vector<std::string> rows;
    if (b.has_filter) rows.push_back(RenderTermExpression(b.filter, dialect_, column));
    for (std::string& c : period) rows.push_back(std::move(c));
    std::string sql;
    for (size_t k = 0; k < rows.size(); ++k) sql += (k ? " AND " : "") + rows[k];
    return sql;
  }
  if (b.period_only) return period[0] + " AND " + period[1];
  if (!b.aggregate_predicate) {
    std::string sql = RenderTermExpression(b.expr, dialect_, column);
    if (!period.empty()) sql = "(" + sql + ")";
    for (const std::string& c : period) sql += " AND " + c;
    return sql;
  }
  // The subject's rows whose aggregate over the fact table passes (one key, so each fact
  // row belongs to one subject row), over the question's period when it applies there.
  std::vector<std::string> rows;
  if (b.has_filter) rows.push_back(RenderTermExpression(b.filter, dialect_, column));
  // The question's period, when it goes inside the term, replaces the term's own.
  if (f.business == period_term_) period = PeriodConditions(period_term_column_);
  for (std::string& c : period) rows.push_back(std::move(c));
  std::string where;
  for (size_t k = 0; k < rows.size(); ++k) where += (k ? " AND " : " WHERE ") + rows[k];
  return InGroupsHaving(
      ColRef(b.subject_key), ColRef(b.fact_key),
      dialect_.QuoteIdentifier(index_.tables()[Col(b.fact_key).table].name) + where,
      RenderTermExpression(b.expr, dialect_, column));
}

std::string Parser::InGroupsHaving(const std::string& outer, const std::string& key,
                                   const std::string& from_where, const std::string& having) const {
  return outer + " IN (SELECT " + key + " FROM " + from_where + " GROUP BY " + key + " HAVING " +
         having + ")";
}

// Filter::group_total: the keys whose total passes, summed over the measured rows joined up the
// many-to-one references to the table that refers to the key (ReadGroupTotals checked the chain).
std::string Parser::GroupTotalCondition(const Filter& f) const {
  const Measure& m = *f.group_total;
  const std::optional<JoinTree> chain = FindJoinTree(index_, m.table, {Col(f.column).table});
  std::string from = dialect_.QuoteIdentifier(index_.tables()[m.table].name);
  std::string key;
  for (const JoinStep& s : chain->steps) {
    const JoinEdge& e = index_.edges()[s.edge];
    if (e.to_column == f.column) {
      key = ColRef(e.from_column);
      break;
    }
    from += " JOIN " + dialect_.QuoteIdentifier(index_.tables()[s.table].name) + " ON " +
            ColRef(e.from_column) + " = " + ColRef(e.to_column);
  }
  if (group_total_time_column_ >= 0) {  // the question's period, on the summed rows
    const std::vector<std::string> period = PeriodConditions(group_total_time_column_);
    for (size_t k = 0; k < period.size(); ++k) from += (k ? " AND " : " WHERE ") + period[k];
  }
  return InGroupsHaving(
      ColRef(f.column), key, from,
      MeasureExpr(m, "") + " " + std::string(OpSymbol(f.op)) + " " + FormatNumber(f.lo));
}

std::vector<std::string> Parser::PeriodConditions(int column) const {
  const IndexedColumn& tc = Col(column);
  const bool date_like = tc.stats.min_date.has_value() || tc.type_class == TypeClass::kDate;
  if (q_.time->year_only && (!tc.stats.min_date || tc.type_class == TypeClass::kInteger)) {
    return {ColRef(column) + " = " + std::to_string(*q_.time->year_only)};
  }
  if (!date_like) return {};
  return RangeConditions(column, q_.time->range);
}

std::vector<std::string> Parser::RangeConditions(int column, const DateRange& range) const {
  return {ColRef(column) + " >= " + dialect_.DateLiteral(FormatIsoDate(range.start)),
          ColRef(column) + " < " + dialect_.DateLiteral(FormatIsoDate(range.end))};
}

// The SQL expression of one measure: a business term's, a count of rows (of distinct keys
// when a fan-out join repeats them), or an aggregate of a column.
std::string Parser::MeasureExpr(const Measure& m, const std::string& when) const {
  // The aggregated value, or only where `when` holds (NULL elsewhere: not summed, not counted).
  auto only_when = [&when](const std::string& value) {
    return when.empty() ? value : "CASE WHEN " + when + " THEN " + value + " END";
  };
  std::string expr;
  if (m.business >= 0) {
    // A part of one sum (SharePart: SUM(price * quantity) of Rock): each column only where
    // `when` holds, so the product is NULL elsewhere and not summed.
    expr = RenderTermExpression(index_.business_terms()[m.business].expr, dialect_,
                                [&](int c) { return only_when(ColRef(c)); });
  } else if (const int key = DistinctCountKey(m, *tree_, index_); key >= 0) {
    // The join repeats the counted rows (fan_out_check.h): count each once.
    expr = "COUNT(DISTINCT " + only_when(ColRef(key)) + ")";
  } else if (m.column < 0) {
    expr = when.empty() ? "COUNT(*)" : "COUNT(" + only_when("1") + ")";
  } else {
    const bool ranks = m.agg == Agg::kMax || m.agg == Agg::kMin;
    expr = std::string(AggName(m.agg)) + "(" + (m.distinct ? "DISTINCT " : "") +
           only_when(ranks ? NumberRef(m.column) : ColRef(m.column)) + ")";
  }
  if (m.per_key >= 0) {  // averaged over the groups it had (Parser::AverageOverGroups)
    expr = dialect_.CastToReal(expr) + " / NULLIF(COUNT(DISTINCT " + ColRef(m.per_key) + "), 0)";
  }
  return expr;
}

// The filter naming a share's part (Parser::ReadShareOfOneValue), when there is one.
const Filter* Parser::SharePart() const {
  if (!share_of_one_value_ || q_.filters.size() != 1) return nullptr;
  // A business measure has a part only when it is one sum ("销售额" moved to the lines'
  // SUM(price * quantity)); a ratio or a difference of sums has none.
  if (q_.measures[0].business >= 0 && !IsOneSumTerm(q_.measures[0].business)) return nullptr;
  const Filter& f = q_.filters[0];
  const bool plain_value =
      f.business < 0 && !f.CountsRows() && !f.is_null && !f.numeric && !f.values.empty();
  return plain_value || IsRowTermFilter(f) ? &f : nullptr;
}

bool Parser::IsOneSumTerm(int business) const {
  const TermExpr& term = index_.business_terms()[business].expr;
  return term.kind == TermExpr::Kind::kAgg && term.text == "SUM" && !term.distinct;
}

bool Parser::IsRowTermFilter(const Filter& f) const {
  if (f.business < 0 || f.measure_filter) return false;
  const BoundBusinessTerm& b = index_.business_terms()[f.business];
  return b.def.meaning == BusinessMeaning::kFilter && !b.aggregate_predicate && !b.has_period &&
         !b.period_only;
}

// The SELECT list: the time bucket, the grouped columns, the measures, a share, the listed
// columns; each with a readable alias. Records the result columns not to be added up and
// each column's part (label, measure, other).
Parser::SelectList Parser::BuildSelect() {
  SelectList out;
  out_.label_columns.clear();
  out_.measure_columns.clear();
  out_.other_columns.clear();
  if (q_.bucket) SelectTimeBucket(&out);
  SelectGroupColumns(&out);
  if (const Filter* part = SharePart()) {  // one number: the part's share of the total
    SelectShareOfPart(*part, &out);
    return out;
  }
  SelectMeasures(&out);
  if (q_.share && !out.measure_exprs.empty()) SelectShareOfTotal(&out);
  SelectListedColumns(&out);
  if (q_.row_key >= 0) GroupByListedRowKey(&out);
  return out;
}

// The time bucket, selected and grouped by; a quarter inside one year is its number 1-4.
void Parser::SelectTimeBucket(SelectList* out) {
  out->bucket_expr = dialect_.DateBucket(*q_.bucket, ColRef(time_column_));
  // "2024年每个季度的销售额": inside one year the quarters are 1-4, as people write them.
  const bool one_year = q_.time && (q_.time->range.start.year == q_.time->range.end.year ||
                                    (q_.time->range.end.year == q_.time->range.start.year + 1 &&
                                     q_.time->range.end.month == 1 && q_.time->range.end.day == 1));
  if (*q_.bucket == DatePart::kQuarter && one_year) {
    out->bucket_expr = dialect_.QuarterOfYear(ColRef(time_column_));
  }
  std::string shown;
  out->select.push_back(out->bucket_expr + As(BucketAlias(*q_.bucket), &out->taken, &shown));
  out_.label_columns.push_back(shown);
  out->plain.emplace_back(out->bucket_expr, -1);
  out->group_by.push_back(out->bucket_expr);
}

// The grouped columns, selected and grouped by; the keys beside labels only grouped by.
void Parser::SelectGroupColumns(SelectList* out) {
  for (int c : q_.group_columns) {
    std::string shown;
    out->select.push_back(ColRef(c) + As(ColumnAlias(c), &out->taken, &shown));
    out_.label_columns.push_back(shown);
    out->plain.emplace_back(ColRef(c), c);
    out->group_by.push_back(ColRef(c));
  }
  for (int c : q_.group_keys) out->group_by.push_back(ColRef(c));
}

// One number, the part's percent of the whole: the part is a CASE WHEN inside the measure,
// not a filter, so the whole is still counted.
void Parser::SelectShareOfPart(const Filter& part, SelectList* out) {
  const std::string whole = MeasureExpr(q_.measures[0]);
  std::string shown;
  out->select.push_back(dialect_.CastToReal(MeasureExpr(q_.measures[0], FilterCondition(part))) +
                        " * 100 / NULLIF(" + whole + ", 0)" +
                        As(chinese_ ? "占比(%)" : "share (%)", &out->taken, &shown));
  out->measure_exprs.push_back(whole);
  out_.non_additive_columns.push_back(shown);
  out_.other_columns.push_back(shown);
  out_.explanation.push_back(
      {"", "share", "percent of the total where " + FilterCondition(part) + " (not a filter)"});
}

// The measures; an average, extreme or non-additive one is recorded as not to be added up.
void Parser::SelectMeasures(SelectList* out) {
  // 各媒体类型销售额占比: the measure only names what is shared; beside the share it is noise.
  const bool share_only = q_.share && !q_.share_measure_asked && q_.measures.size() == 1;
  for (const Measure& m : q_.measures) {
    const std::string expr = MeasureExpr(m);
    out->measure_exprs.push_back(expr);
    if (share_only) continue;
    std::string shown;
    out->select.push_back(expr + As(MeasureAlias(m), &out->taken, &shown));
    out_.measure_columns.push_back(shown);
    const bool per_row_stat = m.agg == Agg::kAvg || m.agg == Agg::kMax || m.agg == Agg::kMin;
    if (m.per_key >= 0 || (m.column >= 0 && (per_row_stat || IsNonAdditive(Col(m.column))))) {
      out_.non_additive_columns.push_back(shown);
    }
  }
}

// Each group's percent of the first measure's total over all groups.
// Not rounded: ROUND(double precision, int) does not exist in PostgreSQL and db::Dialect
// has no portable rounding; the report formats the number.
void Parser::SelectShareOfTotal(SelectList* out) {
  std::string shown;
  out->select.push_back(dialect_.CastToReal(out->measure_exprs[0]) + " * 100 / SUM(" +
                        out->measure_exprs[0] + ") OVER ()" +
                        As(chinese_ ? "占比(%)" : "share (%)", &out->taken, &shown));
  out_.non_additive_columns.push_back(shown);
  out_.other_columns.push_back(shown);
}

// The listed columns (each once: ListEachColumnOnce); grouped by when rows are listed once
// per key (row_key).
void Parser::SelectListedColumns(SelectList* out) {
  for (int c : q_.projections) {
    std::string shown;
    out->select.push_back(ColRef(c) + As(ColumnAlias(c), &out->taken, &shown));
    out_.other_columns.push_back(shown);
    out->plain.emplace_back(ColRef(c), c);
    if (q_.row_key >= 0) out->group_by.push_back(ColRef(c));
    if (IsNonAdditive(Col(c))) out_.non_additive_columns.push_back(shown);
  }
}

// Listed rows once each: grouped by their key and by their own ordering column.
void Parser::GroupByListedRowKey(SelectList* out) const {
  out->group_by.push_back(ColRef(q_.row_key));
  // The listed rows' own ordering column, one value per key (ListedRowsRepeatedByJoin).
  if (q_.order_column >= 0 && std::find(q_.projections.begin(), q_.projections.end(),
                                        q_.order_column) == q_.projections.end()) {
    out->group_by.push_back(ColRef(q_.order_column));
  }
}

// Invariants, a safety net under the parser for the whole class of shape errors: beside
// an aggregate, every plain column must be grouped (SQLite would otherwise show one
// arbitrary row's value next to the total), and a LIMIT above one or a superlative on the
// single row of an ungrouped aggregate ranks nothing (the "top N" lost its entity).
bool Parser::CheckSelectShape(const SelectList& list, std::string* why_en,
                              std::string* why_zh) const {
  return !AveragesAKeyNamedAsACount(why_en, why_zh) &&
         !FewestLeavesOutRowsWithNone(why_en, why_zh) &&
         !ShowsAnUngroupedColumn(list, why_en, why_zh) &&
         !RanksASingleTotal(list, why_en, why_zh) && !MeasureFilterClashes(why_en, why_zh);
}

// An average or a sum of a key named as a count ("每个客户的平均订单数", 订单数 naming the
// orders' key) adds up row numbers: the words meant an average of counts, a nested
// question. ("average id" asks for the key's own values, as Spider does.)
bool Parser::AveragesAKeyNamedAsACount(std::string* why_en, std::string* why_zh) const {
  for (const Measure& m : q_.measures) {
    if ((m.agg == Agg::kAvg || m.agg == Agg::kSum) && m.column >= 0 && Col(m.column).primary_key &&
        (m.column_phrase.ends_with("数") || m.column_phrase.ends_with("数量"))) {
      *why_en = "'" + m.phrase + " " + m.column_phrase + "' would add up the key " +
                ColName(m.column) +
                "; an average of counts per row is a nested question I do not write.";
      *why_zh = "“" + m.phrase + m.column_phrase + "”会对主键" + ColName(m.column) +
                "求和或求平均；按行计数后再平均属于嵌套问题，我不处理。";
      return true;
    }
  }
  return false;
}

// Whether the data shows every row of each table the join adds is referenced (the foreign
// key's distinct values reach its table's row count): then a count through the join misses
// no row.
bool Parser::EveryJoinedRowReferenced() const {
  if (!tree_) return false;
  for (const JoinStep& step : tree_->steps) {
    if (step.fan_out || step.edge < 0) return false;
    const JoinEdge& e = index_.edges()[step.edge];
    const std::optional<long long> refs = Col(e.from_column).stats.distinct_count;
    const std::optional<int64_t> rows = index_.tables()[step.table].row_count;
    if (!refs || !rows || *refs < *rows) return false;
  }
  return true;
}

// "专辑最少的艺人", "the artist with the fewest albums": counted through a join, the rows
// with none are not in the result at all, so the lowest count shown is not the lowest —
// unless every joined row is referenced.
bool Parser::FewestLeavesOutRowsWithNone(std::string* why_en, std::string* why_zh) const {
  if (!q_.superlative || q_.superlative_desc || q_.group_columns.empty() ||
      EveryJoinedRowReferenced()) {
    return false;
  }
  for (const Measure& m : q_.measures) {
    const int grouped = Col(q_.group_columns[0]).table;
    if (m.agg != Agg::kCount || m.table < 0 || m.table == grouped) continue;
    *why_en = "the fewest " + TableWords(m.table) + " per " + TableWords(grouped) +
              " would leave out those with none; ask for those with none, or for the counts "
              "in order.";
    *why_zh = "按" + TableWords(grouped) + "统计" + TableWords(m.table) +
              "最少时，一条都没有的会被漏掉；请直接问“没有" + TableWords(m.table) + "的" +
              TableWords(grouped) + "”，或按数量排序列出。";
    return true;
  }
  return false;
}

// Beside an aggregate every plain column must be grouped (SQLite would otherwise show one
// arbitrary row's value next to the total); a GROUP BY with nothing computed is held to the
// same rule: "orders per year" must not show one arbitrary order's name per year.
bool Parser::ShowsAnUngroupedColumn(const SelectList& list, std::string* why_en,
                                    std::string* why_zh) const {
  if (list.measure_exprs.empty() && list.group_by.empty()) return false;
  if (q_.order_column >= 0 && OrderColumnExpr(list).empty()) {
    *why_en = "the answer would be ordered by " + ColName(q_.order_column) +
              ", which is neither grouped nor computed; ask for it with 'by'.";
    *why_zh =
        "结果会按" + ColName(q_.order_column) + "排序，但它既不分组也不计算；请用“按……”明确分组。";
    return true;
  }
  for (const auto& [expr, col] : list.plain) {
    if (std::find(list.group_by.begin(), list.group_by.end(), expr) != list.group_by.end())
      continue;
    const std::string name = col >= 0 ? ColName(col) : "period";
    if (list.measure_exprs.empty()) {
      *why_en = "the answer would show one " + name +
                " per group without computing anything for the group; ask for a count or "
                "a total, e.g. 'how many ... per year'.";
      *why_zh = "结果会在每组只显示一个" + name + "，却没有为每组计算任何值；请问数量或合计。";
      return true;
    }
    *why_en = "the answer would show " + name +
              " beside a total without grouping by it; ask for it with 'by', e.g. '... by " +
              Col(std::max(col, 0)).name + "'.";
    *why_zh = "结果会在汇总值旁显示" + name + "却不按它分组；请用“按……”明确分组。";
    return true;
  }
  return false;
}

// A LIMIT above one or a superlative on the single row of an ungrouped aggregate ranks
// nothing (the "top N" lost its entity).
bool Parser::RanksASingleTotal(const SelectList& list, std::string* why_en,
                               std::string* why_zh) const {
  if (list.measure_exprs.empty() || !list.group_by.empty()) return false;
  if (q_.limit > 1) {
    *why_en = "a top " + std::to_string(q_.limit) +
              " needs something to rank (e.g. 'top 10 customers by order amount'), but I "
              "found only a single total.";
    *why_zh = "前" + std::to_string(q_.limit) +
              "名需要一个排名对象（例如“订单金额最高的10个客户”），但只找到一个汇总值。";
    return true;
  }
  // "Which year has the most concerts" read without the year: a single total ranked
  // against nothing answers "how many", not "which".
  if (q_.superlative) {
    *why_en =
        "the question asks which rows have the most or the least, but I found only a "
        "single total and nothing to rank; name what to rank (e.g. 'the artist with the "
        "most albums').";
    *why_zh =
        "问题问的是哪些最多或最少，但只找到一个汇总值、没有排名对象；"
        "请写明要排名的对象（例如“专辑最多的艺术家”）。";
    return true;
  }
  return false;
}

// A measure term with its own filter or period: its filter would also apply to the other
// measures, and its period is not intersected silently with the question's.
bool Parser::MeasureFilterClashes(std::string* why_en, std::string* why_zh) const {
  for (const Filter& f : q_.filters) {
    if (f.measure_filter && q_.time && index_.business_terms()[f.business].has_period) {
      const BusinessTermDef& d = index_.business_terms()[f.business].def;
      *why_en = "'" + d.name + "' has its own period (" + d.period +
                "); the question names another. Ask without the period, or use a measure "
                "defined without one.";
      *why_zh = "“" + d.name + "”自带时间范围（" + d.period +
                "），问题里又给了另一个时间；请去掉问题中的时间，或使用不带时间范围的指标。";
      return true;
    }
    if (f.measure_filter && q_.measures.size() > 1) {
      const std::string& name = index_.business_terms()[f.business].def.name;
      *why_en = "'" + name +
                "' counts only the rows of its own filter, which would also apply "
                "to the other measures; ask for it on its own.";
      *why_zh =
          "“" + name + "”只统计其定义中筛选的行，这个条件也会作用到其他指标上；请单独询问它。";
      return true;
    }
  }
  return false;
}

std::string Parser::NumberRef(int c) const {
  return chinese_ && UniformUnitOf(Col(c)) ? dialect_.LeadingNumber(ColRef(c)) : ColRef(c);
}

double Parser::NumberScale(int c) const {
  const std::optional<UniformUnit> unit = chinese_ ? UniformUnitOf(Col(c)) : std::nullopt;
  return unit ? unit->magnitude : 1;
}

// One filter's WHERE condition.
std::string Parser::FilterCondition(const Filter& f) const {
  if (f.business >= 0) return BusinessSql(f);
  std::string c = ColRef(f.column);
  if (f.is_null) return c + (f.op == Op::kNe ? " IS NOT NULL" : " IS NULL");
  if (f.group_count) {  // the groups of the column with more (fewer) than N rows: a HAVING
    const std::string from = dialect_.QuoteIdentifier(index_.tables()[Col(f.column).table].name);
    return InGroupsHaving(c, c, from,
                          "COUNT(*) " + std::string(OpSymbol(f.op)) + " " + FormatNumber(f.lo));
  }
  if (f.group_total) return GroupTotalCondition(f);
  if (f.related_edge >= 0) {
    const JoinEdge& e = index_.edges()[f.related_edge];
    c = "(SELECT COUNT(*) FROM " + dialect_.QuoteIdentifier(index_.tables()[e.from_table].name) +
        " WHERE " + ColRef(e.from_column) + " = " + ColRef(e.to_column) + ")";
  }
  if (f.numeric) {
    const double scale = f.related_edge >= 0 ? 1 : NumberScale(f.column);
    if (f.related_edge < 0) c = NumberRef(f.column);
    if (f.op == Op::kBetween) {
      return c + " BETWEEN " + FormatNumber(f.lo / scale) + " AND " + FormatNumber(f.hi / scale);
    }
    return c + " " + std::string(OpSymbol(f.op)) + " " +
           (f.text_literal ? dialect_.QuoteString(FormatNumber(f.lo)) : FormatNumber(f.lo / scale));
  }
  if (f.values.size() == 1 && f.op != Op::kEq && f.op != Op::kNe) {
    // A year's bound (2008年以后, ReadChineseYearBoundary): dates from the year's start; a year
    // stored as 1999 or '2014年' by its leading number.
    const std::string op = " " + std::string(OpSymbol(f.op)) + " ";
    if (Col(f.column).stats.min_date) return c + op + dialect_.DateLiteral(f.values[0] + "-01-01");
    return dialect_.LeadingNumber(c) + op + f.values[0];
  }
  if (f.values.size() == 1) {
    return c + (f.op == Op::kNe ? " <> " : " = ") + dialect_.QuoteString(f.values[0]);
  }
  std::string list;
  for (size_t k = 0; k < f.values.size(); ++k) {
    list += (k ? ", " : "") + dialect_.QuoteString(f.values[k]);
  }
  return c + (f.op == Op::kNe ? " NOT IN (" : " IN (") + list + ")";
}

// The explicit ordering column as ORDER BY writes it. Beside an aggregate, "revenue by country
// sorted by revenue" orders by the measure that column is summed in: the bare column would order
// by one arbitrary row's value per group (SQLite) or fail (PostgreSQL). "" when the column is
// neither grouped nor measured (ShowsAnUngroupedColumn abstains then).
std::string Parser::OrderColumnExpr(const SelectList& list) const {
  const int col = q_.order_column;
  // Ungrouped rows are ordered by their own column; groups only by a grouped column or a
  // measure (各流派销售额排名 had ordered the genres by one arbitrary invoice's total).
  if ((list.measure_exprs.empty() && list.group_by.empty()) ||
      std::find(list.group_by.begin(), list.group_by.end(), ColRef(col)) != list.group_by.end()) {
    return NumberRef(col);
  }
  for (size_t k = 0; k < q_.measures.size() && k < list.measure_exprs.size(); ++k) {
    if (q_.measures[k].column == col) return list.measure_exprs[k];
  }
  return "";
}

// "各国家每年的订单数", "sales by region each month": the groups said before the period word lead
// the order, as the question lists them (each country's years together). Read from the
// explanation: where each group phrase first occurs in the question.
bool Parser::GroupsSaidBeforeTheBucket() const {
  size_t bucket_at = std::string_view::npos;
  size_t last_group_at = 0;
  bool any_group = false;
  for (const Mapping& m : out_.explanation) {
    if (m.kind != "group" || m.phrase.empty()) continue;
    const size_t at = question_.find(m.phrase);
    if (at == std::string_view::npos) return false;
    if (m.target == "time bucket") {
      bucket_at = std::min(bucket_at, at);
    } else {
      last_group_at = std::max(last_group_at, at);
      any_group = true;
    }
  }
  return any_group && bucket_at != std::string_view::npos && last_group_at < bucket_at;
}

// Ordering: superlatives by the first measure; time series by period; explicit columns.
std::string Parser::OrderBy(const SelectList& list) const {
  std::string order;
  if (q_.superlative && !list.measure_exprs.empty()) {
    order = list.measure_exprs[0] + (q_.superlative_desc ? " DESC" : " ASC");
  } else if (q_.superlative && q_.order_column >= 0) {
    order = OrderColumnExpr(list) + (q_.superlative_desc ? " DESC" : " ASC");
  } else if (q_.order_column >= 0) {
    order = OrderColumnExpr(list) + (q_.order_desc && q_.order_set ? " DESC" : " ASC");
  } else if (ranks_groups_ && !list.measure_exprs.empty()) {  // 每年的销售额排名: not by year
    order = list.measure_exprs[0] + (q_.order_desc ? " DESC" : " ASC");
  } else if (q_.bucket) {
    // By the period, then the groups beside it (one order on every database); 按国家和年份
    // lists the country first, and is ordered so.
    std::vector<std::string> parts;
    for (int c : q_.group_columns) parts.push_back(ColRef(c));
    parts.insert(bucket_listed_last_ || GroupsSaidBeforeTheBucket() ? parts.end() : parts.begin(),
                 list.bucket_expr);
    for (const std::string& part : parts) order += (order.empty() ? "" : ", ") + part;
  } else if (!list.group_by.empty() && !list.measure_exprs.empty()) {
    // "revenue by country, lowest first" / 各国家的客户数量，从少到多: the direction said.
    order = list.measure_exprs[0] + (q_.order_set && !q_.order_desc ? " ASC" : " DESC");
  }
  return order;
}

// "Which composer wrote the most tracks?": a ranking names a composer, and the tracks with no
// composer (NULL) are none — yet their group often ranks first. A ranked group of a column
// that is not a key or a row's name leaves NULL out. So do rows ranked by their own column:
// "the youngest singer" (ORDER BY age LIMIT 1) named a singer with no age, as SQLite and MySQL
// sort NULL first (and PostgreSQL does in DESC).
std::vector<std::string> Parser::RankedGroupsNotNull(const SelectList& list) const {
  std::vector<std::string> out;
  const bool ranked = q_.superlative || q_.limit > 0;
  if (ranked && q_.order_column >= 0 && list.measure_exprs.empty() && list.group_by.empty()) {
    out.push_back(ColRef(q_.order_column) + " IS NOT NULL");
  }
  if (list.measure_exprs.empty() || !ranked) return out;
  for (int c : q_.group_columns) {
    const int t = Col(c).table;
    const int label = index_.LabelColumn(t, chinese_);
    if (Col(c).primary_key || c == label || c == index_.NameCompanion(label)) continue;
    out.push_back(ColRef(c) + " IS NOT NULL");
  }
  return out;
}

// "The 3 best-selling albums" cut by LIMIT 3 hides a fourth album that sold as many as the
// third: the answer would name three where four share the places. The ordering value alone of
// the first N+1 rows (same FROM .. GROUP BY, same ORDER BY) lets the answer say so (the
// pipeline runs it). "" when the question sets no N or rows are made distinct.
std::string Parser::TieCheckSql(const std::string& from_to_group_by,
                                const std::string& order) const {
  if (q_.limit <= 0 || order.empty() || q_.distinct_rows) return "";
  std::string value = order;
  for (std::string_view direction : {" DESC", " ASC"}) {
    if (value.ends_with(direction)) value.resize(value.size() - direction.size());
  }
  return "SELECT " + value + from_to_group_by + "\nORDER BY " + order +
         OnItsOwnLine(dialect_.LimitClause(q_.limit + 1));
}

// "员工最多的快递公司有哪些" asks for every company at the top, and three may tie: an ungrouped
// ranking asked as a set keeps the rows whose ordering value is the top one (the same FROM and
// WHERE inside) instead of cutting at one. "" otherwise: a grouped measure stays a LIMIT.
std::string Parser::TopValueCondition(const SelectList& list, const std::string& from,
                                      const std::vector<std::string>& where) const {
  if (!q_.top_value_rows || !list.group_by.empty() || !list.measure_exprs.empty() ||
      q_.distinct_rows) {
    return "";
  }
  std::string value = OrderBy(list);
  const bool desc = value.ends_with(" DESC");
  for (std::string_view direction : {" DESC", " ASC"}) {
    if (value.ends_with(direction)) value.resize(value.size() - direction.size());
  }
  if (value.empty() || value.find(',') != std::string::npos) return "";
  std::string inner = std::string("SELECT ") + (desc ? "MAX(" : "MIN(") + value + ")" + from;
  std::replace(inner.begin(), inner.end(), '\n', ' ');  // one line inside the condition
  for (size_t k = 0; k < where.size(); ++k) inner += (k ? " AND " : " WHERE ") + where[k];
  return value + " = (" + inner + ")";
}

std::optional<std::string> Parser::BuildSql(std::string* why_en, std::string* why_zh) {
  if (share_of_one_value_ && !SharePart()) {  // the value became something else: no total alone
    *why_en = "a share needs a measure and something to split it by.";
    *why_zh = "占比需要一个指标和一个分组维度。";
    return std::nullopt;
  }
  const SelectList list = BuildSelect();
  if (!CheckSelectShape(list, why_en, why_zh)) return std::nullopt;
  std::string sql = SelectClause(list);
  const size_t from_at = sql.size();  // FROM .. GROUP BY, which the tie check repeats
  sql += FromClause();
  std::vector<std::string> where = WhereConditions(list);
  const std::string top = TopValueCondition(list, sql.substr(from_at), where);
  if (!top.empty()) where.push_back(top);
  for (size_t k = 0; k < where.size(); ++k) sql += (k ? "\n  AND " : "\nWHERE ") + where[k];
  if (!list.group_by.empty()) {
    sql += "\nGROUP BY ";
    for (size_t k = 0; k < list.group_by.size(); ++k) sql += (k ? ", " : "") + list.group_by[k];
  }
  const std::string order = OrderBy(list);
  out_.tie_check_sql = top.empty() ? TieCheckSql(sql.substr(from_at), order) : "";
  if (!order.empty()) sql += "\nORDER BY " + order;
  if (q_.limit > 0 && top.empty()) {
    sql += OnItsOwnLine(dialect_.LimitClause(q_.limit));
  } else if (options_.cap_lists && (q_.measures.empty() || !list.group_by.empty())) {
    sql += OnItsOwnLine(dialect_.LimitClause(options_.default_list_limit));
  }
  return sql;
}

// SELECT [DISTINCT] and the select list.
std::string Parser::SelectClause(const SelectList& list) const {
  std::string sql = "SELECT ";
  if (q_.distinct_rows) sql += "DISTINCT ";
  for (size_t k = 0; k < list.select.size(); ++k) sql += (k ? ", " : "") + list.select[k];
  return sql;
}

// FROM the root and a JOIN per step of the join tree, one clause per line: the SQL is shown
// to people (CLI, reports) as well as run.
std::string Parser::FromClause() const {
  std::string sql = "\nFROM " + dialect_.QuoteIdentifier(index_.tables()[tree_->root].name);
  for (const JoinStep& s : tree_->steps) {
    const JoinEdge& e = index_.edges()[s.edge];
    sql += "\nJOIN " + dialect_.QuoteIdentifier(index_.tables()[s.table].name) + " ON " +
           ColRef(e.from_column) + " = " + ColRef(e.to_column);
  }
  return sql;
}

// The WHERE conditions but the top-value one: the filters (a share's part is inside the
// measure instead), the referred row's, the period's, the ranked groups' NOT NULL.
std::vector<std::string> Parser::WhereConditions(const SelectList& list) const {
  std::vector<std::string> where;
  for (const Filter& f : q_.filters) {
    if (&f != SharePart()) where.push_back(FilterCondition(f));
  }
  if (q_.self_reference >= 0) {
    const std::string referred = ReferredRowCondition();
    if (!referred.empty()) where.push_back(referred);
  }
  if (q_.time && period_term_ < 0 && group_total_time_column_ < 0) {
    for (std::string& c : PeriodConditions(time_column_)) where.push_back(std::move(c));
  }
  if (q_.month_of_year > 0 && time_column_ >= 0) {
    where.push_back(dialect_.MonthOfYear(ColRef(time_column_)) + " = " +
                    std::to_string(q_.month_of_year));
  }
  for (std::string& c : RankedGroupsNotNull(list)) where.push_back(std::move(c));
  return where;
}

// The filters name the referred row: inside the subquery its table's name means that row
// (the inner scope), outside the rows that refer to it.
std::string Parser::ReferredRowCondition() const {
  for (const JoinEdge& e : index_.edges()) {
    if (e.from_column != q_.self_reference) continue;
    std::string inner = "SELECT " + ColRef(e.to_column) + " FROM " +
                        dialect_.QuoteIdentifier(index_.tables()[e.to_table].name);
    for (size_t k = 0; k < q_.referred_filters.size(); ++k) {
      inner += (k ? " AND " : " WHERE ") + FilterCondition(q_.referred_filters[k]);
    }
    return ColRef(q_.self_reference) + " IN (" + inner + ")";
  }
  return "";
}

}  // namespace askdb::nlq
