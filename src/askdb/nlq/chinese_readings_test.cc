// The Chinese readings of the engine on a small music shop with a Chinese semantic model:
// each answered reading is run and its result checked, each refused one names its word.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "askdb/catalog/semantic_model.h"
#include "askdb/db/sqlite/sqlite_connector.h"
#include "askdb/nlq/engine.h"
#include "askdb/nlq/measure_units.h"
#include "askdb/nlq/schema_index.h"
#include "askdb/nlq/test_fixture.h"
#include "askdb/nlq/tokenizer.h"

namespace askdb::nlq {
namespace {

constexpr const char* kMusicSql = R"sql(
CREATE TABLE members(member_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT,
                     nation TEXT);
CREATE TABLE receipts(receipt_id INTEGER PRIMARY KEY,
                      member_id INTEGER REFERENCES members(member_id), paid_on TEXT,
                      total REAL, bill_nation TEXT);
CREATE TABLE songs(song_id INTEGER PRIMARY KEY, title TEXT, length_ms INTEGER);
INSERT INTO members VALUES (1,'Ann','Lee','France'),(2,'Ann','Wu','France'),
  (3,'Bo','Ma','Japan'),(4,'Cy','Xu','Japan'),(5,'Di','He','Chile'),(6,'Ed','Li','Japan');
INSERT INTO receipts VALUES (1,1,'2021-03-01',10,'France'),(2,1,'2022-04-01',20,'France'),
  (3,2,'2023-05-01',5,'France'),(4,3,'2023-06-01',7,'Japan'),(5,3,'2024-07-01',8,'Japan'),
  (6,3,'2024-08-01',9,'Japan'),(7,4,'2020-01-01',1,'Chile');
INSERT INTO songs VALUES (1,'Intro',90000),(2,'Epic',700000),(3,'Long Road',650000),
  (4,'Short',120000),(5,'Mid',300000);
)sql";

using testing::SemanticColumn;
using testing::SemanticTable;

class ChineseReadingsTest : public testing::DbTest {
 protected:
  void SetUp() override {
    catalog::SemanticModel model;
    catalog::TableSemantics members = SemanticTable("members", "会员", "member");
    catalog::ColumnSemantics nation =
        SemanticColumn("nation", "国家", "country", catalog::ColumnRole::kDimension);
    nation.values = {{"Japan", {"日本"}}, {"France", {"法国"}}};
    members.columns = {SemanticColumn("first_name", "名", "first name"),
                       SemanticColumn("last_name", "姓", "last name"), nation};
    catalog::TableSemantics receipts = SemanticTable("receipts", "小票", "receipt");
    receipts.synonyms = {"订单"};
    catalog::ColumnSemantics total =
        SemanticColumn("total", "小票金额", "receipt total", catalog::ColumnRole::kMeasure);
    total.synonyms = {"消费", "销售额"};
    catalog::ColumnSemantics bill_nation = SemanticColumn(
        "bill_nation", "账单国家", "billing country", catalog::ColumnRole::kDimension);
    bill_nation.synonyms = {"国家"};
    bill_nation.values = {{"Japan", {"日本"}}, {"France", {"法国"}}};
    catalog::ColumnSemantics paid_on = SemanticColumn("paid_on", "付款日期", "paid on");
    paid_on.synonyms = {"录入时间"};
    receipts.columns = {paid_on, total, bill_nation};
    catalog::TableSemantics songs = SemanticTable("songs", "歌曲", "song");
    catalog::ColumnSemantics length =
        SemanticColumn("length_ms", "时长", "length", catalog::ColumnRole::kMeasure);
    length.unit = "ms";
    songs.columns = {SemanticColumn("title", "歌名", "title"), length};
    model.tables = {members, receipts, songs};
    options_.anchor_date = CivilDate{2024, 12, 31};
    Open(kMusicSql, &model);
  }
  void ExpectAbstainsNaming(std::string_view q, std::string_view word) {
    const Translation t = Ask(q);
    EXPECT_FALSE(t.answered) << q << " → " << t.sql;
    EXPECT_NE(t.abstain_reason.find(word), std::string::npos) << q << ": " << t.abstain_reason;
  }
};

// "会员数": 数 right after a table word counts its rows, as 数量 would.
TEST_F(ChineseReadingsTest, ShuAfterATableWordCountsItsRows) {
  EXPECT_EQ(Rows("会员数是多少"), (std::vector<std::string>{"6"}));
  EXPECT_EQ(Rows("各国家的会员数"), (std::vector<std::string>{"Japan|3", "France|2", "Chile|1"}));
  // 各 right after the grouped word repeats the grouping.
  EXPECT_EQ(Rows("每位会员各有多少订单").size(), 4u);
}

// 从多到少/从少到多 are directions (as 从高到低 is); said alone after a grouped count they
// order its groups that way, not by the default largest first.
TEST_F(ChineseReadingsTest, FromFewToManyOrdersTheGroupsCountUpwards) {
  EXPECT_EQ(Rows("各国家的会员数，从少到多"),
            (std::vector<std::string>{"Chile|1", "France|2", "Japan|3"}));
  EXPECT_EQ(Rows("各国家的会员数，从多到少"),
            (std::vector<std::string>{"Japan|3", "France|2", "Chile|1"}));
  // 按数量 / 排序 said of the grouped count itself order by it; without a direction 按数量排序
  // stays unread.
  EXPECT_EQ(Rows("各国家的会员数量，按数量从少到多"),
            (std::vector<std::string>{"Chile|1", "France|2", "Japan|3"}));
  EXPECT_EQ(Rows("各国家的会员数量，从少到多排序"),
            (std::vector<std::string>{"Chile|1", "France|2", "Japan|3"}));
  ExpectAbstainsNaming("各国家的会员数量，按数量排序", "按");
}

// 法国会员占全部会员的百分比: the one value before 占 is the part, the rest of the question the
// whole (its period too, when said before the part). A value or a period after 占 names the
// whole, not the part: abstains.
TEST_F(ChineseReadingsTest, AValueBeforeZhanIsThePartOfAShare) {
  auto share = [&](std::string_view q) {
    const std::vector<std::string> rows = Rows(q);
    return rows.size() == 1 ? std::stod(rows[0]) : -1.0;
  };
  EXPECT_NEAR(share("法国会员占全部会员的百分比"), 100.0 * 2 / 6, 1e-9);
  EXPECT_NEAR(share("法国的销售额占总销售额的比例"), 100.0 * 35 / 60, 1e-9);
  EXPECT_NEAR(share("2024年日本的销售额占比"), 100.0, 1e-9);
  EXPECT_FALSE(Ask("法国的销售额占2024年销售额的比例").answered);
  EXPECT_FALSE(Ask("销售额占法国销售额的比例").answered);
  EXPECT_FALSE(Ask("法国会员与日本会员的比例").answered);
}

// 人 counts people: 会员人数, 会员总共几个人 count the members (a first and last name: people);
// receipts and songs hold no people, so 人 stays unread there.
TEST_F(ChineseReadingsTest, RenShuCountsATableOfPeople) {
  EXPECT_EQ(Rows("会员人数"), (std::vector<std::string>{"6"}));
  EXPECT_EQ(Rows("会员总共几个人"), (std::vector<std::string>{"6"}));
  EXPECT_EQ(Rows("会员有多少人"), (std::vector<std::string>{"6"}));
  ExpectAbstainsNaming("小票有多少人", "人");
  EXPECT_FALSE(Ask("歌曲人数").answered);
}

// "会员按国家统计人数": the table said first (the topic) is what a count word left at the end
// counts; with two tables named the count says neither.
TEST_F(ChineseReadingsTest, ACountWordAtTheEndCountsTheTopicTable) {
  const std::vector<std::string> by_nation{"Japan|3", "France|2", "Chile|1"};
  EXPECT_EQ(Rows("会员按国家统计人数"), by_nation);
  EXPECT_EQ(Rows("会员按国家统计数量"), by_nation);
  EXPECT_FALSE(Ask("会员的小票按国家统计数量").answered);
}

// 对比/比较 asks for each side's own figure: two values of one column are one row each, a
// breakdown already grouped is the comparison itself; a top N to compare stays unread.
TEST_F(ChineseReadingsTest, ComparingValuesGivesEachItsRow) {
  EXPECT_EQ(Rows("对比一下日本和法国的会员数"), (std::vector<std::string>{"Japan|3", "France|2"}));
  EXPECT_EQ(Rows("日本和法国的会员数对比"), (std::vector<std::string>{"Japan|3", "France|2"}));
  EXPECT_EQ(Rows("日本和法国的会员数"), (std::vector<std::string>{"5"}));  // no 对比: one total
  EXPECT_EQ(Rows("各国家的会员数对比").size(), 3u);
  ExpectAbstainsNaming("对比日本和法国消费最高的会员", "对比");
}

// "2024年7月到8月": a later month of the same year after a range word ends the period; a month
// before the first (8月到7月) is no range and stays unread.
TEST_F(ChineseReadingsTest, AMonthRangeInsideAYear) {
  EXPECT_EQ(Rows("2024年7月到8月的订单数"), (std::vector<std::string>{"2"}));
  EXPECT_EQ(Rows("2023年5月至6月之间的销售额"), (std::vector<std::string>{"12"}));
  EXPECT_FALSE(Ask("2024年8月到7月的订单数").answered);
}

// "国家为日本的会员": 为/等于 between a column and its value say the value as 是 does; the
// column names the condition, not a column to list beside a count.
TEST_F(ChineseReadingsTest, WeiBeforeAValueNamesItsColumn) {
  EXPECT_EQ(Rows("国家为日本的会员有多少人"), (std::vector<std::string>{"3"}));
  EXPECT_EQ(Rows("国家等于法国的会员有几个"), (std::vector<std::string>{"2"}));
}

// 排名 beside groups ranks them by their measure, largest first: the measure said before it
// (销售额排名 sums it; 会员数排名 is the grouped count), also over years. A group ordered by a
// bare column it neither groups nor computes abstains (it ordered by one arbitrary row's value).
TEST_F(ChineseReadingsTest, RankingTheGroupsOrdersThemByTheirMeasure) {
  EXPECT_EQ(Rows("各国家的会员数排名"),
            (std::vector<std::string>{"Japan|3", "France|2", "Chile|1"}));
  EXPECT_EQ(Rows("每年的销售额排名"),
            (std::vector<std::string>{"2022|20", "2024|17", "2023|12", "2021|10", "2020|1"}));
  EXPECT_FALSE(Ask("各国家按小票金额排序").answered);
}

// 会员量 counts the members as 会员数 does; 列一下 asks for a list as 列出 does.
TEST_F(ChineseReadingsTest, LiangAfterATableWordCountsItsRows) {
  EXPECT_EQ(Rows("各国家的会员量"), (std::vector<std::string>{"Japan|3", "France|2", "Chile|1"}));
  EXPECT_EQ(Rows("列一下日本的会员").size(), 3u);
}

// 按国家分的会员数: 分 right after the word 按 groups by is the grouping verb, not a word left.
TEST_F(ChineseReadingsTest, FenAfterTheGroupedWordIsTheGrouping) {
  EXPECT_EQ(Rows("按国家分的会员数"), (std::vector<std::string>{"Japan|3", "France|2", "Chile|1"}));
}

// A grouping said twice (按国家 … 各国家) is one group: no second, equal column.
TEST_F(ChineseReadingsTest, AGroupingSaidTwiceIsOneGroup) {
  EXPECT_EQ(Rows("按国家统计各国家的会员数"),
            (std::vector<std::string>{"Japan|3", "France|2", "Chile|1"}));
}

// 按付款日期统计每年的小票数: the date said beside a year bucket is the bucket's date, not a
// second group (that had split every year into its days); English too.
TEST_F(ChineseReadingsTest, ADateBesideABucketIsTheBucketsDate) {
  const std::vector<std::string> per_year{"2020|1", "2021|1", "2022|1", "2023|2", "2024|2"};
  EXPECT_EQ(Rows("按付款日期统计每年的小票数"), per_year);
  EXPECT_EQ(Rows("每年的小票数，按付款日期"), per_year);
  EXPECT_EQ(Rows("number of receipts per year by paid on"), per_year);
  EXPECT_EQ(Rows("按付款日期统计小票数").size(), 7u);  // no bucket: each date its row
}

// "按国家和年份统计销售额": a year or month word ending a Chinese group list is a bucket beside the
// groups, ordered as the list is said; a bucket said first heads the list ("按年份和国家").
TEST_F(ChineseReadingsTest, ABucketInAGroupListGroupsBesideTheColumns) {
  const std::vector<std::string> by_nation_year{"2020|Chile|1",  "2021|France|10", "2022|France|20",
                                                "2023|France|5", "2023|Japan|7",   "2024|Japan|17"};
  EXPECT_EQ(Rows("按账单国家和年份统计销售额"), by_nation_year);
  EXPECT_EQ(Rows("按账单国家、年统计销售额"), by_nation_year);
  EXPECT_EQ(Rows("分账单国家及年份的销售额"), by_nation_year);
  EXPECT_EQ(Rows("按账单国家和月份统计销售额").size(), 7u);
  EXPECT_EQ(Rows("按年份和账单国家统计销售额").size(), 6u);
  // 季度 is a bucket word of its own: it still ends the list, ordered as said.
  const std::vector<std::string> by_quarter = Rows("分账单国家及季度的销售额");
  ASSERT_EQ(by_quarter.size(), 6u);
  EXPECT_EQ(by_quarter.front(), "2020-Q1|Chile|1");
  EXPECT_EQ(by_quarter.back(), "2024-Q3|Japan|17");
  // Two columns called 国家 (the member's, the bill's): the list is not grouped by a guess.
  EXPECT_FALSE(Ask("按年份和国家统计销售额").answered);
}

// "2023年以后注册的客户": the verb after a year boundary names the date column by the model's
// Chinese names (录入 + 时间 = paid_on's synonym 录入时间), when the raw name is English.
TEST_F(ChineseReadingsTest, AYearBoundaryVerbNamesTheModelsDateColumn) {
  EXPECT_EQ(Rows("2022年以后录入的小票有几张"), std::vector<std::string>{"5"});
  EXPECT_EQ(Rows("2022年之前录入的小票有多少"), std::vector<std::string>{"2"});
  EXPECT_FALSE(Ask("2022年以后退款的小票有几张").answered);  // no 退款 date column
}

// "有2个及以上客户的城市", "有超过10张发票的客户", "至少有3个客户的国家": 有 + a compared count
// of B + 的 + A: A's groups (a column of B) or A's rows (B refers to A) with so many rows of B.
TEST_F(ChineseReadingsTest, HavingACountOfRowsNamesTheGroupsOrRows) {
  auto sorted = [this](std::string_view q) {
    std::vector<std::string> rows = Rows(q);
    std::sort(rows.begin(), rows.end());
    return rows;
  };
  const std::vector<std::string> two_nations{"France", "Japan"};
  EXPECT_EQ(sorted("有3张及以上小票的账单国家"), two_nations);
  EXPECT_EQ(sorted("有超过1张小票的账单国家"), two_nations);
  const std::vector<std::string> two_members{"Ann|Lee", "Bo|Ma"};
  EXPECT_EQ(sorted("有超过1张小票的会员"), two_members);
  EXPECT_EQ(sorted("至少有2张小票的会员"), two_members);
  EXPECT_FALSE(Ask("有3张以上小票的账单国家").answered);  // 以上: more than, or at least?
}

// "曲目数超过20的专辑", "客户数超过300个的城市": B数 + a comparison + 的 + A, with A a table B
// refers to, counts A's rows of B as "B超过N个的A" does.
TEST_F(ChineseReadingsTest, ACountWordOfRowsReferringToATableComparesTheirCount) {
  auto sorted = [this](std::string_view q) {
    std::vector<std::string> rows = Rows(q);
    std::sort(rows.begin(), rows.end());
    return rows;
  };
  EXPECT_EQ(sorted("小票数超过1张的会员"), (std::vector<std::string>{"Ann|Lee", "Bo|Ma"}));
  EXPECT_EQ(Rows("小票数少于2张的会员有几个"), std::vector<std::string>{"4"});
}

// "每年的营收分别是多少": 分别/各自/都 between a grouped measure and 是多少 say each group's value.
TEST_F(ChineseReadingsTest, RespectivelyBeforeHowMuchAsksEachGroupsValue) {
  const std::vector<std::string> by_year{"2020|1", "2021|10", "2022|20", "2023|12", "2024|17"};
  EXPECT_EQ(Rows("每年的小票金额是多少"), by_year);
  EXPECT_EQ(Rows("每年的小票金额分别是多少"), by_year);
  EXPECT_EQ(Rows("每年的小票金额各自是多少"), by_year);
}

// "美国和加拿大每年的销售额分别是多少" summed both countries together: 分别/各自 after two values
// gives each value its figure (a group by their column, before a period said after them).
TEST_F(ChineseReadingsTest, RespectivelyAfterValuesGivesEachValueItsFigure) {
  auto sorted = [this](std::string_view q) {
    std::vector<std::string> rows = Rows(q);
    std::sort(rows.begin(), rows.end());
    return rows;
  };
  EXPECT_EQ(sorted("日本和法国的小票金额分别是多少"),
            (std::vector<std::string>{"France|35", "Japan|24"}));
  EXPECT_EQ(sorted("日本和法国的会员各自有多少个"),
            (std::vector<std::string>{"France|2", "Japan|3"}));
  EXPECT_EQ(Rows("日本和法国每年的小票金额分别是多少"),
            (std::vector<std::string>{"2021|France|10", "2022|France|20", "2023|France|5",
                                      "2023|Japan|7", "2024|Japan|17"}));
  EXPECT_EQ(Rows("日本和法国的小票金额是多少"), std::vector<std::string>{"59"});
}

// "按媒体类型看销售额" abstained on 看: after 按 and the word grouped by, 看/来看 says no more
// than 统计; with nothing after it ("按账单国家看") it is still unread.
TEST_F(ChineseReadingsTest, LookingByAGroupIsAGrouping) {
  auto sorted = [this](std::string_view q) {
    std::vector<std::string> rows = Rows(q);
    std::sort(rows.begin(), rows.end());
    return rows;
  };
  const std::vector<std::string> by_nation{"Chile|1", "France|35", "Japan|24"};
  EXPECT_EQ(sorted("按账单国家看小票金额"), by_nation);
  EXPECT_EQ(sorted("按账单国家来看小票金额"), by_nation);
  EXPECT_EQ(Rows("按年看小票数"),
            (std::vector<std::string>{"2020|1", "2021|1", "2022|1", "2023|2", "2024|2"}));
  EXPECT_FALSE(Ask("按账单国家看").answered);
}

// "消费最多的客户是谁" abstained on 谁 (0.69): after a ranking of a table's rows by their names,
// 谁 asks for those names. Totals per group with nobody listed ("各账单国家消费最多的是谁", each
// country's largest receipt) still abstain naming it.
TEST_F(ChineseReadingsTest, WhoAfterRankedRowsAsksForTheirNames) {
  EXPECT_EQ(Rows("消费最多的会员是谁"), std::vector<std::string>{"Ann|Lee|30"});
  ExpectAbstainsNaming("各账单国家消费最多的是谁", "“谁”");
}

// "每年12月的销售额" (cz11-091) abstained on 12: a month said right after a yearly bucket is that
// month of every year (MonthOfYear), each year a row; beside a period or not a month, unread.
TEST_F(ChineseReadingsTest, AMonthOfEveryYearKeepsThatMonthInEachYear) {
  EXPECT_EQ(Rows("每年3月的小票金额"), (std::vector<std::string>{"2021|10"}));
  EXPECT_EQ(Rows("每年的8月份小票数"), (std::vector<std::string>{"2024|1"}));
  EXPECT_FALSE(Ask("每年13月的小票金额").answered);
  EXPECT_FALSE(Ask("2024年每年8月的小票金额").answered);
}

// "各国家每年的订单数": the group said before the period word leads the order (each country's
// years together); the period said first leads it.
TEST_F(ChineseReadingsTest, TheGroupSaidBeforeThePeriodLeadsTheOrder) {
  const auto order_of = [this](std::string_view q) {
    const Translation t = Ask(q);
    EXPECT_TRUE(t.answered) << q << ": " << t.abstain_reason;
    const size_t at = t.sql.find("ORDER BY ");
    return at == std::string::npos ? std::string() : t.sql.substr(at, t.sql.find('\n', at) - at);
  };
  EXPECT_EQ(Rows("各账单国家每年的销售额").size(), 6u);
  EXPECT_EQ(order_of("各账单国家每年的销售额"),
            "ORDER BY \"receipts\".\"bill_nation\", strftime('%Y', \"receipts\".\"paid_on\")");
  EXPECT_EQ(order_of("每年各账单国家的销售额"),
            "ORDER BY strftime('%Y', \"receipts\".\"paid_on\"), \"receipts\".\"bill_nation\"");
}

// "每个月新增多少客户": 新增 counts the rows by their own one date; rows with no date of their own
// (the members) leave it unread.
TEST_F(ChineseReadingsTest, NewRowsAreCountedByTheirOwnDate) {
  EXPECT_EQ(Rows("每年新增多少小票"),
            (std::vector<std::string>{"2020|1", "2021|1", "2022|1", "2023|2", "2024|2"}));
  EXPECT_EQ(Rows("2023年新增了多少小票"), std::vector<std::string>{"2"});
  EXPECT_FALSE(Ask("每年新增多少会员").answered);
}

// "发票金额超过20的有几张": a condition nominalised by 的 and counted, no table word, counts the
// rows of the table the condition is on.
TEST_F(ChineseReadingsTest, ACountedConditionCountsItsRows) {
  EXPECT_EQ(Rows("小票金额超过8的有几张"), std::vector<std::string>{"3"});
  EXPECT_EQ(Rows("小票金额超过8的有多少"), std::vector<std::string>{"3"});
}

// "日本会员的姓和消费": a measure beside another table's names, its own table unnamed and nothing
// grouped, would list each receipt under its member's name; refused naming the measure. Grouped
// or with its table named, it answers.
TEST_F(ChineseReadingsTest, AMeasureUnderAnotherTablesNamesIsNotListedPerRow) {
  ExpectAbstainsNaming("日本会员的姓和消费", "消费");
  EXPECT_EQ(Rows("各会员的消费").size(), 4u);
}

// "哪一年的销售额最高": a which-word before a year unit with a superlative ranks the years;
// a month only inside one year ("哪个月" over several years abstains). 按年份 is 按年.
TEST_F(ChineseReadingsTest, WhichPeriodWithASuperlativeRanksThePeriods) {
  EXPECT_EQ(Rows("哪一年的销售额最高"), (std::vector<std::string>{"2022|20"}));
  EXPECT_EQ(Rows("2024年哪个月的销售额最高"), (std::vector<std::string>{"2024-08|9"}));
  EXPECT_FALSE(Ask("哪个月的销售额最高").answered);
  EXPECT_EQ(Rows("按年份统计订单数").size(), 5u);
}

// 每/各 before a table whose names repeat (two members called Ann) group by the name with the
// key beside it: two Anns stay two groups.
TEST_F(ChineseReadingsTest, EachBeforeATableGroupsByItsNameAndKey) {
  const std::vector<std::string> rows = Rows("每位会员的订单数");
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(rows[0], "Bo|Ma|3");
  EXPECT_EQ(rows[1], "Ann|Lee|2");
  EXPECT_EQ(Rows("各会员的订单数量").size(), 4u);
}

// An average of a key named as a count is an average of counts: refused, not AVG(id).
TEST_F(ChineseReadingsTest, AnAverageOfACountIsRefused) {
  const Translation t = Ask("每位会员的平均订单数");
  EXPECT_FALSE(t.answered) << t.sql;
}

// "2021年到2023年": one range; two periods that are not a range are refused naming the
// second rather than answered on one of them.
TEST_F(ChineseReadingsTest, AYearRangeIsOnePeriodAndTwoPeriodsAreRefused) {
  EXPECT_EQ(Rows("2021年到2023年的订单数"), (std::vector<std::string>{"4"}));
  EXPECT_EQ(Rows("2021年至2023年每年的订单数"),
            (std::vector<std::string>{"2021|1", "2022|1", "2023|2"}));
  ExpectAbstainsNaming("2021年和2023年的订单数", "2023");
  ExpectAbstainsNaming("2023年到2021年的订单数", "2021");
  EXPECT_FALSE(Ask("去年和今年的销售额").answered);
}

// 国家 is a column of both members and receipts: beside a measure of the receipts it is the
// receipts' own (no join through the members); with no measure it stays a guess.
TEST_F(ChineseReadingsTest, ADimensionOfSeveralTablesIsTheMeasuresTables) {
  const std::vector<std::string> by_bill = {"France|35", "Japan|24", "Chile|1"};
  EXPECT_EQ(Rows("每个国家的销售额"), by_bill);
  EXPECT_EQ(Rows("按国家统计销售额"), by_bill);
  EXPECT_EQ(Rows("销售额最高的国家"), (std::vector<std::string>{"France|35"}));
  const Translation t = Ask("每个国家的销售额");
  EXPECT_EQ(t.sql.find("members"), std::string::npos) << t.sql;
  EXPECT_FALSE(Ask("列出所有国家").answered);
}

// "时长最长的3首歌", "哪首歌最短": the N rows ordered by their own column, not one MAX.
TEST_F(ChineseReadingsTest, TheNLongestRowsAreRowsOrderedByTheirOwnColumn) {
  const std::vector<std::string> three = {"Epic|700000", "Long Road|650000", "Mid|300000"};
  EXPECT_EQ(Rows("时长最长的3首歌曲"), three);
  EXPECT_EQ(Rows("最长的3首歌曲"), three);
  EXPECT_EQ(Rows("哪首歌曲最短"), (std::vector<std::string>{"Intro|90000"}));
  EXPECT_EQ(Rows("哪首歌曲的时长最长"), (std::vector<std::string>{"Epic|700000"}));
  // Anything else asked is left to the other readings: one number, not rows.
  EXPECT_EQ(Rows("歌曲的最长时长"), (std::vector<std::string>{"700000"}));
}

// "订单数量最多的会员": a count word after its table ranks like "订单最多的会员".
TEST_F(ChineseReadingsTest, ACountWordBeforeMostRanksTheRowsAfter) {
  EXPECT_EQ(Rows("订单数量最多的会员"), (std::vector<std::string>{"Bo|Ma|3"}));
}

// The fewest orders per member, counted through the join, would leave out the two members
// with none: refused. Members per country reach every country row, so that one is answered.
TEST_F(ChineseReadingsTest, TheFewestThroughAJoinIsRefusedWhenRowsHaveNone) {
  EXPECT_FALSE(Ask("订单最少的会员").answered);
  EXPECT_FALSE(Ask("which member has the fewest receipts").answered);
  EXPECT_EQ(Rows("会员最少的国家"), (std::vector<std::string>{"Chile|1"}));
}

// "日本会员的消费总额": the value is the named members' country (member 4 paid one
// receipt billed to Chile), not the receipts' own billing country.
TEST_F(ChineseReadingsTest, AValueBesideANamedTableFiltersThatTable) {
  EXPECT_EQ(Rows("日本会员的消费总额"), (std::vector<std::string>{"25"}));
  EXPECT_EQ(Rows("日本的销售额"), (std::vector<std::string>{"24"}));
}

// "超过10分钟" on a column held in milliseconds (length_ms) compares 600000; a duration word
// on a column whose name gives no unit is refused, not compared as a bare 10.
TEST_F(ChineseReadingsTest, ADurationIsComparedInTheColumnsUnit) {
  EXPECT_EQ(Rows("时长超过10分钟的歌曲有多少首"), (std::vector<std::string>{"2"}));
  EXPECT_EQ(Rows("时长少于2分钟的歌曲"), (std::vector<std::string>{"Intro"}));
  EXPECT_EQ(Rows("时长超过300秒的歌曲有多少首"), (std::vector<std::string>{"2"}));
  EXPECT_FALSE(Ask("小票金额超过10分钟的小票有多少张").answered);
  // No column named: the duration is the length of the rows said after it.
  EXPECT_EQ(Rows("超过10分钟的歌曲有多少首"), (std::vector<std::string>{"2"}));
  EXPECT_FALSE(Ask("超过10分钟的小票有多少张").answered);  // receipts have no length
}

// "没有订单的会员": the members no receipt points at (5 and 6), as "members without receipts".
TEST_F(ChineseReadingsTest, NoRelatedRowsIsACountOfZero) {
  EXPECT_EQ(Rows("没有订单的会员有多少"), (std::vector<std::string>{"2"}));
  EXPECT_EQ(Rows("没有小票的会员有几位"), (std::vector<std::string>{"2"}));
}

// "订单超过1张的会员": the members more than one receipt points at (1 and 3); fewer than 2
// counts the members with none too. Only a whole number of rows is read.
TEST_F(ChineseReadingsTest, ACountOfRelatedRowsComparedInChinese) {
  EXPECT_EQ(Rows("订单超过1张的会员有多少"), (std::vector<std::string>{"2"}));
  EXPECT_EQ(Rows("订单少于2张的会员有几位"), (std::vector<std::string>{"4"}));
  EXPECT_FALSE(Ask("订单超过1.5张的会员有多少").answered);
}

// "各国的会员数": 国 alone is short for 国家, the one word it starts; after 各 it groups as
// 国家 would. Read at a lower confidence than the written word.
TEST_F(ChineseReadingsTest, OneCharacterShortForAWordGroupsAsTheWord) {
  EXPECT_EQ(Rows("各国的会员数"), (std::vector<std::string>{"Japan|3", "France|2", "Chile|1"}));
  EXPECT_LT(Ask("各国的会员数").confidence, Ask("各国家的会员数").confidence);
}

// A small shop: stores (门店, also 商店), their staff, customers and orders (下单 is a word
// of the orders), to read 店 for 门店, 下过单 for 下单 and 最早/最晚 on a date column.
constexpr const char* kChineseShopSql = R"sql(
CREATE TABLE stores(store_id INTEGER PRIMARY KEY, name TEXT, city TEXT, opened_on TEXT);
CREATE TABLE staff(staff_id INTEGER PRIMARY KEY, name TEXT, hired_on TEXT, born_on TEXT);
CREATE TABLE customers(customer_id INTEGER PRIMARY KEY, name TEXT);
CREATE TABLE orders(order_id INTEGER PRIMARY KEY,
                    customer_id INTEGER REFERENCES customers(customer_id), total REAL);
INSERT INTO stores VALUES (1,'东店','上海','2019-05-01'),(2,'西店','上海','2021-03-01'),
  (3,'南店','北京','2020-07-01');
INSERT INTO staff VALUES (1,'王一','2018-01-01','1990-01-01'),(2,'李二','2016-06-01','1995-01-01'),
  (3,'张三',NULL,'1980-01-01'),(4,'赵四','2020-01-01','1985-01-01');
INSERT INTO customers VALUES (1,'甲'),(2,'乙'),(3,'丙');
INSERT INTO orders VALUES (1,1,10),(2,1,20),(3,2,5);
CREATE TABLE categories(category_id INTEGER PRIMARY KEY, name TEXT);
CREATE TABLE products(product_id INTEGER PRIMARY KEY, name TEXT,
                      category_id INTEGER REFERENCES categories(category_id));
CREATE TABLE order_lines(line_id INTEGER PRIMARY KEY,
                         order_id INTEGER REFERENCES orders(order_id),
                         product_id INTEGER REFERENCES products(product_id), amount REAL);
INSERT INTO categories VALUES (1,'手机'),(2,'美妆');
INSERT INTO products VALUES (1,'P1',1),(2,'L1',2);
INSERT INTO order_lines VALUES (1,1,1,6),(2,1,2,4),(3,2,1,20),(4,3,2,5);
)sql";

