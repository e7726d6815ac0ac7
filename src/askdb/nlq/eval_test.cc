#include "askdb/nlq/eval.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "askdb/nlq/test_fixture.h"

namespace askdb::nlq {
namespace {

std::filesystem::path WriteLines(const std::string& name, const std::string& text) {
  const std::filesystem::path path = std::filesystem::path(::testing::TempDir()) / name;
  std::ofstream(path) << text;
  return path;
}

EvalOptions ShopOptions() {
  EvalOptions options;
  options.default_db = "shop";
  options.open = [](const std::string&) -> StatusOr<EvalDatasource> {
    testing::Shop shop = testing::OpenShop();
    EvalDatasource ds;
    ds.connector = std::move(shop.connector);
    ds.index = std::move(shop.index);
    return ds;
  };
  return options;
}

TEST(EvalRead, OptionalFieldsOfThePublicSets) {
  auto qs = ReadEvalQuestions(WriteLines(
      "fields.jsonl",
      "{\"id\": \"a\", \"question\": \"q\", \"gold_sql\": \"SELECT 1\", \"split\": \"report\", "
      "\"gold_sql_alternatives\": [\"SELECT 2\"], \"order_matters\": true, \"category\": \"c\"}\n"
      "{\"id\": \"b\", \"question\": \"who wrote 1984\", \"expect_abstain\": true}\n"));
  ASSERT_TRUE(qs.ok()) << qs.status().ToString();
  ASSERT_EQ(qs->size(), 2u);
  EXPECT_EQ((*qs)[0].split, "report");
  EXPECT_EQ((*qs)[0].gold_alternatives, std::vector<std::string>{"SELECT 2"});
  EXPECT_EQ((*qs)[0].ordered, true);
  EXPECT_EQ((*qs)[0].categories, std::vector<std::string>{"c"});
  EXPECT_TRUE((*qs)[1].expect_abstain);
  EXPECT_TRUE((*qs)[1].gold_sql.empty());
}

TEST(EvalRead, GoldIsRequiredUnlessAbstentionIsExpected) {
  auto qs = ReadEvalQuestions(WriteLines("nogold.jsonl", "{\"question\": \"q\"}\n"));
  ASSERT_FALSE(qs.ok());
  EXPECT_NE(qs.status().message().find("nogold.jsonl:1"), std::string::npos);
  EXPECT_NE(qs.status().message().find("expect_abstain"), std::string::npos);
}

TEST(EvalRun, AnAlternativeGoldCountsAndAnAnsweredUnanswerableCountsAgainstPrecision) {
  std::vector<EvalQuestion> questions(3);
  // The engine answers "how many orders" with COUNT(*) = 5; only the alternative agrees.
  questions[0].id = "alt";
  questions[0].question = "how many orders are there";
  questions[0].gold_sql = "SELECT 4";
  questions[0].gold_alternatives = {"SELECT COUNT(*) FROM orders"};
  questions[0].split = "report";
  // The data cannot answer this, but the engine will: a confident wrong answer.
  questions[1].id = "idk";
  questions[1].question = "how many orders are there";
  questions[1].expect_abstain = true;
  questions[1].split = "report";
  // Abstaining on an unanswerable question is right and leaves precision alone.
  questions[2].id = "idk2";
  questions[2].question = "who wrote the novel 1984";
  questions[2].expect_abstain = true;
  questions[2].split = "develop";

  auto report = RunEval(questions, ShopOptions());
  ASSERT_TRUE(report.ok()) << report.status().ToString();
  ASSERT_TRUE(report->items[0].answered) << report->items[0].abstain_reason;
  EXPECT_TRUE(report->items[0].correct);
  EXPECT_TRUE(report->items[1].answered);
  EXPECT_FALSE(report->items[1].correct);
  EXPECT_FALSE(report->items[2].answered);

  const EvalSummary& r = report->by_split.at("report");
  EXPECT_EQ(r.total, 1);
  EXPECT_EQ(r.correct, 1);
  EXPECT_EQ(r.unanswerable, 1);
  EXPECT_EQ(r.unanswerable_answered, 1);
  EXPECT_DOUBLE_EQ(r.precision(), 0.5);
  EXPECT_DOUBLE_EQ(report->by_split.at("develop").abstained_unanswerable_pct(), 100.0);
  const std::string text = RenderEvalText(*report);
  EXPECT_NE(text.find("by split"), std::string::npos) << text;
  EXPECT_EQ(EvalReportToJson(*report)["by_split"]["report"]["unanswerable_answered"], 1);
}

TEST(EvalRun, OrderMattersOverridesTheGoldOrderBy) {
  db::ResultSet a, b;
  db::ResultColumn x;
  x.name = "x";
  a.columns = b.columns = {x};
  a.rows = {{db::Value::Int(1)}, {db::Value::Int(2)}};
  b.rows = {{db::Value::Int(2)}, {db::Value::Int(1)}};
  EXPECT_TRUE(ResultsMatch(a, b, /*ordered=*/false));
  EXPECT_FALSE(ResultsMatch(a, b, /*ordered=*/true));
}

// Two genres tied at 8.91 may be listed in either order; the order of different values counts.
TEST(EvalCompare, RowsTiedOnANumberMayComeInEitherOrder) {
  db::ResultSet gold, got, wrong;
  db::ResultColumn name, sales;
  name.name = "genre";
  sales.name = "sales";
  gold.columns = got.columns = wrong.columns = {name, sales};
  gold.rows = {{db::Value::Text("R&B"), db::Value::Double(8.91)},
               {db::Value::Text("Pop"), db::Value::Double(8.91)},
               {db::Value::Text("Rock"), db::Value::Double(5)}};
  got.rows = {gold.rows[1], gold.rows[0], gold.rows[2]};
  wrong.rows = {gold.rows[2], gold.rows[0], gold.rows[1]};
  EXPECT_TRUE(ResultsMatch(got, gold, /*ordered=*/true));
  EXPECT_FALSE(ResultsMatch(wrong, gold, /*ordered=*/true));
}

// A tie is on a column the gold is ordered by: two artists sharing 5 albums but ranked by
// sales apart (the 5s are not the order), or a year every row shares, leave the order counted.
TEST(EvalCompare, ANumberSharedOutsideTheOrderIsNoTie) {
  db::ResultSet gold, got;
  db::ResultColumn name, albums, sales;
  name.name = "artist";
  albums.name = "albums";
  sales.name = "sales";
  gold.columns = got.columns = {name, albums, sales};
  gold.rows = {{db::Value::Text("A"), db::Value::Int(5), db::Value::Double(100)},
               {db::Value::Text("B"), db::Value::Int(5), db::Value::Double(90)},
               {db::Value::Text("C"), db::Value::Int(3), db::Value::Double(80)},
               {db::Value::Text("D"), db::Value::Int(6), db::Value::Double(70)}};
  got.rows = {gold.rows[1], gold.rows[0], gold.rows[2], gold.rows[3]};
  EXPECT_FALSE(ResultsMatch(got, gold, /*ordered=*/true));
  for (auto& row : gold.rows) row[1] = db::Value::Int(2024);
  got.rows = {gold.rows[1], gold.rows[0], gold.rows[2], gold.rows[3]};
  EXPECT_FALSE(ResultsMatch(got, gold, /*ordered=*/true));
  gold.rows[1][2] = db::Value::Double(100);  // A and B now tie on sales, the order
  got.rows = {gold.rows[1], gold.rows[0], gold.rows[2], gold.rows[3]};
  EXPECT_TRUE(ResultsMatch(got, gold, /*ordered=*/true));
}

TEST(EvalRun, ContextColumnsCountOnlyWhenAllowedAndRowsStillMatchOneForOne) {
  db::ResultSet got, gold;
  got.rows = {{db::Value::Text("Ann"), db::Value::Text("FR")},
              {db::Value::Text("Bob"), db::Value::Text("DE")}};
  gold.rows = {{db::Value::Text("Bob")}, {db::Value::Text("Ann")}};
  EXPECT_FALSE(ResultsMatch(got, gold, /*ordered=*/false));
  CompareOptions lenient;
  lenient.allow_extra_columns = true;
  EXPECT_TRUE(ResultsMatch(got, gold, /*ordered=*/false, lenient));
  EXPECT_FALSE(ResultsMatch(got, gold, /*ordered=*/true, lenient));  // order still counts
  gold.rows = {{db::Value::Text("Bob")}, {db::Value::Text("Cy")}};
  EXPECT_FALSE(ResultsMatch(got, gold, /*ordered=*/false, lenient));  // a wrong name
  gold.rows = {{db::Value::Text("Ann")}};
  EXPECT_FALSE(ResultsMatch(got, gold, /*ordered=*/false, lenient));  // an extra row
}

}  // namespace
}  // namespace askdb::nlq
