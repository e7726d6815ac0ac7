#include "askdb/agent/ask/answer_view.h"

#include <gtest/gtest.h>

#include "askdb/agent/ask/answer_writer.h"
#include "askdb/agent/ask/reading_words.h"
#include "askdb/catalog/semantic_model.h"

namespace askdb::agent {
namespace {

// A slice of data/semantic/chinook.semantic.json: a unit on two measures, labels on a code.
catalog::SemanticModel Chinook() {
  auto column = [](std::string name, catalog::ColumnRole role, std::string unit,
                   std::vector<catalog::ValueLabel> values) {
    catalog::ColumnSemantics c;
    c.name = std::move(name);
    c.role = role;
    c.unit = std::move(unit);
    c.values = std::move(values);
    return c;
  };
  auto table = [](std::string name, std::vector<catalog::ColumnSemantics> columns) {
    catalog::TableSemantics t;
    t.name = std::move(name);
    t.columns = std::move(columns);
    return t;
  };
  using catalog::ColumnRole;
  catalog::SemanticModel m;
  m.tables = {table("Genre",
                    {column("Name", ColumnRole::kDimension, "",
                            {{"Rock", {"摇滚", "rock music"}}, {"Jazz", {"jazz music", "爵士"}}})}),
              table("Invoice", {column("Total", ColumnRole::kMeasure, "USD", {}),
                                column("BillingCountry", ColumnRole::kDimension, "",
                                       {{"USA", {"美国"}}, {"Brazil", {"巴西"}}})}),
              table("Track", {column("Milliseconds", ColumnRole::kMeasure, "ms", {})})};
  return m;
}

db::ResultSet Rows(std::vector<db::ResultColumn> columns,
                   std::vector<std::vector<db::Value>> rows) {
  db::ResultSet r;
  r.columns = std::move(columns);
  r.rows = std::move(rows);
  return r;
}

TEST(AnswerViewTest, ChineseRunShowsLabelsAndTheUnitWithoutChangingTheRows) {
  const catalog::SemanticModel model = Chinook();
  const db::ResultSet rows = Rows({{"流派", "TEXT"}, {"曲目数", "INTEGER"}},
                                  {{db::Value::Text("Rock"), db::Value::Int(1297)},
                                   {db::Value::Text("Jazz"), db::Value::Int(130)},
                                   {db::Value::Text("Latin"), db::Value::Int(579)}});
  AnswerViewInput in{.question = "各流派的曲目数量",
                     .sql = R"(SELECT "Genre"."Name" AS "流派", COUNT(*) AS "曲目数" FROM "Track" )"
                            R"(JOIN "Genre" ON "Track"."GenreId" = "Genre"."GenreId" GROUP BY 1)",
                     .model = &model,
                     .chinese = true};
  const AnswerView view = MakeAnswerView(rows, in);
  EXPECT_EQ(view.result.rows[0][0].ToDisplayString(), "摇滚 (Rock)");
  EXPECT_EQ(view.result.rows[1][0].ToDisplayString(), "爵士 (Jazz)");  // the first Chinese label
  EXPECT_EQ(view.result.rows[2][0].ToDisplayString(), "Latin");        // no label: as stored
  EXPECT_EQ(view.result.columns[1].name, "曲目数");                    // a COUNT has no unit
  EXPECT_EQ(view.result.rows[0][1].ToDisplayString(), "1297");
  EXPECT_NE(WriteAnswer(view.result, view.chart, true).find("摇滚 (Rock)"), std::string::npos);
  // An English run keeps the stored values: they are English already.
  in.chinese = false;
  EXPECT_EQ(MakeAnswerView(rows, in).result.rows[0][0].ToDisplayString(), "Rock");
}

// A value stored in Chinese reads as stored, in the table and in a one-number answer's filter:
// "尺码不合适的退货数", not its synonym "尺码不对".
TEST(AnswerViewTest, AValueStoredInChineseKeepsItsOwnWords) {
  catalog::ColumnSemantics reason;
  reason.name = "reason";
  reason.values = {{"尺码不合适", {"尺码不合适", "尺码不对", "wrong size"}}};
  catalog::TableSemantics returns;
  returns.name = "returns";
  returns.columns = {reason};
  catalog::SemanticModel model;
  model.tables = {returns};
  AnswerViewInput in{.question = "因为尺码不合适退货的有多少单",
                     .sql = R"(SELECT COUNT(*) AS "退货数" FROM "returns")",
                     .model = &model,
                     .reading = Json::parse(R"({"mappings": [{"phrase": "尺码不合适",
                         "kind": "value", "target": "returns.reason = 尺码不合适"}]})"),
                     .chinese = true};
  AnswerView view = MakeAnswerView(Rows({{"退货数", "INTEGER"}}, {{db::Value::Int(495)}}), in);
  EXPECT_EQ(WriteAnswer(view.result, view.chart, true), "尺码不合适的退货数：495。");
  in.sql = R"(SELECT "returns"."reason" AS "原因", COUNT(*) AS "退货数" FROM "returns" GROUP BY 1)";
  view = MakeAnswerView(Rows({{"原因", "TEXT"}, {"退货数", "INTEGER"}},
                             {{db::Value::Text("尺码不合适"), db::Value::Int(495)},
                              {db::Value::Text("发错货"), db::Value::Int(3)}}),
                        in);
  EXPECT_EQ(view.result.rows[0][0].ToDisplayString(), "尺码不合适");
}