class ChineseShopTest : public testing::DbTest {
 protected:
  void SetUp() override {
    catalog::SemanticModel model;
    catalog::TableSemantics stores = SemanticTable("stores", "门店", "store");
    stores.synonyms = {"商店"};
    stores.columns = {SemanticColumn("name", "门店名称", "store name"),
                      SemanticColumn("city", "城市", "city"),
                      SemanticColumn("opened_on", "开业日期", "opening date")};
    catalog::TableSemantics staff = SemanticTable("staff", "员工", "staff");
    staff.columns = {SemanticColumn("name", "姓名", "name"),
                     SemanticColumn("hired_on", "入职日期", "hire date"),
                     SemanticColumn("born_on", "出生日期", "birth date")};
    catalog::TableSemantics customers = SemanticTable("customers", "客户", "customer");
    catalog::TableSemantics orders = SemanticTable("orders", "订单", "order");
    orders.synonyms = {"下单"};
    catalog::ColumnSemantics total =
        SemanticColumn("total", "订单金额", "order total", catalog::ColumnRole::kMeasure);
    total.synonyms = {"销售额"};
    orders.columns = {total};
    catalog::TableSemantics categories = SemanticTable("categories", "品类", "category");
    catalog::TableSemantics lines = SemanticTable("order_lines", "订单明细", "order lines");
    catalog::ColumnSemantics amount =
        SemanticColumn("amount", "明细金额", "line amount", catalog::ColumnRole::kMeasure);
    amount.synonyms = {"商品销售额"};
    lines.columns = {amount};
    model.tables = {stores, staff, customers, orders, categories, lines};
    Open(kChineseShopSql, &model);
  }
};

