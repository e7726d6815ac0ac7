#include "askdb/nlq/chinese_reading_check.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <string>
#include <string_view>
#include <utility>

#include "askdb/common/text.h"
#include "askdb/nlq/measure_additivity.h"
#include "askdb/nlq/measure_units.h"
#include "askdb/nlq/order_count_check.h"
#include "askdb/nlq/schema_index.h"
#include "askdb/nlq/tokenizer.h"
#include "askdb/nlq/unit_numbers.h"

namespace askdb::nlq {
namespace {

// Words that ask for a total over the rows: a list of them row by row, or a total that may
// or may not run over a second grouping, is another answer.
constexpr std::string_view kTotalWords[] = {"加起来", "一共", "总共", "合计",
                                            "总计",   "总和", "累计"};

bool IsNumericCol(const IndexedColumn& c) { return IsNumeric(c.type_class); }

bool Unplaced(const Item& it) { return !it.used && it.kind == ItemKind::kUnknown; }

std::string FirstChar(const std::string& s) {
  size_t n = s.empty() ? 0 : 1;
  while (n < s.size() && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80) ++n;
  return s.substr(0, n);
}

std::string LastChar(const std::string& s) {
  size_t n = s.size();
  while (n > 0 && (static_cast<unsigned char>(s[n - 1]) & 0xC0) == 0x80) --n;
  return s.substr(n == 0 ? 0 : n - 1);
}

// The character after item `i`, when the next item is a word (not punctuation).
std::string NextChar(const std::vector<Item>& items, size_t i) {
  if (i + 1 >= items.size() || items[i + 1].kind == ItemKind::kPunct) return "";
  return FirstChar(items[i + 1].text);
}

std::string QuestionText(const std::vector<Item>& items) {
  std::string all;
  for (const Item& it : items) all += it.text;
  return all;
}

// The first total word the question says, or "".
std::string TotalWord(const std::vector<Item>& items) {
  const std::string all = QuestionText(items);
  for (std::string_view w : kTotalWords) {
    if (all.find(w) != std::string::npos) return std::string(w);
  }
  return "";
}

// "最早入职的员工" with 最早 unread lists every employee; "没有卖出过的歌曲" with 没 unread
// counts every song.
std::optional<ShapeProblem> UnappliedSuperlativeOrNegation(const std::vector<Item>& items) {
  static constexpr std::string_view kNegations[] = {"没", "不", "未", "无"};
  for (size_t i = 0; i < items.size(); ++i) {
    const Item& it = items[i];
    if (!Unplaced(it)) continue;
    const std::string word = it.text + NextChar(items, i);
    if (it.text == "最") {
      return ShapeProblem{
          "I could not apply '" + word +
              "' (a superlative): the answer would show other rows; name the column to rank by.",
          "没能应用“" + word +
              "”（最高/最低/最早之类的排名），答案会是别的行，因此不作答；"
              "请写明按哪一列排名。"};
    }
    if (std::find(std::begin(kNegations), std::end(kNegations), it.text) != std::end(kNegations)) {
      return ShapeProblem{
          "I could not apply the negation '" + word +
              "': the answer would include the rows it excludes; ask with a column and a value.",
          "没能应用否定词“" + word +
              "”，答案会把它排除的行也算进去，因此不作答；"
              "请用列名和取值来说。"};
    }
  }
  return std::nullopt;
}

// "小肥羊一年营收多少" (年 unread: the total of all years), "多少天" (a duration the engine does
// not compute), "2015年以来" (以来 unread: the year 2015 alone): a period word or a period's
// boundary left unread changes which rows are counted. A unit right after a number is the
// number's ("2019年", "3年"): the number check names it when it is left over; 近 ("近3天") is a
// period only with its number (宏村附近 is "near").
std::optional<ShapeProblem> UnreadPeriodWord(const std::vector<Item>& items, const Query& q) {
  constexpr KwSet kPeriodWords =
      Bit(Kw::kDayUnit) | Bit(Kw::kMonthUnit) | Bit(Kw::kYearUnit) | Bit(Kw::kQuarterUnit) |
      Bit(Kw::kThisYear) | Bit(Kw::kLastYear) | Bit(Kw::kThisMonth) | Bit(Kw::kLastMonth) |
      Bit(Kw::kThisQuarter) | Bit(Kw::kLastQuarter) | Bit(Kw::kYearBucket) |
      Bit(Kw::kQuarterBucket) | Bit(Kw::kMonthBucket) | Bit(Kw::kWeekBucket) | Bit(Kw::kDayBucket);
  // 早于/晚于/以后/之前...: "开业时间早于2008年的酒店" was the year 2008 itself at 0.77.
  static constexpr std::string_view kBoundaries[] = {
      "以来", "至今", "为止", "截至", "截止", "起", "早于", "晚于", "以后", "之后", "以前", "之前"};
  auto problem = [](const std::string& word) {
    return ShapeProblem{"I could not apply the period word '" + word +
                            "': the answer would be over another period; name the dates.",
                        "没能应用表示时间的“" + word +
                            "”，答案会是别的时间范围，因此不作答；请写明起止日期或年份。"};
  };
  std::vector<std::string> runs{""};  // the runs of unplaced characters
  for (size_t i = 0; i < items.size(); ++i) {
    const Item& it = items[i];
    const bool after_number = i > 0 && items[i - 1].kind == ItemKind::kNumber;
    if (!it.used && it.kind == ItemKind::kKeyword && (it.kw & kPeriodWords) && !it.Has(Kw::kStop) &&
        !after_number) {
      return problem(it.text);
    }
    // 以 of 以来 is a function word, not an unknown one: any unused word joins the run.
    if (!it.used && it.kind != ItemKind::kPunct && it.kind != ItemKind::kNumber) {
      runs.back() += it.text;
    } else if (!runs.back().empty()) {
      runs.emplace_back();
    }
  }
  for (const std::string& run : runs) {
    for (std::string_view b : kBoundaries) {
      // 起 of 加起来/看起来 is no boundary.
      const bool qi_lai = b == "起" && run.find("起来") != std::string::npos;
      if (q.time && !qi_lai && run.find(b) != std::string::npos) return problem(std::string(b));
    }
  }
  return std::nullopt;
}

// "读者出版传媒股份有限公司主办了几本期刊，只算国外的" answered the count of all at 0.72: a
// restriction word (只算, 不含, 除了...) left unread says rows the answer does not leave out.
std::optional<ShapeProblem> UnreadRestriction(const std::vector<Item>& items) {
  static constexpr std::string_view kRestrictions[] = {"只算", "只看", "只统计", "只计算", "只要",
                                                       "仅限", "仅算", "不算",   "不含",   "不包括",
                                                       "除了", "除去", "排除",   "除外"};
  std::string run;  // the unplaced characters, runs joined at punctuation and numbers
  for (const Item& it : items) {
    run += !it.used && it.kind != ItemKind::kPunct && it.kind != ItemKind::kNumber ? it.text : "|";
  }
  for (std::string_view r : kRestrictions) {
    if (run.find(r) == std::string::npos) continue;
    return ShapeProblem{"I could not apply the restriction '" + std::string(r) +
                            "': the answer would include the rows it leaves out; say it with a "
                            "column and its value.",
                        "没能应用限定词“" + std::string(r) +
                            "”，答案会把它排除的行也算进去，因此不作答；请用列名和取值来说。"};
  }
  return std::nullopt;
}

bool IsLatinName(const std::string& text) {
  bool letter = false;
  for (char c : text) {
    const bool alpha = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    if (!alpha && !(c >= '0' && c <= '9')) return false;
    letter |= alpha;
  }
  return letter && text.size() >= 2;
}

// "AC/DC出过哪些专辑": a Latin-letter word in a Chinese question is a name; unread, the data
// does not hold it as written and the condition would be dropped.
std::optional<ShapeProblem> LatinNameNotFound(const std::vector<Item>& items) {
  for (const Item& it : items) {
    if (!Unplaced(it) || !IsLatinName(it.text)) continue;
    return ShapeProblem{"'" + it.text +
                            "' looks like a name, but the data does not hold it as written, so "
                            "I did not answer; check the spelling or name its column.",
                        "数据中没有找到“" + it.text +
                            "”，它像是一个要筛选的名称，因此不作答；请检查拼写或写出它所在的列。"};
  }
  return std::nullopt;
}

std::set<int> ColumnsRead(const Query& q, int time_column) {
  std::set<int> cols(q.group_columns.begin(), q.group_columns.end());
  cols.insert(q.group_keys.begin(), q.group_keys.end());
  cols.insert(q.projections.begin(), q.projections.end());
  for (const Measure& m : q.measures) cols.insert(m.column);
  for (const Filter& f : q.filters) cols.insert(f.column);
  cols.insert(q.order_column);
  cols.insert(time_column);
  return cols;
}

// The question's characters, one per entry, and the entry where each item starts; punctuation
// is an empty entry, so no run crosses it.
struct Characters {
  std::vector<std::string> chars;
  std::vector<size_t> item_start;
};

Characters SplitCharacters(const std::vector<Item>& items) {
  Characters out;
  for (const Item& it : items) {
    out.item_start.push_back(out.chars.size());
    if (it.kind == ItemKind::kPunct) {
      out.chars.emplace_back();
      continue;
    }
    for (size_t b = 0; b < it.text.size();) {
      const std::string c = FirstChar(it.text.substr(b));
      out.chars.push_back(c);
      b += c.size();
    }
  }
  return out;
}

// The longest run of the question's characters through character `pos` that `name` holds:
// its characters, or empty when not even two.
std::vector<std::string> LongestRunIn(const std::vector<std::string>& chars, size_t pos,
                                      const std::string& name) {
  std::vector<std::string> best;
  for (size_t b = pos + 1; b-- > 0 && !chars[b].empty();) {
    std::string run;
    for (size_t e = b; e < chars.size() && !chars[e].empty(); ++e) {
      run += chars[e];
      if (name.find(run) == std::string::npos) break;
      if (e >= pos && e - b + 1 >= 2 && e - b + 1 > best.size()) {
        best.assign(chars.begin() + long(b), chars.begin() + long(e) + 1);
      }
    }
  }
  return best;
}

// "深圳马拉松总共多少人报名" counted the marathons: 报 is unread, and 报名 is part of the name
// of 报名人数, a column the query does not read. An unplaced Chinese character whose run in the
// question is part of the name of a column (not a key) or table the query leaves out — longer
// than any run the names it reads hold (美国籍: 国籍 is also the name of the column it filters)
// — names something the answer is missing.
std::optional<ShapeProblem> PartOfAnUnreadName(const std::vector<Item>& items, const Query& q,
                                               const SchemaIndex& index,
                                               const std::vector<int>& query_tables,
                                               int time_column) {
  const std::set<int> read = ColumnsRead(q, time_column);
  const Characters text = SplitCharacters(items);
  for (size_t i = 0; i < items.size(); ++i) {
    if (!Unplaced(items[i]) || !text::ContainsCjk(items[i].text)) continue;
    const size_t pos = text.item_start[i];
    size_t read_run = 0;
    std::vector<std::string> unread_run;
    std::string unread_name;
    auto consider = [&](const std::string& name, const std::string& display, bool is_read) {
      std::vector<std::string> run = LongestRunIn(text.chars, pos, name);
      if (std::vector<std::string> d = LongestRunIn(text.chars, pos, display);
          d.size() > run.size()) {
        run = std::move(d);
      }
      if (is_read) {
        read_run = std::max(read_run, run.size());
      } else if (run.size() > unread_run.size()) {
        unread_run = std::move(run);
        unread_name = name;
      }
    };
    for (size_t c = 0; c < index.columns().size(); ++c) {
      const IndexedColumn& col = index.columns()[c];
      if (col.primary_key || col.foreign_key) continue;
      consider(col.name, col.display_zh, read.count(static_cast<int>(c)) > 0);
    }
    for (size_t t = 0; t < index.tables().size(); ++t) {
      const IndexedTable& table = index.tables()[t];
      consider(table.name, table.display_zh,
               std::find(query_tables.begin(), query_tables.end(), static_cast<int>(t)) !=
                   query_tables.end());
    }
    if (unread_run.size() < 2 || unread_run.size() <= read_run) continue;
    std::string word;
    for (const std::string& c : unread_run) word += c;
    return ShapeProblem{
        "'" + word + "' is part of the name of " + unread_name +
            ", which my reading did not use, so the answer could be about something else; "
            "rephrase with the column's name.",
        "问题里的“" + word + "”是“" + unread_name +
            "”名称的一部分，但没能用到查询里，答案可能答非所问，因此不作答；请用完整的列名来问。"};
  }
  return std::nullopt;
}

bool JoinsAList(const Item& it) {
  return (it.kind == ItemKind::kKeyword && (it.Has(Kw::kAnd) || it.Has(Kw::kConj))) ||
         it.text == "、" || it.text == "和" || it.text == "及" || it.text == "与";
}

// The unplaced characters from item `i` on (step +1) or back (step -1), in question order.
std::string UnplacedRun(const std::vector<Item>& items, size_t i, int step) {
  std::string run;
  for (long k = long(i); k >= 0 && k < long(items.size()) && Unplaced(items[size_t(k)]) &&
                         text::ContainsCjk(items[size_t(k)].text);
       k += step) {
    run = step > 0 ? run + items[size_t(k)].text : items[size_t(k)].text + run;
  }
  return run;
}

// Whether rows of another table with a date of their own refer to `table`, directly or through
// an undated table (order lines): an event of theirs (a sale) may be what a period dates.
bool AnotherTableDatesItsRows(int table, const SchemaIndex& index) {
  for (const JoinEdge& e : index.edges()) {
    if (e.to_table != table || e.from_table == table) continue;
    if (index.TimeColumn(e.from_table) >= 0) return true;
    for (const JoinEdge& up : index.edges()) {
      if (up.from_table == e.from_table && up.to_table != table &&
          index.TimeColumn(up.to_table) >= 0) {
        return true;
      }
    }
  }
  return false;
}

// Whether `words` and the phrase key `key` hold the same two characters in a row (注册 in 新注册
// and 注册日期).
bool SharesTwoCharacters(const std::string& words, std::string_view key) {
  for (size_t at = 0; at < words.size(); at += FirstChar(words.substr(at)).size()) {
    const std::string one = FirstChar(words.substr(at));
    const std::string two = one + FirstChar(words.substr(at + one.size()));
    if (two.size() > one.size() && KeyContainsUnits(key, PhraseKey(two))) return true;
  }
  return false;
}

// (新)注册 of 注册日期, 上架 of 上架日期: the verb is said in one of the date column's names.
bool VerbNamesTheDate(const std::string& verb, int time_column, const SchemaIndex& index) {
  if (SharesTwoCharacters(verb, PhraseKey(index.columns()[time_column].display_zh))) return true;
  for (size_t t = 0; t < index.terms().size(); ++t) {
    if (index.terms()[t].kind == TermKind::kColumn && index.terms()[t].column == time_column &&
        SharesTwoCharacters(verb, index.term_key(static_cast<int>(t)))) {
      return true;
    }
  }
  return false;
}

// "2025年12月卖出了多少种商品" filtered the products' launch date: the period was put on the
// counted table's own date, which no word named, while an unread verb right after the period
// (卖出) says what happened in it — maybe an event of another table that dates these rows (an
// order). The verb is named instead of guessing whose date it is.
std::optional<ShapeProblem> PeriodOfAnUnreadEvent(const std::vector<Item>& items, const Query& q,
                                                  const SchemaIndex& index, int time_column) {
  constexpr KwSet kPeriodUnits = Bit(Kw::kDayUnit) | Bit(Kw::kMonthUnit) | Bit(Kw::kYearUnit) |
                                 Bit(Kw::kQuarterUnit) | Bit(Kw::kThisYear) | Bit(Kw::kLastYear) |
                                 Bit(Kw::kThisMonth) | Bit(Kw::kLastMonth) | Bit(Kw::kThisQuarter) |
                                 Bit(Kw::kLastQuarter);
  if (!q.time || time_column < 0) return std::nullopt;
  for (const Item& it : items) {
    for (int t : it.terms) {
      if (index.terms()[t].column == time_column) return std::nullopt;  // the date was named
    }
  }
  const IndexedColumn& date = index.columns()[time_column];
  if (!AnotherTableDatesItsRows(date.table, index)) return std::nullopt;
  for (size_t i = 0; i + 1 < items.size(); ++i) {
    if (!items[i].used || !(items[i].kw & kPeriodUnits) || !Unplaced(items[i + 1])) continue;
    const std::string verb = UnplacedRun(items, i + 1, 1);
    if (verb.empty() || VerbNamesTheDate(verb, time_column, index)) continue;
    return ShapeProblem{"'" + verb + "' says what happened in the period, but I filtered " +
                            date.name + " (the rows' own date); say which date the period is on.",
                        "“" + verb + "”说的是这段时间里发生的事，我却按“" + date.name +
                            "”（这些行自己的日期）筛选了，答案可能是别的事情的时间，因此不作答；"
                            "请写明按哪个日期。"};
  }
  return std::nullopt;
}

// An amount a group's rows add up to: money or a quantity, said by the column or the question.
bool NamesAnAmount(const Measure& m, const IndexedColumn& c) {
  if (IsNonAdditive(c)) return false;
  for (std::string_view name : {std::string_view(c.name), std::string_view(c.display_zh),
                                std::string_view(m.column_phrase)}) {
    if (measures::NamesMoney(name) || measures::NamesQuantity(name)) return true;
  }
  return false;
}

// Whether a table holds an amount of its own (an order's total): its rows are events or documents
// whose own date is what a period dates; a table without one (customers, products) is things.
bool HoldsAnAmount(int table, const SchemaIndex& index) {
  const Measure none;
  return std::any_of(index.columns().begin(), index.columns().end(), [&](const IndexedColumn& c) {
    return c.table == table && IsNumeric(c.type_class) && NamesAnAmount(none, c);
  });
}

int TableNamed(const Item& it, const SchemaIndex& index);

// A table as a Chinese message names it: its Chinese name from the semantic model, else its own.
const std::string& ChineseTableName(const IndexedTable& t) {
  return t.display_zh.empty() ? t.name : t.display_zh;
}

// "2008年以后开业的酒店分别属于哪个集团" listed the groups alone at 0.72 (分别 is a stop word):
// 分别 (respectively) asks one answer for each of the rows named before it; when the answer shows
// none of those rows (no column of theirs listed or grouped) it abstains. After a list of values
// grouped one row each ("摇滚和爵士的曲目分别有几首", ReadRespectiveValues) it asks for the values.
std::optional<ShapeProblem> RespectivelyOfRowsNotShown(const std::vector<Item>& items,
                                                       const Query& q, const SchemaIndex& index) {
  const bool values_grouped = std::any_of(q.filters.begin(), q.filters.end(), [&](const Filter& f) {
    return f.values.size() >= 2 && std::find(q.group_columns.begin(), q.group_columns.end(),
                                             f.column) != q.group_columns.end();
  });
  for (size_t i = 0; i < items.size() && !values_grouped; ++i) {
    if (!items[i].text.starts_with("分别")) continue;
    int table = -1;
    for (size_t k = i; k-- > 0 && table < 0;) table = TableNamed(items[k], index);
    if (table < 0) return std::nullopt;
    auto of_table = [&](int c) { return index.columns()[c].table == table; };
    if (std::any_of(q.projections.begin(), q.projections.end(), of_table) ||
        std::any_of(q.group_columns.begin(), q.group_columns.end(), of_table) ||
        std::any_of(q.group_keys.begin(), q.group_keys.end(), of_table)) {
      return std::nullopt;
    }
    const std::string& rows = ChineseTableName(index.tables()[table]);
    return ShapeProblem{"'" + items[i].text + "' asks for an answer for each " + rows +
                            ", but my answer does not show them; ask for them by name.",
                        "“" + items[i].text + "”要的是每个" + rows +
                            "各自的答案，但我的答案里没有列出" + rows +
                            "，因此不作答；请写明要列出" + rows + "。"};
  }
  return std::nullopt;
}

// "2024年的客户数" counted the customers who signed up in 2024: a period on the counted things'
// own date, which no word named, while rows of another dated table refer to them (orders) — the
// customers who came then, or who bought then? The count abstains naming the date it took.
std::optional<ShapeProblem> PeriodOfCountedRowsUnnamed(const std::vector<Item>& items,
                                                       const Query& q, const SchemaIndex& index,
                                                       int time_column) {
  if (!q.time || time_column < 0 || q.measures.size() != 1 || !q.group_columns.empty() ||
      q.bucket) {
    return std::nullopt;
  }
  const Measure& m = q.measures.front();
  const IndexedColumn& date = index.columns()[time_column];
  if (m.agg != Agg::kCount || m.column >= 0 || m.table != date.table) return std::nullopt;
  for (const Item& it : items) {
    for (int t : it.terms) {
      if (index.terms()[t].column == time_column) return std::nullopt;  // the date was named
    }
  }
  if (!AnotherTableDatesItsRows(date.table, index) || HoldsAnAmount(date.table, index)) {
    return std::nullopt;
  }
  std::string said;  // 注册 of 注册日期, 出生 of 出生于1979年: the date said by its verb
  for (const Item& it : items) {
    if (TableNamed(it, index) < 0) said += it.text;
  }
  if (VerbNamesTheDate(said, time_column, index) ||
      SharesTwoCharacters(said, PhraseKey(date.name))) {
    return std::nullopt;
  }
  const std::string name = date.display_zh.empty() ? date.name : date.display_zh;
  return ShapeProblem{
      "the period was put on " + name +
          " (the counted rows' own date); another table's events (e.g. orders) "
          "may be meant: say which date (e.g. '" +
          name + "在…').",
      "时间段被放在了“" + name +
          "”（所数的行自己的日期）上，问的也可能是别的表里的事情发生的时间（如下单），"
          "因此不作答；请写明按哪个日期，如“" +
          name + "在…的”。"};
}

// "列出歌手的姓名和出生地" with 出生地 unknown lists the names only: an unplaced word joined by
// 和/及/与/、 to a placed one is something else the question asks to be shown or filtered.
std::optional<ShapeProblem> ListedBesidePlacedWord(const std::vector<Item>& items) {
  auto placed = [](const Item& it) { return it.used && it.kind == ItemKind::kTerm; };
  for (size_t i = 1; i + 1 < items.size(); ++i) {
    if (!JoinsAList(items[i])) continue;
    std::string word;
    if (placed(items[i - 1])) word = UnplacedRun(items, i + 1, +1);
    if (word.empty() && placed(items[i + 1])) word = UnplacedRun(items, i - 1, -1);
    if (word.empty()) continue;
    return ShapeProblem{"the question also asks for '" + word +
                            "', which I could not find in the data, so the answer would leave "
                            "it out; use the column's name or ask without it.",
                        "问题要求同时列出“" + word +
                            "”，但数据中没有找到它对应的列，答案会漏掉它，因此不作答；"
                            "请用列名来问，或去掉它。"};
  }
  return std::nullopt;
}

// Whether `it` may end a question after what it asks for: punctuation, a function word
// (是, 呢, 有哪些), a which-word (是哪个) or a row unit (个).
bool EndsAQuestion(const Item& it) {
  if (it.kind == ItemKind::kPunct) return true;
  return !it.used && it.kind == ItemKind::kKeyword &&
         (it.Has(Kw::kStop) || it.Has(Kw::kWhich) || it.Has(Kw::kRowUnit));
}

// "明星中薪酬最高的是谁" answered MAX(薪酬) at 0.77, "各国家消费最多的是谁" each country's
// MAX(Total) at 0.75: 谁 asks for someone, and an unread 谁 with no row listed or ranked (only
// totals, maybe per group: a country is no one) leaves the answer without anyone.
std::optional<ShapeProblem> WhoAskedNoNameShown(const std::vector<Item>& items, const Query& q) {
  if (!q.projections.empty() || q.limit > 0 || q.superlative) return std::nullopt;
  for (const Item& it : items) {
    if (Unplaced(it) && it.text == "谁") {
      return ShapeProblem{
          "the question asks who, but the answer names no one; ask for the name column.",
          "问题问的是“谁”，但答案里没有人名，因此不作答；请写明要列出的姓名或名称。"};
    }
  }
  return std::nullopt;
}

// "2019年买家打假次数最多的网站" answered MAX(买家打假次数) at 0.72 with 网站 unread: a Chinese
// question names what it asks for last, after 的 or a which-word (…最多的网站, 是哪个网站).
// When that head word is unread, whatever was read answers about something else.
std::optional<ShapeProblem> UnreadHeadWord(const std::vector<Item>& items, const Query& q) {
  size_t end = items.size();
  while (end > 0 && EndsAQuestion(items[end - 1])) --end;
  const std::string head = end > 0 ? UnplacedRun(items, end - 1, -1) : "";
  if (head.empty()) return std::nullopt;
  size_t begin = end;
  while (begin > 0 && Unplaced(items[begin - 1])) --begin;
  if (begin == 0) return std::nullopt;
  const Item& before = items[begin - 1];
  const std::string& b = before.text;  // 的, or a word ending in it (最多的)
  const bool de = b.size() >= 3 && b.compare(b.size() - 3, 3, "的") == 0;
  if (!de && !(before.kind == ItemKind::kKeyword && before.Has(Kw::kWhich))) {
    return std::nullopt;
  }
  return ShapeProblem{
      "the question asks about '" + head +
          "', which I could not find in the data, so the answer would be about "
          "something else; use the name of its table or column.",
      "问题问的是“" + head +
          "”，但数据中没有找到它，答案会答非所问，因此不作答；请用表名或列名来问。"};
}

// "销售额最高的是什么" and "销量最多的是啥" answered MAX(...) at 0.95: after a superlative (最高的,
// 最多), 是什么 / 是啥 / 是哪个 ask for the THING that has the most, not for the largest value
// ("最高的销售额是多少" asks the value). With only totals shown, nothing names that thing.
std::optional<ShapeProblem> ThingAskedAfterASuperlative(const std::vector<Item>& items,
                                                        const Query& q) {
  if (!q.projections.empty() || !q.group_columns.empty()) return std::nullopt;
  size_t end = items.size();
  while (end > 0 && items[end - 1].kind == ItemKind::kPunct) --end;
  std::string tail;  // the words after the last superlative, 的 dropped
  for (size_t i = end; i-- > 0;) {
    const Item& it = items[i];
    const bool superlative =
        it.text.rfind("最", 0) == 0 &&
        (it.Has(Kw::kMax) || it.Has(Kw::kMin) || it.Has(Kw::kTop) || it.Has(Kw::kBottom));
    if (superlative) break;
    if (i == 0) return std::nullopt;
    tail = it.text + tail;
  }
  if (tail.rfind("的", 0) == 0) tail = tail.substr(std::string("的").size());
  static constexpr std::string_view kThingAsked[] = {"是什么", "什么",     "是啥",   "啥",
                                                     "是哪个", "是哪一个", "是哪些", "是哪",
                                                     "是哪家", "是哪位",   "是"};
  if (std::find(std::begin(kThingAsked), std::end(kThingAsked), tail) == std::end(kThingAsked)) {
    return std::nullopt;
  }
  return ShapeProblem{
      "after a superlative, 'what/which is it' asks for the thing that has the most, but the "
      "answer is only the largest value; name what to rank (e.g. 'the product with the highest "
      "sales').",
      "“最…的是什么/是哪个”问的是哪一个最多，但答案只是一个最大值，因此不作答；"
      "请写明要排名的对象（例如“销售额最高的商品”）。"};
}

// "列出客户的名字和生日" listed each customer's support rep's birthday: the customers have none.
// A listed column of a table no word of the question names, beside rows a table word names, is
// another table's attribute shown as theirs.
std::optional<ShapeProblem> AttributeOfAnotherTable(const std::vector<Item>& items, const Query& q,
                                                    const SchemaIndex& index) {
  std::set<int> named;  // tables a table word names
  for (const Item& it : items) {
    if (!it.used || it.kind != ItemKind::kTerm) continue;
    for (int id : it.terms) {
      if (index.terms()[id].kind == TermKind::kTable) named.insert(index.terms()[id].table);
    }
  }
  if (named.empty()) return std::nullopt;
  for (int p : q.projections) {
    const IndexedColumn& c = index.columns()[p];
    if (named.count(c.table)) continue;
    const std::string owner = index.tables()[*named.begin()].name;
    return ShapeProblem{c.name + " is a column of " + index.tables()[c.table].name + ", not of " +
                            owner + ", which the question names; I would show another table's " +
                            "value as theirs. Name the table it belongs to.",
                        "“" + c.name + "”是“" + index.tables()[c.table].name +
                            "”的列，不是问题所说的“" + owner +
                            "”的，答案会把别的表的值当成它的，因此不作答；请写明它属于哪张表。"};
  }
  return std::nullopt;
}

// What a numeric column counts when its name says so: 车 of 车数量, 分店 of 分店数量, 报名人 of
// 报名人数; "" when the name does not end in 数量 or 数.
std::string CountedThing(const std::string& name) {
  for (std::string_view tail : {"数量", "数"}) {
    if (name.size() > tail.size() && name.ends_with(tail)) {
      return name.substr(0, name.size() - tail.size());
    }
  }
  return "";
}

// Whether the question asks how many of `thing`: it names it ("所有打车方式一共多少辆车",
// "连锁分店一共有多少家"), or its last character right after 多少/几 ("多少人报名" for 报名人数).
bool AsksHowManyOf(const std::string& question, const std::string& thing) {
  if (thing.empty()) return false;
  if (question.find(thing) != std::string::npos) return true;
  size_t last = thing.size() - 1;
  while (last > 0 && (static_cast<unsigned char>(thing[last]) & 0xC0) == 0x80) --last;
  const std::string ch = thing.substr(last);
  return question.find("多少" + ch) != std::string::npos ||
         question.find("几" + ch) != std::string::npos ||
         question.find("几个" + ch) != std::string::npos;
}

// "深圳马拉松有多少人" counted the marathons while the table stores how many people (人数规模);
// "连锁分店一共有多少家" would count the chains, not add up 分店数量. A count of rows asked about
// what the rows store a number of is a sum or a count — the question does not say which.
std::optional<ShapeProblem> CountOfWhatRowsStore(const std::vector<Item>& items, const Query& q,
                                                 const SchemaIndex& index,
                                                 const std::vector<int>& query_tables) {
  if (q.measures.size() != 1 || q.measures[0].agg != Agg::kCount || q.measures[0].column >= 0) {
    return std::nullopt;
  }
  const std::string all = QuestionText(items);
  bool people = false;
  for (std::string_view w : {"多少人", "几人", "几个人", "多少个人"}) {
    people |= all.find(w) != std::string::npos;
  }
  const std::set<int> read = ColumnsRead(q, -1);  // "容纳人数超过19000的场馆有几个" names it
  for (int t : query_tables) {
    for (int c : index.tables()[t].columns) {
      const IndexedColumn& col = index.columns()[c];
      if (!IsNumericCol(col) || col.primary_key || col.foreign_key || read.count(c)) continue;
      const bool stores_people = people && col.name.find("人数") != std::string::npos;
      if (!stores_people && !AsksHowManyOf(all, CountedThing(col.name))) continue;
      return ShapeProblem{"'how many' over rows that store how many (" + col.name +
                              "): count the rows, or add up " + col.name + "? Ask for one of them.",
                          "问的是“多少”，而这些行本身记着数量（“" + col.name +
                              "”）：是数行数，还是把“" + col.name +
                              "”加起来？不确定，因此不作答；请说明是哪一种。"};
    }
  }
  return std::nullopt;
}

// The tables an item's terms name (a table word, or the table of a column or value word).
std::set<int> TablesNamed(const Item& it, const SchemaIndex& index) {
  std::set<int> tables;
  for (int id : it.terms) tables.insert(index.terms()[id].table);
  return tables;
}

// "深圳马拉松的时间" reading 时间 on another table that also has a 时间 column: in "A的B", B is
// A's own when A's table has a column B names; reading another table's B answers about other
// rows.
std::optional<ShapeProblem> OfPhraseOnAnotherTable(const std::vector<Item>& items, const Query& q,
                                                   const SchemaIndex& index, int time_column) {
  const std::set<int> read = ColumnsRead(q, time_column);
  for (size_t k = 1; k + 1 < items.size(); ++k) {
    const Item& a = items[k - 1];
    const Item& b = items[k + 1];
    if (items[k].text != "的" || a.kind != ItemKind::kTerm || b.kind != ItemKind::kTerm ||
        !a.used || !b.used) {
      continue;
    }
    const std::set<int> owner = TablesNamed(a, index);
    bool own_candidate = false, other_read = false, own_read = false;
    for (int id : b.terms) {
      const Term& t = index.terms()[id];
      if (t.kind != TermKind::kColumn) continue;
      const bool own = owner.count(t.table) > 0;
      own_candidate |= own;
      if (read.count(t.column)) (own ? own_read : other_read) = true;
    }
    if (!own_candidate || own_read || !other_read) continue;
    return ShapeProblem{"'" + b.text + "' of '" + a.text + "' was read on another table's " +
                            b.text + ", not " + a.text + "'s own; ask with the column's full name.",
                        "“" + a.text + "的" + b.text + "”里的“" + b.text +
                            "”被读成了另一张表的列，而不是“" + a.text +
                            "”自己的列，答案可能答非所问，因此不作答；请写出完整的列名。"};
  }
  return std::nullopt;
}

// "电影作品的提名次数加起来是多少" listed each film's count: a total asked, a measure listed row
// by row.
std::optional<ShapeProblem> TotalListedRowByRow(const std::vector<Item>& items, const Query& q,
                                                const SchemaIndex& index) {
  if (!q.measures.empty() || !q.group_columns.empty() || q.bucket) return std::nullopt;
  const std::string total = TotalWord(items);
  if (total.empty()) return std::nullopt;
  for (int p : q.projections) {
    const IndexedColumn& c = index.columns()[p];
    if (!IsNumericCol(c) || c.primary_key || c.foreign_key || c.role == ColumnRole::kIdentifier ||
        c.role == ColumnRole::kTime) {
      continue;
    }
    return ShapeProblem{"the question asks for a total ('" + total + "') but I read it as " +
                            c.name + " listed row by row; ask for the sum of " + c.name + ".",
                        "问题要的是合计（“" + total + "”），但我读成了逐行列出“" + c.name +
                            "”，因此不作答；请问“" + c.name + "的总和”。"};
  }
  return std::nullopt;
}

// "各软件在各城市的会员数量合计": two separate groupings and a total — per software and city,
// or per software summed over the cities? Only the person knows.
std::optional<ShapeProblem> TotalOverTwoGroupings(const std::vector<Item>& items, const Query& q) {
  int group_words = 0;
  for (const Item& it : items) {
    group_words += it.used && it.kind == ItemKind::kKeyword && it.Has(Kw::kGroup);
  }
  const size_t groups = q.group_columns.size() + (q.bucket ? 1 : 0);
  const std::string total = TotalWord(items);
  if (group_words < 2 || groups < 2 || total.empty()) return std::nullopt;
  return ShapeProblem{"the question groups twice and asks for a total ('" + total +
                          "'): a total per both groups, or over the second one? Ask for one "
                          "grouping, or say 'by X and Y'.",
                      "问题有两个分组，又要“" + total +
                          "”：是按两个维度分别合计，还是把第二个维度加总？不确定，因此不作答；"
                          "请只按一个维度问，或写成“按X和Y统计”。"};
}

// A decimal number as a person writes it ("12", "-3.5", ".5", "1e6"). Not strtod: it also
// takes "nan", "inf", "0x1A" and leading spaces, text a comparison would not find as a number.
bool IsNumber(const std::string& v) {
  size_t i = (!v.empty() && (v[0] == '-' || v[0] == '+')) ? 1 : 0;
  auto digits = [&] {
    const size_t from = i;
    while (i < v.size() && v[i] >= '0' && v[i] <= '9') ++i;
    return i - from;
  };
  size_t mantissa = digits();
  if (i < v.size() && v[i] == '.') {
    ++i;
    mantissa += digits();
  }
  if (mantissa == 0) return false;
  if (i < v.size() && (v[i] == 'e' || v[i] == 'E')) {
    ++i;
    if (i < v.size() && (v[i] == '-' || v[i] == '+')) ++i;
    if (digits() == 0) return false;
  }
  return i == v.size();
}

bool IsYear(const std::string& v) {
  return v.size() == 4 &&
         std::all_of(v.begin(), v.end(), [](char c) { return c >= '0' && c <= '9'; }) &&
         v >= "1000" && v <= "2999";
}

// The first stored value of `c` that is not a number (by `ok`), or "" when all are (or the
// values were not collected: too many to tell).
std::string TextValue(const IndexedColumn& c, bool (*ok)(const std::string&)) {
  for (const std::string& v : c.stats.values) {
    if (!ok(v)) return v;
  }
  return "";
}

// "1990年首版的作品" compared 首版时间 = 1990 where the column, declared int, holds '1990年';
// "2019年办了几场" compared 时间 (holding '11.2') with a year. A number is compared with a
// column's stored values only when they are numbers (a year only with years); a numeric range
// over a text column would compare as text ('9' > '10').
std::optional<ShapeProblem> ComparesText(const Query& q, const SchemaIndex& index,
                                         int time_column) {
  auto problem = [&](const IndexedColumn& c, const std::string& sample) {
    return ShapeProblem{"a number is compared with " + c.name + ", whose values are text ('" +
                            sample +
                            "'), so the comparison would not find the rows meant; ask "
                            "with a value as the data writes it.",
                        "数字被拿来与“" + c.name + "”比较，但这一列存的是文本（如“" + sample +
                            "”），比较找不到想要的行，因此不作答；请按数据里的写法给出取值。"};
  };
  for (const Filter& f : q.filters) {
    if (!f.numeric || f.column < 0 || f.CountsRows() || f.text_literal) continue;
    const IndexedColumn& c = index.columns()[f.column];
    if (UniformUnitOf(c)) continue;  // compared by its leading numbers (unit_numbers.h)
    if (const std::string v = TextValue(c, IsNumber); !v.empty()) return problem(c, v);
    if (c.type_class == TypeClass::kText && f.op != Op::kEq && f.op != Op::kNe) {
      if (!c.stats.values.empty()) return problem(c, c.stats.values.front());
      return ShapeProblem{
          "a number is compared with " + c.name + ", a " + c.type +
              " column that does not hold numbers, so the comparison would be "
              "text order; ask with a value as the data writes it.",
          "数字被拿来与“" + c.name + "”比较，但这一列的类型是 " + c.type +
              "，存的不是数字，会按文本比较，因此不作答；请按数据里的写法给出取值。"};
    }
  }
  if (time_column >= 0 && q.time && q.time->year_only) {
    const IndexedColumn& c = index.columns()[time_column];
    if (!c.stats.min_date) {
      if (const std::string v = TextValue(c, IsYear); !v.empty()) return problem(c, v);
      // Declared a date or time ("时间 time" holding 11.2 or '1990年') but holding no date the
      // engine reads, and no values collected to show they are years.
      if (c.type_class == TypeClass::kDate && c.stats.values.empty()) {
        return ShapeProblem{"a year is compared with " + c.name + ", declared " + c.type +
                                " but holding no dates I can read; ask with a value as the "
                                "data writes it.",
                            "年份被拿来与“" + c.name + "”比较，但这一列虽声明为" + c.type +
                                "，存的却不是能识别的日期，因此不作答；请按数据里的写法给出取值。"};
      }
    }
  }
  return std::nullopt;
}

// A number written with its unit in the text ("183cm", "74.77亿", "1.8万平方米", "2年"): a
// leading digit and a letter or a Chinese character after it. A date ("1983.10.06",
// "2023-01-01") has none.
bool NumberWithUnit(const std::string& v) {
  if (v.empty() || !(v[0] >= '0' && v[0] <= '9') || IsNumber(v)) return false;
  return std::any_of(v.begin(), v.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
           (static_cast<unsigned char>(c) & 0x80);
  });
}

// The unit after the number: "kg" of "80kg", "" for a plain number.
std::string UnitOf(const std::string& v) {
  size_t n = 0;
  while (n < v.size() && ((v[n] >= '0' && v[n] <= '9') || v[n] == '.')) ++n;
  return v.substr(n);
}

// Whether every stored value is a plain number or one number with the same unit, with no
// magnitude in it ("80kg", "100kg"; not "1.8万平方米" beside "73624平方米"): SQLite adds such
// values up by their numbers, so a sum or an average is the one asked.
bool OneUnitThroughout(const IndexedColumn& c) {
  std::string unit;
  for (const std::string& v : c.stats.values) {
    if (IsNumber(v)) continue;
    const std::string u = UnitOf(v);
    if (u.empty() || (!unit.empty() && u != unit)) return false;
    for (std::string_view m : {"万", "亿", "千", "百"}) {
      if (u.find(m) != std::string::npos) return false;
    }
    unit = u;
  }
  return true;
}

// "身高最高的篮球运动员" ordered 身高 ('183cm', '2米05') as text; "年营业额最高的航空公司" put
// '74.77亿' above '300亿'. Numbers stored with their units are not ordered, ranked or added up as
// numbers (SQLite reads only the leading digits, so '1.8万平方米' counts 1.8; PostgreSQL refuses).
std::optional<ShapeProblem> RanksNumbersWithUnits(const Query& q, const SchemaIndex& index) {
  auto problem = [&](int col, bool adds) -> std::optional<ShapeProblem> {
    if (col < 0) return std::nullopt;
    const IndexedColumn& c = index.columns()[col];
    if (c.type_class == TypeClass::kDate || c.role == ColumnRole::kTime) return std::nullopt;
    const auto v = std::find_if(c.stats.values.begin(), c.stats.values.end(), NumberWithUnit);
    if (v == c.stats.values.end() || (adds && OneUnitThroughout(c))) return std::nullopt;
    if (!adds && UniformUnitOf(c)) return std::nullopt;  // ranked by its leading numbers
    return ShapeProblem{c.name + " holds numbers written with their units as text ('" + *v +
                            "'), so ranking or adding them up would not compare the numbers; I "
                            "did not answer.",
                        "“" + c.name + "”存的是带单位的文本（如“" + *v +
                            "”），按它排序、取最大最小或求和都不是按数值算的，因此不作答。"};
  };
  if (auto p = problem(q.order_column, false)) return p;
  for (const Measure& m : q.measures) {
    if (m.agg == Agg::kCount || m.agg == Agg::kNone) continue;
    if (auto p = problem(m.column, m.agg == Agg::kSum || m.agg == Agg::kAvg)) return p;
  }
  return std::nullopt;
}

bool IsRankColumn(const IndexedColumn& c) {
  for (std::string_view w : {"排名", "名次", "排行"}) {
    if (c.name.find(w) != std::string::npos || c.display_zh.find(w) != std::string::npos) {
      return true;
    }
  }
  return false;
}

// "世界软科排名最高的高校" took the largest rank number: the best rank is number 1, so the
// highest of a rank and the highest number are opposite ends. A ranking or highest/lowest over
// a rank column is not answered.
std::optional<ShapeProblem> RanksARank(const Query& q, const SchemaIndex& index) {
  int col = -1;
  if (q.order_column >= 0 && (q.limit > 0 || q.superlative)) col = q.order_column;
  for (const Measure& m : q.measures) {
    if (m.column >= 0 && (m.agg == Agg::kMax || m.agg == Agg::kMin)) col = m.column;
  }
  if (col < 0 || !IsRankColumn(index.columns()[col])) return std::nullopt;
  const std::string& name = index.columns()[col].name;
  return ShapeProblem{"'" + name +
                          "' is a rank: the best is number 1, so 'highest' and the largest "
                          "number are opposite ends; ask for rank 1 or the first N.",
                      "“" + name +
                          "”是名次，第1名最靠前，“最高/最大”是名次最靠前还是数值最大说不准，"
                          "因此不作答；请问“第1名”或“前N名”。"};
}

// "平均每家门店的销售额" is the stores' sales averaged over the stores; read as the average
// order per store it lists one average per store. 平均 right before 每 asks for one number;
// so does 平均每年/平均每月 (the per-year sales averaged over the years), read per period.
std::optional<ShapeProblem> AveragePerEachGrouped(const std::vector<Item>& items, const Query& q) {
  if (q.group_columns.empty() && q.group_keys.empty() && !q.bucket) return std::nullopt;
  std::string each;
  const int avg = AverageBeforeEachWord(items, &each);
  if (avg >= 0) {
    const std::string said = items[static_cast<size_t>(avg)].text + each;
    return ShapeProblem{"'" + said +
                            "' asks for one average over the groups, but I read an average per "
                            "group; ask for the total per group, or the average of it.",
                        "“" + said +
                            "”要的是各组合计后的一个平均数，我却读成了每组一个平均值，因此不作答；"
                            "请分两步问：先问每组的合计，再问平均。"};
  }
  return std::nullopt;
}

// "每个客户平均消费多少" listed each customer's average invoice: 平均 said right after 每 and the
// group's rows (no 的 between) asks how much a customer spends on average — their totals
// averaged, one number — or each one's average invoice. An amount (money or a quantity, which
// a group's rows add up to) of another table's rows, averaged per group, abstains naming 平均;
// an attribute of the rows (每个流派平均时长) and 的 between (每个客户的平均消费) stay per group.
std::optional<ShapeProblem> AverageSaidAfterEachGroup(const std::vector<Item>& items,
                                                      const Query& q, const SchemaIndex& index) {
  if (q.group_columns.empty() || q.bucket) return std::nullopt;
  const int group_table = index.columns()[q.group_columns.front()].table;
  const bool amount_of_other_rows = std::any_of(q.measures.begin(), q.measures.end(), [&](auto& m) {
    return m.agg == Agg::kAvg && m.column >= 0 && index.columns()[m.column].table != group_table &&
           NamesAnAmount(m, index.columns()[m.column]);
  });
  if (!amount_of_other_rows) return std::nullopt;
  for (size_t i = 1; i < items.size(); ++i) {
    if (!items[i].Has(Kw::kAvg)) continue;
    size_t k = i;  // back over the group's words to 每, stopping at 的
    while (k > 0 && !items[k - 1].text.starts_with("每") &&
           items[k - 1].text.find("的") == std::string::npos) {
      --k;
    }
    if (k == 0 || k == i || !items[k - 1].text.starts_with("每")) continue;
    const std::string said = items[k - 1].text + "…" + items[i].text;
    return ShapeProblem{
        "'" + said +
            "' may ask for the groups' totals averaged (one number) or each "
            "group's average; say which (e.g. '平均每个…的总额' or '每个…的平均…').",
        "“" + said +
            "”可能是各组合计后再平均（一个数），也可能是每组各自的平均值，"
            "因此不作答；请写明，如“平均每个…的总额”或“每个…的平均…”。"};
  }
  return std::nullopt;
}

// The table a used table word names, or -1.
int TableNamed(const Item& it, const SchemaIndex& index) {
  if (!it.used || it.kind != ItemKind::kTerm) return -1;
  for (int id : it.terms) {
    if (index.terms()[id].kind == TermKind::kTable) return index.terms()[id].table;
  }
  return -1;
}

// "哪些客户是企业客户", "列出企业客户" listed every customer's Company (企业 names it): a column's
// word said right before its own table's word, with no 的 between (企业客户, not 客户的企业), names
// a kind of those rows, not a column to list for each of them.
std::optional<ShapeProblem> ColumnWordNamingAKindOfRows(const std::vector<Item>& items,
                                                        const Query& q, const SchemaIndex& index) {
  for (size_t i = 0; i + 1 < items.size(); ++i) {
    const Item& word = items[i];
    const Item& next = items[i + 1];
    if (!word.used || word.kind != ItemKind::kTerm || next.kind != ItemKind::kTerm ||
        word.unit_end != next.unit_begin || TableNamed(word, index) >= 0) {
      continue;
    }
    for (int p : q.projections) {
      const bool names_p = std::any_of(word.terms.begin(), word.terms.end(), [&](int id) {
        return index.terms()[id].kind == TermKind::kColumn && index.terms()[id].column == p;
      });
      const bool own_table = std::any_of(next.terms.begin(), next.terms.end(), [&](int id) {
        return index.terms()[id].kind == TermKind::kTable &&
               index.terms()[id].table == index.columns()[p].table;
      });
      if (names_p && own_table) {
        return ShapeProblem{
            "'" + word.text + next.text + "' names a kind of " + next.text + ", not their " +
                word.text + " listed for each; say which values are meant.",
            "“" + word.text + next.text + "”说的是哪一类" + next.text + "，而不是列出每个" +
                next.text + "的" + word.text + "，因此不作答；请写明条件，例如“" + word.text +
                "不为空的" + next.text + "”。"};
      }
    }
  }
  return std::nullopt;
}

// "2021年第一季度一共有多少张海外订单" counted every order at 0.71, and
// "每种媒体类型各有多少退休的曲目" every track: an unread word right before a table word (or before
// its 的) says which of those rows are meant, and a long question kept the confidence above the
// threshold. Pronouns (我们的客户) narrow nothing; nor, as a rule, does one character (开的发票,
// 试卷类的参考书, 10画的汉字: a verb of making, a suffix, a unit). The same before a measure or
// column word (退款的销售额: the total of every sale), and one character glued to a value
// (北加拿大, 大伦敦: the answer was about all of Canada, all of London).
ShapeProblem UnreadModifierProblem(const std::string& word, const std::string& head) {
  return ShapeProblem{"'" + word + "' says which " + head +
                          " is meant, but I could not read it, so the answer would be about all "
                          "of it; say it with a column or a value the data holds.",
                      "“" + word + "”说的是哪些" + head + "，但我没能理解它，答案会把所有" + head +
                          "都算进去，因此不作答；请用数据中的列名或取值来说。"};
}

// Whether every term item `it` names is of `kind`.
bool NamesOnly(const Item& it, TermKind kind, const SchemaIndex& index) {
  return std::all_of(it.terms.begin(), it.terms.end(),
                     [&](int id) { return index.terms()[id].kind == kind; });
}

// The word `items[i]` (a table, column or business word) leaves unread right before it, past
// one 的; "" when none, one character, a pronoun, or part of its own table's name (品牌代言人:
// the brand's spokesman, 汽车品牌.代言人).
std::string UnreadModifierOfAWord(const std::vector<Item>& items, size_t i,
                                  const SchemaIndex& index) {
  static constexpr std::string_view kNeutral[] = {"我们", "咱们", "我", "你们", "我司", "本公司"};
  size_t m = i - 1;
  static constexpr std::string_view kTotals[] = {"总", "平均", "合计", "累计"};  // 退休的总X
  if (items[m].used && m > 0 &&
      std::find(std::begin(kTotals), std::end(kTotals), items[m].text) != std::end(kTotals)) {
    --m;
  }
  if (items[m].text == "的" && m > 0) --m;
  // 退款的销售额: 款 alone is a counter word, left unused; with the unknown 退 it is a word.
  // 第几届 asks an ordinal: 几 is a question word there, not a counter.
  const bool counter = m > 0 && !items[m].used && items[m].kind == ItemKind::kKeyword &&
                       items[m].text != "几" && items[m].text != "多" &&
                       items[m - 1].unit_end == items[m].unit_begin && Unplaced(items[m - 1]);
  size_t start = counter ? m : m + 1;  // the run's first item (one unit per unknown character)
  while (start > 0 && Unplaced(items[start - 1]) && text::ContainsCjk(items[start - 1].text)) {
    --start;
  }
  std::string word;
  for (size_t k = start; k <= m; ++k) word += items[k].text;
  // 20美元的订单, 10画的汉字: a unit after a number says the number's unit, not which rows.
  if (start > 0 && items[start - 1].kind == ItemKind::kNumber) return "";
  if (start > m || items[m].unit_end != items[m + 1].unit_begin || word == FirstChar(word) ||
      std::find(std::begin(kNeutral), std::end(kNeutral), word) != std::end(kNeutral)) {
    return "";
  }
  for (int id : items[i].terms) {
    const int t = index.terms()[id].table;
    if (t >= 0 && index.tables()[t].name.find(word) != std::string::npos) return "";
  }
  return word;
}

// "北京电影学院毕业的男明星", "京东的男创始人是谁" answered about every 明星 / 创始人 (150 of 349
// right DuSQL develop answers kept their SQL with 男 put before the head noun): one unread
// character standing alone and glued to a table or column word (no 的 between, not a number's
// unit, not part of the table's own name) says which rows are meant.
std::optional<ShapeProblem> UnreadCharacterBeforeTheRows(const std::vector<Item>& items,
                                                         const SchemaIndex& index) {
  // Verbs of asking, conjunctions and adverbs say nothing of which rows (按渠道看销售额,
  // 超过200万且年龄超过20岁).
  static constexpr std::string_view kAsking[] = {
      "看", "查", "问", "算", "列", "给", "要", "找", "求", "显", "示", "让", "请", "帮",
      "把", "对", "向", "跟", "同", "与", "及", "或", "在", "从", "到", "于", "被", "由",
      "用", "做", "当", "和", "且", "并", "而", "但", "还", "也", "又", "再", "就", "才",
      "已", "曾", "将", "会", "能", "可", "该", "其", "此", "这", "那", "某", "即", "则"};
  for (size_t i = 1; i < items.size(); ++i) {
    const Item& head = items[i];
    const Item& c = items[i - 1];
    // 中央戏剧学院毕业的男是谁, 汉字的男平均笔画: after 的 the character is the head noun itself.
    const bool noun_after_de = i >= 2 && items[i - 2].text == "的" &&
                               head.kind == ItemKind::kKeyword &&
                               (head.text == "是" || head.Has(Kw::kAvg) || head.Has(Kw::kSum));
    const bool rows_word =
        head.used && head.kind == ItemKind::kTerm && !NamesOnly(head, TermKind::kValue, index);
    if ((!rows_word && !noun_after_de) || !Unplaced(c) || !text::ContainsCjk(c.text) ||
        c.text != FirstChar(c.text) || c.unit_end != head.unit_begin) {
      continue;
    }
    if (i >= 2 && (Unplaced(items[i - 2]) || items[i - 2].kind == ItemKind::kNumber)) continue;
    if (std::find(std::begin(kAsking), std::end(kAsking), c.text) != std::end(kAsking)) continue;
    const bool own_name = std::any_of(head.terms.begin(), head.terms.end(), [&](int id) {
      const int t = index.terms()[id].table;
      return t >= 0 && index.tables()[t].name.find(c.text + head.text) != std::string::npos;
    });
    if (own_name) continue;
    if (rows_word) return UnreadModifierProblem(c.text, head.text);
    return ShapeProblem{
        "'" + c.text +
            "' names what is asked, but I could not read it; say it with a column or "
            "a value the data holds.",
        "问题问的是“" + c.text +
            "”，但我没能理解它，答案会答非所问，因此不作答；请用数据中的列名或取值来说。"};
  }
  return std::nullopt;
}

// A place or kind prefix glued to a value (北加拿大, 大伦敦, 老客户 is not a value): the data holds
// the value without it. A verb glued to a value (在招算法工程师, 用支付宝) is left alone.
std::string PrefixOfAValue(const std::vector<Item>& items, size_t i) {
  static constexpr std::string_view kPrefixes[] = {"东", "南", "西", "北", "中", "大", "小", "新",
                                                   "老", "旧", "古", "内", "外", "高", "低"};
  const Item& before = items[i - 1];
  if (!Unplaced(before) || before.unit_end != items[i].unit_begin) return "";
  const std::string c = LastChar(before.text);
  return std::find(std::begin(kPrefixes), std::end(kPrefixes), c) != std::end(kPrefixes) ? c : "";
}

std::optional<ShapeProblem> UnreadModifierOfTheRows(const std::vector<Item>& items,
                                                    const SchemaIndex& index) {
  for (size_t i = 1; i < items.size(); ++i) {
    if (!items[i].used || items[i].kind != ItemKind::kTerm) continue;
    const std::string word = NamesOnly(items[i], TermKind::kValue, index)
                                 ? PrefixOfAValue(items, i)
                                 : UnreadModifierOfAWord(items, i, index);
    if (word.empty()) continue;
    if (!NamesOnly(items[i], TermKind::kValue, index)) {
      return UnreadModifierProblem(word, items[i].text);
    }
    const std::string& v = items[i].text;
    return ShapeProblem{"'" + word + v + "' is not a value the data holds: it has '" + v +
                            "', and I could not read '" + word +
                            "'; say it with a value the data holds.",
                        "“" + word + v + "”不是数据里的取值：数据里只有“" + v + "”，我没能理解“" +
                            word + "”，因此不作答；请用数据中的取值来说。"};
  }
  return std::nullopt;
}

// "有折扣的商品有几个" counted every product with a line and added SUM(discount) beside: a measure
// said right before 的 and the counted rows (X的Y) says which rows are counted, and a sum of it
// shown beside the count answers another question. A measure asked beside the count (商品数和
// 销量) or per group is not before 的 + the rows.
std::optional<ShapeProblem> MeasureSayingWhichRowsAreCounted(const std::vector<Item>& items,
                                                             const Query& q,
                                                             const SchemaIndex& index) {
  if (!q.group_columns.empty() || q.bucket) return std::nullopt;
  int counted = -1;
  for (const Measure& m : q.measures) {
    if (m.agg == Agg::kCount && m.column < 0) counted = m.table;
    const bool keys = m.agg == Agg::kCount && m.distinct && m.column >= 0 &&
                      index.columns()[m.column].primary_key;
    if (keys) counted = index.columns()[m.column].table;
  }
  if (counted < 0) return std::nullopt;
  for (const Measure& m : q.measures) {
    if (!m.implicit_sum || m.column < 0 || index.columns()[m.column].table == counted) continue;
    for (size_t i = 0; i + 2 < items.size(); ++i) {
      if (items[i].text != m.column_phrase || items[i + 1].text != "的" ||
          TableNamed(items[i + 2], index) != counted) {
        continue;
      }
      const std::string rows = items[i + 2].text;
      return ShapeProblem{"'" + m.column_phrase + "' says which " + rows +
                              " to count, but I read it as a total shown beside the count; say "
                              "the condition with a value (e.g. '" +
                              m.column_phrase + "大于0的" + rows + "').",
                          "“" + m.column_phrase + "的" + rows + "”里的“" + m.column_phrase +
                              "”说的是统计哪些" + rows +
                              "，我却把它读成了另算的合计，因此不作答；请用取值写明条件，如“" +
                              m.column_phrase + "大于0的" + rows + "”。"};
    }
  }
  return std::nullopt;
}

// "商品数和销量" counts the products through their order lines (the sum beside it joins them), so
// a product never sold is not counted. Unless the data shows every counted row is referred to
// (the referring key's distinct values reach the table's row count), the count abstains.
std::optional<ShapeProblem> CountNarrowedByAMeasureBeside(const Query& q,
                                                          const SchemaIndex& index) {
  auto rows_counted = [&](const Measure& m) {  // the table whose rows m counts, or -1
    if (m.agg == Agg::kCount && m.column < 0) return m.table;
    const bool keys = m.agg == Agg::kCount && m.distinct && m.column >= 0 &&
                      index.columns()[m.column].primary_key;
    return keys ? index.columns()[m.column].table : -1;
  };
  for (const Measure& count : q.measures) {
    const int counted = rows_counted(count);
    if (counted < 0) continue;
    const std::optional<int64_t>& rows = index.tables()[counted].row_count;
    for (const Measure& m : q.measures) {
      const int referrer = m.column >= 0 ? index.columns()[m.column].table : m.table;
      for (const JoinEdge& e : index.edges()) {
        if (e.from_table != referrer || e.to_table != counted || referrer == counted) continue;
        const std::optional<long long>& refs = index.columns()[e.from_column].stats.distinct_count;
        if (refs && rows && *refs >= *rows) continue;
        const std::string name = index.tables()[counted].name;
        std::string beside = index.tables()[referrer].name;
        for (const std::string* said : {&m.table_phrase, &m.column_phrase, &m.label}) {
          if (!said->empty()) beside = *said;
        }
        return ShapeProblem{"counting " + name + " beside " + beside + " (of " +
                                index.tables()[referrer].name + ") leaves out the " + name +
                                " with none; ask for the two separately.",
                            "“" + beside + "”和" + name + "的计数放在一起，数的只是有" + beside +
                                "记录的行，没有的会被漏掉，因此不作答；请分开问。"};
      }
    }
  }
  return std::nullopt;
}

// "单笔订单金额最高的门店" ranked the stores by their total: 单笔/单张/单次 (one order, one
// invoice) asks for one row's amount, so a sum of the rows answers another question. 单 after a
// noun's first character (订单, 账单, 清单, 名单) is that noun, not "one".
std::optional<ShapeProblem> OneRowsAmountSummed(const std::vector<Item>& items, const Query& q) {
  if (std::none_of(q.measures.begin(), q.measures.end(),
                   [](const Measure& m) { return m.agg == Agg::kSum; })) {
    return std::nullopt;
  }
  static constexpr std::string_view kOne[] = {"单笔", "单张", "单次", "单条", "单件"};
  static constexpr std::string_view kNounBefore[] = {"订", "账", "清", "名",
                                                     "菜", "下", "买", "卖"};
  const std::string text = QuestionText(items);
  for (std::string_view w : kOne) {
    for (size_t at = text.find(w); at != std::string::npos; at = text.find(w, at + 1)) {
      const bool noun =
          std::any_of(std::begin(kNounBefore), std::end(kNounBefore), [&](std::string_view c) {
            return at >= c.size() && text.compare(at - c.size(), c.size(), c) == 0;
          });
      if (noun) continue;
      const std::string word(w);
      return ShapeProblem{"'" + word +
                              "' asks for one row's amount, but I added the rows up; "
                              "ask for the largest one (e.g. '最高的" +
                              word.substr(3) + "').",
                          "“" + word +
                              "”问的是一笔的金额，我却把多笔加总了，因此不作答；请换个问法，如“" +
                              "金额最高的一" + word.substr(3) + "”。"};
    }
  }
  return std::nullopt;
}

// "城市等级最高的城市" showed one city of tier 3 (twelve cities are tier 1, the top one),
// "最贵的歌" one of the 1.99 tracks: the first N rows ordered by a column of a few values (a level,
// a code, a price point) shared by many rows are one arbitrary pick among the tied rows, and the
// order of a code may run either way. Ten values or fewer over at least twice as many rows (of
// twenty or more, below).
std::optional<ShapeProblem> RowsRankedByAFewSharedValues(const Query& q, const SchemaIndex& index) {
  if (q.limit <= 0 || q.order_column < 0 || !q.measures.empty() || !q.group_columns.empty()) {
    return std::nullopt;
  }
  const IndexedColumn& c = index.columns()[q.order_column];
  const std::optional<int64_t>& rows = index.tables()[c.table].row_count;
  const std::optional<long long>& values =
      c.stats.distinct_count ? c.stats.distinct_count : c.stats.distinct_numbers;
  // The distinct count skips NULLs: in a small table most rows may hold none (DuSQL's five-row
  // tables), so only a table of twenty rows or more is taken to repeat its values.
  if (!rows || !values || *values > 10 || *rows < 20 || *rows < 2 * *values) return std::nullopt;
  const std::string name = c.display_zh.empty() ? c.name : c.display_zh;
  return ShapeProblem{
      name + " holds only " + std::to_string(*values) + " values over " + std::to_string(*rows) +
          " rows: the top rows tie, and any of them "
          "would be a guess; ask for the rows with a value (e.g. '" +
          name + "为…的').",
      "“" + name + "”只有 " + std::to_string(*values) + " 种取值、却有 " + std::to_string(*rows) +
          " 行，排在最前的行并列，只列其中几行是随意挑的，"
          "因此不作答；请按取值问，如“" +
          name + "为…的”。"};
}

// Whether a used word was read as a stored value (摇滚 = Genre.Name 'Rock').
bool IsValueWord(const Item& it, const SchemaIndex& index) {
  return it.used && it.kind == ItemKind::kTerm &&
         std::any_of(it.terms.begin(), it.terms.end(),
                     [&](int id) { return index.terms()[id].kind == TermKind::kValue; });
}

// "球衣号码最大的现役球员" answered MAX(球衣号码): the question asks which rows (a table word
// after 最大的), not the largest value.
std::optional<ShapeProblem> ValueWhereRowsAsked(const std::vector<Item>& items, const Query& q,
                                                const SchemaIndex& index) {
  if (!q.group_columns.empty() || q.bucket || !q.projections.empty()) return std::nullopt;
  const bool max_min = std::any_of(q.measures.begin(), q.measures.end(), [](const Measure& m) {
    return m.agg == Agg::kMax || m.agg == Agg::kMin;
  });
  if (!max_min) return std::nullopt;
  for (size_t i = 0; i + 1 < items.size(); ++i) {
    if (!items[i].used || !(items[i].Has(Kw::kMax) || items[i].Has(Kw::kMin))) continue;
    // 最大的 | 现 | 役球员: unknown characters may stand between (a table word read in part), and
    // values that say which rows (时长最长的 | 摇滚 | 歌曲).
    size_t k = i + 1;
    while (k + 1 < items.size() &&
           (items[k].text == "的" || Unplaced(items[k]) || IsValueWord(items[k], index))) {
      ++k;
    }
    const int table = TableNamed(items[k], index);
    if (table < 0) continue;
    const std::string& rows = ChineseTableName(index.tables()[table]);
    std::string word = items[i].text;
    if (word.ends_with("的")) word.resize(word.size() - std::string_view("的").size());
    return ShapeProblem{"the question asks which '" + rows + "' has the " + word +
                            " value, but I read only the value; name what to show.",
                        "问的是哪个“" + rows + "”的值" + word +
                            "，我却只读出了这个值，因此不作答；请写明要显示它的哪一列。"};
  }
  return std::nullopt;
}

// "各省份下辖区数量的总和" summed each province's own number, one province per group: a total
// asked over groups that are the summed table's own rows (its key, or a name no two rows share)
// is the total over them, not each row's value.
std::optional<ShapeProblem> TotalPerOwnRow(const std::vector<Item>& items, const Query& q,
                                           const SchemaIndex& index) {
  const std::string total = TotalWord(items);
  if (total.empty() || q.group_columns.empty() || q.bucket) return std::nullopt;
  for (const Measure& m : q.measures) {
    if (m.agg != Agg::kSum || m.column < 0) continue;
    const int table = index.columns()[m.column].table;
    const bool own_rows = std::all_of(q.group_columns.begin(), q.group_columns.end(), [&](int g) {
      const IndexedColumn& c = index.columns()[g];
      return c.table == table && (c.primary_key || index.LabelIsUnique(table, g));
    });
    if (!own_rows) continue;
    const std::string& name = index.columns()[m.column].name;
    return ShapeProblem{"the question asks for a total ('" + total + "') of " + name +
                            ", but each group is one row, so I would list each row's value; ask "
                            "without the grouping for the total.",
                        "问题要的是合计（“" + total + "”），但每组只有一行，按组求和只会逐行列出“" +
                            name + "”，因此不作答；要总数请去掉“各/每”。"};
  }
  return std::nullopt;
}

// "北京市有几个城市" counted the cities named 北京市 (one): 北京市 is also a province, and the
// question asks for the cities in it. A count of rows whose own name is the value, when
// another table also stores that value, does not say which table the value names.
std::optional<ShapeProblem> CountByOwnNameOfAnotherTablesValue(const Query& q,
                                                               const SchemaIndex& index) {
  if (q.measures.size() != 1 || q.measures[0].agg != Agg::kCount || q.measures[0].column >= 0) {
    return std::nullopt;
  }
  for (const Filter& f : q.filters) {
    if (f.op != Op::kEq || f.numeric || f.values.size() != 1 || f.CountsRows()) continue;
    const int table = index.columns()[f.column].table;
    if (index.LabelColumn(table, true) != f.column) continue;
    const std::vector<int>* ids = index.FindTerms(PhraseKey(f.values[0]));
    if (ids == nullptr) continue;
    for (int id : *ids) {
      const Term& t = index.terms()[id];
      if (t.kind != TermKind::kValue || t.table == table) continue;
      const std::string& other = index.tables()[t.table].name;
      return ShapeProblem{"'" + f.values[0] +
                              "' is the name of one of the rows counted, and also a " + other +
                              "; counting the rows with that name gives one. Say '" + other + " " +
                              f.values[0] + "' if you mean the rows in it.",
                          "“" + f.values[0] + "”既是所数的行自己的名称，也是“" + other +
                              "”里的值；按名称数只会数出一行，因此不作答；如果问的是属于它的行，"
                              "请写成“" +
                              other + "为" + f.values[0] + "的…”。"};
    }
  }
  return std::nullopt;
}

// Whether a column's name says it counts in a magnitude ("population_10k", "人口万人"): a number
// said with 万 then would be counted in it twice.
bool CountsInAMagnitude(const IndexedColumn& c) {
  const std::string lower = text::AsciiLower(c.name);
  for (std::string_view w : {"10k", "100k", "thousand", "million", "billion"}) {
    if (lower.find(w) != std::string::npos) return true;
  }
  for (std::string_view w : {"万", "亿", "千"}) {
    if (c.name.find(w) != std::string::npos || c.display_zh.find(w) != std::string::npos) {
      return true;
    }
  }
  return false;
}

// A number written with 万/亿/千 ("1000万"), or "" when none.
std::string MagnitudeNumber(const std::vector<Item>& items) {
  for (size_t i = 0; i < items.size(); ++i) {
    if (items[i].kind != ItemKind::kNumber) continue;
    const std::string next = i + 1 < items.size() ? FirstChar(items[i + 1].text) : "";
    for (std::string_view m : {"万", "亿", "千"}) {
      if (items[i].text.find(m) != std::string::npos) return items[i].text;
      if (next == m) return items[i].text + next;
    }
  }
  return "";
}

// "人口超过1000的城市" on 人口 holding '1000万': the stored numbers count in 万, so a number said
// without 万/亿/千 may mean people or 万 people. Compared only when the question says it.
std::optional<ShapeProblem> BareNumberForACountInAMagnitude(const std::vector<Item>& items,
                                                            const Query& q,
                                                            const SchemaIndex& index) {
  if (!MagnitudeNumber(items).empty()) return std::nullopt;
  for (const Filter& f : q.filters) {
    if (!f.numeric || f.column < 0 || f.CountsRows() || f.text_literal) continue;
    const std::optional<UniformUnit> unit = UniformUnitOf(index.columns()[f.column]);
    if (!unit || unit->magnitude == 1) continue;
    const std::string& name = index.columns()[f.column].name;
    return ShapeProblem{
        name + " holds numbers in " + unit->unit + "; say the number with its unit (e.g. 10万).",
        "“" + name + "”存的数以“" + unit->unit +
            "”为单位，问题里的数字没带单位，不知道是不是同一个单位，因此不作答；请带上单位，如“10万"
            "”。"};
  }
  return std::nullopt;
}

// Whether the number said is the one filter `f` compares, in any magnitude (200 of 200万 may
// be stored as 200 in a column counting in 万, or as 2000000): 20 of 20岁 is not 年薪's 200.
bool IsFiltersNumber(double said, const Filter& f) {
  for (double scale : {1.0, 1e3, 1e4, 1e8, 1e-4, 1e-8}) {
    const double v = said * scale;
    for (double bound : {f.lo, f.hi}) {
      if (std::fabs(v - bound) <= 1e-9 * std::max(1.0, std::fabs(bound))) return true;
    }
  }
  return false;
}

// "年薪超过100万元" on 年薪 holding '800万美元': the question's unit after the number (元) is not
// the column's (美元), so the numbers are not of one kind. The text right after a compared
// number, past 万/亿/千, that starts with a unit word other than the column's unit abstains.
std::optional<ShapeProblem> UnitSaidOtherwise(const std::vector<Item>& items, const Query& q,
                                              const SchemaIndex& index) {
  static constexpr std::string_view kUnits[] = {
      "美元", "港元", "元", "人民币", "平方千米", "平方公里", "平方米", "千米", "公里",
      "米",   "公顷", "亩", "公斤",   "千克",     "kg",       "cm",     "人",   "个",
      "岁",   "年",   "天", "小时",   "分钟",     "秒",       "%"};
  for (const Filter& f : q.filters) {
    if (!f.numeric || f.column < 0 || f.CountsRows() || f.text_literal) continue;
    const std::optional<UniformUnit> unit = UniformUnitOf(index.columns()[f.column]);
    if (!unit) continue;
    std::string_view own = unit->unit;
    for (std::string_view m : {"万", "亿"}) {
      if (own.starts_with(m)) own.remove_prefix(m.size());
    }
    for (size_t i = 0; i < items.size(); ++i) {
      if (items[i].kind != ItemKind::kNumber || !IsFiltersNumber(items[i].number, f)) continue;
      std::string after;
      for (size_t k = i + 1; k < items.size() && k <= i + 3; ++k) after += items[k].text;
      for (std::string_view m : {"万", "亿", "千"}) {
        if (std::string_view(after).starts_with(m)) after.erase(0, m.size());
      }
      for (std::string_view u : kUnits) {
        if (!std::string_view(after).starts_with(u) || (!own.empty() && own.starts_with(u))) {
          continue;
        }
        if (own.empty() && (u == "人" || u == "个")) continue;  // 1000万人: a count said so
        const std::string& name = index.columns()[f.column].name;
        return ShapeProblem{"the number is said in " + std::string(u) + " but " + name + " holds " +
                                unit->unit + "; ask in the column's unit.",
                            "问题里的数字以“" + std::string(u) + "”为单位，而“" + name +
                                "”存的是“" + unit->unit +
                                "”，单位不同，因此不作答；请按这一列的单位问。"};
      }
    }
  }
  return std::nullopt;
}

// "面积超过5000公里的门店", "时长超过5公里的曲目", "成人价格超过10000米的路线" compared the number
// at 0.75-0.79, the unit only lowering the confidence: a unit word right after a compared number
// (past 万/亿/千) that no reading used (a duration converted, a model's 平方米) must fit what the
// column measures. It abstains when the column's words say another kind, or say none and the
// unit is not money (a plain number column priced in 元 is common; in 公里, a guess).
std::optional<ShapeProblem> UnitOfAnotherKind(const std::vector<Item>& items, const Query& q,
                                              const SchemaIndex& index) {
  for (const Filter& f : q.filters) {
    if (!f.numeric || f.column < 0 || f.CountsRows() || f.text_literal) continue;
    const IndexedColumn& col = index.columns()[f.column];
    if (UniformUnitOf(col)) continue;  // stored with its unit: UnitSaidOtherwise
    for (size_t i = 0; i < items.size(); ++i) {
      if (items[i].kind != ItemKind::kNumber || !IsFiltersNumber(items[i].number, f)) continue;
      size_t k = i + 1;
      while (k < items.size() && items[k].used && items[k].kind == ItemKind::kPunct &&
             (items[k].text == "万" || items[k].text == "亿" || items[k].text == "千")) {
        ++k;
      }
      std::string after;
      for (size_t j = k; j < items.size() && j < k + 3; ++j) after += items[j].text;
      const auto [word, kind] = UnitWordAt(after);
      if (kind == MeasureKind::kNone) continue;
      bool read = false;  // an item of the unit word used by a reading
      for (size_t j = k, len = 0; j < items.size() && len < word.size(); ++j) {
        read |= items[j].used;
        len += items[j].text.size();
      }
      if (read || UnitFitsColumn(kind, col)) continue;
      const std::string name = col.display_zh.empty() ? col.name : col.display_zh;
      return ShapeProblem{"the number is said in " + std::string(word) + ", which is not what " +
                              name + " measures; ask in the column's unit.",
                          "问题里的数字以“" + std::string(word) + "”为单位，而“" + name +
                              "”量的不是这类东西，单位对不上，因此不作答；请按这一列的单位问。"};
    }
  }
  return std::nullopt;
}

// "人口超过1000万的城市" compared population_10k with 10,000,000: the column counts in 万.
std::optional<ShapeProblem> MagnitudeCountedTwice(const std::vector<Item>& items, const Query& q,
                                                  const SchemaIndex& index) {
  const std::string number = MagnitudeNumber(items);
  if (number.empty()) return std::nullopt;
  for (const Filter& f : q.filters) {
    if (!f.numeric || f.column < 0 || !CountsInAMagnitude(index.columns()[f.column])) continue;
    const std::string& name = index.columns()[f.column].name;
    return ShapeProblem{"'" + number + "' is compared with " + name +
                            ", which already counts in a unit of its own (its name says so); "
                            "give the number in that unit.",
                        "“" + number + "”被拿来与“" + name +
                            "”比较，但这一列本身就以万/千等为单位（列名如此），数值会差一个量级，"
                            "因此不作答；请按这一列的单位给出数字。"};
  }
  return std::nullopt;
}

// The stored value of a text column that holds `part` inside it (克里斯托弗·诺兰 for 诺兰), or "".
std::string ValueHolding(const std::string& part, const SchemaIndex& index) {
  for (const IndexedColumn& c : index.columns()) {
    if (c.primary_key || c.foreign_key) continue;
    for (const std::string& v : c.stats.values) {
      if (v.size() > part.size() && v.find(part) != std::string::npos) return v;
    }
  }
  return "";
}

// "诺兰导演的电影" listed every director: 诺兰 is part of the stored 克里斯托弗·诺兰, so the
// filter was dropped. A run of unplaced Chinese characters that a stored value holds is that
// value said in short; the engine matches values whole, so it names the value instead.
std::optional<ShapeProblem> ValueSaidInPart(const std::vector<Item>& items,
                                            const SchemaIndex& index) {
  for (size_t i = 0; i < items.size(); ++i) {
    if (!Unplaced(items[i]) || (i > 0 && Unplaced(items[i - 1]))) continue;
    const std::string run = UnplacedRun(items, i, +1);
    if (FirstChar(run).size() == run.size()) continue;  // one character says too little
    const std::string value = ValueHolding(run, index);
    if (value.empty()) continue;
    return ShapeProblem{"'" + run + "' looks like part of the stored value '" + value +
                            "'; I match values as the data writes them, so ask with the whole "
                            "value.",
                        "“" + run + "”像是数据里“" + value +
                            "”的一部分；取值要按数据里的完整写法才能筛选，因此不作答；请写出完整的"
                            "取值。"};
  }
  return std::nullopt;
}

// "男歌手的平均歌曲数量" averaged every singer: 男 is a whole stored value (性别 = '男'), but one
// character is never indexed as a value (it would match inside every word), so the condition
// was dropped silently. An unplaced character that a text column stores whole is named.
std::optional<ShapeProblem> OneCharacterValueUnread(const std::vector<Item>& items,
                                                    const SchemaIndex& index) {
  for (const Item& it : items) {
    if (!Unplaced(it) || FirstChar(it.text).size() != it.text.size()) continue;
    for (const IndexedColumn& c : index.columns()) {
      if (c.type_class != TypeClass::kText || c.primary_key || c.foreign_key) continue;
      if (std::find(c.stats.values.begin(), c.stats.values.end(), it.text) ==
          c.stats.values.end()) {
        continue;
      }
      return ShapeProblem{
          "'" + it.text + "' is a value of " + c.name +
              ", which I did not apply; say it with its column (e.g. '" + c.name + "为" + it.text +
              "').",
          "“" + it.text + "”是“" + c.name +
              "”列的取值，但没能用作筛选条件，答案会漏掉它，因此不作答；请连同列名一起问，"
              "如“" +
              c.name + "为" + it.text + "”。"};
    }
  }
  return std::nullopt;
}

// "世界排名第一的是哪个国家队" listed 所属国家 (国家, then 队 unread): a column's word with the
// last character of a table's name glued to it (国家 + 队 of 篮球运动队) is that table's rows
// said shortly, not the column, so the engine abstains naming the whole word.
std::optional<ShapeProblem> TableCharacterAfterAColumn(const std::vector<Item>& items,
                                                       const SchemaIndex& index) {
  for (size_t i = 1; i < items.size(); ++i) {
    const Item& it = items[i];
    const Item& before = items[i - 1];
    if (!Unplaced(it) || FirstChar(it.text).size() != it.text.size()) continue;
    if (before.kind != ItemKind::kTerm || !before.used) continue;
    const bool a_column = std::all_of(before.terms.begin(), before.terms.end(), [&](int t) {
      return index.terms()[t].kind == TermKind::kColumn;
    });
    if (!a_column || before.terms.empty()) continue;
    const bool ends_a_table =
        std::any_of(index.tables().begin(), index.tables().end(), [&](const IndexedTable& t) {
          return t.name.ends_with(it.text) ||
                 (!t.display_zh.empty() && t.display_zh.ends_with(it.text));
        });
    if (!ends_a_table) continue;
    const std::string word = before.text + it.text;
    return ShapeProblem{"'" + word + "' may name rows of a table, not the column '" + before.text +
                            "' I read; name the table or the column in full.",
                        "“" + word + "”可能指某张表的记录，而不是我读到的列“" + before.text +
                            "”，因此不作答；请写出完整的表名或列名。"};
  }
  return std::nullopt;
}

// "各朝代皇帝的平均在位时间" averaged every row once: 各 was part of the table's name (各朝代皇帝),
// yet said before 朝代 it asks for one value per dynasty. A table word said starting with 各/每
// beside a computed value with nothing grouped abstains, naming the word.
std::optional<ShapeProblem> EachSaidByATablesName(const std::vector<Item>& items, const Query& q) {
  const bool one_value = std::any_of(q.measures.begin(), q.measures.end(),
                                     [](const Measure& m) { return m.agg != Agg::kNone; });
  if (!one_value || !q.group_columns.empty() || q.bucket) return std::nullopt;
  for (const Item& it : items) {
    if (it.kind != ItemKind::kTerm || !it.used) continue;
    if (!it.text.starts_with("各") && !it.text.starts_with("每")) continue;
    return ShapeProblem{
        "'" + it.text +
            "' is a table's name, yet it may also ask for one value per group; "
            "say which (e.g. 'per …' or the whole table).",
        "“" + it.text +
            "”是表名，但也可能是要按组分别计算（“各…”），因此不作答；请写明是分组计算还是"
            "整体计算。"};
  }
  return std::nullopt;
}

// Whether the words that named a column start with a word for `table` (订单 of 订单金额).
bool PhraseNamesTable(const std::string& phrase, int table, const SchemaIndex& index) {
  for (size_t end = FirstChar(phrase).size(); end < phrase.size();
       end += FirstChar(phrase.substr(end)).size()) {
    const std::vector<int>* ids = index.FindTerms(PhraseKey(phrase.substr(0, end)));
    if (ids == nullptr) continue;
    for (int id : *ids) {
      if (index.terms()[id].kind == TermKind::kTable && index.terms()[id].table == table) {
        return true;
      }
    }
  }
  return false;
}

// The table of a stored value said with its table's word at its end (白金会员 = member_level
// 'platinum' of customers, 会员; 企业客户), or -1: the value names those rows as a table word does.
int ValueEndingInItsTable(const Item& it, const SchemaIndex& index) {
  if (!it.used || it.kind != ItemKind::kTerm) return -1;
  for (int id : it.terms) {
    if (index.terms()[id].kind != TermKind::kValue) continue;
    const int table = index.terms()[id].table;
    for (size_t at = FirstChar(it.text).size(); at < it.text.size();
         at += FirstChar(it.text.substr(at)).size()) {
      const std::vector<int>* ids = index.FindTerms(PhraseKey(it.text.substr(at)));
      if (ids == nullptr) continue;
      for (int t : *ids) {
        if (index.terms()[t].kind == TermKind::kTable && index.terms()[t].table == table) {
          return table;
        }
      }
    }
  }
  return -1;
}

// Whether the groups are `table`'s own rows (grouped by its key or its name), not a column
// many of its rows share (国家 of the customers) nor a period.
bool GroupsAreRowsOf(int table, const Query& q, const SchemaIndex& index) {
  if (q.bucket) return false;
  const int label = index.LabelColumn(table, true);
  auto identifies = [&](int c) {
    const IndexedColumn& col = index.columns()[c];
    return col.table == table && (col.primary_key || c == label || c == index.NameCompanion(label));
  };
  return std::any_of(q.group_columns.begin(), q.group_columns.end(), identifies) ||
         std::any_of(q.group_keys.begin(), q.group_keys.end(), identifies);
}

// "美国客户的平均消费" averaged the invoices of American customers; the question is as likely
// the average per customer. An average of one table's measure, with another table named as
// whose it is and the measured rows never named (not 发票金额, 订单金额), does not say per what.
// So in groups that are not that table's rows: 每个国家的客户平均消费 (per invoice or per
// customer of each country?); 每个客户的平均消费 (each customer's invoices) stays.
std::optional<ShapeProblem> AverageOfWhoseRows(const std::vector<Item>& items, const Query& q,
                                               const SchemaIndex& index) {
  if (q.measures.size() != 1) return std::nullopt;
  const Measure& m = q.measures[0];
  if (m.agg != Agg::kAvg || m.column < 0 || m.per_key >= 0) return std::nullopt;
  const int measured = index.columns()[m.column].table;
  int owner = -1;
  for (const Item& it : items) {
    int t = TableNamed(it, index);
    if (t < 0) t = ValueEndingInItsTable(it, index);
    if (t == measured) return std::nullopt;  // the measured rows are named: per each of them
    if (t >= 0) owner = t;
  }
  if (owner < 0 || PhraseNamesTable(m.column_phrase, measured, index)) return std::nullopt;
  const bool grouped = !q.group_columns.empty() || q.bucket;
  if (grouped && GroupsAreRowsOf(owner, q, index)) return std::nullopt;
  auto zh = [](const std::string& display, const std::string& name) {
    return display.empty() ? name : display;
  };
  const IndexedColumn& c = index.columns()[m.column];
  const std::string name = zh(c.display_zh, c.name);
  const std::string per = zh(index.tables()[owner].display_zh, index.tables()[owner].name);
  const std::string rows = zh(index.tables()[measured].display_zh, index.tables()[measured].name);
  return ShapeProblem{"an average of " + name + " over " + per + ": per row of " + rows +
                          ", or per " + per + "? Say which (e.g. 'average per " + per + "').",
                      "“" + name + "”的平均值：是按每条“" + rows + "”记录平均，还是按每个“" + per +
                          "”平均？不确定，因此不作答；请写明，如“平均每个" + per + "”。"};
}

}  // namespace

