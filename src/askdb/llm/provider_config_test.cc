#include "askdb/llm/provider_config.h"

#include <gtest/gtest.h>

#include "askdb/llm/ping.h"
#include "askdb/llm/scripted/scripted_llm_client.h"

namespace askdb::llm {
namespace {

EnvLookup Env(std::map<std::string, std::string> vars) {
  return [vars](std::string_view name) -> std::optional<std::string> {
    auto it = vars.find(std::string(name));
    if (it == vars.end()) return std::nullopt;
    return it->second;
  };
}

TEST(ProviderConfigTest, ReadsTomlWithNamedProvider) {
  auto c = ProviderConfigFromTomlText(R"(
[llm]
provider = "deepseek"
max_concurrency = 2
[llm.providers.deepseek]
base_url = "https://api.deepseek.com/v1"
api_key_env = "DEEPSEEK_API_KEY"
model = "deepseek-chat"
json_mode = "json_object"
[llm.providers.deepseek.headers]
X-Team = "bi"
)",
                                      Env({{"DEEPSEEK_API_KEY", "sk-ds"}}));
  ASSERT_TRUE(c.ok()) << c.status().ToString();
  EXPECT_EQ(c->name, "deepseek");
  EXPECT_EQ(c->base_url, "https://api.deepseek.com/v1");
  EXPECT_EQ(c->api_key, "sk-ds");
  EXPECT_EQ(c->model, "deepseek-chat");
  EXPECT_EQ(c->max_concurrency, 2);
  EXPECT_EQ(c->headers.at("X-Team"), "bi");
}

TEST(ProviderConfigTest, HonoursOpenAiEnvironment) {
  auto c = ProviderConfigFromJson(
      Json::object(),
      Env({{"OPENAI_API_KEY", "sk"}, {"OPENAI_BASE_URL", "http://h:1/v1"}, {"OPENAI_MODEL", "m"}}));
  ASSERT_TRUE(c.ok()) << c.status().ToString();
  EXPECT_EQ(c->base_url, "http://h:1/v1");
  EXPECT_EQ(c->api_key, "sk");
  EXPECT_EQ(c->api_key_env, "OPENAI_API_KEY");
}

TEST(ProviderConfigTest, MissingSettingsNameTheKey) {
  auto no_model = ProviderConfigFromJson(Json::object(), Env({}));
  EXPECT_EQ(no_model.status().code(), StatusCode::kFailedPrecondition);
  EXPECT_NE(no_model.status().message().find("[llm] model"), std::string::npos);
  auto no_key = ProviderConfigFromJson(Json{{"model", "gpt-4o-mini"}}, Env({}));
  EXPECT_NE(no_key.status().message().find("OPENAI_API_KEY"), std::string::npos);
  auto unset_env = ProviderConfigFromJson(Json{{"model", "m"}, {"api_key_env", "MY_KEY"}}, Env({}));
  EXPECT_NE(unset_env.status().message().find("export MY_KEY"), std::string::npos);
  auto local = ProviderConfigFromJson(
      Json{{"model", "qwen2.5"}, {"base_url", "http://localhost:11434/v1"}}, Env({}));
  EXPECT_TRUE(local.ok()) << "local servers need no key";
  auto bad_url = ProviderConfigFromJson(Json{{"model", "m"}, {"base_url", "api.x.com"}}, Env({}));
  EXPECT_EQ(bad_url.status().code(), StatusCode::kInvalidArgument);
  auto bad_type = ProviderConfigFromJson(Json{{"model", "m"}, {"max_retries", "3"}}, Env({}));
  EXPECT_NE(bad_type.status().message().find("max_retries"), std::string::npos);
}

TEST(ProviderConfigTest, ANamedEndpointMayLeaveTheModelToTheEndpoint) {
  // The client asks the endpoint for its only model on the first call.
  auto from_env = ProviderConfigFromJson(
      Json::object(), Env({{"OPENAI_API_KEY", "sk"}, {"OPENAI_BASE_URL", "http://h:1/v1"}}));
  ASSERT_TRUE(from_env.ok()) << from_env.status().ToString();
  EXPECT_EQ(from_env->model, "");
  auto from_file = ProviderConfigFromJson(Json{{"base_url", "http://127.0.0.1:8080/v1"}}, Env({}));
  ASSERT_TRUE(from_file.ok()) << from_file.status().ToString();
  EXPECT_EQ(from_file->model, "");
  // OpenAI's default endpoint serves many models: one must be named.
  auto openai = ProviderConfigFromJson(Json::object(), Env({{"OPENAI_API_KEY", "sk"}}));
  EXPECT_EQ(openai.status().code(), StatusCode::kFailedPrecondition);
}

TEST(ProviderConfigTest, FlagSelectsScriptedReplayOrRecord) {
  bool asked = false;
  auto provider = [&]() -> StatusOr<ProviderConfig> {
    asked = true;
    return FailedPreconditionError("no config");
  };
  EXPECT_EQ(MakeLlmClientForFlag("replay:/nonexistent/x.jsonl", provider).status().code(),
            StatusCode::kNotFound);
  EXPECT_FALSE(asked);
  EXPECT_EQ(MakeLlmClientForFlag("", provider).status().code(), StatusCode::kFailedPrecondition);
  EXPECT_TRUE(asked);
  EXPECT_EQ(MakeLlmClientForFlag("bogus:x", provider).status().code(),
            StatusCode::kInvalidArgument);
}

TEST(PingTest, ReportsModelAndLatency) {
  ScriptedLlmClient c;
  c.Reply("pong", "pong");
  auto r = Ping(c);
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  EXPECT_EQ(r->model, "scripted");
  EXPECT_EQ(r->reply, "pong");
  EXPECT_GE(r->latency_ms, 0);
  ScriptedLlmClient broken;
  broken.Fail("", PermissionDeniedError("bad key"), 1);
  EXPECT_EQ(Ping(broken).status().code(), StatusCode::kPermissionDenied);
}

}  // namespace
}  // namespace askdb::llm