// "上海有几家店": after a count, 店 is the stores (the head of 门店 and 商店). Inside a
// longer unknown word (店员) it is not; and a character that starts or ends words of two
// different things (名: 门店名称, 姓名) is short for neither.
TEST_F(ChineseShopTest, OneCharacterAfterACountIsTheTableItShortens) {
  EXPECT_EQ(Rows("上海有几家店"), (std::vector<std::string>{"2"}));
  const std::string* shop = index_->AbbreviatedWord("店");
  ASSERT_NE(shop, nullptr);
  EXPECT_TRUE(*shop == PhraseKey("门店") || *shop == PhraseKey("商店")) << *shop;
  EXPECT_EQ(index_->AbbreviatedWord("名"), nullptr);
  EXPECT_FALSE(Ask("上海有几个店员").answered);
}

// "没有下过单的客户": 下单 written with 过 inside is still the word, so the customers no
// order points at are counted.
TEST_F(ChineseShopTest, AVerbObjectWordWithGuoInsideIsTheWord) {
  EXPECT_EQ(Rows("没有下过单的客户有多少"), (std::vector<std::string>{"1"}));
}

// 几种/多少种 ask how many kinds (a count of the distinct values, before or after the column);
// 哪几种 asks which ones (the values listed). "有几种城市" had listed the cities.
TEST_F(ChineseShopTest, HowManyKindsCountsTheDistinctValues) {
  EXPECT_EQ(Rows("门店有几种城市"), (std::vector<std::string>{"2"}));
  EXPECT_EQ(Rows("门店的城市有几种"), (std::vector<std::string>{"2"}));
  std::vector<std::string> which = Rows("门店有哪几种城市");
  std::sort(which.begin(), which.end());
  EXPECT_EQ(which, (std::vector<std::string>{"上海", "北京"}));
}