int AverageBeforeEachWord(const std::vector<Item>& items, std::string* each) {
  for (size_t i = 0; i < items.size(); ++i) {
    if (!items[i].Has(Kw::kAvg)) continue;
    for (size_t j = 0; j < items.size(); ++j) {
      const Item& word = items[j];
      const bool next =
          j == i + 1 || (word.unit_begin < word.unit_end && word.unit_begin == items[i].unit_end);
      if (next && word.text.starts_with("每")) {
        if (each) *each = word.text;
        return static_cast<int>(i);
      }
    }
  }
  return -1;
}

bool StoresRankNumbers(const IndexedColumn& c) {
  return IsRankColumn(c) && IsNumeric(c.type_class) && !c.primary_key && !c.foreign_key &&
         std::all_of(c.stats.values.begin(), c.stats.values.end(),
                     [](const std::string& v) { return IsNumber(v); });
}

namespace {

// Whether the query lists the measured table's own rows (its label, key or document key), or
// rows that each refer to one measured row (a club's arena): then the amount is each row's.
bool ListsMeasuredRows(const Query& q, const SchemaIndex& index, int measured, bool chinese) {
  return std::any_of(q.projections.begin(), q.projections.end(), [&](int p) {
    const int listed = index.columns()[p].table;
    const bool refers = std::any_of(
        index.edges().begin(), index.edges().end(),
        [&](const JoinEdge& e) { return e.from_table == listed && e.to_table == measured; });
    return refers || p == index.LabelColumn(measured, chinese) || p == index.SingleKey(measured) ||
           p == index.DocumentKey(measured);
  });
}

// Whether a read word names the measured rows: their table, or the filter's column said as
// one row's amount (订单金额, 发票金额; in English "invoice total", "order amount"), not
// 销售额 (销售 is also a word for orders). *name: the words the question used for the column.
bool NamesMeasuredRows(const std::vector<Item>& items, const SchemaIndex& index, const Filter& f,
                       int measured, bool chinese, std::string* name) {
  bool named_rows = false;
  for (const Item& it : items) {
    if (!it.used || it.kind != ItemKind::kTerm) continue;
    const bool names_column = std::any_of(it.terms.begin(), it.terms.end(), [&](int id) {
      return index.terms()[id].kind == TermKind::kColumn && index.terms()[id].column == f.column;
    });
    const bool row_amount = !chinese || it.text.ends_with("金额") || it.text.ends_with("价");
    if (names_column) *name = it.text;
    // A word for both the rows and the compared amount ("sales": the demo's orders and their
    // total_amount) says the amount, as 销售额 does: "products with sales over 100000" had
    // listed the products of single orders over 100000 at 0.95.
    if (names_column && TableNamed(it, index) == measured) continue;
    named_rows |= TableNamed(it, index) == measured ||
                  (names_column && row_amount && PhraseNamesTable(it.text, measured, index));
  }
  return named_rows;
}

}  // namespace

