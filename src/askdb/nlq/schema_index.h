// SchemaIndex: everything the question-to-SQL engine knows about one datasource, built once
// and then shared read-only (thread-safe to read from many threads):
//   - a lexicon of schema words: table and column names split from snake_case/CamelCase,
//     the semantic model's business names and synonyms in both languages;
//   - a value index: the distinct values of low-cardinality text columns and the semantic
//     model's value labels, so "北京", "Rock" or "Brazil" resolve to column = value;
//   - column roles (column_roles.h), date ranges of time columns (for the "data" anchor);
//   - the foreign-key graph (physical keys plus the semantic model's logical relations).
// Build it from an introspected schema plus value samples, or straight from a Connector.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "askdb/common/status.h"
#include "askdb/nlq/business_terms.h"
#include "askdb/nlq/column_roles.h"
#include "askdb/nlq/time_expr.h"

namespace askdb::db {
class Connector;
struct ColumnInfo;
struct DatabaseSchema;
struct TableInfo;
}  // namespace askdb::db
namespace askdb::catalog {
struct ColumnSemantics;
struct SemanticModel;
struct TableSemantics;
}  // namespace askdb::catalog

namespace askdb::nlq {

struct IndexOptions {
  // Text columns with at most this many distinct values go into the value index.
  int max_distinct_values = 300;
  // Values longer than this (in bytes) are not indexed (free text, not codes or names).
  size_t max_value_bytes = 60;
};

// Facts gathered from the data for one column (see CollectColumnStats).
struct ColumnStats {
  std::optional<long long> distinct_count;  // nullopt: not measured or above the cap
  // A non-integer number column's distinct count (nullopt as above): how many price points
  // (0.99, 1.99) rows share. Kept apart from distinct_count, which readers take as names or
  // codes (two values are a yes/no column).
  std::optional<long long> distinct_numbers;
  std::vector<std::string> values;  // distinct values when low-cardinality
  std::optional<CivilDate> min_date, max_date;
};
// Keyed by "table.column" (physical names).
using ColumnStatsMap = std::unordered_map<std::string, ColumnStats>;

enum class TermKind { kTable, kColumn, kValue, kBusiness };

struct Term {
  TermKind kind = TermKind::kTable;
  int table = -1;
  int column = -1;     // kColumn, kValue
  std::string value;   // kValue: the stored value
  std::string source;  // "name", "business name", "synonym", "value", "value label"
  bool exact = true;   // false for derived aliases (plural-less, prefix-less): lower priority
  int business = -1;   // kBusiness: index into SchemaIndex::business_terms()
};

struct IndexedColumn {
  std::string name;
  // SchemaWords(name) (schema_words.h: "cust_nm" → customer, name), spelled once when the
  // index is built: the readings ask for a column's words on every question.
  std::vector<std::string> words;
  std::string type;
  int table = -1;
  ColumnRole role = ColumnRole::kDimension;
  TypeClass type_class = TypeClass::kOther;
  bool primary_key = false;
  bool foreign_key = false;
  std::string lang;                    // "zh"/"en" for name_zh/name_en style columns
  std::string display_zh, display_en;  // for explanations
  ColumnStats stats;
};

struct IndexedTable {
  std::string name;
  std::vector<int> columns;
  std::optional<int64_t> row_count;
  std::string display_zh, display_en;
};

// A join edge: from_table.from_column references to_table.to_column (many-to-one).
struct JoinEdge {
  int from_table = -1, from_column = -1;
  int to_table = -1, to_column = -1;
};

// The stored "true" value of a yes/no column (exactly one true and one false spelling:
// T/F, Y/N, true/false, yes/no, 1/0), or nullopt.
std::optional<std::string> FlagYesValue(const IndexedColumn& column);
// A column of Chinese yes/no answers (exactly 有/无, 有/没有 or 是/否): the value 有 says
// (`has`) or 没有 says; nullopt for any other column. Chinese only says the condition with
// 有/没有 before the column (有药用价值的植物), unlike an English flag's adjective.
std::optional<std::string> ChineseFlagValue(const IndexedColumn& column, bool has);

class SchemaIndex {
 public:
  // `model` and `stats` may be null/empty. Disabled tables and columns of the model are
  // left out entirely (the engine never writes SQL over them).
  static SchemaIndex Build(const db::DatabaseSchema& schema, const catalog::SemanticModel* model,
                           const ColumnStatsMap& stats, const IndexOptions& options = {});

