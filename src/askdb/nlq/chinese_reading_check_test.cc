// The Chinese reading checks on a small DuSQL-like database (Chinese names, no semantic
// model, an int column holding text): each check is given the reading it must refuse and the
// same reading with the word placed, which it must let through.
#include "askdb/nlq/chinese_reading_check.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "askdb/db/sqlite/sqlite_connector.h"
#include "askdb/nlq/engine.h"
#include "askdb/nlq/schema_index.h"
#include "askdb/nlq/test_fixture.h"

namespace askdb::nlq {
namespace {

constexpr const char* kMarathonSql = R"sql(
CREATE TABLE "马拉松"("词条id" INTEGER PRIMARY KEY, "名称" TEXT, "举办城市" TEXT, "时间" TEXT,
                      "首办时间" INTEGER, "主办国籍" TEXT, "开赛时间" time);
CREATE TABLE "马拉松赛程"("赛程id" INTEGER PRIMARY KEY,
                          "马拉松id" INTEGER REFERENCES "马拉松"("词条id"), "报名人数" INTEGER,
                          "冠军国籍" TEXT);
INSERT INTO "马拉松" VALUES (1,'深圳马拉松','深圳','11.2','1990年','中国',11.2),
  (2,'北京马拉松','北京','11.3','1981年','中国',11.3),
  (3,'广州马拉松','广州','12.8','2012年','中国',12.8);
INSERT INTO "马拉松赛程" VALUES (1,1,20000,'肯尼亚'),(2,1,18000,'中国'),(3,2,30000,'中国'),
  (4,3,25000,'美国');
)sql";

class ChineseReadingCheckTest : public testing::DbTest {
 protected:
  void SetUp() override { Open(kMarathonSql); }
  int Column(const std::string& table, const std::string& name) const {
    for (size_t c = 0; c < index_->columns().size(); ++c) {
      const IndexedColumn& col = index_->columns()[c];
      if (col.name == name && index_->tables()[col.table].name == table) return int(c);
    }
    ADD_FAILURE() << table << "." << name;
    return -1;
  }
  int Table(const std::string& name) const {
    for (size_t t = 0; t < index_->tables().size(); ++t) {
      if (index_->tables()[t].name == name) return int(t);
    }
    ADD_FAILURE() << name;
    return -1;
  }
  // Items from "word" (placed) and "?word" (unknown, unplaced) and "#word" (a group keyword).
  static std::vector<Item> Items(const std::vector<std::string>& words) {
    std::vector<Item> items;
    for (const std::string& w : words) {
      Item it;
      if (w[0] == '?') {
        it.kind = ItemKind::kUnknown;
        it.text = w.substr(1);
      } else if (w[0] == '#') {
        it.kind = ItemKind::kKeyword;
        it.kw = Bit(Kw::kGroup);
        it.text = w.substr(1);
        it.used = true;
      } else {
        it.kind = ItemKind::kTerm;
        it.text = w;
        it.used = true;
      }
      items.push_back(it);
    }
    return items;
  }
  std::optional<ShapeProblem> Check(const std::vector<std::string>& words, const Query& q,
                                    std::vector<int> tables, int time_column = -1) const {
    return FindChineseMisreading(Items(words), q, *index_, tables, time_column);
  }
  Query CountOf(const std::string& table) const {
    Query q;
    Measure m;
    m.agg = Agg::kCount;
    m.table = Table(table);
    q.measures.push_back(m);
    return q;
  }
};

void ExpectNames(const std::optional<ShapeProblem>& p, const std::string& word) {
  ASSERT_TRUE(p.has_value()) << "expected a problem naming " << word;
  EXPECT_NE(p->zh.find("“" + word + "”"), std::string::npos) << p->zh;
}

TEST_F(ChineseReadingCheckTest, AnUnappliedSuperlativeOrNegationIsNamed) {
  const Query q = CountOf("马拉松");
  ExpectNames(Check({"?最", "?早", "马拉松"}, q, {Table("马拉松")}), "最早");
  ExpectNames(Check({"?没", "?有", "马拉松"}, q, {Table("马拉松")}), "没有");
  EXPECT_FALSE(Check({"马拉松"}, q, {Table("马拉松")}));
}

// "平均每年的报名人数" is one number (the yearly totals averaged), not an average per year.
TEST_F(ChineseReadingCheckTest, AnAverageOverEachPeriodIsNotAnAveragePerPeriod) {
  Query q;
  Measure avg;
  avg.agg = Agg::kAvg;
  avg.column = Column("马拉松赛程", "报名人数");
  q.measures.push_back(avg);
  q.bucket = DatePart::kYear;
  std::vector<Item> items = Items({"#每年", "的", "报名人数"});
  items.insert(items.begin(), Item{});
  items[0].kind = ItemKind::kKeyword;
  items[0].kw = Bit(Kw::kAvg);
  items[0].text = "平均";
  items[0].used = true;
  const std::vector<int> tables = {Table("马拉松赛程")};
  ExpectNames(FindChineseMisreading(items, q, *index_, tables, -1), "平均每年");
  // 每年的平均报名人数 asks for the average per year, as read.
  std::swap(items[0], items[1]);
  EXPECT_FALSE(FindChineseMisreading(items, q, *index_, tables, -1));
}

// "举办城市最高的马拉松有几个" ranks the city's value, not the cities by their row count.
TEST_F(ChineseReadingCheckTest, AGroupedTextColumnsMagnitudeIsNotARowCount) {
  const int city = Column("马拉松", "举办城市");
  Query q = CountOf("马拉松");
  q.group_columns = {city};
  q.superlative = true;
  std::vector<Item> items = Items({"举办城市", "最高的", "马拉松"});
  for (size_t id = 0; id < index_->terms().size(); ++id) {
    const Term& t = index_->terms()[id];
    if (t.kind == TermKind::kColumn && t.column == city) items[0].terms.push_back(int(id));
  }
  ASSERT_FALSE(items[0].terms.empty());
  const std::vector<int> tables = {Table("马拉松")};
  ExpectNames(FindChineseMisreading(items, q, *index_, tables, -1), "举办城市最高");
  // 最多 asks for the group with the most rows, as read.
  items[1].text = "最多的";
  EXPECT_FALSE(FindChineseMisreading(items, q, *index_, tables, -1));
}

// "2021年第一季度一共有多少张海外订单" counted every order at 0.71: an unread word right before the
// table word (or its 的) says which rows; 我们的 and one character (开的) do not.
TEST_F(ChineseReadingCheckTest, AnUnreadModifierOfTheRowsIsNamed) {
  const Query q = CountOf("马拉松");
  auto with_table = [&](std::vector<Item> items) {
    for (size_t id = 0; id < index_->terms().size(); ++id) {
      const Term& t = index_->terms()[id];
      if (t.kind == TermKind::kTable && t.table == Table("马拉松")) {
        items.back().terms.push_back(int(id));
      }
    }
    return FindChineseMisreading(items, q, *index_, {Table("马拉松")}, -1);
  };
  ExpectNames(with_table(Items({"?海", "?外", "马拉松"})), "海外");
  ExpectNames(with_table(Items({"?退", "?休", "的", "马拉松"})), "退休");
  EXPECT_FALSE(with_table(Items({"?我们", "的", "马拉松"})));
  EXPECT_FALSE(with_table(Items({"?开", "的", "马拉松"})));
}

// Found by perturbing right answers (perturb_right_answers_zh.py): an unread modifier before a
// measure word (退款的销售额) and a place prefix glued to a value (北加拿大) kept the answer about
// every row. A verb glued to a value and a unit after a number are left alone.
TEST_F(ChineseReadingCheckTest, AnUnreadModifierOfAMeasureOrAValueIsNamed) {
  ASSERT_TRUE(Ask("深圳的马拉松有几个").answered);
  const Translation prefixed = Ask("大深圳的马拉松有几个");
  EXPECT_FALSE(prefixed.answered);
  EXPECT_NE(prefixed.abstain_reason.find("大深圳"), std::string::npos) << prefixed.abstain_reason;
  const Translation plain = Ask("冠军国籍是中国的赛程的总报名人数是多少");
  ASSERT_TRUE(plain.answered) << plain.abstain_reason;
  EXPECT_EQ(testing::ResultRows(*conn_, plain.sql), std::vector<std::string>{"48000"});
  const Translation modified = Ask("冠军国籍是中国的赛程的退款的总报名人数是多少");
  EXPECT_FALSE(modified.answered);  // 款 alone is a counter word; 退款 is unread
  EXPECT_NE(modified.abstain_reason.find("退款"), std::string::npos) << modified.abstain_reason;
}

TEST_F(ChineseReadingCheckTest, ALatinNameTheDataDoesNotHoldIsNamed) {
  ExpectNames(Check({"?AC", "?DC", "马拉松"}, CountOf("马拉松"), {Table("马拉松")}), "AC");
}

// "马拉松的名称和冠军" with 冠军 unknown would list the names only.
TEST_F(ChineseReadingCheckTest, AnUnknownWordListedBesideAPlacedOneIsNamed) {
  Query q;
  q.projections = {Column("马拉松", "名称")};
  const std::vector<int> tables = {Table("马拉松")};
  ExpectNames(Check({"马拉松", "的", "名称", "和", "?冠", "?军"}, q, tables), "冠军");
  ExpectNames(Check({"马拉松", "的", "?冠", "?军", "、", "名称"}, q, tables), "冠军");
  EXPECT_FALSE(Check({"马拉松", "的", "名称", "和", "举办城市"}, q, tables));
}

// "深圳马拉松一年多少人报名" with 年 unread would total all years; "2015年以来" with 以来 unread
// would be 2015 alone.
TEST_F(ChineseReadingCheckTest, AnUnreadPeriodWordIsNamed) {
  Query q = CountOf("马拉松");
  std::vector<Item> items = Items({"马拉松", "?一", "年"});
  items[2].kind = ItemKind::kKeyword;
  items[2].kw = Bit(Kw::kYearUnit);
  items[2].used = false;
  ExpectNames(FindChineseMisreading(items, q, *index_, {Table("马拉松")}, -1), "年");
  q.time = TimeRange{};
  ExpectNames(Check({"马拉松", "?以", "?来"}, q, {Table("马拉松")}), "以来");
  // 以 a function word of the lexicon, unused (the demo's "2024年以来的订单数量" had counted 2024).
  items = Items({"马拉松", "?以", "?来"});
  items[1].kind = ItemKind::kKeyword;
  ExpectNames(FindChineseMisreading(items, q, *index_, {Table("马拉松")}, -1), "以来");
  // 起 of 加起来 is no boundary: the total check names that one.
  const std::optional<ShapeProblem> total =
      Check({"马拉松", "?加", "?起", "?来"}, q, {Table("马拉松")});
  EXPECT_TRUE(!total || total->zh.find("“起”") == std::string::npos) << total->zh;
  // A placed period ("2015年的马拉松") leaves nothing.
  EXPECT_FALSE(Check({"马拉松", "的"}, q, {Table("马拉松")}));
}

// "深圳马拉松总共多少人报名" read as a count of marathons: 报名 is part of 报名人数.
TEST_F(ChineseReadingCheckTest, AnUnplacedPartOfAColumnsNameIsNamed) {
  Query q = CountOf("马拉松");
  const std::vector<std::string> words = {"深圳", "马拉松", "多少", "?人", "?报", "名"};
  const std::optional<ShapeProblem> p = Check(words, q, {Table("马拉松")});
  ExpectNames(p, "报名");
  EXPECT_NE(p->zh.find("报名人数"), std::string::npos) << p->zh;
  // The same characters when the query reads that column: nothing is missing.
  q.measures[0].agg = Agg::kSum;
  q.measures[0].column = Column("马拉松赛程", "报名人数");
  EXPECT_FALSE(Check(words, q, {Table("马拉松"), Table("马拉松赛程")}));
}

// "美国籍的冠军" filtering 冠军国籍: 国籍 is also part of the unread 主办国籍, but the column the
// query reads holds it as well, so it is placed.
TEST_F(ChineseReadingCheckTest, ARunAReadColumnAlsoHoldsIsPlaced) {
  Query q = CountOf("马拉松赛程");
  Filter f;
  f.column = Column("马拉松赛程", "冠军国籍");
  f.values = {"美国"};
  q.filters = {f};
  EXPECT_FALSE(Check({"美国", "?籍", "的", "马拉松赛程"}, q, {Table("马拉松赛程")}));
}

// "马拉松赛程有多少人" over rows that store 报名人数: count the rows or add the people up?
TEST_F(ChineseReadingCheckTest, PeopleAreNotCountedAsRowsThatStoreHowMany) {
  const Query q = CountOf("马拉松赛程");
  ExpectNames(Check({"马拉松赛程", "有", "多少", "?人"}, q, {Table("马拉松赛程")}), "报名人数");
  // "多少人报名": 人, the last character of 报名人数's counted thing, right after 多少.
  ExpectNames(Check({"马拉松赛程", "多少", "?人", "?报", "?名"}, q, {Table("马拉松赛程")}),
              "报名人数");
  // The column compared in the question is its own words: "报名人数超过17000的赛程有几个".
  Query filtered = CountOf("马拉松赛程");
  Filter f;
  f.column = Column("马拉松赛程", "报名人数");
  f.numeric = true;
  f.op = Op::kGt;
  filtered.filters = {f};
  EXPECT_FALSE(Check({"报名人数", "超过", "马拉松赛程", "有", "几", "?个"}, filtered,
                     {Table("马拉松赛程")}));
  // Rows with no number of people: counting them is the answer.
  EXPECT_FALSE(Check({"马拉松", "有", "多少", "?人"}, CountOf("马拉松"), {Table("马拉松")}));
}

// "报名人数加起来是多少" listed each row's number.
TEST_F(ChineseReadingCheckTest, ATotalAskedIsNotListedRowByRow) {
  Query q;
  q.projections = {Column("马拉松赛程", "报名人数")};
  const std::vector<std::string> words = {"报名人数", "?加", "?起", "?来", "是", "多少"};
  ExpectNames(Check(words, q, {Table("马拉松赛程")}), "加起来");
  q.projections.clear();
  Measure sum;
  sum.agg = Agg::kSum;
  sum.column = Column("马拉松赛程", "报名人数");
  sum.table = Table("马拉松赛程");
  q.measures = {sum};
  EXPECT_FALSE(Check(words, q, {Table("马拉松赛程")}));
}

// "各马拉松在各城市的报名人数合计": per marathon and city, or per marathon over the cities?
TEST_F(ChineseReadingCheckTest, ATotalOverTwoGroupingsIsRefused) {
  Query q;
  Measure sum;
  sum.agg = Agg::kSum;
  sum.column = Column("马拉松赛程", "报名人数");
  q.measures = {sum};
  q.group_columns = {Column("马拉松", "名称"), Column("马拉松", "举办城市")};
  const std::vector<int> tables = {Table("马拉松赛程"), Table("马拉松")};
  ExpectNames(Check({"#各", "马拉松", "在", "#各", "城市", "的", "报名人数", "合计"}, q, tables),
              "合计");
  // One group word over a list ("各马拉松和城市") groups by both: no doubt.
  EXPECT_FALSE(Check({"#各", "马拉松", "和", "城市", "的", "报名人数", "合计"}, q, tables));
}

// 首办时间 is declared INTEGER and holds '1990年'; 时间 holds '11.2', not years.
TEST_F(ChineseReadingCheckTest, ANumberIsNotComparedWithAColumnHoldingText) {
  Query q;
  q.projections = {Column("马拉松", "名称")};
  Filter f;
  f.column = Column("马拉松", "首办时间");
  f.numeric = true;
  f.lo = 1990;
  q.filters = {f};
  // '1990年', '1981年', '2012年': one unit throughout, compared by the leading numbers
  // (unit_numbers.h); a column of years said otherwise ('11.2') still abstains below.
  EXPECT_FALSE(Check({"马拉松"}, q, {Table("马拉松")}));
  // A year on a column holding no years.
  Query y;
  y.projections = {Column("马拉松", "名称")};
  y.time = TimeRange{};
  y.time->year_only = 2019;
  ExpectNames(Check({"马拉松"}, y, {Table("马拉松")}, Column("马拉松", "时间")), "11.2");
  // A year on a column declared a time whose values are no dates ("时间 time" holding 11.2).
  ExpectNames(Check({"马拉松"}, y, {Table("马拉松")}, Column("马拉松", "开赛时间")), "开赛时间");
  // A number compared with a column of numbers is fine.
  q.filters[0].column = Column("马拉松赛程", "报名人数");
  q.filters[0].op = Op::kGt;
  EXPECT_FALSE(Check({"马拉松"}, q, {Table("马拉松"), Table("马拉松赛程")}));
}

// "赛程的国籍" where 国籍 names a column of 赛程 (冠军国籍) and one of 马拉松 (主办国籍): reading
// the marathon's answers about other rows.
TEST_F(ChineseReadingCheckTest, AnOfPhraseIsReadOnItsOwnTable) {
  auto term = [&](TermKind kind, int table, int column) {
    for (size_t id = 0; id < index_->terms().size(); ++id) {
      const Term& t = index_->terms()[id];
      if (t.kind == kind && t.table == table && (column < 0 || t.column == column)) return int(id);
    }
    ADD_FAILURE() << "no term";
    return -1;
  };
  const int schedule = Table("马拉松赛程");
  const int own = Column("马拉松赛程", "冠军国籍"), other = Column("马拉松", "主办国籍");
  std::vector<Item> items = Items({"赛程", "的", "国籍"});
  items[0].terms = {term(TermKind::kTable, schedule, -1)};
  items[2].terms = {term(TermKind::kColumn, schedule, own),
                    term(TermKind::kColumn, Table("马拉松"), other)};
  Query q;
  q.projections = {other};
  const std::vector<int> tables = {schedule, Table("马拉松")};
  ExpectNames(FindChineseMisreading(items, q, *index_, tables, -1), "赛程的国籍");
  q.projections = {own};
  EXPECT_FALSE(FindChineseMisreading(items, q, *index_, tables, -1));
}

// "列出赛程的主办国籍": 主办国籍 is the marathon's, not the schedule's the question names.
TEST_F(ChineseReadingCheckTest, AnotherTablesColumnIsNotListedAsTheNamedRowsOwn) {
  std::vector<Item> items = Items({"赛程", "的", "国籍"});
  for (size_t id = 0; id < index_->terms().size(); ++id) {
    const Term& t = index_->terms()[id];
    if (t.kind == TermKind::kTable && t.table == Table("马拉松赛程")) items[0].terms = {int(id)};
  }
  ASSERT_FALSE(items[0].terms.empty());
  Query q;
  q.projections = {Column("马拉松", "主办国籍")};
  const std::vector<int> tables = {Table("马拉松赛程"), Table("马拉松")};
  ExpectNames(FindChineseMisreading(items, q, *index_, tables, -1), "主办国籍");
  q.projections = {Column("马拉松赛程", "冠军国籍")};
  EXPECT_FALSE(FindChineseMisreading(items, q, *index_, tables, -1));
}

// "报名人数超过17000的马拉松": each marathon once, not once per schedule row over 17000.
TEST_F(ChineseReadingCheckTest, RowsListedThroughAJoinThatRepeatsThemAreListedOnce) {
  const Translation t = Ask("报名人数超过17000的马拉松");
  ASSERT_TRUE(t.answered) << t.abstain_reason;
  EXPECT_NE(t.sql.find("GROUP BY"), std::string::npos) << t.sql;
  // 深圳 (20000 and 18000: once), 北京 30000, 广州 25000
  EXPECT_EQ(testing::ResultRows(*conn_, t.sql).size(), 3u);
  // Ordered by the schedule's column: left alone (it is one row).
  const Translation top = Ask("报名人数最多的马拉松");
  if (top.answered) {
    EXPECT_EQ(top.sql.find("GROUP BY"), std::string::npos) << top.sql;
  }
}

// A DuSQL-like club database (session 13 probes): numbers stored with their units, a rank
// column, a link table with no name of its own.
constexpr const char* kClubSql = R"sql(
CREATE TABLE "俱乐部"("词条id" INTEGER PRIMARY KEY, "中文队名" TEXT, "赛区" TEXT);
CREATE TABLE "篮球运动员"("词条id" INTEGER PRIMARY KEY, "中文名" TEXT, "身高" int, "体重" int,
                          "年薪" int, "世界排名" int, "薪资" INTEGER,
                          "俱乐部id" INTEGER REFERENCES "俱乐部"("词条id"));
CREATE TABLE "俱乐部现役球员"("球员id" INTEGER REFERENCES "篮球运动员"("词条id"),
                              "俱乐部id" INTEGER REFERENCES "俱乐部"("词条id"), "球衣号码" INTEGER);
INSERT INTO "俱乐部" VALUES (1,'公牛队','中部赛区'),(2,'湖人队','太平洋赛区');
INSERT INTO "篮球运动员" VALUES
  (1,'乔丹','198cm','98kg','900万美元',3,100,1),
  (2,'科比','198cm','96kg','1500万美元',1,300,2),
  (3,'姚明','229cm','140kg','8000万美元',2,200,2);
INSERT INTO "俱乐部现役球员" VALUES (1,1,23),(2,2,8),(3,2,11);
)sql";