// "手机的销售额": the category is a value of the order lines' products, so the sum moves down
// to the lines' own amount (6 + 20), not the totals of orders holding a phone (10 + 20). A
// count of orders by a line's value stays refused.
TEST_F(ChineseShopTest, AValueOfTheLinesSumsTheLinesAmount) {
  EXPECT_EQ(Rows("手机的销售额"), (std::vector<std::string>{"26"}));
  EXPECT_FALSE(Ask("手机的订单数").answered);
}

// "APP渠道的销售额": the column said right after its value names the value's column; it had
// been listed, so every app order's amount was listed instead of their sum.
TEST_F(ChineseReadingsTest, AColumnSaidAfterItsValueIsTheConditions) {
  catalog::SemanticModel model;
  catalog::TableSemantics orders = SemanticTable("orders", "订单", "orders");
  catalog::ColumnSemantics channel = SemanticColumn("channel", "销售渠道", "channel");
  channel.synonyms = {"渠道"};
  channel.values = {{"app", {"APP"}}};
  catalog::ColumnSemantics total =
      SemanticColumn("total", "订单金额", "amount", catalog::ColumnRole::kMeasure);
  total.synonyms = {"销售额"};
  orders.columns = {channel, total};
  model.tables = {orders};
  Open(R"sql(CREATE TABLE orders(order_id INTEGER PRIMARY KEY, channel TEXT, total REAL);
             INSERT INTO orders VALUES (1,'app',10),(2,'app',20),(3,'online',5);)sql",
       &model);
  EXPECT_EQ(Rows("APP渠道的销售额"), (std::vector<std::string>{"30"}));
  EXPECT_EQ(Rows("APP渠道的订单有几个"), (std::vector<std::string>{"2"}));
}

