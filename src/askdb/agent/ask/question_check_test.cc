#include "askdb/agent/ask/question_check.h"

#include <gtest/gtest.h>

#include <string>

namespace askdb::agent {
namespace {

TEST(QuestionCheckTest, OrdinaryQuestionsPass) {
  EXPECT_TRUE(CheckQuestion("revenue by country").ok());
  EXPECT_TRUE(CheckQuestion("2024年各地区的销售额").ok());
  EXPECT_TRUE(CheckQuestion(std::string(kMaxQuestionChars, 'a')).ok());
}

// The limit counts characters as a person does: 4,000 Chinese characters (12,000 bytes) pass,
// one more is refused with both figures named.
TEST(QuestionCheckTest, TheLimitCountsCharactersNotBytes) {
  std::string chinese;
  for (size_t i = 0; i < kMaxQuestionChars; ++i) chinese += "销";
  EXPECT_EQ(QuestionChars(chinese), kMaxQuestionChars);
  EXPECT_TRUE(CheckQuestion(chinese).ok());
  const Status one_more = CheckQuestion(chinese + "额");
  EXPECT_EQ(one_more.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(one_more.message().find("too long (4001 characters; at most 4000)"), std::string::npos)
      << one_more.message();
}

TEST(QuestionCheckTest, BlankLongAndNonUtf8QuestionsSayWhatToDo) {
  for (const char* blank : {"", "   ", "\t\n "}) {
    const Status s = CheckQuestion(blank);
    EXPECT_EQ(s.code(), StatusCode::kInvalidArgument);
    EXPECT_NE(s.message().find("the question is empty"), std::string::npos) << s.message();
  }
  const Status long_one = CheckQuestion(std::string(10 * 1024 * 1024, 'a'));
  EXPECT_EQ(long_one.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(long_one.message().find("too long (10485760 characters; at most 4000)"),
            std::string::npos)
      << long_one.message();
  const Status binary = CheckQuestion("sales \xff\xfe by region");
  EXPECT_EQ(binary.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(binary.message().find("UTF-8"), std::string::npos);
}

}  // namespace
}  // namespace askdb::agent