class ChineseClubCheckTest : public testing::DbTest {
 protected:
  void SetUp() override { Open(kClubSql); }
  void ExpectAbstainsNaming(const std::string& q, const std::string& word) const {
    const Translation t = Ask(q);
    EXPECT_FALSE(t.answered) << q << ": " << t.sql;
    EXPECT_NE(t.abstain_reason.find(word), std::string::npos) << q << ": " << t.abstain_reason;
  }
  // A model of groups (their name column) and the orders that refer to them, whose amount is
  // the measure: the shape of "销售额超过…的地区" and "单笔订单金额最高的门店".
  static catalog::SemanticModel GroupsAndTheirOrders(const std::string& table,
                                                     const std::string& word,
                                                     const std::string& amount_word,
                                                     const std::string& amount_english) {
    catalog::TableSemantics groups = testing::SemanticTable(table, word, table);
    groups.columns = {testing::SemanticColumn("name", word + "名称", "name")};
    catalog::TableSemantics orders = testing::SemanticTable("orders", "订单", "orders");
    orders.columns = {testing::SemanticColumn("amount", amount_word, amount_english,
                                              catalog::ColumnRole::kMeasure)};
    catalog::SemanticModel model;
    model.tables = {groups, orders};
    return model;
  }
  // The orders of a model whose amount (订单金额) is also said as 消费, spending.
  static catalog::TableSemantics OrdersSpending() {
    catalog::TableSemantics orders = testing::SemanticTable("orders", "订单", "orders");
    catalog::ColumnSemantics total = testing::SemanticColumn("total_amount", "订单金额", "amount",
                                                             catalog::ColumnRole::kMeasure);
    total.synonyms = {"消费"};
    orders.columns = {total};
    return orders;
  }
};

