// The deterministic analysis plan on real schemas: the demo database (with its semantic
// model) and Chinook (../shared/data, no semantic model). A report about sales keeps to the
// tables the money is in.
#include "askdb/agent/pipeline/analysis_planner.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <tuple>

#include "askdb/agent/pipeline/analysis_steps.h"
#include "askdb/agent/pipeline/change_drivers_plan.h"
#include "askdb/agent/pipeline/partial_period_note.h"
#include "askdb/agent/pipeline/python_question.h"
#include "askdb/agent/pipeline/test_datasources.h"
#include "askdb/agent/plan/analysis_plan.h"

namespace askdb::agent::pipeline {
namespace {

class AnalysisPlannerTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    data_ = new testdata::PreparedTestDatasources("analysis_planner");
  }
  static void TearDownTestSuite() {
    delete data_;
    data_ = nullptr;
  }

  // The SQL of the plan's execute_sql steps for `question` on `db`.
  static std::vector<std::string> PlannedSql(const std::string& db, const std::string& question,
                                             bool chinese) {
    PlanningInput input;
    input.datasource = data_->Find(db);
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

  static testdata::PreparedTestDatasources* data_;
};

testdata::PreparedTestDatasources* AnalysisPlannerTest::data_ = nullptr;

bool ReadsInvoices(const std::string& sql) {
  return sql.find("\"Invoice\"") != std::string::npos ||
         sql.find("\"InvoiceLine\"") != std::string::npos;
}

// On Chinook a sales report used to chart track lengths by genre and employees hired per
// year beside one invoice analysis.
TEST_F(AnalysisPlannerTest, ASalesReportOnChinookReadsOnlyTheInvoices) {
  if (data_->Find("chinook") == nullptr) GTEST_SKIP() << "no Chinook in ../shared/data";
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

// Chinook's invoices end on 2025-12-22: the per-month series behind a forecast takes December
// 2025 as a whole month, so the plan says where the data stops. The demo's ends on 2025-12-31.
TEST_F(AnalysisPlannerTest, ALastMonthTheDataMayCoverInPartIsSaidInThePlanNotes) {
  auto notes = [](const std::string& db, const std::string& question, bool chinese) {
    const PreparedDatasource* ds = data_->Find(db);
    PlanningInput input;
    input.datasource = ds;
    input.question = question;
    input.chinese = chinese;
    input.python_steps = true;
    const std::optional<PythonQuestion> q = DetectPythonQuestion(
        question, chinese, *ds->index, ds->connector->dialect(), input.translate);
    EXPECT_TRUE(q.has_value()) << question;
    return q ? PythonQuestionPlan(input, *q).notes : std::vector<std::string>{};
  };
  auto says = [](const std::vector<std::string>& n, const std::string& words) {
    return std::any_of(n.begin(), n.end(),
                       [&](const std::string& x) { return x.find(words) != std::string::npos; });
  };
  if (data_->Find("chinook") != nullptr) {
    const std::vector<std::string> chinook =
        notes("chinook", "forecast the number of invoices", false);
    EXPECT_TRUE(says(chinook, "(2025-12) runs only to 2025-12-22"))
        << ::testing::PrintToString(chinook);
  }
  const std::vector<std::string> demo = notes("retail", "预测未来三个月的销售额", true);
  EXPECT_FALSE(says(demo, "只到")) << ::testing::PrintToString(demo);
}

// A per-year series says "year", not "month": Chinook's 2025 ends on 2025-12-22. A series
// over a period of its own, or by a dimension, has no such note.
TEST_F(AnalysisPlannerTest, ThePartialPeriodNoteNamesTheSeriesPeriod) {
  const PreparedDatasource* ds = data_->Find("chinook");
  if (ds == nullptr) GTEST_SKIP() << "no Chinook in ../shared/data";
  auto note = [ds](const std::string& question, bool chinese) {
    const nlq::Translation t =
        nlq::Engine::Translate(question, *ds->index, ds->connector->dialect(), {});
    EXPECT_TRUE(t.answered) << question;
    return PartialLastPeriodNote(t, *ds->index, ds->connector->dialect(), chinese);
  };
  const std::string yearly = note("number of invoices per year", false);
  EXPECT_NE(yearly.find("last year (2025) runs only to 2025-12-22"), std::string::npos) << yearly;
  EXPECT_EQ(yearly.find("month"), std::string::npos) << yearly;
  EXPECT_NE(note("number of invoices per month", false).find("last month (2025-12)"),
            std::string::npos);
  EXPECT_NE(note("number of invoices per quarter", false).find("last quarter (2025-Q4)"),
            std::string::npos);
  EXPECT_EQ(note("number of invoices per country", false), "");
  EXPECT_EQ(note("number of invoices per month in 2024", false), "");
}

// A re-plan that leaves out the rejected forecast query leaves out its caveat too; the
// planned query carries it, so that it goes when the query does not run.
TEST_F(AnalysisPlannerTest, TheCaveatGoesWithItsStep) {
  const PreparedDatasource* ds = data_->Find("chinook");
  if (ds == nullptr) GTEST_SKIP() << "no Chinook in ../shared/data";
  PlanningInput input;
  input.datasource = ds;
  input.question = "forecast the number of invoices";
  input.python_steps = true;
  const std::optional<PythonQuestion> q = DetectPythonQuestion(
      input.question, false, *ds->index, ds->connector->dialect(), input.translate);
  ASSERT_TRUE(q.has_value());
  const PlannedAnalysis first = PythonQuestionPlan(input, *q);
  const auto partial = std::find_if(first.notes.begin(), first.notes.end(), [](const auto& n) {
    return n.find("runs only to 2025-12-22") != std::string::npos;
  });
  ASSERT_NE(partial, first.notes.end()) << ::testing::PrintToString(first.notes);
  const auto carrier = std::find_if(first.plan.steps.begin(), first.plan.steps.end(),
                                    [&](const plan::PlanStep& s) { return s.caveat == *partial; });
  ASSERT_NE(carrier, first.plan.steps.end());
  EXPECT_EQ(carrier->tool, plan::kToolExecuteSql);
  // English purposes start with a capital, as the other steps' titles do.
  for (const plan::PlanStep& step : first.plan.steps) {
    EXPECT_FALSE(step.purpose.empty() || (step.purpose[0] >= 'a' && step.purpose[0] <= 'z'))
        << step.purpose;
  }

  input.rejected_plans = {plan::AnalysisPlanToJson(first.plan)};
  input.feedback = {"not this"};
  const PlannedAnalysis again = PythonQuestionPlan(input, *q);
  for (const plan::PlanStep& step : again.plan.steps) EXPECT_NE(step.input, carrier->input);
  EXPECT_EQ(std::find(again.notes.begin(), again.notes.end(), *partial), again.notes.end())
      << ::testing::PrintToString(again.notes);
}

// A step that failed (or was skipped) voids its caveat; one that ran keeps its own.
TEST_F(AnalysisPlannerTest, AFailedStepVoidsItsCaveat) {
  const PreparedDatasource* ds = data_->Find("retail");
  ASSERT_NE(ds, nullptr);
  plan::AnalysisPlan p;
  p.request_type = RequestType::kMultiStepAnalysis;
  p.schema_level = "detailed";
  p.is_multi_step = true;
  auto sql_step = [](int n, std::string sql, std::string caveat) {
    plan::PlanStep s;
    s.step_num = n;
    s.tool = std::string(plan::kToolExecuteSql);
    s.purpose = "step " + std::to_string(n);
    s.input = std::move(sql);
    s.caveat = std::move(caveat);
    return s;
  };
  p.steps = {sql_step(1, "SELECT COUNT(*) AS n FROM no_such_table", "lost"),
             sql_step(2, "SELECT COUNT(*) AS n FROM orders", "held")};
  AnalysisRunInput input;
  // RunAnalysis runs read-only statements on the shared test datasource.
  input.datasource = const_cast<PreparedDatasource*>(ds);
  input.question = "two counts";
  const StatusOr<AnalysisRun> run = RunAnalysis(input, p);
  ASSERT_TRUE(run.ok()) << run.status().ToString();
  ASSERT_EQ(run->steps.size(), 2u);
  EXPECT_FALSE(run->steps[0].success);
  EXPECT_TRUE(run->steps[1].success);
  EXPECT_EQ(run->void_caveats, std::vector<std::string>{"lost"});
}

// "why did sales drop in March 2025?" got the general report (trend, shares, a forecast),
// which never looks at March. Now: March against February, overall and per dimension.
TEST_F(AnalysisPlannerTest, AChangeInOnePeriodIsComparedWithThePeriodBefore) {
  for (const auto& [question, chinese] :
       {std::pair<std::string, bool>{"分析一下2025年3月销售额下降的原因", true},
        {"why did sales drop in March 2025?", false}}) {
    const std::vector<std::string> sql = PlannedSql("retail", question, chinese);
    ASSERT_GE(sql.size(), 2u) << question;
    for (const std::string& s : sql) {
      EXPECT_NE(s.find("WITH \"now\""), std::string::npos) << question << ": " << s;
      EXPECT_NE(s.find("'2025-03-01'"), std::string::npos) << s;
      EXPECT_NE(s.find("'2025-02-01'"), std::string::npos) << s;
    }
    EXPECT_NE(sql[1].find("GROUP BY"), std::string::npos) << sql[1];  // per dimension
    // The largest fall first.
    EXPECT_NE(sql[1].find(" ASC"), std::string::npos) << sql[1];
  }
  // A year is compared with the year before.
  const std::vector<std::string> year = PlannedSql("retail", "2025年销售额为什么增长了", true);
  ASSERT_FALSE(year.empty());
  EXPECT_NE(year[0].find("'2024-01-01'"), std::string::npos) << year[0];
  // No period: the general report.
  EXPECT_EQ(PlannedSql("retail", "分析一下销售额下降的原因", true)[0].find("WITH \"now\""),
            std::string::npos);
}

TEST(ChangeDriversTest, TheDirectionSaidOrdersTheDimensions) {
  EXPECT_EQ(SaidDirection("分析一下2025年3月销售额下降的原因"), -1);
  EXPECT_EQ(SaidDirection("为什么2025年销售额增长了"), 1);
  EXPECT_EQ(SaidDirection("why did revenue decline in Q2?"), -1);
  EXPECT_EQ(SaidDirection("what drove the growth in 2024"), 1);
  EXPECT_EQ(SaidDirection("销售额涨跌的原因"), 0);  // both ways
  EXPECT_EQ(SaidDirection("why did sales change in March"), 0);
}

TEST(ChangeDriversTest, AChangeWordAndACauseWordAskWhyAChange) {
  EXPECT_TRUE(AsksWhyAChange("分析一下2025年3月销售额下降的原因"));
  EXPECT_TRUE(AsksWhyAChange("为什么上个月订单减少了"));
  EXPECT_TRUE(AsksWhyAChange("Why did revenue decline in Q2?"));
  EXPECT_TRUE(AsksWhyAChange("what caused the spike in returns"));
  EXPECT_FALSE(AsksWhyAChange("销售额增长最快的城市"));  // no cause asked
  EXPECT_FALSE(AsksWhyAChange("为什么要看这个报表"));    // no change
  EXPECT_FALSE(AsksWhyAChange("revenue growth by region in 2025"));
  EXPECT_FALSE(AsksWhyAChange("why is the sky blue"));
}

}  // namespace
}  // namespace askdb::agent::pipeline
