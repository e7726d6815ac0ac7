// Grounding business terms: a term the business defined read as its measure, condition or
// value; and the question's period when it belongs inside a term's aggregate.
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
#include "askdb/nlq/business_terms.h"
#include "askdb/nlq/parser.h"

namespace askdb::nlq {

namespace {

// Chinese prefixes that change what a word means ("中高端", "超大单", "非高端", "准高价值"): before
// a business term the business did not define them, so the engine does not drop them.
bool IsChineseModifier(std::string_view text) {
  static constexpr std::string_view kModifiers[] = {"中", "超", "次", "准", "非", "亚",
                                                    "半", "特", "泛", "伪", "类", "极"};
  return std::find(std::begin(kModifiers), std::end(kModifiers), text) != std::end(kModifiers);
}

}  // namespace

// Whether the term at item `k` can be read: its definition is usable and no prefix changes
// what it means.
bool Parser::BusinessTermUsable(size_t k, int business, std::string* why_en,
                                std::string* why_zh) const {
  const Item& it = items_[k];
  const BoundBusinessTerm& b = index_.business_terms()[business];
  if (!b.unusable_en.empty()) {
    *why_en = b.unusable_en;
    *why_zh = b.unusable_zh;
    return false;
  }
  // A prefix glued to the term at the start of the question or after a function word:
  // "中高端商品" is not "高端商品". (After a table word, "订单中大单" is "among orders".)
  if (k > 0 && IsChineseModifier(items_[k - 1].text) &&
      (k == 1 || items_[k - 2].kind != ItemKind::kTerm)) {
    const std::string phrase = items_[k - 1].text + it.text;
    *why_en = "'" + phrase + "' modifies the business term '" + b.def.name +
              "' in a way its definition does not say; define '" + phrase +
              "' as a term of its own, or ask without the modifier.";
    *why_zh = "“" + phrase + "”修饰了业务术语“" + b.def.name +
              "”，而术语的定义没有说明它的含义；请把“" + phrase +
              "”定义为单独的术语，或去掉修饰词再问。";
    return false;
  }
  return true;
}

// The term at item `k` read as its measure or its condition; its word then names the
// condition's table, or nothing more.
void Parser::ApplyBusinessTerm(size_t k, int business) {
  const BoundBusinessTerm& b = index_.business_terms()[business];
  // The count suffix: "大单数" / "年轻客户数" = how many of the term's rows.
  if (b.def.meaning == BusinessMeaning::kFilter && k + 1 < items_.size() &&
      items_[k + 1].text == "数" && items_[k + 1].kind != ItemKind::kTerm) {
    items_[k + 1].kind = ItemKind::kKeyword;
    items_[k + 1].kw = Bit(Kw::kCount);
    items_[k + 1].used = false;
  }
  AddBusinessTermReading(k, business);
  ExplainBusinessTerm(items_[k], b);
  KeepTermAsTableWord(items_[k], b);
}

// A measure term is a measure (its filter and period as a measure filter); a filter term is
// a condition of the query.
void Parser::AddBusinessTermReading(size_t k, int business) {
  const BoundBusinessTerm& b = index_.business_terms()[business];
  Filter f;
  f.business = business;
  if (b.def.meaning != BusinessMeaning::kMeasure) {
    q_.filters.push_back(f);
    return;
  }
  Measure m;
  m.agg = Agg::kSum;  // for the fan-out check: a sum a one-to-many join would double
  m.table = b.table;
  m.business = business;
  m.phrase = m.label = items_[k].text;
  q_.measures.push_back(m);
  // "total revenue", "总销售额": a sum word just before a measure is the measure's own.
  if (k > 0 && items_[k - 1].kind == ItemKind::kKeyword && items_[k - 1].kw == Bit(Kw::kSum)) {
    items_[k - 1].used = true;
  }
  f.measure_filter = true;
  if (b.has_filter || b.has_period) q_.filters.push_back(f);  // its rows: filter, period
}

// The explanation says what the term means, and the dates its own period resolves to.
void Parser::ExplainBusinessTerm(const Item& it, const BoundBusinessTerm& b) {
  // A filter that is its period alone has no expression: it reads as its period and column.
  const std::string meaning =
      b.period_only ? b.def.period + " (" + b.def.period_column + ")" : b.def.expression;
  Map(it, b.def.meaning == BusinessMeaning::kMeasure ? "measure" : "filter",
      b.def.name + " = " + meaning + (b.has_filter ? " WHERE " + b.def.filter : ""));
  Understood(b.def.name + " = " + meaning, b.def.name + " = " + meaning);
  if (!b.has_period) return;
  // The term's own period ("近一年"), resolved against the anchor like one in a question.
  const DateRange r = ResolveTermPeriod(b.period, anchor_);
  const std::string note = b.def.name + ": " + b.def.period + " = " + FormatIsoDate(r.start) +
                           " .. " + FormatIsoDate(AddDays(r.end, -1)) + " (" + anchor_source_ + ")";
  Understood(note, note);
  if (out_.anchor_note.empty()) out_.anchor_note = note;
}

// A condition on one table's rows ("高价值客户", "一线城市") also names those rows: the word
// stays as that table's word, for "how many" and for the join. Any other term's word is read.
void Parser::KeepTermAsTableWord(Item& it, const BoundBusinessTerm& b) {
  it.terms.clear();
  it.keyword_terms.clear();
  it.kw = 0;
  if (b.def.meaning == BusinessMeaning::kFilter && b.tables.size() == 1) {
    for (int id = 0; id < static_cast<int>(index_.terms().size()); ++id) {
      if (TermOf(id).kind == TermKind::kTable && TermOf(id).table == b.table) {
        it.terms = {id};
        break;
      }
    }
  }
  if (it.terms.empty()) {
    it.kind = ItemKind::kKeyword;
    it.used = true;
  }
}

bool Parser::ApplyBusinessTerms(std::string* why_en, std::string* why_zh) {
  for (size_t k = 0; k < items_.size(); ++k) {
    const Item& it = items_[k];
    if (it.kind != ItemKind::kTerm) continue;
    int business = -1;
    for (int id : it.terms) {
      if (TermOf(id).kind == TermKind::kBusiness) business = TermOf(id).business;
    }
    if (business < 0) continue;  // the business's own words win over a column or value
    if (!BusinessTermUsable(k, business, why_en, why_zh)) return false;
    ApplyBusinessTerm(k, business);
  }
  return true;
}

bool Parser::PeriodInsideTerm(int root, std::string* why_en, std::string* why_zh) {
  // Only a period no word ties to a column ("近一年", "2025年"), over the rows a filter over
  // aggregates selects: "近一年的高价值客户" are those whose spending in that year passes.
  if ((!q_.time && !q_.bucket) || born_ || time_column_ >= 0) return false;
  std::vector<int> found;
  for (const Filter& f : q_.filters) {
    if (f.business < 0 || f.measure_filter) continue;
    const BoundBusinessTerm& b = index_.business_terms()[f.business];
    if (b.aggregate_predicate && b.table == root) found.push_back(f.business);
  }
  if (found.empty()) return false;
  if (q_.bucket) {
    // "按月的高价值客户数": the term would have to be evaluated again in every month.
    const std::string& name = index_.business_terms()[found.front()].def.name;
    *why_en = "'" + name +
              "' per period would need the term evaluated again in each period; "
              "ask for one period at a time.";
    *why_zh = "按时间段统计“" + name + "”需要在每个时间段重新计算该术语；请一次问一个时间段。";
    return false;
  }
  const BoundBusinessTerm& b = index_.business_terms()[found.front()];
  const int tc = index_.TimeColumn(Col(b.fact_key).table);
  if (found.size() > 1 || tc < 0) {
    *why_en =
        "the period could apply to more than one business term or to none of their "
        "rows; ask for one term at a time.";
    *why_zh = "时间条件无法确定作用于哪个业务术语的汇总；请一次只问一个术语。";
    return false;
  }
  period_term_ = found.front();
  period_term_column_ = tc;
  Understood(q_.time->phrase + " inside " + b.def.name,
             b.def.name + "按" + q_.time->phrase + "计算");
  return true;
}

}  // namespace askdb::nlq
