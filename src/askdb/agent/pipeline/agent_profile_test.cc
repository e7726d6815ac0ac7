#include "askdb/agent/pipeline/agent_profile.h"

#include <gtest/gtest.h>

namespace askdb::agent::pipeline {
namespace {

TEST(AgentProfileTest, ParsesEveryFieldAndRoundTrips) {
  const Json j = Json::parse(R"({"name": "sales", "instructions": "Be brief.",
      "selected_tables": ["orders"], "language": "zh", "plan_review": true, "fast_mode": true,
      "examples": [{"question": "每月销售额", "sql": "SELECT 1"}]})");
  StatusOr<AgentProfile> p = AgentProfileFromJson(j);
  ASSERT_TRUE(p.ok()) << p.status().ToString();
  EXPECT_EQ(p->name, "sales");
  EXPECT_EQ(p->selected_tables, std::vector<std::string>{"orders"});
  EXPECT_EQ(p->plan_review, std::optional<bool>(true));
  EXPECT_TRUE(p->fast_mode);
  ASSERT_EQ(p->examples.size(), 1u);
  EXPECT_EQ(p->examples[0].sql, "SELECT 1");
  StatusOr<AgentProfile> again = AgentProfileFromJson(AgentProfileToJson(*p));
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(*again, *p);
}

TEST(AgentProfileTest, EmptyObjectIsTheDefaultAgent) {
  StatusOr<AgentProfile> p = AgentProfileFromJson(Json::object());
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(*p, AgentProfile{});
  EXPECT_FALSE(p->plan_review.has_value());
}

TEST(AgentProfileTest, ErrorsNameTheField) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {R"([])", "(top level)"},
      {R"({"language": "fr"})", "language"},
      {R"({"selected_tables": "orders"})", "selected_tables"},
      {R"({"selected_tables": ["a", 3]})", "selected_tables[1]"},
      {R"({"plan_review": "yes"})", "plan_review"},
      {R"({"examples": [{"question": "q", "sql": ""}]})", "examples[0].sql"},
      {R"({"examples": [{"sql": "SELECT 1"}]})", "examples[0].question"},
      {R"({"name": 7})", "name"},
  };
  for (const auto& [text, field] : cases) {
    StatusOr<AgentProfile> p = AgentProfileFromJson(Json::parse(text));
    ASSERT_FALSE(p.ok()) << text;
    EXPECT_EQ(p.status().code(), StatusCode::kInvalidArgument) << text;
    EXPECT_NE(p.status().message().find(field), std::string::npos)
        << text << " → " << p.status().message();
  }
}

TEST(AgentProfileTest, MissingFileSaysWhich) {
  StatusOr<AgentProfile> p = LoadAgentProfile("/nonexistent/askdb-agent.json");
  ASSERT_FALSE(p.ok());
  EXPECT_NE(p.status().message().find("askdb-agent.json"), std::string::npos)
      << p.status().message();
}

}  // namespace
}  // namespace askdb::agent::pipeline