// "面积超过5000公里的门店", "成人价格超过10000米的路线" compared the number at 0.75-0.79: a unit
// after a compared number must fit what the column measures (薪 is money); with no word saying
// what the column measures, only money is taken.
TEST_F(ChineseClubCheckTest, AUnitThatDoesNotFitTheColumnIsNamed) {
  const Translation yuan = Ask("薪资超过150元的篮球运动员有几个");
  ASSERT_TRUE(yuan.answered) << yuan.abstain_reason;
  EXPECT_EQ(testing::ResultRows(*conn_, yuan.sql), std::vector<std::string>{"2"});
  ExpectAbstainsNaming("薪资超过150公里的篮球运动员有几个", "“公里”为单位");
  ExpectAbstainsNaming("薪资低于250公斤的篮球运动员有几个", "“公斤”为单位");
  ExpectAbstainsNaming("球衣号码超过10米的俱乐部现役球员有几个", "“米”为单位");
}

// "身高最高": '229cm' < '98cm' as text; '8000万美元' < '900万美元'. One unit throughout ranks
// by the leading numbers (unit_numbers.h), not as text.
TEST_F(ChineseClubCheckTest, NumbersStoredWithUnitsAreNotRankedAsText) {
  EXPECT_EQ(Rows("身高最高的篮球运动员"), (std::vector<std::string>{"姚明|229cm"}));
  EXPECT_EQ(Rows("年薪最高的篮球运动员"), (std::vector<std::string>{"姚明|8000万美元"}));
  ExpectAbstainsNaming("篮球运动员年薪的总和", "年薪");  // 万: '900万美元' adds up as 900
  // One unit throughout, no magnitude: SQLite adds them up by their numbers.
  const std::vector<std::string> avg = Rows("篮球运动员的平均体重");
  ASSERT_EQ(avg.size(), 1u);
  EXPECT_NEAR(std::stod(avg[0]), 111.333, 0.001);
  // A plain number column is ranked as before.
  EXPECT_EQ(Rows("薪资最高的篮球运动员").front().substr(0, 6), "科比");
}