// "销售额超过1000万的地区" listed the regions with one order over 10 million (none): the amount
// of a group (a region's sales) compared, read as one row's. A list of what is not the measured
// table's own rows, filtered by a number on its measure, with the measure's words not naming
// those rows (销售额, not 订单金额), does not say whether one row or the group's total is meant.
std::optional<ShapeProblem> GroupAmountReadPerRow(const std::vector<Item>& items, const Query& q,
                                                  const SchemaIndex& index, bool chinese) {
  if (!q.group_columns.empty()) return std::nullopt;
  // Rows listed, or rows counted ("消费超过40的客户有几个" counted the customers with one
  // invoice over 40).
  const bool lists = q.measures.empty() && !q.projections.empty();
  const bool counts = !q.measures.empty() && q.projections.empty() &&
                      std::all_of(q.measures.begin(), q.measures.end(),
                                  [](const Measure& m) { return m.agg == Agg::kCount; });
  if (!lists && !counts) return std::nullopt;
  for (const Filter& f : q.filters) {
    if (!f.numeric || f.column < 0 || f.CountsRows()) continue;
    const IndexedColumn& c = index.columns()[f.column];
    // A measure (money, a semantic model's measure): DuSQL's plain numbers ("极端高温超过40度的
    // 城市", "报名人数超过17000的马拉松") are compared row by row in its questions.
    if (c.role != ColumnRole::kMeasure) continue;
    const int measured = c.table;
    // Counting the measured rows themselves compares each one's amount (发票金额超过20的发票).
    const bool counts_measured =
        std::any_of(q.measures.begin(), q.measures.end(), [&](const Measure& m) {
          return (m.column >= 0 ? index.columns()[m.column].table : m.table) == measured;
        });
    if (counts && counts_measured) continue;
    if (ListsMeasuredRows(q, index, measured, chinese)) continue;
    std::string name = c.display_zh.empty() ? c.name : c.display_zh;
    if (NamesMeasuredRows(items, index, f, measured, chinese, &name)) continue;
    return ShapeProblem{"a number is compared with " + name +
                            ": each group's total, or single rows? Say which (e.g. 'total " + name +
                            "').",
                        "数字被拿来与“" + name +
                            "”比较：是每组的合计，还是单条记录的值？不确定，因此不作答；"
                            "请写明，如“" +
                            name + "合计超过…”。"};
  }
  return std::nullopt;
}

