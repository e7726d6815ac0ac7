#include "askdb/nlq/reading_check.h"

#include <algorithm>
#include <cctype>
#include <sstream>
#include <string_view>

#include "askdb/common/text.h"
#include "askdb/nlq/demonyms.h"
#include "askdb/nlq/parser.h"
#include "askdb/nlq/schema_index.h"

namespace askdb::nlq {
namespace {

constexpr KwSet kComputationWords = Bit(Kw::kSum) | Bit(Kw::kAvg) | Bit(Kw::kCount) |
                                    Bit(Kw::kMax) | Bit(Kw::kMin) | Bit(Kw::kDistinct);

// A word that names a column or a value: leaving it out drops a measure, a projection or a
// filter. A word that names only a table is the subject said twice ("invoice total of the
// invoices") far more often than a missing join, and the join planner checks tables.
bool NamesDataBeyondTables(const Item& item, const SchemaIndex& index) {
  for (int id : item.terms) {
    const Term& term = index.terms()[id];
    if (term.kind != TermKind::kTable && term.source != "key") return true;
  }
  return false;
}

bool IsEnglishWord(const std::string& text) {
  if (text.size() < 3) return false;
  for (char c : text) {
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))) return false;
  }
  return true;
}

bool IsPossessive(const std::string& text) {
  static constexpr std::string_view kWords[] = {"their", "its", "the", "his", "her"};
  return std::find(std::begin(kWords), std::end(kWords), text::AsciiLower(text)) !=
         std::end(kWords);
}

bool IsListSeparator(const Item& item) {
  return item.text == "," || text::AsciiLower(item.text) == "and";
}

bool IsUnknownEnglishWord(const Item& item) {
  return !item.used && item.kind == ItemKind::kUnknown && IsEnglishWord(item.text);
}

// "the themes and years of exhibitions": a time word ("years", "month") the reading left unused
// is a column asked for as much as an unknown word is (the table's Year column was not read).
bool IsUnusedTimeWord(const Item& item) {
  constexpr KwSet kTimeWords = Bit(Kw::kYearBucket) | Bit(Kw::kQuarterBucket) |
                               Bit(Kw::kMonthBucket) | Bit(Kw::kWeekBucket) | Bit(Kw::kDayBucket) |
                               Bit(Kw::kYearUnit) | Bit(Kw::kQuarterUnit) | Bit(Kw::kMonthUnit) |
                               Bit(Kw::kDayUnit);
  return !item.used && item.kind == ItemKind::kKeyword && (item.kw & kTimeWords) &&
         IsEnglishWord(item.text);
}

// "the titles and their directors", "create dates, states, and phone numbers": an English
// word the engine does not know, listed with "and" or a comma beside a word it placed (or
// beside another unknown word of the list), is something else the question asks to be shown.
bool ListedBesidePlacedWord(const std::vector<Item>& items, size_t i) {
  if (!IsUnknownEnglishWord(items[i]) && !IsUnusedTimeWord(items[i])) return false;
  size_t k = i, seps = 0;
  while (k > 0 && IsPossessive(items[k - 1].text)) --k;
  while (k > 0 && IsListSeparator(items[k - 1])) --k, ++seps;
  if (seps > 0 && k > 0) {
    const Item& before = items[k - 1];
    if ((before.used && before.kind == ItemKind::kTerm) || IsUnknownEnglishWord(before)) {
      return true;
    }
  }
  size_t j = i + 1;
  seps = 0;
  while (j < items.size() && IsListSeparator(items[j])) ++j, ++seps;
  while (j < items.size() && IsPossessive(items[j].text)) ++j;
  // "all nicknames and the number of singers": a count listed after it is placed too.
  return seps > 0 && j < items.size() && items[j].used &&
         (items[j].kind == ItemKind::kTerm ||
          (items[j].kind == ItemKind::kKeyword && items[j].Has(Kw::kCount)));
}

