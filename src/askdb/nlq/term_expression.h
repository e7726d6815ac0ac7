// The small, safe expression language of business terms (docs/knowledge.md): what a term
// means in the data, written over named columns —
//   measure:      SUM(orders.total_amount) - SUM(orders.discount_amount)
//   filter:       cities.tier = 1 AND customers.segment <> 'consumer'
//   value alias:  cities.name_zh IN ('上海', '杭州', '南京')
//   on aggregates: SUM(orders.total_amount) > 10000   (rows of a subject table, e.g. customers)
// Grammar: table.column references, numbers, 'strings', SUM/AVG/COUNT/MIN/MAX (COUNT(*),
// COUNT(DISTINCT x)), + - * /, = <> != > >= < <=, [NOT] IN (literals), AND, OR, NOT,
// parentheses. Anything else (functions, subqueries, bare names, ';') is refused by name, so
// a definition can never carry SQL of its own: the engine writes every identifier through
// the dialect's quoting and every string through QuoteString.
#pragma once

#include <functional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "askdb/common/status.h"

namespace askdb::db {
class Dialect;
}  // namespace askdb::db

namespace askdb::nlq {

struct TermExpr {
  enum class Kind {
    kColumn,
    kNumber,
    kString,
    kStar,
    kAgg,
    kArith,
    kNeg,
    kCompare,
    kIn,
    kAnd,
    kOr,
    kNot
  };
  Kind kind = Kind::kNumber;
  std::string table, column;  // kColumn, as written
  int bound = -1;             // kColumn: the column id after binding
  double number = 0;          // kNumber
  std::string text;           // kNumber as written; kString's value; the operator or aggregate
  bool distinct = false;      // kAgg: COUNT(DISTINCT x)
  bool negated = false;       // kIn: NOT IN
  std::vector<TermExpr> args;
};

// Parses one expression; InvalidArgument names what is not allowed and where.
StatusOr<TermExpr> ParseTermExpression(std::string_view text);

// What an expression is: a measure (aggregates, arithmetic; no bare column outside an
// aggregate), a row predicate (comparisons over columns, no aggregate), or a predicate over
// aggregates (compares an aggregate: selects the rows of a subject table).
enum class ExprShape { kMeasure, kRowPredicate, kAggregatePredicate, kInvalid };
ExprShape ShapeOf(const TermExpr& e);
std::string_view ExprShapeName(ExprShape shape);

// Binds every column reference through `resolve` (table, column) → column id, or -1. The
// error lists every name that does not bind.
Status BindTermExpression(TermExpr& e,
                          const std::function<int(std::string_view, std::string_view)>& resolve);

// Every column reference, in order of appearance.
void CollectColumns(const TermExpr& e, std::vector<const TermExpr*>* out);

// Writes the expression as SQL: columns through `column_sql` (bound id → quoted reference),
// strings through the dialect, a division as CAST(l) / NULLIF(r, 0).
std::string RenderTermExpression(const TermExpr& e, const db::Dialect& dialect,
                                 const std::function<std::string(int column)>& column_sql);

}  // namespace askdb::nlq
