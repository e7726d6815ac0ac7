// Stage 1: the question's units grouped into items, longest match first: schema terms
// (tables, columns, values) and keywords (lexicon.h).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iterator>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "askdb/common/text.h"
#include "askdb/nlq/number_words.h"
#include "askdb/nlq/parser.h"
#include "askdb/nlq/sale_verbs.h"

namespace askdb::nlq {

namespace {
bool IsHyphen(const std::vector<Unit>& units, size_t k) {
  return units[k].kind == UnitKind::kPunct && units[k].key == "-" && k > 0 &&
         k + 1 < units.size() && units[k - 1].kind == UnitKind::kWord &&
         units[k + 1].kind == UnitKind::kWord;
}

// "客户数", "订单数", "订单量": a lone 数 or 量 written right after a table word counts that
// table's rows, as 数量 would. Only there: after a column or a value ("金额数") it names nothing.
void ReadCountSuffix(const SchemaIndex& index, std::vector<Item>* items) {
  for (size_t k = 1; k < items->size(); ++k) {
    Item& it = (*items)[k];
    const Item& before = (*items)[k - 1];
    if (it.kind != ItemKind::kUnknown || (it.text != "数" && it.text != "量") ||
        before.kind != ItemKind::kTerm || before.unit_end != it.unit_begin) {
      continue;
    }
    const bool names_table = std::any_of(before.terms.begin(), before.terms.end(), [&](int id) {
      return index.terms()[id].kind == TermKind::kTable;
    });
    if (names_table) {
      it.kind = ItemKind::kKeyword;
      it.kw = Bit(Kw::kCount);
    }
  }
}

// Whether a table's rows are people: a first + last name pair, a birth date or a gender.
bool HoldsPeople(const SchemaIndex& index, int table) {
  for (int c : index.tables()[table].columns) {
    if (index.NameCompanion(c) >= 0) return true;
    const IndexedColumn& col = index.columns()[c];
    for (const std::string& name : {text::AsciiLower(col.name), col.display_zh}) {
      for (std::string_view w : {"birth", "gender", "出生", "生日", "性别"}) {
        if (name.find(w) != std::string::npos) return true;
      }
    }
  }
  return false;
}

// "员工人数", "员工按职位统计人数", "员工总共几个人": 人 counts people, so right after a count word
// (几/几个/多少) it is the rows' counting unit, and 人数 is their count — only when every table
// the question names holds people (HoldsPeople). 曲目按流派统计人数 leaves 人 unread.
void ReadPeopleCount(const SchemaIndex& index, std::vector<Item>* items) {
  bool people = false;
  for (const Item& it : *items) {
    for (int id : it.terms) {
      const Term& t = index.terms()[id];
      if (t.kind != TermKind::kTable) continue;
      if (!HoldsPeople(index, t.table)) return;
      people = true;
    }
  }
  for (size_t k = 1; people && k < items->size(); ++k) {
    Item& it = (*items)[k];
    const Item& before = (*items)[k - 1];
    if (it.kind != ItemKind::kUnknown || it.text != "人" || before.unit_end != it.unit_begin) {
      continue;
    }
    Item* after = k + 1 < items->size() ? &(*items)[k + 1] : nullptr;
    if (after && after->kind == ItemKind::kUnknown && after->text == "数" &&
        after->unit_begin == it.unit_end) {  // 人数: the count, 数 its filler
      it.kind = ItemKind::kKeyword;
      it.kw = Bit(Kw::kCount);
      after->kind = ItemKind::kKeyword;
      after->kw = Bit(Kw::kRowUnit);
    } else if (before.kind == ItemKind::kKeyword && before.Has(Kw::kCount)) {
      it.kind = ItemKind::kKeyword;
      it.kw = Bit(Kw::kRowUnit);
    }
  }
}

// "上海有几家店", "各国的平均订单金额", "成都属于哪个省": a lone Chinese character right after
// 各/按 (or a which-word, at the question's end) that shortens one schema word
// (SchemaIndex::AbbreviatedWord: 国 → 国家), or after a count (几家, 多少) or a counting unit
// (每家) that shortens a table word (店 → 门店), reads as that word. Not inside a longer
// unknown word (店员), and not after a bare 每 (每人 is "per head", not the customers).
// Returns how many were read.
int ReadAbbreviations(const SchemaIndex& index, const std::vector<Unit>& units,
                      std::vector<Item>* items) {
  int read = 0;
  for (size_t k = 1; k < items->size(); ++k) {
    Item& it = (*items)[k];
    const Item& before = (*items)[k - 1];
    if (it.kind != ItemKind::kUnknown || it.unit_end != it.unit_begin + 1 ||
        units[it.unit_begin].kind != UnitKind::kCjk || before.kind != ItemKind::kKeyword ||
        before.unit_end != it.unit_begin) {
      continue;
    }
    // 属于哪个省: a which-word ending the question asks for the word itself, a column as well
    // as rows; before more words the character may begin one (哪个市场 is no 城市).
    const bool last = k + 1 == items->size() || (*items)[k + 1].kind == ItemKind::kPunct;
    const bool group = before.text == "各" || before.text == "各个" || before.text == "按" ||
                       before.text == "按照" || before.text == "每个" ||
                       (before.Has(Kw::kWhich) && last);
    if (!group && !before.Has(Kw::kCount) && !before.Has(Kw::kRowUnit)) continue;
    if (k + 1 < items->size() && (*items)[k + 1].kind == ItemKind::kUnknown &&
        units[(*items)[k + 1].unit_begin].kind == UnitKind::kCjk) {
      continue;
    }
    const std::string* word = index.AbbreviatedWord(units[it.unit_begin].key);
    const std::vector<int>* terms = word ? index.FindTerms(*word) : nullptr;
    if (terms == nullptr) continue;
    // After a count, only rows are counted (几家店); 多少集 asks for the 集数 column's value,
    // with 集 as its counting unit, not for a count of it.
    const bool rows = std::any_of(terms->begin(), terms->end(), [&](int id) {
      return index.terms()[id].kind == TermKind::kTable;
    });
    if (!group && !rows) continue;
    it.kind = ItemKind::kTerm;
    it.terms = *terms;
    ++read;
  }
  return read;
}

// Whether the column of a term, or its table, is named with `word` (所属省份 with 省).
bool TermNamedWith(const SchemaIndex& index, int id, std::string_view word) {
  const Term& t = index.terms()[id];
  if (t.column >= 0 && index.columns()[t.column].name.find(word) != std::string::npos) return true;
  return t.table >= 0 && index.tables()[t.table].name.find(word) != std::string::npos;
}

// Whether the item is a stored value of a column (or table) named with `word`.
bool ValueNamedWith(const SchemaIndex& index, const Item& it, std::string_view word) {
  return it.kind == ItemKind::kTerm && std::any_of(it.terms.begin(), it.terms.end(), [&](int id) {
           return index.terms()[id].kind == TermKind::kValue && TermNamedWith(index, id, word);
         });
}

void MakeFunctionWord(Item* it) {
  it->kind = ItemKind::kKeyword;
  it->kw = Bit(Kw::kStop);
  it->terms.clear();
}

// "湖南省的城市", "属于广东省的公司", "深圳市的债务": 省/市/县 right after a place stored
// without it (湖南), in a column or table named with that character (所属省份, 城市), is part of
// the place's name. "成都属于哪个省", "属于广东省": 属于 before the value or the which-word of a
// column named 所属X says that column, as 所属 does.
void ReadPlaceSuffix(const SchemaIndex& index, std::vector<Item>* items) {
  std::vector<Item>& v = *items;
  for (size_t k = 0; k + 2 < v.size(); ++k) {
    if (v[k].kind != ItemKind::kUnknown || v[k].text != "属" || v[k + 1].text != "于" ||
        v[k + 1].unit_begin != v[k].unit_end) {
      continue;
    }
    size_t said = k + 2;
    if (v[said].kind == ItemKind::kKeyword && v[said].Has(Kw::kWhich) && said + 1 < v.size()) {
      ++said;
    }
    const Item& what = v[said];
    const bool belongs =
        what.kind == ItemKind::kTerm &&
        std::any_of(what.terms.begin(), what.terms.end(), [&](int id) {
          const Term& t = index.terms()[id];
          return t.column >= 0 && index.columns()[t.column].name.starts_with("所属");
        });
    if (!belongs) continue;
    MakeFunctionWord(&v[k]);
    MakeFunctionWord(&v[k + 1]);
  }
  for (size_t k = 1; k < v.size(); ++k) {
    Item& it = v[k];
    if (it.kind != ItemKind::kUnknown || it.unit_begin != v[k - 1].unit_end) continue;
    const bool inside_a_word = k + 1 < v.size() && v[k + 1].kind == ItemKind::kUnknown &&
                               v[k + 1].unit_begin == it.unit_end;  // 市值 after A股
    if ((it.text == "省" || it.text == "市" || it.text == "县") && !inside_a_word &&
        ValueNamedWith(index, v[k - 1], it.text)) {
      MakeFunctionWord(&it);
    }
  }
}

// "广州有多少体育馆", "2010年的运动会有几个项目": 多少/几个 right before the word a count column
// counts (体育馆 for 体育馆数量, SchemaIndex::AddChineseCountNouns) asks for that column's value,
// as 多少集 does for 集数: 多少 becomes a function word. Over several rows the reading abstains
// (count_word_check.h CountUnitValueOverSeveralRows).
void ReadCountNounAfterHowMany(const SchemaIndex& index, std::vector<Item>* items) {
  std::vector<Item>& v = *items;
  for (size_t k = 0; k + 1 < v.size(); ++k) {
    const std::string& how_many = v[k].text;
    if (v[k].kind != ItemKind::kKeyword || !v[k].Has(Kw::kCount) ||
        (!how_many.starts_with("几") && how_many.find("多少") == std::string::npos) ||
        v[k + 1].kind != ItemKind::kTerm || v[k + 1].unit_begin != v[k].unit_end) {
      continue;
    }
    const bool count_noun = std::any_of(v[k + 1].terms.begin(), v[k + 1].terms.end(), [&](int id) {
      return index.terms()[id].source == "count noun";
    });
    if (count_noun) MakeFunctionWord(&v[k]);
  }
}

// "电视剧平均多少集", "白鹿原有多少集": 多少/几 before a character X that, with 数 (and maybe
// unknown characters right before 多少: 发行 for 发行册数), is the name of a numeric column
// (集数) asks for that column's value, X being its counting unit: the words become the
// column, 多少 a function word.
void ReadUnitOfCountColumn(const SchemaIndex& index, std::vector<Item>* items) {
  std::vector<Item>& v = *items;
  for (size_t k = 0; k + 1 < v.size(); ++k) {
    Item& unit = v[k + 1];
    const std::string& how_many = v[k].text;
    if (v[k].kind != ItemKind::kKeyword ||
        (how_many != "多少" && how_many != "有多少" && how_many != "几") ||
        unit.unit_end != unit.unit_begin + 1 || unit.unit_begin != v[k].unit_end ||
        (unit.kind != ItemKind::kUnknown &&
         !(unit.kind == ItemKind::kKeyword && unit.Has(Kw::kRowUnit)))) {
      continue;
    }
    // The verb before 多少, as unknown characters right before it ("出版"), maybe none.
    size_t first = k;
    while (first > 0 && k - first < 2 && v[first - 1].kind == ItemKind::kUnknown &&
           v[first - 1].unit_end == v[first].unit_begin) {
      --first;
    }
    for (size_t from = first; from <= k; ++from) {
      std::string name;
      for (size_t j = from; j < k; ++j) name += v[j].text;
      const std::vector<int>* terms = index.FindTerms(PhraseKey(name + unit.text + "数"));
      const bool numeric_column =
          terms && std::any_of(terms->begin(), terms->end(), [&](int id) {
            const Term& t = index.terms()[id];
            return t.kind == TermKind::kColumn && IsNumeric(index.columns()[t.column].type_class);
          });
      if (!numeric_column) continue;
      for (size_t j = from; j <= k; ++j) {
        v[j].kind = ItemKind::kKeyword;
        v[j].kw = Bit(Kw::kStop);
        v[j].terms.clear();
      }
      unit.kind = ItemKind::kTerm;
      unit.kw = 0;
      unit.terms = *terms;
      break;
    }
  }
}

// Imperatives of the stop words whose third person reads as a plural noun ("shows", "lists").
constexpr std::string_view kImperativesThatAreNouns[] = {"show", "list", "catalog", "display",
                                                         "give", "find", "tell"};

// "Which shows won their award?": right after the "which" that opens the question, the plural
// of an imperative of the stop words (show, list) is the noun asked about: read as "show me"
// it vanished and the award was listed. Left unplaced, so a reading without it abstains.
// Other stop words stay ("Which records of orders were refunded?"), and inside a sentence
// "which shows" is a relative clause's verb.
void ReadNounAfterWhich(std::vector<Item>* items) {
  if (items->size() < 2) return;
  const Item& which = (*items)[0];
  Item& it = (*items)[1];
  if (which.kind != ItemKind::kKeyword || !which.Has(Kw::kWhich) || it.kind != ItemKind::kKeyword ||
      it.kw != Bit(Kw::kStop)) {
    return;
  }
  const std::string lower = text::AsciiLower(it.text);
  const auto imperative = std::find_if(
      std::begin(kImperativesThatAreNouns), std::end(kImperativesThatAreNouns),
      [&](std::string_view verb) {
        return lower.size() == verb.size() + 1 && lower.starts_with(verb) && lower.back() == 's';
      });
  if (imperative == std::end(kImperativesThatAreNouns)) return;
  it.kind = ItemKind::kUnknown;
  it.kw = 0;
}

// "how much did customers from Germany spend": "how much" asks for an amount; beside a
// measure (a money word, a numeric measure column, a business term) it only asks for that
// measure (summed as a measure is), not a count of rows.
void ReadHowMuch(const SchemaIndex& index, std::vector<Item>* items) {
  for (size_t k = 0; k < items->size(); ++k) {
    Item& it = (*items)[k];
    if (it.kind != ItemKind::kKeyword || !it.Has(Kw::kCount) ||
        text::AsciiLower(it.text) != "how much") {
      continue;
    }
    const bool measure = std::any_of(items->begin() + k + 1, items->end(), [&](const Item& o) {
      return o.kind == ItemKind::kTerm && std::any_of(o.terms.begin(), o.terms.end(), [&](int id) {
               const Term& t = index.terms()[id];
               return t.kind == TermKind::kBusiness ||
                      (t.kind == TermKind::kColumn &&
                       index.columns()[t.column].role == ColumnRole::kMeasure);
             });
    });
    if (measure) it.kw = Bit(Kw::kStop);
  }
}
// "which genre brings in the most revenue", "which artist earned us the most revenue": a verb
// of earning before a money word (inferred with no semantic model) only says that the money
// is the measure; it is read as a function word. Not before anything else ("which album has
// earned the most" does not say what was earned).
void ReadEarningVerbs(const SchemaIndex& index, std::vector<Item>* items) {
  static constexpr std::string_view kVerbs[] = {"bring",     "brings", "brought",  "earn",
                                                "earns",     "earned", "generate", "generates",
                                                "generated", "make",   "makes",    "made"};
  auto money = [&](const Item& o) {
    return o.kind == ItemKind::kTerm && std::any_of(o.terms.begin(), o.terms.end(), [&](int id) {
             return index.terms()[id].source == "inferred money";
           });
  };
  for (size_t k = 0; k < items->size(); ++k) {
    Item& it = (*items)[k];
    const std::string w = text::AsciiLower(it.text);
    if (it.kind != ItemKind::kUnknown ||
        std::find(std::begin(kVerbs), std::end(kVerbs), w) == std::end(kVerbs)) {
      continue;
    }
    // The money word follows past function words and a superlative ("in the most revenue").
    for (size_t j = k + 1; j < items->size() && j <= k + 5; ++j) {
      const Item& o = (*items)[j];
      if (money(o)) {
        it.kind = ItemKind::kKeyword;
        it.kw = Bit(Kw::kStop);
        break;
      }
      if (o.kind != ItemKind::kKeyword) break;
    }
  }
}

// "2021年第一季度营收多少", "德国客户总共消费了多少": 多少 ending the question right after a
// measure word (past 了/是) asks for that measure's value, as 是多少 does; not a count of rows.
// 分别/各自/都 there ("每年的营收分别是多少") say the value of each group, as the grouping does;
// 一共/总共/共 ("2024年销售额总共多少") say the measure's total, its sum.
void ReadChineseHowMuch(const SchemaIndex& index, std::vector<Item>* items) {
  static constexpr std::string_view kBetween[] = {"了", "是",   "分别", "分别是", "各自",
                                                  "都", "都是", "一共", "总共",   "共"};
  std::vector<Item>& v = *items;
  for (size_t k = 1; k < v.size(); ++k) {
    if (v[k].kind != ItemKind::kKeyword || (v[k].text != "多少" && v[k].text != "有多少")) continue;
    size_t before = k - 1;
    while (before > 0 && std::find(std::begin(kBetween), std::end(kBetween), v[before].text) !=
                             std::end(kBetween)) {
      --before;
    }
    if (!IsMeasureTerm(index, v[before])) continue;
    const bool last =
        std::all_of(v.begin() + static_cast<std::ptrdiff_t>(k) + 1, v.end(), [](const Item& o) {
          return o.kind == ItemKind::kPunct ||
                 (o.kind == ItemKind::kKeyword && o.kw == Bit(Kw::kStop));
        });
    if (last) v[k].kw = Bit(Kw::kStop);
  }
}

// The one table of an item's terms (a table, or the table of its column or value); -1 when
// none or several.
int TableOfTerms(const SchemaIndex& index, const Item& it) {
  int table = -1;
  for (int id : it.terms) {
    const int t = index.terms()[id].table;
    if (table >= 0 && t != table) return -1;
    table = t;
  }
  return table;
}

// "Jane Peacock负责几个客户", "每个销售代表负责多少个客户": 负责 (is in charge of) between the
// rows of one table and another table that refers to it by exactly one key (Customer.
// SupportRepId → Employee) names that reference, as 的 does; read as a function word. Not when
// the two tables have no such key or several.
void ReadChineseChargeVerb(const SchemaIndex& index, std::vector<Item>* items) {
  std::vector<Item>& v = *items;
  for (size_t k = 1; k < v.size(); ++k) {
    size_t end = k;
    if (v[k].text == "负" && k + 1 < v.size() && v[k + 1].text == "责") end = k + 1;
    if (v[k].kind != ItemKind::kUnknown || (v[k].text != "负责" && end == k)) continue;
    size_t after = end + 1;
    while (after < v.size() && v[after].kind == ItemKind::kKeyword &&
           (v[after].Has(Kw::kStop) || v[after].Has(Kw::kCount) || v[after].Has(Kw::kWhich) ||
            v[after].Has(Kw::kRowUnit))) {
      ++after;
    }
    if (after >= v.size() || v[k - 1].kind != ItemKind::kTerm) continue;
    const int person = TableOfTerms(index, v[k - 1]);
    const bool names_table = std::any_of(v[after].terms.begin(), v[after].terms.end(), [&](int id) {
      return index.terms()[id].kind == TermKind::kTable;
    });
    const int rows = names_table ? TableOfTerms(index, v[after]) : -1;
    if (person < 0 || rows < 0 || person == rows) continue;
    const long links =
        std::count_if(index.edges().begin(), index.edges().end(), [&](const JoinEdge& e) {
          return (e.from_table == rows && e.to_table == person) ||
                 (e.from_table == person && e.to_table == rows);
        });
    if (links != 1) continue;
    for (size_t p = k; p <= end; ++p) {
      v[p].kind = ItemKind::kKeyword;
      v[p].kw = Bit(Kw::kStop);
    }
  }
}

// "亚运会在哪些城市举办过", "各城市举办运动会的次数": an unread verb of two or more characters
// (a run of unknown characters, 过/了 after it aside) that is part of the name of the one
// foreign-key column whose name holds it (运动会.举办城市id), when the question names both
// tables it links, says that reference: read as function words.
void ReadVerbOfAReference(const SchemaIndex& index, std::vector<Item>* items) {
  std::vector<Item>& v = *items;
  std::set<int> named;
  for (const Item& it : v) {
    for (int id : it.terms) named.insert(index.terms()[id].table);
  }
  for (size_t k = 0; k < v.size(); ++k) {
    size_t end = k;
    std::string verb;
    while (end < v.size() && v[end].kind == ItemKind::kUnknown &&
           (end == k || v[end].unit_begin == v[end - 1].unit_end) && v[end].text != "过" &&
           v[end].text != "了") {
      verb += v[end].text;
      ++end;
    }
    if (verb.size() < 2 * 3 || !text::ContainsCjk(verb)) continue;
    const JoinEdge* edge = nullptr;
    int edges = 0;
    for (const JoinEdge& e : index.edges()) {
      if (index.columns()[e.from_column].name.find(verb) == std::string::npos) continue;
      edge = &e;
      ++edges;
    }
    if (edges != 1 || !named.count(edge->from_table) || !named.count(edge->to_table)) continue;
    if (end < v.size() && v[end].unit_begin == v[end - 1].unit_end &&
        (v[end].text == "过" || v[end].text == "了")) {
      ++end;  // 举办过: the aspect particle goes with its verb
    }
    for (size_t p = k; p < end; ++p) MakeFunctionWord(&v[p]);
    k = end - 1;
  }
}

// "哪些客户来自巴西", "住在布拉格的客户": 来自 (come from) / 住在 (live in) right before a stored
// value say only that the rows have that value (巴西的客户); read as function words there.
void ReadChinesePlaceVerbs(const SchemaIndex& index, std::vector<Item>* items) {
  std::vector<Item>& v = *items;
  for (size_t k = 0; k + 2 < v.size(); ++k) {
    // 来 and 在 are function words of their own; 自 and 住 are the verbs' unread halves.
    const bool verb =
        (v[k].text == "来" && v[k + 1].text == "自" && v[k + 1].kind == ItemKind::kUnknown) ||
        (v[k].text == "住" && v[k].kind == ItemKind::kUnknown && v[k + 1].text == "在");
    if (!verb) continue;
    const Item& value = v[k + 2];
    const bool stored_value = value.kind == ItemKind::kTerm && !value.terms.empty() &&
                              std::all_of(value.terms.begin(), value.terms.end(), [&](int id) {
                                return index.terms()[id].kind == TermKind::kValue;
                              });
    if (!stored_value) continue;
    for (size_t p = k; p <= k + 1; ++p) {
      v[p].kind = ItemKind::kKeyword;
      v[p].kw = Bit(Kw::kStop);
      v[p].terms.clear();
    }
  }
}

// "巴西的客户是哪几位", "哪几条路线的价格超过15000元", "西北的门店是哪几家": 哪 + 几 (+ a
// counting word) asks which rows, a list, as 哪些 does — 几 counted them (COUNT at 0.95). The
// words become one which-word. 哪几种/哪几类 keep their reading: which kinds, the distinct values.
void ReadWhichFew(std::vector<Item>* items) {
  std::vector<Item>& v = *items;
  for (size_t k = 0; k + 1 < v.size(); ++k) {
    const Item& few = v[k + 1];
    if (v[k].kind != ItemKind::kKeyword || !v[k].Has(Kw::kWhich) || !v[k].text.ends_with("哪") ||
        few.kind != ItemKind::kKeyword || !few.text.starts_with("几") || few.Has(Kw::kDistinct)) {
      continue;
    }
    size_t last = k + 1;
    if (few.text == "几" && last + 1 < v.size() && v[last + 1].kind == ItemKind::kKeyword &&
        v[last + 1].Has(Kw::kRowUnit)) {
      if (v[last + 1].text == "种" || v[last + 1].text == "类") continue;
      ++last;
    }
    Item which = v[k];
    which.kw = Bit(Kw::kWhich);
    which.unit_end = v[last].unit_end;
    for (size_t j = k + 1; j <= last; ++j) which.text += v[j].text;
    v.erase(v.begin() + static_cast<std::ptrdiff_t>(k) + 1,
            v.begin() + static_cast<std::ptrdiff_t>(last) + 1);
    v[k] = std::move(which);
  }
}

// "按媒体类型看销售额", "按国家来看销售额": 看/来看 (look at) right after 按/按照 and the word
// grouped by (a column, or 年/月 …) says no more than 按X统计 does, when what is looked at
// follows it ("按流派看" alone says nothing to compute); read as a function word there only.
void ReadLookByGroup(std::vector<Item>* items) {
  constexpr KwSet kBuckets = Bit(Kw::kYearBucket) | Bit(Kw::kQuarterBucket) |
                             Bit(Kw::kMonthBucket) | Bit(Kw::kWeekBucket) | Bit(Kw::kDayBucket) |
                             Bit(Kw::kYearUnit) | Bit(Kw::kMonthUnit) | Bit(Kw::kQuarterUnit);
  std::vector<Item>& v = *items;
  for (size_t k = 0; k + 2 < v.size(); ++k) {
    size_t look = k + 2;
    if (v[k].text.starts_with("按") && (v[k].kw & kBuckets) != 0) {
      look = k + 1;  // 按年, 按月: one word
    } else if ((v[k].text != "按" && v[k].text != "按照") ||
               (v[k + 1].kind != ItemKind::kTerm && (v[k + 1].kw & kBuckets) == 0)) {
      continue;
    }
    if (v[look].text == "来") ++look;
    if (look + 1 >= v.size() || v[look].kind != ItemKind::kUnknown ||
        (v[look].text != "看" && v[look].text != "来看") || v[look + 1].kind == ItemKind::kPunct) {
      continue;
    }
    v[look].kind = ItemKind::kKeyword;
    v[look].kw = Bit(Kw::kStop);
    v[look].terms.clear();
  }
}

// "平均每张订单多少钱", "平均每个订单的金额", "平均每张发票金额多少": 平均 + 每 (+ unit) + a
// table's rows + a measure of that same table (or 多少钱, its money) is the measure averaged
// over the table's own rows: 每 and its unit, and the table word when a measure follows, are
// function words; 多少钱 becomes the money column. A measure of another table
// ("平均每位客户消费多少": per customer, a sum per group averaged) is not read here.
void ReadAveragePerOwnRow(const SchemaIndex& index, std::vector<Item>* items) {
  std::vector<Item>& v = *items;
  for (size_t k = 0; k + 2 < v.size(); ++k) {
    const std::string& each = v[k + 1].text;
    if (!v[k].Has(Kw::kAvg) || (each != "每" && each != "每个" && each != "每一个") ||
        !v[k + 1].Has(Kw::kGroup)) {
      continue;
    }
    size_t at = k + 2;
    if (v[at].kind == ItemKind::kKeyword && v[at].Has(Kw::kRowUnit) && at + 1 < v.size()) ++at;
    const int table = TableOfTerms(index, v[at]);
    if (table < 0 || v[at].kind != ItemKind::kTerm) continue;
    std::vector<size_t> function_words = {k + 1};
    if (at > k + 2) function_words.push_back(k + 2);
    size_t measure = at;
    if (!IsMeasureTerm(index, v[at])) {  // the table's word, then its measure past 的
      measure = at + 1;
      while (measure < v.size() && v[measure].kind == ItemKind::kKeyword &&
             v[measure].text == "的") {
        ++measure;
      }
      if (measure >= v.size()) continue;
      const int money = index.inferred_money_column();
      const bool how_much =
          v[measure].text == "多少钱" && money >= 0 && index.columns()[money].table == table;
      if (!how_much &&
          !(IsMeasureTerm(index, v[measure]) && TableOfTerms(index, v[measure]) == table)) {
        continue;
      }
      if (how_much) {
        const std::vector<int>* ids = index.FindTerms(PhraseKey(index.columns()[money].display_zh));
        int id = -1;
        for (size_t t = 0; ids && t < ids->size(); ++t) {
          if (index.terms()[(*ids)[t]].column == money) id = (*ids)[t];
        }
        if (id < 0) continue;
        v[measure].kind = ItemKind::kTerm;
        v[measure].kw = 0;
        v[measure].terms = {id};
        v[measure].text = index.columns()[money].display_zh;
      }
      function_words.push_back(at);
    }
    for (size_t p : function_words) {
      v[p].kind = ItemKind::kKeyword;
      v[p].kw = Bit(Kw::kStop);
      v[p].terms.clear();
    }
  }
}

// The term id naming `table` itself; -1 when none.
int TableTerm(const SchemaIndex& index, int table) {
  for (size_t id = 0; id < index.terms().size(); ++id) {
    const Term& t = index.terms()[id];
    if (t.kind == TermKind::kTable && t.table == table && t.exact) return static_cast<int>(id);
  }
  return -1;
}

// "平均一张订单包含几首曲目", "平均一个订单有几件商品": 平均 + 一 + a row unit + a table word says
// 平均每 (any one of them, on average): 一 is read as 每, the group word. "一张订单平均包含几首歌"
// says the same with 平均 after the table word: it moves before 一 (unlike 每张订单平均, which
// may also ask each order's own average, one order on average is one figure).
void ReadAverageOfOne(const SchemaIndex& index, std::vector<Item>* items) {
  std::vector<Item>& v = *items;
  for (size_t k = 0; k + 2 < v.size(); ++k) {
    const bool table_word = v[k + 2].kind == ItemKind::kTerm &&
                            std::any_of(v[k + 2].terms.begin(), v[k + 2].terms.end(), [&](int id) {
                              return index.terms()[id].kind == TermKind::kTable;
                            });
    if (v[k].text != "一" || !v[k + 1].Has(Kw::kRowUnit) || !table_word) continue;
    const bool average_after = k + 3 < v.size() && v[k + 3].Has(Kw::kAvg);
    if (!(k >= 1 && v[k - 1].Has(Kw::kAvg)) && !average_after) continue;
    if (!(k >= 1 && v[k - 1].Has(Kw::kAvg))) {
      std::rotate(v.begin() + static_cast<std::ptrdiff_t>(k),
                  v.begin() + static_cast<std::ptrdiff_t>(k) + 3,
                  v.begin() + static_cast<std::ptrdiff_t>(k) + 4);
      ++k;  // 一 follows the 平均 moved before it
    }
    v[k].kind = ItemKind::kKeyword;
    v[k].kw = Bit(Kw::kGroup);
    v[k].number = 0;
    v[k].text = "每";
  }
}

// A 的 the reading inserts, of no width, at unit `at`.
Item OfItem(size_t at) {
  Item of;
  of.kind = ItemKind::kKeyword;
  of.kw = Bit(Kw::kStop);
  of.text = "的";
  of.unit_begin = of.unit_end = at;
  return of;
}

// "每个销售代表的销售额", "每位金牌会员的消费", "哪位销售代表的销售额最高": each (or which) + a
// value of a table's column that is not its name (a kind of its rows: a title, a level) is
// that table's rows of that kind, one by one; the words are read as "销售代表的每个员工" (the
// value, 的, the group or which word, the table). Not when the table's
// own word follows (每个巴西客户 names the rows already), nor for a value of the name column.
void ReadEachOfAKind(const SchemaIndex& index, std::vector<Item>* items) {
  std::vector<Item>& v = *items;
  for (size_t k = 0; k + 1 < v.size(); ++k) {
    const bool each = v[k].Has(Kw::kGroup) && (v[k].text == "每个" || v[k].text == "每" ||
                                               v[k].text == "各" || v[k].text == "各个");
    if (v[k].kind != ItemKind::kKeyword || (!each && !v[k].Has(Kw::kWhich))) continue;
    size_t at = k + 1;
    if (v[at].kind == ItemKind::kKeyword && v[at].Has(Kw::kRowUnit) && at + 1 < v.size()) ++at;
    const Item& value = v[at];
    if (value.kind != ItemKind::kTerm || value.terms.empty()) continue;
    const Term& first = index.terms()[value.terms[0]];
    const bool one_column = std::all_of(value.terms.begin(), value.terms.end(), [&](int id) {
      const Term& t = index.terms()[id];
      return t.kind == TermKind::kValue && t.column == first.column;
    });
    if (!one_column || first.column == index.LabelColumn(first.table, true) ||
        index.LabelColumn(first.table, true) < 0) {
      continue;
    }
    if (at + 1 < v.size() && TableOfTerms(index, v[at + 1]) == first.table) continue;
    const int table_term = TableTerm(index, first.table);
    if (table_term < 0) continue;
    // value 的 每个 table: the group word and its unit move after the value.
    std::vector<Item> group(v.begin() + static_cast<std::ptrdiff_t>(k),
                            v.begin() + static_cast<std::ptrdiff_t>(at));
    Item of = OfItem(value.unit_end);
    Item rows;
    rows.kind = ItemKind::kTerm;
    rows.terms = {table_term};
    rows.text = index.tables()[first.table].display_zh.empty()
                    ? index.tables()[first.table].name
                    : index.tables()[first.table].display_zh;
    rows.unit_begin = rows.unit_end = value.unit_end;
    std::vector<Item> rewritten = {v[at], of};
    rewritten.insert(rewritten.end(), group.begin(), group.end());
    rewritten.push_back(rows);
    v.erase(v.begin() + static_cast<std::ptrdiff_t>(k),
            v.begin() + static_cast<std::ptrdiff_t>(at) + 1);
    v.insert(v.begin() + static_cast<std::ptrdiff_t>(k), rewritten.begin(), rewritten.end());
    k += rewritten.size() - 1;
  }
}

// "各类商品的销量", "每类商品": 各/每 + 类 + a word X reads as 各 X类别 的 X (per category
// of the X), when the schema names that category with X (商品类别, 商品分类, 商品类型); 类
// alone names no column, so the group word found nothing to group by. X stays: "各类商品的数量"
// counts the goods of each category, not the categories.
void ReadEachKindOf(const SchemaIndex& index, std::vector<Item>* items) {
  std::vector<Item>& v = *items;
  for (size_t k = 0; k + 2 < v.size(); ++k) {
    const bool each = v[k].kind == ItemKind::kKeyword && v[k].Has(Kw::kGroup) &&
                      (v[k].text == "各" || v[k].text == "每");
    if (!each || v[k + 1].text != "类" || v[k + 2].kind != ItemKind::kTerm) continue;
    for (const std::string_view suffix : {"类别", "分类", "类型"}) {
      const std::vector<int>* terms =
          index.FindTerms(PhraseKey(v[k + 2].text + std::string(suffix)));
      if (!terms) continue;
      Item kind = v[k + 2];
      kind.terms = *terms;
      kind.kw = 0;
      kind.unit_begin = v[k + 1].unit_begin;
      kind.text = v[k + 2].text + std::string(suffix);  // the column's heading: 商品类别
      v[k + 1] = std::move(kind);
      // X stays only as the table it names (商品 is also the demo's name column: listed
      // beside the total it would abstain); a word naming no table is the category alone.
      std::erase_if(v[k + 2].terms,
                    [&](int id) { return index.terms()[id].kind != TermKind::kTable; });
      if (v[k + 2].terms.empty()) {
        v.erase(v.begin() + static_cast<std::ptrdiff_t>(k) + 2);
      } else {
        v[k + 1].unit_end = v[k + 2].unit_begin;  // X类别 spans 类; X keeps its own word
        v.insert(v.begin() + static_cast<std::ptrdiff_t>(k) + 2, OfItem(v[k + 2].unit_begin));
        k += 2;
      }
      break;
    }
  }
}
}  // namespace

bool Parser::SpellsStoredValue(size_t i, size_t end) const {
  if (end <= i + 1 || end > units_.size()) return false;
  const bool punct = std::any_of(units_.begin() + i, units_.begin() + end,
                                 [](const Unit& u) { return u.kind == UnitKind::kPunct; });
  if (!punct) return false;
  const std::vector<int>* terms = index_.FindTerms(JoinUnitKeys(units_, i, end));
  if (terms == nullptr) return false;
  const std::string written =
      text::AsciiLower(question_.substr(units_[i].begin, units_[end - 1].end - units_[i].begin));
  return std::any_of(terms->begin(), terms->end(), [&](int id) {
    const Term& t = index_.terms()[id];
    return t.kind == TermKind::kValue && text::AsciiLower(t.value) == written;
  });
}

std::string Parser::KeyAt(size_t i, size_t end) const {
  if (SpellsStoredValue(i, end)) return JoinUnitKeys(units_, i, end);
  std::vector<Unit> kept;
  for (size_t k = i; k < end; ++k) {
    if (!(k > i && k + 1 < end && IsHyphen(units_, k))) kept.push_back(units_[k]);
  }
  return JoinUnitKeys(kept, 0, kept.size());
}

namespace {
// Whether `it`, written all in lower case, names only stored values that have capitals.
bool LowerCaseWordNotValue(const Item& it, const SchemaIndex& index) {
  if (it.terms.empty() || text::AsciiLower(it.text) != it.text) return false;
  return std::all_of(it.terms.begin(), it.terms.end(), [&](int id) {
    const Term& t = index.terms()[id];
    return t.kind == TermKind::kValue && text::AsciiLower(t.value) != t.value;
  });
}
}  // namespace

bool Parser::MatchAt(size_t i, size_t len) const {
  if (i + len > units_.size()) return false;
  if (SpellsStoredValue(i, i + len)) return true;
  bool hyphen = false;
  for (size_t k = i; k < i + len; ++k) {
    if (units_[k].kind != UnitKind::kPunct || len == 1) continue;
    // Never across punctuation, but a business term's word may be hyphenated.
    if (k > i && k + 1 < i + len && IsHyphen(units_, k)) {
      hyphen = true;
      continue;
    }
    return false;
  }
  if (hyphen) {
    const std::vector<int>* terms = index_.FindTerms(KeyAt(i, i + len));
    if (terms == nullptr) return false;
    for (int id : *terms) {
      if (index_.terms()[id].kind == TermKind::kBusiness) return true;
    }
    return false;
  }
  const std::string key = JoinUnitKeys(units_, i, i + len);
  if (index_.FindTerms(key) != nullptr) return true;
  const KwSet kw = lex_.Lookup(key);
  if (kw == 0) return false;
  // "orders by status" is the orders table and a group word, not the phrase "order by":
  // that phrase is never written with a plural noun.
  if (len > 1 && (kw & Bit(Kw::kOrder)) && units_[i].kind == UnitKind::kWord &&
      text::AsciiLower(units_[i].text) != units_[i].key) {
    return false;
  }
  return true;
}

size_t Parser::LongestMatch(size_t i, size_t max_units) const {
  if (i >= units_.size() || units_[i].kind == UnitKind::kPunct) return 0;
  for (size_t len = std::min(max_units, units_.size() - i); len >= 1; --len) {
    if (MatchAt(i, len)) return len;
  }
  return 0;
}

// Longest match first, but give way when the longest match would strand the next unit
// while a shorter one lets the rest match ("订单|数量" rather than "订单数|量"); 0: none.
size_t Parser::MatchLength(size_t i, size_t max_units) const {
  size_t len = LongestMatch(i, max_units);
  // A business term's own word is never split ("大单|数", not "大|单数").
  bool business = false;
  if (const std::vector<int>* t = len > 1 ? index_.FindTerms(KeyAt(i, i + len)) : nullptr) {
    for (int id : *t) business |= index_.terms()[id].kind == TermKind::kBusiness;
  }
  if (len > 1 && !business && i + len < units_.size() && units_[i + len].kind != UnitKind::kPunct &&
      LongestMatch(i + len, max_units) == 0) {
    for (size_t shorter = len - 1; shorter >= 1; --shorter) {
      if (MatchAt(i, shorter) && LongestMatch(i + shorter, max_units) > len - shorter) {
        len = shorter;
        break;
      }
    }
  }
  return len;
}

// "下过单", "入了职": a two-character verb-object word of the schema (下单, 入职) with 过 or 了
// between its characters, as Chinese writes them; only when neither character starts a
// longer word of its own. The word's terms, else nullptr.
const std::vector<int>* Parser::SeparatedWordAt(size_t i, size_t max_units) const {
  if (!chinese_ || i + 2 >= units_.size() ||
      (units_[i + 1].key != "过" && units_[i + 1].key != "了")) {
    return nullptr;
  }
  for (size_t k = i; k <= i + 2; ++k) {
    if (units_[k].kind != UnitKind::kCjk) return nullptr;
  }
  if (LongestMatch(i, max_units) > 1 || LongestMatch(i + 2, max_units) > 1) return nullptr;
  const std::vector<Unit> word = {units_[i], units_[i + 2]};
  return index_.FindTerms(JoinUnitKeys(word, 0, word.size()));
}

// 从没下过单的客户, 没有下单的会员, 下单最多的客户: 下单 (placing an order) with 过/了 or not,
// right after 没/没有/未 or right before 最多/最少, is the order table's word 订单 (what is missing
// or counted). Only there and only when the schema has no word 下单 of its own: 下单金额 is the
// amount of an order, not the order table. The table's terms of 订单, else empty; `*end` the
// unit after 单.
std::vector<int> Parser::OrderVerbAt(size_t i, size_t max_units, size_t* end) const {
  if (!chinese_ || units_[i].key != "下" || index_.FindTerms(PhraseKey("下单")) != nullptr)
    return {};
  size_t j = i + 1;
  if (j < units_.size() && (units_[j].key == "过" || units_[j].key == "了")) ++j;
  if (j >= units_.size() || units_[j].key != "单" || LongestMatch(i, max_units) > 1) return {};
  const auto key_at = [&](size_t k) { return k < units_.size() ? units_[k].key : std::string(); };
  const bool negated = (i >= 1 && (key_at(i - 1) == "没" || key_at(i - 1) == "未")) ||
                       (i >= 2 && key_at(i - 2) == "没" && key_at(i - 1) == "有");
  const std::string after = key_at(j + 1) + key_at(j + 2);
  if (!negated && after != "最多" && after != "最少") return {};
  const std::vector<int>* terms = index_.FindTerms(PhraseKey("订单"));
  if (terms == nullptr) return {};
  std::vector<int> tables;
  std::set<int> which;
  for (int id : *terms) {
    if (index_.terms()[id].kind != TermKind::kTable) continue;
    tables.push_back(id);
    which.insert(index_.terms()[id].table);
  }
  if (which.size() != 1) return {};
  *end = j + 1;
  return tables;
}

// A unit that matched nothing: a number (digits, an English number word, a run of Chinese
// numerals), else an unknown word.
void Parser::ReadUnmatchedUnit(size_t i, Item* item) const {
  const Unit& u = units_[i];
  item->unit_end = i + 1;
  if (u.kind == UnitKind::kNumber) {
    item->kind = ItemKind::kNumber;
    item->number = std::strtod(u.key.c_str(), nullptr);
  } else if (auto w = ParseEnglishNumberWord(u.key); w && u.kind == UnitKind::kWord) {
    item->kind = ItemKind::kNumber;
    item->number = *w;
  } else if (u.kind == UnitKind::kCjk) {
    size_t end = i;
    std::string run;
    while (end < units_.size() && units_[end].kind == UnitKind::kCjk) {
      std::string candidate = run + units_[end].key;
      if (!ParseChineseNumeral(candidate)) break;
      run = candidate;
      ++end;
    }
    if (end > i) {
      item->kind = ItemKind::kNumber;
      item->number = *ParseChineseNumeral(run);
      item->unit_end = end;
    }
  }
}

// A term that is also a keyword: keep the term only when the keyword reading is a stop
// word (a column called "name" stays a column); keywords win otherwise ("average" in a
// table with an Average column still means AVG).
void Parser::SettleTermsThatAreKeywords() {
  for (size_t k = 0; k < items_.size(); ++k) {
    Item& it = items_[k];
    if (it.kind != ItemKind::kTerm || it.kw == 0) continue;
    // The question's last word cannot be a function waiting for its argument ("the
    // highest total" names the Total column).
    bool last = true;
    for (size_t j = k + 1; j < items_.size(); ++j) last &= items_[j].kind == ItemKind::kPunct;
    // "age" is a keyword only where no column is called so (then it is that column).
    const bool weak_kw = (it.kw & ~(Bit(Kw::kStop) | Bit(Kw::kAge))) == 0 || (last && !chinese_);
    // "Show the ...", "Please list ...": an imperative opening the question is the verb,
    // not a table called "show" (a plural, "Shows with ...", stays the table).
    bool leading = !chinese_ && !last && (it.kw & Bit(Kw::kStop)) &&
                   text::AsciiLower(it.text) == JoinUnitKeys(units_, it.unit_begin, it.unit_end);
    for (size_t j = 0; j < k && leading; ++j) leading = IsFiller(items_[j]);
    // "total sales for us": a function word in lower case is not a stored value written with
    // capitals (US = 'USA', IT); only the value as the data writes it is.
    const bool lower_value =
        weak_kw && (it.kw & Bit(Kw::kStop)) && !chinese_ && LowerCaseWordNotValue(it, index_);
    if (leading || lower_value) {
      it.kind = ItemKind::kKeyword;
      it.terms.clear();
      continue;
    }
    if (!weak_kw) {
      it.kind = ItemKind::kKeyword;
      it.keyword_terms = std::move(it.terms);
      it.terms.clear();
    } else {
      it.kw = 0;
    }
  }
}

void Parser::Segment() {
  units_ = TokenizeUnits(question_);
  const size_t max_units = std::max(lex_.max_units(), index_.max_term_units());
  size_t i = 0;
  std::vector<int> order;  // OrderVerbAt's terms
  while (i < units_.size()) {
    Item item;
    item.unit_begin = i;
    if (units_[i].kind == UnitKind::kPunct) {
      item.kind = ItemKind::kPunct;
      item.unit_end = i + 1;
      // "what % of orders ...": a percent sign after no number is the word "percent" (passed
      // over as a mark, it dropped the share and the rows were listed).
      if (units_[i].key == "%" && (i == 0 || units_[i - 1].kind != UnitKind::kNumber)) {
        item.kind = ItemKind::kKeyword;
        item.kw = lex_.Lookup("percent");
      }
    } else if (const std::vector<int>* split = SeparatedWordAt(i, max_units)) {
      item.kind = ItemKind::kTerm;
      item.terms = *split;
      item.unit_end = i + 3;
    } else if (size_t end = 0; !(order = OrderVerbAt(i, max_units, &end)).empty()) {
      item.kind = ItemKind::kTerm;
      item.terms = std::move(order);
      item.unit_end = end;
    } else if (const size_t len = MatchLength(i, max_units); len > 0) {
      const std::string key = KeyAt(i, i + len);
      const std::vector<int>* terms = index_.FindTerms(key);
      const KwSet kw = lex_.Lookup(key);
      item.kind = terms ? ItemKind::kTerm : ItemKind::kKeyword;
      item.age_word = (kw & Bit(Kw::kAge)) != 0;
      if (terms) item.terms = *terms;
      item.kw = kw;
      item.unit_end = i + len;
    } else {
      ReadUnmatchedUnit(i, &item);
    }
    item.text = std::string(
        question_.substr(units_[item.unit_begin].begin,
                         units_[item.unit_end - 1].end - units_[item.unit_begin].begin));
    i = item.unit_end;
    items_.push_back(std::move(item));
  }
  if (chinese_) ReadWhichFew(&items_);
  ReadCountSuffix(index_, &items_);
  if (chinese_) ReadPeopleCount(index_, &items_);
  if (chinese_)
    factor_ *= std::pow(kAbbreviationFactor, ReadAbbreviations(index_, units_, &items_));
  if (chinese_) ReadPlaceSuffix(index_, &items_);
  if (chinese_) ReadUnitOfCountColumn(index_, &items_);
  if (chinese_) ReadCountNounAfterHowMany(index_, &items_);
  if (chinese_) ReadChineseSaleVerbs(index_, &items_);
  if (chinese_) ReadChineseHowMuch(index_, &items_);
  if (chinese_) ReadChineseChargeVerb(index_, &items_);
  if (chinese_) ReadAverageOfOne(index_, &items_);
  if (chinese_) ReadEachOfAKind(index_, &items_);
  if (chinese_) ReadEachKindOf(index_, &items_);
  if (chinese_) ReadChinesePlaceVerbs(index_, &items_);
  if (chinese_) ReadLookByGroup(&items_);
  if (chinese_) ReadVerbOfAReference(index_, &items_);
  if (chinese_) ReadAveragePerOwnRow(index_, &items_);
  SettleTermsThatAreKeywords();
  if (!chinese_) ReadNounAfterWhich(&items_);
  if (!chinese_) ReadHowMuch(index_, &items_);
  if (!chinese_) ReadEarningVerbs(index_, &items_);
}

}  // namespace askdb::nlq
