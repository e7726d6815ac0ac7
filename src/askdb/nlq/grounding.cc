#include "askdb/nlq/grounding.h"

#include <algorithm>
#include <set>

#include "askdb/nlq/schema_index.h"
#include "askdb/nlq/schema_words.h"
#include "askdb/nlq/tokenizer.h"

namespace askdb::nlq {

double TermStrength(const Term& t) {
  const std::string& s = t.source;
  if (s == "inferred money") return 0.8;
  // A glossary word is the usual Chinese for an English name, not the schema's own word.
  if (s == "key" || s == "flag" || s == "short" || s == "glossary") return 0.85;
  if (s == "synonym") return 0.95;
  if (s == "value label") return t.exact ? 0.95 : 0.9;
  if (s == "value") return t.exact ? 1.0 : 0.9;
  // "name", "business name", "business term"
  return t.exact ? 1.0 : 0.85;
}

namespace {

// A key named in full ("molecule id" for molecule_id) is indexed at low priority (so that
// "artists" reads as the table, not ArtistId), not because the match is loose.
double Strength(const SchemaIndex& index, int id) {
  const Term& t = index.terms()[id];
  if (!t.exact && t.source == "name" && t.kind == TermKind::kColumn &&
      index.columns()[t.column].role == ColumnRole::kIdentifier &&
      (index.term_key(id) == PhraseKey(IdentifierToPhrase(index.columns()[t.column].name)) ||
       index.term_key(id) == PhraseKey(SchemaPhrase(index.columns()[t.column].name)))) {
    return 1.0;
  }
  return TermStrength(t);
}

}  // namespace

Grounding GroundReading(const std::vector<Item>& items, const SchemaIndex& index,
                        const std::vector<int>& query_tables) {
  Grounding g;
  for (const Item& it : items) {
    if (it.kind != ItemKind::kTerm || !it.used || it.terms.empty()) continue;
    double best = 0;
    for (int id : it.terms) best = std::max(best, Strength(index, id));
    // Close: two different columns (or values of two columns) in the query's tables, both
    // as strong as the best.
    std::set<int> top_columns;
    for (int id : it.terms) {
      const Term& t = index.terms()[id];
      if (t.column < 0 || Strength(index, id) < best) continue;
      if (std::find(query_tables.begin(), query_tables.end(), t.table) == query_tables.end()) {
        continue;
      }
      top_columns.insert(t.column);
    }
    const bool close = top_columns.size() > 1;
    const double strength = close ? best * kCloseFactor : best;
    if (strength < g.weakest) {
      g.weakest = strength;
      g.word = it.text;
      g.close = close;
    }
  }
  return g;
}

std::string WeakGroundingMessage(const Grounding& g, bool chinese) {
  if (chinese) {
    return "“" + g.word + "”" +
           (g.close ? "可以对应数据中几个同样接近的列" : "与数据中的列只是部分对应") +
           "，答案可能不对，因此不作答；请用列的名称，或在语义模型中给它加同义词。";
  }
  return "'" + g.word + "' " +
         (g.close ? "could be any of several equally close columns"
                  : "matches the data only loosely (part of a column's name)") +
         ", so the answer could be wrong; use the column's name or add it as a synonym in the "
         "semantic model.";
}

}  // namespace askdb::nlq
