#include "askdb/agent/ask/follow_up_form.h"

#include <gtest/gtest.h>

#include "askdb/agent/ask/answer_writer.h"

namespace askdb::agent {
namespace {

TEST(FollowUpFormTest, AFollowUpsFormNamesItsSubject) {
  EXPECT_EQ(FollowUpSubject("那上海呢"), "上海");
  EXPECT_EQ(FollowUpSubject(" 那么2024年呢？"), "2024年");
  EXPECT_EQ(FollowUpSubject("那天津呢"), "天津");
  EXPECT_EQ(FollowUpSubject("What about Shanghai?"), "Shanghai");
  EXPECT_EQ(FollowUpSubject("and for the year 2024"), "the year 2024");
  EXPECT_EQ(FollowUpSubject("and by category?"), "by category");
}

TEST(FollowUpFormTest, AWholeQuestionIsNotAFollowUp) {
  EXPECT_EQ(FollowUpSubject("2024年各地区的销售额"), std::nullopt);
  EXPECT_EQ(FollowUpSubject("呢"), std::nullopt);
  EXPECT_EQ(FollowUpSubject("那呢"), std::nullopt);
  EXPECT_EQ(FollowUpSubject("为什么2024年华东地区的销售额比上一年低这么多呢"), std::nullopt);
  EXPECT_EQ(FollowUpSubject("what about the revenue of every store in each of the regions"),
            std::nullopt);
  EXPECT_EQ(FollowUpSubject("revenue by country"), std::nullopt);
}

// A short question ending in 呢 is no follow-up without the 那/那么 lead, nor with a question
// of its own after it; 那些/那个/那里 are words, not the lead.
TEST(FollowUpFormTest, AQuestionEndingInNeIsNotAFollowUpByItself) {
  EXPECT_EQ(FollowUpSubject("每个员工的工资是多少呢"), std::nullopt);
  EXPECT_EQ(FollowUpSubject("退货率是多少呢"), std::nullopt);
  EXPECT_EQ(FollowUpSubject("利润率呢"), std::nullopt);
  EXPECT_EQ(FollowUpSubject("华东呢?"), std::nullopt);
  EXPECT_EQ(FollowUpSubject("那利润率是多少呢"), std::nullopt);
  EXPECT_EQ(FollowUpSubject("那哪个地区最高呢"), std::nullopt);
  EXPECT_EQ(FollowUpSubject("那些员工的工资呢"), std::nullopt);
  EXPECT_EQ(FollowUpSubject("那个产品的销量呢"), std::nullopt);
  EXPECT_EQ(FollowUpSubject("那里的订单呢"), std::nullopt);
  EXPECT_EQ(FollowUpSubject("那边呢"), std::nullopt);
  EXPECT_EQ(FollowUpSubject("and salary per employee?"), std::nullopt);
  EXPECT_EQ(FollowUpSubject("and Shanghai"), std::nullopt);
  EXPECT_EQ(FollowUpSubject("what about which region sold most?"), std::nullopt);
}

// With no answered question before it, "那上海呢" is told it has nothing to continue, and the
// engine's own reason follows the note.
TEST(FollowUpFormTest, AnAbstentionOnAFollowUpSaysWhatItLacks) {
  const std::string zh =
      WriteAbstention("那上海呢", "没有在数据库中找到问题所问的内容。未能理解的词：“那”。", true);
  EXPECT_EQ(zh.rfind("“那上海呢”像是接着上一个问题的追问，但这段对话里还没有已回答的问题", 0), 0u)
      << zh;
  EXPECT_NE(zh.find("写明要看上海的什么数据。\n没有在数据库中找到问题所问的内容。未能理解的词"),
            std::string::npos)
      << zh;
  const std::string en =
      WriteAbstention("what about Shanghai?", "words I could not place: what", false);
  EXPECT_NE(en.find("has no answered question before it"), std::string::npos) << en;
  EXPECT_NE(en.find("naming what to show for Shanghai.\nwords I could not place: what"),
            std::string::npos)
      << en;
}

// In a conversation with answered questions, the note names the one the follow-up could not
// be applied to instead of saying there is none.
TEST(FollowUpFormTest, AnAbstentionOnAFollowUpNamesThePreviousQuestion) {
  const AbstentionContext context{.previous_question = "2023年上海的订单金额"};
  const std::string zh =
      WriteAbstention("那华东呢", "未能理解的词：“华东”。", true, false, {}, context);
  EXPECT_EQ(zh.find("没有已回答的问题"), std::string::npos) << zh;
  EXPECT_NE(zh.find("但没能套用到上一个已回答的问题“2023年上海的订单金额”上"), std::string::npos)
      << zh;
  EXPECT_NE(zh.find("未能理解的词：“华东”"), std::string::npos) << zh;
  const std::string en = WriteAbstention("what about Asia?", "words I could not place: asia", false,
                                         false, {}, {.previous_question = "revenue 2024"});
  EXPECT_NE(en.find("could not be applied to the last answered question \"revenue 2024\""),
            std::string::npos)
      << en;
}

// A question ending in 呢 that is no follow-up keeps the engine's reason alone.
TEST(FollowUpFormTest, AnAbstentionOnAWholeQuestionKeepsTheReason) {
  const std::string zh =
      WriteAbstention("每个员工的工资是多少呢", "无法按“员工”分组。未能理解的词：“工资”。", true);
  EXPECT_EQ(zh.rfind("无法按“员工”分组。未能理解的词：“工资”。", 0), 0u) << zh;
  EXPECT_EQ(zh.find("追问"), std::string::npos) << zh;
}

}  // namespace
}  // namespace askdb::agent