// "the tallest", "the first", "greater ... than": a ranking or a comparison the reading did
// not apply, so the rows shown are not the ones asked for. English superlatives end in -est;
// the exceptions are words that only look like one.
bool IsRankingWord(const std::string& text) {
  static constexpr std::string_view kWords[] = {"first", "last", "than", "best", "worst"};
  static constexpr std::string_view kNotSuperlatives[] = {
      "interest", "forest",  "request", "contest", "harvest",  "suggest",  "protest",
      "digest",   "invest",  "honest",  "modest",  "manifest", "earnest",  "conquest",
      "midwest",  "inquest", "bequest", "priest",  "tempest",  "arrest",   "attest",
      "detest",   "ingest",  "unrest",  "everest", "budapest", "bucharest"};
  const std::string w = text::AsciiLower(text);
  if (std::find(std::begin(kWords), std::end(kWords), w) != std::end(kWords)) return true;
  return w.size() >= 6 && w.ends_with("est") &&
         std::find(std::begin(kNotSuperlatives), std::end(kNotSuperlatives), w) ==
             std::end(kNotSuperlatives);
}

// "official languages", "single bonds": an unknown word right before a word placed on the
// data narrows it (a filter the data could not find); "the highest altitude", "top 3 SAT
// rate": one right after a placed ranking or computation word is what it ranks. Either way
// the answer would be about other rows or another measure.
// Function words and verb forms ("named", "being", "using", "has conducted orchestras")
// stand before nouns without narrowing them.
bool CanNarrow(const std::string& text) {
  static constexpr std::string_view kFunctionWords[] = {
      "named", "called",  "some",    "any",     "among", "where",  "such", "both",  "either",
      "other", "another", "certain", "various", "via",   "within", "into", "about", "across"};
  const std::string w = text::AsciiLower(text);
  return !w.ends_with("ed") && !w.ends_with("ing") &&
         std::find(std::begin(kFunctionWords), std::end(kFunctionWords), w) ==
             std::end(kFunctionWords);
}

// "of landlocked countries", "the retired singers": an -ed or -ing word opening a noun phrase
// (after an article, a determiner, a preposition or a number) is an adjective, not a verb
// ("has conducted orchestras"). The opener may end a longer item: "the number of retired
// singers", "the distinct retired battles", "the most retired orders", "whose estimated weight",
// "the total estimated area"; so does the question's start ("retired suppliers of ..."); or a
// value placed before it stacks another adjective: "American retired drivers". Not "by"
// ("sorted by ranked ...").
bool OpensANounPhrase(const std::vector<Item>& items, size_t i, const SchemaIndex& index) {
  static constexpr std::string_view kOpeners[] = {
      "the",       "a",      "an",    "of",    "all",   "for",   "among",   "many",   "their",
      "its",       "how",    "which", "what",  "to",    "in",    "from",    "with",   "at",
      "on",        "any",    "no",    "some",  "most",  "least", "more",    "less",   "distinct",
      "different", "unique", "each",  "every", "whose", "total", "average", "mean",   "maximum",
      "minimum",   "sum",    "show",  "list",  "give",  "find",  "display", "return", "get",
      "count",     "avg",    "max",   "min"};
  if (i == 0) return true;  // "retired suppliers of products with ...": the question opens it
  const Item& before = items[i - 1];
  if (before.kind == ItemKind::kNumber) return true;  // "3 retired singers"
  if (before.used && before.kind == ItemKind::kTerm && !before.terms.empty() &&
      std::all_of(before.terms.begin(), before.terms.end(),
                  [&](int id) { return index.terms()[id].kind == TermKind::kValue; })) {
    return true;
  }
  const std::string text = text::AsciiLower(before.text);
  const std::string last = text.substr(text.rfind(' ') + 1);  // npos + 1 = 0: the whole word
  return std::find(std::begin(kOpeners), std::end(kOpeners), last) != std::end(kOpeners);
}