// The best rank is number 1: 排名最高 is not the largest number.
TEST_F(ChineseClubCheckTest, ARankIsNotRankedByItsNumber) {
  ExpectAbstainsNaming("世界排名最高的篮球运动员", "世界排名");
  ExpectAbstainsNaming("世界排名最低的篮球运动员", "世界排名");
}

// "平均每个俱乐部的薪资" is one number, not an average per club.
TEST_F(ChineseClubCheckTest, AnAverageOverEachGroupIsNotAnAveragePerGroup) {
  const Translation t = Ask("平均每个俱乐部的薪资");
  if (t.answered) {
    EXPECT_EQ(t.sql.find("GROUP BY"), std::string::npos) << t.sql;
  }
  const Translation per_club = Ask("每个俱乐部的平均薪资");  // the average per club, asked
  ASSERT_TRUE(per_club.answered) << per_club.abstain_reason;
  EXPECT_NE(per_club.sql.find("GROUP BY"), std::string::npos) << per_club.sql;
}

// "球衣号码最大的现役球员" asks which player, not the largest number.
TEST_F(ChineseClubCheckTest, TheLargestValueIsNotShownWhenRowsAreAsked) {
  ExpectAbstainsNaming("球衣号码最大的现役球员", "俱乐部现役球员");
  EXPECT_EQ(Rows("最大的球衣号码"), std::vector<std::string>{"23"});
}

// "诺兰导演的电影" (克里斯托弗·诺兰 stored) had listed every director: a stored value said in part.
TEST_F(ChineseClubCheckTest, AValueSaidInPartIsNamedWhole) {
  ExpectAbstainsNaming("公牛的篮球运动员有哪些", "公牛队");
  EXPECT_EQ(Rows("公牛队的篮球运动员有哪些"), std::vector<std::string>{"乔丹"});
}

// "美国客户的平均消费": the customers' invoices averaged, or the average per customer?
TEST_F(ChineseClubCheckTest, AnAverageOfAnotherTablesRowsSaysPerWhat) {
  ExpectAbstainsNaming("湖人队俱乐部的平均薪资", "俱乐部");
  // The measured rows named: per player, as asked.
  EXPECT_EQ(Rows("湖人队篮球运动员的平均薪资"), std::vector<std::string>{"250"});
}

// "销售额超过1000万的地区" had listed the regions with one order over 10 million.
TEST_F(ChineseClubCheckTest, AGroupsAmountIsNotComparedRowByRow) {
  const catalog::SemanticModel model = GroupsAndTheirOrders("regions", "地区", "销售额", "sales");
  Open(R"sql(CREATE TABLE regions(region_id INTEGER PRIMARY KEY, name TEXT);
             CREATE TABLE orders(order_id INTEGER PRIMARY KEY, order_date TEXT, amount REAL,
                                 region_id INTEGER REFERENCES regions(region_id));
             INSERT INTO regions VALUES (1,'华东'),(2,'华北');
             INSERT INTO orders VALUES (1,'2024-01-01',80,1),(2,'2024-01-02',90,1),
                                       (3,'2024-01-03',120,2);)sql",
       &model);
  ExpectAbstainsNaming("销售额超过100的地区", "销售额");  // 华东 170 in total, no order over 100
  ExpectAbstainsNaming("销售额超过100的地区有几个", "销售额");  // counted, not listed: the same
  EXPECT_EQ(Rows("各地区的销售额").size(), 2u);
  // Counting the measured rows themselves compares each one's amount.
  const Translation orders_over = Ask("销售额超过100的订单有几个");
  EXPECT_EQ(orders_over.abstain_reason.find("销售额"), std::string::npos)
      << orders_over.abstain_reason;
}

// "which products have sales over 100000" (the demo) listed the products of single orders over
// 100000 at 0.95: "sales" names both the orders (a synonym of the table) and their amount, so it
// says the amount, not which rows, as 销售额 does.
TEST_F(ChineseClubCheckTest, AWordForBothTheRowsAndTheirAmountSaysTheAmount) {
  catalog::SemanticModel model = GroupsAndTheirOrders("stores", "门店", "销售额", "sales");
  model.tables[1].synonyms = {"sales"};
  Open(R"sql(CREATE TABLE stores(store_id INTEGER PRIMARY KEY, name TEXT);
             CREATE TABLE orders(order_id INTEGER PRIMARY KEY, order_date TEXT, amount REAL,
                                 store_id INTEGER REFERENCES stores(store_id));
             INSERT INTO stores VALUES (1,'East'),(2,'North');
             INSERT INTO orders VALUES (1,'2024-01-01',80,1),(2,'2024-01-02',90,1),
                                       (3,'2024-01-03',120,2);)sql",
       &model);
  ExpectAbstainsNaming("which stores have sales over 100", "sales");  // East 170, no order > 100
  ExpectAbstainsNaming("stores whose sales exceed 100", "sales");
  // The orders themselves: each one's amount.
  EXPECT_EQ(Rows("how many orders have sales over 100"), std::vector<std::string>{"1"});
}

