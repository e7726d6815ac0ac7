// Recognition of standalone Python questions (python_question.h) on real schemas: the demo
// database and Chinook (../shared/data). Two sets of labelled phrasings in
// data/python/question_sets/: dev.jsonl (hand-written, tuned on) and report.jsonl (written
// blind before the recogniser was tuned, never tuned on). Precision first: a question routed
// to the wrong template, or routed when it is not one, is worse than an abstention.
#include "askdb/agent/pipeline/python_question.h"

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <filesystem>
#include <fstream>
#include <map>

#include "askdb/agent/pipeline/test_datasources.h"
#include "askdb/common/json.h"
#include "askdb/db/connector_registry.h"
#include "askdb/nlq/engine.h"
#include "askdb/testing/scratch_dir.h"

namespace askdb::agent::pipeline {
namespace {

namespace fs = std::filesystem;

class PythonQuestionTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { data_ = new testdata::PreparedTestDatasources("python_question"); }
  static void TearDownTestSuite() {
    delete data_;
    data_ = nullptr;
  }

  static std::optional<PythonQuestion> Detect(const std::string& question, const std::string& db) {
    const PreparedDatasource& ds = *data_->Find(db);
    const bool chinese = question.find_first_of("\xe4\xe5\xe6\xe7\xe8\xe9") != std::string::npos;
    return DetectPythonQuestion(question, chinese, *ds.index, ds.connector->dialect(), {});
  }

  struct Figures {
    int positives = 0, routed = 0, right = 0;
    double precision() const { return routed ? static_cast<double>(right) / routed : 1.0; }
    double recall() const { return positives ? static_cast<double>(right) / positives : 1.0; }
  };

  // Runs a set; prints every item that is not right.
  static Figures Measure(const std::string& file) {
    std::ifstream in(fs::path(ASKDB_SOURCE_DIR) / "data/python/question_sets" / file);
    EXPECT_TRUE(in.good()) << file;
    Figures f;
    std::map<std::string, std::pair<int, int>> per_kind;  // kind → right, positives
    for (std::string line; std::getline(in, line);) {
      if (line.empty()) continue;
      const Json item = Json::parse(line);
      const std::string text = item.at("text"), kind = item.at("kind"), db = item.at("db");
      const std::optional<PythonQuestion> got = Detect(text, db);
      const std::string routed = got ? got->template_name : "none";
      if (kind != "none") ++f.positives, ++per_kind[kind].second;
      if (got) ++f.routed;
      if (got && routed == kind) ++f.right, ++per_kind[kind].first;
      if (routed != kind) {
        std::cout << "  [" << file << "] " << text << " (" << db << "): expected " << kind
                  << ", got " << routed << (got ? " via \"" + got->data_question + "\"" : "")
                  << "\n";
      }
    }
    std::cout << file << ": " << f.positives << " positives, routed " << f.routed << ", right "
              << f.right << ", precision " << f.precision() << ", recall " << f.recall() << "\n";
    for (const auto& [kind, rp] : per_kind) {
      std::cout << "  " << kind << ": " << rp.first << "/" << rp.second << "\n";
    }
    return f;
  }

