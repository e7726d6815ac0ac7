#include "askdb/agent/session/follow_up.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <memory>
#include <string>

#include "askdb/catalog/semantic_model.h"
#include "askdb/common/json.h"
#include "askdb/db/sqlite/sqlite_connector.h"
#include "askdb/nlq/schema_index.h"

namespace askdb::agent {
namespace {

// A small shop whose value index knows cities in both languages and product categories.
constexpr const char* kShopSql = R"sql(
CREATE TABLE cities(city_id INTEGER PRIMARY KEY, name_zh TEXT, name_en TEXT);
CREATE TABLE products(product_id INTEGER PRIMARY KEY, category TEXT);
CREATE TABLE orders(order_id INTEGER PRIMARY KEY, city_id INTEGER REFERENCES cities(city_id),
                    product_id INTEGER REFERENCES products(product_id),
                    order_date TEXT, amount REAL);
INSERT INTO cities VALUES (1,'北京','Beijing'),(2,'上海','Shanghai'),(3,'广州','Guangzhou');
INSERT INTO products VALUES (1,'Books'),(2,'Toys');
INSERT INTO orders VALUES (1,1,1,'2024-01-05',100),(2,2,2,'2025-05-01',50);
)sql";

class FollowUpTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    auto conn = db::SqliteConnector::OpenInMemory(kShopSql);
    ASSERT_TRUE(conn.ok()) << conn.status().ToString();
    auto index = nlq::BuildSchemaIndex(**conn, nullptr);
    ASSERT_TRUE(index.ok()) << index.status().ToString();
    owned_index_ = std::make_unique<nlq::SchemaIndex>(std::move(index).value());
    index_ = owned_index_.get();
  }
  static void TearDownTestSuite() {
    index_ = nullptr;
    owned_index_.reset();
  }
  FollowUp Resolve(const std::string& prev, const std::string& q) {
    return ResolveFollowUp(prev, q, index_);
  }
  // `q` after `prev` is a follow-up read as `resolved`, saying `explanation`.
  void ExpectReadAs(const std::string& prev, const std::string& q, const std::string& resolved,
                    const std::string& explanation) {
    FollowUp f = Resolve(prev, q);
    EXPECT_TRUE(f.is_follow_up) << f.explanation;
    EXPECT_EQ(f.resolved_question, resolved);
    EXPECT_EQ(f.explanation, explanation);
  }
  // The index of `sql`'s database with the semantic model `model_json`.
  static void BuildIndexWithModel(const char* sql, const char* model_json) {
    auto conn = db::SqliteConnector::OpenInMemory(sql);
    ASSERT_TRUE(conn.ok()) << conn.status().ToString();
    auto json = ParseJson(model_json);
    ASSERT_TRUE(json.ok());
    auto model = catalog::SemanticModelFromJson(*json);
    ASSERT_TRUE(model.ok()) << model.status().ToString();
    auto index = nlq::BuildSchemaIndex(**conn, &*model);
    ASSERT_TRUE(index.ok()) << index.status().ToString();
    owned_index_ = std::make_unique<nlq::SchemaIndex>(std::move(index).value());
    index_ = owned_index_.get();
  }
  static std::unique_ptr<nlq::SchemaIndex> owned_index_;
  static const nlq::SchemaIndex* index_;
};
std::unique_ptr<nlq::SchemaIndex> FollowUpTest::owned_index_;
const nlq::SchemaIndex* FollowUpTest::index_ = nullptr;

TEST_F(FollowUpTest, ChineseValueReplacesValueOfSameColumn) {
  FollowUp f = Resolve("北京的销售额", "那上海呢？");
  EXPECT_TRUE(f.is_follow_up) << f.explanation;
  EXPECT_EQ(f.resolved_question, "上海的销售额");
  EXPECT_NE(f.explanation.find("北京 → 上海"), std::string::npos) << f.explanation;
}

TEST_F(FollowUpTest, EnglishValueReplacesValueOfSameColumn) {
  FollowUp f = Resolve("total sales in Beijing in 2024", "what about Shanghai?");
  EXPECT_TRUE(f.is_follow_up) << f.explanation;
  EXPECT_EQ(f.resolved_question, "total sales in Shanghai in 2024");
}