// Provinces and cities that share a name (北京市 is both), a population counted in 万.
constexpr const char* kProvinceSql = R"sql(
CREATE TABLE "省份"("词条id" INTEGER PRIMARY KEY, "名称" TEXT, "下辖区数量" INTEGER);
CREATE TABLE "城市"("词条id" INTEGER PRIMARY KEY, "名称" TEXT,
                    "所属省id" INTEGER REFERENCES "省份"("词条id"));
INSERT INTO "省份" VALUES (1,'北京市',16),(2,'河北省',11);
INSERT INTO "城市" VALUES (1,'北京市',1),(2,'石家庄',2),(3,'保定',2);
)sql";

class ChineseProvinceCheckTest : public ChineseClubCheckTest {
 protected:
  void SetUp() override { Open(kProvinceSql); }
};

// "各省份下辖区数量的总和": each group is one province, so a sum per group lists each one's value.
TEST_F(ChineseProvinceCheckTest, ATotalOverOwnRowsIsNotListedPerRow) {
  ExpectAbstainsNaming("各省份下辖区数量的总和", "下辖区数量");
  EXPECT_EQ(Rows("省份下辖区数量的总和"), std::vector<std::string>{"27"});
}

// "北京市有几个城市": the city named 北京市 is one; the province 北京市 has its cities.
TEST_F(ChineseProvinceCheckTest, ACountByTheRowsOwnNameThatAnotherTableHoldsIsRefused) {
  ExpectAbstainsNaming("北京市有几个城市", "北京市");
  const Translation t = Ask("河北省有几个城市");  // only a province: its cities, or nothing
  if (t.answered) {
    EXPECT_EQ(testing::ResultRows(*conn_, t.sql), std::vector<std::string>{"2"});
  }
}

// "人口超过1000万的城市" on the demo's population_10k (人口, counted in 万): not 10,000,000.
TEST_F(ChineseClubCheckTest, AMagnitudeIsNotCountedTwice) {
  catalog::SemanticModel model;
  catalog::TableSemantics cities = testing::SemanticTable("cities", "城市", "cities");
  cities.columns = {testing::SemanticColumn("name", "名称", "name"),
                    testing::SemanticColumn("population_10k", "人口", "population",
                                            catalog::ColumnRole::kMeasure)};
  model.tables = {cities};
  Open(R"sql(CREATE TABLE cities(city_id INTEGER PRIMARY KEY, name TEXT, population_10k INTEGER);
             INSERT INTO cities VALUES (1,'上海',2487),(2,'杭州',1237),(3,'嘉兴',555);)sql",
       &model);
  ExpectAbstainsNaming("人口超过1000万的城市有哪些", "1000万");
  EXPECT_EQ(Rows("人口超过1000的城市有哪些").size(), 2u);
}

// 读数 is declared INTEGER and holds 'inf' and 'nan' (text, as a spreadsheet import leaves
// them): they are no numbers, so a number compared with the column is refused; '-1.5e3' and
// '.5' are numbers.
class ChineseNotANumberCheckTest : public ChineseReadingCheckTest {
 protected:
  void SetUp() override {
    Open(R"sql(CREATE TABLE "气象站"("站id" INTEGER PRIMARY KEY, "名称" TEXT, "读数" INTEGER,
                                      "气温" INTEGER);
               INSERT INTO "气象站" VALUES (1,'甲','inf','-1.5e3'),(2,'乙','nan','.5'),
                                          (3,'丙','12','12');)sql");
  }
  std::optional<ShapeProblem> CompareWith(const std::string& column) const {
    Query q;
    q.projections = {Column("气象站", "名称")};
    Filter f;
    f.column = Column("气象站", column);
    f.numeric = true;
    f.lo = 12;
    q.filters = {f};
    return Check({"气象站"}, q, {Table("气象站")});
  }
};

TEST_F(ChineseNotANumberCheckTest, NanAndInfAreText) {
  ExpectNames(CompareWith("读数"), "inf");
  EXPECT_FALSE(CompareWith("气温"));
}

// Wired into the engine: a Chinese question with 最早 unread abstains naming it.
TEST_F(ChineseReadingCheckTest, TheEngineAbstainsNamingTheWord) {
  const Translation t = Ask("1990年首办的马拉松有哪些");
  EXPECT_FALSE(t.answered) << t.sql;
}

// Products launched on a date of their own, sold on the dates of the orders their lines are of.
class ChineseSoldProductsCheckTest : public ChineseClubCheckTest {
 protected:
  void SetUp() override {
    catalog::SemanticModel model;
    catalog::TableSemantics products = testing::SemanticTable("products", "商品", "products");
    catalog::ColumnSemantics launched = testing::SemanticColumn(
        "launched_on", "上市日期", "launch date", catalog::ColumnRole::kTime);
    launched.synonyms = {"上架日期"};
    products.columns = {testing::SemanticColumn("name", "商品名称", "name"), launched};
    catalog::TableSemantics orders = testing::SemanticTable("orders", "订单", "orders");
    orders.columns = {testing::SemanticColumn("order_date", "下单日期", "order date",
                                              catalog::ColumnRole::kTime)};
    catalog::TableSemantics lines = testing::SemanticTable("order_items", "订单明细", "lines");
    catalog::ColumnSemantics quantity =
        testing::SemanticColumn("quantity", "数量", "quantity", catalog::ColumnRole::kMeasure);
    quantity.synonyms = {"销量"};
    lines.columns = {quantity};
    model.tables = {products, orders, lines};
    Open(R"sql(CREATE TABLE products(product_id INTEGER PRIMARY KEY, name TEXT, launched_on TEXT);
               CREATE TABLE orders(order_id INTEGER PRIMARY KEY, order_date TEXT);
               CREATE TABLE order_items(item_id INTEGER PRIMARY KEY, quantity INTEGER,
                 order_id INTEGER REFERENCES orders(order_id),
                 product_id INTEGER REFERENCES products(product_id));
               INSERT INTO products VALUES (1,'茶','2024-12-05'),(2,'咖啡','2023-01-01'),
                                           (3,'果汁','2024-12-20');
               INSERT INTO orders VALUES (1,'2024-12-10'),(2,'2023-05-01');
               INSERT INTO order_items VALUES (1,1,1,2),(2,2,2,1);)sql",
         &model);
  }
};

// "商品数和销量" counted the products through their lines: 果汁, never sold, was left out.
TEST_F(ChineseSoldProductsCheckTest, ACountBesideAMeasureOfItsReferrersIsRefused) {
  ExpectAbstainsNaming("商品数和销量", "销量");  // 3 products, 2 with lines
  EXPECT_EQ(Rows("商品数"), std::vector<std::string>{"3"});
}

// "2025年12月卖出了多少种商品" filtered the products' launch date: 卖出 dates an order.
TEST_F(ChineseSoldProductsCheckTest, APeriodOfAnUnreadVerbIsNotTheRowsOwnDate) {
  ExpectAbstainsNaming("2024年12月卖出了多少种商品", "卖");
  // No verb: launched or sold then? The date taken is named (PeriodOfCountedRowsUnnamed); a
  // verb said in the date's name is that date.
  ExpectAbstainsNaming("2024年12月的商品有几个", "上市日期");
  EXPECT_EQ(Ask("2024年12月上市的商品有几个").abstain_reason.find("所数的行自己的日期"),
            std::string::npos);
  const Translation listed = Ask("2024年12月上架的商品有几个");
  EXPECT_EQ(listed.abstain_reason.find("这段时间里发生的事"), std::string::npos)
      << listed.abstain_reason;
}