bool NarrowsAPlacedWord(const std::vector<Item>& items, size_t i, const SchemaIndex& index) {
  if (!IsUnknownEnglishWord(items[i])) return false;
  const bool before_a_placed_term =
      i + 1 < items.size() && items[i + 1].used && items[i + 1].kind == ItemKind::kTerm;
  if (before_a_placed_term && !CanNarrow(items[i].text) && OpensANounPhrase(items, i, index)) {
    const std::string w = text::AsciiLower(items[i].text);
    // "the average expected life expectancy": a word that repeats the next one's stem says
    // nothing more.
    const std::string stem = w.substr(0, w.size() - (w.ends_with("ed") ? 2 : 3));
    const bool repeats =
        stem.size() >= 4 && text::AsciiLower(items[i + 1].text).find(stem) != std::string::npos;
    if ((w.ends_with("ed") || w.ends_with("ing")) && !repeats) return true;
  }
  if (!CanNarrow(items[i].text)) return false;
  if (before_a_placed_term) return true;
  // "the location coordinates of", "record formats of": the head of "the X of Y" is what is
  // asked for.
  if (i + 1 < items.size() && text::AsciiLower(items[i + 1].text) == "of") return true;
  constexpr KwSet kRanks = Bit(Kw::kMax) | Bit(Kw::kMin) | Bit(Kw::kTop) | Bit(Kw::kBottom) |
                           Bit(Kw::kAvg) | Bit(Kw::kSum) | Bit(Kw::kCount) | Bit(Kw::kDistinct);
  size_t k = i;
  if (k > 0 && items[k - 1].kind == ItemKind::kNumber) --k;  // "top 3 SAT rate"
  return k > 0 && items[k - 1].used && items[k - 1].kind == ItemKind::kKeyword &&
         (items[k - 1].kw & kRanks) && !items[k - 1].Has(Kw::kStop);
}

// "a population limit above 5000", "the weight class of", "the price change": an unknown noun
// right after a word placed on a column is the head of the phrase, and the column word only
// says what kind: the question asks about the head, which the data does not hold. Words that
// only name a column's content ("the population figure", "GPT level") are no other thing.
bool HeadsAPlacedColumn(const std::vector<Item>& items, size_t i, const SchemaIndex& index) {
  static constexpr std::string_view kContentWords[] = {
      "value",   "values",  "figure",      "figures",   "level",  "levels",  "amount",
      "amounts", "data",    "field",       "fields",    "column", "columns", "number",
      "numbers", "info",    "information", "details",   "detail", "entry",   "entries",
      "record",  "records", "attribute",   "attributes"};
  if (i == 0 || !IsUnknownEnglishWord(items[i]) || !CanNarrow(items[i].text)) return false;
  const std::string w = text::AsciiLower(items[i].text);
  if (w.ends_with("ly") ||
      std::find(std::begin(kContentWords), std::end(kContentWords), w) != std::end(kContentWords)) {
    return false;
  }
  // "How many orchestras does each record company manage?": after do/does/did the last word
  // is the verb.
  const bool last = i + 1 == items.size() || items[i + 1].kind == ItemKind::kPunct;
  const bool after_do = std::any_of(items.begin(), items.begin() + i, [](const Item& it) {
    const std::string t = text::AsciiLower(it.text);
    return t == "do" || t == "does" || t == "did" || t.starts_with("do ") ||
           t.starts_with("does ") || t.starts_with("did ");
  });
  if (last && after_do) return false;
  const Item& before = items[i - 1];
  return before.used && before.kind == ItemKind::kTerm && !before.terms.empty() &&
         std::all_of(before.terms.begin(), before.terms.end(), [&](int id) {
           const Term& term = index.terms()[id];
           return term.kind == TermKind::kColumn && term.source != "key";
         });
}

// "orders cancelled in Germany in 1997", "orders delivered to Germany": an unknown past
// participle right after a table's word says which of its rows are meant, as "cancelled
// orders" does before it; read as nothing, the answer would be about all of them. Not when
// the data may record the verb's event (its stem begins a table's or column's word: "hired"
// HireDate, "shipped" ShippedDate, "signed" signup_date, the period check places those), nor
// for verbs that only say the rows were made or took place ("orders placed in 1997",
// "concerts occurred in 2014"); a passive "by" ("orders handled by Nancy") is a join.
bool NamesAnEventOfTheData(const std::string& verb, const SchemaIndex& index) {
  const std::string stem = verb.substr(0, 4);
  auto begins = [&](const std::string& name) {
    for (const std::string& part : text::SplitIdentifier(name)) {
      if (text::AsciiLower(part).starts_with(stem)) return true;
    }
    return false;
  };
  return std::any_of(index.columns().begin(), index.columns().end(),
                     [&](const IndexedColumn& c) { return begins(c.name); }) ||
         std::any_of(index.tables().begin(), index.tables().end(),
                     [&](const IndexedTable& t) { return begins(t.name); });
}

