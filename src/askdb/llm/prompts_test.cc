#include "askdb/llm/prompts.h"

#include <gtest/gtest.h>

#include <fstream>

namespace askdb::llm {
namespace {

TEST(PromptsTest, RendersBuiltInEnglishAndChinese) {
  auto lib = PromptLibrary::Load(std::nullopt);
  ASSERT_TRUE(lib.ok()) << lib.status().ToString();
  Json v = {{"schema", "invoices(id, total)"},
            {"question", "a < b & c"},
            {"knowledge", ""},
            {"history", ""},
            {"dialect", "SQLite"}};
  auto en = lib->Render("sql_generation", PromptLanguage::kEnglish, v);
  ASSERT_TRUE(en.ok()) << en.status().ToString();
  EXPECT_NE(en->find("invoices(id, total)"), std::string::npos);
  EXPECT_NE(en->find("a < b & c"), std::string::npos) << "no HTML escaping";
  EXPECT_EQ(en->find("Business knowledge"), std::string::npos) << "empty section hidden";
  auto zh = lib->Render("system", PromptLanguage::kChinese, v);
  ASSERT_TRUE(zh.ok());
  EXPECT_NE(zh->find("只读的 SQLite"), std::string::npos);
  EXPECT_EQ(lib->Render("nope", PromptLanguage::kEnglish, v).status().code(),
            StatusCode::kNotFound);
}

TEST(PromptsTest, OverrideDirectoryReplacesTemplate) {
  auto dir = std::filesystem::path(::testing::TempDir()) / "askdb_prompt_override";
  std::filesystem::create_directories(dir / "en");
  std::ofstream(dir / "en" / "system.mustache") << "Custom {{dialect}} prompt";
  auto lib = PromptLibrary::Load(dir);
  ASSERT_TRUE(lib.ok()) << lib.status().ToString();
  EXPECT_EQ(lib->Render("system", PromptLanguage::kEnglish, Json{{"dialect", "PG"}}).value(),
            "Custom PG prompt");
  std::ofstream(dir / "en" / "broken.mustache") << "{{#open}} never closed";
  EXPECT_EQ(PromptLibrary::Load(dir).status().code(), StatusCode::kInvalidArgument);
  std::filesystem::remove_all(dir);
}

TEST(PromptsTest, FitContextKeepsSchemaFirstAndNewestHistory) {
  PromptContext ctx;
  ctx.schema_items = {std::string(40, 'a'), std::string(40, 'b')};  // ~11 tokens each
  ctx.knowledge_items = {std::string(40, 'k')};
  ctx.history = {Message::User(std::string(40, 'o')), Message::User("newest")};
  FittedContext all = FitContext(ctx, 1000);
  EXPECT_EQ(all.dropped_items, 0);
  EXPECT_LT(all.history.find(std::string(40, 'o')), all.history.find("newest"));
  FittedContext tight = FitContext(ctx, 30);
  EXPECT_LE(tight.tokens, 30);
  EXPECT_NE(tight.schema.find('b'), std::string::npos);
  EXPECT_TRUE(tight.knowledge.empty());
  EXPECT_NE(tight.history.find("newest"), std::string::npos);
  EXPECT_EQ(tight.history.find("ooo"), std::string::npos);
}

PromptContext BigContext() {
  PromptContext ctx;
  for (int i = 0; i < 30; ++i) {
    ctx.schema_items.push_back("table_" + std::to_string(i) + "(" + std::string(80, 'c') + ")");
  }
  ctx.knowledge_items = {"revenue means SUM(invoices.total)", std::string(400, 'k')};
  for (int i = 0; i < 10; ++i) {
    ctx.history.push_back(
        Message::User("old question " + std::to_string(i) + " " + std::string(60, 'h')));
  }
  ctx.history.push_back(Message::Assistant("newest answer"));
  ctx.question = "monthly revenue trend";
  ctx.values = {{"dialect", "SQLite"}};
  return ctx;
}

TEST(PromptsTest, BuildPromptRendersSystemAndUserWithEverythingWhenItFits) {
  auto lib = PromptLibrary::Load(std::nullopt);
  ASSERT_TRUE(lib.ok()) << lib.status().ToString();
  PromptContext ctx = BigContext();
  auto built =
      BuildPrompt(*lib, {kSqlGenerationTemplate, kSystemTemplate}, ctx, TokenBudget{100'000});
  ASSERT_TRUE(built.ok()) << built.status().ToString();
  ASSERT_EQ(built->messages.size(), 2u);
  EXPECT_EQ(built->messages[0].role, Role::kSystem);
  EXPECT_NE(built->messages[0].content.find("read-only SQLite"), std::string::npos);
  const std::string& user = built->messages[1].content;
  EXPECT_EQ(built->messages[1].role, Role::kUser);
  EXPECT_NE(user.find("table_29("), std::string::npos);
  EXPECT_NE(user.find("revenue means"), std::string::npos);
  EXPECT_NE(user.find("user: old question 0"), std::string::npos);
  EXPECT_NE(user.find("## Question\nmonthly revenue trend"), std::string::npos);
  EXPECT_EQ(built->context.dropped_items, 0);
  EXPECT_EQ(built->tokens, EstimateTokens(built->messages));
}

TEST(PromptsTest, BuildPromptRespectsBudgetAndKeepsNewestHistory) {
  auto lib = PromptLibrary::Load(std::nullopt);
  ASSERT_TRUE(lib.ok());
  PromptContext ctx = BigContext();
  for (int64_t budget : {120, 300, 700, 1000}) {
    auto built =
        BuildPrompt(*lib, {kSqlGenerationTemplate, kSystemTemplate}, ctx, TokenBudget{budget});
    ASSERT_TRUE(built.ok()) << budget << ": " << built.status().ToString();
    EXPECT_LE(built->tokens, budget);
    EXPECT_EQ(built->tokens, EstimateTokens(built->messages));
    const FittedContext& fc = built->context;
    EXPECT_GT(fc.dropped_items, 0) << budget;
    EXPECT_EQ(fc.dropped_items, fc.dropped_schema + fc.dropped_knowledge + fc.dropped_history);
    const std::string& user = built->messages.back().content;
    EXPECT_NE(user.find("monthly revenue trend"), std::string::npos) << "question never cut";
    // Schema comes first: the most relevant table is in whenever anything is.
    if (!fc.knowledge.empty() || !fc.history.empty()) {
      EXPECT_NE(user.find("table_0("), std::string::npos) << budget;
    }
    // History: if any turn is kept, the newest one is.
    if (!fc.history.empty()) {
      EXPECT_NE(fc.history.find("newest answer"), std::string::npos) << budget;
    }
  }
  // With room for the schema and a little more, the newest turn is in and the oldest out.
  auto roomy = BuildPrompt(*lib, {kSqlGenerationTemplate, kSystemTemplate}, ctx, TokenBudget{1000});
  ASSERT_TRUE(roomy.ok());
  EXPECT_NE(roomy->context.history.find("newest answer"), std::string::npos);
  EXPECT_EQ(roomy->context.history.find("old question 0 "), std::string::npos);
  EXPECT_GT(roomy->context.dropped_history, 0);
}

TEST(PromptsTest, BuildPromptFailsWhenTheBarePromptExceedsTheBudget) {
  auto lib = PromptLibrary::Load(std::nullopt);
  ASSERT_TRUE(lib.ok());
  PromptContext ctx = BigContext();
  auto built = BuildPrompt(*lib, {kSqlGenerationTemplate, kSystemTemplate}, ctx, TokenBudget{20});
  EXPECT_EQ(built.status().code(), StatusCode::kInvalidArgument);
  EXPECT_NE(built.status().message().find("budget"), std::string::npos);
  EXPECT_EQ(BuildPrompt(*lib, {"missing", ""}, ctx, TokenBudget{}).status().code(),
            StatusCode::kNotFound);
}

TEST(PromptsTest, ClassifyAndAnswerSummaryStandAloneInBothLanguages) {
  auto lib = PromptLibrary::Load(std::nullopt);
  ASSERT_TRUE(lib.ok());
  PromptContext ctx;
  ctx.schema_items = {"invoices(id, total, invoice_date)"};
  ctx.question = "每月销售额";
  ctx.values = {{"sql", "SELECT 1"}, {"result", "month | total\n2024-01 | 42"}, {"row_count", 1}};
  struct Case {
    PromptLanguage lang;
    const char* classify_marker;
    const char* summary_marker;
  };
  for (const Case& c : {Case{PromptLanguage::kEnglish, "data_question", "## Result (1 rows)"},
                        Case{PromptLanguage::kChinese, "意图", "## 结果（共 1 行）"}}) {
    auto classify = BuildPrompt(*lib, {kClassifyTemplate, "", c.lang}, ctx, TokenBudget{});
    ASSERT_TRUE(classify.ok()) << classify.status().ToString();
    ASSERT_EQ(classify->messages.size(), 1u) << "no system message";
    const std::string& text = classify->messages[0].content;
    EXPECT_NE(text.find(c.classify_marker), std::string::npos) << text;
    EXPECT_NE(text.find("invoices(id, total, invoice_date)"), std::string::npos);
    EXPECT_NE(text.find("每月销售额"), std::string::npos);
    EXPECT_NE(text.find("\"intent\""), std::string::npos);
    auto summary = BuildPrompt(*lib, {kAnswerSummaryTemplate, "", c.lang}, ctx, TokenBudget{});
    ASSERT_TRUE(summary.ok()) << summary.status().ToString();
    const std::string& s = summary->messages[0].content;
    EXPECT_NE(s.find(c.summary_marker), std::string::npos) << s;
    EXPECT_NE(s.find("2024-01 | 42"), std::string::npos);
    EXPECT_NE(s.find("SELECT 1"), std::string::npos);
  }
  // Chinese and English prompts differ.
  auto en = BuildPrompt(*lib, {kClassifyTemplate, "", PromptLanguage::kEnglish}, ctx, {});
  auto zh = BuildPrompt(*lib, {kClassifyTemplate, "", PromptLanguage::kChinese}, ctx, {});
  ASSERT_TRUE(en.ok() && zh.ok());
  EXPECT_NE(en->messages[0].content, zh->messages[0].content);
  EXPECT_NE(zh->messages[0].content.find("只回复 JSON"), std::string::npos);
}

TEST(PromptsTest, BuildPromptUsesOverrideTemplates) {
  auto dir = std::filesystem::path(::testing::TempDir()) / "askdb_prompt_override_build";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir / "zh");
  std::ofstream(dir / "zh" / "classify.mustache")
      << "自定义：{{question}}{{#schema}}|{{schema}}{{/schema}}";
  auto lib = PromptLibrary::Load(dir);
  ASSERT_TRUE(lib.ok()) << lib.status().ToString();
  PromptContext ctx;
  ctx.question = "你好";
  ctx.schema_items = {"t(a)"};
  auto built = BuildPrompt(*lib, {kClassifyTemplate, "", PromptLanguage::kChinese}, ctx, {});
  ASSERT_TRUE(built.ok()) << built.status().ToString();
  EXPECT_EQ(built->messages[0].content, "自定义：你好|t(a)");
  // The English built-in is untouched.
  auto en = BuildPrompt(*lib, {kClassifyTemplate, "", PromptLanguage::kEnglish}, ctx, {});
  ASSERT_TRUE(en.ok());
  EXPECT_NE(en->messages[0].content.find("data_question"), std::string::npos);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace askdb::llm