// "销量最多的是什么" answered MAX(quantity) at 0.95: 是什么 after a superlative asks which thing.
TEST_F(ChineseSoldProductsCheckTest, WhatAfterASuperlativeAsksForAThingNotTheMaximum) {
  for (const char* q :
       {"销量最多的是什么", "销量最大的是啥？", "销量最少的是哪个", "销量最多是什么"}) {
    const Translation t = Ask(q);
    EXPECT_FALSE(t.answered) << q << ": " << t.sql;
  }
  // The value asked for (是多少, or the superlative before the measure) is still the maximum.
  EXPECT_EQ(Rows("销量最多的是多少"), std::vector<std::string>{"2"});
  EXPECT_EQ(Rows("最多的销量是什么"), std::vector<std::string>{"2"});
}

// Customers with a company (企业) or none.
class ChineseCompanyCustomersCheckTest : public ChineseClubCheckTest {
 protected:
  void SetUp() override {
    catalog::SemanticModel model;
    catalog::TableSemantics customers = testing::SemanticTable("customers", "客户", "customers");
    catalog::ColumnSemantics company = testing::SemanticColumn("company", "公司", "company");
    company.synonyms = {"企业"};
    customers.columns = {testing::SemanticColumn("name", "姓名", "name"), company};
    model.tables = {customers};
    Open(R"sql(CREATE TABLE customers(customer_id INTEGER PRIMARY KEY, name TEXT, company TEXT);
               INSERT INTO customers VALUES (1,'Ann','Acme'),(2,'Bo',NULL),(3,'Cy','Zeta');)sql",
         &model);
  }
};

// "哪些客户是企业客户" listed every customer's company: 企业客户 is a kind of customer.
TEST_F(ChineseCompanyCustomersCheckTest, AColumnWordBeforeItsTablesWordNamesAKindOfRows) {
  ExpectAbstainsNaming("哪些客户是企业客户", "企业客户");
  ExpectAbstainsNaming("列出企业客户", "企业客户");
  // 客户的企业 is the customers' column.
  EXPECT_EQ(Rows("列出客户的企业").size(), 3u);
}

// Staff with a title whose values the model names in Chinese.
class ChineseStaffTitleTest : public ChineseClubCheckTest {
 protected:
  void SetUp() override {
    catalog::SemanticModel model;
    catalog::TableSemantics staff = testing::SemanticTable("staff", "员工", "staff");
    catalog::ColumnSemantics title = testing::SemanticColumn("title", "职位", "title");
    title.values = {{"Sales Agent", {"销售专员"}}, {"Manager", {"总经理"}}, {"Sales", {"销售"}}};
    staff.columns = {testing::SemanticColumn("name", "姓名", "name"), title,
                     testing::SemanticColumn("birthdate", "出生日期", "birth date")};
    model.tables = {staff};
    Open(R"sql(CREATE TABLE staff(staff_id INTEGER PRIMARY KEY, name TEXT, title TEXT,
                                 birthdate TEXT);
               INSERT INTO staff VALUES (1,'Ann','Manager','1960-01-02'),
                 (2,'Bo','Sales Agent','1990-05-06'),(3,'Cy','Sales Agent','1980-03-04'),
                 (4,'Di','Sales','1970-07-08');)sql",
         &model);
  }
};

// "列出所有销售支持专员", "总经理是谁": a value said as a person noun, no table word, names the
// rows holding it; a value that is no person noun (销售) names no rows.
TEST_F(ChineseStaffTitleTest, APersonNounValueNamesItsRows) {
  const std::vector<std::string> agents = {"Bo", "Cy"};
  EXPECT_EQ(Rows("列出所有销售专员"), agents);
  EXPECT_EQ(Rows("销售专员都有谁"), agents);
  EXPECT_EQ(Rows("总经理是谁"), std::vector<std::string>{"Ann"});
  EXPECT_EQ(Rows("销售专员有几个"), std::vector<std::string>{"2"});
  EXPECT_FALSE(Ask("列出所有销售").answered);
}

// "年纪最小的员工是谁", "哪位员工年龄最大": 年纪/年龄 + 最小/最大 is the youngest / the oldest,
// read on the birth date when the rows have no age.
TEST_F(ChineseStaffTitleTest, AgeWithASuperlativeIsTheYoungestOrOldest) {
  EXPECT_EQ(Rows("年纪最小的员工是谁"), std::vector<std::string>{"Bo"});
  EXPECT_EQ(Rows("员工中年龄最小的是谁"), std::vector<std::string>{"Bo"});
  EXPECT_EQ(Rows("哪位员工年纪最大"), std::vector<std::string>{"Ann"});
  EXPECT_EQ(Rows("谁是年龄最大的员工"), std::vector<std::string>{"Ann"});
}

// "有销量的商品有几个" counted the products with a line and showed SUM(quantity) beside: 销量 says
// which products are counted. Asked beside the count (商品数和销量) it is a second measure.
TEST_F(ChineseSoldProductsCheckTest, AMeasureBeforeDeAndTheCountedRowsIsNotSummedBeside) {
  ExpectAbstainsNaming("有销量的商品有几个", "销量");
  const Translation both = Ask("商品数和销量");
  EXPECT_EQ(both.abstain_reason.find("另算的合计"), std::string::npos) << both.abstain_reason;
}

// "白金会员的平均消费": 白金会员 is a value of the customers (their level) said with their table's
// word (会员), so it names whose the orders are as 客户 would; per order or per customer?
TEST_F(ChineseClubCheckTest, AValueEndingInItsTablesWordNamesWhoseAnAverageIs) {
  catalog::SemanticModel model;
  catalog::TableSemantics customers = testing::SemanticTable("customers", "客户", "customers");
  customers.synonyms = {"会员"};
  catalog::ColumnSemantics level = testing::SemanticColumn("member_level", "会员等级", "level");
  level.values = {{"platinum", {"白金会员"}}};
  customers.columns = {testing::SemanticColumn("name", "客户姓名", "name"), level};
  const catalog::TableSemantics orders = OrdersSpending();
  model.tables = {customers, orders};
  Open(R"sql(CREATE TABLE customers(customer_id INTEGER PRIMARY KEY, name TEXT, member_level TEXT);
             CREATE TABLE orders(order_id INTEGER PRIMARY KEY, total_amount REAL,
                                 customer_id INTEGER REFERENCES customers(customer_id));
             INSERT INTO customers VALUES (1,'甲','platinum'),(2,'乙','platinum'),(3,'丙','gold');
             INSERT INTO orders VALUES (1,10,1),(2,20,1),(3,60,2),(4,5,3);)sql",
       &model);
  ExpectAbstainsNaming("白金会员的平均消费", "平均");  // 30 per order, 45 per customer
  // The orders named (订单金额 starts with 订单): per order, as asked.
  EXPECT_EQ(Rows("白金会员的平均订单金额"), std::vector<std::string>{"30"});
}

