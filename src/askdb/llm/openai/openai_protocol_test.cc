#include "askdb/llm/openai/openai_protocol.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

namespace askdb::llm::openai {
namespace {

TEST(OpenAiProtocolTest, BuildsChatBodyWithAllOptions) {
  ChatRequest r;
  r.messages = {Message::System("sys"), Message::User("hi")};
  Message call = Message::Assistant("");
  call.tool_calls.push_back({"c1", "run_sql", "{\"sql\":\"select 1\"}"});
  r.messages.push_back(call);
  r.messages.push_back(Message::ToolResult("c1", "1 row"));
  r.temperature = 0.2;
  r.max_tokens = 64;
  r.stop = {"END"};
  r.seed = 7;
  r.tools.push_back({"run_sql", "runs SQL", Json{{"type", "object"}}});
  r.tool_choice = "run_sql";
  r.response_format = ResponseFormat::kJsonSchema;
  r.json_schema = {{"type", "object"}};
  Json body = BuildChatBody(r, {"m1", true, true});
  EXPECT_EQ(body["model"], "m1");
  EXPECT_EQ(body["messages"].size(), 4u);
  EXPECT_TRUE(body["messages"][2]["content"].is_null());
  EXPECT_EQ(body["messages"][2]["tool_calls"][0]["function"]["name"], "run_sql");
  EXPECT_EQ(body["messages"][3]["tool_call_id"], "c1");
  EXPECT_EQ(body["temperature"], 0.2);
  EXPECT_EQ(body["max_tokens"], 64);
  EXPECT_EQ(body["stop"][0], "END");
  EXPECT_EQ(body["seed"], 7);
  EXPECT_EQ(body["tool_choice"]["function"]["name"], "run_sql");
  EXPECT_EQ(body["response_format"]["type"], "json_schema");
  EXPECT_EQ(body["response_format"]["json_schema"]["strict"], true);
  // A schema with an optional property is not one OpenAI's strict mode takes.
  r.json_schema = {{"type", "object"},
                   {"properties", {{"sql", {{"type", "string"}}}, {"note", {{"type", "string"}}}}},
                   {"required", {"sql"}},
                   {"additionalProperties", false}};
  EXPECT_EQ(BuildChatBody(r, {"m1", true, true})["response_format"]["json_schema"]["strict"],
            false);
  r.json_schema["required"] = {"sql", "note"};
  EXPECT_EQ(BuildChatBody(r, {"m1", true, true})["response_format"]["json_schema"]["strict"], true);
  EXPECT_EQ(body["stream"], true);
  EXPECT_EQ(body["stream_options"]["include_usage"], true);
}

TEST(OpenAiProtocolTest, ParsesCompletionWithReasoningAndTools) {
  std::string body = R"({"model":"deepseek-reasoner","choices":[{"message":{
    "content":"<think>hmm</think>\n\nThe answer","reasoning_content":"deep ",
    "tool_calls":[{"id":"x","type":"function","function":{"name":"f","arguments":"{}"}}]},
    "finish_reason":"stop"}],"usage":{"prompt_tokens":10,"completion_tokens":3}})";
  auto r = ParseChatBody(body);
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  EXPECT_EQ(r->content, "The answer");
  EXPECT_EQ(r->reasoning, "deep hmm");
  ASSERT_EQ(r->tool_calls.size(), 1u);
  EXPECT_EQ(r->tool_calls[0].name, "f");
  EXPECT_EQ(r->usage.prompt_tokens, 10);
  EXPECT_EQ(r->model, "deepseek-reasoner");
}

TEST(OpenAiProtocolTest, MalformedBodyIsRetryableUnavailable) {
  auto r = ParseChatBody("{\"choices\": [ oops");
  EXPECT_EQ(r.status().code(), StatusCode::kUnavailable);
}

