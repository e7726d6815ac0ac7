#include "askdb/catalog/schema_recall.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <set>
#include <unordered_set>
#include <utility>

#include "askdb/catalog/token_estimate.h"
#include "askdb/common/segmenter.h"
#include "askdb/common/text.h"

namespace askdb::catalog {
namespace {

// Field weights: a word in a name or business name says more about a table or column than
// the same word somewhere in a description or a sample value.
constexpr double kNameWeight = 3.0;
constexpr double kBusinessNameWeight = 3.0;
constexpr double kSynonymWeight = 2.0;
constexpr double kDescriptionWeight = 1.0;
constexpr double kSampleWeight = 0.5;
// Added to a table's score for each distinct stored value or value label of one of its
// columns that occurs in the question.
constexpr double kValueHit = 3.0;
// Values shorter than this (bytes of the normalised text) are not matched: "1", "y", "北"
// occur in too many questions by accident.
constexpr size_t kMinValueBytes = 3;
// Chinese words at least this long (in characters) also index their character bigrams, so
// "营业额" meets "营业" and ICU's segmentation differences do not break a match.
constexpr size_t kCjkBigramMinChars = 3;

// Function words that would otherwise match every description. Kept short on purpose:
// anything with meaning in a schema (name, date, number, total) stays a term. The Chinese
// question words are here so that "退货政策是什么" covers a passage as well as "退货政策".
constexpr std::array<std::string_view, 68> kStopWords = {
    "a",    "an",   "the",   "of",   "in",    "on",    "for",   "to",     "and",    "or",
    "is",   "are",  "was",   "were", "be",    "been",  "by",    "with",   "what",   "which",
    "who",  "whom", "whose", "how",  "many",  "much",  "list",  "show",   "give",   "me",
    "all",  "each", "that",  "this", "those", "these", "there", "their",  "it",     "its",
    "from", "as",   "at",    "do",   "does",  "did",   "have",  "has",    "please", "find",
    "的",   "了",   "是",    "在",   "和",    "与",    "及",    "吗",     "呢",     "请",
    "什么", "多少", "怎么",  "怎样", "如何",  "哪些",  "哪个",  "为什么",
};

bool IsStopWord(std::string_view w) {
  return std::find(kStopWords.begin(), kStopWords.end(), w) != kStopWords.end();
}

bool IsAscii(std::string_view s) {
  return std::all_of(s.begin(), s.end(),
                     [](char c) { return static_cast<unsigned char>(c) < 0x80; });
}

bool IsAsciiAlnum(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

// Folds English plurals so that "singers" meets "singer" and "countries" meets "country".
std::string Stem(std::string word) {
  if (word.size() > 4 && word.ends_with("ies")) return word.substr(0, word.size() - 3) + "y";
  if (word.size() > 4 && (word.ends_with("ches") || word.ends_with("shes") ||
                          word.ends_with("xes") || word.ends_with("sses"))) {
    return word.substr(0, word.size() - 2);
  }
  if (word.size() > 3 && word.ends_with('s') && !word.ends_with("ss") && !word.ends_with("us") &&
      !word.ends_with("is")) {
    return word.substr(0, word.size() - 1);
  }
  return word;
}

void AddAsciiWord(std::string_view word, std::vector<std::string>& out) {
  for (std::string& part : text::SplitIdentifier(word)) {
    if (part.size() < 2 || IsStopWord(part)) continue;
    out.push_back(Stem(std::move(part)));
  }
}

void AddCjkWord(const std::string& word, std::vector<std::string>& out) {
  if (IsStopWord(word)) return;
  out.push_back(word);
  std::vector<char32_t> cps = text::DecodeUtf8(word);
  if (cps.size() < kCjkBigramMinChars) return;
  for (size_t i = 0; i + 1 < cps.size(); ++i) out.push_back(text::EncodeUtf8({cps[i], cps[i + 1]}));
}

// Terms of an identifier: its words ("OrderItems" → order, item) and, for compound names,
// the words run together ("gasstations" → gasstation), which is how people sometimes
// write them.
std::vector<std::string> IdentifierTerms(std::string_view name) {
  std::vector<std::string> out;
  std::vector<std::string> words = text::SplitIdentifier(name);
  std::string joined;
  for (const std::string& w : words) {
    if (IsAscii(w)) {
      AddAsciiWord(w, out);
      joined += w;
    } else {
      for (std::string& t : RecallTerms(w)) out.push_back(std::move(t));
    }
  }
  if (words.size() > 1 && IsAscii(joined)) out.push_back(Stem(joined));
  return out;
}

std::string Localized(const LocalizedText& t) { return t.zh + " " + t.en; }

// Tables and columns the semantic model disables are not recalled: they leave the schema.
void DropDisabled(const SemanticModel& m, db::DatabaseSchema& schema) {
  std::erase_if(schema.tables, [&](const db::TableInfo& t) {
    const TableSemantics* s = m.FindTable(t.name);
    return s != nullptr && !s->enabled;
  });
  for (db::TableInfo& t : schema.tables) {
    const TableSemantics* s = m.FindTable(t.name);
    if (s == nullptr) continue;
    std::erase_if(t.columns, [&](const db::ColumnInfo& c) {
      const ColumnSemantics* cs = s->FindColumn(c.name);
      return cs != nullptr && !cs->enabled;
    });
  }
}

// What Build counts while it indexes: the values already indexed (per column) and the
// lengths of the table and column documents.
struct BuildTally {
  std::set<std::pair<std::string, std::pair<int, int>>> seen_values;
  double table_length = 0;
  double column_length = 0;
  int column_docs = 0;
};

}  // namespace

std::vector<std::string> RecallTerms(std::string_view input) {
  std::vector<std::string> out;
  // Segment before case folding so that "OrderItems" still splits into order | items.
  for (const text::Token& token : text::Segment(input)) {
    if (!token.is_word) continue;
    std::string normalized = text::NormalizeForMatch(token.text);
    if (IsAscii(normalized)) {
      AddAsciiWord(IsAscii(token.text) ? token.text : normalized, out);
    } else {
      AddCjkWord(normalized, out);
    }
  }
  return out;
}

struct SchemaRecaller::Doc {
  std::unordered_map<std::string, double> tf;
  double length = 0;