// "每个客户平均消费多少" listed each customer's average order: 平均 after 每 + the group (no 的)
// may ask for the customers' totals averaged. With 的 between, the average per customer stays.
TEST_F(ChineseClubCheckTest, AnAverageSaidAfterEachGroupIsAskedWhich) {
  catalog::SemanticModel model;
  catalog::TableSemantics customers = testing::SemanticTable("customers", "客户", "customers");
  customers.columns = {testing::SemanticColumn("name", "客户姓名", "name")};
  const catalog::TableSemantics orders = OrdersSpending();
  model.tables = {customers, orders};
  Open(R"sql(CREATE TABLE customers(customer_id INTEGER PRIMARY KEY, name TEXT);
             CREATE TABLE orders(order_id INTEGER PRIMARY KEY, total_amount REAL,
                                 customer_id INTEGER REFERENCES customers(customer_id));
             INSERT INTO customers VALUES (1,'甲'),(2,'乙');
             INSERT INTO orders VALUES (1,10,1),(2,20,1),(3,60,2);)sql",
       &model);
  ExpectAbstainsNaming("每个客户平均消费多少", "平均");  // 45 per customer, or 15 and 60?
  ExpectAbstainsNaming("每位客户平均消费多少钱", "平均");
  EXPECT_EQ(Rows("每个客户的平均消费").size(), 2u);  // 的 between: each customer's average
  model.tables = {testing::SemanticTable("genres", "流派", "genres"),
                  testing::SemanticTable("tracks", "曲目", "tracks")};
  model.tables[0].columns = {testing::SemanticColumn("name", "流派名称", "genre")};
  model.tables[1].columns = {
      testing::SemanticColumn("length_s", "时长", "length", catalog::ColumnRole::kMeasure)};
  Open(R"sql(CREATE TABLE genres(genre_id INTEGER PRIMARY KEY, name TEXT);
             CREATE TABLE tracks(track_id INTEGER PRIMARY KEY, length_s REAL,
                                 genre_id INTEGER REFERENCES genres(genre_id));
             INSERT INTO genres VALUES (1,'Rock'),(2,'Jazz');
             INSERT INTO tracks VALUES (1,100,1),(2,200,1),(3,300,2);)sql",
       &model);
  EXPECT_EQ(Rows("每个流派平均时长").size(), 2u);  // a length is no amount a genre adds up
}

// "每个国家的客户平均消费" averaged each country's orders: per order or per customer? Groups that
// are the customers themselves (每个客户的平均消费) stay an average of their orders.
TEST_F(ChineseClubCheckTest, AnAverageOfAnotherTablesRowsInGroupsSaysPerWhat) {
  catalog::SemanticModel model;
  catalog::TableSemantics customers = testing::SemanticTable("customers", "客户", "customers");
  customers.columns = {testing::SemanticColumn("name", "客户姓名", "name"),
                       testing::SemanticColumn("country", "国家", "country")};
  const catalog::TableSemantics orders = OrdersSpending();
  model.tables = {customers, orders};
  Open(R"sql(CREATE TABLE customers(customer_id INTEGER PRIMARY KEY, name TEXT, country TEXT);
             CREATE TABLE orders(order_id INTEGER PRIMARY KEY, total_amount REAL,
                                 customer_id INTEGER REFERENCES customers(customer_id));
             INSERT INTO customers VALUES (1,'甲','中国'),(2,'乙','中国'),(3,'丙','美国');
             INSERT INTO orders VALUES (1,10,1),(2,20,1),(3,60,2),(4,5,3);)sql",
       &model);
  ExpectAbstainsNaming("每个国家的客户平均消费", "平均");  // 中国: 30 per order, 45 per customer
  ExpectAbstainsNaming("各国家客户的平均消费", "平均");
  EXPECT_EQ(Rows("每个客户的平均消费").size(), 3u);      // the customers' own orders averaged
  EXPECT_EQ(Rows("每个国家的平均订单金额").size(), 2u);  // the orders named: per order
}

// "2024年的客户数" counted the signups of 2024: the customers who came then, or who bought then?
// The orders (they hold an amount) are counted by their own date as before.
TEST_F(ChineseClubCheckTest, APeriodOnTheCountedThingsOwnDateIsAskedWhich) {
  catalog::SemanticModel model;
  catalog::TableSemantics customers = testing::SemanticTable("customers", "客户", "customers");
  customers.columns = {testing::SemanticColumn("name", "客户姓名", "name"),
                       testing::SemanticColumn("signup_date", "注册日期", "signup date")};
  catalog::TableSemantics orders = testing::SemanticTable("orders", "订单", "orders");
  orders.columns = {
      testing::SemanticColumn("order_date", "下单日期", "order date"),
      testing::SemanticColumn("amount", "订单金额", "amount", catalog::ColumnRole::kMeasure)};
  model.tables = {customers, orders};
  Open(R"sql(CREATE TABLE customers(customer_id INTEGER PRIMARY KEY, name TEXT, signup_date TEXT);
             CREATE TABLE orders(order_id INTEGER PRIMARY KEY, order_date TEXT, amount REAL,
                                 customer_id INTEGER REFERENCES customers(customer_id));
             INSERT INTO customers VALUES (1,'甲','2023-05-01'),(2,'乙','2024-02-01');
             INSERT INTO orders VALUES (1,'2024-03-01',10,1),(2,'2023-06-01',20,2);)sql",
       &model);
  ExpectAbstainsNaming("2024年的客户数", "注册日期");  // 1 signed up, 1 ordered (another one)
  ExpectAbstainsNaming("2024年有多少客户", "注册日期");
  EXPECT_EQ(Rows("2024年的订单数"), std::vector<std::string>{"1"});
}

// "平均每家门店的销售额": the stores' totals averaged over the stores (SUM ÷ COUNT(DISTINCT
// store), one number), not one average order per store; the same with 每个 after 平均 only.
TEST_F(ChineseClubCheckTest, AnAverageOfEachGroupsTotalIsOneNumber) {
  const catalog::SemanticModel model = GroupsAndTheirOrders("stores", "门店", "销售额", "sales");
  Open(R"sql(CREATE TABLE stores(store_id INTEGER PRIMARY KEY, name TEXT);
             CREATE TABLE orders(order_id INTEGER PRIMARY KEY, amount REAL,
                                 store_id INTEGER REFERENCES stores(store_id));
             INSERT INTO stores VALUES (1,'东店'),(2,'西店'),(3,'新店');
             INSERT INTO orders VALUES (1,50,1),(2,50,1),(3,80,2);)sql",
       &model);
  // 东店 100 and 西店 80 over the two stores with sales; 新店 has none, so is in no average.
  EXPECT_EQ(Rows("平均每家门店的销售额"), std::vector<std::string>{"90"});
  EXPECT_EQ(Rows("平均每个门店的销售额是多少"), std::vector<std::string>{"90"});
  // 每个门店的平均销售额 asks for the average per store, as read.
  EXPECT_EQ(Rows("每个门店的平均销售额").size(), 2u);
}

// "平均每家旗舰店的销售额" listed each flagship store's average order at 0.95: 每家旗舰店 is read
// as 旗舰店的每家门店 (segment.cc ReadEachOfAKind), so 平均 was no longer the item before 每.
// 平均 right before 每 in the question is one average of the kind's totals.
TEST_F(ChineseClubCheckTest, AnAverageOfEachGroupOfAKindIsOneNumber) {
  catalog::SemanticModel model = GroupsAndTheirOrders("stores", "门店", "销售额", "sales");
  model.tables[0].columns.push_back(testing::SemanticColumn("kind", "类型", "kind"));
  Open(R"sql(CREATE TABLE stores(store_id INTEGER PRIMARY KEY, name TEXT, kind TEXT);
             CREATE TABLE orders(order_id INTEGER PRIMARY KEY, amount REAL,
                                 store_id INTEGER REFERENCES stores(store_id));
             INSERT INTO stores VALUES (1,'东店','旗舰店'),(2,'西店','旗舰店'),(3,'南店','社区店');
             INSERT INTO orders VALUES (1,50,1),(2,50,1),(3,80,2),(4,30,3);)sql",
       &model);
  // 东店 100 and 西店 80 over the two flagship stores; not each store's average order.
  EXPECT_EQ(Rows("平均每家旗舰店的销售额"), std::vector<std::string>{"90"});
  EXPECT_EQ(Rows("每家旗舰店的销售额").size(), 2u);  // no 平均: the total of each, as read
}

