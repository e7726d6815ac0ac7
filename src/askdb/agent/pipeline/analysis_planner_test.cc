// The deterministic analysis plan on real schemas: the demo database (with its semantic
// model) and Chinook (../shared/data, no semantic model). A report about sales keeps to the
// tables the money is in.
#include "askdb/agent/pipeline/analysis_planner.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <tuple>

#include "askdb/agent/ask/datasource.h"
#include "askdb/agent/plan/analysis_plan.h"
#include "askdb/db/connector_registry.h"
#include "askdb/demo/demo_database.h"

namespace askdb::agent::pipeline {
namespace {

namespace fs = std::filesystem;

class AnalysisPlannerTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new fs::path(fs::temp_directory_path() /
                        ("askdb_analysis_planner_" + std::to_string(::getpid())));
    fs::remove_all(*dir_);
    fs::create_directories(*dir_);
    ASSERT_TRUE(demo::CreateDemoDatabase(*dir_ / "retail.sqlite").ok());
    ASSERT_TRUE(demo::WriteDemoSemanticModel(*dir_ / "retail.semantic.json").ok());
    const fs::path chinook = fs::path(ASKDB_SHARED_DATA_DIR) / "chinook" / "chinook.sqlite";
    if (fs::exists(chinook)) fs::copy_file(chinook, *dir_ / "chinook.sqlite");
    for (const char* name : {"retail", "chinook"}) {
      const fs::path file = *dir_ / (std::string(name) + ".sqlite");
      if (!fs::exists(file)) continue;
      const std::string url = "sqlite:" + file.string();
      auto connector = db::OpenConnector(url);
      ASSERT_TRUE(connector.ok()) << connector.status().ToString();
      auto prepared = PrepareDatasource(std::move(connector).value(), url);
      ASSERT_TRUE(prepared.ok()) << prepared.status().ToString();
      (*datasources_)[name] = new PreparedDatasource(std::move(prepared).value());
    }
  }
  static void TearDownTestSuite() {
    for (auto& [name, ds] : *datasources_) delete ds;
    datasources_->clear();
    fs::remove_all(*dir_);
    delete dir_;
  }

  // The SQL of the plan's execute_sql steps for `question` on `db`.
  static std::vector<std::string> PlannedSql(const std::string& db, const std::string& question,
                                             bool chinese) {
    PlanningInput input;
    input.datasource = datasources_->at(db);
    input.question = question;
    input.chinese = chinese;
    input.python_steps = true;
    const PlannedAnalysis planned = DeterministicAnalysisPlan(input);
    std::vector<std::string> sql;
    for (const plan::PlanStep& step : planned.plan.steps) {
      if (step.tool == plan::kToolExecuteSql) sql.push_back(step.input);
    }
    return sql;
  }

  static fs::path* dir_;
  static std::map<std::string, PreparedDatasource*>* datasources_;
};

fs::path* AnalysisPlannerTest::dir_ = nullptr;
std::map<std::string, PreparedDatasource*>* AnalysisPlannerTest::datasources_ =
    new std::map<std::string, PreparedDatasource*>();

bool ReadsInvoices(const std::string& sql) {
  return sql.find("\"Invoice\"") != std::string::npos ||
         sql.find("\"InvoiceLine\"") != std::string::npos;
}

// On Chinook a sales report used to chart track lengths by genre and employees hired per
// year beside one invoice analysis.
TEST_F(AnalysisPlannerTest, ASalesReportOnChinookReadsOnlyTheInvoices) {
  if (!datasources_->contains("chinook")) GTEST_SKIP() << "no Chinook in ../shared/data";
  // Chinese questions over Chinook's English names: the engine answers fewer of them.
  for (const auto& [question, chinese, at_least] :
       {std::tuple<std::string, bool, size_t>{"做一份全面的销售分析报告", true, 1},
        {"write a comprehensive sales analysis report", false, 3}}) {
    const std::vector<std::string> sql = PlannedSql("chinook", question, chinese);
    ASSERT_GE(sql.size(), at_least) << question;
    for (const std::string& s : sql) EXPECT_TRUE(ReadsInvoices(s)) << question << ":\n" << s;
  }
  // A report that names no money keeps the other analyses.
  const std::vector<std::string> general =
      PlannedSql("chinook", "write a comprehensive analysis report", false);
  EXPECT_TRUE(std::any_of(general.begin(), general.end(),
                          [](const std::string& s) { return !ReadsInvoices(s); }));
}

TEST_F(AnalysisPlannerTest, ASalesReportOnTheDemoReadsTheOrders) {
  const std::vector<std::string> sql = PlannedSql("retail", "做一份全面的销售分析报告", true);
  ASSERT_GE(sql.size(), 4u);
  for (const std::string& s : sql) EXPECT_NE(s.find("\"orders\""), std::string::npos) << s;
}

}  // namespace
}  // namespace askdb::agent::pipeline
