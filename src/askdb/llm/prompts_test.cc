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

}  // namespace
}  // namespace askdb::llm
