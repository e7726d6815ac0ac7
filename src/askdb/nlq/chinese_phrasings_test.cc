// Chinese phrasings of readings the engine already had, on a small shop with a Chinese
// semantic model (session 14, coverage-zh): the other word orders of 没有 (read_comparisons.cc
// ReadChineseRowsWithNoRelated), 多少 after a measure, 负责 as a reference and each/which + a
// kind of rows (segment.cc). Each answered reading is run and its rows checked; each shape
// left out still abstains.
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
CREATE TABLE staff(staff_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT, title TEXT);
CREATE TABLE clients(client_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT,
                     country TEXT, rep_id INTEGER REFERENCES staff(staff_id));
CREATE TABLE bills(bill_id INTEGER PRIMARY KEY, client_id INTEGER REFERENCES clients(client_id),
                   billed_on TEXT, total REAL);
INSERT INTO staff VALUES (1,'Jane','Peacock','Sales Support Agent'),
  (2,'Nancy','Edwards','Sales Manager'),(3,'Steve','Johnson','Sales Support Agent'),
  (4,'Bob','Ito','IT Staff');
INSERT INTO clients VALUES (1,'Ann','Lee','Germany',1),(2,'Bo','Ma','Germany',1),
  (3,'Cy','Xu','Brazil',3),(4,'Di','He','Brazil',1);
INSERT INTO bills VALUES (1,1,'2021-02-01',10),(2,2,'2021-05-01',5),(3,3,'2021-08-01',7),
  (4,1,'2022-01-01',2);
)sql";

using testing::SemanticColumn;
using testing::SemanticTable;

class ChinesePhrasingsTest : public testing::DbTest {
 protected:
  void SetUp() override {
    catalog::SemanticModel model;
    catalog::TableSemantics staff = SemanticTable("staff", "员工", "employee");
    catalog::ColumnSemantics title = SemanticColumn("title", "职位", "title");
    title.values = {{"Sales Support Agent", {"销售代表"}}, {"Sales Manager", {"销售经理"}}};
    staff.columns = {SemanticColumn("first_name", "名", "first name"),
                     SemanticColumn("last_name", "姓", "last name"), title};
    catalog::TableSemantics clients = SemanticTable("clients", "客户", "customer");
    catalog::ColumnSemantics country = SemanticColumn("country", "国家", "country");
    country.values = {{"Germany", {"德国"}}, {"Brazil", {"巴西"}}};
    clients.columns = {SemanticColumn("first_name", "名", "first name"),
                       SemanticColumn("last_name", "姓", "last name"), country};
    catalog::TableSemantics bills = SemanticTable("bills", "发票", "invoice");
    catalog::ColumnSemantics total =
        SemanticColumn("total", "发票金额", "invoice total", catalog::ColumnRole::kMeasure);
    total.synonyms = {"销售额", "营收", "消费"};
    bills.columns = {SemanticColumn("billed_on", "开票日期", "invoice date"), total};
    model.tables = {staff, clients, bills};
    Open(kShopSql, &model);
  }
  void ExpectAbstainsNaming(std::string_view q, std::string_view word) {
    const Translation t = Ask(q);
    EXPECT_FALSE(t.answered) << q << " → " << t.sql;
    EXPECT_NE(t.abstain_reason.find(word), std::string::npos) << q << ": " << t.abstain_reason;
  }
};

const std::vector<std::string> kNoClients = {"Nancy|Edwards", "Bob|Ito"};

// "哪些员工没有客户", "…一个客户都没有", "…名下没有客户", "没有任何发票的客户": the rows no row of
// the other table refers to, as "没有客户的员工"; a value on the counted rows, or a word after
// them, leaves 没有 unread.
TEST_F(ChinesePhrasingsTest, NoRelatedRowsInTheOtherWordOrders) {
  EXPECT_EQ(Rows("没有客户的员工有哪些"), kNoClients);
  EXPECT_EQ(Rows("哪些员工没有客户"), kNoClients);
  EXPECT_EQ(Rows("哪些员工没有任何客户"), kNoClients);
  EXPECT_EQ(Rows("哪些员工一个客户都没有"), kNoClients);
  EXPECT_EQ(Rows("哪些员工名下没有客户"), kNoClients);
  EXPECT_EQ(Rows("没有任何发票的客户有几个"), (std::vector<std::string>{"1"}));
  ExpectAbstainsNaming("哪些员工没有德国客户", "没有");
}

// "2021年营收多少", "德国客户总共消费了多少": 多少 ending the question after a measure asks for
// its value, as 是多少; after a table it still counts the rows.
TEST_F(ChinesePhrasingsTest, HowMuchAfterAMeasureAsksItsValue) {
  EXPECT_EQ(Rows("2021年营收多少"), (std::vector<std::string>{"22"}));
  EXPECT_EQ(Rows("德国客户总共消费了多少"), (std::vector<std::string>{"17"}));
  EXPECT_EQ(Rows("客户有多少"), (std::vector<std::string>{"4"}));
}

