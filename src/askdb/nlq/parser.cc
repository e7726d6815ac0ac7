// The parse state's helpers: which column or table a word names, the words for them.
#include "askdb/nlq/parser.h"

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
#include "askdb/nlq/unplaced_words.h"

namespace askdb::nlq {

std::string FormatNumber(double v) {
  char buf[64];
  if (std::floor(v) == v && std::fabs(v) < 1e15) {
    std::snprintf(buf, sizeof buf, "%.0f", v);
  } else {
    std::snprintf(buf, sizeof buf, "%.6g", v);
  }
  return buf;
}

std::string_view OpSymbol(Op op) {
  switch (op) {
    case Op::kEq:
      return "=";
    case Op::kNe:
      return "<>";
    case Op::kGt:
      return ">";
    case Op::kGe:
      return ">=";
    case Op::kLt:
      return "<";
    case Op::kLe:
      return "<=";
    case Op::kBetween:
      break;
  }
  return "BETWEEN";
}

std::string_view AggName(Agg a) {
  switch (a) {
    case Agg::kSum:
      return "SUM";
    case Agg::kAvg:
      return "AVG";
    case Agg::kCount:
      return "COUNT";
    case Agg::kMax:
      return "MAX";
    case Agg::kMin:
      return "MIN";
    case Agg::kNone:
      break;
  }
  return "";
}

bool Parser::IsFiller(const Item& it) const {
  if (it.kind == ItemKind::kPunct) return true;
  if (it.kind == ItemKind::kKeyword && (it.kw & ~(Bit(Kw::kStop) | Bit(Kw::kRowUnit))) == 0) {
    return true;
  }
  return false;
}

int Parser::NextMeaningful(int i) const {
  for (int j = i + 1; j < static_cast<int>(items_.size()); ++j) {
    if (!IsFiller(items_[j])) return j;
  }
  return -1;
}

int Parser::PrevMeaningful(int i) const {
  for (int j = i - 1; j >= 0; --j) {
    if (!IsFiller(items_[j])) return j;
  }
  return -1;
}

int Parser::ColumnOf(const Item& it, bool numeric_only) const {
  if (it.kind != ItemKind::kTerm) return -1;
  bool bare_id = true;
  for (int id : it.terms) bare_id &= TermOf(id).source == "key";
  if (bare_id) return BareIdColumn(it, numeric_only);
  // The first candidate of the highest rank; tied when another of that rank is on another
  // table (same-named columns of two tables).
  const std::vector<std::pair<int, int>> scored = RankedColumns(it, numeric_only);
  int best = -1;
  int best_score = -1;
  for (const auto& [score, column] : scored) {
    if (score > best_score) {
      best_score = score;
      best = column;
    }
  }
  const bool tied = std::any_of(scored.begin(), scored.end(), [&](const std::pair<int, int>& s) {
    return s.first == best_score && Col(s.second).table != Col(best).table;
  });
  // "average total cattle for each year", 各国家的销售额: beside a measure, a name several tables
  // share is the measure table's own dimension column (English too from session 19).
  if (tied && !q_.measures.empty()) {
    if (const int own = ColumnOnMeasureTable(it, numeric_only); own >= 0) return own;
  }
  if (tied && chinese_ && q_.measures.empty()) {
    std::vector<int> candidates;
    for (const auto& [score, column] : scored) {
      if (score == best_score) candidates.push_back(column);
    }
    if (const int own = ColumnOnFilteredTable(candidates); own >= 0) return own;
  }
  // "average unit price by category": a name two tables share (the products' price and the
  // order lines' copy of it), beside a grouping, is the column of the table nearest the
  // grouped one (English; Chinese reads the measure's table above).
  if (tied && numeric_only && !chinese_ && !q_.group_columns.empty()) {
    std::vector<int> candidates;
    for (const auto& [score, column] : scored) {
      if (score == best_score) candidates.push_back(column);
    }
    return NearestToGroups(candidates);
  }
  // "unit price" of both products and order lines, with nothing in the question to choose:
  // either would be a guess.
  return tied ? -1 : best;
}

int Parser::BareIdColumn(const Item& it, bool numeric_only) const {
  int found = -1;
  for (int id : it.terms) {
    const Term& t = TermOf(id);
    if (numeric_only && !IsNumericCol(t.column)) continue;
    if (!mentioned_tables_.count(t.table) && !context_tables_.count(t.table)) continue;
    if (found >= 0) return -1;
    found = t.column;
  }
  return found;
}

std::vector<std::pair<int, int>> Parser::RankedColumns(const Item& it, bool numeric_only) const {
  std::vector<std::pair<int, int>> scored;
  for (int id : it.terms) {
    const Term& t = TermOf(id);
    if (t.kind != TermKind::kColumn) continue;
    if (numeric_only && !IsNumericCol(t.column)) continue;
    if (t.source == "short" && !mentioned_tables_.count(t.table)) continue;
    int score = 0;
    if (mentioned_tables_.count(t.table)) score += 8;
    const std::string& lang = Col(t.column).lang;
    if (!lang.empty() && lang == (chinese_ ? "zh" : "en")) score += 4;
    if (t.exact) score += 2;
    if (t.source == "name") score += 1;
    // A table some word of the question may name ("商品" is the products table and also a
    // column word) breaks a tie between same-named columns of two tables.
    if (table_words_anywhere_.count(t.table)) score += 1;
    scored.emplace_back(score, t.column);
  }
  return scored;
}

int Parser::ColumnOnMeasureTable(const Item& it, bool numeric_only) const {
  if (q_.measures.empty()) return -1;
  const int measure_table = q_.measures[0].table;
  const bool same_measure_table =
      std::all_of(q_.measures.begin(), q_.measures.end(),
                  [&](const Measure& m) { return m.table == measure_table; });
  int on_measure_table = -1, candidates = 0;
  for (int id : it.terms) {
    const Term& t = TermOf(id);
    if (t.kind != TermKind::kColumn || t.table != measure_table) continue;
    if (numeric_only && !IsNumericCol(t.column)) continue;
    if (Col(t.column).role != ColumnRole::kDimension) continue;
    if (on_measure_table != t.column) ++candidates;
    on_measure_table = t.column;
  }
  return candidates == 1 && same_measure_table ? on_measure_table : -1;
}

// "极端高温超过40度的城市": a name several tables share (城市 of each weather table), beside
// conditions all on one of those tables and nothing else read, is that table's column — the
// rows filtered are the rows listed, no join. -1 unless exactly one candidate is there.
int Parser::ColumnOnFilteredTable(const std::vector<int>& candidates) const {
  if (q_.filters.empty() || q_.time || !q_.group_columns.empty()) return -1;
  int table = -1;
  for (const Filter& f : q_.filters) {
    if (f.column < 0 || f.CountsRows() || f.business >= 0) return -1;
    if (table >= 0 && Col(f.column).table != table) return -1;
    table = Col(f.column).table;
  }
  int found = -1;
  for (int c : candidates) {
    if (Col(c).table != table) continue;
    if (found >= 0 && found != c) return -1;
    found = c;
  }
  return found;
}

int Parser::NearestToGroups(const std::vector<int>& candidates) const {
  std::vector<int> grouped;
  for (int g : q_.group_columns) grouped.push_back(Col(g).table);
  int found = -1;
  size_t fewest = static_cast<size_t>(-1);
  bool tie = false;
  for (int c : candidates) {
    if (found >= 0 && Col(c).table == Col(found).table) continue;
    const std::optional<JoinTree> tree = FindJoinTree(index_, Col(c).table, grouped);
    if (!tree || tree->HasFanOut()) continue;  // a sum over the join would repeat rows
    if (tree->steps.size() < fewest) {
      fewest = tree->steps.size();
      found = c;
      tie = false;
    } else if (tree->steps.size() == fewest) {
      tie = true;
    }
  }
  return tie ? -1 : found;
}

int Parser::TableOf(const Item& it) const {
  if (it.kind != ItemKind::kTerm) return -1;
  for (int id : it.terms) {
    if (TermOf(id).kind == TermKind::kTable) return TermOf(id).table;
  }
  return -1;
}

bool Parser::HasValue(const Item& it) const {
  return it.kind == ItemKind::kTerm && std::any_of(it.terms.begin(), it.terms.end(), [&](int id) {
           return TermOf(id).kind == TermKind::kValue;
         });
}

bool Parser::OnlyValues(const Item& it) const {
  return it.kind == ItemKind::kTerm && std::all_of(it.terms.begin(), it.terms.end(), [&](int id) {
           return TermOf(id).kind == TermKind::kValue;
         });
}

std::string Parser::ColRef(int c) const {
  return dialect_.QuoteIdentifier(index_.tables()[Col(c).table].name) + "." +
         dialect_.QuoteIdentifier(Col(c).name);
}

std::string Parser::ColumnWords(int c) const {
  if (auto it = column_words_.find(c); it != column_words_.end()) return it->second;
  const IndexedColumn& col = Col(c);
  const std::string& mine = chinese_ ? col.display_zh : col.display_en;
  if (!mine.empty()) return mine;
  const std::string& other = chinese_ ? col.display_en : col.display_zh;
  if (!other.empty()) return other;
  return IdentifierToPhrase(col.name);
}

std::string Parser::TableWords(int table) const {
  if (auto it = table_words_.find(table); it != table_words_.end()) return it->second;
  const IndexedTable& t = index_.tables()[table];
  const std::string& mine = chinese_ ? t.display_zh : t.display_en;
  if (!mine.empty()) return mine;
  const std::string& other = chinese_ ? t.display_en : t.display_zh;
  if (!other.empty()) return other;
  return IdentifierToPhrase(t.name);
}

Translation Parser::Abstain(std::string en, std::string zh) {
  out_.answered = false;
  out_.sql.clear();
  out_.tie_check_sql.clear();
  out_.non_additive_columns.clear();
  out_.label_columns.clear();
  out_.measure_columns.clear();
  out_.other_columns.clear();
  out_.abstain_reason = chinese_ ? std::move(zh) : std::move(en);
  // A reason that names no word the reading left unplaced ("没有在数据库中找到问题所问的内容",
  // or a shape problem over the words it did read) leaves the person nothing to rephrase:
  // name the words it does not know.
  std::vector<std::string> words = UnplacedWords(question_, units_, items_, chinese_, false);
  std::erase_if(words, [&](const std::string& w) {
    return out_.abstain_reason.find(w) != std::string::npos;
  });
  if (!words.empty()) {
    const std::string quoted = QuoteWords(words, chinese_);
    out_.abstain_reason +=
        chinese_ ? "未能理解的词：" + quoted + "。" : " Words I could not place: " + quoted + ".";
  }
  return out_;
}

}  // namespace askdb::nlq