// The person's Chinese words for a coded value name the one number ("女性客户有多少":
// 女性的客户数), not the model's first label (女的客户数).
TEST(AnswerViewTest, TheQuestionsWordsForAValueNameTheOneNumber) {
  const catalog::SemanticModel model = Chinook();
  AnswerViewInput in{.question = "摇滚乐的销售额",
                     .sql = R"(SELECT SUM("Invoice"."Total") AS "销售额" FROM "Invoice")",
                     .model = &model,
                     .reading = Json::parse(R"({"mappings": [{"phrase": "摇滚乐",
                         "kind": "value", "target": "Genre.Name = Rock"}]})"),
                     .chinese = true};
  const AnswerView view = MakeAnswerView(Rows({{"销售额", "REAL"}}, {{db::Value::Double(8)}}), in);
  EXPECT_EQ(WriteAnswer(view.result, view.chart, true), "摇滚乐的销售额 (USD)：8.00。");
}

TEST(AnswerViewTest, OneNumberNamesItsUnitAndFilters) {
  const catalog::SemanticModel model = Chinook();
  const db::ResultSet rows = Rows({{"销售额", "REAL"}}, {{db::Value::Double(523.06)}});
  AnswerViewInput in{.question = "2023年美国的销售额",
                     .sql = R"(SELECT SUM("Invoice"."Total") AS "销售额" FROM "Invoice" WHERE )"
                            R"("Invoice"."BillingCountry" = 'USA')",
                     .model = &model,
                     .reading = Json::parse(R"({"mappings": [
                         {"phrase": "2023", "kind": "time", "target": "2023-01-01 .. 2024-01-01"},
                         {"phrase": "销售额", "kind": "column", "target": "Invoice.Total"},
                         {"phrase": "美国", "kind": "value",
                          "target": "Invoice.BillingCountry = USA"}]})"),
                     .chinese = true};
  AnswerView view = MakeAnswerView(rows, in);
  ASSERT_EQ(view.chart.kind, analysis::ChartKind::kKpi);
  EXPECT_EQ(WriteAnswer(view.result, view.chart, true), "2023年美国的销售额 (USD)：523.06。");
  // A business term's filter is named in the person's words.
  in.reading = Json::parse(R"j({"mappings": [{"phrase": "线上渠道", "kind": "filter",
      "target": "数字渠道 = orders.channel IN ('online', 'app')"}]})j");
  view = MakeAnswerView(rows, in);
  EXPECT_EQ(WriteAnswer(view.result, view.chart, true), "线上渠道的销售额 (USD)：523.06。");
  in.reading = Json::parse(R"({"mappings": [{"phrase": "2023", "kind": "time",
      "target": "2023-01-01 .. 2024-01-01"}, {"phrase": "美国", "kind": "value",
      "target": "Invoice.BillingCountry = USA"}]})");
  in.chinese = false;
  view = MakeAnswerView(Rows({{"sales", "REAL"}}, {{db::Value::Double(523.06)}}), in);
  EXPECT_EQ(WriteAnswer(view.result, view.chart, false), "sales (USD) for USA in 2023: 523.06.");
  // A range that is no whole year or month reads "from ... to".
  in.reading["mappings"][0]["target"] = "2023-01-01 .. 2023-03-15";
  view = MakeAnswerView(Rows({{"sales", "REAL"}}, {{db::Value::Double(523.06)}}), in);
  EXPECT_EQ(WriteAnswer(view.result, view.chart, false),
            "sales (USD) for USA from 2023-01-01 to 2023-03-15 (exclusive): 523.06.");
}