TEST_F(FollowUpTest, ValueWithoutCounterpartIsNotAFollowUp) {
  // The previous question names no city: adding a filter is a guess, so refuse.
  FollowUp f = Resolve("2024年的销售额", "那上海呢");
  EXPECT_FALSE(f.is_follow_up);
  EXPECT_EQ(f.resolved_question, "那上海呢");
  // A category does not replace a city: it combines with it (FollowUpNestedTest).
  EXPECT_EQ(Resolve("sales in Beijing", "what about Toys").resolved_question,
            "sales in Beijing for Toys");
  // Without an index values are unknown.
  EXPECT_FALSE(ResolveFollowUp("北京的销售额", "那上海呢？", nullptr).is_follow_up);
}

// The same shop with a semantic model that names the cities table and the category column in
// Chinese, so that "各城市" / "每个品类" are groupings the index knows.
class FollowUpBreakdownTest : public FollowUpTest {
 protected:
  static void SetUpTestSuite() {
    BuildIndexWithModel(kShopSql, R"({"tables": [
        {"name": "cities", "business_name": "城市"},
        {"name": "products", "columns": [{"name": "category", "business_name": "品类"}]}]})");
  }
};

// After a breakdown ("各城市的…"), a value of the grouped table or column asks for its own row.
TEST_F(FollowUpBreakdownTest, ChineseValueNarrowsABreakdownOverItsColumn) {
  FollowUp f = Resolve("各城市的销售额", "那上海呢？");
  EXPECT_TRUE(f.is_follow_up) << f.explanation;
  EXPECT_EQ(f.resolved_question, "上海的销售额") << f.explanation;
  EXPECT_NE(f.explanation.find("各城市 → 上海"), std::string::npos) << f.explanation;
  EXPECT_EQ(Resolve("2024年每个城市的订单数", "那北京呢").resolved_question, "2024年北京的订单数");
  EXPECT_EQ(Resolve("各品类的订单数", "那Toys呢").resolved_question, "Toys的订单数");
  // In English "by X" / "per X" gives way to "for VALUE".
  EXPECT_EQ(Resolve("number of orders by city in 2024", "what about Shanghai?").resolved_question,
            "number of orders for Shanghai in 2024");
  EXPECT_EQ(Resolve("orders per category", "and Toys?").resolved_question, "orders for Toys");
  // A value of another column has nothing to narrow.
  EXPECT_FALSE(Resolve("各城市的销售额", "那Toys呢").is_follow_up);
  EXPECT_FALSE(Resolve("orders by city", "what about Toys").is_follow_up);
  // A new grouping is a new question, not a substitution.
  EXPECT_FALSE(Resolve("北京的销售额", "那各城市呢").is_follow_up);
}

// A grouping over another table or column takes the place of the previous one; run alone,
// "and by category?" listed the category names.
TEST_F(FollowUpBreakdownTest, AGroupingReplacesTheGroupingOfThePreviousQuestion) {
  FollowUp f = Resolve("number of orders by city in 2024", "and by category?");
  EXPECT_TRUE(f.is_follow_up) << f.explanation;
  EXPECT_EQ(f.resolved_question, "number of orders by category in 2024");
  EXPECT_NE(f.explanation.find("by city → by category"), std::string::npos) << f.explanation;
  EXPECT_EQ(Resolve("各城市的销售额", "那各品类呢？").resolved_question, "各品类的销售额");
  // Nothing to replace, two groupings, or the other language: a new question.
  EXPECT_FALSE(Resolve("number of orders in 2024", "and by category?").is_follow_up);
  EXPECT_FALSE(Resolve("各城市各品类的销售额", "那各城市呢").is_follow_up);
  EXPECT_FALSE(Resolve("各城市的销售额", "and by category?").is_follow_up);
}

// Regions hold cities (cities.region_id → regions), whose orders are counted: a city narrows a
// breakdown by region to itself, a region a breakdown by city to the cities inside it. An
// order's status names no row: it lies in every region.
constexpr const char* kRegionSql = R"sql(
CREATE TABLE regions(region_id INTEGER PRIMARY KEY, name_zh TEXT, name_en TEXT);
CREATE TABLE cities(city_id INTEGER PRIMARY KEY, name_zh TEXT, name_en TEXT,
                    region_id INTEGER REFERENCES regions(region_id));