// "单笔订单金额最高的门店" ranked the stores by their total: 单笔 asks for one order's amount.
TEST_F(ChineseClubCheckTest, OneRowsAmountIsNotSummed) {
  const catalog::SemanticModel model = GroupsAndTheirOrders("stores", "门店", "订单金额", "amount");
  Open(R"sql(CREATE TABLE stores(store_id INTEGER PRIMARY KEY, name TEXT);
             CREATE TABLE orders(order_id INTEGER PRIMARY KEY, amount REAL,
                                 store_id INTEGER REFERENCES stores(store_id));
             INSERT INTO stores VALUES (1,'东店'),(2,'西店');
             INSERT INTO orders VALUES (1,50,1),(2,50,1),(3,80,2);)sql",
       &model);
  ExpectAbstainsNaming("单笔订单金额最高的门店", "单笔");  // 西店 (80), not 东店's total 100
  EXPECT_EQ(Rows("订单金额最高的门店").front().substr(0, 6), "东店");  // the total, as asked
  EXPECT_EQ(Rows("单笔订单金额超过60的订单有几个"), std::vector<std::string>{"1"});
}

// "城市等级最高的城市" showed one tier-3 city of eight: a few values shared by many rows tie at
// the top. A column of many values is ranked as before.
TEST_F(ChineseClubCheckTest, RowsRankedByAFewSharedValuesAreRefused) {
  catalog::SemanticModel model;
  catalog::TableSemantics cities = testing::SemanticTable("cities", "城市", "cities");
  cities.columns = {
      testing::SemanticColumn("name", "城市名称", "name"),
      testing::SemanticColumn("tier", "城市等级", "tier"),
      testing::SemanticColumn("population", "人口", "population", catalog::ColumnRole::kMeasure)};
  model.tables = {cities};
  Open(R"sql(CREATE TABLE cities(city_id INTEGER PRIMARY KEY, name TEXT, tier INTEGER,
                                 population INTEGER);
             WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 24)
             INSERT INTO cities SELECT i, 'C' || i, i % 3 + 1, i * 10 FROM n;)sql",
       &model);
  ExpectAbstainsNaming("城市等级最高的城市", "城市等级");
  EXPECT_EQ(Rows("人口最多的城市").front().substr(0, 3), "C24");
}

// "价格最高的10首歌" listed 10 of many 1.99 tracks: a REAL column of a few price points ties at
// the cut as a code column does (its distinct count is measured apart: distinct_numbers).
TEST_F(ChineseClubCheckTest, RowsRankedByAFewSharedPricesAreRefused) {
  catalog::SemanticModel model;
  catalog::TableSemantics tracks = testing::SemanticTable("tracks", "曲目", "tracks");
  tracks.synonyms = {"歌"};
  tracks.columns = {
      testing::SemanticColumn("title", "曲目名称", "title"),
      testing::SemanticColumn("price", "价格", "price", catalog::ColumnRole::kMeasure),
      testing::SemanticColumn("length_s", "时长", "length", catalog::ColumnRole::kMeasure)};
  model.tables = {tracks};
  Open(R"sql(CREATE TABLE tracks(track_id INTEGER PRIMARY KEY, title TEXT, price REAL,
                                 length_s REAL);
             WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 24)
             INSERT INTO tracks SELECT i, 'T' || i, 0.99 + (i % 2), i * 1.5 FROM n;)sql",
       &model);
  ExpectAbstainsNaming("价格最高的10首歌", "价格");
  ExpectAbstainsNaming("最贵的歌", "价格");
  EXPECT_EQ(Rows("时长最长的歌").front().substr(0, 3), "T24");  // many values: ranked as before
}

// "时长最长的摇滚歌曲" answered MAX(时长): a value saying which rows (摇滚) may stand between the
// superlative and the rows asked for.
TEST_F(ChineseClubCheckTest, TheLargestValueIsNotShownWhenRowsOfAValueAreAsked) {
  catalog::SemanticModel model;
  catalog::TableSemantics genres = testing::SemanticTable("genres", "流派", "genres");
  catalog::ColumnSemantics genre = testing::SemanticColumn("name", "流派名称", "genre");
  genre.values = {{"Rock", {"摇滚"}}};
  genres.columns = {genre};
  catalog::TableSemantics tracks = testing::SemanticTable("tracks", "曲目", "tracks");
  tracks.synonyms = {"歌曲"};
  tracks.columns = {
      testing::SemanticColumn("title", "曲目名称", "title"),
      testing::SemanticColumn("length_ms", "时长", "length", catalog::ColumnRole::kMeasure)};
  model.tables = {genres, tracks};
  Open(R"sql(CREATE TABLE genres(genre_id INTEGER PRIMARY KEY, name TEXT);
             CREATE TABLE tracks(track_id INTEGER PRIMARY KEY, title TEXT, length_ms INTEGER,
                                 genre_id INTEGER REFERENCES genres(genre_id));
             INSERT INTO genres VALUES (1,'Rock'),(2,'Jazz');
             INSERT INTO tracks VALUES (1,'A',100,1),(2,'B',300,1),(3,'C',500,2);)sql",
       &model);
  const Translation t = Ask("时长最长的摇滚歌曲");
  if (t.answered) {  // the longest rock song, B, never MAX(时长) or another song
    const std::vector<std::string> rows = testing::ResultRows(*conn_, t.sql);
    ASSERT_FALSE(rows.empty()) << t.sql;
    EXPECT_EQ(rows.front().substr(0, 1), "B") << t.sql;
  }
  EXPECT_EQ(Rows("摇滚歌曲的最长时长"), std::vector<std::string>{"300"});
}

// 分别 over rows the answer does not show names them by the semantic model's Chinese name (赛事),
// not by the table's raw name (races), as the user reads them.
TEST_F(ChineseReadingCheckTest, RespectivelyNamesTheRowsByTheirChineseName) {
  catalog::SemanticModel model;
  model.tables = {testing::SemanticTable("races", "赛事", "races")};
  Open(R"sql(CREATE TABLE races(race_id INTEGER PRIMARY KEY, city TEXT);
             CREATE TABLE results(result_id INTEGER PRIMARY KEY, winner TEXT,
                                  race_id INTEGER REFERENCES races(race_id));)sql",
       &model);
  std::vector<Item> items = Items({"赛事", "分别", "?属于", "winner"});
  for (size_t id = 0; id < index_->terms().size(); ++id) {
    const auto& term = index_->terms()[id];
    if (term.kind == TermKind::kTable && term.table == Table("races")) items[0].terms = {int(id)};
  }
  ASSERT_FALSE(items[0].terms.empty());
  Query q;
  q.projections.push_back(Column("results", "winner"));
  const std::optional<ShapeProblem> p =
      FindChineseMisreading(items, q, *index_, {Table("results")}, -1);
  ASSERT_TRUE(p.has_value());
  EXPECT_NE(p->zh.find("每个赛事各自"), std::string::npos) << p->zh;
  EXPECT_EQ(p->zh.find("races"), std::string::npos) << p->zh;
}

}  // namespace
}  // namespace askdb::nlq