// "older than 50 meters", "sales above 3000 times": an unknown word right after a compared
// number is its unit, and a unit no column's or table's name holds says the number is of
// something else than the column it was compared with (a length, a multiple). Words that only
// count ("a capacity above 5000 people") say what the number counts, as 人 does in Chinese.
bool UnitOfNoColumn(const std::vector<Item>& items, size_t i, const SchemaIndex& index) {
  static constexpr std::string_view kCounting[] = {"people", "persons", "seats",  "items",
                                                   "pieces", "units",   "copies", "things"};
  if (i == 0 || !IsUnknownEnglishWord(items[i])) return false;
  const std::string w = text::AsciiLower(items[i].text);
  const Item& number = items[i - 1];
  return number.used && number.kind == ItemKind::kNumber && !NamesAnEventOfTheData(w, index) &&
         std::find(std::begin(kCounting), std::end(kCounting), w) == std::end(kCounting);
}

// The keyword items right before item i ("in these", "that were"), as lower-case words, and the
// index of the first of them: the item before that is what they follow.
struct WordsBefore {
  size_t first = 0;
  std::vector<std::string> words;
};
WordsBefore KeywordsBefore(const std::vector<Item>& items, size_t i) {
  WordsBefore out{i, {}};
  while (out.first > 0 && items[out.first - 1].kind == ItemKind::kKeyword) {
    --out.first;
    std::vector<std::string> words;
    std::istringstream in(text::AsciiLower(items[out.first].text));
    for (std::string word; in >> word;) words.push_back(word);
    out.words.insert(out.words.begin(), words.begin(), words.end());
  }
  return out;
}

bool PlacedOnTablesOnly(const Item& item, const SchemaIndex& index) {
  return item.used && item.kind == ItemKind::kTerm && !item.terms.empty() &&
         std::all_of(item.terms.begin(), item.terms.end(),
                     [&](int id) { return index.terms()[id].kind == TermKind::kTable; });
}

bool NarrowsTheRowsBefore(const std::vector<Item>& items, size_t i, const SchemaIndex& index) {
  if (i == 0 || !IsUnknownEnglishWord(items[i])) return false;
  const std::string w = text::AsciiLower(items[i].text);
  if (w.size() < 5 || !w.ends_with("ed") || w.ends_with("eed") || IsNeutralVerb(w) ||
      NamesAnEventOfTheData(w, index)) {
    return false;
  }
  if (i + 1 < items.size() && text::AsciiLower(items[i + 1].text) == "by") return false;
  return PlacedOnTablesOnly(items[i - 1], index);
}

// An unknown English word that reads as a plural noun ("gadgets", not "class" or "status").
bool IsUnknownPluralNoun(const Item& item) {
  if (!IsUnknownEnglishWord(item)) return false;
  const std::string w = text::AsciiLower(item.text);
  return w.size() >= 4 && w.ends_with("s") && !w.ends_with("ss") && !w.ends_with("us") &&
         !w.ends_with("is");
}

// "the air date of gadgets with Episode X", "which country has the most of gadgets": an unknown
// plural noun where the rows are named (after of, all, the, which ...), in a question that names
// no table by its word. The table was inferred from its columns, and the noun may name other
// rows than the ones the answer is about (a synonym of the table reads the same).
bool NamesUnknownRows(const std::vector<Item>& items, size_t i, const SchemaIndex& index) {
  static constexpr std::string_view kOpeners[] = {"of",    "all",       "the",  "which",
                                                  "what",  "distinct",  "many", "these",
                                                  "those", "different", "any",  "some"};
  if (i == 0 || !IsUnknownPluralNoun(items[i])) return false;
  const std::string before = text::AsciiLower(items[i - 1].text);
  const std::string last = before.substr(before.rfind(' ') + 1);
  if (std::find(std::begin(kOpeners), std::end(kOpeners), last) == std::end(kOpeners)) {
    return false;
  }
  return std::none_of(items.begin(), items.end(), [&](const Item& it) {
    return it.used && it.kind == ItemKind::kTerm &&
           std::any_of(it.terms.begin(), it.terms.end(),
                       [&](int id) { return index.terms()[id].kind == TermKind::kTable; });
  });
}