CREATE TABLE products(product_id INTEGER PRIMARY KEY, category TEXT);
CREATE TABLE orders(order_id INTEGER PRIMARY KEY, city_id INTEGER REFERENCES cities(city_id),
                    product_id INTEGER REFERENCES products(product_id),
                    order_date TEXT, amount REAL, status TEXT);
INSERT INTO regions VALUES (1,'华东','East China'),(2,'华北','North China');
INSERT INTO cities VALUES (1,'北京','Beijing',2),(2,'上海','Shanghai',1),(3,'杭州','Hangzhou',1);
INSERT INTO products VALUES (1,'Books'),(2,'Toys');
INSERT INTO orders VALUES (1,1,1,'2024-01-05',100,'已完成'),(2,2,2,'2025-05-01',50,'已取消'),
                          (3,3,1,'2025-06-01',70,'已完成');
)sql";

class FollowUpNestedTest : public FollowUpTest {
 protected:
  static void SetUpTestSuite() {
    BuildIndexWithModel(kRegionSql, R"({"tables": [
        {"name": "regions", "business_name": "地区", "synonyms": ["region"]},
        {"name": "cities", "business_name": "城市"},
        {"name": "products", "columns": [{"name": "category", "business_name": "品类"}]}]})");
  }
};

// Session 23: "各地区的销售额" + "那上海呢" went unanswered ("那" unplaced): 上海 is a city, not a
// value of the region column the breakdown is over.
TEST_F(FollowUpNestedTest, ACityNarrowsABreakdownByRegionToItself) {
  ExpectReadAs("各地区的销售额", "那上海呢", "上海的销售额", "各地区 → 上海");
  EXPECT_EQ(Resolve("2024年各地区的销售额", "what about Shanghai").resolved_question,
            "2024年Shanghai的销售额");
  EXPECT_EQ(Resolve("sales by region in 2024", "what about Shanghai?").resolved_question,
            "sales for Shanghai in 2024");
  // A value and a period at once.
  EXPECT_EQ(Resolve("各地区的销售额", "那2024年上海呢").resolved_question, "2024年上海的销售额");
}

TEST_F(FollowUpNestedTest, ARegionNarrowsABreakdownByCityToTheCitiesInside) {
  ExpectReadAs("2024年各城市的销售额", "那华东呢？", "2024年华东各城市的销售额", "加上 华东");
  EXPECT_EQ(Resolve("sales by city in 2024?", "what about East China?").resolved_question,
            "sales by city for East China in 2024?");
}

// Review of f7e2b3f: any value of a table whose keys reach the regions took the breakdown's
// place ("那已完成呢" gave "已完成的销售额", the regions lost); an order's status lies in every
// region, so it filters beside the breakdown.
TEST_F(FollowUpNestedTest, AValueThatNamesNoRowKeepsTheBreakdown) {
  ExpectReadAs("各地区的销售额", "那已完成呢", "已完成各地区的销售额", "加上 已完成");
  EXPECT_EQ(Resolve("2024年各城市的销售额", "那已取消呢").resolved_question,
            "2024年已取消各城市的销售额");
}

// Review of f7e2b3f: "华东各城市的销售额" + "那北京呢" gave "华东北京的销售额", empty (北京 is
// in 华北): the region the city lies in goes with the breakdown.
TEST_F(FollowUpNestedTest, ACityDropsTheRegionItNarrowedBefore) {
  ExpectReadAs("华东各城市的销售额", "那北京呢", "北京的销售额", "各城市 → 北京; 去掉 华东");
  EXPECT_EQ(
      Resolve("sales by city for East China in 2024?", "what about Beijing?").resolved_question,
      "sales for Beijing in 2024?");
  // A value beside the region that names no row leaves the region in place.
  EXPECT_EQ(Resolve("华东各城市的销售额", "那已完成呢").resolved_question,
            "华东已完成各城市的销售额");
}

