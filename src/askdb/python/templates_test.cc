// The vetted templates in the sandbox, each checked against figures computed here.
#include "askdb/python/templates.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "askdb/python/executor.h"

namespace askdb::python {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

StatusOr<Output> RunTemplate(std::string_view name, const db::ResultSet& rows,
                             Json params = Json::object()) {
  params["input"] = "data";
  Request r;
  r.code = std::string(*TemplateCode(name));
  r.inputs = {{"data", &rows}};
  r.params = std::move(params);
  return python::Run(r, ExecutorOptions{});
}

db::ResultSet Monthly(int months) {
  db::ResultSet rs;
  rs.columns = {{"month", "TEXT"}, {"amount", "REAL"}};
  for (int i = 0; i < months; ++i) {
    const int year = 2023 + i / 12, month = i % 12 + 1;
    char label[8];
    std::snprintf(label, sizeof label, "%04d-%02d", year, month);
    const double seasonal = 100.0 * (1 + 0.3 * std::sin(month));
    rs.rows.push_back({db::Value::Text(label), db::Value::Double(seasonal + 5.0 * i)});
  }
  return rs;
}

// Quantile with linear interpolation between order statistics (numpy's default).
double Quantile(std::vector<double> v, double q) {
  std::sort(v.begin(), v.end());
  const double pos = q * static_cast<double>(v.size() - 1);
  const size_t lo = static_cast<size_t>(std::floor(pos));
  const size_t hi = std::min(lo + 1, v.size() - 1);
  return v[lo] + (pos - static_cast<double>(lo)) * (v[hi] - v[lo]);
}

TEST(PythonTemplates, AllAreLinkedIn) {
  EXPECT_EQ(TemplateNames().size(), 6u);
  for (std::string_view name : TemplateNames()) EXPECT_TRUE(TemplateCode(name).has_value());
  EXPECT_FALSE(TemplateCode("nope").has_value());
}

TEST(PythonTemplates, SeasonalForecastMatchesAnIndependentComputation) {
  const db::ResultSet rows = Monthly(30);
  StatusOr<Output> out = RunTemplate("forecast", rows, {{"lang", "en"}});
  ASSERT_TRUE(out.ok()) << out.status().ToString();
  // Seasonal naive with drift: the same month a year earlier × (last 12 / previous 12).
  double last12 = 0, prev12 = 0;
  for (int i = 18; i < 30; ++i) last12 += *rows.rows[i][1].AsNumber();
  for (int i = 6; i < 18; ++i) prev12 += *rows.rows[i][1].AsNumber();
  double total = 0;
  for (int k = 0; k < 3; ++k) total += *rows.rows[30 + k - 12][1].AsNumber() * last12 / prev12;
  const Json& values = out->result["values"];
  EXPECT_NEAR(values["forecast_total"].get<double>(), total, 1e-6);
  EXPECT_TRUE(values["forecast"].contains("2025-07"));
  EXPECT_THAT(out->result["findings"][0]["text"].get<std::string>(), HasSubstr("2025-07"));
  EXPECT_EQ(out->result["charts"][0]["series"].size(), 2u);
}

TEST(PythonTemplates, OutliersMatchTukeysFences) {
  db::ResultSet rs;
  rs.columns = {{"store", "TEXT"}, {"sales", "REAL"}};
  const std::vector<double> v = {50, 52, 48, 51, 49, 53, 47, 120, 5, 50};
  for (size_t i = 0; i < v.size(); ++i) {
    rs.rows.push_back({db::Value::Text("S" + std::to_string(i)), db::Value::Double(v[i])});
  }
  StatusOr<Output> out = RunTemplate("outliers", rs, {{"lang", "zh"}});
  ASSERT_TRUE(out.ok()) << out.status().ToString();
  const double q1 = Quantile(v, 0.25), q3 = Quantile(v, 0.75);
  const double low = q1 - 1.5 * (q3 - q1), high = q3 + 1.5 * (q3 - q1);
  Json expected = Json::object();
  for (size_t i = 0; i < v.size(); ++i) {
    if (v[i] < low || v[i] > high) expected["S" + std::to_string(i)] = v[i];
  }
  EXPECT_EQ(expected.size(), 2u);
  const Json& got = out->result["values"]["outliers"];
  EXPECT_EQ(got.size(), expected.size()) << got.dump();
  for (const auto& [store, sales] : expected.items()) {
    EXPECT_EQ(got.value(store, Json()), sales) << got.dump();
  }
  EXPECT_NEAR(out->result["values"]["fences"][1].get<double>(), high, 1e-9);
  EXPECT_THAT(out->result["findings"][0]["text"].get<std::string>(), HasSubstr("S7"));
}

// Amounts are never negative, so a negative lower fence flags nothing: the finding states the
// upper bound alone instead of "normal range -6.50 – 13.50".
TEST(PythonTemplates, OutliersOfNonNegativeDataNameOnlyTheUpperBound) {
  db::ResultSet rs;
  rs.columns = {{"store", "TEXT"}, {"sales", "REAL"}};
  const std::vector<double> v = {1, 2, 3, 4, 5, 6, 2, 3, 1, 100};
  for (size_t i = 0; i < v.size(); ++i) {
    rs.rows.push_back({db::Value::Text("S" + std::to_string(i)), db::Value::Double(v[i])});
  }
  for (const char* lang : {"zh", "en"}) {
    StatusOr<Output> out = RunTemplate("outliers", rs, {{"lang", lang}});
    ASSERT_TRUE(out.ok()) << out.status().ToString();
    ASSERT_LT(out->result["values"]["fences"][0].get<double>(), 0.0);
    const std::string text = out->result["findings"][0]["text"].get<std::string>();
    EXPECT_THAT(text, HasSubstr("S9")) << text;
    EXPECT_THAT(text, Not(HasSubstr("-"))) << text;
    EXPECT_THAT(text, HasSubstr(std::string(lang) == "zh" ? "正常上限" : "normal upper bound"))
        << text;
  }
}

TEST(PythonTemplates, TrendParetoCorrelationAndPeriodOverPeriodRun) {
  const db::ResultSet monthly = Monthly(26);
  for (std::string_view name : {"trend", "period_over_period"}) {
    StatusOr<Output> out = RunTemplate(name, monthly);
    ASSERT_TRUE(out.ok()) << name << ": " << out.status().ToString();
    EXPECT_FALSE(out->result["findings"].empty()) << name;
  }
  db::ResultSet items;
  items.columns = {{"item", "TEXT"}, {"sales", "REAL"}, {"orders", "INTEGER"}};
  for (int i = 1; i <= 10; ++i) {
    items.rows.push_back({db::Value::Text("I" + std::to_string(i)),
                          db::Value::Double(1000.0 / (i * i)), db::Value::Int(200 / i)});
  }
  StatusOr<Output> pareto = RunTemplate("pareto", items);
  ASSERT_TRUE(pareto.ok()) << pareto.status().ToString();
  // 1000, 250, 111.1 ... : the first two items hold 80.8% of the total; A stops before 80%
  // is passed, so items 1-2 (starting below 80%) are A.
  EXPECT_EQ(pareto->result["values"]["classes"]["A"], 2);
  StatusOr<Output> corr = RunTemplate("correlation", items);
  ASSERT_TRUE(corr.ok()) << corr.status().ToString();
  EXPECT_GT(corr->result["values"]["strongest"]["r"].get<double>(), 0.9);
}

TEST(PythonTemplates, WrongShapeIsAClearError) {
  db::ResultSet rs;
  rs.columns = {{"name", "TEXT"}};
  rs.rows = {{db::Value::Text("a")}};
  StatusOr<Output> out = RunTemplate("forecast", rs);
  ASSERT_FALSE(out.ok());
  EXPECT_THAT(out.status().message(), HasSubstr("needs a time column and a numeric measure"));
}

}  // namespace
}  // namespace askdb::python