// "total of invoices in dollars", "the length of rivers in kilometers": a currency or a unit
// after "in" says how the amount is written, not which rows.
bool IsUnitAfterIn(const Item& noun, std::string_view preposition) {
  static constexpr std::string_view kUnits[] = {
      "meters",    "metres",  "kilometers", "kilometres", "miles",    "feet",   "inches",
      "kilograms", "grams",   "tons",       "tonnes",     "liters",   "litres", "gallons",
      "seconds",   "minutes", "hours",      "days",       "weeks",    "months", "years",
      "degrees",   "percent", "thousands",  "millions",   "billions", "cents",  "points"};
  const std::string w = text::AsciiLower(noun.text);
  return preposition == "in" &&
         (IsCurrencyWord(noun) ||
          std::find(std::begin(kUnits), std::end(kUnits), w) != std::end(kUnits));
}

// "the number of different languages in these movies", "the singers of those concerts": an
// unknown plural noun after a preposition (and determiners) that follows a placed table word
// names other rows that hold or scope that table's rows (the films that use a language); read
// as nothing, the answer would be about all of the table's rows.
bool ScopesAPlacedTable(const std::vector<Item>& items, size_t i, const SchemaIndex& index) {
  static constexpr std::string_view kDeterminers[] = {
      "these", "those", "the", "all", "our", "their", "its", "each", "every", "such", "any"};
  static constexpr std::string_view kPrepositions[] = {"in",   "of",     "among", "across",
                                                       "from", "within", "for",   "on"};
  if (i == 0 || !IsUnknownPluralNoun(items[i])) return false;
  // The words between the table word and the noun, however the items grouped them.
  const WordsBefore before = KeywordsBefore(items, i);
  const std::vector<std::string>& between = before.words;
  if (before.first == 0 || between.empty() || between.size() > 3) return false;
  const auto in = [](std::string_view word, const auto& set) {
    return std::find(std::begin(set), std::end(set), word) != std::end(set);
  };
  if (!in(between.front(), kPrepositions) || IsUnitAfterIn(items[i], between.front())) return false;
  for (size_t b = 1; b < between.size(); ++b) {
    if (!in(between[b], kDeterminers)) return false;
  }
  return PlacedOnTablesOnly(items[before.first - 1], index);
}

// "from the UK", "in the US": a country's short name (IsEnglishWord leaves words under three
// letters out; "TV" or "ID" are no names). "US" is also the stop word "us", so a stop word
// counts when written in capitals: "singers from the US" is no count of all singers.
bool IsCountryAbbreviation(const Item& item) {
  if (item.used || item.text.size() != 2) return false;
  const bool capitals = std::isupper(static_cast<unsigned char>(item.text[0])) &&
                        std::isupper(static_cast<unsigned char>(item.text[1]));
  const bool unplaced = item.kind == ItemKind::kUnknown ||
                        (capitals && item.kind == ItemKind::kKeyword && item.Has(Kw::kStop));
  return unplaced && CountryWords::Builtin().WordsFor(item.text) != nullptr;
}

// "bond type for atoms with element Tin": a capitalised word the engine does not know, not
// opening a sentence, is a name, and the data does not hold it as written.
bool LooksLikeAName(const std::vector<Item>& items, size_t i) {
  if (!(IsUnknownEnglishWord(items[i]) || IsCountryAbbreviation(items[i])) || i == 0) {
    return false;
  }
  const char first = items[i].text[0];
  if (first < 'A' || first > 'Z') return false;
  const Item& before = items[i - 1];
  return !(before.kind == ItemKind::kPunct &&
           (before.text == "." || before.text == "?" || before.text == "!"));
}