// Session 24: "各地区的销售额" → "那上海呢" → "那已完成呢" went unanswered: the narrowed
// question had no breakdown left and no status to replace. A value of another column combines
// with the values before; one of the same column, or the row's name in the other language,
// replaces its own; a region in place of a city it holds replaces it.
TEST_F(FollowUpNestedTest, AValueOfAnotherColumnCombinesWithTheValuesBefore) {
  ExpectReadAs("上海的销售额", "那已完成呢", "上海已完成的销售额", "加上 已完成");
  ExpectReadAs("sales for Shanghai in 2024", "what about Toys?",
               "sales for Shanghai for Toys in 2024", "added for Toys");
  ExpectReadAs("2024年上海已完成的销售额", "那北京呢", "2024年北京已完成的销售额", "上海 → 北京");
  ExpectReadAs("上海已完成的销售额", "那已取消呢", "上海已取消的销售额", "已完成 → 已取消");
  ExpectReadAs("上海已完成的销售额", "那2023年呢", "2023年上海已完成的销售额", "加上 2023年");
  ExpectReadAs("上海的销售额", "what about Beijing", "Beijing的销售额", "上海 → Beijing");
  ExpectReadAs("上海的销售额", "那华东呢", "华东的销售额", "上海 → 华东");
  ExpectReadAs("华东已完成的销售额", "那上海呢", "上海已完成的销售额", "华东 → 上海");
  ExpectReadAs("北京的销售额", "那华东已取消呢", "华东已取消的销售额", "北京 → 华东; 加上 已取消");
}

// Each follow-up is read against the one before as it was resolved: three in a row.
TEST_F(FollowUpNestedTest, AChainOfFollowUpsKeepsWhatWasNotReplaced) {
  std::string question = "各地区的销售额";
  for (const auto& [asked, read] : std::vector<std::pair<std::string, std::string>>{
           {"那上海呢", "上海的销售额"},
           {"那已完成呢", "上海已完成的销售额"},
           {"2024年呢", "2024年上海已完成的销售额"},
           {"那杭州呢", "2024年杭州已完成的销售额"},
           {"只看2025年", "2025年杭州已完成的销售额"}}) {
    const FollowUp f = Resolve(question, asked);
    ASSERT_TRUE(f.is_follow_up) << asked << ": " << f.explanation;
    EXPECT_EQ(f.resolved_question, read) << asked;
    question = f.resolved_question;
  }
  // Text of its own is a new question, whatever came before.
  EXPECT_FALSE(Resolve(question, "各品类的订单数").is_follow_up);
}

// Review of ec7fe72: a Latin value inserted beside a Latin word in a Chinese question ran into
// it ("BeijingToys", one token: total sales); an English value went after the last value with
// no preposition before it ("Shanghai for Toys sales in 2024").
TEST_F(FollowUpNestedTest, ACombinedValueIsWrittenWhereItReads) {
  ExpectReadAs("Beijing的销售额", "what about Toys", "Beijing Toys的销售额", "加上 Toys");
  ExpectReadAs("Shanghai sales in 2024", "what about Toys?", "Shanghai sales in 2024 for Toys",
               "added for Toys");
  ExpectReadAs("sales of Shanghai in 2024", "what about Toys?",
               "sales of Shanghai for Toys in 2024", "added for Toys");
}

TEST_F(FollowUpNestedTest, AValueOfAnUnrelatedTableIsNotAFollowUp) {
  const std::string no_counterpart =
      "has no single value of the same column in the previous question to replace";
  // A category has no key to the regions: which breakdown it narrows is a guess.
  FollowUp toys = Resolve("各地区的销售额", "那Toys呢");
  EXPECT_FALSE(toys.is_follow_up);
  EXPECT_EQ(toys.explanation, "\"Toys\" " + no_counterpart);
  EXPECT_EQ(Resolve("sales by region", "what about Toys").explanation,
            "\"Toys\" " + no_counterpart);
  // Two groupings: which one the city narrows is a guess too.
  FollowUp two_groups = Resolve("各地区各品类的销售额", "那上海呢");
  EXPECT_FALSE(two_groups.is_follow_up);
  EXPECT_EQ(two_groups.explanation, "\"上海\" " + no_counterpart);
  // Two values for one breakdown.
  FollowUp two_values = Resolve("各地区的销售额", "那上海杭州呢");
  EXPECT_FALSE(two_values.is_follow_up);
  EXPECT_EQ(two_values.explanation, "\"杭州\" " + no_counterpart);
}

