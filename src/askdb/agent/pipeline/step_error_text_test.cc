#include "askdb/agent/pipeline/step_error_text.h"

#include <gtest/gtest.h>

namespace askdb::agent::pipeline {
namespace {

TEST(StepErrorTextTest, ExecutorReasonsAreSaidInChineseWithTheirNumbers) {
  EXPECT_EQ(StepErrorInLanguage(
                "the Python code did not finish within 2000 ms (python.timeout_ms) and was stopped",
                true),
            "Python 代码没有在 2000 毫秒内完成（python.timeout_ms），已被停止");
  EXPECT_EQ(
      StepErrorInLanguage("the Python code failed: ZeroDivisionError: division by zero", true),
      "Python 代码出错：ZeroDivisionError: division by zero");
  EXPECT_EQ(
      StepErrorInLanguage("the Python code ran out of memory (python.memory_mb = 256): x", true),
      "Python 代码内存不足（python.memory_mb = 256）: x");
  EXPECT_EQ(
      StepErrorInLanguage("the Python step exited with status 3 without a result: boom", true),
      "Python 步骤以状态 3 退出，没有给出结果：boom");
}

TEST(StepErrorTextTest, EnglishAndOtherReasonsStayAsTheyAre) {
  const std::string timeout =
      "the Python code did not finish within 2000 ms (python.timeout_ms) and was stopped";
  EXPECT_EQ(StepErrorInLanguage(timeout, false), timeout);
  EXPECT_EQ(StepErrorInLanguage("no such column: x", true), "no such column: x");
  // Only from the start: a reason quoted inside another message is not reworded.
  EXPECT_EQ(StepErrorInLanguage("step 2: the Python step was cancelled", true),
            "step 2: the Python step was cancelled");
}

}  // namespace
}  // namespace askdb::agent::pipeline