bool IsIdWord(const std::string& text) {
  const std::string w = text::AsciiLower(text);
  return w == "id" || w == "ids";
}

// "the id, name of each editor": "id" names several tables' keys (it was placed on more than one
// term) and the reading used none (it grouped by the editor's key without showing it), so a
// column the question lists is left out.
std::optional<UnplacedWord> IdOfSeveralKeysPlacedOnNone(const std::vector<Item>& items) {
  for (const Item& item : items) {
    if (!item.used && item.kind == ItemKind::kTerm && item.terms.size() > 1 &&
        IsIdWord(item.text)) {
      return UnplacedWord{UnplacedWord::Kind::kDataWord, item.text};
    }
  }
  return std::nullopt;
}

// "为什么华东的销售额下降了", "why did sales drop": the total is not the reason.
bool AsksWhy(const Item& item) {
  static constexpr std::string_view kWords[] = {"why", "为什么", "为何", "为啥"};
  return std::find(std::begin(kWords), std::end(kWords), text::AsciiLower(item.text)) !=
         std::end(kWords);
}

}  // namespace

bool IsNeutralVerb(const std::string& text) {
  static constexpr std::string_view kNeutralVerbs[] = {
      "placed",   "made",      "created",    "issued",   "ordered",  "submitted", "received",
      "raised",   "entered",   "generated",  "recorded", "booked",   "written",   "listed",
      "stored",   "held",      "kept",       "sold",     "bought",   "purchased", "billed",
      "named",    "called",    "occurred",   "happened", "showed",   "aired",     "located",
      "based",    "related",   "associated", "linked",   "included", "involved",  "contained",
      "released", "published", "sorted",     "ranked",   "grouped",  "arranged"};
  const std::string w = text::AsciiLower(text);
  return std::find(std::begin(kNeutralVerbs), std::end(kNeutralVerbs), w) !=
         std::end(kNeutralVerbs);
}

std::optional<UnplacedWord> FindUnplacedWord(const std::vector<Item>& items,
                                             const SchemaIndex& index) {
  // Chinese unknown words are one item per character: 为|什|么.
  std::string joined;
  for (const Item& item : items) joined += item.used ? std::string(" ") : item.text;
  for (std::string_view why : {"为什么", "为何", "为啥"}) {
    if (joined.find(why) != std::string::npos) {
      return UnplacedWord{UnplacedWord::Kind::kWhy, std::string(why)};
    }
  }
  for (size_t i = 0; i < items.size(); ++i) {
    const Item& item = items[i];
    if (!item.used && AsksWhy(item)) return UnplacedWord{UnplacedWord::Kind::kWhy, item.text};
    if (ListedBesidePlacedWord(items, i)) {
      return UnplacedWord{UnplacedWord::Kind::kListedWord, item.text};
    }
    if (item.used) continue;
    if ((item.kind == ItemKind::kUnknown || item.kind == ItemKind::kKeyword) &&
        IsRankingWord(item.text)) {
      return UnplacedWord{UnplacedWord::Kind::kRankingWord, item.text};
    }
    if (LooksLikeAName(items, i)) return UnplacedWord{UnplacedWord::Kind::kName, item.text};
    // "show both the name and the id": a key asked for and not found.
    if (item.kind == ItemKind::kUnknown && IsIdWord(item.text)) {
      return UnplacedWord{UnplacedWord::Kind::kListedWord, item.text};
    }
    if (NarrowsAPlacedWord(items, i, index) || NarrowsTheRowsBefore(items, i, index) ||
        NamesUnknownRows(items, i, index) || HeadsAPlacedColumn(items, i, index) ||
        UnitOfNoColumn(items, i, index) || ScopesAPlacedTable(items, i, index)) {
      return UnplacedWord{UnplacedWord::Kind::kModifier, item.text};
    }
    switch (item.kind) {
      case ItemKind::kNumber:
        return UnplacedWord{UnplacedWord::Kind::kNumber, item.text};
      case ItemKind::kKeyword:
        if ((item.kw & kComputationWords) && !item.Has(Kw::kStop)) {
          return UnplacedWord{UnplacedWord::Kind::kComputation, item.text};
        }
        break;
      case ItemKind::kTerm:
        if (NamesDataBeyondTables(item, index)) {
          return UnplacedWord{UnplacedWord::Kind::kDataWord, item.text};
        }
        break;
      default:
        break;
    }
  }
  // Named last, so that a more telling reason of another word comes first.
  return IdOfSeveralKeysPlacedOnNone(items);
}