TEST(OpenAiProtocolTest, StreamAccumulatorAssemblesToolCallsAndUsage) {
  StreamAccumulator acc;
  StreamDelta d;
  acc.Apply(ParseJson(R"({"choices":[{"delta":{"content":"<thi"}}]})").value(), d);
  acc.Apply(ParseJson(R"({"choices":[{"delta":{"content":"nk>x</think>Hel"}}]})").value(), d);
  acc.Apply(ParseJson(R"({"choices":[{"delta":{"content":"lo"}}]})").value(), d);
  acc.Apply(ParseJson(R"({"choices":[{"delta":{"tool_calls":[{"index":0,"id":"a",
      "function":{"name":"f","arguments":"{\"q\":"}}]}}]})")
                .value(),
            d);
  acc.Apply(ParseJson(R"({"choices":[{"delta":{"tool_calls":[{"index":0,
      "function":{"arguments":"1}"}}]},"finish_reason":"tool_calls"}]})")
                .value(),
            d);
  acc.Apply(
      ParseJson(R"({"choices":[],"usage":{"prompt_tokens":5,"completion_tokens":2}})").value(), d);
  EXPECT_TRUE(acc.saw_finish_reason());
  EXPECT_TRUE(acc.saw_usage());
  ChatResponse r = acc.Finish();
  EXPECT_EQ(r.content, "Hello");
  EXPECT_EQ(r.reasoning, "x");
  ASSERT_EQ(r.tool_calls.size(), 1u);
  EXPECT_EQ(r.tool_calls[0].arguments, "{\"q\":1}");
  EXPECT_EQ(r.usage.completion_tokens, 2);
}

RC_GTEST_PROP(ThinkSplitterProperty, ChunkingDoesNotChangeSplit, ()) {
  auto parts = *rc::gen::container<std::vector<std::string>>(rc::gen::elementOf(
      std::vector<std::string>{"<think>", "</think>", "a", "<", "th", "ink>", "</", "b c"}));
  std::string text;
  for (const auto& p : parts) text += p;
  std::string c1, r1, c2, r2;
  ThinkSplitter whole;
  whole.Feed(text, c1, r1);
  whole.Finish(c1, r1);
  ThinkSplitter pieces;
  for (char ch : text) pieces.Feed(std::string_view(&ch, 1), c2, r2);
  pieces.Finish(c2, r2);
  RC_ASSERT(c1 == c2);
  RC_ASSERT(r1 == r2);
  RC_ASSERT(c1.size() + r1.size() <= text.size());
}

TEST(OpenAiProtocolTest, MapsErrorsToCodesAndAdvice) {
  HttpErrorContext ctx{"http://x/v1", "gpt", std::chrono::milliseconds(1500)};
  Status bad_key = MapHttpError(401, R"({"error":{"message":"Incorrect API key"}})", ctx);
  EXPECT_EQ(bad_key.code(), StatusCode::kPermissionDenied);
  EXPECT_NE(bad_key.message().find("api_key_env"), std::string::npos);
  Status model = MapHttpError(404, R"({"error":{"message":"The model `gpt` does not exist",
      "code":"model_not_found"}})",
                              ctx);
  EXPECT_EQ(model.code(), StatusCode::kNotFound);
  EXPECT_NE(model.message().find("[llm] model"), std::string::npos);
  Status too_long = MapHttpError(
      400,
      R"({"error":{"message":"This model's maximum context length is 8192 tokens. However, your messages resulted in 9000 tokens.","code":"context_length_exceeded"}})",
      ctx);
  EXPECT_EQ(too_long.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(too_long.message().find("9000 tokens requested"), std::string::npos);
  EXPECT_NE(too_long.message().find("limit is 8192"), std::string::npos);
  Status limited = MapHttpError(429, R"({"error":{"message":"slow down"}})", ctx);
  EXPECT_EQ(limited.code(), StatusCode::kResourceExhausted);
  EXPECT_EQ(RetryAfterFromStatus(limited), std::chrono::milliseconds(1500));
  Status quota = MapHttpError(429, R"({"error":{"message":"You exceeded your current quota",
      "code":"insufficient_quota"}})",
                              ctx);
  EXPECT_FALSE(IsRetryable(quota));
  Status filtered = MapHttpError(400, R"({"code":"data_inspection_failed","message":"x"})", ctx);
  EXPECT_EQ(filtered.code(), StatusCode::kLlmError);
  EXPECT_TRUE(IsRetryable(MapHttpError(503, "<html>bad gateway</html>", ctx)));
  EXPECT_FALSE(IsRetryable(MapHttpError(400, R"({"error":"bad"})", ctx)));
}

TEST(OpenAiProtocolTest, ParsesRetryAfterValues) {
  EXPECT_EQ(ParseRetryAfterSeconds("2"), std::chrono::milliseconds(2000));
  EXPECT_EQ(ParseRetryAfterSeconds(" 0.5 "), std::chrono::milliseconds(500));
  EXPECT_EQ(ParseRetryAfterSeconds("soon"), std::nullopt);
  EXPECT_EQ(ParseRetryAfterMs("250"), std::chrono::milliseconds(250));
}

}  // namespace
}  // namespace askdb::llm::openai