// 最早/最晚 order the rows by the time column the words beside them name (入职 → 入职日期),
// or the table's only one; a row with no date is never the earliest. Two time columns and no
// word to choose (最早的员工: born or hired?) is refused.
TEST_F(ChineseShopTest, EarliestAndLatestOrderRowsByTheirDate) {
  EXPECT_EQ(Rows("最早入职的员工是谁"), (std::vector<std::string>{"李二"}));
  EXPECT_EQ(Rows("哪位员工入职最晚"), (std::vector<std::string>{"赵四"}));
  EXPECT_EQ(Rows("最晚开业的2家门店"), (std::vector<std::string>{"西店", "南店"}));
  EXPECT_EQ(Rows("上海最早开业的门店"), (std::vector<std::string>{"东店"}));
  EXPECT_FALSE(Ask("最早的员工是谁").answered);
  EXPECT_FALSE(Ask("最早入职的员工的平均年龄").answered);
}

class ChineseTableTailTest : public testing::DbTest {};

// DuSQL declares columns int that hold names (作者: 路遥): such a column is text and its
// values name it. One holding numbers with units ('12万') stays a number column.
TEST_F(ChineseTableTailTest, AnIntColumnHoldingNamesIsText) {
  Open(R"sql(
CREATE TABLE 文学作品(词条id INTEGER PRIMARY KEY, 名称 TEXT, 作者 INT, 字数 INT);
INSERT INTO 文学作品 VALUES (1,'活着','余华','12万'),(2,'平凡的世界','路遥','100万'),
  (3,'人生','路遥',13);
)sql");
  const Translation t = Ask("路遥的作品有哪些");
  ASSERT_TRUE(t.answered) << t.abstain_reason;
  auto rs = conn_->Execute(t.sql, {});
  ASSERT_TRUE(rs.ok()) << t.sql;
  EXPECT_EQ(rs->row_count(), 2u) << t.sql;
  const int table = index_->FindTable("文学作品");
  EXPECT_EQ(index_->columns()[index_->FindColumn(table, "作者")].type_class, TypeClass::kText);
  EXPECT_EQ(index_->columns()[index_->FindColumn(table, "字数")].type_class, TypeClass::kInteger);
}