namespace {

// Each kind's message around the unplaced word: the words before and after it, in Chinese and
// in English. A table, so that every kind's two messages read side by side.
struct MessageFrame {
  UnplacedWord::Kind kind;
  const char* zh_before;
  const char* zh_after;
  const char* en_before;
  const char* en_after;
};

constexpr MessageFrame kMessageFrames[] = {
    {UnplacedWord::Kind::kNumber, "没能确定数字“",
     "”在问题里的作用（数量、筛选值还是排名数），为避免给出错误答案而不作答；"
     "请把它写得更明确，例如“前5个”或“价格等于 0.99”。",
     "I could not tell what the number '",
     "' is for (a count of rows, a filter value, a rank), so I did not "
     "answer rather than risk a wrong one; say it more explicitly, e.g. "
     "'top 5' or 'price equal to 0.99'."},
    {UnplacedWord::Kind::kComputation, "没能把“",
     "”对应到要计算的指标上，答案可能会漏掉它，因此不作答；"
     "请分开问，或写明对哪一列计算。",
     "I could not apply '",
     "' to a column, so the answer would leave it out; ask for it "
     "separately or name the column it applies to."},
    {UnplacedWord::Kind::kDataWord, "问题里的“",
     "”对应数据中的内容，但没能用到查询里，答案可能不对，因此不作答；"
     "请换个说法或把问题拆开。",
     "'",
     "' names something in the data that my reading did not use, so "
     "the answer could be wrong; rephrase or split the question."},
    {UnplacedWord::Kind::kListedWord, "问题要求同时列出“",
     "”，但数据中没有找到它对应的列，答案会漏掉它，因此不作答；"
     "请用列名来问，或去掉它。",
     "the question also asks for '",
     "', which I could not find in the data, so the answer would leave "
     "it out; use the column's name or ask without it."},
    {UnplacedWord::Kind::kRankingWord, "没能应用“",
     "”（排名或比较），答案会是别的行，因此不作答；请写明按哪一列排名或比较。",
     "I could not apply '",
     "' (a ranking or a comparison), so the answer would show other "
     "rows; name the column to rank or compare by."},
    {UnplacedWord::Kind::kModifier, "没能理解“",
     "”，它限定了问题所问的内容，漏掉它答案会不对，因此不作答；"
     "请用数据里的列名或取值来说。",
     "I could not place '",
     "', which narrows what the question asks about, so the answer "
     "would be about other rows or another measure; say it with a "
     "column name or a value the data holds."},
    {UnplacedWord::Kind::kWhy, "问题问的是原因（“",
     "”），一条查询只能给出数字、给不出原因，因此不作答；"
     "可以先问具体的数字（例如各月的销售额），再分析原因。",
     "the question asks for a reason ('",
     "'); one query gives numbers, not causes, so I did not answer; ask "
     "for the figures first (e.g. sales by month) and compare them."},
    {UnplacedWord::Kind::kName, "数据中没有找到“",
     "”，它像是一个要筛选的名称，因此不作答；请检查拼写或写出它所在的列。", "'",
     "' looks like a name, but the data does not hold it as written, "
     "so I did not answer; check the spelling or name its column."},
};

}  // namespace

std::string UnplacedWordMessage(const UnplacedWord& word, bool chinese) {
  for (const MessageFrame& frame : kMessageFrames) {
    if (frame.kind != word.kind) continue;
    return chinese ? frame.zh_before + word.text + frame.zh_after
                   : frame.en_before + word.text + frame.en_after;
  }
  return {};
}

}  // namespace askdb::nlq
