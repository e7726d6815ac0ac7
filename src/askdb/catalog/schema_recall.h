// Schema recall for large schemas: picks the tables and columns a question needs and
// renders them for the prompt inside a token budget, so that a 900-table warehouse does
// not become a million-token prompt and a question is never answered from a fixed "top 10"
// that ignores it.
//
// Pipeline (docs/schema.md has the details and the measured figures):
//   1. BM25 over table and column documents: names (split from snake_case / CamelCase),
//      comments, the semantic model's business names, synonyms and descriptions, and
//      sample values. Text is tokenised bilingually: ICU word segmentation, English
//      plural folding, Chinese character bigrams inside longer words, stop words dropped.
//      A table's score sums, over the question's terms, the best match among the table's
//      own document and its columns' documents (so wide tables do not win by size).
//   2. Value-index hits: a stored value or value label that occurs in the question
//      ("Alameda", "线上") adds kValueHit to its column and table.
//   3. Selection: tables scoring at least min_relative_score of the best one, at most
//      max_tables when set.
//   4. Foreign-key completion (relations.h): tables that the selected ones reference, and
//      link tables between two selected ones, join right after the table that pulled them.
//   5. Token budget: tables are rendered in that order (schema_render.h); a table that does
//      not fit whole is rendered with only its key and matching columns; one that does not
//      fit that way either is left out and reported.
//
// Thread-safety: a SchemaRecaller is immutable after Build; Recall may run concurrently.
#pragma once

#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "askdb/catalog/relations.h"
#include "askdb/catalog/schema_render.h"
#include "askdb/catalog/semantic_model.h"
#include "askdb/db/schema.h"

namespace askdb::catalog {

struct RecallOptions {
  int token_budget = 3000;  // estimated tokens (token_estimate.h) of the rendered schema
  // Tables scoring below this fraction of the best table are not selected by score.
  double min_relative_score = 0.1;
  int max_tables = 0;  // cap on tables selected by score; 0: none
  // Spend what the budget has left after the selected tables on the others, best score first
  // (whole tables only): a table the question names only indirectly is then still in the
  // prompt whenever it fits. Reason "budget". The pipeline's SQL prompt sets it.
  bool fill_budget = false;
  bool foreign_key_completion = true;
  // Tables the question's evidence requires whatever their score (a business term's columns,
  // knowledge/evidence.h TermColumn): selected with reason "term", before key completion.
  std::vector<std::string> required_tables;
  CompletionOptions completion;
  RenderOptions render;
  // BM25 parameters (the usual defaults).
  double bm25_k1 = 1.2;
  double bm25_b = 0.75;
};

struct RecalledTable {
  std::string name;
  double score = 0;
  // "match" (scored), "foreign key" / "link table" (completion), "fallback" (nothing in
  // the question matched any table; the schema is shown in its own order).
  std::string reason;
  std::string via;                   // completion: the table that pulled this one in
  std::vector<std::string> columns;  // the columns rendered
  bool columns_pruned = false;       // only key and matching columns were rendered
};

struct RecallResult {
  std::vector<RecalledTable> tables;  // in rendering order
  std::vector<Relation> relations;    // merged relations among the recalled tables
  std::string text;                   // the schema text for the prompt
  int tokens = 0;                     // EstimateTokens(text) <= token_budget
  std::vector<std::string> left_out;  // selected tables that did not fit the budget
};

// Extra values for the value index, keyed "table.column" (physical names), e.g. the
// distinct values collected by the question-to-SQL engine's index.
using ValueLists = std::unordered_map<std::string, std::vector<std::string>>;

// The tables of `recalled` rendered again from `fetched` — the same tables as they are now
// (SchemaManager::GetSchema of exactly those names, in one fetch): a table that was whole is
// whole with its current columns when it fits options.token_budget, otherwise (or when it was
// pruned) only its recalled columns that still exist; a table `fetched` lacks, or that no
// longer fits, goes to left_out. The logical relations follow as Recall renders them.
RecallResult RenderRecalled(const RecallResult& recalled, const db::DatabaseSchema& fetched,
                            const SemanticModel* model, const RecallOptions& options);

// Bilingual terms of a text, as recall matches them (exposed for tests and the bench).
std::vector<std::string> RecallTerms(std::string_view text);

class SchemaRecaller {
 public:
  // Disabled tables and columns of `model` are removed first and can never be recalled.
  // `model` and `values` may be null.
  static std::unique_ptr<SchemaRecaller> Build(const db::DatabaseSchema& schema,
                                               const SemanticModel* model,
                                               const ValueLists* values = nullptr);
  ~SchemaRecaller();

  RecallResult Recall(std::string_view question, const RecallOptions& options = {}) const;

  // Scores of every table for `question` (schema order), for diagnostics and tests.
  std::vector<double> ScoreTables(std::string_view question, const RecallOptions& options) const;

  const db::DatabaseSchema& schema() const { return schema_; }

 private:
  struct Doc;
  struct Index;
  SchemaRecaller();
  // Recall's steps: the tables chosen, then rendered within the token budget.
  std::vector<RecalledTable> MatchedTables(const std::vector<int>& order,
                                           const std::vector<double>& scores, double top,
                                           const RecallOptions& options) const;
  void AddRequiredTables(const RecallOptions& options, std::vector<RecalledTable>& selected) const;
  void AddForeignKeyTables(const RecallOptions& options,
                           std::vector<RecalledTable>& selected) const;
  void RenderWithinBudget(std::string_view question, const RecallOptions& options,
                          std::vector<RecalledTable>& selected, std::string& text, int& used,
                          RecallResult& result) const;
  std::vector<int> PrunedColumns(const db::TableInfo& table, int t,
                                 const std::unordered_set<std::string>& term_set,
                                 const std::string& normalized) const;
  bool ColumnMatches(int t, int c, const std::unordered_set<std::string>& term_set,
                     const std::string& normalized) const;
  void FillBudget(const std::vector<int>& order, const std::vector<double>& scores,
                  const std::set<std::string>& taken, int budget, const RecallOptions& options,
                  std::string& text, int& used, RecallResult& result) const;

  db::DatabaseSchema schema_;
  std::optional<SemanticModel> model_;
  std::vector<Relation> relations_;
  std::unique_ptr<Index> index_;
};

}  // namespace askdb::catalog