  const std::vector<IndexedTable>& tables() const { return tables_; }
  const std::vector<IndexedColumn>& columns() const { return columns_; }
  const std::vector<JoinEdge>& edges() const { return edges_; }
  const std::vector<Term>& terms() const { return terms_; }
  // Term ids for a phrase key (tokenizer.h PhraseKey); nullptr when none.
  const std::vector<int>* FindTerms(std::string_view key) const;
  size_t max_term_units() const { return max_term_units_; }
  // The phrase key (tokenizer.h PhraseKey) term `id` is indexed under.
  const std::string& term_key(int id) const { return term_keys_[id]; }
  // The key of the table or column word a lone Chinese character shortens (店 → 门店,
  // 国 → 国家, 类 → 品类); nullptr when it shortens none or several (AddAbbreviations).
  const std::string* AbbreviatedWord(std::string_view character_key) const {
    const auto it = abbreviations_.find(std::string(character_key));
    return it == abbreviations_.end() ? nullptr : &it->second;
  }

  // Binds the business terms and indexes their names and synonyms (business_terms.h). A term
  // that does not bind is left out, its error appended to `errors`.
  void AddBusinessTerms(const std::vector<BusinessTermDef>& terms,
                        std::vector<std::string>* errors);
  const std::vector<BoundBusinessTerm>& business_terms() const { return business_terms_; }

  int FindTable(std::string_view name) const;              // -1 when absent
  int FindColumn(int table, std::string_view name) const;  // -1 when absent
  // The column that names a row of `table` in answers (name/title/名称...), preferring the
  // question's language for name_zh/name_en pairs; -1 when the table has none.
  // A person's name split in two (FirstName + LastName, 名 + 姓) is the label's first part;
  // NameCompanion gives the other.
  int LabelColumn(int table, bool chinese) const;
  // The second part of a person's name when `label` is the first part of one, else -1: a
  // list of people shows both, since first names alone do not identify them.
  int NameCompanion(int label) const;
  // The table's main time column (role time; prefers *date* names); -1 when none.
  int TimeColumn(int table) const;
  // The table's one primary-key column; -1 when it has none or a composite key.
  int SingleKey(int table) const;
  // A dated document: a table with a time column and a single key whose rows other tables
  // refer to (an order with its lines, an invoice). Its "<party>Name" columns (Orders.
  // ShipName) are not its label; it is identified by DocumentKey, its key (else -1).
  bool IsDatedDocument(int table) const;
  // -1 too when the rows hold a number of their own beside the key (HoldsANumberOfItsOwn).
  int DocumentKey(int table) const;
  bool HoldsANumberOfItsOwn(int table) const;
  // Whether column `label` of `table` has as many distinct values as the table has rows
  // (measured; false when either count is unknown).
  bool LabelIsUnique(int table, int label) const;
  // The latest date over all time columns (the "data" anchor); nullopt when unknown.
  std::optional<CivilDate> LatestDate() const { return latest_date_; }
  std::string DisplayName(const IndexedColumn& c, bool chinese) const;
  // The table's one price column (a numeric non-key column named "price", "UnitPrice", or
  // with a 价 business name); -1 when it has none or several.
  int PriceColumn(int table) const;
  // The one money column the money words name (inferred with no semantic model, else the
  // model's; -1 when none), and
  // the order lines' price × quantity beneath it as a business term (an index of
  // business_terms(), no words of its own; -1 when none): what a money word sums when the
  // question groups by what only the lines hold ("top 5 artists by sales").
  int inferred_money_column() const { return inferred_money_column_; }
  int line_revenue_term() const { return line_revenue_term_; }

