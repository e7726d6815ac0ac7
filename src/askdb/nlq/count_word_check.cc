#include "askdb/nlq/count_word_check.h"

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "askdb/common/text.h"
#include "askdb/nlq/reading_check.h"
#include "askdb/nlq/schema_index.h"
#include "askdb/nlq/schema_words.h"
#include "askdb/nlq/tokenizer.h"

namespace askdb::nlq {
namespace {

bool EndsWith(std::string_view s, std::string_view tail) {
  return s.size() > tail.size() && s.substr(s.size() - tail.size()) == tail;
}

// An English word that reads as a noun before "number": letters only, not an adjective form.
bool NounBeforeNumber(const Item& it) {
  if (it.kind != ItemKind::kUnknown || it.text.empty()) return false;
  const std::string w = text::AsciiLower(it.text);
  if (!std::all_of(w.begin(), w.end(), [](char c) { return c >= 'a' && c <= 'z'; })) return false;
  for (std::string_view adjective : {"ly", "al", "ing", "ed", "ive", "ous", "ful"}) {
    if (EndsWith(w, adjective)) return false;
  }
  return true;
}

// A Chinese column named as a count (项目数量, 员工数): its values are numbers of things.
bool NamedAsACount(const IndexedColumn& c) {
  return text::ContainsCjk(c.name) && (EndsWith(c.name, "数") || EndsWith(c.name, "数量"));
}

// An English column named as a count of things: a plural noun last (COPIES,
// International_Passengers, Aircraft_Movements), a count prefix (num_, nbr_, cnt_, total_,
// no_of_, number_of_; schema_words.h spells the abbreviations) or a count word last (qty,
// booked_count). Such a name says each value is a
// number of things even when only a few distinct integers made it a dimension. A singular
// name (floor, grade, BikeType) is an attribute whose values may well be counted.
bool NamedAsAnEnglishCount(const IndexedColumn& c) {
  if (text::ContainsCjk(c.name)) return false;
  const std::vector<std::string> raw = text::SplitIdentifier(c.name);
  const std::vector<std::string>& w = c.words;
  if (w.empty() || raw.empty()) return false;
  const std::string& last = w.back();
  if (last == "quantity" || last == "count") return true;
  // A count word first: abbreviated (num_, nbr_, cnt_), "total", or in full before "of".
  // nbr is no table entry (number or neighbour, abbreviations.json); as a count word it is read.
  const bool abbreviated_count =
      (raw[0] != w[0] && (w[0] == "number" || w[0] == "count")) || w[0] == "nbr";
  if (w.size() >= 2 && (abbreviated_count || w[0] == "total" ||
                        ((w[0] == "number" || w[0] == "no" || w[0] == "count") && w[1] == "of"))) {
    return true;
  }
  return last.size() > 3 && SingularizeEnglish(last) != last;
}

// A column of amounts (a measure held as a number: killed, injured, sales), whose values add
// up; a count column (项目数量, COPIES) holds amounts too, whatever role its few distinct values
// gave it.
bool HoldsAmounts(const IndexedColumn& c) {
  return IsNumeric(c.type_class) && !c.primary_key && !c.foreign_key &&
         (c.role == ColumnRole::kMeasure || NamedAsACount(c) || NamedAsAnEnglishCount(c));
}

bool SaysDistinct(const std::vector<Item>& items) {
  return std::any_of(items.begin(), items.end(),
                     [](const Item& it) { return it.used && it.Has(Kw::kDistinct); });
}

// Whether items[k] ends its clause: nothing but punctuation, "and", "or", or a group word
// over something other than time after it ("tracks sold per genre"). A participle followed by
// more ("owned by students", "run longer than 10 minutes", "published in each year": the
// event the date records) introduces what those words state.
bool EndsAClause(const std::vector<Item>& items, size_t k) {
  static constexpr std::string_view kTimeBuckets[] = {
      "year", "years", "quarter", "quarters", "month", "months", "week", "weeks", "day", "days"};
  if (k + 1 >= items.size() || items[k + 1].kind == ItemKind::kPunct) return true;
  const std::string next = text::AsciiLower(items[k + 1].text);
  if (next == "and" || next == "or") return true;
  if (items[k + 1].kind != ItemKind::kKeyword || !items[k + 1].Has(Kw::kGroup) || next == "by") {
    return false;
  }
  const std::string after = k + 2 < items.size() ? text::AsciiLower(items[k + 2].text) : "";
  return std::find(std::begin(kTimeBuckets), std::end(kTimeBuckets), after) ==
         std::end(kTimeBuckets);
}

// Whether items[j] leads on, past articles, possessives and prepositions, to a word the reading
// placed ("by students", "in the concerts"). "with" and "from" open a condition of their own
// ("retired from France", "from the south with a capacity ...").
bool ReachesAPlacedWord(const std::vector<Item>& items, size_t j) {
  static constexpr std::string_view kFunctionWords[] = {
      "the", "a",  "an", "their", "its", "his",  "her",  "by", "in",
      "on",  "at", "to", "of",    "for", "into", "over", "it", "them"};
  for (; j < items.size(); ++j) {
    if (items[j].used && items[j].kind == ItemKind::kTerm) return true;
    const std::string w = text::AsciiLower(items[j].text);
    if (std::find(std::begin(kFunctionWords), std::end(kFunctionWords), w) ==
        std::end(kFunctionWords)) {
      return false;
    }
    if (w == "it" || w == "them") return true;  // "channels that use it": what was placed
  }
  return false;
}

bool Participle(const std::string& word) {
  const std::string w = text::AsciiLower(word);
  return EndsWith(w, "ed") || EndsWith(w, "en");
}

bool IsNumberWord(const Item& it) {
  const std::string w = text::AsciiLower(it.text);
  return w.rfind("number", 0) == 0 && it.Has(Kw::kCount);
}

// The columns whose values the query filters, groups, measures or lists.
std::vector<int> ColumnsTheQueryUses(const Query& q) {
  std::vector<int> cols(q.group_columns.begin(), q.group_columns.end());
  cols.insert(cols.end(), q.projections.begin(), q.projections.end());
  for (const Measure& m : q.measures) cols.push_back(m.column);
  for (const Filter& f : q.filters) cols.push_back(f.column);
  return cols;
}

// Whether `name` holds `word`: a Chinese run anywhere in it (主办 of 主办单位: Chinese names
// have no word boundaries), any other word only as one whole word of it ("listed" of IsListed,
// "shipped" of ShippedDate; not "are" inside SharedArea or "ship" inside Relationship).
bool NameHoldsWord(const std::string& name, const std::string& word) {
  if (text::ContainsCjk(word)) return name.find(word) != std::string::npos;
  const std::string lower = text::AsciiLower(word);
  for (const std::vector<std::string>& words : {text::SplitIdentifier(name), SchemaWords(name)}) {
    if (std::find(words.begin(), words.end(), lower) != words.end()) return true;  // qty, quantity
  }
  return false;
}

// "主办" of 主办单位, "listed" of IsListed: a word that is part of the name of a column the
// query already uses is read (the filter on that column says it), not a condition left out.
bool PartOfAUsedColumnsName(const std::string& word, const Query& q, const SchemaIndex& index) {
  if (word.empty()) return false;
  for (int c : ColumnsTheQueryUses(q)) {
    if (c < 0 || c >= static_cast<int>(index.columns().size())) continue;
    const IndexedColumn& col = index.columns()[c];
    for (const std::string& name : {col.name, col.display_zh, col.display_en}) {
      if (NameHoldsWord(name, word)) return true;
    }
  }
  return false;
}

// "歌手人数", "公司数量": the counted rows' word followed by 人数/个数/数量 is the count itself.
bool ChineseCountNoun(const std::string& run) {
  static constexpr std::string_view kCountNouns[] = {"人数", "个数", "数量", "数目", "总数"};
  return std::find(std::begin(kCountNouns), std::end(kCountNouns), run) != std::end(kCountNouns);
}

// The words of `unread` a used column's name does not hold. Chinese unknown words are one
// character each, so a Chinese run is compared whole (主办, not 主 and 办).
std::vector<std::string> NotNamedByTheQuery(const std::vector<std::string>& unread, const Query& q,
                                            const SchemaIndex& index) {
  std::string joined;
  for (const std::string& w : unread) joined += w;
  if (text::ContainsCjk(joined)) {
    if (ChineseCountNoun(joined) || PartOfAUsedColumnsName(joined, q, index)) return {};
    return unread;
  }
  std::vector<std::string> left;
  for (const std::string& w : unread) {
    if (!PartOfAUsedColumnsName(w, q, index)) left.push_back(w);
  }
  return left;
}

}  // namespace

bool IsPastParticiple(std::string_view word) {
  static constexpr std::string_view kIrregular[] = {
      "sold", "bought", "made", "written", "held", "won",  "built", "taken", "given", "run",
      "sung", "paid",   "sent", "spent",   "lost", "kept", "seen",  "done",  "shown", "grown"};
  const std::string w = text::AsciiLower(word);
  return (w.size() > 3 && EndsWith(w, "ed")) ||
         std::find(std::begin(kIrregular), std::end(kIrregular), w) != std::end(kIrregular);
}

std::optional<ShapeProblem> CountOfAnAmount(const Query& query, const std::vector<Item>& items,
                                            const SchemaIndex& index) {
  if (SaysDistinct(items)) return std::nullopt;
  for (const Measure& m : query.measures) {
    if (m.agg != Agg::kCount || !m.distinct || m.column < 0 || m.business >= 0) continue;
    if (!HoldsAmounts(index.columns()[m.column])) continue;
    const std::string& name = index.columns()[m.column].name;
    return ShapeProblem{"'" + m.phrase + "' would count the different values of " + name +
                            ", which holds amounts; ask for the total " + name +
                            " (a sum), or say 'how many different' to count its values.",
                        "“" + m.phrase + "”会统计 " + name +
                            " 有多少种不同的取值，但它存的是数量；若要合计请说“总" + name +
                            "”，若要统计取值个数请说“多少种不同的”。"};
  }
  return std::nullopt;
}

namespace {

// The numeric column a 多少/几 before its counting unit or its counted noun was read as
// (segment.cc ReadUnitOfCountColumn, ReadCountNounAfterHowMany: "白鹿原有多少集" → 集数,
// "广州有多少体育馆" → 体育馆数量), -1 when the question has no such words. 第几 asks for each
// row's ordinal value, so it is not taken.
int ColumnOfAHowManyUnit(const std::vector<Item>& items, const SchemaIndex& index) {
  for (size_t k = 0; k + 1 < items.size(); ++k) {
    const Item& how_many = items[k];
    const Item& unit = items[k + 1];
    if (how_many.kind != ItemKind::kKeyword || how_many.kw != Bit(Kw::kStop) ||
        (!how_many.text.starts_with("几") && how_many.text.find("多少") == std::string::npos) ||
        unit.kind != ItemKind::kTerm || unit.unit_begin != how_many.unit_end) {
      continue;
    }
    if (k > 0 && items[k - 1].text.ends_with("第")) continue;
    for (int id : unit.terms) {
      const Term& t = index.terms()[id];
      if (t.kind == TermKind::kColumn && IsNumeric(index.columns()[t.column].type_class)) {
        return t.column;
      }
    }
  }
  return -1;
}

// Whether the query's rows of `table` are one row named by its label or by a column whose
// every value is different ("白鹿原", a 名称), or are listed with their names beside.
bool RowsNamedOneByOne(const Query& q, int table, const SchemaIndex& index, bool chinese) {
  const int label = index.LabelColumn(table, chinese);
  if (label >= 0 &&
      std::find(q.projections.begin(), q.projections.end(), label) != q.projections.end()) {
    return true;
  }
  const std::optional<int64_t>& rows = index.tables()[table].row_count;
  return std::any_of(q.filters.begin(), q.filters.end(), [&](const Filter& f) {
    if (f.op != Op::kEq || f.values.size() != 1 || f.column < 0) return false;
    const IndexedColumn& c = index.columns()[f.column];
    return f.column == label ||
           (rows && c.stats.distinct_count && *c.stats.distinct_count == *rows);
  });
}

}  // namespace

std::optional<ShapeProblem> CountUnitValueOverSeveralRows(const Query& query,
                                                          const std::vector<Item>& items,
                                                          const SchemaIndex& index) {
  const int col = ColumnOfAHowManyUnit(items, index);
  if (col < 0 || !query.measures.empty() || !query.group_columns.empty()) return std::nullopt;
  const IndexedColumn& c = index.columns()[col];
  if (RowsNamedOneByOne(query, c.table, index, text::ContainsCjk(c.name))) return std::nullopt;
  return ShapeProblem{
      "'how many' was read as the value of " + c.name +
          " of each row, but the question does not name one row: count the rows, add up " + c.name +
          ", or list it per row? Ask for one of them.",
      "“多少/几”被读成了每行的“" + c.name + "”，但问题没有指明是哪一行：是数行数、把“" + c.name +
          "”加起来，还是逐行列出？不确定，因此不作答；请说明是哪一种。"};
}

namespace {

// A listed numeric column whose name opens with a total or count word (Total_Passengers,
// Number_of_hosts, num_shops) and that the question named with that word ("total passengers",
// "number of hosts"), -1 when none: the word is both the column's name and a total asked.
int ListedColumnSaidWithItsTotalWord(const Query& query, const std::vector<Item>& items,
                                     const SchemaIndex& index) {
  static constexpr std::string_view kTotalWords[] = {"total", "number", "num", "count", "no"};
  auto total_word = [](std::string_view w) {
    return std::find(std::begin(kTotalWords), std::end(kTotalWords), w) != std::end(kTotalWords);
  };
  for (int c : query.projections) {
    const IndexedColumn& col = index.columns()[c];
    if (!IsNumeric(col.type_class) || col.primary_key || col.foreign_key) continue;
    const std::vector<std::string>& name = col.words;  // cnt_, num_: spelled out
    if (name.size() < 2 || !total_word(name[0])) continue;
    for (const Item& it : items) {
      if (!it.used || it.kind != ItemKind::kTerm) continue;
      const bool names = std::any_of(it.terms.begin(), it.terms.end(), [&](int t) {
        return index.terms()[t].kind == TermKind::kColumn && index.terms()[t].column == c;
      });
      const std::vector<std::string> said = text::SplitIdentifier(text::AsciiLower(it.text));
      if (names && !said.empty() && total_word(said[0])) return c;
    }
  }
  return -1;
}

bool SaysEachRow(const std::vector<Item>& items) {
  return std::any_of(items.begin(), items.end(), [](const Item& it) {
    const std::string w = text::AsciiLower(it.text);
    return w == "each" || w == "every" || w == "per" || w == "respective" || w == "respectively";
  });
}

}  // namespace

std::optional<ShapeProblem> TotalColumnListedOverSeveralRows(const Query& query,
                                                             const std::vector<Item>& items,
                                                             const SchemaIndex& index) {
  if (!query.measures.empty() || !query.group_columns.empty() || SaysEachRow(items)) {
    return std::nullopt;
  }
  const int col = ListedColumnSaidWithItsTotalWord(query, items, index);
  if (col < 0) return std::nullopt;
  const IndexedColumn& c = index.columns()[col];
  if (RowsNamedOneByOne(query, c.table, index, false)) return std::nullopt;
  const std::string& rows = index.tables()[c.table].name;
  return ShapeProblem{"'" + c.name + "' was listed for every " + rows +
                          " row, but the question names no one row: each one's value, or "
                          "their sum? Ask for 'the sum of " +
                          c.name + "' or for '" + c.name + " of each " + rows + "'.",
                      "“" + c.name + "”被逐行列出（" + rows +
                          "），但问题没有指明是哪一行：是每行各自的值，还是它们的总和？"};
}

std::optional<ShapeProblem> CountWithAnUnreadParticiple(const Query& query,
                                                        const std::vector<Item>& items,
                                                        const SchemaIndex& index) {
  for (const Measure& m : query.measures) {
    if (m.agg != Agg::kCount || m.table < 0 || m.business >= 0) continue;
    if (m.column >= 0 && !index.columns()[m.column].primary_key) continue;
    for (size_t k = 0; k + 1 < items.size(); ++k) {
      const Item& rows = items[k];
      const Item& verb = items[k + 1];
      if (rows.kind != ItemKind::kTerm || verb.used || verb.kind != ItemKind::kUnknown) continue;
      const bool names_the_rows = std::any_of(rows.terms.begin(), rows.terms.end(), [&](int id) {
        const Term& t = index.terms()[id];
        return t.kind == TermKind::kTable && t.table == m.table;
      });
      if (!names_the_rows || !IsPastParticiple(verb.text) || !EndsAClause(items, k + 1)) continue;
      if (NotNamedByTheQuery({verb.text}, query, index).empty()) continue;
      const std::string phrase = rows.text + " " + verb.text;
      return ShapeProblem{
          "'" + phrase + "' says which " + rows.text + " to count (those '" + verb.text +
              "'), but I could not read '" + verb.text +
              "', so the count would include every row; say it with a column or a value the "
              "data holds.",
          "“" + phrase + "”说明要统计哪些" + rows.text + "，但我没能理解“" + verb.text +
              "”，计数会包含所有行；请用数据中的列名或取值来表达。"};
    }
  }
  return std::nullopt;
}

namespace {

// Whether the answer shows an amount: a measure other than a count, a business measure, or a
// listed numeric column that is no key (an invoice's id is no price).
bool ShowsAnAmount(const Query& query, const SchemaIndex& index) {
  for (const Measure& m : query.measures) {
    if (m.agg != Agg::kCount || m.business >= 0) return true;
  }
  return std::any_of(query.projections.begin(), query.projections.end(), [&](int col) {
    const IndexedColumn& c = index.columns()[col];
    return IsNumeric(c.type_class) && !c.primary_key && !c.foreign_key &&
           c.role != ColumnRole::kIdentifier;
  });
}

}  // namespace

std::optional<ShapeProblem> MoneyAskedAndNotAnswered(const Query& query,
                                                     const std::vector<Item>& items,
                                                     const SchemaIndex& index) {
  static constexpr std::string_view kMoneyQuestions[] = {"多少钱", "几块钱", "多少元"};
  for (const Item& it : items) {
    if (std::find(std::begin(kMoneyQuestions), std::end(kMoneyQuestions), it.text) ==
        std::end(kMoneyQuestions)) {
      continue;
    }
    if (ShowsAnAmount(query, index)) return std::nullopt;
    return ShapeProblem{"the question asks how much money ('" + it.text +
                            "'), but my reading shows no amount (only counts or names), so the "
                            "answer would leave it out; name the amount's column (total, price).",
                        "问题问了“" + it.text +
                            "”，但我读出的答案里没有金额（只有计数或名称），会漏掉它，因此不作答；"
                            "请写明金额对应的列（如总金额、单价）。"};
  }
  return std::nullopt;
}

std::optional<ShapeProblem> UnreadRateWord(const std::vector<Item>& items) {
  for (const Item& it : items) {
    if (it.used || it.kind != ItemKind::kUnknown) continue;
    const std::string w = text::AsciiLower(it.text);
    const bool rate =
        w.ends_with("率") || w == "rate" || w == "rates" || w == "ratio" || w == "ratios";
    if (!rate) continue;
    return ShapeProblem{"'" + it.text +
                            "' asks for a rate (one number divided by another), which I could "
                            "not read from the data; the answer would show one of its numbers "
                            "under its name. Define it as a business term, or ask for the two "
                            "numbers.",
                        "“" + it.text +
                            "”问的是一个比率（一个数除以另一个数），我没能从数据中读出它，"
                            "答案只会显示其中一个数；请把它定义为业务术语，或分别问这两个数。"};
  }
  return std::nullopt;
}

std::optional<ShapeProblem> CountWordInACompoundNoun(const Query& query,
                                                     const std::vector<Item>& items) {
  const bool counts = std::any_of(query.measures.begin(), query.measures.end(),
                                  [](const Measure& m) { return m.agg == Agg::kCount; });
  if (!counts) return std::nullopt;
  for (size_t k = 1; k < items.size(); ++k) {
    if (!IsNumberWord(items[k]) || !NounBeforeNumber(items[k - 1])) continue;
    const std::string phrase = items[k - 1].text + " number";
    return ShapeProblem{
        "'" + phrase +
            "' reads as a value of each row (like a phone number), not as a count, and I found "
            "no column for it; use the column's name.",
        "“" + phrase + "”像是每行的一个编号或数值，而不是计数，我没有找到对应的列；请使用列名。"};
  }
  return std::nullopt;
}

std::optional<ShapeProblem> CountWordAfterItsTable(const Query& query,
                                                   const std::vector<Item>& items,
                                                   const SchemaIndex& index) {
  for (const Measure& m : query.measures) {
    if (m.agg != Agg::kCount || m.column >= 0 || m.table < 0) continue;
    for (size_t k = 1; k < items.size(); ++k) {
      const Item& before = items[k - 1];
      if (!IsNumberWord(items[k]) || before.kind != ItemKind::kTerm) continue;
      const bool names_table = std::any_of(before.terms.begin(), before.terms.end(), [&](int t) {
        return index.terms()[t].kind == TermKind::kTable && index.terms()[t].table == m.table;
      });
      if (!names_table) continue;
      const std::string phrase = before.text + " number";
      return ShapeProblem{
          "'" + phrase +
              "' reads as a value of each row (like a room number), not as a "
              "count, and I found no column for it; use the column's name.",
          "“" + phrase + "”像是每行的一个编号或数值，而不是计数，我没有找到对应的列；请使用列名。"};
    }
  }
  return std::nullopt;
}

std::optional<ShapeProblem> CountBesideItsOwnAggregate(const Query& query,
                                                       const SchemaIndex& index) {
  for (const Measure& count : query.measures) {
    if (count.agg != Agg::kCount || count.column < 0 || count.business >= 0) continue;
    const IndexedColumn& c = index.columns()[count.column];
    if (!IsNumeric(c.type_class)) continue;
    const bool aggregated =
        std::any_of(query.measures.begin(), query.measures.end(), [&](const Measure& m) {
          return m.column == count.column && m.agg != Agg::kCount && m.agg != Agg::kNone;
        });
    if (!aggregated) continue;
    return ShapeProblem{
        "'" + count.phrase + "' is read as a count of " + c.name + " beside another value of it; " +
            c.name +
            " already holds a number, so the count is probably its name: ask for one "
            "value of it.",
        "“" + count.phrase + "”被读成了对 " + c.name + " 的计数，同时又对它求了另一个值；" +
            c.name + " 本身就是数值，计数可能只是它的名称：请只问它的一个值。"};
  }
  return std::nullopt;
}

std::optional<ShapeProblem> CountWithAnUnreadPredicate(const Query& query,
                                                       const std::vector<Item>& items,
                                                       const SchemaIndex& index) {
  const bool counts_rows = std::any_of(
      query.measures.begin(), query.measures.end(),
      [](const Measure& m) { return m.agg == Agg::kCount && m.column < 0 && m.business < 0; });
  if (!counts_rows) return std::nullopt;
  static constexpr std::string_view kCopulas[] = {"are", "is", "were", "was"};
  for (size_t k = 1; k < items.size(); ++k) {
    if (items[k - 1].kind != ItemKind::kTerm) continue;
    // After the rows' word, past a copula ("tracks are video files"), or a verb with its
    // object ("departments offer degrees").
    const std::string w = text::AsciiLower(items[k].text);
    const bool copula =
        std::find(std::begin(kCopulas), std::end(kCopulas), w) != std::end(kCopulas);
    const size_t from = copula ? k + 1 : k;
    // The words right after it, unknown to the data; a participle ("are owned by") is a
    // passive whose meaning the words after it carry.
    std::vector<std::string> run;
    for (size_t j = from; j < items.size() && items[j].kind == ItemKind::kUnknown &&
                          !items[j].used && !Participle(items[j].text);
         ++j) {
      run.push_back(items[j].text);
    }
    if (run.size() < (copula ? 1u : 2u)) continue;
    const std::vector<std::string> left = NotNamedByTheQuery(run, query, index);
    if (left.size() < (copula ? 1u : 2u)) continue;
    const char* space = text::ContainsCjk(left.front()) ? "" : " ";
    std::string unread;
    for (const std::string& w : left) unread += (unread.empty() ? "" : space) + w;
    return ShapeProblem{
        "'" + unread +
            "' says which rows to count, but I could not read it, so the count "
            "would include every row; say it with a column or a value the data "
            "holds.",
        "“" + unread +
            "”说明要统计哪些行，但我没能理解，计数会包含所有行；请用数据中的列名或取值来表达。"};
  }
  return std::nullopt;
}

namespace {

// "countries that are retired in Asia", "films that were cancelled in 2010": after a copula, a
// participle completed by a place or a time is a verb the data may hold ("are spoken in Aruba",
// "were born in 1948") or a condition it does not ("retired", "cancelled"); only verbs that
// say where or when rows are, were made or take place leave the rows as they are. A passive's
// "by" names the agent, which a join reads.
bool NarrowsBeforeAPlace(const std::vector<Item>& items, const std::vector<std::string>& run,
                         size_t end) {
  static constexpr std::string_view kWhereVerbs[] = {
      "spoken",    "situated", "found",        "born",  "played",        "used",       "produced",
      "hosted",    "taught",   "offered",      "built", "headquartered", "registered", "performed",
      "staged",    "filmed",   "manufactured", "grown", "sung",          "written",    "shown",
      "broadcast", "given",    "taken",        "run",   "enrolled",      "employed"};
  static constexpr std::string_view kPlaces[] = {"in", "at", "on", "during", "from"};
  const std::string w = text::AsciiLower(run.front());
  if (run.size() != 1 || end >= items.size() || !IsPastParticiple(w)) return false;
  const std::string next = text::AsciiLower(items[end].text);
  return std::find(std::begin(kPlaces), std::end(kPlaces), next) != std::end(kPlaces) &&
         std::find(std::begin(kWhereVerbs), std::end(kWhereVerbs), w) == std::end(kWhereVerbs);
}

// Whether the unknown words `run` after the link word items[link] (ending before items[end])
// say which rows are meant: "are retired", "with tattoos", "from the south in Asia".
bool SaysWhichRows(const std::vector<Item>& items, size_t link, const std::vector<std::string>& run,
                   size_t end) {
  if (run.empty()) return false;
  const std::string first = text::AsciiLower(run.front());
  static constexpr std::string_view kAdverbs[] = {"either", "neither", "both",  "also",
                                                  "only",   "just",    "still", "all"};
  if (std::find(std::begin(kAdverbs), std::end(kAdverbs), first) != std::end(kAdverbs)) {
    return false;  // "whose birth year is either 1948 or 1949"
  }
  // "are owned by students": a passive whose meaning the words after it carry. Words that
  // reach nothing placed end the predicate too ("that are retired ordered by age"), but a
  // verb that only says the rows were made or took place narrows nothing ("were placed in
  // 1997"). After a having word or a place the run is a noun ("with a license", "from the
  // south"): a phrase after it is a condition of its own ("from the south in Asia"); after a
  // copula it may be a verb that the phrase completes ("are spoken in Aruba").
  static constexpr std::string_view kCopulas[] = {"are", "is", "were", "was"};
  const std::string word = text::AsciiLower(items[link].text);
  const bool noun = std::find(std::begin(kCopulas), std::end(kCopulas), word) == std::end(kCopulas);
  const bool reaches =
      noun ? end < items.size() && items[end].used && items[end].kind == ItemKind::kTerm
           : ReachesAPlacedWord(items, end);
  if (IsNeutralVerb(run.front())) return false;
  if (!noun && reaches && !EndsAClause(items, end - 1)) return NarrowsBeforeAPlace(items, run, end);
  if (!(EndsAClause(items, end - 1) || !reaches)) return false;
  // "the orchestras they have conducted": a verb's tense, not something the rows have.
  const bool have = word.starts_with("ha");  // have, has, had, having
  return !(have && IsPastParticiple(run.front()));
}

}  // namespace

std::optional<ShapeProblem> UnreadPredicateOfTheRows(const Query& query,
                                                     const std::vector<Item>& items,
                                                     const SchemaIndex& index) {
  // A copula ("are retired"), a having word ("with tattoos", "have sponsors") or a place
  // ("from the south").
  static constexpr std::string_view kLinks[] = {"are", "is",  "were",   "was",     "with", "have",
                                                "has", "had", "having", "without", "from"};
  static constexpr std::string_view kDeterminers[] = {"a",     "an",  "any", "the",
                                                      "their", "its", "his", "her"};
  auto latin_word = [](const Item& it) {
    return it.kind == ItemKind::kUnknown && !it.used && it.text.size() >= 3 &&
           std::all_of(it.text.begin(), it.text.end(),
                       [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); });
  };
  auto is_one_of = [](const Item& it, const auto& words) {
    const std::string w = text::AsciiLower(it.text);
    return std::find(std::begin(words), std::end(words), w) != std::end(words);
  };
  // Only beside words the reading placed (a list of bare words says nothing of what was read).
  if (std::none_of(items.begin(), items.end(), [](const Item& it) { return it.used; })) {
    return std::nullopt;
  }
  for (size_t k = 1; k + 1 < items.size(); ++k) {
    if (!is_one_of(items[k], kLinks)) continue;
    size_t j = k + 1;
    while (j < items.size() && is_one_of(items[j], kDeterminers)) ++j;
    std::vector<std::string> run;
    for (; j < items.size() && latin_word(items[j]); ++j) run.push_back(items[j].text);
    if (!SaysWhichRows(items, k, run, j)) continue;
    const std::vector<std::string> left = NotNamedByTheQuery(run, query, index);
    if (left.empty()) continue;
    std::string unread;
    for (const std::string& word : left) unread += (unread.empty() ? "" : " ") + word;
    return ShapeProblem{"'" + items[k].text + " " + unread +
                            "' says which rows are meant, but I could not read '" + unread +
                            "', so the answer would be about every row; say it with a column "
                            "or a value the data holds.",
                        "“" + items[k].text + " " + unread + "”说明是哪些行，但我没能理解“" +
                            unread + "”，答案会包括所有行；请用数据中的列名或取值来表达。"};
  }
  return std::nullopt;
}

}  // namespace askdb::nlq