  static testdata::PreparedTestDatasources* data_;
};

testdata::PreparedTestDatasources* PythonQuestionTest::data_ = nullptr;

TEST_F(PythonQuestionTest, GroundsTheMeasureAndEntityOnTheSchema) {
  std::optional<PythonQuestion> q = Detect("预测下个季度的销售额", "retail");
  ASSERT_TRUE(q.has_value());
  EXPECT_EQ(q->template_name, "forecast");
  EXPECT_EQ(q->data_question, "每月的销售额");
  q = Detect("哪些门店的销售额异常", "retail");
  ASSERT_TRUE(q.has_value());
  EXPECT_EQ(q->template_name, "outliers");
  EXPECT_EQ(q->data_question, "各门店的销售额");
  q = Detect("correlation between revenue and discount amount", "retail");
  ASSERT_TRUE(q.has_value());
  EXPECT_EQ(q->template_name, "correlation");
  EXPECT_EQ(q->measure, "revenue");
  EXPECT_EQ(q->measure2, "discount amount");
  q = Detect("ABC classification of stores by revenue", "retail");
  ASSERT_TRUE(q.has_value());
  EXPECT_EQ(q->template_name, "pareto");
  EXPECT_EQ(q->entity, "stores");
  // 8,000 customers do not fit in one result (the engine's 1,000-row list cap).
  EXPECT_FALSE(Detect("ABC classification of customers by revenue", "retail").has_value());
}

TEST_F(PythonQuestionTest, AbstainsWhenSomethingCannotBeGrounded) {
  for (const char* q : {"预测下个季度的天气",        // no measure
                        "哪些星球的销售额异常",      // no entity
                        "北京各门店的销售额异常吗",  // a filter the data question would drop
                        "2024年销售额的增长趋势",    // a period it would drop
                        "各门店的销售额趋势",        // one series per store
                        "销售额的相关性",            // one measure to correlate
                        "什么是帕累托分析", "各门店的销售额"}) {
    EXPECT_FALSE(Detect(q, "retail").has_value()) << q;
  }
  EXPECT_EQ(PythonQuestionCue("预测下个季度的天气"), "forecast");
  EXPECT_EQ(PythonQuestionCue("各门店的销售额"), "");
}

// A trading company's schema with no semantic model (Northwind's shape): no money column,
// the revenue words name the inferred business measure SUM(UnitPrice * Quantity * (1 -
// Discount)) over the order lines, which the engine maps as a measure, not a function.
TEST(PythonQuestionOnLinesTest, AForecastOfAnInferredRevenueMeasure) {
  scratch::ScratchDir dir("askdb_python_question_");
  const fs::path file = dir / "trading.sqlite";
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(file.c_str(), &db), SQLITE_OK);
  std::string sql =
      "CREATE TABLE Orders (OrderID INTEGER PRIMARY KEY, CustomerID TEXT, OrderDate TEXT);"
      "CREATE TABLE \"Order Details\" (OrderID INTEGER REFERENCES Orders(OrderID), ProductID "
      "INTEGER, UnitPrice REAL, Quantity INTEGER, Discount REAL, PRIMARY KEY (OrderID, "
      "ProductID));BEGIN;";
  for (int i = 1; i <= 240; ++i) {
    const std::string date =
        std::to_string(2022 + (i - 1) / 120) + "-" + (((i - 1) / 10) % 12 < 9 ? "0" : "") +
        std::to_string(((i - 1) / 10) % 12 + 1) + "-" + std::to_string(10 + i % 10);
    sql += "INSERT INTO Orders VALUES (" + std::to_string(i) + ", 'C" + std::to_string(i % 7) +
           "', '" + date + "');INSERT INTO \"Order Details\" VALUES (" + std::to_string(i) + ", " +
           std::to_string(i % 5) + ", " + std::to_string(10 + i % 9) + ", " +
           std::to_string(1 + i % 4) + ", 0.05);";
  }
  sql += "COMMIT;";
  char* error = nullptr;
  const int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &error);
  const std::string message = error ? error : "";
  sqlite3_free(error);
  sqlite3_close(db);
  ASSERT_EQ(rc, SQLITE_OK) << message;
  const std::string url = "sqlite:" + file.string();
  auto connector = db::OpenConnector(url);
  ASSERT_TRUE(connector.ok()) << connector.status().ToString();
  auto ds = PrepareDatasource(std::move(connector).value(), url);
  ASSERT_TRUE(ds.ok()) << ds.status().ToString();
  for (const auto& [question, chinese, data_question] :
       {std::tuple{"forecast revenue", false, "revenue per month"},
        std::tuple{"预测销售额", true, "每月的销售额"}}) {
    std::optional<PythonQuestion> q =
        DetectPythonQuestion(question, chinese, *ds->index, ds->connector->dialect(), {});
    ASSERT_TRUE(q.has_value()) << question;
    EXPECT_EQ(q->template_name, "forecast");
    EXPECT_EQ(q->data_question, data_question);
  }
}

// The development set: tuned on, so it must stay fully precise.
TEST_F(PythonQuestionTest, DevelopmentSet) {
  const Figures f = Measure("dev.jsonl");
  EXPECT_EQ(f.precision(), 1.0);
  EXPECT_GE(f.recall(), 0.8);
}

// The report set: never tuned on; its figures go into docs/python.md. The floor only
// guards against a regression below what was measured blind.
TEST_F(PythonQuestionTest, ReportSet) {
  const Figures f = Measure("report.jsonl");
  EXPECT_GE(f.precision(), 0.9);
}

}  // namespace
}  // namespace askdb::agent::pipeline