 private:
  // Build's steps, in order (each adds terms in the order the engine has always seen them:
  // the first term of a key wins ties).
  // One table of the schema (`ts`: its model, may be null): its words, then each enabled
  // column's description and words.
  void AddTable(const db::TableInfo& t, const catalog::TableSemantics* ts,
                const ColumnStatsMap& stats, const IndexOptions& options);
  // The table's split name and the model's business names and synonyms for it.
  void AddTableWords(const db::TableInfo& t, const catalog::TableSemantics* ts, int table_id);
  // A column's split name and the aliases people use for it (without a language suffix or the
  // table's name, "id" for a single key, the Chinese and English aliases below).
  void AddColumnNameWords(const db::TableInfo& t, const db::ColumnInfo& c, const IndexedColumn& col,
                          int column_id);
  // 所属地区 → 地区, 成人价格 → 成人价 (not for key columns).
  void AddChineseColumnAliases(const std::string& col_phrase, const IndexedColumn& col,
                               int column_id);
  // Year_of_Founded → "founded year", PetType on pets → "type" (short) and "type of pet".
  // "email address" for an email column, "phone number" for a phone column (a synonym).
  void AddContactPhrase(const std::string& col_phrase, int table_id, int column_id);
  void AddEnglishColumnAliases(const std::string& col_phrase, const std::string& table_singular,
                               int table_id, int column_id);
  // `spelled` (the name with its abbreviations spelled out) as another word for `term`, when it
  // differs from `phrase` and is no keyword.
  void AddSpelledOutName(const std::string& phrase, const std::string& spelled, Term term);
  // The model's business names, synonyms and value labels of a column.
  void AddModelColumnWords(const catalog::ColumnSemantics& cs, int table_id, int column_id,
                           const IndexOptions& options);
  // A text column's stored values, with the country words and the 市/省/区/县-less names.
  void AddStoredValueWords(const IndexedColumn& col, int column_id, const IndexOptions& options);
  // is_male, has_discount: the flag's words name the rows where it holds.
  void AddFlagWords(const db::ColumnInfo& c, const IndexedColumn& col, int column_id);
  // A Chinese table name's last 2 or 3 characters name the table (作品 for 文学作品) when
  // they are unambiguous and mean nothing else.
  void AddChineseTableTails();
  void AddChineseCountNouns();  // 员工 for 员工数
  // Chinese words of English table and column names (chinese_glossary.h: 订单 for orders,
  // 单价 for unit_price), non-exact and only where no name or keyword already says them.
  void AddGlossaryWords();
  // Foreign keys, physical (the schema) and logical (the model's relations).
  void AddJoinEdges(const db::DatabaseSchema& schema, const catalog::SemanticModel* model);
  void AddJoinEdge(std::string_view from_t, std::string_view from_c, std::string_view to_t,
                   std::string_view to_c);
  // "revenue", "sales", "销售额" for the one money column when no semantic model names them.
  void AddInferredMoneyWords();
  // With a semantic model naming the money words: their one measure column is the money
  // column, and the order lines' price × quantity the line revenue beneath it.
  void AdoptNamedMoneyColumn();
  // The revenue of the one order-line table (price × quantity × (1 − discount)) as an
  // inferred measure term named `name`; nullopt when no table, or several, qualify.
  std::optional<BoundBusinessTerm> InferLineRevenue(std::string_view name) const;
  // The one order-line table: a unit price, a quantity and at most one discount (-1: none;
  // -2: a discount column that is not a plain fraction); nullopt when no table or several.
  struct LineColumns {
    int table = -1, price = -1, quantity = -1, discount = -1;
  };
  std::optional<LineColumns> FindLineColumns() const;
  // "units sold" for the order lines' quantity, when no other term has those words.
  void AddUnitsSoldWords();
  // "staff", "rep", "sales rep"... for the one table named employee(s) or staff.
  void AddStaffWords();
  // "shipping company", "carrier"... for the one table named shipper(s).
  void AddShipperWords();
  // "invoice amount", "average order value": what one dated document is worth.
  void AddDocumentValueWords();
  // "shipped late", "late shipments": a shipped date after the required date of its row.
  void AddLateWords();
  // "price", "priced", "cost" for each table's one price column, read only when the question
  // names the table ("products priced above 50").
  void AddPriceWords();
  void AddTerm(std::string_view phrase, Term term);
  // Fills abbreviations_: a character is short for the Chinese table or column word it ends
  // (the word's head: 店 for 门店, 分店, 商店), else the one it starts (国 for 国家), when one
  // of those words names everything the others name.
  void AddAbbreviations();

  std::vector<IndexedTable> tables_;
  std::vector<IndexedColumn> columns_;
  std::vector<JoinEdge> edges_;
  std::vector<Term> terms_;
  std::vector<BoundBusinessTerm> business_terms_;
  std::vector<std::string> term_keys_;  // parallel to terms_
  std::unordered_map<std::string, std::vector<int>> term_index_;
  std::unordered_map<std::string, std::string> abbreviations_;  // character → word key
  size_t max_term_units_ = 1;
  std::optional<CivilDate> latest_date_;
  int inferred_money_column_ = -1;
  int line_revenue_term_ = -1;
};

// Gathers ColumnStats through the connector: distinct values (bounded by
// options.max_distinct_values) of text columns and the min/max of time columns. One
// statement per column; identifiers are quoted by the connector's dialect.
StatusOr<ColumnStatsMap> CollectColumnStats(db::Connector& connector,
                                            const db::DatabaseSchema& schema,
                                            const IndexOptions& options = {});

// Introspects, collects stats and builds the index in one call.
StatusOr<SchemaIndex> BuildSchemaIndex(db::Connector& connector,
                                       const catalog::SemanticModel* model,
                                       const IndexOptions& options = {});

}  // namespace askdb::nlq
