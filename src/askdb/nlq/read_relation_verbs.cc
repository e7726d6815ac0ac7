// Verbs that name the relation between two tables (English): "which employee handled the most
// orders", "how many products does each supplier provide", "how many customers does each
// support rep look after". The verb says no more than the foreign key that links the rows, so
// it is read as that link when nothing else could be meant.
#include <set>
#include <string>
#include <string_view>

#include "askdb/common/text.h"
#include "askdb/nlq/parser.h"
#include "askdb/nlq/relation_verbs.h"
#include "askdb/nlq/tokenizer.h"

namespace askdb::nlq {

// Verbs of agency or possession: one row did, made, holds or looks after the other. Not
// verbs that pick some of the rows (returned, cancelled, rated): those narrow, and stay
// unplaced.
bool IsRelationVerb(std::string_view lower) {
  static const std::set<std::string, std::less<>> kVerbs = {
      "handle",  "handles",  "handled",   "handling", "place",     "places",   "placed",
      "supply",  "supplies", "supplied",  "provide",  "provides",  "provided", "carry",
      "carries", "carried",  "cover",     "covers",   "covered",   "manage",   "manages",
      "managed", "serve",    "serves",    "served",   "write",     "writes",   "wrote",
      "written", "compose",  "composed",  "release",  "releases",  "released", "own",
      "owns",    "owned",    "contain",   "contains", "contained", "take",     "took",
      "taken",   "process",  "processed", "deliver",  "delivered", "delivers", "pay",
      "pays",    "paid",     "assigned"};
  return kVerbs.count(lower) > 0;
}

namespace {

bool IsLook(std::string_view lower) {
  return lower == "look" || lower == "looks" || lower == "looked" || lower == "looking";
}

}  // namespace

// "look after": the "after" of the verb is no time comparison. Before the comparisons read it.
void Parser::ReadLookAfter() {
  if (chinese_) return;
  for (size_t k = 0; k + 1 < items_.size(); ++k) {
    if (IsLook(text::AsciiLower(items_[k].text)) && !items_[k].used &&
        text::AsciiLower(items_[k + 1].text) == "after") {
      items_[k + 1].used = true;
    }
  }
}

// The tables the question names (its table, column and value words), or empty when a word
// could be of several tables (a value stored in two, "country" of every table).
std::set<int> Parser::NamedTables() const {
  std::set<int> tables;
  for (const Item& it : items_) {
    if (!it.used || it.kind != ItemKind::kTerm) continue;
    std::set<int> mine, pinned;
    for (int id : it.terms) {
      const Term& t = TermOf(id);
      mine.insert(t.table);
      if (t.kind == TermKind::kValue && filter_subjects_.count(t.column)) pinned.insert(t.table);
    }
    if (pinned.size() == 1) mine = pinned;
    if (mine.size() != 1) return {};
    tables.insert(*mine.begin());
  }
  return tables;
}

// Whether tables a and b are linked one way only: one foreign key between them, or none and
// one table whose rows each point at one of both (a link table such as EmployeeTerritories).
bool Parser::LinkedOneWay(int a, int b) const {
  const auto& edges = index_.edges();
  auto count = [&](int x, int y) {
    int n = 0;
    for (const JoinEdge& e : edges) {
      n += (e.from_table == x && e.to_table == y) || (e.from_table == y && e.to_table == x);
    }
    return n;
  };
  const int direct = count(a, b);
  if (direct > 0) return direct == 1;
  int links = 0;
  for (int l = 0; l < static_cast<int>(index_.tables().size()); ++l) {
    if (l == a || l == b) continue;
    int to_a = 0, to_b = 0;
    for (const JoinEdge& e : edges) {
      to_a += e.from_table == l && e.to_table == a;
      to_b += e.from_table == l && e.to_table == b;
    }
    if (to_a == 1 && to_b == 1) ++links;
  }
  return links == 1;
}

// A relation verb left unplaced, in a question naming exactly two tables linked one way, says
// that link: it is read (the join the two tables need anyway). Only when the question counts,
// measures or names a value: "Which managers manage a railway?" lists managers that have one,
// not each manager beside each railway.
void Parser::ReadRelationVerbs() {
  if (chinese_ || (q_.measures.empty() && values_.empty() && related_counted_.empty())) return;
  const std::set<int> tables = NamedTables();
  if (tables.size() != 2 || !LinkedOneWay(*tables.begin(), *tables.rbegin())) return;
  for (size_t k = 0; k < items_.size(); ++k) {
    Item& it = items_[k];
    if (it.used || it.kind != ItemKind::kUnknown) continue;
    const std::string lower = text::AsciiLower(it.text);
    const bool look_after =
        IsLook(lower) && k + 1 < items_.size() && text::AsciiLower(items_[k + 1].text) == "after";
    if (!look_after && !IsRelationVerb(lower) && !IsRelationVerb(SingularizeEnglish(lower))) {
      continue;
    }
    it.used = true;
    Map(it, "join",
        "the link between " + index_.tables()[*tables.begin()].name + " and " +
            index_.tables()[*tables.rbegin()].name);
  }
}

// "which customers bought Chai", "customers who have purchased Chai": a buying verb right before
// the one value says the rows listed are those whose order lines hold it. Only a plain list is
// read (each row once, whatever the join repeats: ValueColumnScore then lets the value sit past
// the order lines); a count or a sum over that join stays refused.
// Chinese says it 买过爵士乐的客户, 哪些客户购买过AC/DC: 买/购买 (+ 过/了) right before the value.
void Parser::ReadBoughtValue() {
  if (values_.size() != 1 || !(OnlyListsRows() || OnlyCountsRows())) return;
  for (size_t k = 0; k < items_.size(); ++k) {
    Item& it = items_[k];
    if (it.used || it.kind != ItemKind::kUnknown) continue;
    const std::string lower = text::AsciiLower(it.text);
    const bool english_verb =
        lower == "bought" || lower == "purchased" || lower == "buy" || lower == "purchase";
    const size_t end = chinese_ ? ChineseBuyingVerbEnd(k) : english_verb ? k + 1 : k;
    if (end == k) continue;
    // English may put a filler between ("bought the Chai"); Chinese puts the value right after.
    const int value = chinese_ ? static_cast<int>(end) : NextMeaningful(static_cast<int>(k));
    if (value < 0 || value >= static_cast<int>(items_.size()) || !HasValue(items_[value])) {
      continue;
    }
    for (size_t p = k; p < end; ++p) items_[p].used = true;
    bought_value_ = true;
    Map(it, "join", "the order lines holding " + items_[value].text);
  }
}

// The end of 买/购买 (+ 过/了) starting at k, unread, its characters one item each or one
// word; k when no buying verb starts there.
size_t Parser::ChineseBuyingVerbEnd(size_t k) const {
  std::string said;
  for (size_t p = k; p < items_.size() && p < k + 3; ++p) {
    if (items_[p].used && items_[p].kind != ItemKind::kKeyword) return k;
    said += items_[p].text;
    for (std::string_view verb : {"购买过", "购买了", "买过", "买了", "购买"}) {
      if (said == verb) return p + 1;
    }
  }
  return k;
}

}  // namespace askdb::nlq
