#include "askdb/nlq/number_words.h"

#include <gtest/gtest.h>

namespace askdb::nlq {
namespace {

TEST(NumberWords, ChineseNumerals) {
  EXPECT_EQ(ParseChineseNumeral("十"), 10);
  EXPECT_EQ(ParseChineseNumeral("五"), 5);
  EXPECT_EQ(ParseChineseNumeral("两"), 2);
  EXPECT_EQ(ParseChineseNumeral("二十五"), 25);
  EXPECT_EQ(ParseChineseNumeral("一百"), 100);
  EXPECT_EQ(ParseChineseNumeral("三千五百"), 3500);
  EXPECT_EQ(ParseChineseNumeral("一万"), 10000);
  EXPECT_FALSE(ParseChineseNumeral("北京"));
  EXPECT_FALSE(ParseChineseNumeral(""));
}

TEST(NumberWords, EnglishWordsAndMagnitudes) {
  EXPECT_EQ(ParseEnglishNumberWord("ten"), 10);
  EXPECT_EQ(ParseEnglishNumberWord("three"), 3);
  EXPECT_FALSE(ParseEnglishNumberWord("tent"));
  EXPECT_EQ(MagnitudeMultiplier("万"), 1e4);
  EXPECT_EQ(MagnitudeMultiplier("k"), 1e3);
  EXPECT_FALSE(MagnitudeMultiplier("元"));
}

}  // namespace
}  // namespace askdb::nlq