// A column declared a date that holds no dates ('1982年') is text: "1982年首版的作品" is the
// stored value, and 首版 (with 时间, the column's name) only says which column. A date
// column holding bare years stays a time column.
TEST_F(ChineseTableTailTest, ADateColumnHoldingNoDatesIsTextAndItsVerbNamesIt) {
  Open(R"sql(
CREATE TABLE 文学作品(词条id INTEGER PRIMARY KEY, 名称 TEXT, 首版时间 TIME, 创作年份 TIME);
INSERT INTO 文学作品 VALUES (1,'活着','1993年',1990),(2,'人生','1982年',1981),
  (3,'平凡的世界','1986年',1986);
)sql");
  const Translation t = Ask("1982年首版的作品");
  ASSERT_TRUE(t.answered) << t.abstain_reason;
  auto rs = conn_->Execute(t.sql, {});
  ASSERT_TRUE(rs.ok()) << t.sql;
  ASSERT_EQ(rs->row_count(), 1u) << t.sql;
  EXPECT_EQ(rs->rows[0][0].ToDisplayString(), "人生");
  const int table = index_->FindTable("文学作品");
  EXPECT_EQ(index_->columns()[index_->FindColumn(table, "首版时间")].type_class, TypeClass::kText);
  EXPECT_EQ(index_->columns()[index_->FindColumn(table, "创作年份")].type_class, TypeClass::kDate);
}

// "电视剧平均多少集": 集 is the counting unit of the 集数 column, so 多少集 asks for its value,
// not a count of distinct values beside the average.
TEST_F(ChineseTableTailTest, HowManyOfAColumnsUnitIsTheColumn) {
  Open(R"sql(
CREATE TABLE 电视剧(词条id INTEGER PRIMARY KEY, 名称 TEXT, 集数 INT);
INSERT INTO 电视剧 VALUES (1,'白鹿原',85),(2,'人世间',58),(3,'觉醒年代',43);
)sql");
  EXPECT_EQ(Rows("电视剧平均多少集"), (std::vector<std::string>{"62"}));
  EXPECT_EQ(Rows("白鹿原有多少集"), (std::vector<std::string>{"85"}));
}

