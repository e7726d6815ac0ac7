#include "askdb/nlq/demonyms.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace askdb::nlq {
namespace {

bool Contains(const std::vector<std::string>* words, const std::string& w) {
  return words && std::find(words->begin(), words->end(), w) != words->end();
}

TEST(CountryWordsTest, BuiltinMapsStoredNamesToAdjectivesAndOtherNames) {
  const CountryWords& cw = CountryWords::Builtin();
  const std::vector<std::string>* usa = cw.WordsFor("USA");
  EXPECT_TRUE(Contains(usa, "american"));
  EXPECT_TRUE(Contains(usa, "美国"));
  EXPECT_TRUE(Contains(usa, "United States"));
  EXPECT_FALSE(Contains(usa, "USA"));  // the stored value itself is indexed already
  EXPECT_TRUE(Contains(cw.WordsFor("united states"), "american"));  // case-insensitive
  EXPECT_TRUE(Contains(cw.WordsFor("France"), "french"));
  EXPECT_FALSE(Contains(cw.WordsFor("France"), "american"));
  EXPECT_EQ(cw.WordsFor("Atlantis"), nullptr);
  EXPECT_EQ(cw.WordsFor(""), nullptr);
}

TEST(CountryWordsTest, RejectsMalformedDocuments) {
  EXPECT_FALSE(CountryWords::FromJson("[]").ok());
  EXPECT_FALSE(CountryWords::FromJson("{}").ok());
  EXPECT_FALSE(CountryWords::FromJson(R"({"countries": [{"names": ["X"]}]})").ok());
  EXPECT_FALSE(CountryWords::FromJson(R"({"countries": [{"names": [""], "words": []}]})").ok());
  // One name in two entries would make a word's country ambiguous.
  EXPECT_FALSE(CountryWords::FromJson(
                   R"({"countries": [{"names": ["A"], "words": ["x"]},
                                     {"names": ["a"], "words": ["y"]}]})")
                   .ok());
  StatusOr<CountryWords> ok = CountryWords::FromJson(
      R"({"_about": "c", "countries": [{"names": ["A", "B"], "words": ["x"]}]})");
  ASSERT_TRUE(ok.ok()) << ok.status().ToString();
  EXPECT_TRUE(Contains(ok->WordsFor("a"), "B"));
  EXPECT_TRUE(Contains(ok->WordsFor("b"), "x"));
}

}  // namespace
}  // namespace askdb::nlq
