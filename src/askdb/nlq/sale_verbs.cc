#include "askdb/nlq/sale_verbs.h"

#include <algorithm>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>

#include "askdb/common/measure_names.h"
#include "askdb/common/text.h"
#include "askdb/nlq/lexicon.h"
#include "askdb/nlq/tokenizer.h"

namespace askdb::nlq {
namespace {

bool TextIn(const Item& it, std::initializer_list<std::string_view> words) {
  return std::find(words.begin(), words.end(), it.text) != words.end();
}

void MakeFunctionWord(Item* it) {
  it->kind = ItemKind::kKeyword;
  it->kw = Bit(Kw::kStop);
  it->terms.clear();
  it->keyword_terms.clear();
}

// The verb becomes `term`, written as `word`: the measure's name in the answer, and the
// phrase later stages read (a revenue word moves to the lines' revenue, MoveMoneyToLineRevenue;
// the verb itself would match 卖出数量 there).
void MakeTerm(Item* it, int term, std::string word) {
  it->kind = ItemKind::kTerm;
  it->kw = 0;
  it->terms = {term};
  it->keyword_terms.clear();
  it->text = std::move(word);
}

// The particles and fillers between a verb and what it asks: 卖了, 卖出去, 一共.
size_t SkipParticles(const std::vector<Item>& v, size_t j) {
  while (j < v.size() &&
         TextIn(v[j], {"了", "出", "去", "掉", "过", "一共", "总共", "共", "共计"})) {
    ++j;
  }
  return j;
}

// The term of the money column the revenue words name (SchemaIndex::inferred_money_column,
// the model's 销售额 or the inferred one), else the inferred line revenue, and the Chinese
// revenue word it is indexed under; {-1, ""} when none.
std::pair<int, std::string> MoneyTerm(const SchemaIndex& index) {
  for (std::string_view phrase : measures::RevenuePhrases()) {
    const std::vector<int>* ids = index.FindTerms(PhraseKey(phrase));
    if (!ids || !text::ContainsCjk(phrase)) continue;
    for (int id : *ids) {
      const Term& t = index.terms()[id];
      if ((t.kind == TermKind::kColumn && t.column >= 0 &&
           t.column == index.inferred_money_column()) ||
          t.source == "inferred money") {
        return {id, std::string(phrase)};
      }
    }
  }
  return {-1, ""};
}

// The order lines' quantity column (the "units sold" words of the model or of
// SchemaIndex::AddUnitsSoldWords); -1 when none.
int QuantityTerm(const SchemaIndex& index) {
  const std::vector<int>* ids = index.FindTerms(PhraseKey("units sold"));
  if (!ids) return -1;
  for (int id : *ids) {
    if (index.terms()[id].kind == TermKind::kColumn) return id;
  }
  return -1;
}

bool References(const SchemaIndex& index, int from, int to) {
  return std::any_of(index.edges().begin(), index.edges().end(),
                     [&](const JoinEdge& e) { return e.from_table == from && e.to_table == to; });
}

// Whether some item names (a table, a column or a value of) a table `money_table` refers to:
// the party who pays ("客户 … 花了多少钱"), not the company spending its own money.
bool NamesPayingParty(const SchemaIndex& index, const std::vector<Item>& v, int money_table) {
  return std::any_of(v.begin(), v.end(), [&](const Item& it) {
    return it.kind == ItemKind::kTerm && std::any_of(it.terms.begin(), it.terms.end(), [&](int id) {
             const Term& t = index.terms()[id];
             return t.kind != TermKind::kBusiness && t.table != money_table &&
                    References(index, money_table, t.table);
           });
  });
}

// 卖了多少钱, 花了多少钱, 花钱: the verb becomes the money, 多少钱/钱 a function word.
bool ReadMoneyVerb(const SchemaIndex& index, std::vector<Item>& v, size_t k) {
  const bool spend = v[k].text == "花";
  if (!spend && !TextIn(v[k], {"卖", "售"})) return false;
  const size_t j = SkipParticles(v, k + 1);
  if (j >= v.size()) return false;
  const bool how_much = v[j].text == "多少钱";
  const bool money_word =
      spend && j == k + 1 && v[j].text == "钱" && v[j].kind == ItemKind::kUnknown;
  if (!how_much && !money_word) return false;
  const auto [money, word] = MoneyTerm(index);
  if (money < 0) return false;
  if (spend && !NamesPayingParty(index, v, index.terms()[money].table)) return false;
  MakeTerm(&v[k], money, word);
  for (size_t p = k + 1; p <= j; ++p) MakeFunctionWord(&v[p]);
  return true;
}

// The one table the order lines refer to besides their document (a track, a product), or -1.
int LineItemTable(const SchemaIndex& index, int lines, int document) {
  int found = -1;
  for (const JoinEdge& e : index.edges()) {
    if (e.from_table != lines || e.to_table == document || e.to_table == lines) continue;
    if (found >= 0 && found != e.to_table) return -1;
    found = e.to_table;
  }
  return found;
}

bool NamesTable(const SchemaIndex& index, const Item& it, int table) {
  return it.kind == ItemKind::kTerm && std::any_of(it.terms.begin(), it.terms.end(), [&](int id) {
           const Term& t = index.terms()[id];
           return t.kind == TermKind::kTable && t.table == table;
         });
}

// Whether some word of the question names a table's rows.
bool NamesAnyRows(const SchemaIndex& index, const std::vector<Item>& v) {
  return std::any_of(v.begin(), v.end(), [&](const Item& it) {
    return it.kind == ItemKind::kTerm && std::any_of(it.terms.begin(), it.terms.end(), [&](int id) {
             return index.terms()[id].kind == TermKind::kTable;
           });
  });
}

// 几件, 多少首, 几 + 件: the end of a count word with its row unit at `j` (one item or two), or 0
// when none is there.
size_t CountWithUnitEnd(const std::vector<Item>& v, size_t j) {
  // A bare 多少 may already be a function word: 多少件 read as the 件数 column
  // (segment.cc ReadUnitOfCountColumn).
  const bool bare = j < v.size() && TextIn(v[j], {"多少", "有多少", "几"});
  if (j >= v.size() || v[j].kind != ItemKind::kKeyword || (!bare && !v[j].Has(Kw::kCount))) {
    return 0;
  }
  if (!bare && v[j].text.rfind("多少", 0) != 0 && v[j].text.rfind("几", 0) != 0) return 0;
  size_t end = j + 1;
  if (bare) {
    // The unit may also be a term (件 short for 件数): read by what it is as a word.
    if (end >= v.size() ||
        (Lexicon::Builtin().Lookup(PhraseKey(v[end].text)) & Bit(Kw::kRowUnit)) == 0) {
      return 0;
    }
    ++end;
  }
  return end;
}

// Whether only punctuation and function words follow item `from`.
bool NothingAfter(const std::vector<Item>& v, size_t from) {
  return std::all_of(v.begin() + static_cast<std::ptrdiff_t>(from), v.end(), [](const Item& o) {
    return o.kind == ItemKind::kPunct || (o.kind == ItemKind::kKeyword && o.kw == Bit(Kw::kStop));
  });
}

// The order lines' quantity term, the lines' table and the table of the items they sell
// (a product, a track; -1 when not one); quantity -1 when the schema has no such lines.
struct LineUnits {
  int quantity = -1, document = -1, item_table = -1;
};
LineUnits LineUnitsOf(const SchemaIndex& index) {
  LineUnits u;
  const int quantity = QuantityTerm(index);
  const int money = MoneyTerm(index).first;
  if (quantity < 0 || money < 0) return u;
  u.quantity = quantity;
  u.document = index.terms()[money].table;
  u.item_table = LineItemTable(index, index.terms()[quantity].table, u.document);
  return u;
}

void MakeQuantity(const SchemaIndex& index, Item* it, int quantity) {
  const IndexedColumn& column = index.columns()[index.terms()[quantity].column];
  MakeTerm(it, quantity, column.display_zh.empty() ? column.name : column.display_zh);
}

// 卖出多少首歌, 一共卖了几件: the verb becomes the lines' quantity; the count, its unit and the
// item table after it become function words. Anything else after the count leaves it unread.
bool ReadUnitsVerb(const SchemaIndex& index, std::vector<Item>& v, size_t k) {
  if (!TextIn(v[k], {"卖", "售"}) || k + 1 >= v.size() || !TextIn(v[k + 1], {"出", "了"})) {
    return false;
  }
  size_t end = CountWithUnitEnd(v, SkipParticles(v, k + 1));
  const LineUnits u = LineUnitsOf(index);
  if (end == 0 || u.quantity < 0) return false;
  if (end < v.size() && u.item_table >= 0 && NamesTable(index, v[end], u.item_table)) ++end;
  if (!NothingAfter(v, end)) return false;
  MakeQuantity(index, &v[k], u.quantity);
  for (size_t p = k + 1; p < end; ++p) MakeFunctionWord(&v[p]);
  return true;
}

// "平均每个订单有几件商品", "每个订单包含多少件商品": an order (the document the lines belong to,
// named before) that has or contains N units of the items the lines sell holds the lines'
// quantity: 有/包含 becomes the quantity, the count, its unit and the item word function words.
// The item word is required (订单有几个 counts orders), and nothing may follow it.
bool ReadContainedUnits(const SchemaIndex& index, std::vector<Item>& v, size_t k) {
  if (k == 0 || !TextIn(v[k], {"有", "包含", "含有", "含"})) return false;
  // 包含 may come as 包 + 含, two unknown characters.
  const size_t verb = v[k].text == "含" && v[k - 1].text == "包" && !v[k - 1].used ? k - 1 : k;
  const LineUnits u = LineUnitsOf(index);
  const size_t end = CountWithUnitEnd(v, k + 1);
  if (end == 0 || u.quantity < 0 || u.item_table < 0 || end >= v.size() ||
      !NamesTable(index, v[end], u.item_table) || !NothingAfter(v, end + 1) ||
      std::none_of(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(verb),
                   [&](const Item& it) { return NamesTable(index, it, u.document); })) {
    return false;
  }
  if (verb < k) MakeFunctionWord(&v[verb]);
  MakeQuantity(index, &v[k], u.quantity);
  for (size_t p = k + 1; p <= end; ++p) MakeFunctionWord(&v[p]);
  return true;
}

// 卖得最多/最好（按销售额）: how well something sold, when the question names the measure it
// is ranked by; 按 before that measure says what to rank by, not a grouping.
bool ReadRankingVerb(const SchemaIndex& index, std::vector<Item>& v, size_t k) {
  if (v[k].text != "卖" || k + 2 >= v.size() || !TextIn(v[k + 1], {"得", "的"})) return false;
  const Item& best = v[k + 2];
  const bool keyword = best.kind == ItemKind::kKeyword && TextIn(best, {"最多", "最少"});
  const bool good = best.text == "最" && k + 3 < v.size() && TextIn(v[k + 3], {"好", "差"});
  if (!keyword && !good) return false;
  size_t measure = v.size();
  for (size_t p = 0; p < v.size(); ++p) {
    if (p != k && IsMeasureTerm(index, v[p])) {
      if (measure < v.size()) return false;  // two measures: which one ranks is unclear
      measure = p;
    }
  }
  if (measure == v.size()) return false;
  MakeFunctionWord(&v[k]);
  MakeFunctionWord(&v[k + 1]);
  if (good) {
    // 最好 reads as 最多, 最差 as 最少; with 的 after it as 最多的 (also the top N:
    // "卖得最好的5个歌手").
    const bool of = k + 4 < v.size() && v[k + 4].text == "的";
    const std::string word =
        std::string(v[k + 3].text == "好" ? "最多" : "最少") + (of ? "的" : "");
    v[k + 2].kind = ItemKind::kKeyword;
    v[k + 2].kw = Lexicon::Builtin().Lookup(PhraseKey(word));
    v[k + 2].text += v[k + 3].text + (of ? "的" : "");
    v[k + 2].unit_end = v[of ? k + 4 : k + 3].unit_end;
    const size_t merged = of ? 2 : 1;
    v.erase(v.begin() + static_cast<std::ptrdiff_t>(k + 3),
            v.begin() + static_cast<std::ptrdiff_t>(k + 3 + merged));
    if (measure > k + 3) measure -= merged;
  }
  if (measure > 0 && TextIn(v[measure - 1], {"按", "按照"})) MakeFunctionWord(&v[measure - 1]);
  return true;
}

// 最畅销(的): what sells best is what sells the most units, the order lines' quantity (销量):
// read as 销量最多(的), so that "最畅销的10个商品" is the top 10 by units sold. It is said of
// rows (最畅销的商品, 哪个门店最畅销): with none named ("最畅销的是什么") it had answered the
// largest quantity of one order line at 0.95; it stays unread.
bool ReadBestSellingWord(const SchemaIndex& index, std::vector<Item>& v, size_t k) {
  if (v[k].text != "最" || k + 2 >= v.size() || v[k + 1].text != "畅" || v[k + 2].text != "销" ||
      !NamesAnyRows(index, v)) {
    return false;
  }
  const int quantity = QuantityTerm(index);
  if (quantity < 0) return false;
  const bool of = k + 3 < v.size() && v[k + 3].text == "的";
  const IndexedColumn& column = index.columns()[index.terms()[quantity].column];
  Item& most = v[k + 1];
  most.kind = ItemKind::kKeyword;
  most.kw = Lexicon::Builtin().Lookup(PhraseKey(of ? "最多的" : "最多"));
  most.text = of ? "最多的" : "最多";  // what the superlative readings look for
  // Both words span what the user said (最畅销, 最畅销的): the explanation shows those.
  most.unit_begin = v[k].unit_begin;
  most.unit_end = v[of ? k + 3 : k + 2].unit_end;
  MakeTerm(&v[k], quantity, column.display_zh.empty() ? column.name : column.display_zh);
  v[k].unit_end = v[k + 2].unit_end;
  v.erase(v.begin() + static_cast<std::ptrdiff_t>(k + 2),
          v.begin() + static_cast<std::ptrdiff_t>(of ? k + 4 : k + 3));
  return true;
}

// 没(有)/未 (被) 卖出(去)过, 从来没卖掉: a negated sale (从来 is read as a filler) is having no
// order lines. The verb becomes the lines' table word and its particles function words, so that
// the rows with no related rows read it as "没有发票明细的曲目" / "哪些曲目没有发票明细"
// (read_comparisons.cc ReadChineseNoRelated); rows the lines do not point at directly (流派 of
// a track) leave the negation unread, and the answer abstains naming it.
bool ReadNeverSoldVerb(const SchemaIndex& index, std::vector<Item>& v, size_t k) {
  if (!TextIn(v[k], {"卖", "售"}) || k == 0) return false;
  const size_t passive = v[k - 1].text == "被" ? k - 1 : k;
  if (passive == 0) return false;
  const Item& before = v[passive - 1];
  const bool negated = TextIn(before, {"没", "未", "没有"}) ||
                       (before.text == "有" && passive >= 2 && v[passive - 2].text == "没");
  const size_t end = SkipParticles(v, k + 1);
  const bool sold_out =
      std::any_of(v.begin() + static_cast<std::ptrdiff_t>(k + 1),
                  v.begin() + static_cast<std::ptrdiff_t>(end), [](const Item& p) {
                    return TextIn(p, {"出", "过", "掉"});
                  });
  const int quantity = QuantityTerm(index);
  if (!negated || !sold_out || quantity < 0) return false;
  const int lines = index.terms()[quantity].table;
  for (size_t id = 0; id < index.terms().size(); ++id) {
    const Term& t = index.terms()[id];
    if (t.kind != TermKind::kTable || t.table != lines) continue;
    MakeTerm(&v[k], static_cast<int>(id), v[k].text);  // a decline names the verb said
    for (size_t p = k + 1; p < end; ++p) MakeFunctionWord(&v[p]);
    if (passive < k) MakeFunctionWord(&v[passive]);
    return true;
  }
  return false;
}

// 买/买过/购买 right before a value: the value is what was bought, a condition already read.
void ReadPurchaseVerbs(const SchemaIndex& index, std::vector<Item>& v) {
  for (size_t k = 0; k < v.size(); ++k) {
    size_t j = k;
    if (v[k].text == "购" && k + 1 < v.size() && v[k + 1].text == "买") ++j;
    if (v[j].text != "买" || v[k].kind != ItemKind::kUnknown) continue;
    size_t value = j + 1;
    if (value < v.size() && TextIn(v[value], {"过", "了"})) ++value;
    if (value >= v.size() || v[value].kind != ItemKind::kTerm) continue;
    const bool stored_value =
        std::all_of(v[value].terms.begin(), v[value].terms.end(),
                    [&](int id) { return index.terms()[id].kind == TermKind::kValue; });
    if (!stored_value) continue;
    for (size_t p = k; p < value; ++p) MakeFunctionWord(&v[p]);
  }
}

}  // namespace

bool IsMeasureTerm(const SchemaIndex& index, const Item& it) {
  return it.kind == ItemKind::kTerm && !it.terms.empty() &&
         std::all_of(it.terms.begin(), it.terms.end(), [&](int id) {
           const Term& t = index.terms()[id];
           if (t.kind == TermKind::kBusiness) {
             return index.business_terms()[t.business].def.meaning == BusinessMeaning::kMeasure;
           }
           return t.kind == TermKind::kColumn &&
                  index.columns()[t.column].role == ColumnRole::kMeasure;
         });
}

int OrderLinesTable(const SchemaIndex& index) {
  const int quantity = QuantityTerm(index);
  if (quantity >= 0) return index.terms()[quantity].table;
  // Chinook's InvoiceLine.Quantity (all 1) is no measure: the lines' revenue names them.
  const int lines = index.line_revenue_term();
  return lines < 0 ? -1 : index.business_terms()[lines].table;
}

int ReadChineseSaleVerbs(const SchemaIndex& index, std::vector<Item>* items) {
  std::vector<Item>& v = *items;
  int read = 0;
  for (size_t k = 0; k < v.size(); ++k) {
    if (ReadContainedUnits(index, v, k)) ++read;  // 有 is a keyword, 包含 unknown
    if (v[k].kind != ItemKind::kUnknown) continue;
    if (ReadMoneyVerb(index, v, k) || ReadUnitsVerb(index, v, k) || ReadRankingVerb(index, v, k) ||
        ReadBestSellingWord(index, v, k)) {
      ++read;
    } else {
      ReadNeverSoldVerb(index, v, k);  // a sale not made: no value was bought
    }
  }
  if (read > 0) ReadPurchaseVerbs(index, v);
  return read;
}

}  // namespace askdb::nlq