TEST_F(FollowUpTest, PeriodReplacesPeriod) {
  FollowUp f = Resolve("2025年各地区的销售额", "只看2024年");
  EXPECT_TRUE(f.is_follow_up) << f.explanation;
  EXPECT_EQ(f.resolved_question, "2024年各地区的销售额");
  EXPECT_EQ(Resolve("2025年各地区的销售额", "去年呢").resolved_question, "去年各地区的销售额");
  EXPECT_EQ(Resolve("sales by city in 2025", "only 2024").resolved_question,
            "sales by city in 2024");
  EXPECT_EQ(Resolve("sales by city in 2025?", "and last year?").resolved_question,
            "sales by city last year?");
}

TEST_F(FollowUpTest, PeriodIsAddedWhenAbsent) {
  EXPECT_EQ(Resolve("北京的销售额", "只看2024年").resolved_question, "2024年北京的销售额");
  EXPECT_EQ(Resolve("sales in Beijing?", "just 2024").resolved_question,
            "sales in Beijing in 2024?");
}

TEST_F(FollowUpTest, GroupingIsAddedOrReplaced) {
  EXPECT_EQ(Resolve("2024年的销售额", "按月").resolved_question, "2024年每月的销售额");
  EXPECT_EQ(Resolve("2024年的销售额", "now by month").resolved_question,
            "2024年每月的销售额");  // kept in the previous question's language
  EXPECT_EQ(Resolve("2024年每月的销售额", "按季度呢").resolved_question, "2024年每季度的销售额");
  EXPECT_EQ(Resolve("sales in 2024", "now by month").resolved_question, "sales in 2024 by month");
  EXPECT_EQ(Resolve("monthly sales in 2024", "now by quarter").resolved_question,
            "quarterly sales in 2024");
}

TEST_F(FollowUpTest, TopNChanges) {
  EXPECT_EQ(Resolve("销售额前10个城市", "前5个呢").resolved_question, "销售额前5个城市");
  EXPECT_EQ(Resolve("top 10 cities by sales", "top 5 instead").resolved_question,
            "top 5 cities by sales");
  EXPECT_EQ(Resolve("销售额前十个城市", "前五个呢").resolved_question, "销售额前5个城市");
  EXPECT_EQ(Resolve("top ten cities by sales", "top three instead").resolved_question,
            "top 3 cities by sales");
  EXPECT_FALSE(Resolve("2024年的销售额", "前年呢").is_follow_up);  // 前年 is not a top-N
}

// Session 27: "只看前5个" after a breakdown went unanswered ("只看" not understood) and, as an
// unanswered new question, ended the chain. The engine ranks a breakdown by its measure, so its
// top N are its N largest groups.
TEST_F(FollowUpTest, ATopNRanksABreakdownThatHadNone) {
  ExpectReadAs("各城市的销售额", "只看前5个", "前5个城市的销售额", "各 → 前5个");
  ExpectReadAs("2024年每个城市的销售额", "前三个呢", "2024年前3个城市的销售额", "每个 → 前3个");
  ExpectReadAs("sales by city", "just the top 5", "sales by city top 5", "added top 5");
  ExpectReadAs("sales by city in 2024?", "top 3 only", "sales by city in 2024 top 3?",
               "added top 3");
  // Nothing to rank, a time grouping (the first 5 months are not the top 5), two breakdowns
  // or an order of the question's own: which rows are meant is a guess.
  for (const char* prev :
       {"2024年的销售额", "每月的销售额", "sales by month", "各城市各品类的销售额",
        "销售额最低的各城市", "sales by city in ascending order"}) {
    EXPECT_FALSE(Resolve(prev, "只看前5个").is_follow_up) << prev;
  }
  // Then a time grouping: the top of each month, or the months of the top? The engine read
  // "每月前5个城市的销售额" as the top 5 month-city pairs.
  EXPECT_FALSE(Resolve("前5个城市的销售额", "按月呢").is_follow_up);
  EXPECT_FALSE(Resolve("top 5 cities by sales", "now by month").is_follow_up);
  // Declined: only a follow-up's words, with no place in the previous question (the run says
  // so); a question with words of its own is simply new.
  EXPECT_TRUE(Resolve("前5个城市的销售额", "按月呢").declined);
  EXPECT_TRUE(Resolve("2024年的销售额", "只看前5个").declined);
  EXPECT_FALSE(Resolve("2025年北京的销售额", "上海的订单数量是多少").declined);
  EXPECT_FALSE(Resolve("2025年北京的销售额", "你好").declined);
}

