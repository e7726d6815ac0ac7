#include "askdb/agent/session/session.h"

#include <gtest/gtest.h>

namespace askdb::agent {
namespace {

Turn MakeTurn(int i) {
  std::string n = std::to_string(i);
  return Turn{"q" + n, "resolved " + n, "SELECT " + n, "answer " + n};
}

TEST(SessionTest, KeepsLastNTurns) {
  Session s;
  EXPECT_EQ(s.max_turns(), kDefaultMaxTurns);
  EXPECT_EQ(s.Last(), nullptr);
  for (int i = 0; i < 7; ++i) s.Add(MakeTurn(i));
  ASSERT_EQ(s.turns().size(), kDefaultMaxTurns);
  EXPECT_EQ(s.turns().front(), MakeTurn(2));
  EXPECT_EQ(*s.Last(), MakeTurn(6));
  Session one(0);
  one.Add(MakeTurn(1));
  one.Add(MakeTurn(2));
  ASSERT_EQ(one.turns().size(), 1u);
  EXPECT_EQ(*one.Last(), MakeTurn(2));
}

TEST(SessionTest, JsonRoundTrip) {
  Session s(3);
  for (int i = 0; i < 4; ++i) s.Add(MakeTurn(i));
  auto back = Session::FromJson(s.ToJson());
  ASSERT_TRUE(back.ok()) << back.status().ToString();
  EXPECT_EQ(back->max_turns(), 3u);
  EXPECT_EQ(back->turns(), s.turns());
}

TEST(SessionTest, FromJsonRejectsBadShapes) {
  EXPECT_FALSE(Session::FromJson(Json::array()).ok());
  EXPECT_FALSE(Session::FromJson(Json{{"turns", 3}}).ok());
  EXPECT_FALSE(Session::FromJson(Json{{"turns", Json::array({{{"question", 5}}})}}).ok());
  EXPECT_FALSE(Session::FromJson(Json{{"max_turns", "x"}}).ok());
}

TEST(SessionTest, ResolvesAgainstLastResolvedQuestion) {
  Session s;
  EXPECT_FALSE(s.Resolve("只看2024年", nullptr).is_follow_up);
  s.Add(Turn{"2025年各地区的销售额", "2025年各地区的销售额", "SELECT 1", "..."});
  FollowUp f = s.Resolve("只看2024年", nullptr);
  EXPECT_TRUE(f.is_follow_up) << f.explanation;
  EXPECT_EQ(f.resolved_question, "2024年各地区的销售额");
}

// A follow-up that ran no SQL (declined) between two follow-ups: the next one narrows the
// last answered question, not the unanswered text.
TEST(SessionTest, ResolvesAgainstTheLastAnsweredTurn) {
  Session s;
  EXPECT_EQ(s.LastAnswered(), nullptr);
  s.Add(Turn{"2025年各地区的销售额", "2025年各地区的销售额", "SELECT 1", "..."});
  s.Add(Turn{"那火星呢", "那火星呢", "", "not answered", /*follow_up=*/true});
  ASSERT_NE(s.LastAnswered(), nullptr);
  EXPECT_EQ(s.LastAnswered()->question, "2025年各地区的销售额");
  FollowUp f = s.Resolve("只看2024年", nullptr);
  EXPECT_TRUE(f.is_follow_up) << f.explanation;
  EXPECT_EQ(f.resolved_question, "2024年各地区的销售额");
}

// Review of ec7fe72: "各地区的销售额" answered, "各品类的订单数" (a new question) failed, and
// "那2023年呢" ran "2023年各地区的销售额": the chain skipped every turn without SQL. Only a
// declined follow-up is skipped; an unanswered new question, an analysis or a knowledge-base
// answer (no SQL, no follow-up) ends it, and the next question is new.
TEST(SessionTest, AnUnansweredNewQuestionEndsTheChain) {
  Session s;
  s.Add(Turn{"各地区的销售额", "各地区的销售额", "SELECT 1", "..."});
  s.Add(Turn{"各品类的订单数", "各品类的订单数", "", "not answered"});
  EXPECT_EQ(s.LastAnswered(), nullptr);
  EXPECT_FALSE(s.Resolve("那2023年呢", nullptr).is_follow_up);
  // An answered question after it starts a new chain.
  s.Add(Turn{"2024年各城市的销售额", "2024年各城市的销售额", "SELECT 2", "..."});
  ASSERT_NE(s.LastAnswered(), nullptr);
  EXPECT_EQ(s.LastAnswered()->sql, "SELECT 2");
  // A stored turn without "follow_up" is one when it was rewritten.
  Json json = s.ToJson();
  json["turns"][1].erase("follow_up");
  json["turns"][1]["resolved_question"] = "2024年各品类的订单数";
  json["turns"][2]["sql"] = "";
  json["turns"][2].erase("follow_up");
  StatusOr<Session> back = Session::FromJson(json);
  ASSERT_TRUE(back.ok()) << back.status().ToString();
  EXPECT_FALSE(back->turns()[2].follow_up);
  EXPECT_TRUE(back->turns()[1].follow_up);
  EXPECT_EQ(back->LastAnswered(), nullptr);
  json["turns"][2]["follow_up"] = true;
  back = Session::FromJson(json);
  ASSERT_TRUE(back.ok());
  ASSERT_NE(back->LastAnswered(), nullptr);
  EXPECT_EQ(back->LastAnswered()->question, "各地区的销售额");
}

}  // namespace
}  // namespace askdb::agent