// "Jane Peacock负责几个客户": 负责 between the employee and the customers that refer to her by
// one key is that reference; toward a table with no such key (发票) it stays unread.
TEST_F(ChinesePhrasingsTest, InChargeOfIsTheOneReference) {
  EXPECT_EQ(Rows("Jane Peacock负责几个客户"), (std::vector<std::string>{"3"}));
  EXPECT_EQ(Rows("Jane Peacock负责哪些客户"),
            (std::vector<std::string>{"Ann|Lee", "Bo|Ma", "Di|He"}));
  EXPECT_FALSE(Ask("Jane Peacock负责几张发票").answered);
}

// "每个销售代表负责多少个客户", "哪位销售代表的销售额最高": each/which + a kind of employee (a
// value of their title) is each employee of that kind.
TEST_F(ChinesePhrasingsTest, EachOrWhichOfAKindOfRows) {
  EXPECT_EQ(Rows("每个销售代表负责多少个客户"),
            (std::vector<std::string>{"Jane|Peacock|3", "Steve|Johnson|1"}));
  EXPECT_EQ(Rows("哪位销售代表的销售额最高"), (std::vector<std::string>{"Jane|Peacock|17"}));
  EXPECT_EQ(Rows("每个销售代表的销售额"),
            (std::vector<std::string>{"Jane|Peacock|17", "Steve|Johnson|7"}));
}

// "哪些客户来自巴西", "住在巴西的客户": the verb before a stored value says the rows have it.
TEST_F(ChinesePhrasingsTest, ComeFromOrLiveInBeforeAValue) {
  const std::vector<std::string> brazil = {"Cy|Xu", "Di|He"};
  EXPECT_EQ(Rows("哪些客户来自巴西"), brazil);
  EXPECT_EQ(Rows("住在巴西的客户"), brazil);
  EXPECT_FALSE(Ask("哪些客户来自销售代表的推荐").answered);
}

// "2021年上半年的营收", "2021年下半年": the first or second six months of the year.
TEST_F(ChinesePhrasingsTest, FirstOrSecondHalfOfAYear) {
  EXPECT_EQ(Rows("2021年上半年的营收是多少"), (std::vector<std::string>{"15"}));
  EXPECT_EQ(Rows("2021年下半年的营收"), (std::vector<std::string>{"7"}));
}

// "对比一下2021年和2022年的营收": two consecutive years compared are both years, one row each;
// without a comparison word, or two years apart, the second year stays unread.
TEST_F(ChinesePhrasingsTest, TwoConsecutiveYearsCompared) {
  const std::vector<std::string> both = {"2021|22", "2022|2"};
  EXPECT_EQ(Rows("对比一下2021年和2022年的营收"), both);
  EXPECT_EQ(Rows("2021和2022年的营收对比"), both);
  EXPECT_FALSE(Ask("2021年和2022年的营收").answered);
  EXPECT_FALSE(Ask("对比一下2020年和2022年的营收").answered);
}

// "平均每张发票多少钱", "平均每张发票金额多少": 平均每 + a table's rows + its own measure (or
// 多少钱, its money) is the measure averaged over those rows; a measure of another table (per
// customer) is the sum per customer averaged over the customers with bills (12, 5, 7).
TEST_F(ChinesePhrasingsTest, AnAveragePerOwnRow) {
  EXPECT_EQ(Rows("平均每张发票多少钱"), (std::vector<std::string>{"6"}));
  EXPECT_EQ(Rows("平均每张发票金额多少"), (std::vector<std::string>{"6"}));
  EXPECT_EQ(Rows("平均每个发票的营收"), (std::vector<std::string>{"6"}));
  EXPECT_EQ(Rows("平均每位客户消费多少"), (std::vector<std::string>{"8"}));
}

// "员工名单及职位", "员工及其职位": the table's word joined to a column by 及/和 is an item of the
// list, so the rows are named beside it; "员工的职位" lists the column alone (session 15).
TEST_F(ChinesePhrasingsTest, TheTablesWordJoinedToAColumnListsItsRows) {
  const std::vector<std::string> named = {"Jane|Peacock|Sales Support Agent",
                                          "Nancy|Edwards|Sales Manager",
                                          "Steve|Johnson|Sales Support Agent", "Bob|Ito|IT Staff"};
  EXPECT_EQ(Rows("员工名单及职位"), named);
  EXPECT_EQ(Rows("员工及其职位"), named);
  EXPECT_EQ(Rows("列出员工和职位"), named);
  EXPECT_EQ(Rows("员工的职位").size(), 4u);
  EXPECT_EQ(Rows("员工的职位").front(), "Sales Support Agent");
}

// "Steve Johnson 负责哪些客户": Steve alone could be a customer's first name; with Johnson it is
// the employee's full name, placed on one table (PlaceValues, session 15).
TEST_F(ChinesePhrasingsTest, AFullNameIsOnePersonsName) {
  EXPECT_EQ(Rows("Steve Johnson 负责哪些客户"), (std::vector<std::string>{"Cy|Xu"}));
}

}  // namespace
}  // namespace askdb::nlq
