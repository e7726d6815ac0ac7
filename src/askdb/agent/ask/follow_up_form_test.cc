#include "askdb/agent/ask/follow_up_form.h"

#include <gtest/gtest.h>

#include "askdb/agent/ask/answer_writer.h"

namespace askdb::agent {
namespace {

TEST(FollowUpFormTest, AFollowUpsFormNamesItsSubject) {
  EXPECT_EQ(FollowUpSubject("那上海呢"), "上海");
  EXPECT_EQ(FollowUpSubject(" 那么2024年呢？"), "2024年");
  EXPECT_EQ(FollowUpSubject("华东呢?"), "华东");
  EXPECT_EQ(FollowUpSubject("What about Shanghai?"), "Shanghai");
  EXPECT_EQ(FollowUpSubject("and for the year 2024"), "the year 2024");
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

// With no answered question before it, "那上海呢" is told it needs one, not "could not read 那".
TEST(FollowUpFormTest, AnAbstentionOnAFollowUpSaysWhatItLacks) {
  const std::string zh =
      WriteAbstention("那上海呢", "没有在数据库中找到问题所问的内容。未能理解的词：“那”。", true);
  EXPECT_EQ(zh.find("未能理解的词"), std::string::npos) << zh;
  EXPECT_NE(zh.find("“那上海呢”像是接着上一个问题的追问"), std::string::npos) << zh;
  EXPECT_NE(zh.find("写明要看上海的什么数据"), std::string::npos) << zh;
  const std::string en =
      WriteAbstention("what about Shanghai?", "words I could not place: what", false);
  EXPECT_NE(en.find("reads as a follow-up"), std::string::npos) << en;
  EXPECT_NE(en.find("naming what to show for Shanghai."), std::string::npos) << en;
}

}  // namespace
}  // namespace askdb::agent
