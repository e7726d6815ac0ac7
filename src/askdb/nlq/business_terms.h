// Business terms in the engine: a word the business defines ("GMV", "高价值客户", "江浙沪")
// and what it means in the data — a measure, a filter or a value alias written in the
// term-expression language (term_expression.h). SchemaIndex::AddBusinessTerms binds them to
// its columns; the engine (engine.cc) applies a bound term as a measure, a WHERE condition or
// an IN filter. A term the engine cannot apply with certainty (a measure over two tables, a
// predicate over aggregates with no single key path to its subject) stays a known word that
// makes the engine abstain and say why, instead of being misread.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "askdb/common/status.h"
#include "askdb/nlq/term_expression.h"
#include "askdb/nlq/time_expr.h"

namespace askdb::nlq {

class SchemaIndex;

enum class BusinessMeaning { kNone, kMeasure, kFilter, kValueAlias };
std::string_view BusinessMeaningName(BusinessMeaning m);  // "", "measure", "filter", "value"
// "measure", "filter", "value" (or "value_alias"), "" / "none"; InvalidArgument otherwise.
StatusOr<BusinessMeaning> ParseBusinessMeaning(std::string_view name);

// A relative period a filter term carries ("高价值客户 = 近一年消费超过 1 万"): "近一年",
// "近30天", "近3个月", "今年", "上季度", "last 12 months", "this year", "last quarter",
// "past 30 days". Kept as written and resolved at question time against the engine's anchor
// date (the data's latest date, or today), with time_expr.h like a period in the question.
struct TermPeriod {
  enum class Kind { kRelative, kLastDays, kLastMonths, kLastYears };
  Kind kind = Kind::kRelative;
  RelativePeriod relative = RelativePeriod::kThisYear;  // kRelative
  int n = 0;                                            // the others
};
// InvalidArgument, listing the accepted forms, for anything else.
StatusOr<TermPeriod> ParseTermPeriod(std::string_view text);
// "近N年" / "last N years" are the N calendar years ending with the anchor's year, as the
// engine reads them in a question.
DateRange ResolveTermPeriod(const TermPeriod& period, const CivilDate& anchor);

// Said when a period names rows a term does not read: one term, one period of its own rows;
// periods of other rows come from other terms, which the engine composes in one question
// (docs/knowledge.md, "Why one period per term").
inline constexpr std::string_view kOnePeriodPerTermAdvice =
    "A term has one period, of the rows it reads; for a period of other rows define a second "
    "term with it (e.g. 本季度新客: --period 本季度 --period-column customers.signup_date) and "
    "ask with both words (\"本季度新客的净销售额\")";

struct BusinessTermDef {
  std::string name;
  std::vector<std::string> synonyms;
  BusinessMeaning meaning = BusinessMeaning::kNone;
  std::string expression;     // the measure, or the predicate of a filter / value alias
  std::string filter;         // measure only, optional: the rows it counts (a row predicate)
  std::string subject;        // filter over aggregates: the table whose rows it selects
  std::string period;         // measure or filter, optional: a relative period (TermPeriod)
                              // of the rows it aggregates or selects; a filter may be its
                              // period alone (empty expression)
  std::string period_column;  // with a period: the date column it bounds ("orders.order_date")
};

// Checks a definition's expressions against its meaning, with names still unbound: a
// measure aggregates; a filter is a predicate (over aggregates only with a subject); a value
// alias is `table.column IN (...)` or `table.column = literal`. The error says what to write.
Status CheckBusinessTermShape(const BusinessTermDef& def);

struct BoundBusinessTerm {
  BusinessTermDef def;
  TermExpr expr, filter;  // filter: kind kNumber with empty text when none
  bool has_filter = false;
  int table = -1;           // measure: the table it aggregates; filter: the table it selects
  std::vector<int> tables;  // every table a row predicate (or a measure's filter) reads
  bool aggregate_predicate = false;
  int subject_key = -1;      // predicate over aggregates: subject's key column ...
  int fact_key = -1;         // ... and the aggregated table's column that refers to it
  bool has_period = false;   // the rows (a row predicate) or the aggregated rows (a measure,
                             // a filter over aggregates) lie in ...
  TermPeriod period;         // ... this period, resolved at question time, of ...
  int period_column = -1;    // ... this date column
  bool period_only = false;  // a filter that is its period alone (no expression)
  // Not empty: the engine cannot apply the term with certainty and abstains with this.
  std::string unusable_en, unusable_zh;
};

// Binds `def` over `index`. An error for a definition that is malformed or names a column
// the index does not have; a term that binds but cannot be applied safely comes back with
// unusable_en/zh set.
StatusOr<BoundBusinessTerm> BindBusinessTerm(const BusinessTermDef& def, const SchemaIndex& index);

}  // namespace askdb::nlq
