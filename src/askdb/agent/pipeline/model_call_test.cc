#include "askdb/agent/pipeline/model_call.h"

#include <gtest/gtest.h>

#include "askdb/agent/pipeline/python_step.h"
#include "askdb/llm/json_output.h"

namespace askdb::agent::pipeline {
namespace {

std::string SqlOf(std::string_view text) {
  std::optional<Json> reply = SqlReplyFromText(text);
  return reply ? (*reply)["sql"].get<std::string>() : "<none>";
}

TEST(ModelCallTest, ReadsTheShapesModelsWriteSqlIn) {
  EXPECT_EQ(SqlOf("```sql\nSELECT 1\n```"), "SELECT 1");
  EXPECT_EQ(SqlOf("Here is the query:\n\n```SQL\nWITH t AS (SELECT 1) SELECT * FROM t;\n```\n"
                  "It counts the rows."),
            "WITH t AS (SELECT 1) SELECT * FROM t;");
  EXPECT_EQ(SqlOf("```\nselect count(*) from orders\n```"), "select count(*) from orders");
  EXPECT_EQ(SqlOf("```python\nprint(1)\n```\n```sql\nSELECT 2\n```"), "SELECT 2");
  EXPECT_EQ(SqlOf("  SELECT name FROM users  "), "SELECT name FROM users");
  EXPECT_EQ(SqlOf("(SELECT 1) UNION (SELECT 2)"), "(SELECT 1) UNION (SELECT 2)");
}

TEST(ModelCallTest, RefusesWhatIsNotOneReadStatementInFull) {
  EXPECT_EQ(SqlOf("```sql\nSELECT 1"), "<none>");  // truncated: the block never closes
  EXPECT_EQ(SqlOf("```sql\nDELETE FROM t\n```"), "<none>");
  EXPECT_EQ(SqlOf("Selection of tables is hard"), "<none>");
  EXPECT_EQ(SqlOf("{\"sql\": \"SELECT 1"), "<none>");  // truncated JSON
  EXPECT_EQ(SqlOf(""), "<none>");
}

TEST(ModelCallTest, SqlCallsAcceptFencedSqlAndNullFields) {
  const ModelCall generation = SqlGenerationCall("t(a)", {}, "q", false);
  EXPECT_TRUE(static_cast<bool>(generation.natural_reply));
  EXPECT_NE(generation.reply_instruction.find("JSON"), std::string::npos);
  EXPECT_TRUE(
      llm::ValidateJsonSchema(
          Json{{"sql", "SELECT 1"}, {"needs_clarification", nullptr}, {"not_answerable", nullptr}},
          generation.reply_schema)
          .empty());
  EXPECT_FALSE(llm::ValidateJsonSchema(Json{{"sql", 1}}, generation.reply_schema).empty());
  EXPECT_TRUE(static_cast<bool>(
      SqlFixCall("t(a)", "q", "SELECT b FROM t", "no such column", true).natural_reply));
}

TEST(ModelCallTest, PythonCodeIsReadFromAFencedReplyAsModelsWriteIt) {
  // Prose around a ```python block, as a model writes when it ignores the JSON instruction.
  const std::optional<Json> code = PythonReplyFromText(
      "Here is the analysis:\n\n```python\nimport pandas as pd\nprint(1)\n```\n"
      "It prints the total.");
  ASSERT_TRUE(code);
  EXPECT_EQ((*code)["code"], "import pandas as pd\nprint(1)");
  EXPECT_TRUE(PythonReplyFromText("```\nprint(2)\n```"));
  // Cut short before the closing fence, another language, or no block: not code.
  EXPECT_FALSE(PythonReplyFromText("```python\nimport pandas as pd\nprint("));
  EXPECT_FALSE(PythonReplyFromText("```sql\nSELECT 1\n```"));
  EXPECT_FALSE(PythonReplyFromText("I cannot write this analysis."));
}

TEST(ModelCallTest, ReplyFieldsNeverThrow) {
  const Json reply = {
      {"reason", nullptr}, {"confidence", "0.8"}, {"title", "T"}, {"list", {"a", nullptr, 3, ""}}};
  EXPECT_EQ(ReplyString(reply, "reason", "none"), "none");
  EXPECT_EQ(ReplyString(reply, "title"), "T");
  EXPECT_EQ(ReplyString(Json("text"), "title", "x"), "x");
  EXPECT_EQ(ReplyNumber(reply, "confidence", 0.5), 0.5);
  EXPECT_EQ(ReplyStrings(reply, "list"), std::vector<std::string>{"a"});
  EXPECT_TRUE(ReplyStrings(reply, "missing").empty());
}

}  // namespace
}  // namespace askdb::agent::pipeline
