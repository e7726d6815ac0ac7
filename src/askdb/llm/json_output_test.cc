#include "askdb/llm/json_output.h"

#include <gtest/gtest.h>

#include "askdb/llm/scripted/scripted_llm_client.h"

namespace askdb::llm {
namespace {

const Json kSchema = Json::parse(R"({"type":"object","required":["sql"],
  "properties":{"sql":{"type":"string","minLength":1},"confidence":{"type":"number",
  "minimum":0,"maximum":1}},"additionalProperties":false})");

TEST(JsonOutputTest, ExtractsFromProseFencesAndThink) {
  EXPECT_EQ(ExtractJson(" {\"a\":1} ").value()["a"], 1);
  EXPECT_EQ(ExtractJson("Sure:\n```json\n{\"a\":2}\n```\nbye").value()["a"], 2);
  EXPECT_EQ(ExtractJson("<think>{\"a\":0}</think>The result is {\"a\":\"}{\"} ok").value()["a"],
            "}{");
  EXPECT_EQ(ExtractJson("list: [1,2,3].").value().size(), 3u);
  EXPECT_EQ(ExtractJson("no json here").status().code(), StatusCode::kInvalidArgument);
}

TEST(JsonOutputTest, ValidatesSchemaSubset) {
  EXPECT_TRUE(ValidateJsonSchema(Json{{"sql", "SELECT 1"}, {"confidence", 0.5}}, kSchema).empty());
  auto errors = ValidateJsonSchema(Json{{"confidence", 2}, {"extra", true}}, kSchema);
  ASSERT_EQ(errors.size(), 3u);
  EXPECT_NE(errors[0].find("missing required property 'sql'"), std::string::npos);
  EXPECT_FALSE(ValidateJsonSchema(Json::array({1, "x"}),
                                  Json{{"type", "array"}, {"items", {{"type", "integer"}}}})
                   .empty());
  EXPECT_FALSE(ValidateJsonSchema(Json("c"), Json{{"enum", {"a", "b"}}}).empty());
}

TEST(JsonOutputTest, RepairsOnceThenSucceeds) {
  ScriptedLlmClient c;
  c.Reply("not valid", "{\"sql\": \"SELECT 1\"}");  // the repair turn
  c.Reply("", "I think {\"query\": 1}");
  ChatRequest r;
  r.messages = {Message::User("revenue?")};
  auto result = ChatJson(c, r, kSchema, {}, {});
  ASSERT_TRUE(result.ok()) << result.status().ToString();
  EXPECT_TRUE(result->repaired);
  EXPECT_EQ(result->value["sql"], "SELECT 1");
  auto sent = c.requests();
  ASSERT_EQ(sent.size(), 2u);
  EXPECT_EQ(sent[0].response_format, ResponseFormat::kJsonObject);
  EXPECT_NE(sent[0].messages[0].content.find("JSON Schema"), std::string::npos);
}

TEST(JsonOutputTest, FailsClearlyAfterOneRepair) {
  ScriptedLlmClient c;
  c.Reply("", "never json");
  ChatRequest r;
  r.messages = {Message::User("q")};
  JsonCallOptions options;
  options.server_support = JsonMode::kJsonSchema;
  auto result = ChatJson(c, r, kSchema, options, {});
  EXPECT_EQ(result.status().code(), StatusCode::kLlmError);
  EXPECT_NE(result.status().message().find("after one repair"), std::string::npos);
  EXPECT_EQ(c.call_count(), 2u);
  EXPECT_EQ(c.requests()[0].response_format, ResponseFormat::kJsonSchema);
}

TEST(JsonOutputTest, FallsBackWhenServerRefusesResponseFormat) {
  ScriptedLlmClient c;
  c.Fail("", InvalidArgumentError("unknown field response_format"), 1);
  c.Reply("", "{\"sql\":\"SELECT 2\"}");
  ChatRequest r;
  r.messages = {Message::User("q")};
  auto result = ChatJson(c, r, kSchema, {}, {});
  ASSERT_TRUE(result.ok()) << result.status().ToString();
  EXPECT_EQ(c.requests()[1].response_format, ResponseFormat::kText);
}

TEST(JsonOutputTest, NaturalReplyIsReadBeforeARepair) {
  ScriptedLlmClient c;
  c.Reply("", "<think>plan</think>Here it is:\n```sql\nSELECT 3\n```");
  ChatRequest r;
  r.messages = {Message::User("q")};
  JsonCallOptions options;
  options.natural_reply = [](std::string_view visible) -> std::optional<Json> {
    if (visible.find("SELECT 3") == std::string_view::npos) return std::nullopt;
    EXPECT_EQ(visible.find("plan"), std::string_view::npos);  // reasoning is kept out
    return Json{{"sql", "SELECT 3"}};
  };
  auto result = ChatJson(c, r, kSchema, options, {});
  ASSERT_TRUE(result.ok()) << result.status().ToString();
  EXPECT_EQ(result->value["sql"], "SELECT 3");
  EXPECT_FALSE(result->repaired);
  EXPECT_EQ(c.call_count(), 1u);
}

TEST(JsonOutputTest, MistypedFieldGetsOneRepair) {
  ScriptedLlmClient c;
  c.Reply("not valid[\\s\\S]*confidence", "{\"sql\": \"SELECT 1\", \"confidence\": 0.8}");
  c.Reply("", "{\"sql\": \"SELECT 1\", \"confidence\": \"0.8\"}");
  ChatRequest r;
  r.messages = {Message::User("q")};
  auto result = ChatJson(c, r, kSchema, {}, {});
  ASSERT_TRUE(result.ok()) << result.status().ToString();
  EXPECT_TRUE(result->repaired);
  EXPECT_EQ(result->value["confidence"], 0.8);
}

}  // namespace
}  // namespace askdb::llm
