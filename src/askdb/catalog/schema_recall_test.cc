#include "askdb/catalog/schema_recall.h"

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <filesystem>
#include <set>

#include "askdb/catalog/token_estimate.h"
#include "askdb/db/connector.h"
#include "askdb/db/connector_registry.h"
#include "askdb/demo/demo_database.h"

namespace askdb::catalog {
namespace {

db::ColumnInfo Col(std::string name, std::string type = "TEXT", bool pk = false,
                   std::vector<std::string> samples = {}) {
  db::ColumnInfo c;
  c.name = std::move(name);
  c.type = std::move(type);
  c.primary_key = pk;
  c.sample_values = std::move(samples);
  return c;
}

// singer ← singer_in_concert → concert → stadium, plus unrelated tables.
db::TableInfo Table(std::string name, std::vector<std::string> primary_key) {
  db::TableInfo t;
  t.name = std::move(name);
  t.primary_key = std::move(primary_key);
  return t;
}

db::DatabaseSchema ConcertSchema() {
  db::DatabaseSchema s;
  db::TableInfo stadium = Table("stadium", {"stadium_id"});
  stadium.columns = {Col("stadium_id", "INTEGER", true),
                     Col("location", "TEXT", false, {"Glasgow"}), Col("capacity", "INTEGER")};
  db::TableInfo singer = Table("singer", {"singer_id"});
  singer.columns = {Col("singer_id", "INTEGER", true), Col("name"), Col("country"),
                    Col("age", "INTEGER")};
  db::TableInfo concert = Table("concert", {"concert_id"});
  concert.columns = {Col("concert_id", "INTEGER", true), Col("concert_name"), Col("year"),
                     Col("stadium_id", "INTEGER")};
  concert.foreign_keys = {{{"stadium_id"}, "", "stadium", {"stadium_id"}}};
  db::TableInfo link = Table("singer_in_concert", {});
  link.columns = {Col("concert_id", "INTEGER"), Col("singer_id", "INTEGER")};
  link.foreign_keys = {{{"concert_id"}, "", "concert", {"concert_id"}},
                       {{"singer_id"}, "", "singer", {"singer_id"}}};
  db::TableInfo employee = Table("employee", {"employee_id"});
  employee.columns = {Col("employee_id", "INTEGER", true), Col("salary", "REAL"), Col("hire_date")};
  db::TableInfo shop = Table("shop", {"shop_id"});
  shop.columns = {Col("shop_id", "INTEGER", true), Col("manager_name"), Col("district")};
  s.tables = {stadium, singer, concert, link, employee, shop};
  return s;
}

std::vector<std::string> Names(const RecallResult& r) {
  std::vector<std::string> out;
  for (const RecalledTable& t : r.tables) out.push_back(t.name);
  return out;
}

bool Has(const RecallResult& r, std::string_view name) {
  auto names = Names(r);
  return std::find(names.begin(), names.end(), name) != names.end();
}

TEST(TokenEstimateTest, AsciiByBytesCjkByCharacter) {
  EXPECT_EQ(EstimateTokens(""), 0);
  EXPECT_EQ(EstimateTokens("abcd"), 1);
  EXPECT_EQ(EstimateTokens("abcde"), 2);
  EXPECT_EQ(EstimateTokens("销售额"), 3);
  EXPECT_EQ(EstimateTokens("ab销售"), 3);
}

TEST(RecallTermsTest, SplitsStemsAndDropsStopWords) {
  auto terms = RecallTerms("How many singers are in the OrderItems table?");
  EXPECT_NE(std::find(terms.begin(), terms.end(), "singer"), terms.end());
  EXPECT_NE(std::find(terms.begin(), terms.end(), "order"), terms.end());
  EXPECT_NE(std::find(terms.begin(), terms.end(), "item"), terms.end());
  EXPECT_EQ(std::find(terms.begin(), terms.end(), "the"), terms.end());
  auto zh = RecallTerms("各大区的营业额");
  EXPECT_NE(std::find(zh.begin(), zh.end(), "营业"), zh.end()) << "bigram of a long word";
}

TEST(SchemaRecallTest, RanksByQuestionAndCompletesForeignKeys) {
  auto recaller = SchemaRecaller::Build(ConcertSchema(), nullptr);
  RecallResult r = recaller->Recall("What are the names of singers older than 30?");
  ASSERT_FALSE(r.tables.empty());
  EXPECT_EQ(r.tables[0].name, "singer");
  EXPECT_FALSE(Has(r, "employee"));
  // Concert names and the stadium location: concert is matched, stadium pulled by its key.
  RecallResult c = recaller->Recall("Show the concert names and their years");
  EXPECT_EQ(c.tables[0].name, "concert");
  ASSERT_TRUE(Has(c, "stadium"));
  auto it = std::find_if(c.tables.begin(), c.tables.end(),
                         [](const RecalledTable& t) { return t.name == "stadium"; });
  EXPECT_EQ(it->reason, "foreign key");
  EXPECT_EQ(it->via, "concert");
}

TEST(SchemaRecallTest, TablesABusinessTermRequiresAreRecalledWhateverTheirScore) {
  auto recaller = SchemaRecaller::Build(ConcertSchema(), nullptr);
  // "VIP singers" is a term defined over employee.salary (say): no word names employee.
  RecallOptions options;
  EXPECT_FALSE(Has(recaller->Recall("How many VIP singers are there?", options), "employee"));
  options.required_tables = {"Employee", "no_such_table"};
  RecallResult r = recaller->Recall("How many VIP singers are there?", options);
  ASSERT_TRUE(Has(r, "employee"));
  EXPECT_TRUE(Has(r, "singer"));
  auto it = std::find_if(r.tables.begin(), r.tables.end(),
                         [](const RecalledTable& t) { return t.name == "employee"; });
  EXPECT_EQ(it->reason, "term");
  // A question that names nothing: the required tables, not the whole schema in its order.
  RecallResult only = recaller->Recall("qwxz", options);
  EXPECT_TRUE(Has(only, "employee"));
  EXPECT_FALSE(Has(only, "shop"));
}

TEST(SchemaRecallTest, FillBudgetAddsTheOtherTablesThatFitAfterTheSelected) {
  auto recaller = SchemaRecaller::Build(ConcertSchema(), nullptr);
  const std::string q = "What are the names of singers older than 30?";
  RecallResult plain = recaller->Recall(q);
  RecallOptions fill;
  fill.fill_budget = true;
  RecallResult filled = recaller->Recall(q, fill);
  ASSERT_TRUE(Has(filled, "employee"));
  EXPECT_FALSE(Has(plain, "employee"));
  EXPECT_EQ(filled.tables[0].name, plain.tables[0].name);  // the selected ones come first
  auto it = std::find_if(filled.tables.begin(), filled.tables.end(),
                         [](const RecalledTable& t) { return t.name == "employee"; });
  EXPECT_EQ(it->reason, "budget");
  EXPECT_LE(filled.tokens, fill.token_budget);
  // A tight budget stays a limit: the fill adds only what fits whole, after the selected
  // tables that fit. (Per-table estimates add up to more than the whole text's, so a budget of
  // exactly the plain text's tokens may leave room for a small table instead of a large one.)
  fill.token_budget = plain.tokens;
  RecallResult tight = recaller->Recall(q, fill);
  EXPECT_LE(tight.tokens, plain.tokens);
  ASSERT_FALSE(tight.tables.empty());
  EXPECT_EQ(tight.tables[0].name, plain.tables[0].name);
}

// Filling the budget adds only tables not rendered already: each table once in the result
// and in the text (the selected tables were once moved into the result before the fill read
// their names, and came again as "budget").
TEST(SchemaRecallTest, FillBudgetNeverRepeatsATable) {
  auto recaller = SchemaRecaller::Build(ConcertSchema(), nullptr);
  RecallOptions fill;
  fill.fill_budget = true;
  const RecallResult filled =
      recaller->Recall("What are the names of singers older than 30?", fill);
  std::set<std::string> names;
  for (const RecalledTable& t : filled.tables) {
    EXPECT_TRUE(names.insert(t.name).second) << t.name << " twice (" << t.reason << ")";
  }
  EXPECT_TRUE(names.count("employee"));  // the fill did add a table
}

TEST(SchemaRecallTest, CompletionBringsTheThirdTableOfAJoin) {
  auto recaller = SchemaRecaller::Build(ConcertSchema(), nullptr);
  RecallOptions options;
  options.max_tables = 2;  // by score only two; completion must add the third
  RecallResult r = recaller->Recall("singer names for each concert name", options);
  EXPECT_TRUE(Has(r, "singer"));
  EXPECT_TRUE(Has(r, "concert"));
  EXPECT_TRUE(Has(r, "singer_in_concert"));
  options.foreign_key_completion = false;
  EXPECT_EQ(recaller->Recall("singer names for each concert name", options).tables.size(), 2u);
}

TEST(SchemaRecallTest, ValueHitRecallsTheTableHoldingTheValue) {
  auto recaller = SchemaRecaller::Build(ConcertSchema(), nullptr);
  std::vector<double> scores = recaller->ScoreTables("anything in Glasgow?", {});
  EXPECT_GT(scores[0], 0);  // stadium.location holds 'Glasgow'
  // Whole words only.
  EXPECT_EQ(recaller->ScoreTables("Glasgowish", {})[0], 0);
  ValueLists extra = {{"shop.district", {"Kowloon Bay"}}};
  auto with_values = SchemaRecaller::Build(ConcertSchema(), nullptr, &extra);
  RecallResult r = with_values->Recall("list everything about kowloon bay");
  ASSERT_FALSE(r.tables.empty());
  EXPECT_EQ(r.tables[0].name, "shop");
}

TEST(SchemaRecallTest, NoMatchFallsBackToSchemaOrderNotNothing) {
  auto recaller = SchemaRecaller::Build(ConcertSchema(), nullptr);
  RecallResult r = recaller->Recall("zzz qqq");
  ASSERT_EQ(r.tables.size(), 6u);
  EXPECT_EQ(r.tables[0].reason, "fallback");
}

TEST(SchemaRecallTest, DisabledTablesAndColumnsAreNeverRecalled) {
  SemanticModel model;
  TableSemantics singer;
  singer.name = "singer";
  singer.enabled = false;
  TableSemantics shop;
  shop.name = "shop";
  ColumnSemantics district;
  district.name = "district";
  district.enabled = false;
  shop.columns = {district};
  model.tables = {singer, shop};
  auto recaller = SchemaRecaller::Build(ConcertSchema(), &model);
  RecallResult r = recaller->Recall("singer names and shop district");
  EXPECT_FALSE(Has(r, "singer"));
  EXPECT_EQ(r.text.find("district"), std::string::npos) << r.text;
}

// The budget is never exceeded, whatever the budget and the question.
RC_GTEST_PROP(SchemaRecallProperty, TextFitsTheBudget, ()) {
  static const auto recaller = SchemaRecaller::Build(ConcertSchema(), nullptr);
  const int budget = *rc::gen::inRange(0, 400);
  const auto words = *rc::gen::container<std::vector<std::string>>(rc::gen::elementOf(
      std::vector<std::string>{"singer", "concert", "stadium", "capacity", "salary", "shop", "name",
                               "year", "Glasgow", "歌手", "how", "many"}));
  std::string question;
  for (const std::string& w : words) question += w + " ";
  RecallOptions options;
  options.token_budget = budget;
  RecallResult r = recaller->Recall(question, options);
  RC_ASSERT(r.tokens <= budget);
  RC_ASSERT(r.tokens == EstimateTokens(r.text));
  for (const RecalledTable& t : r.tables)
    RC_ASSERT(r.text.find("# " + t.name) != std::string::npos);
}

TEST(SchemaRecallTest, TightBudgetPrunesColumnsThenLeavesTablesOut) {
  auto recaller = SchemaRecaller::Build(ConcertSchema(), nullptr);
  RecallOptions options;
  options.token_budget = 40;
  RecallResult r = recaller->Recall("stadium capacity and concert year", options);
  EXPECT_LE(r.tokens, 40);
  EXPECT_FALSE(r.left_out.empty());
}

// The demo datasource: Chinese business words reach tables through the semantic model.
TEST(SchemaRecallTest, DemoModelLoadsAndRecallsChineseQuestions) {
  auto model = LoadSemanticModel(std::string(ASKDB_SOURCE_DIR) + "/data/demo/semantic_model.json");
  ASSERT_TRUE(model.ok()) << model.status().ToString();
  const std::filesystem::path path =
      std::filesystem::temp_directory_path() /
      ("askdb_recall_demo_" + std::to_string(::getpid()) + ".sqlite");
  demo::DemoOptions options;
  options.orders = 200;
  options.customers = 50;
  options.overwrite = true;
  ASSERT_TRUE(demo::CreateDemoDatabase(path, options).ok());
  auto connector = db::OpenConnector("sqlite:" + path.string());
  ASSERT_TRUE(connector.ok());
  auto schema = (*connector)->Introspect({});
  ASSERT_TRUE(schema.ok());
  auto recaller = SchemaRecaller::Build(*schema, &*model);
  RecallResult r = recaller->Recall("各大区上个月的营业额");
  EXPECT_TRUE(Has(r, "orders")) << r.text;
  EXPECT_TRUE(Has(r, "regions")) << r.text;
  EXPECT_NE(r.text.find("订单金额"), std::string::npos);
  RecallResult returns = recaller->Recall("退货原因有哪些");
  ASSERT_FALSE(returns.tables.empty());
  EXPECT_EQ(returns.tables[0].name, "returns") << ::testing::PrintToString(Names(returns));
  auto orders = std::find_if(returns.tables.begin(), returns.tables.end(),
                             [](const RecalledTable& t) { return t.name == "orders"; });
  ASSERT_NE(orders, returns.tables.end());
  EXPECT_NE(returns.text.find("order_id INTEGER -> orders.order_id"), std::string::npos)
      << returns.text;
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace askdb::catalog