namespace {

// "会员等级最高的客户有几个" answered the level with the most customers: 最高/最低/最大/最小
// right after a grouped text column ranks its values (the top level), while the reading ranks
// the groups by their row count, which 最多/最少 would ask for.
std::optional<ShapeProblem> GroupsCountedWhereTheirValueIsRanked(const std::vector<Item>& items,
                                                                 const Query& q,
                                                                 const SchemaIndex& index) {
  if (!q.superlative || q.group_columns.empty()) return std::nullopt;
  const bool counts =
      !q.measures.empty() && std::all_of(q.measures.begin(), q.measures.end(),
                                         [](const Measure& m) { return m.agg == Agg::kCount; });
  if (!counts) return std::nullopt;
  static constexpr std::string_view kMagnitude[] = {"最高", "最低", "最大", "最小"};
  for (size_t i = 1; i < items.size(); ++i) {
    const bool magnitude =
        std::any_of(std::begin(kMagnitude), std::end(kMagnitude),
                    [&](std::string_view w) { return items[i].text.starts_with(w); });
    if (!magnitude || items[i - 1].kind != ItemKind::kTerm) continue;
    for (int id : items[i - 1].terms) {
      const Term& t = index.terms()[id];
      if (t.kind != TermKind::kColumn || IsNumeric(index.columns()[t.column].type_class)) continue;
      if (std::find(q.group_columns.begin(), q.group_columns.end(), t.column) ==
          q.group_columns.end()) {
        continue;
      }
      std::string phrase = items[i - 1].text + items[i].text;
      if (phrase.ends_with("的")) phrase.resize(phrase.size() - std::string_view("的").size());
      return ShapeProblem{"'" + phrase + "' ranks the values of " + index.columns()[t.column].name +
                              " (the top one), but I ranked its groups by how many rows they "
                              "have; name the value, or say 最多 for the most rows.",
                          "“" + phrase + "”说的是“" + items[i - 1].text +
                              "”本身的取值最高或最低，我却按每组的行数排了名，因此不作答；"
                              "请写明取值，或用“最多/最少”问行数。"};
    }
  }
  return std::nullopt;
}

}  // namespace

