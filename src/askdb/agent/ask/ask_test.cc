// Ask end to end over the generated demo database: each route, and that quick answers
// never open the database.
#include "askdb/agent/ask/ask.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "askdb/db/connector_registry.h"
#include "askdb/demo/demo_database.h"

namespace askdb::agent {
namespace {

namespace fs = std::filesystem;

class AskTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ =
        new fs::path(fs::temp_directory_path() / ("askdb_ask_test_" + std::to_string(::getpid())));
    fs::create_directories(*dir_);
    const fs::path db = *dir_ / "retail.sqlite";
    ASSERT_TRUE(demo::CreateDemoDatabase(db).ok());
    ASSERT_TRUE(demo::WriteDemoSemanticModel(*dir_ / "retail.semantic.json").ok());
    const std::string url = "sqlite:" + db.string();
    auto connector = db::OpenConnector(url);
    ASSERT_TRUE(connector.ok()) << connector.status().ToString();
    auto prepared = PrepareDatasource(std::move(connector).value(), url);
    ASSERT_TRUE(prepared.ok()) << prepared.status().ToString();
    ds_ = new PreparedDatasource(std::move(prepared).value());
  }
  static void TearDownTestSuite() {
    delete ds_;
    fs::remove_all(*dir_);
    delete dir_;
  }

  StatusOr<AskResult> AskDemo(std::string_view question) {
    opened_ = 0;
    return Ask(
        question,
        [this]() -> StatusOr<PreparedDatasource*> {
          ++opened_;
          return ds_;
        },
        AskOptions{});
  }

  static fs::path* dir_;
  static PreparedDatasource* ds_;
  int opened_ = 0;
};

fs::path* AskTest::dir_ = nullptr;
PreparedDatasource* AskTest::ds_ = nullptr;

TEST_F(AskTest, SemanticModelIsFoundBesideTheDatabase) {
  ASSERT_TRUE(ds_->model.has_value());
  EXPECT_EQ(ds_->model_path.filename(), "retail.semantic.json");
}

TEST_F(AskTest, QuickAnswersNeverOpenTheDatabase) {
  for (const char* q : {"你好", "3+4*2", "100公里等于多少英里"}) {
    StatusOr<AskResult> r = AskDemo(q);
    ASSERT_TRUE(r.ok()) << q;
    EXPECT_EQ(r->route, AnswerRoute::kQuickPath) << q;
    EXPECT_EQ(opened_, 0) << q;
    EXPECT_FALSE(r->answer.empty());
  }
  StatusOr<AskResult> r = AskDemo("3+4*2");
  EXPECT_NE(r->answer.find("11"), std::string::npos) << r->answer;
}

TEST_F(AskTest, DataQuestionIsAnsweredByTheEngineWithNoModel) {
  StatusOr<AskResult> r = AskDemo("2024年各地区的销售额");
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  ASSERT_EQ(r->route, AnswerRoute::kEngine) << r->answer;
  EXPECT_EQ(r->llm_calls, 0);
  ASSERT_TRUE(r->result.has_value());
  EXPECT_EQ(r->result->row_count(), 7u);  // seven regions
  EXPECT_TRUE(r->chinese);
  EXPECT_NE(r->answer.find("华东"), std::string::npos) << r->answer;
  // The same figure straight from SQL.
  auto check = ds_->connector->Execute(
      "SELECT ROUND(SUM(o.total_amount), 2) FROM orders o JOIN stores s USING (store_id) "
      "JOIN cities c USING (city_id) JOIN regions r USING (region_id) "
      "WHERE r.name_zh = '华东' AND o.order_date >= '2024-01-01' AND o.order_date < "
      "'2025-01-01'",
      {});
  ASSERT_TRUE(check.ok());
  const double expected = *check->rows[0][0].AsNumber();
  bool found = false;
  for (const auto& row : r->result->rows) {
    if (row[0].ToDisplayString() == "华东") {
      found = true;
      EXPECT_NEAR(*row[1].AsNumber(), expected, 0.01);
    }
  }
  EXPECT_TRUE(found);
}

TEST_F(AskTest, ConsultationSuggestsWithoutRunningSql) {
  StatusOr<AskResult> r = AskDemo("对本数据源提出一些分析建议");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->classification.type, RequestType::kConsultation);
  ASSERT_EQ(r->route, AnswerRoute::kConsultation);
  ASSERT_TRUE(r->consultation.has_value());
  EXPECT_LE(r->consultation->tool_calls, 1);
  EXPECT_EQ(r->consultation->sql_executed, 0);
  EXPECT_FALSE(r->consultation->suggestions.empty());
  EXPECT_FALSE(r->consultation->ExampleQuestions().empty());
  EXPECT_FALSE(r->result.has_value());
}

TEST_F(AskTest, MultiStepAnalysisSaysItNeedsTheModel) {
  StatusOr<AskResult> r = AskDemo("做一份全面的销售分析报告");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->classification.type, RequestType::kMultiStepAnalysis);
  EXPECT_EQ(r->route, AnswerRoute::kNotAnswered);
  EXPECT_NE(r->answer.find("LLM"), std::string::npos) << r->answer;
}

TEST_F(AskTest, HostileInputNeverRunsAWrite) {
  for (const char* q : {"'; DROP TABLE orders; --", "", "？？？", "订单 UNION SELECT 1; DELETE"}) {
    StatusOr<AskResult> r = AskDemo(q);
    ASSERT_TRUE(r.ok()) << q << ": " << r.status().ToString();
  }
  auto count = ds_->connector->Execute("SELECT COUNT(*) FROM orders", {});
  ASSERT_TRUE(count.ok());
  EXPECT_EQ(count->rows[0][0].int_value(), 60000);
}

}  // namespace
}  // namespace askdb::agent
