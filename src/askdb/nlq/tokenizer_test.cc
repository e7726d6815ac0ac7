#include "askdb/nlq/tokenizer.h"

#include <gtest/gtest.h>

namespace askdb::nlq {
namespace {

std::vector<std::string> Keys(std::string_view s) {
  std::vector<std::string> out;
  for (const Unit& u : TokenizeUnits(s)) out.push_back(u.key);
  return out;
}

TEST(Tokenizer, KeyContainsUnitsRespectsUnitBoundaries) {
  EXPECT_TRUE(KeyContainsUnits(PhraseKey("item revenue"), PhraseKey("revenue")));
  EXPECT_TRUE(KeyContainsUnits(PhraseKey("商品销售额"), PhraseKey("销售额")));
  EXPECT_TRUE(KeyContainsUnits(PhraseKey("line amount"), PhraseKey("amount")));
  EXPECT_FALSE(KeyContainsUnits(PhraseKey("wholesale price"), PhraseKey("sale")));
  EXPECT_FALSE(KeyContainsUnits(PhraseKey("line amount"), PhraseKey("order amount")));
  EXPECT_FALSE(KeyContainsUnits(PhraseKey("销售数量"), PhraseKey("销售额")));
  EXPECT_FALSE(KeyContainsUnits(PhraseKey("revenue"), ""));
}

TEST(Tokenizer, MixedScripts) {
  EXPECT_EQ(Keys("2024年各地区的Sales"),
            (std::vector<std::string>{"2024", "年", "各", "地", "区", "的", "sale"}));
  EXPECT_EQ(Keys("How many Countries?"), (std::vector<std::string>{"how", "many", "country", "?"}));
  EXPECT_EQ(Keys("ＴＯＰ　５"), (std::vector<std::string>{"top", "5"}));
  EXPECT_EQ(Keys("1,000.5"), (std::vector<std::string>{"1000.5"}));
}

// Where each step of TokenizeUnits stops: a word at its first non-letter (an apostrophe
// separates), a number at a comma not before three digits or a point not before a digit.
TEST(Tokenizer, UnitsEndWhereTheirKindEnds) {
  EXPECT_EQ(Keys("Théodor’s 12,34 sales 3.x"),
            (std::vector<std::string>{"théodor", "s", "12", ",", "34", "sale", "3", ".", "x"}));
  const std::vector<Unit> units = TokenizeUnits("Théodor 2,500");
  ASSERT_EQ(units.size(), 2u);
  EXPECT_EQ(units[0].text, "Théodor");
  EXPECT_EQ(units[0].kind, UnitKind::kWord);
  EXPECT_EQ(units[0].end, 8u);  // é is two bytes
  EXPECT_EQ(units[1].key, "2500");
  EXPECT_EQ(units[1].text, "2500");
  EXPECT_EQ(units[1].begin, 9u);
  EXPECT_EQ(units[1].end, 14u);
  EXPECT_EQ(units[1].kind, UnitKind::kNumber);
}

TEST(Tokenizer, IdentifiersSplit) {
  EXPECT_EQ(IdentifierToPhrase("InvoiceDate"), "invoice date");
  EXPECT_EQ(IdentifierToPhrase("order_items"), "order items");
  EXPECT_EQ(IdentifierToPhrase("Year_of_Founded"), "year of founded");
  EXPECT_EQ(IdentifierToPhrase("所属省id"), "所属省 id");
  EXPECT_EQ(SingularizeEnglish("countries"), "country");
  // -ie nouns keep their e; series and species are their own singular.
  EXPECT_EQ(SingularizeEnglish("movies"), "movie");
  EXPECT_EQ(SingularizeEnglish("calories"), "calorie");
  EXPECT_EQ(SingularizeEnglish("series"), "series");
  EXPECT_EQ(SingularizeEnglish("species"), "species");
  EXPECT_EQ(SingularizeEnglish("stories"), "story");
  EXPECT_EQ(SingularizeEnglish("classes"), "class");
  EXPECT_EQ(SingularizeEnglish("status"), "status");
}

TEST(Tokenizer, InvalidUtf8NeverCrashes) {
  const std::string bad = "\xff\xfe abc \xe4\xb8";
  const std::vector<Unit> units = TokenizeUnits(bad);
  ASSERT_FALSE(units.empty());
  // Offsets stay inside the input and advance, whatever the bytes.
  size_t last_end = 0;
  for (const Unit& u : units) {
    EXPECT_LE(last_end, u.begin);
    EXPECT_LT(u.begin, u.end);
    EXPECT_LE(u.end, bad.size());
    last_end = u.end;
  }
}

}  // namespace
}  // namespace askdb::nlq