// Review of session 27: a top-N the follow-up scanner does not know is still a top-N
// ("销售额最高的5个门店" + "按月呢" read as the top 5 month-store pairs).
TEST_F(FollowUpTest, ATimeGroupingIsNotAddedToATopNTheEngineReads) {
  for (const char* prev :
       {"销售额最高的5个城市", "销售额最高的城市", "the 3 cities with the highest sales"}) {
    const FollowUp f = Resolve(prev, "按月呢");
    EXPECT_FALSE(f.is_follow_up) << prev << " → " << f.resolved_question;
    EXPECT_TRUE(f.declined) << prev;
    EXPECT_EQ(f.why, DeclineWhy::kTopNAndTimeGrouping) << prev;
  }
  EXPECT_EQ(Resolve("2024年的销售额", "按月").resolved_question, "2024年每月的销售额");
}

// A top percentage is no count: "前5%" became LIMIT 5.
TEST_F(FollowUpBreakdownTest, ATopPercentageIsDeclined) {
  for (const char* q :
       {"只看前5%", "前5％呢", "只看前百分之五", "top 10%", "just the top 10 percent"}) {
    const FollowUp f = Resolve("各城市的销售额", q);
    EXPECT_FALSE(f.is_follow_up) << q << " → " << f.resolved_question;
    EXPECT_TRUE(f.declined) << q;
    EXPECT_EQ(f.why, DeclineWhy::kPercentage) << q;
  }
  EXPECT_TRUE(Resolve("销售额前10个城市", "前5%呢").declined);
  EXPECT_FALSE(Resolve("销售额前10个城市", "前5%呢").is_follow_up);
}

// An order of the question's own: its first 3 rows are not the 3 largest.
TEST_F(FollowUpBreakdownTest, ATopNAfterAnOrderOfItsOwnIsDeclined) {
  for (const char* prev :
       {"各城市的销售额按城市名排序", "各城市的销售额，按名称排列", "sales by city sorted by name",
        "sales by city in alphabetical order", "sales by city ordered by name"}) {
    for (const char* q : {"前三呢", "只看前3个", "top 3"}) {
      const FollowUp f = Resolve(prev, q);
      EXPECT_FALSE(f.is_follow_up) << prev << " + " << q << " → " << f.resolved_question;
      EXPECT_TRUE(f.declined) << prev << " + " << q;
    }
  }
  EXPECT_EQ(Resolve("各城市的销售额", "前三呢").resolved_question, "前3个城市的销售额");
}

// In English a top-N is added only after "by": "sales per city top 5" read as a top per city.
TEST_F(FollowUpBreakdownTest, AnEnglishTopNIsAddedOnlyAfterBy) {
  EXPECT_EQ(Resolve("sales by city", "top 5").resolved_question, "sales by city top 5");
  for (const char* prev : {"sales per city", "how many orders in each city",
                           "total sales for each category in 2024"}) {
    const FollowUp f = Resolve(prev, "just the top 3");
    EXPECT_FALSE(f.is_follow_up) << prev << " → " << f.resolved_question;
    EXPECT_TRUE(f.declined) << prev;
  }
}

// A top-N added only as the follow-up's one slot: with a period beside it, which rows it
// ranks is read from more than the top-N.
TEST_F(FollowUpBreakdownTest, ATopNIsAddedOnlyAlone) {
  for (const char* q : {"只看2023年前5个", "top 5 in 2023"}) {
    const FollowUp f = Resolve("2024年各城市的销售额", q);
    EXPECT_FALSE(f.is_follow_up) << q << " → " << f.resolved_question;
    EXPECT_TRUE(f.declined) << q;
  }
  EXPECT_EQ(Resolve("2024年各城市的销售额", "只看前5个").resolved_question,
            "2024年前5个城市的销售额");
}