  void Add(const std::vector<std::string>& terms, double weight) {
    for (const std::string& t : terms) {
      tf[t] += weight;
      length += weight;
    }
  }
};

struct SchemaRecaller::Index {
  std::vector<Doc> tables;
  std::vector<std::vector<Doc>> columns;
  // Document frequencies over table and column documents together, so that a word found
  // in one table name and a word found in one column name weigh alike.
  std::unordered_map<std::string, int> df;
  int documents = 0;
  double table_avg_length = 1;
  double column_avg_length = 1;

  struct ValueEntry {
    std::string key;  // NormalizeForMatch of the value or label
    bool ascii = true;
    int table = -1;
    int column = -1;
  };
  std::vector<ValueEntry> values;

  // Build's steps, in order: every table (its document, its columns' documents and values),
  // then the average lengths.
  void AddTable(const db::TableInfo& table, const TableSemantics* ts, int ti,
                const ValueLists* value_lists, BuildTally& tally);
  static Doc TableDoc(const db::TableInfo& table, const TableSemantics* ts);
  static Doc ColumnDoc(const db::ColumnInfo& column, const ColumnSemantics* cs);
  void AddColumnValues(const std::string& table_name, const db::ColumnInfo& column,
                       const ColumnSemantics* cs, int ti, int ci, const ValueLists* value_lists,
                       BuildTally& tally);
  void AddValue(std::string_view value, int table, int column, BuildTally& tally);
  void SetAverageLengths(const BuildTally& tally);
};

SchemaRecaller::SchemaRecaller() = default;
SchemaRecaller::~SchemaRecaller() = default;

std::unique_ptr<SchemaRecaller> SchemaRecaller::Build(const db::DatabaseSchema& schema,
                                                      const SemanticModel* model,
                                                      const ValueLists* values) {
  std::unique_ptr<SchemaRecaller> r(new SchemaRecaller());  // private constructor
  r->schema_ = schema;
  if (model != nullptr) r->model_ = *model;
  const SemanticModel* m = r->model_ ? &*r->model_ : nullptr;
  if (m != nullptr) DropDisabled(*m, r->schema_);
  r->relations_ = MergeRelations(r->schema_, m);
  r->index_ = std::make_unique<Index>();
  BuildTally tally;
  for (size_t ti = 0; ti < r->schema_.tables.size(); ++ti) {
    const db::TableInfo& table = r->schema_.tables[ti];
    r->index_->AddTable(table, m ? m->FindTable(table.name) : nullptr, static_cast<int>(ti), values,
                        tally);
  }
  r->index_->SetAverageLengths(tally);
  return r;
}

void SchemaRecaller::Index::AddTable(const db::TableInfo& table, const TableSemantics* ts, int ti,
                                     const ValueLists* value_lists, BuildTally& tally) {
  Doc doc = TableDoc(table, ts);
  std::vector<Doc> column_docs;
  for (size_t ci = 0; ci < table.columns.size(); ++ci) {
    const db::ColumnInfo& column = table.columns[ci];
    const ColumnSemantics* cs = ts ? ts->FindColumn(column.name) : nullptr;
    Doc cdoc = ColumnDoc(column, cs);
    AddColumnValues(table.name, column, cs, ti, static_cast<int>(ci), value_lists, tally);
    for (const auto& [term, unused] : cdoc.tf) ++df[term];
    tally.column_length += cdoc.length;
    ++tally.column_docs;
    column_docs.push_back(std::move(cdoc));
  }
  for (const auto& [term, unused] : doc.tf) ++df[term];
  tally.table_length += doc.length;
  tables.push_back(std::move(doc));
  columns.push_back(std::move(column_docs));
}

// A table's words: its name, comment, and the model's business name, synonyms, description.
SchemaRecaller::Doc SchemaRecaller::Index::TableDoc(const db::TableInfo& table,
                                                    const TableSemantics* ts) {
  Doc doc;
  doc.Add(IdentifierTerms(table.name), kNameWeight);
  doc.Add(RecallTerms(table.comment), kDescriptionWeight);
  if (ts != nullptr) {
    doc.Add(RecallTerms(Localized(ts->business_name)), kBusinessNameWeight);
    for (const std::string& s : ts->synonyms) doc.Add(RecallTerms(s), kSynonymWeight);
    doc.Add(RecallTerms(Localized(ts->description)), kDescriptionWeight);
  }
  return doc;
}

// A column's words: as a table's, with its sample values.
SchemaRecaller::Doc SchemaRecaller::Index::ColumnDoc(const db::ColumnInfo& column,
                                                     const ColumnSemantics* cs) {
  Doc cdoc;
  cdoc.Add(IdentifierTerms(column.name), kNameWeight);
  cdoc.Add(RecallTerms(column.comment), kDescriptionWeight);
  for (const std::string& v : column.sample_values) cdoc.Add(RecallTerms(v), kSampleWeight);
  if (cs != nullptr) {
    cdoc.Add(RecallTerms(Localized(cs->business_name)), kBusinessNameWeight);
    for (const std::string& s : cs->synonyms) cdoc.Add(RecallTerms(s), kSynonymWeight);
    cdoc.Add(RecallTerms(Localized(cs->description)), kDescriptionWeight);
  }
  return cdoc;
}

// The values a question may name in a column: its samples, the model's values and their
// labels, and the value lists' values.
void SchemaRecaller::Index::AddColumnValues(const std::string& table_name,
                                            const db::ColumnInfo& column, const ColumnSemantics* cs,
                                            int ti, int ci, const ValueLists* value_lists,
                                            BuildTally& tally) {
  for (const std::string& v : column.sample_values) AddValue(v, ti, ci, tally);
  if (cs != nullptr) {
    for (const ValueLabel& v : cs->values) {
      AddValue(v.value, ti, ci, tally);
      for (const std::string& label : v.labels) AddValue(label, ti, ci, tally);
    }
  }
  if (value_lists != nullptr) {
    auto it = value_lists->find(table_name + "." + column.name);
    if (it != value_lists->end()) {
      for (const std::string& v : it->second) AddValue(v, ti, ci, tally);
    }
  }
}

void SchemaRecaller::Index::AddValue(std::string_view value, int table, int column,
                                     BuildTally& tally) {
  std::string key = text::NormalizeForMatch(value);
  if (key.size() < kMinValueBytes) return;
  bool ascii = IsAscii(key);
  // Pure numbers are years, ids and amounts: they match questions by accident.
  if (std::all_of(key.begin(), key.end(),
                  [](char c) { return (c >= '0' && c <= '9') || c == '.' || c == '-'; })) {
    return;
  }
  if (!tally.seen_values.insert({key, {table, column}}).second) return;
  values.push_back({std::move(key), ascii, table, column});
}

void SchemaRecaller::Index::SetAverageLengths(const BuildTally& tally) {
  documents = static_cast<int>(tables.size()) + tally.column_docs;
  if (!tables.empty() && tally.table_length > 0) {
    table_avg_length = tally.table_length / static_cast<double>(tables.size());
  }
  if (tally.column_docs > 0 && tally.column_length > 0) {
    column_avg_length = tally.column_length / tally.column_docs;
  }
}

namespace {

struct Scored {
  std::vector<double> tables;
  std::vector<std::vector<bool>> matched_columns;
};

// Ends a rendering: keeps the relations between `included` tables (lower-case names), lists
// the logical ones after the tables when they fit the budget (physical keys are inline in
// the tables), and sets the text and its token count.
// The relation joins two of the `included` tables (lower-case names).
bool Between(const Relation& r, const std::set<std::string>& included) {
  return included.count(text::AsciiLower(r.from_table)) &&
         included.count(text::AsciiLower(r.to_table));
}

// The logical relations (declared, not foreign keys) between `included` tables, as text.
std::string LogicalRelationsText(const std::vector<Relation>& relations,
                                 const std::set<std::string>& included) {
  std::vector<Relation> logical;
  for (const Relation& r : relations) {
    if (r.logical && Between(r, included)) logical.push_back(r);
  }
  return RenderRelations(logical);
}

// The lower-case names of the tables in the result.
std::set<std::string> IncludedNames(const std::vector<RecalledTable>& tables) {
  std::set<std::string> included;
  for (const RecalledTable& t : tables) included.insert(text::AsciiLower(t.name));
  return included;
}

void FinishWithRelations(const std::vector<Relation>& relations,
                         const std::set<std::string>& included, int used,
                         const RecallOptions& options, std::string text, RecallResult& result) {
  for (const Relation& r : relations) {
    if (Between(r, included)) result.relations.push_back(r);
  }
  std::string relations_text = LogicalRelationsText(relations, included);
  if (!relations_text.empty() && used + EstimateTokens(relations_text) <= options.token_budget) {
    text += relations_text;
  }
  result.text = std::move(text);
  result.tokens = EstimateTokens(result.text);
}

}  // namespace

std::vector<double> SchemaRecaller::ScoreTables(std::string_view question,
                                                const RecallOptions& options) const {
  const Index& index = *index_;
  std::vector<std::string> terms = RecallTerms(question);
  std::sort(terms.begin(), terms.end());
  terms.erase(std::unique(terms.begin(), terms.end()), terms.end());

  auto bm25 = [&](const Doc& doc, const std::string& term, double idf, double avg) {
    auto it = doc.tf.find(term);
    if (it == doc.tf.end()) return 0.0;
    const double tf = it->second;
    const double norm = options.bm25_k1 * (1 - options.bm25_b + options.bm25_b * doc.length / avg);
    return idf * tf * (options.bm25_k1 + 1) / (tf + norm);
  };

  std::vector<double> scores(index.tables.size(), 0.0);
  for (const std::string& term : terms) {
    auto df_it = index.df.find(term);
    if (df_it == index.df.end()) continue;
    const double n = index.documents;
    const double df = df_it->second;
    const double idf = std::log(1 + (n - df + 0.5) / (df + 0.5));
    for (size_t t = 0; t < index.tables.size(); ++t) {
      double best = bm25(index.tables[t], term, idf, index.table_avg_length);
      for (const Doc& c : index.columns[t]) {
        best = std::max(best, bm25(c, term, idf, index.column_avg_length));
      }
      scores[t] += best;
    }
  }
  const std::string normalized = text::NormalizeForMatch(question);
  std::set<std::pair<int, std::string>> hit;  // one bonus per table and value
  for (const Index::ValueEntry& v : index.values) {
    size_t pos = normalized.find(v.key);
    bool found = false;
    while (pos != std::string::npos && !found) {
      // ASCII values must stand as whole words ("Rock" is not in "Rockford").
      bool left_ok = !v.ascii || pos == 0 || !IsAsciiAlnum(normalized[pos - 1]);
      size_t end = pos + v.key.size();
      bool right_ok = !v.ascii || end >= normalized.size() || !IsAsciiAlnum(normalized[end]);
      found = left_ok && right_ok;
      pos = normalized.find(v.key, pos + 1);
    }
    if (found && hit.insert({v.table, v.key}).second) scores[v.table] += kValueHit;
  }
  return scores;
}

RecallResult SchemaRecaller::Recall(std::string_view question, const RecallOptions& options) const {
  const std::vector<double> scores = ScoreTables(question, options);
  std::vector<int> order(scores.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return scores[a] > scores[b]; });
  const double top = order.empty() ? 0 : scores[order.front()];