std::optional<ShapeProblem> FindChineseMisreading(const std::vector<Item>& items,
                                                  const Query& query, const SchemaIndex& index,
                                                  const std::vector<int>& query_tables,
                                                  int time_column) {
  if (auto p = UnappliedSuperlativeOrNegation(items)) return p;
  if (auto p = LatinNameNotFound(items)) return p;
  if (auto p = UnreadPeriodWord(items, query)) return p;
  if (auto p = UnreadRestriction(items)) return p;
  if (auto p = RespectivelyOfRowsNotShown(items, query, index)) return p;
  if (auto p = PeriodOfAnUnreadEvent(items, query, index, time_column)) return p;
  if (auto p = PeriodOfCountedRowsUnnamed(items, query, index, time_column)) return p;
  if (auto p = MeasureSayingWhichRowsAreCounted(items, query, index)) return p;
  if (auto p = CountNarrowedByAMeasureBeside(query, index)) return p;
  if (auto p = OneRowsAmountSummed(items, query)) return p;
  if (auto p = RowsRankedByAFewSharedValues(query, index)) return p;
  if (auto p = ListedBesidePlacedWord(items)) return p;
  if (auto p = WhoAskedNoNameShown(items, query)) return p;
  if (auto p = UnreadHeadWord(items, query)) return p;
  if (auto p = ThingAskedAfterASuperlative(items, query)) return p;
  if (auto p = ColumnWordNamingAKindOfRows(items, query, index)) return p;
  if (auto p = TotalListedRowByRow(items, query, index)) return p;
  if (auto p = TotalOverTwoGroupings(items, query)) return p;
  if (auto p = ComparesText(query, index, time_column)) return p;
  if (auto p = RanksNumbersWithUnits(query, index)) return p;
  if (auto p = RanksARank(query, index)) return p;
  if (auto p = AveragePerEachGrouped(items, query)) return p;
  if (auto p = AverageSaidAfterEachGroup(items, query, index)) return p;
  if (auto p = GroupsCountedWhereTheirValueIsRanked(items, query, index)) return p;
  if (auto p = ValueWhereRowsAsked(items, query, index)) return p;
  if (auto p = TotalPerOwnRow(items, query, index)) return p;
  if (auto p = CountByOwnNameOfAnotherTablesValue(query, index)) return p;
  if (auto p = MagnitudeCountedTwice(items, query, index)) return p;
  if (auto p = BareNumberForACountInAMagnitude(items, query, index)) return p;
  if (auto p = UnitSaidOtherwise(items, query, index)) return p;
  if (auto p = UnitOfAnotherKind(items, query, index)) return p;
  if (auto p = ValueSaidInPart(items, index)) return p;
  if (auto p = OneCharacterValueUnread(items, index)) return p;
  if (auto p = TableCharacterAfterAColumn(items, index)) return p;
  if (auto p = EachSaidByATablesName(items, query)) return p;
  if (auto p = AverageOfWhoseRows(items, query, index)) return p;
  if (auto p = GroupAmountReadPerRow(items, query, index, true)) return p;
  if (auto p = OfPhraseOnAnotherTable(items, query, index, time_column)) return p;
  if (auto p = AttributeOfAnotherTable(items, query, index)) return p;
  if (auto p = CountOfWhatRowsStore(items, query, index, query_tables)) return p;
  if (auto p = OrdersCountedOnAnotherTable(items, query, index)) return p;
  if (auto p = PartOfAnUnreadName(items, query, index, query_tables, time_column)) return p;
  if (auto p = UnreadCharacterBeforeTheRows(items, index)) return p;
  return UnreadModifierOfTheRows(items, index);  // the more specific reasons first
}

}  // namespace askdb::nlq