// A chart said not to be drawn gives way to the one asked; an English chart kind is replaced
// wherever it stands; a chart with no kind to replace is declined.
TEST_F(FollowUpTest, AChartFollowUpReplacesANegatedOrEnglishChart) {
  ExpectReadAs("各城市的销售额，不要柱状图", "换成饼图", "各城市的销售额，用饼图展示", "换成 饼图");
  ExpectReadAs("line chart of monthly sales in 2024", "as a bar chart",
               "bar chart of monthly sales in 2024", "as a bar chart");
  ExpectReadAs("plot sales by city as a pie chart", "show me that as a bar chart",
               "plot sales by city as a bar chart", "as a bar chart");
  for (const char* q :
       {"来个饼图", "换个饼图", "弄成饼图", "能换成饼图吗", "看下饼图", "能不能换成饼图"}) {
    ExpectReadAs("各城市的销售额", q, "各城市的销售额，用饼图展示", "换成 饼图");
  }
  ExpectReadAs("各城市的销售额，用饼图展示", "还是用柱状图吧", "各城市的销售额，用柱状图展示",
               "换成 柱状图");
  const FollowUp f = Resolve("用图表展示各城市的销售额", "换成饼图");
  EXPECT_FALSE(f.is_follow_up) << f.resolved_question;
  EXPECT_TRUE(f.declined);
  EXPECT_EQ(f.why, DeclineWhy::kChartNotReplaceable);
}

// Session 27: "换成柱状图" after an answer went unanswered ("换成" not understood); a follow-up
// that only names a chart asks the previous question again with that chart.
TEST_F(FollowUpTest, AChartFollowUpAsksThePreviousQuestionWithThatChart) {
  ExpectReadAs("各城市的销售额", "换成柱状图", "各城市的销售额，用柱状图展示", "换成 柱状图");
  ExpectReadAs("各城市的销售额？", "用饼图呢", "各城市的销售额，用饼图展示？", "换成 饼图");
  ExpectReadAs("画一个每月销售额的折线图", "改成柱状图吧", "画一个每月销售额的柱状图",
               "换成 柱状图");
  ExpectReadAs("各城市的销售额，用柱状图展示", "换成饼图", "各城市的销售额，用饼图展示",
               "换成 饼图");
  ExpectReadAs("sales by city?", "show it as a pie chart instead", "sales by city as a pie chart?",
               "as a pie chart");
  ExpectReadAs("sales by city as a pie chart", "bar chart", "sales by city as a bar chart",
               "as a bar chart");
  ExpectReadAs("sales by city", "换成折线图", "sales by city as a line chart", "as a line chart");
  // More than a chart, no kind, a kind said not to be drawn, or no previous question.
  for (const char* q : {"上海的柱状图", "换成图表", "不要饼图", "bar chart of sales by city",
                        "pie chart for Shanghai"}) {
    EXPECT_EQ(Resolve("各城市的销售额", q).resolved_question.find("展示"), std::string::npos) << q;
  }
  EXPECT_FALSE(Resolve("", "换成柱状图").is_follow_up);
}

TEST_F(FollowUpTest, SeveralSlotsAtOnce) {
  FollowUp f = Resolve("2025年北京的销售额", "那2024年上海呢");
  EXPECT_TRUE(f.is_follow_up) << f.explanation;
  EXPECT_EQ(f.resolved_question, "2024年上海的销售额");
}

TEST_F(FollowUpTest, FullQuestionsAreNotFollowUps) {
  for (const char* q : {"上海的订单数量是多少", "2024年的销售额", "how many orders in Shanghai",
                        "list all products", "那上海的订单数呢", "北京和上海呢"}) {
    FollowUp f = Resolve("2025年北京的销售额", q);
    EXPECT_FALSE(f.is_follow_up) << q << " → " << f.resolved_question;
    EXPECT_EQ(f.resolved_question, q);
    EXPECT_FALSE(f.explanation.empty());
  }
  EXPECT_FALSE(Resolve("", "那上海呢").is_follow_up);
  EXPECT_FALSE(Resolve("2024年的销售额", "2023年和2024年").is_follow_up);
}

