#include "askdb/nlq/business_terms.h"

#include <algorithm>
#include <set>

#include "askdb/common/text.h"
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

}  // namespace

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

Status CheckBusinessTermShape(const BusinessTermDef& def) {
  if (def.meaning == BusinessMeaning::kNone) {
    if (!def.expression.empty() || !def.filter.empty()) {
      return InvalidArgumentError(
          "term '" + def.name + "' has an expression but no meaning; say measure, filter or value");
    }
    return Status::Ok();
  }
  StatusOr<TermExpr> expr = ParseTermExpression(def.expression);
  if (!expr.ok()) return expr.status().WithContext("term '" + def.name + "'");
  const ExprShape shape = ShapeOf(*expr);
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
      if (!IsValueAlias(*expr)) {
        return wrong("one column and its values, e.g. cities.name_zh IN ('上海', '杭州')");
      }
      break;
    case BusinessMeaning::kNone:
      break;
  }
  if (!def.filter.empty()) {
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
  }
  return Status::Ok();
}

StatusOr<BoundBusinessTerm> BindBusinessTerm(const BusinessTermDef& def, const SchemaIndex& index) {
  ASKDB_RETURN_IF_ERROR(CheckBusinessTermShape(def));
  BoundBusinessTerm b;
  b.def = def;
  if (def.meaning == BusinessMeaning::kNone) return b;
  auto resolve = [&](std::string_view table, std::string_view column) {
    const int t = index.FindTable(table);
    return t < 0 ? -1 : index.FindColumn(t, column);
  };
  ASKDB_ASSIGN_OR_RETURN(b.expr, ParseTermExpression(def.expression));
  ASKDB_RETURN_IF_ERROR(BindTermExpression(b.expr, resolve).WithContext("term '" + def.name + "'"));
  if (!def.filter.empty()) {
    ASKDB_ASSIGN_OR_RETURN(b.filter, ParseTermExpression(def.filter));
    ASKDB_RETURN_IF_ERROR(
        BindTermExpression(b.filter, resolve).WithContext("term '" + def.name + "' filter"));
    b.has_filter = true;
  }
  auto unusable = [&](std::string en, std::string zh) {
    b.unusable_en = "'" + def.name + "' " + std::move(en);
    b.unusable_zh = "“" + def.name + "”" + std::move(zh);
    return b;
  };
  auto row_tables = [&](const TermExpr& e) {
    std::vector<const TermExpr*> cols;
    CollectColumns(e, &cols);
    for (const TermExpr* c : cols) {
      const int t = index.columns()[c->bound].table;
      if (std::find(b.tables.begin(), b.tables.end(), t) == b.tables.end()) b.tables.push_back(t);
    }
  };
  const ExprShape shape = ShapeOf(b.expr);
  if (shape == ExprShape::kMeasure || shape == ExprShape::kAggregatePredicate) {
    std::set<int> fact;
    AggregatedColumns(b.expr, false, &fact, index);
    if (fact.size() > 1) {
      return unusable(
          "aggregates columns of several tables; the engine cannot prove that joining them "
          "does not count rows twice, so it does not answer with it.",
          "汇总了多张表的列，引擎无法证明连接后不会重复计数，因此不用它作答。");
    }
    if (fact.empty()) {
      return unusable("counts rows without naming a table; write COUNT(table.column).",
                      "只计数行而未指明表；请写成 COUNT(表.列)。");
    }
    b.table = fact.empty() ? -1 : *fact.begin();
  }
  if (b.has_filter) {
    row_tables(b.filter);
    for (int t : b.tables) {
      if (t != b.table) {
        return unusable(
            "has a filter on another table than the one it aggregates; the engine does "
            "not join inside a definition.",
            "的筛选条件在另一张表上，引擎不在指标内部做连接。");
      }
    }
  }
  if (shape == ExprShape::kRowPredicate) {
    row_tables(b.expr);
    b.table = b.tables.front();
  }
  if (shape == ExprShape::kAggregatePredicate) {
    b.aggregate_predicate = true;
    const int subject = index.FindTable(def.subject);
    if (subject < 0) {
      return Status(InvalidArgumentError("term '" + def.name + "': subject '" + def.subject +
                                         "' is not a table of the datasource"));
    }
    // The rows of the subject whose aggregate over the fact table passes: one foreign key
    // from the fact table to the subject's key, so each fact row belongs to one subject row.
    int found = 0;
    for (const JoinEdge& e : index.edges()) {
      if (e.from_table == b.table && e.to_table == subject &&
          index.columns()[e.to_column].primary_key) {
        b.fact_key = e.from_column;
        b.subject_key = e.to_column;
        ++found;
      }
    }
    if (found != 1) {
      return unusable("compares an aggregate, but " + def.subject +
                          (found ? " is reached by several keys" : " has no key") + " from " +
                          index.tables()[b.table].name +
                          "; the engine cannot tell which rows it selects.",
                      "比较的是汇总值，但无法唯一确定它选出的行（" + def.subject + "）。");
    }
    b.table = subject;
    b.tables = {subject};
  }
  return b;
}

}  // namespace askdb::nlq