// Without a model, a Chinese table name's last word names its rows: 作品 is 文学作品. Not
// after an aggregate word: 各城市平均气温's rows are cities, 气温 is what they hold.
TEST_F(ChineseTableTailTest, TheLastWordOfAChineseTableNameNamesItsRows) {
  Open(R"sql(
CREATE TABLE 文学作品(词条id INTEGER PRIMARY KEY, 名称 TEXT, 作者 TEXT);
CREATE TABLE 各城市平均气温(城市 TEXT, 七月 REAL);
INSERT INTO 文学作品 VALUES (1,'活着','余华'),(2,'平凡的世界','路遥'),(3,'人生','路遥');
INSERT INTO 各城市平均气温 VALUES ('上海',29),('北京',27);
)sql");
  const Translation count = Ask("有多少作品");
  ASSERT_TRUE(count.answered) << count.abstain_reason;
  EXPECT_NE(count.sql.find("FROM \"文学作品\""), std::string::npos) << count.sql;
  EXPECT_FALSE(Ask("气温有多少").answered);
}

// A shop whose model names the money words on the receipt's total and whose receipt lines hold
// price × quantity (Chinook's shape): session 13, coverage-zh.
constexpr const char* kLinesSql = R"sql(
CREATE TABLE genres(genre_id INTEGER PRIMARY KEY, name TEXT);
CREATE TABLE tunes(tune_id INTEGER PRIMARY KEY, name TEXT,
                   genre_id INTEGER REFERENCES genres(genre_id), unit_price REAL);
CREATE TABLE bills(bill_id INTEGER PRIMARY KEY, billed_on TEXT, total REAL);
CREATE TABLE bill_lines(line_id INTEGER PRIMARY KEY, bill_id INTEGER REFERENCES bills(bill_id),
                        tune_id INTEGER REFERENCES tunes(tune_id), unit_price REAL,
                        quantity INTEGER);
INSERT INTO genres VALUES (1,'Rock'),(2,'Jazz');
INSERT INTO tunes VALUES (1,'A',1,0.99),(2,'B',1,1.99),(3,'C',2,1.99),(4,'D',2,0.99);
INSERT INTO bills VALUES (1,'2024-01-05',3.97),(2,'2024-02-07',1.98),(3,'2024-03-09',0.99);
INSERT INTO bill_lines VALUES (1,1,1,0.99,1),(2,1,2,1.99,1),(3,1,4,0.99,1),(4,2,1,0.99,2),
  (5,3,4,0.99,1);
)sql";

class ChineseLineRevenueTest : public testing::DbTest {
 protected:
  void SetUp() override {
    catalog::SemanticModel model;
    catalog::TableSemantics genres = SemanticTable("genres", "流派", "genre");
    genres.columns = {SemanticColumn("name", "流派名称", "genre name")};
    catalog::TableSemantics tunes = SemanticTable("tunes", "曲目", "track");
    tunes.synonyms = {"歌"};
    catalog::ColumnSemantics price =
        SemanticColumn("unit_price", "单价", "unit price", catalog::ColumnRole::kMeasure);
    tunes.columns = {SemanticColumn("name", "曲目名称", "track name"), price};
    catalog::TableSemantics bills = SemanticTable("bills", "发票", "invoice");
    bills.synonyms = {"订单"};
    catalog::ColumnSemantics total =
        SemanticColumn("total", "发票金额", "invoice total", catalog::ColumnRole::kMeasure);
    total.synonyms = {"销售额", "营收", "金额", "订单金额", "revenue"};
    bills.columns = {SemanticColumn("billed_on", "开票日期", "invoice date"), total};
    model.tables = {genres, tunes, bills};
    Open(kLinesSql, &model);
  }
};

// "每个流派的销售额": the model's money words name the bill's total, which cannot be split by
// the genre of each line; the lines' price × quantity can (as with no model, in English).
TEST_F(ChineseLineRevenueTest, SalesByWhatOnlyTheLinesHoldIsTheLinesRevenue) {
  EXPECT_GE(index_->line_revenue_term(), 0);
  EXPECT_EQ(Rows("每个流派的销售额"), (std::vector<std::string>{"Rock|4.96", "Jazz|1.98"}));
  EXPECT_EQ(Rows("营收最高的流派是哪个"), (std::vector<std::string>{"Rock|4.96"}));
  // The bill's own total stays the bills' sum.
  EXPECT_EQ(Rows("2024年的销售额"), (std::vector<std::string>{"6.94"}));
}

// "Rock的销售额占比": the lines' revenue of one genre over all of it; the part's CASE WHEN goes
// inside the product of the term (it was dropped, which made every such share 100%).
TEST_F(ChineseLineRevenueTest, AShareOfTheLinesRevenueKeepsItsPart) {
  const std::vector<std::string> rows = Rows("Rock的销售额占比");
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_NEAR(std::stod(rows[0]), 100.0 * 4.96 / 6.94, 1e-9);
}

// Lines with a money column of their own (the demo's order_items.amount) keep it: no price ×
// quantity is made up beside it.
TEST_F(ChineseLineRevenueTest, LinesWithTheirOwnAmountGetNoInferredRevenue) {
  catalog::SemanticModel model;
  catalog::TableSemantics bills = SemanticTable("bills", "发票", "invoice");
  catalog::ColumnSemantics total =
      SemanticColumn("total", "发票金额", "invoice total", catalog::ColumnRole::kMeasure);
  total.synonyms = {"销售额"};
  bills.columns = {total};
  model.tables = {bills};
  Open(R"sql(
CREATE TABLE bills(bill_id INTEGER PRIMARY KEY, billed_on TEXT, total REAL);
CREATE TABLE bill_lines(line_id INTEGER PRIMARY KEY, bill_id INTEGER REFERENCES bills(bill_id),
                        unit_price REAL, quantity INTEGER, amount REAL);
INSERT INTO bills VALUES (1,'2024-01-05',3.0);
INSERT INTO bill_lines VALUES (1,1,1.5,2,3.0);
)sql",
       &model);
  EXPECT_EQ(index_->line_revenue_term(), -1);
}

// "单价为1.99的歌有几首": a column's value, 的, then the rows it describes is a condition on
// them; the rows must be the column's own ("单价为1.99的流派" abstains).
TEST_F(ChineseLineRevenueTest, AColumnsValueBeforeDeAndItsRowsIsACondition) {
  EXPECT_EQ(Rows("单价为1.99的歌有几首"), (std::vector<std::string>{"2"}));
  EXPECT_EQ(Rows("单价1.99的曲目有多少首"), (std::vector<std::string>{"2"}));
  EXPECT_FALSE(Ask("单价为1.99的流派有几个").answered);
}

// "金额最大的一张发票是哪张": a dated document with no name column is known by its number;
// "最大的一笔订单金额是多少": 一 and a counting unit after 最大的 are "the one" of one MAX.
TEST_F(ChineseLineRevenueTest, TheOneOfASuperlative) {
  EXPECT_EQ(Rows("金额最大的一张发票是哪张"), (std::vector<std::string>{"1|3.97"}));
  EXPECT_EQ(Rows("金额最高的2张发票"), (std::vector<std::string>{"1|3.97", "2|1.98"}));
  EXPECT_EQ(Rows("最大的一笔订单金额是多少"), (std::vector<std::string>{"3.97"}));
  // Not before a grouping: "各流派最贵的一首歌" is a row per genre, not read here.
  EXPECT_FALSE(Ask("一张发票最大的金额").answered);
}