RC_GTEST_FIXTURE_PROP(FollowUpTest, NonFollowUpIsReturnedUnchanged, ()) {
  // Any question carrying a content word of its own (a measure, an entity) is new.
  const std::string prefix = *rc::gen::element<std::string>("", "那", "what about ", "只看");
  const std::string slot =
      *rc::gen::element<std::string>("", "上海", "2024年", "Shanghai ", "按月", "top 5 ");
  const std::string content = *rc::gen::element<std::string>("订单数", "销售额", "customers",
                                                             "average price", "利润率", "products");
  const std::string tail = *rc::gen::string<std::string>();
  const std::string q = prefix + slot + content + tail;
  FollowUp f = ResolveFollowUp("2025年北京的销售额", q, index_);
  RC_ASSERT(!f.is_follow_up);
  RC_ASSERT(f.resolved_question == q);
}

RC_GTEST_FIXTURE_PROP(FollowUpTest, NotFollowUpMeansUnchanged, (const std::string& q)) {
  FollowUp f = ResolveFollowUp("2025年北京的销售额", q, index_);
  if (!f.is_follow_up) RC_ASSERT(f.resolved_question == q);
}

// "订单数呢" after "2024年手机的销售额": the measure after the last 的 is swapped; a word that
// names no measure by its ending, or a question without "…的<measure>", is not.
TEST(FollowUpMeasureTest, ChineseMeasureSwap) {
  const FollowUp f = ResolveFollowUp("2024年手机的销售额", "订单数呢", nullptr);
  EXPECT_TRUE(f.is_follow_up) << f.explanation;
  EXPECT_EQ(f.resolved_question, "2024年手机的订单数");
  EXPECT_EQ(f.explanation, "销售额 → 订单数");
  EXPECT_EQ(ResolveFollowUp("2024年各品类的销售额？", "那销量呢？", nullptr).resolved_question,
            "2024年各品类的销量");
  EXPECT_FALSE(ResolveFollowUp("2024年手机的销售额", "手机呢", nullptr).is_follow_up);
  EXPECT_FALSE(ResolveFollowUp("2024年手机的销售额", "订单数", nullptr).is_follow_up);
  EXPECT_FALSE(ResolveFollowUp("销售额", "订单数呢", nullptr).is_follow_up);
}

// Review of ec7fe72: "苏州的销售额" + "那浙江呢" gave "苏州浙江的销售额" (a city and a province of
// one table's row: no row has both, an empty answer). A value of the table a previous value
// names the row of takes its place.
constexpr const char* kProvinceSql = R"sql(
CREATE TABLE cities(city_id INTEGER PRIMARY KEY, name_zh TEXT, name_en TEXT, province TEXT);
CREATE TABLE orders(order_id INTEGER PRIMARY KEY, city_id INTEGER REFERENCES cities(city_id),
                    order_date TEXT, amount REAL, status TEXT);
INSERT INTO cities VALUES (1,'苏州','Suzhou','江苏'),(2,'杭州','Hangzhou','浙江'),
                          (3,'宁波','Ningbo','浙江');
INSERT INTO orders VALUES (1,1,'2024-01-05',100,'已完成'),(2,2,'2025-05-01',50,'已取消'),
                          (3,3,'2025-06-01',70,'已完成');
)sql";

class FollowUpSameTableTest : public FollowUpTest {
 protected:
  static void SetUpTestSuite() {
    BuildIndexWithModel(kProvinceSql, R"({"tables": [
        {"name": "cities", "business_name": "城市",
         "columns": [{"name": "province", "business_name": "省份"}]}]})");
  }
};

TEST_F(FollowUpSameTableTest, AValueOfTheRowsTableReplacesTheRowsName) {
  ExpectReadAs("苏州的销售额", "那浙江呢", "浙江的销售额", "苏州 → 浙江");
  ExpectReadAs("浙江的销售额", "那苏州呢", "苏州的销售额", "浙江 → 苏州");
  // A value of another table still combines.
  ExpectReadAs("苏州的销售额", "那已完成呢", "苏州已完成的销售额", "加上 已完成");
}

}  // namespace
}  // namespace askdb::agent
