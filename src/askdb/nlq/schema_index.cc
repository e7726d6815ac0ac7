#include "askdb/nlq/schema_index.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <initializer_list>
#include <iterator>
#include <map>
#include <set>
#include <utility>

#include "askdb/catalog/semantic_model.h"
#include "askdb/common/measure_names.h"
#include "askdb/common/text.h"
#include "askdb/db/connector.h"
#include "askdb/db/schema.h"
#include "askdb/nlq/chinese_glossary.h"
#include "askdb/nlq/demonyms.h"
#include "askdb/nlq/lexicon.h"
#include "askdb/nlq/measure_units.h"
#include "askdb/nlq/schema_words.h"
#include "askdb/nlq/tokenizer.h"

namespace askdb::nlq {
namespace {

bool EndsWith(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

bool StartsWith(std::string_view s, std::string_view prefix) {
  return s.size() >= prefix.size() && s.substr(0, prefix.size()) == prefix;
}

// A value is worth indexing when it is specific: not a lone letter or CJK character, not a
// bare number, not made only of keywords or stop words (an album called "Live" would
// otherwise swallow the word "live").
bool IndexableValue(std::string_view value, const IndexOptions& options) {
  if (value.empty() || value.size() > options.max_value_bytes) return false;
  const std::vector<Unit> units = TokenizeUnits(value);
  if (units.empty()) return false;
  if (units.size() == 1) {
    const Unit& u = units[0];
    if (u.kind == UnitKind::kNumber || u.kind == UnitKind::kCjk || u.kind == UnitKind::kPunct) {
      return false;
    }
    if (u.key.size() < 2) return false;
  }
  const Lexicon& lex = Lexicon::Builtin();
  if (lex.Lookup(JoinUnitKeys(units, 0, units.size())) != 0) return false;
  return std::any_of(units.begin(), units.end(), [&](const Unit& u) {
    return u.kind != UnitKind::kPunct && lex.Lookup(u.key) == 0;
  });
}

std::string Key(std::string_view table, std::string_view column) {
  return std::string(table) + "." + std::string(column);
}

// The stored "true" value of a yes/no flag column: its values are exactly one true and one
// false spelling (T/F, Y/N, true/false, yes/no, 1/0); nullopt otherwise.
std::optional<std::string> FlagTrueValue(std::string_view lower_name,
                                         const std::vector<std::string>& values) {
  if (values.size() != 2 || lower_name.size() < 4) return std::nullopt;
  static constexpr std::string_view kTrue[] = {"t", "y", "true", "yes", "1"};
  static constexpr std::string_view kFalse[] = {"f", "n", "false", "no", "0"};
  std::optional<std::string> yes;
  bool no = false;
  for (const std::string& v : values) {
    const std::string l = text::AsciiLower(v);
    if (std::find(std::begin(kTrue), std::end(kTrue), l) != std::end(kTrue)) yes = v;
    if (std::find(std::begin(kFalse), std::end(kFalse), l) != std::end(kFalse)) no = true;
  }
  if (!yes || !no) return std::nullopt;
  return yes;
}

// What a yes/no column written as realistic schemas write it says, "" when nothing:
// IsActive → "active" (CamelCase, no underscore after "is"), PAID_YN → "paid", vip_flag → "vip"
// (a yes/no or flag marker last).
// `phrase` is the name's lower-cased words.
std::string FlagWordsOf(const std::string& phrase) {
  for (std::string_view lead : {"is ", "has "}) {
    if (phrase.starts_with(lead)) return phrase.substr(lead.size());
  }
  for (std::string_view tail : {" yn", " flag", " flg", " ind"}) {
    if (phrase.ends_with(tail)) return phrase.substr(0, phrase.size() - tail.size());
  }
  return "";
}

// FlagWords of the name spelled out (schema_words.h: sibling_disc_flg → "sibling disc").
std::string FlagWords(std::string_view name) { return FlagWordsOf(SchemaPhrase(name)); }

// FlagWords of the name as written (pct_flg → "pct").
std::string FlagWordsAsWritten(std::string_view name) {
  return FlagWordsOf(text::AsciiLower(IdentifierToPhrase(name)));
}

}  // namespace

void SchemaIndex::AddTerm(std::string_view phrase, Term term) {
  size_t units = 0;
  const std::string key = PhraseKey(phrase, &units);
  if (key.empty()) return;
  std::vector<int>& ids = term_index_[key];
  for (int id : ids) {
    const Term& t = terms_[id];
    if (t.kind == term.kind && t.table == term.table && t.column == term.column &&
        t.value == term.value && t.business == term.business) {
      return;  // the same target under another source
    }
  }
  ids.push_back(static_cast<int>(terms_.size()));
  terms_.push_back(std::move(term));
  term_keys_.push_back(key);
  max_term_units_ = std::max(max_term_units_, units);
}

namespace {

// Whether stored values are names, none a number, with or without a unit ('3年', '50公里',
// '-6'): what an int-declared column holds when it holds text, not quantities.
bool HoldsOnlyNames(const std::vector<std::string>& values) {
  return !values.empty() && std::none_of(values.begin(), values.end(), [](const std::string& v) {
    return v.empty() || std::isdigit(static_cast<unsigned char>(v[0])) || v[0] == '-' ||
           v[0] == '+' || v[0] == '.';
  });
}

// Whether stored values are known and none is a bare whole number (a year such as 2019).
bool HoldsNoBareNumber(const std::vector<std::string>& values) {
  return !values.empty() && std::none_of(values.begin(), values.end(), [](const std::string& v) {
    return !v.empty() && std::all_of(v.begin(), v.end(), [](char ch) {
      return std::isdigit(static_cast<unsigned char>(ch)) || ch == '-';
    });
  });
}

// The characters of a phrase key (tokenizer.h) made only of Chinese characters, at least
// two; else empty.
std::vector<std::string> ChineseCharacters(const std::string& key) {
  std::vector<std::string> chars;
  for (size_t begin = 0; begin <= key.size();) {
    const size_t end = std::min(key.find('\x1f', begin), key.size());
    const std::vector<Unit> units = TokenizeUnits(key.substr(begin, end - begin));
    if (units.size() != 1 || units[0].kind != UnitKind::kCjk) return {};
    chars.push_back(units[0].key);
    begin = end + 1;
  }
  if (chars.size() < 2) return {};
  return chars;
}

}  // namespace

void SchemaIndex::AddAbbreviations() {
  // What a word names: (table, column), a table word's column -1; by the word's key.
  using Target = std::pair<int, int>;
  std::map<std::string, std::set<Target>> named;
  for (size_t id = 0; id < terms_.size(); ++id) {
    const Term& t = terms_[id];
    if (t.kind != TermKind::kTable && t.kind != TermKind::kColumn) continue;
    if (ChineseCharacters(term_keys_[id]).empty()) continue;
    named[term_keys_[id]].insert({t.table, t.kind == TermKind::kTable ? -1 : t.column});
  }
  std::map<std::string, std::vector<std::string>> heads, firsts;  // character → words
  for (const auto& [key, targets] : named) {
    const std::vector<std::string> chars = ChineseCharacters(key);
    heads[chars.back()].push_back(key);
    firsts[chars.front()].push_back(key);
  }
  // The word among `words` that names all the others name (国家 beside 国别), else "".
  auto covering = [&](const std::vector<std::string>& words) -> std::string {
    for (const std::string& w : words) {
      const std::set<Target>& mine = named[w];
      const bool all = std::all_of(words.begin(), words.end(), [&](const std::string& v) {
        return std::includes(mine.begin(), mine.end(), named[v].begin(), named[v].end());
      });
      if (all) return w;
    }
    return "";
  };
  std::set<std::string> characters;
  for (const auto& [c, words] : heads) characters.insert(c);
  for (const auto& [c, words] : firsts) characters.insert(c);
  for (const std::string& c : characters) {
    // A character that is a word or a keyword of its own is never short for another.
    if (FindTerms(c) != nullptr || Lexicon::Builtin().Lookup(c) != 0) continue;
    const auto head = heads.find(c);
    const std::string word = covering(head != heads.end() ? head->second : firsts[c]);
    if (!word.empty()) abbreviations_[c] = word;
  }
}

namespace {

// The lower-case names of the table's foreign-key columns: a column among them is a key to
// another table, never a measure or a label.
std::vector<std::string> ForeignKeyColumns(const db::TableInfo& t) {
  std::vector<std::string> fk_columns;
  for (const db::ForeignKey& fk : t.foreign_keys) {
    for (const std::string& c : fk.columns) fk_columns.push_back(text::AsciiLower(c));
  }
  return fk_columns;
}

// What the schema, the model and the data say of one column: its type class, role and
// language, read once here so that every later reader agrees on them.
IndexedColumn DescribeColumn(const db::TableInfo& t, const db::ColumnInfo& c,
                             const catalog::ColumnSemantics* cs, int table_id,
                             const std::vector<std::string>& fk_columns,
                             const ColumnStatsMap& stats) {
  IndexedColumn col;
  col.name = c.name;
  col.words = SchemaWords(c.name);
  col.type = c.type;
  col.table = table_id;
  col.type_class = ClassifyType(c.type);
  col.primary_key = c.primary_key;
  const std::string lower = text::AsciiLower(c.name);
  col.foreign_key = std::find(fk_columns.begin(), fk_columns.end(), lower) != fk_columns.end();
  if (const auto it = stats.find(Key(t.name, c.name)); it != stats.end()) col.stats = it->second;
  // A column declared int that holds names (DuSQL's 作者: 路遥, 余华) is text: its values
  // are indexed, and it is never summed.
  const bool names = col.type_class == TypeClass::kInteger && !c.primary_key && !col.foreign_key &&
                     HoldsOnlyNames(col.stats.values);
  // A date column that holds no dates ('11.2', '2009.1.10', '2018年': DuSQL's 时间) is
  // text too: its values are matched as written, never read as a period. Bare years stay
  // a time column.
  const bool undated = col.type_class == TypeClass::kDate && !col.stats.min_date &&
                       HoldsNoBareNumber(col.stats.values);
  if (names || undated) col.type_class = TypeClass::kText;
  ColumnFacts facts{c.name,
                    names || undated ? std::string_view("text") : std::string_view(c.type),
                    c.primary_key,
                    col.foreign_key,
                    col.stats.distinct_count,
                    cs ? cs->role : ColumnRole::kUnspecified};
  col.role = InferColumnRole(facts);
  if (undated && col.role == ColumnRole::kTime) col.role = ColumnRole::kDimension;
  if (col.type_class == TypeClass::kText && col.role != ColumnRole::kTime && col.stats.min_date) {
    col.role = ColumnRole::kTime;  // dates stored as TEXT
  }
  if (EndsWith(lower, "_zh") || EndsWith(lower, "zh")) col.lang = "zh";
  if (EndsWith(lower, "_en")) col.lang = "en";
  if (cs) {
    col.display_zh = cs->business_name.zh;
    col.display_en = cs->business_name.en;
  }
  return col;
}

// The phrase key of `phrase` over all its units.
std::string UnitKey(const std::string& phrase) {
  const std::vector<Unit> units = TokenizeUnits(phrase);
  return JoinUnitKeys(units, 0, units.size());
}

// Whether the `tail_bytes` that end a Chinese table name follow an aggregate word of one or
// two characters (各城市各月平均气温: 气温 is a measure there, not what the rows are).
bool TailFollowsAnAggregate(const std::string& name, size_t tail_bytes) {
  constexpr KwSet kAggregate =
      Bit(Kw::kSum) | Bit(Kw::kAvg) | Bit(Kw::kMax) | Bit(Kw::kMin) | Bit(Kw::kCount);
  const std::string head = name.substr(0, name.size() - tail_bytes);
  for (size_t chars : {1, 2}) {
    if (head.size() >= 3 * chars &&
        (Lexicon::Builtin().Lookup(UnitKey(head.substr(head.size() - 3 * chars))) & kAggregate)) {
      return true;
    }
  }
  return false;
}

// Whether a table's name is made only of Chinese characters (three bytes each).
// The bytes of a Latin prefix of a table's name (IMAX of IMAX电影院, CBA of CBA总冠军): 0 when
// the name does not start with an ASCII letter or holds no Chinese after it.
size_t LatinPrefixBytes(const std::string& name) {
  size_t i = 0;
  while (i < name.size() && std::isalpha(static_cast<unsigned char>(name[i]))) ++i;
  return i < name.size() ? i : 0;
}

// Every character a three-byte UTF-8 sequence (the CJK blocks): names are cut every three bytes
// below, which would split the two-byte letters of "Заказы" or a four-byte character (whose
// byte counts can also be a multiple of three) into invalid UTF-8 terms.
bool AllChineseName(const std::string& name) {
  if (name.empty() || name.size() % 3 != 0) return false;
  const auto byte = [&](size_t i) { return static_cast<unsigned char>(name[i]); };
  for (size_t i = 0; i < name.size(); i += 3) {
    if ((byte(i) & 0xF0) != 0xE0 || (byte(i + 1) & 0xC0) != 0x80 || (byte(i + 2) & 0xC0) != 0x80) {
      return false;
    }
  }
  return true;
}

// The nouns a Chinese count column's name counts: X for X数 (员工数, 座位数) and X, X数 for
// X数量 (免税店数量, 主要餐厅数量); X of two or more characters, not ending in a counter or a
// unit (学校人数 counts no 学校人, 出场次数 no 出场次). None for other names.
std::vector<std::string> CountedNouns(const std::string& name) {
  static constexpr std::string_view kCounters =
      "人次分指系倍岁总个场件家名部本条刊篇届所颗辆款种项张期天年月周页票元";
  if (!AllChineseName(name)) return {};
  const bool quantity = name.ends_with("数量");
  if (!quantity && !name.ends_with("数")) return {};
  const std::string noun = name.substr(0, name.size() - (quantity ? 6 : 3));
  // 比赛场数 counts 比赛 by its counter 场; before 数量 the word is a noun (垃圾场数量,
  // 参赛国家数量).
  if (noun.size() < 6 ||
      (!quantity && kCounters.find(noun.substr(noun.size() - 3)) != std::string_view::npos)) {
    return {};
  }
  if (quantity) return {noun, noun + "数"};
  return {noun};
}

}  // namespace

SchemaIndex SchemaIndex::Build(const db::DatabaseSchema& schema,
                               const catalog::SemanticModel* model, const ColumnStatsMap& stats,
                               const IndexOptions& options) {
  SchemaIndex index;
  // Views repeat their base tables' columns under other names (Northwind's "Invoices" holds
  // Orders.Freight): a measure found in both would be read from whichever matched first, and
  // a view's rows are not the table's. The engine reads base tables; views stay visible to
  // the model path through the catalog.
  const bool has_base_table =
      std::any_of(schema.tables.begin(), schema.tables.end(),
                  [](const db::TableInfo& t) { return t.kind == db::TableInfo::Kind::kTable; });
  for (const db::TableInfo& t : schema.tables) {
    if (has_base_table && t.kind == db::TableInfo::Kind::kView) continue;
    const catalog::TableSemantics* ts = model ? model->FindTable(t.name) : nullptr;
    if (ts && !ts->enabled) continue;
    index.AddTable(t, ts, stats, options);
  }
  index.AddChineseTableTails();
  index.AddChineseCountNouns();
  index.AddJoinEdges(schema, model);  // the order lines are told by the document they refer to
  index.AddInferredMoneyWords();
  index.AddPriceWords();
  index.AddUnitsSoldWords();
  index.AddStaffWords();
  index.AddShipperWords();
  index.AddAbbreviations();
  index.AddDocumentValueWords();  // reads the documents' references
  index.AddLateWords();
  index.AddGlossaryWords();  // after every name of the schema and model: never over one
  return index;
}

void SchemaIndex::AddTable(const db::TableInfo& t, const catalog::TableSemantics* ts,
                           const ColumnStatsMap& stats, const IndexOptions& options) {
  const int table_id = static_cast<int>(tables_.size());
  IndexedTable table;
  table.name = t.name;
  table.row_count = t.row_count;
  if (ts) {
    table.display_zh = ts->business_name.zh;
    table.display_en = ts->business_name.en;
  }
  AddTableWords(t, ts, table_id);
  const std::vector<std::string> fk_columns = ForeignKeyColumns(t);
  for (const db::ColumnInfo& c : t.columns) {
    const catalog::ColumnSemantics* cs = ts ? ts->FindColumn(c.name) : nullptr;
    if (cs && !cs->enabled) continue;
    const int column_id = static_cast<int>(columns_.size());
    IndexedColumn col = DescribeColumn(t, c, cs, table_id, fk_columns, stats);
    AddColumnNameWords(t, c, col, column_id);
    if (cs) AddModelColumnWords(*cs, table_id, column_id, options);
    AddStoredValueWords(col, column_id, options);
    AddFlagWords(c, col, column_id);
    if (col.stats.max_date && (!latest_date_ || *col.stats.max_date > *latest_date_) &&
        col.role == ColumnRole::kTime) {
      latest_date_ = col.stats.max_date;
    }
    table.columns.push_back(column_id);
    columns_.push_back(std::move(col));
  }
  // A singular/plural alias of the table ("singer" for "singers") comes free from the
  // tokenizer; the column-less name of a one-word table also names its label column.
  tables_.push_back(std::move(table));
}

void SchemaIndex::AddTableWords(const db::TableInfo& t, const catalog::TableSemantics* ts,
                                int table_id) {
  const std::string phrase = IdentifierToPhrase(t.name);
  AddTerm(phrase, {TermKind::kTable, table_id, -1, "", "name", true});
  AddSpelledOutName(phrase, SchemaTablePhrase(t.name),
                    {TermKind::kTable, table_id, -1, "", "name", true});
  if (!ts) return;
  if (!ts->business_name.zh.empty())
    AddTerm(ts->business_name.zh, {TermKind::kTable, table_id, -1, "", "business name"});
  if (!ts->business_name.en.empty())
    AddTerm(ts->business_name.en, {TermKind::kTable, table_id, -1, "", "business name"});
  for (const std::string& s : ts->synonyms)
    AddTerm(s, {TermKind::kTable, table_id, -1, "", "synonym"});
}

namespace {

// "金额(元)", "单价/元", "重量（公斤）": a Chinese column name followed by its unit, in brackets or
// after / or _; the name without the unit (金额), or "" when `name` is not so written. Only a unit
// word (IsUnitWord): 金额(退款) is the refund, not any 金额. The name is Chinese, two characters at
// least.
std::string ChineseNameWithoutUnit(const std::string& name) {
  size_t cut = std::string::npos, unit_from = 0, unit_to = name.size();
  for (std::string_view open : {"(", "（"}) {
    const std::string_view close = open == "(" ? ")" : "）";
    const size_t at = name.rfind(open);
    if (at != std::string::npos && name.ends_with(close)) {
      cut = at, unit_from = at + open.size(), unit_to = name.size() - close.size();
    }
  }
  // After / or _ as well: 客户_名称 is no 客户 with a unit.
  if (const size_t at = name.find_last_of("/_");
      cut == std::string::npos && at != std::string::npos) {
    cut = at, unit_from = at + 1;
  }
  if (cut == std::string::npos || unit_to <= unit_from ||
      !IsUnitWord(std::string_view(name).substr(unit_from, unit_to - unit_from))) {
    return "";
  }
  const std::string base = name.substr(0, cut);
  const bool chinese = base.size() >= 2 * 3 && std::all_of(base.begin(), base.end(), [](char ch) {
                         return (static_cast<unsigned char>(ch) & 0x80) != 0;
                       });
  return chinese ? base : "";
}

}  // namespace

void SchemaIndex::AddColumnNameWords(const db::TableInfo& t, const db::ColumnInfo& c,
                                     const IndexedColumn& col, int column_id) {
  const int table_id = col.table;
  const std::string lower = text::AsciiLower(c.name);
  // Keys are named by their table ("artists" for ArtistId); they stay reachable by their own
  // name but at low priority.
  const std::string col_phrase = IdentifierToPhrase(c.name);
  const bool is_key = col.role == ColumnRole::kIdentifier;
  AddTerm(col_phrase, {TermKind::kColumn, table_id, column_id, "", "name", !is_key});
  const std::string spelled = SchemaPhrase(c.name);
  AddSpelledOutName(col_phrase, spelled,
                    {TermKind::kColumn, table_id, column_id, "", "name", !is_key});
  // Aliases: without the language suffix ("name_zh" → "name"), without the table's name
  // ("InvoiceDate" → "date" is too vague, so only when two words remain).
  if (!col.lang.empty() && col_phrase.size() > 3) {
    AddTerm(col_phrase.substr(0, col_phrase.size() - 3),
            {TermKind::kColumn, table_id, column_id, "", "name", false});
  }
  // A table's single key named "...id" is also its "id" ("the ids of the students").
  if (c.primary_key && t.primary_key.size() == 1 && lower.size() > 2 &&
      lower.compare(lower.size() - 2, 2, "id") == 0) {
    AddTerm("id", {TermKind::kColumn, table_id, column_id, "", "key", false});
    AddTerm("ids", {TermKind::kColumn, table_id, column_id, "", "key", false});
  }
  if (!is_key) AddChineseColumnAliases(col_phrase, col, column_id);
  // "金额超过100的订单" for 金额(元): the name without its unit, as the plain name would be.
  if (const std::string base = ChineseNameWithoutUnit(c.name); !is_key && !base.empty()) {
    AddTerm(base, {TermKind::kColumn, table_id, column_id, "", "name", false});
    AddChineseColumnAliases(base, col, column_id);
  }
  // The column is not in columns_ yet, so its role is read here, not by the contact phrase.
  if (!is_key) AddContactPhrase(col_phrase, table_id, column_id);
  AddEnglishColumnAliases(col_phrase, SingularizeEnglish(text::AsciiLower(t.name)), table_id,
                          column_id);
  if (spelled != col_phrase) {
    if (!is_key) AddContactPhrase(spelled, table_id, column_id);
    AddEnglishColumnAliases(spelled, SingularizeEnglish(SchemaTablePhrase(t.name)), table_id,
                            column_id);
  }
}

// cust_nm is also "customer name", tblGenre "genre" (schema_words.h): the same term under the
// words people say. Never a keyword of the lexicon ("amt" spelled "amount" would take the word
// from every question about amounts).
void SchemaIndex::AddSpelledOutName(const std::string& phrase, const std::string& spelled,
                                    Term term) {
  if (spelled == phrase || spelled.empty()) return;
  if (Lexicon::Builtin().Lookup(PhraseKey(spelled)) != 0) return;
  AddTerm(spelled, std::move(term));
}

void SchemaIndex::AddChineseColumnAliases(const std::string& col_phrase, const IndexedColumn& col,
                                          int column_id) {
  const int table_id = col.table;
  // "各地区的学校" for 所属地区, "在哪个城市" for 所在城市: a Chinese column named 所属/所在 +
  // a noun of two or more characters is also that noun (at low priority).
  for (std::string_view prefix : {"所属", "所在"}) {
    const std::string rest =
        StartsWith(col_phrase, prefix) ? col_phrase.substr(prefix.size()) : std::string();
    if (!col.foreign_key && rest.size() >= 2 * 3 && text::ContainsCjk(rest) &&
        Lexicon::Builtin().Lookup(PhraseKey(rest)) == 0) {
      AddTerm(rest, {TermKind::kColumn, table_id, column_id, "", "name", false});
    }
  }
  // "成人价超过15000" for 成人价格: a Chinese column named X价格 (X of two or more characters)
  // is also X价, as 价 says 价格 (at low priority).
  if (col_phrase.ends_with("价格") && col_phrase.size() >= 4 * 3 && text::ContainsCjk(col_phrase)) {
    AddTerm(col_phrase.substr(0, col_phrase.size() - std::string_view("格").size()),
            {TermKind::kColumn, table_id, column_id, "", "name", false});
  }
}

// "员工超过5万人的企业" for 员工数, "免税店超过100家" for 免税店数量: a number column named
// X数 / X数量 counts X, and X said alone is that count. After every table and column is
// indexed, and only when X names nothing else (a table 员工 keeps its word) and one column.
void SchemaIndex::AddChineseCountNouns() {
  std::map<std::string, std::set<int>> nouns;  // X → the count columns named X数 / X数量
  for (size_t c = 0; c < columns_.size(); ++c) {
    const IndexedColumn& col = columns_[c];
    if (!IsNumeric(col.type_class) || col.role == ColumnRole::kIdentifier) continue;
    for (const std::string& noun : CountedNouns(col.name)) nouns[noun].insert(int(c));
  }
  for (const auto& [noun, cols] : nouns) {
    if (cols.size() != 1 || FindTerms(UnitKey(noun)) != nullptr ||
        Lexicon::Builtin().Lookup(UnitKey(noun)) != 0) {
      continue;
    }
    const int c = *cols.begin();
    AddTerm(noun, {TermKind::kColumn, columns_[c].table, c, "", "count noun", false});
  }
}

namespace {

// "email address", "phone number": a contact column named by its kind alone (email, phone,
// contact_email, tel) said with the word its kind goes with; "" for any other column.
std::string ContactPhrase(const std::string& col_phrase) {
  static constexpr std::pair<std::string_view, std::string_view> kSaidWith[] = {
      {"email", "address"},
      {"phone", "number"},
      {"telephone", "number"},
      {"mobile", "number"},
      {"fax", "number"}};
  const size_t space = col_phrase.rfind(' ');
  const std::string_view last =
      std::string_view(col_phrase).substr(space == std::string::npos ? 0 : space + 1);
  for (const auto& [kind, word] : kSaidWith) {
    if (last == kind) return col_phrase + " " + std::string(word);
  }
  return "";
}

}  // namespace

void SchemaIndex::AddContactPhrase(const std::string& col_phrase, int table_id, int column_id) {
  const std::string said = ContactPhrase(col_phrase);
  if (said.empty()) return;
  // A column of that very name keeps it; contact columns of several tables share it.
  if (const std::vector<int>* ids = FindTerms(PhraseKey(said))) {
    for (int id : *ids) {
      if (terms_[id].source != "synonym" || terms_[id].column == column_id) return;
    }
  }
  AddTerm(said, {TermKind::kColumn, table_id, column_id, "", "synonym", false});
}

void SchemaIndex::AddEnglishColumnAliases(const std::string& col_phrase,
                                          const std::string& table_singular, int table_id,
                                          int column_id) {
  // "Year_of_Founded" is also asked as "founded year".
  if (const size_t of = col_phrase.find(" of ");
      of != std::string::npos && col_phrase.find(' ') == of &&
      col_phrase.find(' ', of + 4) == std::string::npos) {
    AddTerm(col_phrase.substr(of + 4) + " " + col_phrase.substr(0, of),
            {TermKind::kColumn, table_id, column_id, "", "name", false});
  }
  if (!StartsWith(col_phrase, table_singular + " ")) return;
  const std::string rest = col_phrase.substr(table_singular.size() + 1);
  if (rest.find(' ') != std::string::npos) {
    AddTerm(rest, {TermKind::kColumn, table_id, column_id, "", "name", false});
  } else if (Lexicon::Builtin().Lookup(PhraseKey(rest)) == 0) {
    // One word ("PetType" → "type") is too vague alone: the engine takes it only when
    // the question names the table ("the type of the youngest pet"). Never a keyword
    // ("ItemList" must not take "list" from "list the items").
    AddTerm(rest, {TermKind::kColumn, table_id, column_id, "", "short", false});
  }
  // "PetType" is also "type of pet".
  AddTerm(rest + " of " + table_singular,
          {TermKind::kColumn, table_id, column_id, "", "name", false});
}

void SchemaIndex::AddModelColumnWords(const catalog::ColumnSemantics& cs, int table_id,
                                      int column_id, const IndexOptions& options) {
  if (!cs.business_name.zh.empty())
    AddTerm(cs.business_name.zh, {TermKind::kColumn, table_id, column_id, "", "business name"});
  if (!cs.business_name.en.empty())
    AddTerm(cs.business_name.en, {TermKind::kColumn, table_id, column_id, "", "business name"});
  for (const std::string& s : cs.synonyms)
    AddTerm(s, {TermKind::kColumn, table_id, column_id, "", "synonym"});
  for (const catalog::ValueLabel& v : cs.values) {
    for (const std::string& label : v.labels)
      AddTerm(label, {TermKind::kValue, table_id, column_id, v.value, "value label"});
    if (IndexableValue(v.value, options))
      AddTerm(v.value, {TermKind::kValue, table_id, column_id, v.value, "value"});
  }
}

void SchemaIndex::AddStoredValueWords(const IndexedColumn& col, int column_id,
                                      const IndexOptions& options) {
  if (col.type_class != TypeClass::kText || col.role == ColumnRole::kTime) return;
  const int table_id = col.table;
  for (const std::string& v : col.stats.values) {
    if (!IndexableValue(v, options)) continue;
    AddTerm(v, {TermKind::kValue, table_id, column_id, v, "value"});
    // "american" for 'USA', "法国" for 'France': only for countries the data holds.
    if (const std::vector<std::string>* words = CountryWords::Builtin().WordsFor(v)) {
      for (const std::string& w : *words) {
        AddTerm(w, {TermKind::kValue, table_id, column_id, v, "value label", false});
      }
    }
    // "北京市" is also "北京".
    for (std::string_view suffix : {"市", "省", "区", "县"}) {
      if (EndsWith(v, suffix) && v.size() >= 3 * 3) {
        AddTerm(v.substr(0, v.size() - suffix.size()),
                {TermKind::kValue, table_id, column_id, v, "value", false});
      }
    }
  }
}

void SchemaIndex::AddFlagWords(const db::ColumnInfo& c, const IndexedColumn& col, int column_id) {
  const std::string lower = text::AsciiLower(c.name);
  std::optional<std::string> yes = FlagTrueValue(lower, col.stats.values);
  if (!yes) return;
  for (std::string_view prefix : {"is_", "if_", "has_"}) {
    if (StartsWith(lower, prefix) && lower.size() > prefix.size()) {
      AddTerm(IdentifierToPhrase(std::string_view(c.name).substr(prefix.size())),
              {TermKind::kValue, col.table, column_id, *yes, "flag", false});
      return;
    }
  }
  if (const std::string said = FlagWords(c.name); !said.empty()) {
    // Spelled out, the words are no lexicon keyword (as in AddSpelledOutName): pct_flg is no
    // "percent", cnt_flg no "count".
    if (said != FlagWordsAsWritten(c.name) && Lexicon::Builtin().Lookup(PhraseKey(said)) != 0) {
      return;
    }
    AddTerm(said, {TermKind::kValue, col.table, column_id, *yes, "flag", false});
  }
}

void SchemaIndex::AddChineseTableTails() {
  std::map<std::string, std::set<int>> tails;  // tail → the tables whose name it ends
  for (size_t t = 0; t < tables_.size(); ++t) {
    const std::string& full = tables_[t].name;
    // "IMAX电影院" is also said by its Chinese part's tails (影院) and by that part (电影院),
    // with the prefix too (IMAX影院).
    const std::string name = full.substr(LatinPrefixBytes(full));
    if (!AllChineseName(name)) continue;
    const bool prefixed = name.size() < full.size();
    for (size_t chars : {2, 3}) {
      // A tail opening with the particle 的 (的城市 of 垃圾分类的城市) would swallow the 的 of
      // "…超过500的城市": no name word starts with it.
      if ((name.size() / 3 > chars || (prefixed && name.size() / 3 == chars)) &&
          !TailFollowsAnAggregate(name, 3 * chars) &&
          name.compare(name.size() - 3 * chars, 3, "的") != 0) {
        const std::string tail = name.substr(name.size() - 3 * chars);
        tails[tail].insert(int(t));
        if (prefixed) tails[full.substr(0, full.size() - name.size()) + tail].insert(int(t));
      }
    }
  }
  for (const auto& [tail, tables] : tails) {
    if (tables.size() != 1 || FindTerms(UnitKey(tail)) != nullptr ||
        Lexicon::Builtin().Lookup(UnitKey(tail)) != 0) {
      continue;
    }
    AddTerm(tail, {TermKind::kTable, *tables.begin(), -1, "", "name tail", false});
  }
}

namespace {

bool IsEnglishIdentifier(std::string_view name) {
  return std::all_of(name.begin(), name.end(), [](unsigned char c) { return c < 0x80; });
}

std::vector<std::string> TableGlossaryWords(const IndexedTable& table,
                                            const ChineseGlossary& glossary) {
  if (!table.display_zh.empty()) return {};
  return glossary.WordsFor(SchemaTableWords(table.name));
}

// The tables and the columns whose English names a glossary word would name.
struct GlossaryNamed {
  std::set<int> tables, columns;
};

}  // namespace

void SchemaIndex::AddGlossaryWords() {
  const ChineseGlossary& glossary = ChineseGlossary::Builtin();
  std::map<std::string, GlossaryNamed> named;  // Chinese word → what it would name
  for (size_t t = 0; t < tables_.size(); ++t) {
    // A semantic model's Chinese name is the authority: its table or column gains no glossary
    // word, which could outgrow the model's (总金额 over 金额 of total_amount).
    if (!IsEnglishIdentifier(tables_[t].name)) continue;
    for (const std::string& word : TableGlossaryWords(tables_[t], glossary)) {
      named[word].tables.insert(int(t));
    }
    const std::vector<std::string> table_words = SchemaTableWords(tables_[t].name);
    for (int c : tables_[t].columns) {
      const IndexedColumn& col = columns_[c];
      // A key says which row, not what the row holds: customer_id is no 客户.
      if (col.role == ColumnRole::kIdentifier || col.primary_key || col.foreign_key ||
          !IsEnglishIdentifier(col.name) || !col.display_zh.empty()) {
        continue;
      }
      for (const std::string& word : glossary.WordsFor(col.words, table_words)) {
        named[word].columns.insert(c);
      }
    }
  }
  for (const auto& [word, what] : named) {
    const std::string key = UnitKey(word);
    // The schema's own names, the model's and the keywords (数量 of 订单数量 counts) come first.
    if (FindTerms(key) != nullptr || Lexicon::Builtin().Lookup(key) != 0) continue;
    // Two tables named alike would be a guess between them. Two columns stay: the grounding
    // sees them as equally close and the engine abstains when the question's tables hold both.
    if (what.tables.size() == 1) {
      AddTerm(word, {TermKind::kTable, *what.tables.begin(), -1, "", "glossary", false});
    }
    for (int c : what.columns) {
      AddTerm(word, {TermKind::kColumn, columns_[c].table, c, "", "glossary", false});
    }
  }
}

void SchemaIndex::AddJoinEdge(std::string_view from_t, std::string_view from_c,
                              std::string_view to_t, std::string_view to_c) {
  const int ft = FindTable(from_t);
  const int tt = FindTable(to_t);
  if (ft < 0 || tt < 0) return;
  const int fc = FindColumn(ft, from_c);
  const int tc = FindColumn(tt, to_c);
  if (fc < 0 || tc < 0) return;
  edges_.push_back({ft, fc, tt, tc});
}

void SchemaIndex::AddJoinEdges(const db::DatabaseSchema& schema,
                               const catalog::SemanticModel* model) {
  for (const db::TableInfo& t : schema.tables) {
    for (const db::ForeignKey& fk : t.foreign_keys) {
      if (fk.columns.size() != 1 || fk.ref_columns.size() > 1) continue;
      std::string ref_column;
      if (fk.ref_columns.empty()) {
        const db::TableInfo* ref = schema.FindTable(fk.ref_table);
        if (!ref || ref->primary_key.size() != 1) continue;
        ref_column = ref->primary_key[0];
      } else {
        ref_column = fk.ref_columns[0];
      }
      AddJoinEdge(t.name, fk.columns[0], fk.ref_table, ref_column);
    }
  }
  if (!model) return;
  for (const catalog::LogicalRelation& r : model->relations) {
    if (r.kind == catalog::RelationKind::kOneToMany) {
      AddJoinEdge(r.to_table, r.to_column, r.from_table, r.from_column);
    } else {
      AddJoinEdge(r.from_table, r.from_column, r.to_table, r.to_column);
    }
  }
}

namespace {

// Whether a money word already names a column: the schema or the semantic model says which.
bool AMoneyWordNamesAColumn(const SchemaIndex& index,
                            const std::vector<std::string_view>& money_words) {
  for (std::string_view word : money_words) {
    const std::vector<int>* ids = index.FindTerms(PhraseKey(word));
    if (!ids) continue;
    for (int id : *ids) {
      if (index.terms()[id].kind == TermKind::kColumn) return true;
    }
  }
  return false;
}

constexpr int kSeveralMoneyColumns = -2;

// The revenue phrases that may name money paid as well as taken: spend, spending, spent.
bool SaysSpending(std::string_view money_word) { return money_word.starts_with("spen"); }

bool HasWord(const std::vector<std::string>& words, std::string_view w) {
  return std::find(words.begin(), words.end(), w) != words.end();
}

// Whether a word of the table's name (singular) is one of `words`.
bool TableNameSays(const SchemaIndex& index, int table,
                   std::initializer_list<std::string_view> words) {
  for (const std::string& word : SchemaTableWords(index.tables()[table].name)) {
    const std::string one = SingularizeEnglish(word);
    if (std::find(words.begin(), words.end(), one) != words.end()) return true;
  }
  return false;
}

// Whether the table's rows, or the rows of a table they point to (purchase lines to their
// purchase), point to a table named by one of `parties`.
bool PointsToAParty(const SchemaIndex& index, int table,
                    std::initializer_list<std::string_view> parties) {
  for (const JoinEdge& e : index.edges()) {
    if (e.from_table != table || e.to_table == table) continue;
    if (TableNameSays(index, e.to_table, parties)) return true;
    for (const JoinEdge& up : index.edges()) {
      if (up.from_table == e.to_table && up.to_table != e.to_table &&
          TableNameSays(index, up.to_table, parties)) {
        return true;
      }
    }
  }
  return false;
}

// A table named for money the business pays out (payouts to instructors, expenses, refunds,
// salaries): its amount is never the revenue, whatever the column is called. Purchases and
// commissions go either way: purchases from a supplier are paid out, a customer's purchases are
// sales; a commission paid to a salesperson or agent is paid out, one a marketplace takes from
// its sellers is its income. They count as paid out only when they point to such a payee.
bool HoldsMoneyPaidOut(const SchemaIndex& index, int table) {
  if (TableNameSays(index, table,
                    {"payout", "expense", "expenditure", "refund", "salary", "payroll", "wage",
                     "disbursement", "reimbursement", "withdrawal"})) {
    return true;
  }
  if (TableNameSays(index, table, {"purchase"}) &&
      PointsToAParty(index, table,
                     {"supplier", "vendor", "seller", "merchant", "wholesaler", "distributor",
                      "manufacturer"})) {
    return true;
  }
  return TableNameSays(index, table, {"commission"}) &&
         PointsToAParty(index, table,
                        {"salesperson", "salespeople", "agent", "employee", "staff", "rep",
                         "broker", "affiliate", "instructor", "driver"});
}

// A column named for an amount of money (price, amount, total, cost, fee, charge).
bool NamesMoney(const IndexedColumn& col) {
  for (std::string_view w : {"price", "amount", "total", "cost", "fee", "charge", "revenue"}) {
    if (HasWord(col.words, w)) return true;
  }
  return false;
}

// A column that says it is the number of things sold: quantity, qty, 数量 (the order lines'
// quantity, FindLineColumns).
bool SaysAQuantity(const IndexedColumn& col) {
  return HasWord(col.words, "quantity") || HasWord(col.words, "qty") || col.name == "数量";
}

// A column that may be how many things a row holds: one that says a quantity, a count of units,
// items, seats, tickets, nights (num_items, n_seats), or any whole-number measure other than a
// key or money. Beside such a column a price is per thing, so the row's money is a guess.
bool MayBeAQuantity(const IndexedColumn& col) {
  if (col.primary_key || col.foreign_key || col.role == ColumnRole::kIdentifier) return false;
  if (SaysAQuantity(col)) return true;
  if (NamesMoney(col)) return false;
  for (std::string_view w :
       {"unit",    "units", "item",   "items",  "seat",   "seats",   "ticket",
        "tickets", "night", "nights", "count",  "num",    "n",       "number",
        "pieces",  "pcs",   "pax",    "guests", "people", "persons", "volume"}) {
    if (HasWord(col.words, w) &&
        (col.type_class == TypeClass::kInteger || col.type_class == TypeClass::kNumber)) {
      return true;
    }
  }
  return col.type_class == TypeClass::kInteger && col.role == ColumnRole::kMeasure;
}

bool HasAQuantity(const SchemaIndex& index, int table) {
  const std::vector<int>& columns = index.tables()[table].columns;
  return std::any_of(columns.begin(), columns.end(),
                     [&](int c) { return MayBeAQuantity(index.columns()[c]); });
}

// Whether other tables' rows point to the table (a catalogue, a vehicle list).
bool IsPointedTo(const SchemaIndex& index, int table) {
  return std::any_of(index.edges().begin(), index.edges().end(), [&](const JoinEdge& e) {
    return e.to_table == table && e.from_table != table;
  });
}

// Whether the table's time column says the row was sold, paid, booked or enrolled: the date of
// a sale, not of a listing (products.added_on, launch_date; vehicles.acquired_on).
bool DatedBySale(const SchemaIndex& index, int table) {
  const int time = index.TimeColumn(table);
  if (time < 0) return false;
  const std::vector<std::string>& w = index.columns()[time].words;
  for (std::string_view x : {"sale", "sales", "sold", "paid", "payment", "booked", "booking",
                             "enrolled", "enrollment", "enrolment"}) {
    if (HasWord(w, x)) return true;
  }
  return false;
}

// The price a row was sold at (sale_price, selling_price, price_sold). Not "paid": a price paid
// is as often what the business paid (vehicles.price_paid of a dealer) as what it was paid.
bool NamesAPriceSold(const std::vector<std::string>& words) {
  return HasWord(words, "price") &&
         (HasWord(words, "sale") || HasWord(words, "sold") || HasWord(words, "selling"));
}

// Whether a money column's table, or a document its rows point to, says rows may be refunded,
// cancelled or voided (a refunded flag, a status holding 'cancelled', a refunds table pointing
// to it): the sum of every row is then not the money taken.
bool MayHoldUndoneRows(const SchemaIndex& index, int table) {
  auto says_undone = [](std::string_view lower) {
    for (std::string_view w : {"refund", "cancel", "void", "revers", "chargeback"}) {
      if (lower.find(w) != std::string_view::npos) return true;
    }
    return false;
  };
  auto table_says = [&](int t) {
    if (TableNameSays(index, t, {"refund"})) return true;
    for (int c : index.tables()[t].columns) {
      const IndexedColumn& col = index.columns()[c];
      if (says_undone(text::AsciiLower(col.name))) return true;
      for (const std::string& v : col.stats.values) {
        if (says_undone(text::AsciiLower(v))) return true;
      }
    }
    return false;
  };
  if (table_says(table)) return true;
  for (const JoinEdge& e : index.edges()) {
    if (e.from_table == table && e.to_table != table && index.IsDatedDocument(e.to_table) &&
        table_says(e.to_table)) {
      return true;
    }
    if (e.to_table == table && e.from_table != table &&
        TableNameSays(index, e.from_table, {"refund", "cancellation"})) {
      return true;
    }
  }
  return false;
}

// A money column that this session's readings newly allow, where the start of session 27
// abstained: the price sold at, or a name ending in the letters "id" that was read as a key
// (AmountPaid, price_paid).
bool NewlyReadMoney(const IndexedColumn& col, bool price_sold) {
  const std::string lower = text::AsciiLower(col.name);
  return price_sold || (lower.ends_with("id") && !lower.ends_with("_id"));
}

struct MoneyColumn {
  int column = -1;  // kSeveralMoneyColumns when two or more
  bool newly_read = false;
};

// The one measure called total/amount/amt/金额 on a table with a date (a fact table): -1 when
// none, kSeveralMoneyColumns when two or more (which one is "revenue" is for people to say).
// "amt" spells "amount" as a whole word (invoice.amt, schema_words.h): without it an invented
// plumbing schema's revenue was read as the parts lines' unit_price × qty, not the invoiced amount.
// Tables of money paid out count only with `paid_out_too` (what "spend" may name). The price a
// row was sold at counts when no order lines hold the sales (`lines_found`), on a table no other
// rows point to (no catalogue), dated by the sale, with no quantity beside it. Two on one table,
// one paid or collected and one the total billed (invoices.total, amount_paid): the total.
MoneyColumn TheOneMoneyColumn(const SchemaIndex& index, bool paid_out_too, bool lines_found) {
  std::vector<int> found;
  bool newly_read = false;
  for (size_t t = 0; t < index.tables().size(); ++t) {
    const int table = static_cast<int>(t);
    if (index.TimeColumn(table) < 0) continue;
    if (!paid_out_too && HoldsMoneyPaidOut(index, table)) continue;
    const bool sold_per_row = !lines_found && !HasAQuantity(index, table) &&
                              !IsPointedTo(index, table) && DatedBySale(index, table);
    for (int c : index.tables()[t].columns) {
      const IndexedColumn& col = index.columns()[c];
      const std::string lower = text::AsciiLower(col.name);
      const std::vector<std::string>& words = col.words;
      const bool price_sold = sold_per_row && NamesAPriceSold(words);
      const bool money_name =
          lower.find("total") != std::string::npos || lower.find("amount") != std::string::npos ||
          HasWord(words, "amount") || col.name.find("金额") != std::string::npos || price_sold;
      if (col.role != ColumnRole::kMeasure || !money_name) continue;
      found.push_back(c);
      newly_read = newly_read || NewlyReadMoney(col, price_sold);
    }
  }
  if (found.empty()) return {};
  if (found.size() == 1) return {found[0], newly_read};
  if (found.size() == 2 && index.columns()[found[0]].table == index.columns()[found[1]].table) {
    auto paid = [&](int c) {
      const std::vector<std::string>& w = index.columns()[c].words;
      return HasWord(w, "paid") || HasWord(w, "collected") || HasWord(w, "received");
    };
    auto billed = [&](int c) {
      const std::vector<std::string>& w = index.columns()[c].words;
      return !paid(c) && (HasWord(w, "total") || HasWord(w, "billed") || HasWord(w, "invoiced"));
    };
    for (int i = 0; i < 2; ++i) {
      if (billed(found[i]) && paid(found[1 - i])) {
        return {found[i], NewlyReadMoney(index.columns()[found[i]], false)};
      }
    }
  }
  return {kSeveralMoneyColumns, false};
}

}  // namespace

void SchemaIndex::AddInferredMoneyWords() {
  // Words people use for the money a business takes in. A semantic model that defines any of
  // them is the authority; without one, they name the money column only when the data has
  // exactly one: a measure called total/amount/金额 on a table with a date (a fact table).
  // The phrases are the revenue rows of the one money-word table (common/measure_names.cc).
  const std::vector<std::string_view>& money_words = measures::RevenuePhrases();
  if (AMoneyWordNamesAColumn(*this, money_words)) {
    AdoptNamedMoneyColumn();
    return;
  }
  // Money paid out (expenses.amount) is what "spend" names, never the money taken in.
  const bool lines_found = FindLineColumns().has_value();
  const MoneyColumn taken = TheOneMoneyColumn(*this, /*paid_out_too=*/false, lines_found);
  const int money = taken.column;
  const int spent = TheOneMoneyColumn(*this, /*paid_out_too=*/true, lines_found).column;
  const bool spent_elsewhere = spent != money;
  // A money column read only since session 27 (a price sold at, AmountPaid, the one left when
  // money paid out is set aside) sums every row: where rows may be refunded or cancelled, that
  // is not the money taken, and the words name nothing.
  const bool undone = money >= 0 && (taken.newly_read || spent_elsewhere) &&
                      MayHoldUndoneRows(*this, columns_[money].table);
  if (spent_elsewhere && spent >= 0) {
    for (std::string_view word : money_words) {
      if (!SaysSpending(word) || FindTerms(PhraseKey(word))) continue;
      AddTerm(word, {TermKind::kColumn, columns_[spent].table, spent, "", "inferred money"});
    }
  }
  if (money == kSeveralMoneyColumns || undone) return;
  std::optional<BoundBusinessTerm> lines = InferLineRevenue(money_words[0]);
  if (lines) business_terms_.push_back(std::move(*lines));
  const int line_term = lines ? static_cast<int>(business_terms_.size()) - 1 : -1;
  if (money < 0 && line_term < 0) return;
  if (money >= 0) {
    // The lines stay the money of what only they hold (an artist of the tracks sold); the
    // words name the document's total.
    inferred_money_column_ = money;
    line_revenue_term_ = line_term;
  }
  Term term{TermKind::kColumn, -1, money, "", "inferred money", false};
  if (money >= 0) {
    term.table = columns_[money].table;
  } else {
    term.kind = TermKind::kBusiness;
    term.table = business_terms_[line_term].table;
    term.business = line_term;
  }
  for (std::string_view word : money_words) {
    if (FindTerms(PhraseKey(word))) continue;  // a table or a value of that name comes first
    if (spent_elsewhere && SaysSpending(word)) continue;  // which money is a guess
    AddTerm(word, term);
  }
}

void SchemaIndex::AdoptNamedMoneyColumn() {
  // The money words a semantic model gives one measure of a dated table (Chinook's
  // Invoice.Total: 销售额, 营收, revenue) name the money column as the inferred words would.
  int money = -1;
  for (std::string_view word : measures::RevenuePhrases()) {
    const std::vector<int>* ids = FindTerms(PhraseKey(word));
    if (!ids) continue;
    for (int id : *ids) {
      if (terms_[id].kind != TermKind::kColumn) continue;
      if (money >= 0 && money != terms_[id].column) return;  // two money columns: unclear
      money = terms_[id].column;
    }
  }
  if (money < 0 || columns_[money].role != ColumnRole::kMeasure) return;
  if (TimeColumn(columns_[money].table) < 0) return;
  inferred_money_column_ = money;
  // The lines beneath keep price × quantity for what only they hold ("每个流派的销售额"),
  // unless they have a money column of their own for the model to name (the demo's
  // order_items.amount, 商品销售额: MoveMeasureAcrossFanOut reads it).
  std::optional<BoundBusinessTerm> lines = InferLineRevenue(measures::RevenuePhrases()[0]);
  if (!lines) return;
  const std::vector<int>& line_columns = tables_[lines->table].columns;
  if (std::any_of(line_columns.begin(), line_columns.end(), [&](int c) {
        return columns_[c].role == ColumnRole::kMeasure && c != money &&
               measures::NamesMoney(text::AsciiLower(columns_[c].name));
      })) {
    return;
  }
  business_terms_.push_back(std::move(*lines));
  line_revenue_term_ = static_cast<int>(business_terms_.size()) - 1;
}

int SchemaIndex::PriceColumn(int table) const {
  int found = -1;
  for (int c : tables_[table].columns) {
    const IndexedColumn& col = columns_[c];
    if (!IsNumeric(col.type_class) || col.primary_key || col.foreign_key) continue;
    if (text::AsciiLower(col.name).find("price") == std::string::npos &&
        col.display_zh.find("价") == std::string::npos) {
      continue;
    }
    if (found >= 0) return -1;  // two prices (list, cost): which one is meant is for people
    found = c;
  }
  return found;
}

void SchemaIndex::AddPriceWords() {
  for (size_t t = 0; t < tables_.size(); ++t) {
    const int price = PriceColumn(static_cast<int>(t));
    if (price < 0) continue;
    // A table that has a cost of its own keeps the word for it.
    const bool has_cost =
        std::any_of(tables_[t].columns.begin(), tables_[t].columns.end(), [&](int c) {
          return text::AsciiLower(columns_[c].name).find("cost") != std::string::npos;
        });
    for (std::string_view word : {"price", "priced", "cost"}) {
      if (has_cost && word == "cost") continue;
      if (IdentifierToPhrase(columns_[price].name) == word) continue;  // its own name
      AddTerm(word, {TermKind::kColumn, static_cast<int>(t), price, "", "short", false});
    }
  }
  // "avg list price per category": the catalogue's price, not the one an order line was sold
  // at (Northwind's Products.UnitPrice beside "Order Details".UnitPrice) — the one price column
  // of a table other than the order lines; none when two tables have one.
  const std::optional<LineColumns> lines = FindLineColumns();
  int list = -1;
  for (size_t t = 0; t < tables_.size(); ++t) {
    const int price = PriceColumn(static_cast<int>(t));
    if (price < 0 || (lines && lines->table == static_cast<int>(t))) continue;
    if (list >= 0) return;
    list = price;
  }
  if (list < 0) return;
  for (std::string_view word : {"list price", "catalogue price", "catalog price"}) {
    if (FindTerms(PhraseKey(word)) != nullptr) continue;
    AddTerm(word, {TermKind::kColumn, columns_[list].table, list, "", "synonym"});
  }
}

// "sales by support rep", "list staff hired before 1993": the one table of a business's
// employees (named employee(s) or staff) is also called by the words people use for them.
// Only words no table, column or value already has, only when one table is so named, and not
// when the table stores a value with the word's key ("Sales Representative", "IT Staff"):
// then "how many reps" may mean the rows holding that value.
void SchemaIndex::AddStaffWords() {
  int staff = -1;
  for (size_t t = 0; t < tables_.size(); ++t) {
    const std::string name = SingularizeEnglish(text::AsciiLower(tables_[t].name));
    if (name != "employee" && name != "staff") continue;
    if (staff >= 0) return;  // two: which one a word means is a guess
    staff = static_cast<int>(t);
  }
  if (staff < 0) return;
  std::set<std::string> stored;  // the words of the table's stored text values
  for (int c : tables_[staff].columns) {
    for (const std::string& v : columns_[c].stats.values) {
      std::string word;
      for (char ch : text::AsciiLower(v) + " ") {
        if (std::isalnum(static_cast<unsigned char>(ch))) {
          word += ch;
        } else if (!word.empty()) {
          stored.insert(word);
          word.clear();
        }
      }
    }
  }
  // Each word with the key a stored value would say it by.
  constexpr std::pair<std::string_view, std::string_view> kWords[] = {
      {"staff", "staff"},
      {"staff member", "staff"},
      {"employee", "employee"},
      {"rep", "representative"},
      {"representative", "representative"},
      {"sales rep", "representative"},
      {"sales representative", "representative"},
      {"support rep", "representative"},
      {"support representative", "representative"},
      {"salesperson", "sales"},
      {"salespeople", "sales"},
      {"sales person", "sales"},
      {"sales agent", "agent"},
      {"support agent", "agent"},
      {"account manager", "manager"}};
  for (const auto& [word, key] : kWords) {
    if (stored.count(std::string(key)) || FindTerms(PhraseKey(word)) != nullptr ||
        Lexicon::Builtin().Lookup(PhraseKey(word))) {
      continue;
    }
    AddTerm(word, {TermKind::kTable, staff, -1, "", "synonym"});
  }
}

// "total freight by shipping company", "list all shipping companies": the one table named
// shipper(s) is also called by the words people use for a shipping business — only words no
// table, column, value or keyword already has.
void SchemaIndex::AddShipperWords() {
  int shippers = -1;
  for (size_t t = 0; t < tables_.size(); ++t) {
    if (SingularizeEnglish(text::AsciiLower(tables_[t].name)) != "shipper") continue;
    if (shippers >= 0) return;  // two: which one a word means is a guess
    shippers = static_cast<int>(t);
  }
  if (shippers < 0) return;
  for (std::string_view word : {"shipping company", "shipping firm", "freight company",
                                "delivery company", "carrier", "courier"}) {
    if (FindTerms(PhraseKey(word)) != nullptr || Lexicon::Builtin().Lookup(PhraseKey(word))) {
      continue;
    }
    AddTerm(word, {TermKind::kTable, shippers, -1, "", "synonym"});
  }
}

namespace {

TermExpr ColumnExpr(int column) {
  TermExpr e;
  e.kind = TermExpr::Kind::kColumn;
  e.bound = column;
  return e;
}

TermExpr Arith(std::string op, TermExpr l, TermExpr r) {
  TermExpr e;
  e.kind = TermExpr::Kind::kArith;
  e.text = std::move(op);
  e.args = {std::move(l), std::move(r)};
  return e;
}

}  // namespace

std::optional<SchemaIndex::LineColumns> SchemaIndex::FindLineColumns() const {
  std::vector<LineColumns> found;
  for (size_t t = 0; t < tables_.size(); ++t) {
    if (HoldsMoneyPaidOut(*this, static_cast<int>(t))) continue;  // lines bought: none sold
    int p = -1, q = -1, d = -1, n_price = 0, n_quantity = 0, n_discount = 0;
    for (int c : tables_[t].columns) {
      const IndexedColumn& col = columns_[c];
      if (col.type_class != TypeClass::kNumber && col.type_class != TypeClass::kInteger) continue;
      if (col.primary_key || col.foreign_key) continue;
      const std::vector<std::string>& w = col.words;
      auto has = [&](std::string_view x) { return std::find(w.begin(), w.end(), x) != w.end(); };
      if ((has("price") && (w.size() == 1 || has("unit"))) || col.name == "单价") {
        p = c;
        ++n_price;
      } else if (has("quantity") || col.name == "数量") {
        q = c;
        ++n_quantity;
      } else if (has("discount") || col.name == "折扣") {
        d = (w.size() == 1 || col.name == "折扣") ? c : -2;
        ++n_discount;
      }
    }
    if (n_price != 1 || n_quantity != 1 || n_discount > 1) continue;
    found.push_back({static_cast<int>(t), p, q, d});
  }
  if (found.size() == 1) return found.front();
  // A catalogue's price beside its stock quantity (products.unit_price, stock_quantity) has the
  // same columns as the lines sold: a quantity that says stock is no lines. One candidate left
  // is the lines (declared keys or not); two (sold and quoted lines) are for people to say.
  std::optional<LineColumns> lines;
  for (const LineColumns& candidate : found) {
    const std::vector<std::string>& w = columns_[candidate.quantity].words;
    const bool stock = std::any_of(w.begin(), w.end(), [](const std::string& x) {
      return x == "stock" || x == "inventory" || x == "hand" || x == "onhand" || x == "available" ||
             x == "reorder" || x == "instock";
    });
    if (stock) continue;
    if (lines) return std::nullopt;
    lines = candidate;
  }
  // Lines of a document that holds a charge of its own (work_orders.labor_fee beside the parts
  // used): the lines are part of the money only. Rows that may be refunded or cancelled: the sum
  // of every line is not the money taken.
  if (!lines || MayHoldUndoneRows(*this, lines->table)) return std::nullopt;
  for (const JoinEdge& e : edges_) {
    if (e.from_table != lines->table || e.to_table == lines->table ||
        !IsDatedDocument(e.to_table) ||
        std::any_of(found.begin(), found.end(),
                    [&](const LineColumns& f) { return f.table == e.to_table; })) {
      continue;  // a catalogue the lines name is no document
    }
    for (int c : tables_[e.to_table].columns) {
      const IndexedColumn& col = columns_[c];
      if (col.role != ColumnRole::kMeasure) continue;
      for (std::string_view x : {"fee", "charge", "cost", "amount", "total"}) {
        if (HasWord(col.words, x)) return std::nullopt;
      }
    }
  }
  return lines;
}

void SchemaIndex::AddUnitsSoldWords() {
  const std::optional<LineColumns> lines = FindLineColumns();
  // A quantity holding few values reads as a dimension (Chinook's InvoiceLine.Quantity, all 1):
  // "by units sold" would then group by it.
  if (!lines || columns_[lines->quantity].role != ColumnRole::kMeasure) return;
  // Not "units" alone: "units in stock" is another column (ReadBestSelling reads "best-selling
  // ... by units" as units sold).
  if (FindTerms(PhraseKey("units sold"))) return;  // a column of that name comes first
  AddTerm("units sold",
          {TermKind::kColumn, lines->table, lines->quantity, "", "units sold", false});
}

std::optional<BoundBusinessTerm> SchemaIndex::InferLineRevenue(std::string_view name) const {
  // No single money column: order lines with a unit price and a quantity (Northwind's
  // "Order Details": UnitPrice × Quantity × (1 − Discount)) are the revenue, when exactly
  // one table has them. A discount column is a fraction only when its name says nothing
  // else ("discount", not "discount_amount"); otherwise it is unclear, and nothing is read.
  const std::optional<LineColumns> lines = FindLineColumns();
  if (!lines || lines->discount == -2) return std::nullopt;
  const int line_table = lines->table, price = lines->price, quantity = lines->quantity,
            discount = lines->discount;
  BoundBusinessTerm b;
  b.def.name = std::string(name);
  b.def.meaning = BusinessMeaning::kMeasure;
  b.def.expression = "SUM(" + columns_[price].name + " * " + columns_[quantity].name +
                     (discount >= 0 ? " * (1 - " + columns_[discount].name + ")" : "") + ")";
  TermExpr amount = Arith("*", ColumnExpr(price), ColumnExpr(quantity));
  if (discount >= 0) {
    TermExpr one;
    one.kind = TermExpr::Kind::kNumber;
    one.number = 1;
    one.text = "1";
    amount = Arith("*", std::move(amount), Arith("-", std::move(one), ColumnExpr(discount)));
  }
  b.expr.kind = TermExpr::Kind::kAgg;
  b.expr.text = "SUM";
  b.expr.args = {std::move(amount)};
  b.table = line_table;
  b.tables = {line_table};
  return b;
}

// What one dated document (an order, an invoice) is worth: "average invoice amount", "the
// biggest invoice value", "average order value". With a money column of its own (Chinook's
// Invoice.Total, the one the money words name) the document's word before amount/value names
// that column, and the aggregate word applies to it as to any column. Without one, the inferred
// line revenue over the documents it comes from is the average, said in full: SUM(price ×
// quantity × (1 − discount)) / COUNT(DISTINCT lines.OrderID) — the mean of the per-order sums.
// Only words no table, column or value already has, and only one document table.
void SchemaIndex::AddDocumentValueWords() {
  auto add = [&](const std::string& phrase, const Term& term) {
    if (FindTerms(PhraseKey(phrase)) != nullptr) return;
    AddTerm(phrase, term);
  };
  auto word_of = [&](int table) {
    return SingularizeEnglish(text::AsciiLower(tables_[table].name));
  };
  if (inferred_money_column_ >= 0) {
    const int doc = columns_[inferred_money_column_].table;
    if (!IsDatedDocument(doc)) return;
    for (std::string_view what : {"amount", "value"}) {
      add(word_of(doc) + " " + std::string(what),
          {TermKind::kColumn, doc, inferred_money_column_, "", "inferred money", false});
    }
    return;
  }
  // The inferred line revenue AddInferredMoneyWords indexed under the first money word.
  const std::vector<int>* ids = FindTerms(PhraseKey(measures::RevenuePhrases()[0]));
  if (ids == nullptr) return;
  int revenue = -1;
  for (int id : *ids) {
    if (terms_[id].kind == TermKind::kBusiness && terms_[id].source == "inferred money") {
      revenue = terms_[id].business;
    }
  }
  if (revenue < 0) return;
  const int lines = business_terms_[revenue].table;
  int doc = -1, reference = -1;  // the one dated document the lines refer to, and how
  for (const JoinEdge& e : edges_) {
    if (e.from_table != lines || e.to_table == lines || !IsDatedDocument(e.to_table)) continue;
    if (doc >= 0) return;  // lines of two documents: which one is "an order" is unclear
    doc = e.to_table;
    reference = e.from_column;
  }
  if (doc < 0) return;
  BoundBusinessTerm average = business_terms_[revenue];
  const std::string name = "average " + word_of(doc) + " value";
  average.def.name = name;
  average.def.expression =
      average.def.expression + " / COUNT(DISTINCT " + columns_[reference].name + ")";
  TermExpr documents;
  documents.kind = TermExpr::Kind::kAgg;
  documents.text = "COUNT";
  documents.distinct = true;
  documents.args = {ColumnExpr(reference)};
  average.expr = Arith("/", std::move(average.expr), std::move(documents));
  business_terms_.push_back(std::move(average));
  Term term{TermKind::kBusiness, lines, -1, "", "inferred money", false};
  term.business = static_cast<int>(business_terms_.size()) - 1;
  for (std::string_view avg : {"average", "avg", "mean"}) {
    for (std::string_view what : {"value", "amount", "size", "total"}) {
      add(std::string(avg) + " " + word_of(doc) + " " + std::string(what), term);
    }
  }
}

// "how many orders shipped late", "late shipments by shipper": a row shipped after the date it
// was required by (Northwind's Orders.ShippedDate > Orders.RequiredDate). Read only when one
// table has exactly one shipped date and one required/due date, both dates: the words are a
// filter term on it ('on time' the opposite). "late" alone is not a word here ("late 1997").
void SchemaIndex::AddLateWords() {
  int table = -1, shipped = -1, required = -1;
  for (size_t t = 0; t < tables_.size(); ++t) {
    int s = -1, r = -1, n_s = 0, n_r = 0;
    for (int c : tables_[t].columns) {
      if (columns_[c].role != ColumnRole::kTime) continue;
      std::vector<std::string> w = text::SplitIdentifier(columns_[c].name);
      for (std::string& x : w) x = text::AsciiLower(x);
      auto has = [&](std::string_view x) { return std::find(w.begin(), w.end(), x) != w.end(); };
      if (has("required") || has("due") || has("promised")) {
        r = c;
        ++n_r;
      } else if (has("shipped") || (has("ship") && has("date"))) {
        s = c;
        ++n_s;
      }
    }
    if (n_s == 0 && n_r == 0) continue;
    if (n_s != 1 || n_r != 1 || table >= 0) return;  // which dates "late" compares is unclear
    table = static_cast<int>(t);
    shipped = s;
    required = r;
  }
  if (table < 0) return;
  auto filter = [&](std::string_view name, std::string op) {
    BoundBusinessTerm b;
    b.def.name = std::string(name);
    b.def.meaning = BusinessMeaning::kFilter;
    b.def.expression = columns_[shipped].name + " " + op + " " + columns_[required].name;
    b.expr.kind = TermExpr::Kind::kCompare;
    b.expr.text = std::move(op);
    b.expr.args = {ColumnExpr(shipped), ColumnExpr(required)};
    b.table = table;
    b.tables = {table};
    business_terms_.push_back(std::move(b));
    Term term{TermKind::kBusiness, table, -1, "", "inferred", false};
    term.business = static_cast<int>(business_terms_.size()) - 1;
    return term;
  };
  const std::string rows = SingularizeEnglish(text::AsciiLower(tables_[table].name));
  const Term late = filter("shipped late", ">");
  for (const std::string& phrase :
       std::vector<std::string>{"shipped late", "delivered late", "sent late", "late shipment",
                                "late delivery", "late " + rows}) {
    if (FindTerms(PhraseKey(phrase)) == nullptr) AddTerm(phrase, late);
  }
  const Term on_time = filter("shipped on time", "<=");
  for (const std::string& phrase :
       std::vector<std::string>{"shipped on time", "delivered on time", "on time shipment",
                                "on time delivery", "on time " + rows}) {
    if (FindTerms(PhraseKey(phrase)) == nullptr) AddTerm(phrase, on_time);
  }
}

const std::vector<int>* SchemaIndex::FindTerms(std::string_view key) const {
  const auto it = term_index_.find(std::string(key));
  return it == term_index_.end() ? nullptr : &it->second;
}

void SchemaIndex::AddBusinessTerms(const std::vector<BusinessTermDef>& terms,
                                   std::vector<std::string>* errors) {
  for (const BusinessTermDef& def : terms) {
    StatusOr<BoundBusinessTerm> bound = BindBusinessTerm(def, *this);
    if (!bound.ok()) {
      errors->push_back(std::string(bound.status().message()));
      continue;
    }
    // A term with no meaning in the data is knowledge for the model, not a word to read.
    if (def.meaning == BusinessMeaning::kNone) continue;
    Term term;
    term.kind = TermKind::kBusiness;
    term.table = bound->table;
    term.business = static_cast<int>(business_terms_.size());
    term.source = "business term";
    business_terms_.push_back(std::move(bound).value());
    std::vector<std::string> words = def.synonyms;
    words.insert(words.begin(), def.name);
    for (const std::string& word : words) {
      AddTerm(word, term);
      // "high-value customers" is also indexed as "high value customers": the engine reads a
      // hyphen between two words either way (engine.cc KeyAt).
      std::string spaced = word;
      for (size_t k = 1; k + 1 < spaced.size(); ++k) {
        if (spaced[k] == '-' && std::isalpha(static_cast<unsigned char>(spaced[k - 1])) &&
            std::isalpha(static_cast<unsigned char>(spaced[k + 1]))) {
          spaced[k] = ' ';
        }
      }
      if (spaced != word) AddTerm(spaced, term);
    }
  }
}

int SchemaIndex::FindTable(std::string_view name) const {
  const std::string lower = text::AsciiLower(name);
  for (size_t i = 0; i < tables_.size(); ++i) {
    if (text::AsciiLower(tables_[i].name) == lower) return static_cast<int>(i);
  }
  return -1;
}

int SchemaIndex::FindColumn(int table, std::string_view name) const {
  if (table < 0 || table >= static_cast<int>(tables_.size())) return -1;
  const std::string lower = text::AsciiLower(name);
  for (int c : tables_[table].columns) {
    if (text::AsciiLower(columns_[c].name) == lower) return c;
  }
  return -1;
}

namespace {

// forename/surname (formula_1's drivers), given/family name, Fname/LName: the same pair under
// other words, so that a person is not listed by the first name alone ("Lewis").
// Whether the words of a column's name (SchemaWords: FIRST_NM and fname are "first name") say
// a part of a person's name: "name" with one of `qualifiers` ("first name", "given_name"), or
// one word of `whole` ("forename", "surname"). Whole words only: "sur" is in measure_name,
// "fore" in foreign_name.
bool NamesPartOfAPerson(const IndexedColumn& column,
                        std::initializer_list<std::string_view> qualifiers,
                        std::initializer_list<std::string_view> whole) {
  const std::vector<std::string>& words = column.words;
  auto has = [&](std::string_view w) {
    return std::find(words.begin(), words.end(), w) != words.end();
  };
  const bool qualified = has("name") && std::any_of(qualifiers.begin(), qualifiers.end(), has);
  return qualified || std::any_of(whole.begin(), whole.end(), has);
}

// "nm", the name abbreviated as a whole word of the column's name (tech.nm, cust_nm, FIRST_NM;
// schema_words.h spells it out): realistic schemas write it so, and a table known only by it
// was listed by its key.
bool SaysNameAbbreviated(const std::string& name) {
  const std::vector<std::string> words = text::SplitIdentifier(name);
  return std::find(words.begin(), words.end(), "nm") != words.end();
}

bool IsFirstNameColumn(const IndexedColumn& column) {
  const std::string& name = column.name;
  return NamesPartOfAPerson(column, {"first", "given", "fore"},
                            {"firstname", "givenname", "forename"}) ||
         text::AsciiLower(name) == "fname" || name == "名";  // one word: SchemaWords spells it
}

bool IsLastNameColumn(const IndexedColumn& column) {
  const std::string& name = column.name;
  return NamesPartOfAPerson(column, {"last", "family", "sur"},
                            {"lastname", "familyname", "surname"}) ||
         text::AsciiLower(name) == "lname" || name == "姓";  // LName splits as "l name"
}

// The first-name and last-name columns of a table that has both, else {-1, -1}.
std::pair<int, int> PersonNameColumns(const std::vector<IndexedColumn>& columns,
                                      const std::vector<int>& table_columns) {
  int first = -1, last = -1;
  for (int c : table_columns) {
    if (columns[c].type_class != TypeClass::kText && columns[c].type_class != TypeClass::kOther) {
      continue;
    }
    if (first < 0 && IsFirstNameColumn(columns[c])) first = c;
    if (last < 0 && IsLastNameColumn(columns[c])) last = c;
  }
  if (first < 0 || last < 0) return {-1, -1};
  return {first, last};
}

}  // namespace

int SchemaIndex::NameCompanion(int label) const {
  if (label < 0) return -1;
  const auto [first, last] = PersonNameColumns(columns_, tables_[columns_[label].table].columns);
  return label == first ? last : -1;
}

bool SchemaIndex::IsDatedDocument(int table) const {
  if (TimeColumn(table) < 0 || SingleKey(table) < 0) return false;
  return std::any_of(edges_.begin(), edges_.end(), [&](const JoinEdge& e) {
    return e.to_table == table && e.from_table != table;
  });
}

int SchemaIndex::DocumentKey(int table) const {
  if (!IsDatedDocument(table) || HoldsANumberOfItsOwn(table)) return -1;
  return SingleKey(table);
}

// A text column other than the key whose every value differs and whose name says a number or
// code (Bikes.SerialNo, an invoice_number): the rows have a number of their own beside the key,
// so listing them by the key guesses which number the question means ("list the bikes" listed
// BikeID at 0.90).
bool SchemaIndex::HoldsANumberOfItsOwn(int table) const {
  static constexpr std::string_view kNumberWords[] = {"no",     "number", "nbr", "code",
                                                      "serial", "sn",     "ref", "reference"};
  const std::optional<int64_t>& rows = tables_[table].row_count;
  if (!rows) return false;
  return std::any_of(tables_[table].columns.begin(), tables_[table].columns.end(), [&](int c) {
    const IndexedColumn& col = columns_[c];
    if (col.primary_key || col.foreign_key || col.type_class != TypeClass::kText) return false;
    if (!col.stats.distinct_count || *col.stats.distinct_count != *rows) return false;
    for (const std::string& w : col.words) {  // num, nbr, cd: spelled out
      if (std::find(std::begin(kNumberWords), std::end(kNumberWords), w) !=
          std::end(kNumberWords)) {
        return true;
      }
    }
    return false;
  });
}

namespace {

// Letters and digits of `s`, lower-cased: "Order Details" -> "orderdetails".
std::string Squeezed(std::string_view s) {
  std::string out;
  for (char ch : text::AsciiLower(s)) {
    if (std::isalnum(static_cast<unsigned char>(ch))) out += ch;
  }
  return out;
}

bool IsVowel(char ch) { return ch == 'a' || ch == 'e' || ch == 'i' || ch == 'o' || ch == 'u'; }

// Whether `prefix` shortens `word` the way a column shortens its own table's name (evt_name of
// event, trn_nm of tournament, encl_nm of enclosure, dept_name of department): three letters or
// more, the word's first letter, all of them in the word's order, and past the letters both
// start with only consonants (a shortening drops vowels: dean, agent, admin are words of their
// own, not department, assignment, admission shortened). Only read against the column's own
// table.
bool AbbreviatesTheWord(const std::string& prefix, const std::string& word) {
  if (prefix.size() < 3 || prefix.size() >= word.size() || prefix[0] != word[0]) return false;
  size_t common = 0;
  while (common < prefix.size() && prefix[common] == word[common]) ++common;
  for (size_t k = common; k < prefix.size(); ++k) {
    if (IsVowel(prefix[k])) return false;
  }
  size_t at = 0;
  for (char ch : prefix) {
    at = word.find(ch, at);
    if (at == std::string::npos) return false;
    ++at;
  }
  return true;
}

// The schema around a table, for reading a shortened name (NamesItsOwnTable).
struct ShortenedNameContext {
  int table = -1;
  const std::vector<IndexedTable>* tables = nullptr;
  const std::vector<IndexedColumn>* columns = nullptr;
};

// Whether `prefix`, which AbbreviatesTheWord `word` of table `ctx.table`, is still no name of
// that table: another table's name starts with it (rest_name of reservation beside restaurant),
// or another column of the table shortens the word otherwise (res_id, res_dt beside rest_name:
// the table's own shortening is "res", so "rest" is another party's).
bool ShortenedNameOfAnother(const std::string& prefix, const std::string& word,
                            const ShortenedNameContext& ctx) {
  const std::vector<IndexedTable>& tables = *ctx.tables;
  for (size_t t = 0; t < tables.size(); ++t) {
    if (static_cast<int>(t) == ctx.table) continue;
    for (const std::string& other :
         {Squeezed(tables[t].name), Squeezed(SchemaTablePhrase(tables[t].name))}) {
      if (!other.empty() && other.starts_with(prefix)) return true;
    }
  }
  for (int c : tables[ctx.table].columns) {
    const std::vector<std::string> words = text::SplitIdentifier((*ctx.columns)[c].name);
    if (words.empty()) continue;
    const std::string first = text::AsciiLower(words.front());
    if (first.size() >= 3 && first != prefix &&
        (word.starts_with(first) || AbbreviatesTheWord(first, word))) {
      return true;
    }
  }
  return false;
}

// The column's name less "name"/"title" (or "nm"), squeezed: "evt_name" → "evt".
std::string NamePrefix(const std::string& lower_column) {
  std::string prefix = Squeezed(lower_column);
  for (std::string_view w : {"name", "title"}) {
    if (const size_t at = prefix.rfind(w); at != std::string::npos) prefix.erase(at, w.size());
  }
  if (SaysNameAbbreviated(lower_column)) prefix.erase(prefix.rfind("nm"), 2);  // cust_nm
  return prefix;
}

// Whether a text column of a dated document may label its rows: its name less "name"/"title"
// (or "nm") is empty or the table's word (OrderTitle of Orders), not another party's or thing's
// (ShipName, ShipCity, Status).
// `shortened`: also a prefix that shortens the table's word (AbbreviatesTheWord) and that no
// other table or column of the schema claims (ShortenedNameOfAnother); nullptr for
// descriptions, which a course or a product may have beside its code (CRS_DESCRIPTION), and for
// the tie-break between two labels, where a name written out beats a shortened one.
bool NamesItsOwnTable(const std::string& lower_column, const std::string& table_name,
                      const ShortenedNameContext* shortened = nullptr) {
  const std::string prefix = NamePrefix(lower_column);
  if (prefix.empty() || Squeezed(table_name).empty()) return true;
  // The table's name as written and spelled out (tblFilm is "film", schema_words.h).
  for (const std::string& word : {Squeezed(table_name), Squeezed(SchemaTablePhrase(table_name))}) {
    if (word.empty()) continue;  // fact_订单: no letters or digits to start with
    if (word.starts_with(prefix) || prefix.starts_with(word) ||
        (word.ends_with("s") && prefix.starts_with(word.substr(0, word.size() - 1)))) {
      return true;
    }
    if (shortened && AbbreviatesTheWord(prefix, word) &&
        !ShortenedNameOfAnother(prefix, word, *shortened)) {
      return true;
    }
  }
  return false;
}

// A lookup's description abbreviated (GENRE.GENRE_DESC, status_lkp.status_desc,
// job_type.type_desc): "desc"/"descr" last, the words before it the table's word or its end.
// A code table known only by it was no group ("loans per genre").
bool DescribesItsTable(const IndexedColumn& column, const std::string& table_name) {
  const std::vector<std::string>& words = column.words;
  if (words.size() < 2 || words.back() != "description") return false;
  std::string prefix;
  for (size_t k = 0; k + 1 < words.size(); ++k) prefix += words[k];
  const std::string table = Squeezed(table_name);
  return NamesItsOwnTable(prefix, table_name) || table.ends_with(prefix);
}

// A Chinese name of a dated document's column that names another party: a person's role
// before 姓名/名称 (收货人姓名, 联系人名称: the recipient, not the order) or another table's
// name (客户名称 of 订单). Other words before the name word (中文队名 of 篮球俱乐部, whose
// founding date makes it dated) name the row itself, so the rule is narrower than the
// English one, where any other word does.
bool NamesAnotherParty(const std::string& column, int table,
                       const std::vector<IndexedTable>& tables) {
  if (!text::ContainsCjk(column)) return false;
  for (std::string_view w : {"姓名", "名称", "名字", "名"}) {
    const size_t at = column.rfind(w);
    if (at == std::string::npos || at == 0) continue;
    const std::string prefix = column.substr(0, at);
    if (prefix.ends_with("人")) return true;
    for (size_t t = 0; t < tables.size(); ++t) {
      if (static_cast<int>(t) != table && tables[t].name == prefix) return true;
    }
    return false;
  }
  return false;
}

}  // namespace

namespace {

// mingcheng (名称), mingzi (名字), xingming (姓名): a name column of a schema named in pinyin
// (dianpu_mingcheng). 4 for the word alone (as 名称), 3 inside a name, 0 when none or when the
// words before it name another party (dianzhang_xingming is the store manager's name, not the
// store's; kehu_mingcheng of an order is the customer's).
int PinyinNameScore(const std::string& lower, int table, const std::vector<IndexedTable>& tables) {
  static constexpr std::string_view kParties[] = {
      "dianzhang",     "kehu",          "guke",       "yonghu",       "huiyuan",    "yuangong",
      "siji",          "jingli",        "zhuguan",    "fuzeren",      "lianxiren",  "shouhuoren",
      "gongyingshang", "shangjia",      "daoyou",     "yisheng",      "laoshi",     "jiaoshi",
      "xuesheng",      "chuangjianren", "caozuoyuan", "xiaoshouyuan", "dailishang", "fangdong",
      "zuke",          "chengke",       "bingren",    "huanzhe"};
  for (std::string_view w : {"mingcheng", "mingzi", "xingming"}) {
    const size_t at = lower.find(w);
    if (at == std::string::npos) continue;
    if (lower == w) return 4;
    std::string prefix = lower.substr(0, at);
    while (!prefix.empty() && (prefix.back() == '_' || prefix.back() == ' ')) prefix.pop_back();
    if (prefix.empty() || prefix == text::AsciiLower(tables[table].name)) return 3;
    if (prefix.ends_with("ren")) return 0;  // lianxiren, shouhuoren: a person
    for (std::string_view party : kParties) {
      if (prefix.ends_with(party)) return 0;
    }
    for (size_t t = 0; t < tables.size(); ++t) {
      if (static_cast<int>(t) != table && text::AsciiLower(tables[t].name) == prefix) {
        return 0;
      }
    }
    return 3;
  }
  return 0;
}

}  // namespace

int SchemaIndex::LabelColumn(int table, bool chinese) const {
  // A person: the name, not a job title or a single "name"-like column beside it.
  if (const int first = PersonNameColumns(columns_, tables_[table].columns).first; first >= 0) {
    return first;
  }
  // A dated document (an order) carries the names of the parties it is for (ShipName);
  // those name the party, not the document: the order is known by its number.
  const bool document = IsDatedDocument(table);
  int best = -1;
  int best_score = 0;
  for (int c : tables_[table].columns) {
    const IndexedColumn& col = columns_[c];
    if (col.type_class != TypeClass::kText && col.type_class != TypeClass::kOther) continue;
    const std::string lower = text::AsciiLower(col.name);
    // A description keeps the rule without shortenings (CRS_DESCRIPTION of COURSE).
    const std::vector<std::string>& spelled = col.words;
    const bool description = !spelled.empty() && spelled.back() == "description";
    const ShortenedNameContext around{table, &tables_, &columns_};
    if (document &&
        (!NamesItsOwnTable(lower, tables_[table].name, description ? nullptr : &around) ||
         NamesAnotherParty(col.name, table, tables_))) {
      continue;
    }
    int score = 0;
    if (lower == "name" || lower == "title" || lower == "nm" || col.name == "名称" ||
        col.name == "名字" || col.name == "中文名" || col.name == "姓名") {
      score = 4;
    } else if (lower.find("name") != std::string::npos ||
               lower.find("title") != std::string::npos || SaysNameAbbreviated(col.name) ||
               col.name.find("名") != std::string::npos) {
      score = 3;
    } else if (const int pinyin = PinyinNameScore(lower, table, tables_); pinyin > 0) {
      score = pinyin;
    } else if ((lower.size() > 11 && lower.ends_with("description") &&
                NamesItsOwnTable(lower.substr(0, lower.size() - 11), tables_[table].name)) ||
               DescribesItsTable(col, tables_[table].name)) {
      score = 1;  // Regions.RegionDescription: no name or title; called after its table
    }
    if (score == 0) continue;
    if (!col.lang.empty()) score += (col.lang == (chinese ? "zh" : "en")) ? 2 : -1;
    if (lower.find("last") != std::string::npos || lower.find("first") != std::string::npos) {
      score -= 1;  // a person's name split in two columns: neither alone is "the" name
    }
    // player.Sponsor_name before player.Player_name: of one score, the one named after the
    // table names its rows ("List the players" listed the sponsors); else the first. Written
    // out, not shortened: dean_name is no shortened department (department_name is its name).
    if (score > best_score ||
        (score == best_score && NamesItsOwnTable(lower, tables_[table].name) &&
         !NamesItsOwnTable(text::AsciiLower(columns_[best].name), tables_[table].name))) {
      best_score = score;
      best = c;
    }
  }
  return best;
}

int SchemaIndex::SingleKey(int table) const {
  int key = -1;
  for (int c : tables_[table].columns) {
    if (!columns_[c].primary_key) continue;
    if (key >= 0) return -1;  // a composite key
    key = c;
  }
  return key;
}

bool SchemaIndex::LabelIsUnique(int table, int label) const {
  const auto& rows = tables_[table].row_count;
  const auto& distinct = columns_[label].stats.distinct_count;
  return rows && distinct && *distinct == *rows;
}

int SchemaIndex::TimeColumn(int table) const {
  int best = -1;
  int best_score = 0;
  for (int c : tables_[table].columns) {
    const IndexedColumn& col = columns_[c];
    if (col.role != ColumnRole::kTime) continue;
    const std::string lower = text::AsciiLower(col.name);
    int score = 1;
    if (lower.find("date") != std::string::npos || col.name.find("日期") != std::string::npos) {
      score += 2;
    }
    if (lower.find("birth") != std::string::npos) score -= 1;
    if (score > best_score) {
      best_score = score;
      best = c;
    }
  }
  return best;
}

std::string SchemaIndex::DisplayName(const IndexedColumn& c, bool chinese) const {
  const std::string& business = chinese ? c.display_zh : c.display_en;
  return business.empty() ? tables_[c.table].name + "." + c.name : business;
}

namespace {

// The statement options of the stats queries: one row more than the distinct-values cap, so
// that "more" is seen.
db::QueryOptions StatsQueryOptions(const IndexOptions& options) {
  db::QueryOptions q;
  q.max_rows = options.max_distinct_values + 1;
  return q;
}

// A column's distinct non-NULL values, one more than the cap (more means "many").
StatusOr<db::ResultSet> DistinctValues(db::Connector& connector, const std::string& table_sql,
                                       const std::string& col_sql, const IndexOptions& options) {
  return connector.Execute("SELECT DISTINCT " + col_sql + " FROM " + table_sql + " WHERE " +
                               col_sql + " IS NOT NULL" +
                               connector.dialect().LimitClause(options.max_distinct_values + 1),
                           StatsQueryOptions(options));
}

// The column's first and last dates when its minimum and maximum both read as dates: a text
// column whose values parse as dates is a time column.
void ReadDateRange(db::Connector& connector, const std::string& table_sql,
                   const std::string& col_sql, const IndexOptions& options, ColumnStats* stats) {
  StatusOr<db::ResultSet> mm =
      connector.Execute("SELECT MIN(" + col_sql + "), MAX(" + col_sql + ") FROM " + table_sql,
                        StatsQueryOptions(options));
  if (!mm.ok() || mm->row_count() != 1 || mm->rows[0][0].is_null()) return;
  stats->min_date = ParseIsoDate(mm->rows[0][0].ToDisplayString());
  stats->max_date = ParseIsoDate(mm->rows[0][1].ToDisplayString());
  if (!stats->min_date || !stats->max_date) {
    stats->min_date.reset();
    stats->max_date.reset();
  }
}

// A low-cardinality column's distinct count and values (names, codes, flags).
void ReadValues(db::Connector& connector, const std::string& table_sql, const std::string& col_sql,
                TypeClass type, const IndexOptions& options, ColumnStats* stats) {
  StatusOr<db::ResultSet> rs = DistinctValues(connector, table_sql, col_sql, options);
  if (!rs.ok() || rs->row_count() > static_cast<size_t>(options.max_distinct_values)) return;
  stats->distinct_count = static_cast<long long>(rs->row_count());
  // An integer column's values are numbers, not names — unless one is not a number
  // (a DuSQL column declared int that holds '1990年'): then they are kept, so the
  // checks see that the column holds text.
  const bool text_in_integer = std::any_of(rs->rows.begin(), rs->rows.end(), [](const auto& row) {
    return row[0].kind() == db::Value::Kind::kText;
  });
  if (type != TypeClass::kInteger || text_in_integer) {
    for (const auto& row : rs->rows) stats->values.push_back(row[0].ToDisplayString());
  }
}

// What the data says of one column, by its declared type.
ColumnStats StatsOf(db::Connector& connector, const std::string& table_sql, const db::ColumnInfo& c,
                    const IndexOptions& options) {
  const TypeClass type = ClassifyType(c.type);
  const std::string col_sql = connector.dialect().QuoteIdentifier(c.name);
  ColumnStats stats;
  if (type == TypeClass::kText || type == TypeClass::kDate || type == TypeClass::kOther) {
    ReadDateRange(connector, table_sql, col_sql, options, &stats);  // first: dates as text
  }
  // A date column whose values are not dates ('11.2', '2009.1.10', '2018年') keeps them too
  // (SchemaIndex::Build reads it as text).
  if (type == TypeClass::kText || type == TypeClass::kOther || type == TypeClass::kInteger ||
      type == TypeClass::kBool || (type == TypeClass::kDate && !stats.min_date)) {
    ReadValues(connector, table_sql, col_sql, type, options, &stats);
  } else if (type == TypeClass::kNumber) {
    // "价格最高的10首歌": a few price points shared by many rows tie at any cut.
    StatusOr<db::ResultSet> rs = DistinctValues(connector, table_sql, col_sql, options);
    if (rs.ok() && rs->row_count() <= static_cast<size_t>(options.max_distinct_values)) {
      stats.distinct_numbers = static_cast<long long>(rs->row_count());
    }
  }
  return stats;
}

}  // namespace

StatusOr<ColumnStatsMap> CollectColumnStats(db::Connector& connector,
                                            const db::DatabaseSchema& schema,
                                            const IndexOptions& options) {
  ColumnStatsMap out;
  for (const db::TableInfo& t : schema.tables) {
    const std::string table_sql = connector.dialect().QuoteIdentifier(t.name);
    for (const db::ColumnInfo& c : t.columns) {
      out[Key(t.name, c.name)] = StatsOf(connector, table_sql, c, options);
    }
  }
  return out;
}

StatusOr<SchemaIndex> BuildSchemaIndex(db::Connector& connector,
                                       const catalog::SemanticModel* model,
                                       const IndexOptions& options) {
  db::IntrospectOptions io;
  io.sample_values_per_column = 0;
  ASKDB_ASSIGN_OR_RETURN(db::DatabaseSchema schema, connector.Introspect(io));
  ASKDB_ASSIGN_OR_RETURN(ColumnStatsMap stats, CollectColumnStats(connector, schema, options));
  return SchemaIndex::Build(schema, model, stats, options);
}

std::optional<std::string> FlagYesValue(const IndexedColumn& column) {
  return FlagTrueValue(text::AsciiLower(column.name), column.stats.values);
}

std::optional<std::string> ChineseFlagValue(const IndexedColumn& column, bool has) {
  static constexpr std::pair<std::string_view, std::string_view> kPairs[] = {
      {"有", "无"}, {"有", "没有"}, {"是", "否"}};
  const std::vector<std::string>& v = column.stats.values;
  if (v.size() != 2) return std::nullopt;
  for (const auto& [yes, no] : kPairs) {
    if ((v[0] == yes && v[1] == no) || (v[0] == no && v[1] == yes)) {
      return std::string(has ? yes : no);
    }
  }
  return std::nullopt;
}

}  // namespace askdb::nlq
