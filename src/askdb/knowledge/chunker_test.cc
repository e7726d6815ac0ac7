#include "askdb/knowledge/chunker.h"

#include <gtest/gtest.h>

#include "askdb/catalog/token_estimate.h"

namespace askdb::knowledge {
namespace {

int CodePoints(const std::string& s) {
  int n = 0;
  for (unsigned char c : s) n += (c & 0xC0) != 0x80 ? 1 : 0;
  return n;
}

std::string Joined(const std::vector<std::string>& v) {
  std::string out;
  for (const std::string& s : v) out += "[" + s + "]";
  return out;
}

TEST(ChunkerTest, ChineseSentencesSplitOnChineseBoundaries) {
  const std::string text =
      "华东区包括上海、江苏和浙江。高价值客户指近一年消费超过一万元的客户！"
      "财年从四月开始吗？是的；财年从四月一日开始……";
  const std::vector<std::string> sentences = SplitSentences(text);
  ASSERT_EQ(sentences.size(), 5u) << Joined(sentences);
  EXPECT_EQ(sentences[0], "华东区包括上海、江苏和浙江。");
  EXPECT_EQ(sentences[1], "高价值客户指近一年消费超过一万元的客户！");
  EXPECT_EQ(sentences[2], "财年从四月开始吗？");
  EXPECT_EQ(sentences[3], "是的；");
  EXPECT_EQ(sentences[4], "财年从四月一日开始……");
}

TEST(ChunkerTest, EnglishSentencesKeepDecimalsAndQuotes) {
  const std::vector<std::string> sentences =
      SplitSentences("GMV grew 3.5 percent. Why? He said \"stop.\" Then left");
  ASSERT_EQ(sentences.size(), 4u) << Joined(sentences);
  EXPECT_EQ(sentences[0], "GMV grew 3.5 percent. ");
  EXPECT_EQ(sentences[2], "He said \"stop.\" ");
}

TEST(ChunkerTest, SentenceChunkerPacksWholeChineseSentencesWithOverlap) {
  std::string text;
  for (int i = 0; i < 12; ++i)
    text += "第" + std::to_string(i) + "条规则说明退货需要在三十天内完成。";
  const std::vector<std::string> chunks =
      ChunkText(text, {.kind = ChunkerKind::kSentence, .size = 60, .overlap = 20});
  ASSERT_GE(chunks.size(), 4u);
  for (size_t i = 0; i < chunks.size(); ++i) {
    EXPECT_LE(CodePoints(chunks[i]), 60) << chunks[i];
    EXPECT_TRUE(chunks[i].ends_with("。")) << "cut mid-sentence: " << chunks[i];
    if (i > 0) {
      // The overlap is the previous chunk's last sentence, repeated whole.
      const std::string last = SplitSentences(chunks[i - 1]).back();
      EXPECT_TRUE(chunks[i].starts_with(last)) << chunks[i - 1] << " | " << chunks[i];
    }
  }
}

TEST(ChunkerTest, NoOverlapMeansEveryCharacterOnce) {
  std::string text;
  for (int i = 0; i < 30; ++i) text += "Sentence number " + std::to_string(i) + " is here. ";
  const std::vector<std::string> chunks =
      ChunkText(text, {.kind = ChunkerKind::kSentence, .size = 100, .overlap = 0});
  std::string rebuilt;
  for (const std::string& c : chunks) rebuilt += c + " ";
  EXPECT_EQ(rebuilt, text);
}

TEST(ChunkerTest, ParagraphChunkerKeepsParagraphsAndSplitsALongOne) {
  const std::string long_paragraph(300, 'x');
  const std::string text = "First paragraph.\n\nSecond paragraph.\n\n" + long_paragraph;
  const std::vector<std::string> chunks =
      ChunkText(text, {.kind = ChunkerKind::kParagraph, .size = 40, .overlap = 0});
  ASSERT_GE(chunks.size(), 2u) << Joined(chunks);
  EXPECT_EQ(chunks[0], "First paragraph.\n\nSecond paragraph.");
  for (const std::string& c : chunks) EXPECT_LE(CodePoints(c), 40);
}

TEST(ChunkerTest, RecursiveChunkerPrefersLinesOverWords) {
  const std::string text = "alpha beta gamma\ndelta epsilon zeta\neta theta iota";
  const std::vector<std::string> chunks =
      ChunkText(text, {.kind = ChunkerKind::kRecursive, .size = 20, .overlap = 0});
  EXPECT_EQ(Joined(chunks), "[alpha beta gamma][delta epsilon zeta][eta theta iota]");
}

TEST(ChunkerTest, TokenChunkerWindowsByEstimatedTokensWithOverlap) {
  std::string text;
  for (int i = 0; i < 200; ++i) text += "word" + std::to_string(i) + " ";
  const std::vector<std::string> chunks =
      ChunkText(text, {.kind = ChunkerKind::kToken, .size = 32, .overlap = 8});
  ASSERT_GE(chunks.size(), 10u);
  for (size_t i = 0; i + 1 < chunks.size(); ++i) {
    EXPECT_LE(catalog::EstimateTokens(chunks[i]), 32 + 2) << chunks[i];
    // Neighbours share words.
    const std::string last_word = chunks[i].substr(chunks[i].rfind(' ') + 1);
    EXPECT_NE(chunks[i + 1].find(last_word), std::string::npos) << chunks[i + 1];
  }
}

TEST(ChunkerTest, TokenChunkerSplitsChineseWithoutSpaces) {
  std::string text;
  for (int i = 0; i < 40; ++i) text += "销售额按月汇总";
  const std::vector<std::string> chunks =
      ChunkText(text, {.kind = ChunkerKind::kToken, .size = 50, .overlap = 0});
  ASSERT_GE(chunks.size(), 5u);
  int total = 0;
  for (const std::string& c : chunks) total += CodePoints(c);
  EXPECT_EQ(total, CodePoints(text));
}

TEST(ChunkerTest, BlankTextHasNoChunksAndOptionsAreChecked) {
  EXPECT_TRUE(ChunkText("  \n\n \t", {}).empty());
  EXPECT_FALSE(ValidateChunkerOptions({.size = 8}).ok());
  const Status overlap = ValidateChunkerOptions({.size = 100, .overlap = 100});
  EXPECT_NE(overlap.message().find("overlap"), std::string::npos);
  EXPECT_TRUE(ValidateChunkerOptions({.size = 100, .overlap = 99}).ok());
  EXPECT_EQ(*ParseChunkerKind("sentence"), ChunkerKind::kSentence);
  EXPECT_NE(ParseChunkerKind("semantic").status().message().find("paragraph"), std::string::npos);
}

}  // namespace
}  // namespace askdb::knowledge
