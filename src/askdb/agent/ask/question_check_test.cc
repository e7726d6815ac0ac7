#include "askdb/agent/ask/question_check.h"

#include <gtest/gtest.h>

#include <string>

namespace askdb::agent {
namespace {

TEST(QuestionCheckTest, OrdinaryQuestionsPass) {
  EXPECT_TRUE(CheckQuestion("revenue by country").ok());
  EXPECT_TRUE(CheckQuestion("2024年各地区的销售额").ok());
  EXPECT_TRUE(CheckQuestion(std::string(kMaxQuestionBytes, 'a')).ok());
}

TEST(QuestionCheckTest, BlankLongAndNonUtf8QuestionsSayWhatToDo) {
  for (const char* blank : {"", "   ", "\t\n "}) {
    const Status s = CheckQuestion(blank);
    EXPECT_EQ(s.code(), StatusCode::kInvalidArgument);
    EXPECT_NE(s.message().find("the question is empty"), std::string::npos) << s.message();
  }
  const Status long_one = CheckQuestion(std::string(10 * 1024 * 1024, 'a'));
  EXPECT_EQ(long_one.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(long_one.message().find("too long (10485760 bytes; at most 16384)"), std::string::npos)
      << long_one.message();
  const Status binary = CheckQuestion("sales \xff\xfe by region");
  EXPECT_EQ(binary.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(binary.message().find("UTF-8"), std::string::npos);
}

}  // namespace
}  // namespace askdb::agent
