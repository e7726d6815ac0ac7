#include "askdb/common/text.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <string>
#include <vector>

namespace askdb::text {
namespace {

using ::testing::ElementsAre;

// ---- generators shared by the properties ----

// Any byte string, including invalid UTF-8.
rc::Gen<std::string> ArbitraryBytes() {
  return rc::gen::container<std::string>(rc::gen::cast<char>(rc::gen::arbitrary<uint8_t>()));
}

// A Unicode scalar value (no surrogates), weighted towards the ranges askdb meets.
rc::Gen<char32_t> InterestingCodePoint() {
  return rc::gen::oneOf(
      rc::gen::cast<char32_t>(rc::gen::inRange<uint32_t>(0x20, 0x7F)),        // ASCII
      rc::gen::cast<char32_t>(rc::gen::inRange<uint32_t>(0x4E00, 0x9FFF)),    // CJK ideographs
      rc::gen::cast<char32_t>(rc::gen::inRange<uint32_t>(0xFF01, 0xFF5F)),    // full-width forms
      rc::gen::cast<char32_t>(rc::gen::inRange<uint32_t>(0x0300, 0x0370)),    // combining marks
      rc::gen::cast<char32_t>(rc::gen::inRange<uint32_t>(0x3000, 0x3040)),    // CJK punctuation
      rc::gen::cast<char32_t>(rc::gen::inRange<uint32_t>(0x1F300, 0x1F6FF)),  // emoji
      rc::gen::element<char32_t>(U' ', U'\t', U'\n', 0x3000, 0x00A0, 0x200B, 0x200D, 0x00AD),
      rc::gen::cast<char32_t>(rc::gen::inRange<uint32_t>(0, 0xD800)),
      rc::gen::cast<char32_t>(rc::gen::inRange<uint32_t>(0xE000, 0x110000)));
}

// Mostly valid text with some invalid bytes mixed in.
rc::Gen<std::string> MixedText() {
  return rc::gen::map(
      rc::gen::container<std::vector<std::string>>(rc::gen::oneOf(
          rc::gen::map(InterestingCodePoint(),
                       [](char32_t cp) {
                         std::string s;
                         AppendUtf8(cp, s);
                         return s;
                       }),
          rc::gen::map(rc::gen::element<uint8_t>(0x80, 0xBF, 0xC0, 0xE4, 0xED, 0xF0, 0xF4, 0xFF),
                       [](uint8_t b) { return std::string(1, static_cast<char>(b)); }))),
      [](const std::vector<std::string>& pieces) {
        std::string out;
        for (const std::string& p : pieces) out += p;
        return out;
      });
}

rc::Gen<std::string> AnyText() { return rc::gen::oneOf(ArbitraryBytes(), MixedText()); }

// ---- UTF-8 ----

TEST(Utf8Test, DecodesAllLengths) {
  EXPECT_THAT(DecodeUtf8("a\u00e9\u4e2d\U0001F600"),
              ElementsAre(U'a', char32_t{0xE9}, char32_t{0x4E2D}, char32_t{0x1F600}));
}

TEST(Utf8Test, InvalidBytesBecomeReplacementCharacters) {
  // Lone continuation byte, truncated 3-byte sequence followed by ASCII, bad lead byte.
  EXPECT_THAT(DecodeUtf8("\x80x\xe4\xb8y\xff"),
              ElementsAre(kReplacementChar, U'x', kReplacementChar, U'y', kReplacementChar));
  // Overlong "/" and an encoded surrogate are rejected byte by byte (no valid second byte).
  EXPECT_THAT(DecodeUtf8("\xc0\xaf"), ElementsAre(kReplacementChar, kReplacementChar));
  EXPECT_THAT(DecodeUtf8("\xed\xa0\x80"),
              ElementsAre(kReplacementChar, kReplacementChar, kReplacementChar));
  // Past U+10FFFF.
  EXPECT_THAT(DecodeUtf8("\xf4\x90\x80\x80").front(), kReplacementChar);
  // Truncated at the end of input.
  EXPECT_THAT(DecodeUtf8("ab\xf0\x9f\x98"), ElementsAre(U'a', U'b', kReplacementChar));
}

TEST(Utf8Test, DecodeAtAlwaysAdvances) {
  char32_t cp;
  EXPECT_EQ(DecodeUtf8At("\xff", 0, &cp), 1u);
  EXPECT_EQ(cp, kReplacementChar);
  EXPECT_EQ(DecodeUtf8At("abc", 3, &cp), 0u);
  EXPECT_EQ(DecodeUtf8At("\xe4\xb8\xad", 0, &cp), 3u);
  EXPECT_EQ(cp, char32_t{0x4E2D});
}

TEST(Utf8Test, EncodesInvalidCodePointsAsReplacement) {
  EXPECT_EQ(EncodeUtf8({U'A', 0xD800, 0x110000, 0x4E2D}), "A\uFFFD\uFFFD\u4e2d");
}

TEST(Utf8Test, ValidityAndSanitising) {
  EXPECT_TRUE(IsValidUtf8("中文 text \uFFFD"));
  EXPECT_FALSE(IsValidUtf8("ab\xe4\xb8"));
  EXPECT_EQ(SanitizeUtf8("ab\xe4\xb8"), "ab\uFFFD");
  EXPECT_EQ(SanitizeUtf8("中文"), "中文");
}

RC_GTEST_PROP(Utf8Property, EncodeThenDecodeRoundTrips, ()) {
  auto cps = *rc::gen::container<std::vector<char32_t>>(InterestingCodePoint());
  std::string encoded = EncodeUtf8(cps);
  RC_ASSERT(IsValidUtf8(encoded));
  RC_ASSERT(DecodeUtf8(encoded) == cps);
}

RC_GTEST_PROP(Utf8Property, DecodeNeverOverrunsAndSanitisedIsValid, ()) {
  std::string bytes = *AnyText();
  std::vector<char32_t> cps = DecodeUtf8(bytes);
  RC_ASSERT(cps.size() <= bytes.size());
  std::string clean = SanitizeUtf8(bytes);
  RC_ASSERT(IsValidUtf8(clean));
  RC_ASSERT(DecodeUtf8(clean) == cps);
}

// ---- NormalizeForMatch ----

TEST(NormalizeTest, FullWidthAndCaseAndSpaces) {
  EXPECT_EQ(NormalizeForMatch("ＡＢＣ１２３"), "abc123");
  EXPECT_EQ(NormalizeForMatch("  Top\u3000\u300010\t Customers  "), "top 10 customers");
  EXPECT_EQ(NormalizeForMatch("销售额（万元）"), "销售额(万元)");
  EXPECT_EQ(NormalizeForMatch("Straße"), "strasse");
  EXPECT_EQ(NormalizeForMatch(""), "");
  EXPECT_EQ(NormalizeForMatch(" \u3000 "), "");
}

TEST(NormalizeTest, ComposesAndDropsIgnorables) {
  EXPECT_EQ(NormalizeForMatch("Cafe\u0301"), "caf\u00e9");
  EXPECT_EQ(NormalizeForMatch("ab\u200dc"), "abc");
}

TEST(NormalizeTest, InvalidBytesGiveValidOutput) {
  std::string out = NormalizeForMatch("AB\xff\xe4\xb8 C");
  EXPECT_TRUE(IsValidUtf8(out));
  EXPECT_EQ(out, "ab\uFFFD\uFFFD c");
}

RC_GTEST_PROP(NormalizeProperty, Idempotent, ()) {
  std::string s = *AnyText();
  std::string once = NormalizeForMatch(s);
  RC_ASSERT(IsValidUtf8(once));
  RC_ASSERT(NormalizeForMatch(once) == once);
}

// ---- widths ----

TEST(WidthTest, CodePointWidths) {
  EXPECT_EQ(CodePointWidth(U'a'), 1);
  EXPECT_EQ(CodePointWidth(0x4E2D), 2);   // 中
  EXPECT_EQ(CodePointWidth(0xFF21), 2);   // Ａ full-width
  EXPECT_EQ(CodePointWidth(0x3000), 2);   // ideographic space
  EXPECT_EQ(CodePointWidth(0xFF71), 1);   // half-width katakana
  EXPECT_EQ(CodePointWidth(0x0301), 0);   // combining acute
  EXPECT_EQ(CodePointWidth(0x200B), 0);   // zero-width space
  EXPECT_EQ(CodePointWidth(U'\n'), 0);    // control
  EXPECT_EQ(CodePointWidth(0x2026), 1);   // … (ambiguous counts 1)
  EXPECT_EQ(CodePointWidth(0x1F600), 2);  // emoji
  EXPECT_EQ(CodePointWidth(0xD800), 1);   // shown as U+FFFD
}

TEST(WidthTest, DisplayWidth) {
  EXPECT_EQ(DisplayWidth(""), 0);
  EXPECT_EQ(DisplayWidth("abc"), 3);
  EXPECT_EQ(DisplayWidth("销售额"), 6);
  EXPECT_EQ(DisplayWidth("Cafe\u0301 中"), 7);
  EXPECT_EQ(DisplayWidth("a\xff"), 2);
}

TEST(PadTest, PadsAndTruncates) {
  EXPECT_EQ(PadRight("ab", 4), "ab  ");
  EXPECT_EQ(PadLeft("ab", 4), "  ab");
  EXPECT_EQ(PadRight("中文", 6), "中文  ");
  EXPECT_EQ(PadRight("abcdef", 4), "abc…");
  EXPECT_EQ(PadLeft("abcdef", 4), "abc…");
  // "中" is 2 wide: 5 columns hold 中中 + … (5), 4 columns hold 中 + … (3) + one space.
  EXPECT_EQ(PadRight("中中中", 5), "中中…");
  EXPECT_EQ(PadRight("中中中", 4), "中… ");
  EXPECT_EQ(PadRight("abc", 1), "…");
  EXPECT_EQ(PadRight("abc", 0), "");
  EXPECT_EQ(PadRight("abc", -3), "");
}

// Cut by bytes, before a character: "中" is 3 bytes.
TEST(TextTest, Utf8PrefixCutsBeforeACharacter) {
  EXPECT_EQ(Utf8Prefix("中文字", 9), "中文字");
  EXPECT_EQ(Utf8Prefix("中文字", 8), "中文");
  EXPECT_EQ(Utf8Prefix("中文字", 2), "");
  EXPECT_EQ(Utf8Prefix("abc", 2), "ab");
}

TEST(PadTest, TruncateKeepsFittingTextAndNeverSplitsCharacters) {
  EXPECT_EQ(TruncateToWidth("abc", 3), "abc");
  EXPECT_EQ(TruncateToWidth("中文字", 4), "中…");
  EXPECT_EQ(TruncateToWidth("中文字", 3), "中…");
  EXPECT_EQ(TruncateToWidth("中文字", 2), "…");
  // The combining accent stays with its base letter.
  EXPECT_EQ(TruncateToWidth("Cafe\u0301st", 5), "Cafe\u0301…");
  EXPECT_EQ(TruncateToWidth("\u200b", 0), "");
  EXPECT_EQ(TruncateToWidth("ab\xff", 3), "ab\uFFFD");
}

RC_GTEST_PROP(PadProperty, PadRightHasExactWidth, ()) {
  std::string s = *AnyText();
  int width = *rc::gen::inRange(1, 40);
  std::string right = PadRight(s, width);
  std::string left = PadLeft(s, width);
  RC_ASSERT(DisplayWidth(right) == width);
  RC_ASSERT(DisplayWidth(left) == width);
  RC_ASSERT(IsValidUtf8(right));
}

RC_GTEST_PROP(PadProperty, TruncateNeverExceedsWidthAndIsValid, ()) {
  std::string s = *AnyText();
  int width = *rc::gen::inRange(-2, 40);
  std::string cut = TruncateToWidth(s, width);
  RC_ASSERT(DisplayWidth(cut) <= std::max(width, 0));
  RC_ASSERT(IsValidUtf8(cut));
  if (width >= 1 && DisplayWidth(s) <= width) RC_ASSERT(cut == SanitizeUtf8(s));
  if (DisplayWidth(s) > width && width >= 1) RC_ASSERT(cut.ends_with("…"));
}

// ---- misc ----

TEST(ContainsCjkTest, DetectsHan) {
  EXPECT_TRUE(ContainsCjk("top 10 客户"));
  EXPECT_TRUE(ContainsCjk("\xff销"));
  EXPECT_FALSE(ContainsCjk("top 10 customers"));
  EXPECT_FALSE(ContainsCjk("，。"));  // full-width punctuation alone is not Chinese
  EXPECT_FALSE(ContainsCjk(""));
}

TEST(AsciiLowerTest, LowersOnlyAscii) {
  EXPECT_EQ(AsciiLower("OrderID 中文 ÄB"), "orderid 中文 Äb");
}

TEST(SplitIdentifierTest, Conventions) {
  EXPECT_THAT(SplitIdentifier("OrderItems"), ElementsAre("order", "items"));
  EXPECT_THAT(SplitIdentifier("order_items"), ElementsAre("order", "items"));
  EXPECT_THAT(SplitIdentifier("order-items"), ElementsAre("order", "items"));
  EXPECT_THAT(SplitIdentifier("orderID"), ElementsAre("order", "id"));
  EXPECT_THAT(SplitIdentifier("HTTPServerID"), ElementsAre("http", "server", "id"));
  EXPECT_THAT(SplitIdentifier("__ID__"), ElementsAre("id"));
  EXPECT_THAT(SplitIdentifier("ORDER_DATE"), ElementsAre("order", "date"));
}

TEST(SplitIdentifierTest, DigitsStayWithPrecedingLetters) {
  EXPECT_THAT(SplitIdentifier("address2"), ElementsAre("address2"));
  EXPECT_THAT(SplitIdentifier("address_2"), ElementsAre("address", "2"));
  EXPECT_THAT(SplitIdentifier("Q1Sales"), ElementsAre("q1", "sales"));
  EXPECT_THAT(SplitIdentifier("sha256Hash"), ElementsAre("sha256", "hash"));
}

TEST(SplitIdentifierTest, NonAscii) {
  EXPECT_THAT(SplitIdentifier("订单ID"), ElementsAre("订单", "id"));
  EXPECT_THAT(SplitIdentifier("销售额_2024"), ElementsAre("销售额", "2024"));
  EXPECT_THAT(SplitIdentifier("客户，名称"), ElementsAre("客户", "名称"));
  EXPECT_TRUE(SplitIdentifier("").empty());
  EXPECT_TRUE(SplitIdentifier("_-_").empty());
}

TEST(EditDistanceTest, CountsCodePoints) {
  EXPECT_EQ(EditDistance("", ""), 0);
  EXPECT_EQ(EditDistance("max_row", "max_rows"), 1);
  EXPECT_EQ(EditDistance("kitten", "sitting"), 3);
  EXPECT_EQ(EditDistance("销售额", "销售"), 1);
  EXPECT_EQ(EditDistance("abc", ""), 3);
}

}  // namespace
}  // namespace askdb::text
