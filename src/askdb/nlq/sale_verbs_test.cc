// Chinese verbs of a sale (sale_verbs.h) on a small shop whose model names the money words on
// the bill's total and whose bill lines hold price × quantity (Chinook's shape): each reading
// is run and its rows checked; each shape it does not cover still abstains and names the verb.
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "askdb/catalog/semantic_model.h"
#include "askdb/nlq/engine.h"
#include "askdb/nlq/test_fixture.h"

namespace askdb::nlq {
namespace {

constexpr const char* kShopSql = R"sql(
CREATE TABLE buyers(buyer_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT);
CREATE TABLE genres(genre_id INTEGER PRIMARY KEY, name TEXT);
CREATE TABLE tunes(tune_id INTEGER PRIMARY KEY, name TEXT,
                   genre_id INTEGER REFERENCES genres(genre_id), unit_price REAL);
CREATE TABLE bills(bill_id INTEGER PRIMARY KEY, buyer_id INTEGER REFERENCES buyers(buyer_id),
                   billed_on TEXT, total REAL);
CREATE TABLE bill_lines(line_id INTEGER PRIMARY KEY, bill_id INTEGER REFERENCES bills(bill_id),
                        tune_id INTEGER REFERENCES tunes(tune_id), unit_price REAL,
                        quantity INTEGER);
INSERT INTO buyers VALUES (1,'Ann','Lee'),(2,'Bo','Ma');
INSERT INTO genres VALUES (1,'Rock'),(2,'Jazz');
INSERT INTO tunes VALUES (1,'A',1,0.99),(2,'B',1,1.99),(3,'C',2,1.99),(4,'D',2,0.99);
INSERT INTO bills VALUES (1,1,'2024-01-05',3.97),(2,2,'2024-02-07',1.98),(3,2,'2025-03-09',1.98);
INSERT INTO bill_lines VALUES (1,1,1,0.99,1),(2,1,2,1.99,1),(3,1,4,0.99,1),(4,2,1,0.99,2),
  (5,3,4,0.99,2);
)sql";

using testing::SemanticColumn;
using testing::SemanticTable;

class SaleVerbsTest : public testing::DbTest {
 protected:
  void SetUp() override {
    catalog::SemanticModel model;
    catalog::TableSemantics buyers = SemanticTable("buyers", "客户", "customer");
    buyers.columns = {SemanticColumn("first_name", "名", "first name"),
                      SemanticColumn("last_name", "姓", "last name")};
    catalog::TableSemantics genres = SemanticTable("genres", "流派", "genre");
    catalog::ColumnSemantics genre = SemanticColumn("name", "流派名称", "genre name");
    genre.values = {{"Rock", {"摇滚"}}, {"Jazz", {"爵士"}}};
    genres.columns = {genre};
    catalog::TableSemantics tunes = SemanticTable("tunes", "曲目", "track");
    tunes.synonyms = {"歌"};
    tunes.columns = {
        SemanticColumn("name", "曲目名称", "track name"),
        SemanticColumn("unit_price", "单价", "unit price", catalog::ColumnRole::kMeasure)};
    catalog::TableSemantics bills = SemanticTable("bills", "发票", "invoice");
    catalog::ColumnSemantics total =
        SemanticColumn("total", "发票金额", "invoice total", catalog::ColumnRole::kMeasure);
    total.synonyms = {"销售额", "营收", "金额"};
    bills.columns = {SemanticColumn("billed_on", "开票日期", "invoice date"), total};
    catalog::TableSemantics lines = SemanticTable("bill_lines", "发票明细", "invoice line");
    catalog::ColumnSemantics quantity =
        SemanticColumn("quantity", "购买数量", "quantity", catalog::ColumnRole::kMeasure);
    quantity.synonyms = {"销量", "units sold"};
    lines.columns = {quantity};
    model.tables = {buyers, genres, tunes, bills, lines};
    Open(kShopSql, &model);
  }
  void ExpectAbstainsNaming(std::string_view q, std::string_view word) {
    const Translation t = Ask(q);
    EXPECT_FALSE(t.answered) << q << " → " << t.sql;
    EXPECT_NE(t.abstain_reason.find(word), std::string::npos) << q << ": " << t.abstain_reason;
  }
};

// "摇滚卖了多少钱": the verb and 多少钱 ask for the money the revenue words name; by what only
// the lines hold it is their price × quantity, as "摇滚的销售额" is.
TEST_F(SaleVerbsTest, SoldForHowMuchIsTheRevenue) {
  EXPECT_EQ(Rows("2024年卖了多少钱"), Rows("2024年的销售额"));
  EXPECT_EQ(Rows("2024年一共卖了多少钱"), (std::vector<std::string>{"5.95"}));
  EXPECT_EQ(Rows("摇滚卖了多少钱"), (std::vector<std::string>{"4.96"}));
  const Translation t = Ask("摇滚卖了多少钱");
  EXPECT_NE(t.sql.find("AS \"销售额\""), std::string::npos) << t.sql;  // named as the money
  // 卖了多少 without 钱 could be units or money: not read.
  ExpectAbstainsNaming("摇滚卖了多少", "卖");
}

// "买过爵士乐的客户有哪些" abstained (the link through bills and their lines unnamed): 买过/购买过/
// 买了 right before one value lists (or counts) the rows whose lines hold it, each once, as the
// English "customers who bought Jazz". Negated (没买过) it stays unread.
TEST_F(SaleVerbsTest, BoughtAValueIsTheRowsWhoseLinesHoldIt) {
  EXPECT_EQ(Rows("买过爵士的客户有哪些"), (std::vector<std::string>{"Ann|Lee", "Bo|Ma"}));
  EXPECT_EQ(Rows("买过摇滚的客户有几个"), (std::vector<std::string>{"2"}));
  EXPECT_EQ(Rows("哪些客户买了爵士"), (std::vector<std::string>{"Ann|Lee", "Bo|Ma"}));
  EXPECT_FALSE(Ask("没买过爵士的客户有几个").answered);
}

// "客户Bo Ma花了多少钱", "花钱最多的客户": spending is the money of a party the bill refers
// to; with no such party named (the company's own spending) the verb stays unread.
TEST_F(SaleVerbsTest, SpentIsThePayingPartysMoney) {
  EXPECT_EQ(Rows("客户Bo Ma一共花了多少钱"), (std::vector<std::string>{"3.96"}));
  EXPECT_EQ(Rows("花钱最多的客户是哪位"), (std::vector<std::string>{"Ann|Lee|3.97"}));
  ExpectAbstainsNaming("2024年花了多少钱", "花");
}

// "卖出多少首歌": the lines' quantity, with the count, its unit and the item table read as
// part of the verb; another table after the count (专辑, 发票) is not what the lines count.
TEST_F(SaleVerbsTest, SoldHowManyIsTheLinesQuantity) {
  EXPECT_EQ(Rows("2024年一共卖出多少首歌"), (std::vector<std::string>{"5"}));
  EXPECT_EQ(Rows("爵士卖出了几首"), (std::vector<std::string>{"3"}));
  const Translation t = Ask("2024年卖出多少张发票");
  EXPECT_TRUE(!t.answered || t.sql.find("quantity") == std::string::npos) << t.sql;
}

// "平均每个订单有几件商品", "平均一张订单包含几首曲目": a bill that has or contains N of the items
// the lines sell holds the lines' quantity (7 over 3 bills); 平均一张 says 平均每张. Without the
// item word (发票有几张) it stays a count of bills.
TEST_F(SaleVerbsTest, ABillHoldingHowManyItemsIsTheLinesQuantity) {
  const std::vector<std::string> per_bill{"2.33333333333"};
  EXPECT_EQ(Rows("平均每张发票有几首歌"), per_bill);
  EXPECT_EQ(Rows("平均每张发票包含多少首曲目"), per_bill);
  EXPECT_EQ(Rows("平均一张发票有几首歌"), per_bill);
  // 平均 after "one bill" says the same (ReadAverageOfOne); 每张 before 平均 stays unread.
  EXPECT_EQ(Rows("一张发票平均有几首歌"), per_bill);
  EXPECT_EQ(Rows("一张发票平均包含几首曲目"), per_bill);
  EXPECT_FALSE(Ask("每张发票平均包含几首曲目").answered);
  EXPECT_EQ(Rows("发票有几张"), std::vector<std::string>{"3"});
}

// "哪个流派卖得最好（按销售额）": how well something sold, ranked by the measure the question
// names; with no measure named (units or money?) it abstains on the verb.
TEST_F(SaleVerbsTest, SoldBestIsRankedByTheNamedMeasure) {
  EXPECT_EQ(Rows("哪个流派卖得最好？按销售额"), (std::vector<std::string>{"Rock|4.96"}));
  EXPECT_EQ(Rows("哪个流派的歌卖得最多（按销售额）"), (std::vector<std::string>{"Rock|4.96"}));
  // 最好的/最差的 + N: the top (bottom) N.
  EXPECT_EQ(Rows("卖得最好的2个流派（按销售额）"),
            (std::vector<std::string>{"Rock|4.96", "Jazz|2.97"}));
  EXPECT_EQ(Rows("卖得最差的1个流派（按销售额）"), (std::vector<std::string>{"Jazz|2.97"}));
  ExpectAbstainsNaming("哪个流派卖得最好", "卖");
}

// "买爵士花钱最多的客户": 买 right before a value in a question read as a sale is a function
// word (the value says what was bought); alone ("买过摇滚的客户") it lists the buyers
// (BoughtAValueIsTheRowsWhoseLinesHoldIt).
TEST_F(SaleVerbsTest, BoughtBeforeAValueInASaleQuestion) {
  EXPECT_EQ(Rows("买爵士花钱最多的客户是哪位"), (std::vector<std::string>{"Bo|Ma|1.98"}));
  EXPECT_EQ(Rows("买过摇滚的客户有哪些"), (std::vector<std::string>{"Ann|Lee", "Bo|Ma"}));
}

// 最畅销的N个X = the X with the most units sold (Rock 4, Jazz 3); said of no rows
// ("最畅销的是什么") it had been the largest quantity of one bill line at 0.95.
TEST_F(SaleVerbsTest, BestSellingIsSaidOfRows) {
  EXPECT_EQ(Rows("最畅销的2个流派"), (std::vector<std::string>{"Rock|4", "Jazz|3"}));
  EXPECT_FALSE(Ask("最畅销的是什么").answered);
  EXPECT_FALSE(Ask("最畅销").answered);
}

// "从来没有卖出过的歌", "哪些曲目从未被卖出过": a negated sale is having no bill lines (tune C);
// rows the lines do not point at directly (a genre), or a period on the sale (lines of 2024
// only?), leave it unread and abstain naming the negation or the verb.
TEST_F(SaleVerbsTest, NeverSoldIsHavingNoLines) {
  const std::vector<std::string> c{"C"};
  EXPECT_EQ(Rows("哪些曲目从来没有卖出过"), c);
  EXPECT_EQ(Rows("哪些曲目从未被卖出过？"), c);
  EXPECT_EQ(Rows("没卖出去过的歌"), c);
  EXPECT_EQ(Rows("从来没被卖掉的曲目有多少首"), (std::vector<std::string>{"1"}));
  EXPECT_EQ(Rows("爵士里没有卖出过的曲目有几首"), (std::vector<std::string>{"1"}));
  ExpectAbstainsNaming("哪些流派从未被卖出过", "未");
  EXPECT_FALSE(Ask("2024年没有卖出过的曲目").answered);
  EXPECT_FALSE(Ask("哪些曲目卖出过").answered);  // not negated: no reading
}

}  // namespace
}  // namespace askdb::nlq
