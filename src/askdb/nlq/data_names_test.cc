// HoldsADataName: the phrases of two or more units that name the data (a table, a stored
// value, a Chinese column word), and the single words that are too common to.
#include "askdb/nlq/data_names.h"

#include <gtest/gtest.h>

#include "askdb/nlq/test_fixture.h"

namespace askdb::nlq {
namespace {

constexpr const char* kAwardsSql = R"sql(
CREATE TABLE 文学作品(词条id INTEGER PRIMARY KEY, 名称 TEXT, 作者 TEXT);
INSERT INTO 文学作品 VALUES (1,'生死疲劳','莫言'),(2,'蛙','莫言'),(3,'人生','路遥');
CREATE TABLE order_details(id INTEGER PRIMARY KEY, unit_price REAL, band TEXT);
INSERT INTO order_details VALUES (1,9.5,'Rock Band'),(2,3.0,'Solo');
)sql";

class DataNamesTest : public ::testing::Test {
 protected:
  void SetUp() override { db_ = testing::OpenDb(kAwardsSql); }
  bool Holds(const char* question) const { return HoldsADataName(question, *db_.index); }
  testing::TestDb db_;
};

TEST_F(DataNamesTest, AStoredValueOrATableOfTwoUnitsNamesTheData) {
  ASSERT_NE(db_.index, nullptr);
  EXPECT_TRUE(Holds("生死疲劳获过几次奖？"));  // a title
  EXPECT_TRUE(Holds("文学作品有哪些"));        // a table
  EXPECT_TRUE(Holds("who played in rock band"));
  EXPECT_TRUE(Holds("list the order details"));
}

TEST_F(DataNamesTest, AChineseColumnWordNamesTheDataAnEnglishOneDoesNot) {
  ASSERT_NE(db_.index, nullptr);
  EXPECT_TRUE(Holds("作者是谁"));
  EXPECT_FALSE(Holds("what is the unit price"));
}

TEST_F(DataNamesTest, OneCharacterOrOneWordIsTooCommon) {
  ASSERT_NE(db_.index, nullptr);
  EXPECT_FALSE(Holds("蛙怎么样"));    // a stored value of one character
  EXPECT_FALSE(Holds("hello solo"));  // a stored value of one word
  EXPECT_FALSE(Holds("今天心情不错"));
  EXPECT_FALSE(Holds(""));
}

}  // namespace
}  // namespace askdb::nlq
