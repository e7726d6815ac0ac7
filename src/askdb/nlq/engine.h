// The deterministic question-to-SQL engine. Translate() maps a Chinese or English question
// onto a SchemaIndex (tables, columns, values, foreign keys) with the bilingual keyword
// tables (lexicon.h) and writes one SELECT through the db::Dialect: measures and
// aggregations, grouping, value and comparison filters, time ranges and buckets, top/bottom
// N, shares, and joins along the smallest foreign-key tree. Every translation carries a
// confidence and an explanation (which words mapped to what); below the threshold it
// abstains and says why and what it did understand. It never guesses silently, and values
// only reach SQL through Dialect::QuoteString, identifiers through QuoteIdentifier.
//
// Stateless: Translate is a pure function of its inputs and is thread-safe.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "askdb/nlq/time_expr.h"

namespace askdb::db {
class Dialect;
}  // namespace askdb::db

namespace askdb::nlq {

// Result-column names: PostgreSQL truncates identifiers at 63 bytes (NAMEDATALEN - 1), so
// longer aliases would silently collide there.
constexpr size_t kMaxAliasBytes = 63;

class SchemaIndex;

enum class TimeAnchor {
  kData,   // relative periods ("去年", "last 30 days") count back from the data's latest date
  kToday,  // ... from today
  // From the data's latest date while the data is current (at most `current_data_days` before
  // today). On older data "last quarter" could mean either date's quarter, so the engine
  // abstains and asks for the period: a number for a period the user did not mean is a
  // confident wrong answer.
  kDataWhileCurrent,
};

struct TranslateOptions {
  double confidence_threshold = 0.7;
  TimeAnchor anchor = TimeAnchor::kDataWhileCurrent;
  // How many days the data's latest date may lie before today and still count as current.
  int current_data_days = 31;
  // When set, used as the anchor date whatever `anchor` says (tests, reproducible runs).
  std::optional<CivilDate> anchor_date;
  // Today's date; unset means the clock (UTC). Tests and reproducible runs set it.
  std::optional<CivilDate> today;
  // Questions longer than this (bytes) are refused: nobody asks that in one breath, and it
  // bounds the engine's work.
  size_t max_question_bytes = 1000;
  // Row cap written into list questions without an explicit N (and the largest N read).
  long long default_list_limit = 1000;
  // False writes no such cap: the earlier period of a comparison, whose groups are joined to
  // the capped later ones, must hold every group.
  bool cap_lists = true;
  // Moves the period the question names by this many months: a period comparison reads the
  // earlier period's figures with -12 (同比) or minus the period's length (环比). 0 elsewhere.
  int period_shift_months = 0;
  // How a period comparison of groups is ordered: 0 by the later period's value; -1 the
  // largest fall first, +1 the largest rise first (why did sales drop: where it fell most).
  int comparison_order_by_change = 0;
};

// One piece of the explanation: the words of the question and what they were taken as.
struct Mapping {
  std::string phrase;  // as written in the question
  std::string kind;    // "table", "column", "value", "function", "group", "time", "order",
                       // "limit", "filter", "share", "anchor"
  std::string target;  // "orders.total_amount", "SUM", "2024-01-01..2025-01-01", ...
};

enum class ChartHint { kNone, kTimeSeries, kCategory, kShare };
std::string_view ChartHintName(ChartHint hint);  // "none", "time_series", "category", "share"

struct Translation {
  bool answered = false;
  std::string sql;
  double confidence = 0;
  std::vector<Mapping> explanation;
  std::string abstain_reason;  // set when !answered, in the question's language
  // The reason asks for a detail the question leaves open (which period) and says how to give
  // it: "rephrase with the columns' names" would send the person the wrong way.
  bool abstain_reason_says_what_to_do = false;
  // For an answer cut at the question's N (top N, a superlative): the ordering value of the
  // first N+1 rows, so the answer can say when the row after the cut ties the last one shown.
  std::string tie_check_sql;
  std::vector<std::string> understood;  // what was understood, in the question's language
  ChartHint chart = ChartHint::kNone;
  bool chinese = false;     // the question's language
  std::string anchor_note;  // e.g. "去年 = 2024 (anchored to the data's latest date 2025-12-31)"
  // Result columns (named as in the SQL's aliases) whose values must not be added up or
  // stated as shares of their sum: a price, rate, ratio, percentage, age or score shown per
  // row or summed on request (measure_additivity.h), an average, a highest or lowest value,
  // and a share. An answer may rank or compare them, never total them.
  std::vector<std::string> non_additive_columns;
  // The result columns by alias: the labels of a group (a time bucket, grouped columns), the
  // measures, and any other (a share, a listed column). A period comparison joins on them.
  std::vector<std::string> label_columns, measure_columns, other_columns;
  // Every period the reading set, in order ("2025" → 2025-01-01 .. 2026-01-01, as its "time"
  // mapping says); a period comparison needs exactly one.
  std::vector<DateRange> periods_read;
};

// Renders the explanation as lines for people, in Chinese or English.
std::string RenderExplanation(const Translation& t, bool chinese);

class Engine {
 public:
  static Translation Translate(std::string_view question, const SchemaIndex& index,
                               const db::Dialect& dialect, const TranslateOptions& options = {});
};

}  // namespace askdb::nlq