// A term that is both the filter and the counted rows ("高价值客户有多少个": 高价值客户数) is
// named once, not "高价值客户的高价值客户数".
TEST(AnswerViewTest, AFilterTheLabelAlreadyNamesIsNotRepeated) {
  const catalog::SemanticModel model = Chinook();
  AnswerViewInput in{.question = "高价值客户有多少个",
                     .sql = R"(SELECT COUNT(*) AS "高价值客户数" FROM "Customer")",
                     .model = &model,
                     .reading = Json::parse(R"j({"mappings": [{"phrase": "高价值客户",
                         "kind": "filter", "target": "高价值客户 = SUM(Invoice.Total) > 40"}]})j"),
                     .chinese = true};
  AnswerView view = MakeAnswerView(Rows({{"高价值客户数", "INTEGER"}}, {{db::Value::Int(12)}}), in);
  EXPECT_EQ(WriteAnswer(view.result, view.chart, true), "高价值客户数：12。");
  // In English, whatever the case: "number of Gold members", not "... for gold".
  in.chinese = false;
  in.reading = Json::parse(R"({"mappings": [{"phrase": "gold", "kind": "value",
      "target": "Invoice.BillingCountry = Gold"}]})");
  view = MakeAnswerView(Rows({{"number of gold members", "INTEGER"}}, {{db::Value::Int(3)}}), in);
  EXPECT_EQ(WriteAnswer(view.result, view.chart, false), "number of gold members: 3.");
  // A code inside another word ("F" in "of") is not named by the label: it stays.
  in.reading = Json::parse(R"({"mappings": [{"phrase": "f", "kind": "value",
      "target": "Invoice.BillingCountry = F"}]})");
  const db::ResultSet count = Rows({{"number of customers", "INTEGER"}}, {{db::Value::Int(5)}});
  view = MakeAnswerView(count, in);
  EXPECT_EQ(WriteAnswer(view.result, view.chart, false), "number of customers for F: 5.");
  // A code the person named in words reads as their words.
  in.reading = Json::parse(R"({"mappings": [{"phrase": "female", "kind": "value",
      "target": "Invoice.BillingCountry = F"}]})");
  view = MakeAnswerView(count, in);
  EXPECT_EQ(WriteAnswer(view.result, view.chart, false), "number of customers for female: 5.");
}

TEST(AnswerViewTest, ADurationInMillisecondsAlsoReadsAsMinutesAndSeconds) {
  const catalog::SemanticModel model = Chinook();
  const db::ResultSet rows = Rows({{"平均时长", "REAL"}}, {{db::Value::Double(393599.2122)}});
  const AnswerView view = MakeAnswerView(
      rows, {.question = "曲目的平均时长",
             .sql = R"(SELECT AVG("Track"."Milliseconds") AS "平均时长" FROM "Track")",
             .model = &model,
             .chinese = true});
  EXPECT_EQ(WriteAnswer(view.result, view.chart, true), "平均时长 (ms)：393,599.21（6:34）。");
  EXPECT_EQ(MinutesSeconds(3725000), "1:02:05");
  EXPECT_EQ(MinutesSeconds(59499), "0:59");
}

