// The engine's reading of a question, between its stages: the question's items (words
// and what they matched) and the typed query assembled from them. Internal to the engine
// (engine.cc) and its checks (reading_check.h); nothing outside nlq/ includes it.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "askdb/db/dialect.h"
#include "askdb/nlq/lexicon.h"
#include "askdb/nlq/time_expr.h"

namespace askdb::nlq {

using db::DatePart;

enum class ItemKind { kTerm, kKeyword, kNumber, kUnknown, kPunct };

struct Item {
  ItemKind kind = ItemKind::kUnknown;
  size_t unit_begin = 0, unit_end = 0;
  std::string text;
  std::vector<int> terms;
  // The terms of a word read as a keyword ("total" is also the Invoice.Total column), for
  // when the keyword reading finds nothing to apply to.
  std::vector<int> keyword_terms;
  KwSet kw = 0;
  double number = 0;
  bool used = false;
  bool age_word = false;  // "age"/年龄, also when it names an age column
  bool Has(Kw k) const { return (kw & Bit(k)) != 0; }
  // A word that joins the items of a list: and/及/和/以及/与, 、 or a comma.
  bool JoinsAList() const {
    return (kind == ItemKind::kKeyword && (Has(Kw::kConj) || Has(Kw::kAnd))) || text == "、" ||
           text == "," || text == "，" || text == "和" || text == "及" || text == "以及" ||
           text == "与";
  }
};

enum class Agg { kNone, kSum, kAvg, kCount, kMax, kMin };

struct Measure {
  Agg agg = Agg::kNone;
  int column = -1;  // -1: COUNT(*)
  int table = -1;
  bool distinct = false;
  std::string phrase;
  std::string column_phrase;  // the words that named the column ("revenue"), when any
  std::string table_phrase;   // the words that named a counted table ("orders"), when any
  std::string label;          // words that name the whole measure ("订单数"), when any
  int event = 0;              // measures bound together ("average, min and max id") share an event
  int business = -1;          // a business term's measure (SchemaIndex::business_terms())
  bool implicit_sum = false;  // summed because it is a measure, not because a word said so
  // "average number of tracks per album": the measure averaged over the groups it had, i.e.
  // divided by COUNT(DISTINCT per_key), the measured table's reference to the per table.
  int per_key = -1;
  int per_table = -1;
};

enum class Op { kEq, kNe, kGt, kGe, kLt, kLe, kBetween };

struct Filter {
  int column = -1;
  Op op = Op::kEq;
  std::vector<std::string> values;  // text values (kEq/kNe with IN semantics)
  double lo = 0, hi = 0;            // numeric
  bool numeric = false;
  bool text_literal = false;    // a number compared with a TEXT column ("Year" stored as '2014')
  int business = -1;            // a business term's condition (column -1) ...
  bool measure_filter = false;  // ... or the rows its measure counts
  // A count of related rows ("singers with more than one song", "orchestras that do not
  // have any performances" = 0): `column` is the listed table's key, compared with the
  // number of rows of the edge's referencing table that point at it (SchemaIndex::edges()).
  int related_edge = -1;
  // The table whose rows that count counts (the edge's own, or the table a link table leads
  // to: Student through Lives_in); -1 when unknown.
  int related_counted = -1;
  // "countries with more than 5 customers": `column` is a label column of its own table, and
  // the number is compared with the count of that table's rows in each of its groups
  // (`column IN (SELECT column ... GROUP BY column HAVING COUNT(*) op N)`, write_sql.cc).
  bool group_count = false;
  // "customers who spent more than $45 in total": `column` is the key the listed rows are
  // referred to by, and the number is compared with each key's sum of this measure (a money
  // column or a one-sum business term) over the rows that refer to it along many-to-one
  // references (read_group_totals.cc; write_sql.cc GroupTotalCondition: a HAVING).
  std::optional<Measure> group_total;
  // Whether the compared number is a count (or a total) of rows, not a value of `column`.
  bool CountsRows() const { return related_edge >= 0 || group_count || group_total.has_value(); }
  // "customers with no company": column IS NULL (read_missing.h); with op kNe, IS NOT NULL
  // (the rows a date superlative ranks, read_measures.cc).
  bool is_null = false;
};

struct TimeRange {
  DateRange range;
  std::optional<int> year_only;  // a bare year: usable on integer "year" columns
  std::string phrase;
};

struct Query {
  std::vector<Measure> measures;
  std::vector<int> group_columns;
  // Keys grouped beside a non-unique label column so that two customers who share a name
  // stay two groups; in GROUP BY only, never selected.
  std::vector<int> group_keys;
  std::optional<DatePart> bucket;
  // "每年12月的销售额": the one month (1-12) of every year the yearly groups keep; 0: none.
  int month_of_year = 0;
  std::vector<Filter> filters;
  std::optional<TimeRange> time;
  std::vector<int> projections;
  int order_column = -1;  // explicit ORDER BY column (list questions)
  bool order_desc = true;
  bool order_set = false;
  long long limit = 0;  // 0: none
  bool superlative = false;
  bool superlative_desc = true;
  // A superlative with no N asked as a set ("员工最多的快递公司有哪些"): every row at the top
  // value, not LIMIT 1, which would hide the rows that tie it.
  bool top_value_rows = false;
  bool share = false;
  // The measure is said as a second thing asked beside the share ("销售额和占比", "revenue and
  // its share"), so it is shown; otherwise it only names what is shared (销售额占比).
  bool share_measure_asked = false;
  bool distinct_rows = false;
  // A list a join repeats, one row per this key of the listed table: GROUP BY the listed
  // columns and the key (never selected), so two rows that share a name stay two.
  int row_key = -1;
  // The list shows a table's rows because the question named the table ("customers with an
  // invoice over 20"), not columns of it ("names of singers in concerts ..."): which rows.
  bool rows_named_by_table = false;
  int subject_table = -1;
  // "Who reports to Nancy Edwards?": a column of the listed table referring to its own table
  // (ReportsTo), and the filters that name the referred row (moved out of `filters`: they are
  // not conditions on the listed rows): `ReportsTo IN (SELECT key FROM table WHERE <them>)`.
  int self_reference = -1;
  std::vector<Filter> referred_filters;
};

}  // namespace askdb::nlq
