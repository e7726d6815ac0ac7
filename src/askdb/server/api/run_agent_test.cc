#include "askdb/server/api/run_agent.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace askdb::server::api {
namespace {

// The server's agents: default, hr and sales.
AgentExists Agents(std::set<std::string> ids = {"default", "hr", "sales"}) {
  return [ids](const std::string& agent) -> StatusOr<bool> { return ids.contains(agent); };
}

users::Principal Analyst(std::vector<std::string> agents) {
  users::Principal who;
  who.kind = users::Principal::Kind::kUser;
  who.name = "ann";
  who.role = users::Role::kAnalyst;
  who.agents = std::move(agents);
  return who;
}

TEST(RunAgentTest, AnUnnamedRunRunsTheDefaultAgentWhenTheCallerMayRunIt) {
  users::Principal admin;
  EXPECT_EQ(*UnnamedRunAgent(admin, "default", Agents(), "agent_id"), "default");
  EXPECT_EQ(*UnnamedRunAgent(Analyst({"sales", "default"}), "default", Agents(), "agent_id"),
            "default");
}

TEST(RunAgentTest, OneGrantedAgentRunsIt) {
  EXPECT_EQ(*UnnamedRunAgent(Analyst({"sales"}), "default", Agents(), "agent_id"), "sales");
}

// A grant outlives its agent: the first granted agent, deleted since, answered 404 although
// the analyst still had sales.
TEST(RunAgentTest, ADeletedGrantedAgentIsNotChosen) {
  const auto chosen =
      UnnamedRunAgent(Analyst({"hr", "sales"}), "default", Agents({"default", "sales"}), "agent");
  ASSERT_TRUE(chosen.ok()) << chosen.status().ToString();
  EXPECT_EQ(*chosen, "sales");
}

// Two agents: no silent choice by the order of the Users page; the caller is told to name one.
TEST(RunAgentTest, TwoGrantedAgentsMustBeNamed) {
  const auto chosen = UnnamedRunAgent(Analyst({"hr", "sales"}), "default", Agents(), "agent_id");
  ASSERT_EQ(chosen.status().code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(chosen.status().message(), "name agent_id: you may ask hr, sales");
  EXPECT_EQ(UnnamedRunAgent(Analyst({}), "default", Agents(), "agent_id").status().code(),
            StatusCode::kPermissionDenied);
}

// An agent the caller may not run answers exactly as one that does not exist.
TEST(RunAgentTest, AForbiddenAgentReadsAsAnUnknownOne) {
  const users::Principal ann = Analyst({"sales"});
  EXPECT_TRUE(CheckRunnableAgent(ann, "sales", Agents(), AgentListHint::kHttp).ok());
  const Status forbidden = CheckRunnableAgent(ann, "hr", Agents(), AgentListHint::kHttp);
  const Status unknown =
      CheckRunnableAgent(Analyst({"gamma"}), "gamma", Agents(), AgentListHint::kHttp);
  ASSERT_EQ(forbidden.code(), StatusCode::kNotFound);
  ASSERT_EQ(unknown.code(), StatusCode::kNotFound);
  EXPECT_EQ(forbidden.message(),
            "no agent 'hr' for this key: GET /api/v1/me names the agents "
            "you may ask");
  EXPECT_NE(
      CheckRunnableAgent(ann, "hr", Agents(), AgentListHint::kMcp).message().find("list_agents"),
      std::string::npos);
}

}  // namespace
}  // namespace askdb::server::api