TEST(AnswerViewTest, NoModelLeavesTheResultAsItIs) {
  const db::ResultSet rows = Rows({{"Name", "TEXT"}, {"Total", "REAL"}},
                                  {{db::Value::Text("Rock"), db::Value::Double(12.5)}});
  const AnswerView view = MakeAnswerView(
      rows, {.sql = "SELECT Name, SUM(Total) AS Total FROM x GROUP BY 1", .chinese = true});
  EXPECT_EQ(view.result.columns[1].name, "Total");
  EXPECT_EQ(view.result.rows[0][0].ToDisplayString(), "Rock");
}

// A chart is titled by the data, without the words that asked for it; the kind asked stays.
TEST(AnswerViewTest, TheChartTitleLeavesOutTheChartWords) {
  const db::ResultSet rows = Rows({{"region", "TEXT"}, {"amount", "REAL"}},
                                  {{db::Value::Text("East"), db::Value::Double(12.5)},
                                   {db::Value::Text("West"), db::Value::Double(7.5)}});
  AnswerView view =
      MakeAnswerView(rows, {.question = "各大区的订单金额，用饼图展示",
                            .sql = "SELECT region, SUM(x) AS amount FROM t GROUP BY 1",
                            .chinese = true});
  EXPECT_EQ(view.chart.title, "各大区的订单金额");
  EXPECT_EQ(view.chart.kind, analysis::ChartKind::kPie);
  view = MakeAnswerView(rows, {.question = "amount by region as a bar chart",
                               .sql = "SELECT region, SUM(x) AS amount FROM t GROUP BY 1"});
  EXPECT_EQ(view.chart.title, "amount by region");
  view = MakeAnswerView(rows, {.question = "amount by region",
                               .sql = "SELECT region, SUM(x) AS amount FROM t GROUP BY 1"});
  EXPECT_EQ(view.chart.title, "amount by region");
}

// A mostly empty Company column: its NULL reads "(空)" / "—" in the table and the prose.
TEST(AnswerViewTest, ANullAmongWordsReadsAsAnEmptyCell) {
  const db::ResultSet rows =
      Rows({{"Country", "TEXT"}, {"Company", "TEXT"}, {"n", "INTEGER"}},
           {{db::Value::Text("Norway"), db::Value::Null(), db::Value::Int(1)},
            {db::Value::Text("USA"), db::Value::Text("Microsoft"), db::Value::Null()}});
  AnswerViewInput in{.sql =
                         "SELECT Country, MAX(Company) AS Company, COUNT(*) AS n FROM Customer "
                         "GROUP BY Country",
                     .chinese = true};
  AnswerView view = MakeAnswerView(rows, in);
  EXPECT_EQ(view.result.rows[0][1].ToDisplayString(), "(空)");
  EXPECT_TRUE(view.result.rows[1][2].is_null());  // a number stays NULL
  in.chinese = false;
  view = MakeAnswerView(rows, in);
  EXPECT_EQ(view.result.rows[0][1].ToDisplayString(), "—");
  EXPECT_EQ(WriteAnswer(view.result, view.chart, false).find("NULL"), std::string::npos);
}

TEST(ReadingWordsTest, ChineseRunReadsTheMappingsInChinese) {
  nlq::Translation t;
  t.answered = true;
  t.confidence = 0.9;
  t.explanation = {{"2023", "time", "2023-01-01 .. 2024-01-01"},
                   {"销售额", "function", "SUM (default for a measure)"},
                   {"流派", "group", "Genre.Name"},
                   {"", "column", "time column Invoice.InvoiceDate"},
                   {"12", "time", "month 12 of every year"}};
  const std::string zh = RenderReading(t, true);
  EXPECT_NE(zh.find("“12” → 时间 每年12月"), std::string::npos) << zh;
  EXPECT_NE(zh.find("“2023” → 时间 2023年"), std::string::npos) << zh;
  EXPECT_NE(zh.find("“销售额” → 函数 SUM（度量默认求和）"), std::string::npos) << zh;
  EXPECT_NE(zh.find("“流派” → 分组 Genre.Name"), std::string::npos) << zh;
  EXPECT_NE(zh.find("列：时间列 Invoice.InvoiceDate"), std::string::npos) << zh;
  EXPECT_EQ(zh.find("default"), std::string::npos) << zh;
  EXPECT_EQ(RenderReading(t, false), nlq::RenderExplanation(t, false));
}

}  // namespace
}  // namespace askdb::agent