// "平均每个流派有几首歌": the count per genre averaged over the genres (COUNT ÷ COUNT(DISTINCT
// the reference)), as English "average number of tracks per genre"; 平均 after the grouped
// table too. Tracks do not refer to bills: "平均每张发票有几首歌" abstains.
TEST_F(ChineseLineRevenueTest, AnAverageCountPerGroupIsAveragedOverTheGroups) {
  EXPECT_EQ(Rows("平均每个流派有几首歌"), (std::vector<std::string>{"2"}));  // one row
  EXPECT_EQ(Rows("每个流派平均有多少首曲目"), (std::vector<std::string>{"2"}));
  EXPECT_FALSE(Ask("平均每张发票有几首歌").answered);
}

// 会员数超过2个的国家, 会员超过1个的国家: a label column of the counted table after …的 names its
// groups, compared by their own count of rows (Filter::group_count), each group once.
TEST_F(ChineseReadingsTest, AColumnAfterACountedTableNamesItsGroups) {
  EXPECT_EQ(Rows("会员数超过2个的国家"), (std::vector<std::string>{"Japan"}));
  std::vector<std::string> rows = Rows("会员超过1个的国家有哪些");
  std::sort(rows.begin(), rows.end());
  EXPECT_EQ(rows, (std::vector<std::string>{"France", "Japan"}));
}

// "时长在5分钟以上", "小票金额8美元以上": a unit of money, length, area, weight or time between
// the number and 以上/以下 is read when the column's words say it measures that (a duration
// converted to the column's milliseconds); a unit of another kind abstains (session 21).
TEST_F(ChineseReadingsTest, AUnitBeforeAPostfixComparisonFitsTheColumn) {
  EXPECT_EQ(Rows("时长在5分钟以上的歌曲有几首"), (std::vector<std::string>{"2"}));
  EXPECT_EQ(Rows("时长10分钟以下的歌曲有几首"), (std::vector<std::string>{"3"}));
  EXPECT_EQ(Rows("小票金额在8美元以上的小票有几张"), (std::vector<std::string>{"3"}));
  EXPECT_EQ(Rows("小票金额8块钱以下的小票有几张"), (std::vector<std::string>{"3"}));
  ExpectAbstainsNaming("时长在5公里以上的歌曲有几首", "以上");
  EXPECT_FALSE(Ask("小票金额在8公斤以上的小票有几张").answered);
  // 毫秒 converts too (it was read as 0 ms, which counted every song).
  EXPECT_EQ(Rows("时长在500000毫秒以上的歌曲有几首"), (std::vector<std::string>{"2"}));
}

// A length, an area or a weight said in a unit is compared as said only when the column's
// names give that unit: "距离在3公里以上" on a distance held in metres would compare 3 metres.
TEST(MeasureUnitsTest, ALengthAreaOrWeightIsComparedOnlyInTheUnitTheColumnNames) {
  IndexedColumn distance;
  distance.name = "distance";
  distance.display_zh = "距离";
  EXPECT_FALSE(ColumnNamesUnit(distance, "公里"));
  distance.display_zh = "距离(公里)";
  EXPECT_TRUE(ColumnNamesUnit(distance, "公里"));
  IndexedColumn area;
  area.name = "面积_㎡";
  EXPECT_TRUE(ColumnNamesUnit(area, "平"));
  EXPECT_FALSE(ColumnNamesUnit(area, "亩"));
  EXPECT_FALSE(ColumnNamesUnit(area, ""));
}

// "日本的会员是哪几位": 哪 + 几 + a counting word asks which rows, as 哪些 does (it was a COUNT
// at 0.95); 几位 with no 哪 still counts them (session 21).
TEST_F(ChineseReadingsTest, WhichFewAsksForTheRows) {
  EXPECT_EQ(Rows("日本的会员是哪几位").size(), 3u);
  EXPECT_EQ(Rows("哪几个会员来自法国").size(), 2u);
  EXPECT_EQ(Rows("日本有几位会员"), (std::vector<std::string>{"3"}));
}

// "一张小票平均多少钱": one receipt on average is the receipts' average, as 平均一张小票
// (session 21).
TEST_F(ChineseReadingsTest, OneRowOnAverageIsTheAverageOverTheRows) {
  const std::vector<std::string> rows = Rows("一张小票平均多少钱");
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_NEAR(std::stod(rows[0]), 60.0 / 7, 1e-9);
}

// A Chinese column named with its unit (金额(元), 单价/元, 重量（公斤）) is also its name without
// the unit; a name before / or _ that is no unit (客户_名称) gains nothing.
TEST_F(ChineseReadingsTest, AColumnNamedWithItsUnitIsItsBaseWord) {
  Open(R"sql(
CREATE TABLE 订单(订单号 INTEGER PRIMARY KEY, 客户 TEXT, "金额(元)" REAL, "单价/元" REAL,
                  "重量（公斤）" REAL, "客户_名称" TEXT);
INSERT INTO 订单 VALUES (1,'甲',100,10,2,'x'),(2,'乙',50,5,3,'y'),(3,'甲',30,3,1,'z');
)sql");
  const Translation total = Ask("订单的总金额");
  ASSERT_TRUE(total.answered) << total.abstain_reason;
  EXPECT_NE(total.sql.find("SUM(\"订单\".\"金额(元)\")"), std::string::npos) << total.sql;
  EXPECT_EQ(Rows("重量超过1.5的订单有几个"), (std::vector<std::string>{"2"}));
  const Translation t = Ask("单价最高的订单");
  ASSERT_TRUE(t.answered) << t.abstain_reason;
  EXPECT_NE(t.sql.find("\"单价/元\""), std::string::npos) << t.sql;
  const std::vector<int>* customer = index_->FindTerms(PhraseKey("客户"));
  ASSERT_NE(customer, nullptr);
  for (int id : *customer) {
    const int column = index_->terms()[id].column;
    if (column >= 0) EXPECT_NE(index_->columns()[column].name, "客户_名称");
  }
}

// Only a unit in the brackets is dropped: 金额(退款) is the refund, not the order's 金额.
TEST_F(ChineseReadingsTest, ABracketThatIsNoUnitStaysInTheName) {
  Open(R"sql(
CREATE TABLE 订单(订单号 INTEGER PRIMARY KEY, 客户 TEXT, 实收 REAL, "金额(退款)" REAL,
                  "数量(退货)" INTEGER);
INSERT INTO 订单 VALUES (1,'甲',100,10,1),(2,'乙',50,0,0);
)sql");
  EXPECT_EQ(index_->FindTerms(PhraseKey("金额")), nullptr);
  EXPECT_EQ(index_->FindTerms(PhraseKey("数量")), nullptr);
  const Translation total = Ask("订单的总金额");
  EXPECT_EQ(total.sql.find("金额(退款)"), std::string::npos) << total.sql;
}

}  // namespace
}  // namespace askdb::nlq