  std::vector<RecalledTable> selected = MatchedTables(order, scores, top, options);
  AddRequiredTables(options, selected);
  if (options.foreign_key_completion && (top > 0 || !options.required_tables.empty())) {
    AddForeignKeyTables(options, selected);
  }
  // The chosen tables' names, read before RenderWithinBudget moves the tables into the result.
  std::set<std::string> taken;
  for (const RecalledTable& t : selected) taken.insert(text::AsciiLower(t.name));
  RecallResult result;
  std::string text;
  int used = 0;
  RenderWithinBudget(question, options, selected, text, used, result);
  if (options.fill_budget && top > 0) {
    // The relations between the chosen tables come before more tables: the fill leaves them
    // their room.
    const std::string relations = LogicalRelationsText(relations_, IncludedNames(result.tables));
    const int budget = options.token_budget - (relations.empty() ? 0 : EstimateTokens(relations));
    FillBudget(order, scores, taken, budget, options, text, used, result);
  }
  FinishWithRelations(relations_, IncludedNames(result.tables), used, options, std::move(text),
                      result);
  return result;
}

// The tables whose score is close enough to the best (min_relative_score), best first, at
// most max_tables; with no score at all and nothing required, every table in schema order.
std::vector<RecalledTable> SchemaRecaller::MatchedTables(const std::vector<int>& order,
                                                         const std::vector<double>& scores,
                                                         double top,
                                                         const RecallOptions& options) const {
  std::vector<RecalledTable> selected;
  if (top > 0) {
    for (int t : order) {
      if (scores[t] <= 0 || scores[t] < options.min_relative_score * top) break;
      if (options.max_tables > 0 && static_cast<int>(selected.size()) >= options.max_tables) break;
      selected.push_back({schema_.tables[t].name, scores[t], "match", "", {}, false});
    }
  } else if (options.required_tables.empty()) {
    // Nothing in the question names anything here: show the schema in its own order and
    // let the budget cut it, rather than pretending some tables were recalled.
    for (const db::TableInfo& t : schema_.tables)
      selected.push_back({t.name, 0, "fallback", "", {}, false});
  }
  return selected;
}

// The tables the caller requires (a business term's), when not recalled already.
void SchemaRecaller::AddRequiredTables(const RecallOptions& options,
                                       std::vector<RecalledTable>& selected) const {
  for (const std::string& name : options.required_tables) {
    const db::TableInfo* info = schema_.FindTable(name);
    if (info == nullptr) continue;  // a term checked against an older schema
    const bool have = std::any_of(selected.begin(), selected.end(), [&](const RecalledTable& t) {
      return text::AsciiLower(t.name) == text::AsciiLower(info->name);
    });
    if (!have) selected.push_back({info->name, 0, "term", "", {}, false});
  }
}

// The tables the selected ones join through (foreign keys, link tables), each right after
// the table that pulled it in.
void SchemaRecaller::AddForeignKeyTables(const RecallOptions& options,
                                         std::vector<RecalledTable>& selected) const {
  std::vector<std::string> names;
  for (const RecalledTable& t : selected) names.push_back(t.name);
  std::vector<CompletedTable> added =
      CompleteWithForeignKeys(names, relations_, options.completion);
  for (auto it = added.rbegin(); it != added.rend(); ++it) {
    auto pos = std::find_if(selected.begin(), selected.end(),
                            [&](const RecalledTable& t) { return t.name == it->via; });
    if (pos != selected.end()) ++pos;
    selected.insert(
        pos,
        RecalledTable{it->table, 0, it->link ? "link table" : "foreign key", it->via, {}, false});
  }
}

// The selected tables rendered in order while the token budget lasts: whole, else pruned to
// their keys and the columns the question touches, else left out.
void SchemaRecaller::RenderWithinBudget(std::string_view question, const RecallOptions& options,
                                        std::vector<RecalledTable>& selected, std::string& text,
                                        int& used, RecallResult& result) const {
  const SemanticModel* model = model_ ? &*model_ : nullptr;
  const std::vector<std::string> terms = RecallTerms(question);
  const std::unordered_set<std::string> term_set(terms.begin(), terms.end());
  const std::string normalized = text::NormalizeForMatch(question);
  for (RecalledTable& recalled : selected) {
    const db::TableInfo* table = schema_.FindTable(recalled.name);
    if (table == nullptr) continue;
    const int t = static_cast<int>(table - schema_.tables.data());
    const TableSemantics* ts = model ? model->FindTable(table->name) : nullptr;
    std::string full = RenderTable(*table, ts, nullptr, options.render);
    int cost = EstimateTokens(full);
    std::vector<int> columns;
    if (used + cost <= options.token_budget) {
      for (size_t c = 0; c < table->columns.size(); ++c) columns.push_back(static_cast<int>(c));
    } else {
      columns = PrunedColumns(*table, t, term_set, normalized);
      full = RenderTable(*table, ts, &columns, options.render);
      cost = EstimateTokens(full);
      recalled.columns_pruned = true;
      if (used + cost > options.token_budget) {
        result.left_out.push_back(recalled.name);
        continue;
      }
    }
    for (int c : columns) recalled.columns.push_back(table->columns[c].name);
    text += full;
    used += cost;
    result.tables.push_back(std::move(recalled));
  }
}

// A wide table pruned to what the question touches: its primary key, its key columns (its
// foreign keys', and both ends of the logical relations it is in) and the columns the
// question's terms or stored values match.
std::vector<int> SchemaRecaller::PrunedColumns(const db::TableInfo& table, int t,
                                               const std::unordered_set<std::string>& term_set,
                                               const std::string& normalized) const {
  std::set<std::string> keys;
  for (const std::string& k : table.primary_key) keys.insert(text::AsciiLower(k));
  for (const db::ForeignKey& fk : table.foreign_keys) {
    for (const std::string& k : fk.columns) keys.insert(text::AsciiLower(k));
  }
  for (const Relation& r : relations_) {
    if (r.from_table == table.name) keys.insert(text::AsciiLower(r.from_column));
    if (r.to_table == table.name) keys.insert(text::AsciiLower(r.to_column));
  }
  std::vector<int> columns;
  for (size_t c = 0; c < table.columns.size(); ++c) {
    const db::ColumnInfo& column = table.columns[c];
    if (column.primary_key || keys.count(text::AsciiLower(column.name)) ||
        ColumnMatches(t, static_cast<int>(c), term_set, normalized)) {
      columns.push_back(static_cast<int>(c));
    }
  }
  return columns;
}

// Column c of table t is named by one of the question's terms or holds a value the question
// says.
bool SchemaRecaller::ColumnMatches(int t, int c, const std::unordered_set<std::string>& term_set,
                                   const std::string& normalized) const {
  const Index& index = *index_;
  for (const auto& [term, unused] : index.columns[t][c].tf) {
    if (term_set.count(term)) return true;
  }
  for (const Index::ValueEntry& v : index.values) {
    if (v.table == t && v.column == c && normalized.find(v.key) != std::string::npos) return true;
  }
  return false;
}

// Room left in `budget`: the tables not chosen (`taken`, lower case), best scored first,
// whole, wherever one fits.
void SchemaRecaller::FillBudget(const std::vector<int>& order, const std::vector<double>& scores,
                                const std::set<std::string>& taken, int budget,
                                const RecallOptions& options, std::string& text, int& used,
                                RecallResult& result) const {
  const SemanticModel* model = model_ ? &*model_ : nullptr;
  for (int t : order) {
    const db::TableInfo& table = schema_.tables[t];
    if (taken.count(text::AsciiLower(table.name))) continue;
    const TableSemantics* ts = model ? model->FindTable(table.name) : nullptr;
    std::string full = RenderTable(table, ts, nullptr, options.render);
    const int cost = EstimateTokens(full);
    if (used + cost > budget) continue;  // a smaller one may still fit
    RecalledTable added{table.name, scores[t], "budget", "", {}, false};
    for (const db::ColumnInfo& c : table.columns) added.columns.push_back(c.name);
    text += full;
    used += cost;
    result.tables.push_back(std::move(added));
  }
}

RecallResult RenderRecalled(const RecallResult& recalled, const db::DatabaseSchema& fetched,
                            const SemanticModel* model, const RecallOptions& options) {
  RecallResult result;
  std::string text;
  int used = 0;
  std::set<std::string> included;
  for (const RecalledTable& was : recalled.tables) {
    const db::TableInfo* table = fetched.FindTable(was.name);
    if (table != nullptr && included.count(text::AsciiLower(table->name))) continue;
    if (table == nullptr) {
      result.left_out.push_back(was.name);
      continue;
    }
    const TableSemantics* ts = model ? model->FindTable(table->name) : nullptr;
    RecalledTable now = was;
    now.columns.clear();
    std::string full;
    std::vector<int> columns;
    if (!was.columns_pruned) {
      full = RenderTable(*table, ts, nullptr, options.render);
      for (size_t c = 0; c < table->columns.size(); ++c) columns.push_back(static_cast<int>(c));
    }
    if (full.empty() || used + EstimateTokens(full) > options.token_budget) {
      columns.clear();
      std::set<std::string> kept;
      for (const std::string& c : was.columns) kept.insert(text::AsciiLower(c));
      for (size_t c = 0; c < table->columns.size(); ++c) {
        if (kept.count(text::AsciiLower(table->columns[c].name))) {
          columns.push_back(static_cast<int>(c));
        }
      }
      full = RenderTable(*table, ts, &columns, options.render);
      now.columns_pruned = true;
    }
    const int cost = EstimateTokens(full);
    if (used + cost > options.token_budget) {
      result.left_out.push_back(was.name);
      continue;
    }
    for (int c : columns) now.columns.push_back(table->columns[c].name);
    text += full;
    used += cost;
    included.insert(text::AsciiLower(table->name));
    result.tables.push_back(std::move(now));
  }
  FinishWithRelations(recalled.relations, included, used, options, std::move(text), result);
  return result;
}

}  // namespace askdb::catalog
