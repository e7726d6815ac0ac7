// Counts on schemas the engine has never met (session 23): which rows or values a count
// counts, and what the answer says it counted.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "askdb/catalog/semantic_model.h"
#include "askdb/nlq/engine.h"
#include "askdb/nlq/test_fixture.h"

namespace askdb::nlq {
namespace {

constexpr const char* kFarmSql = R"sql(
CREATE TABLE crop(crop_id INTEGER PRIMARY KEY, crop_name TEXT);
CREATE TABLE harvest(harvest_id INTEGER PRIMARY KEY, crop_id INTEGER REFERENCES crop(crop_id),
                     grade TEXT, kilos REAL);
INSERT INTO crop VALUES (1,'Apples'),(2,'Pears');
INSERT INTO harvest VALUES (1,1,'A',10),(2,1,'B',12),(3,1,'A',9),(4,2,'A',7),(5,1,'C',3);
)sql";

// One row per (area code, state): a state appears on several rows.
constexpr const char* kAreaSql = R"sql(
CREATE TABLE area_code_state(area_code INTEGER PRIMARY KEY, state TEXT);
INSERT INTO area_code_state VALUES (201,'NJ'),(202,'DC'),(203,'CT'),(205,'AL'),(206,'WA'),
  (207,'ME'),(208,'ID'),(209,'CA'),(210,'TX'),(212,'NY'),(213,'CA'),(214,'TX');
CREATE TABLE contestant(contestant_id INTEGER PRIMARY KEY, name TEXT, hometown TEXT);
INSERT INTO contestant VALUES (1,'Ann','Reno'),(2,'Bo','Waco'),(3,'Cy','Troy');
)sql";

class CountReadingsTest : public testing::DbTest {
 protected:
  // The "function" mapping's target of the answer to `q` ("" when it abstained).
  std::string FunctionTarget(std::string_view q) const {
    const Translation t = Ask(q);
    EXPECT_TRUE(t.answered) << q << ": " << t.abstain_reason;
    for (const Mapping& m : t.explanation) {
      if (m.kind == "function") return m.target;
    }
    return "";
  }
};

// "how many grade A apple harvests": 'grade' opens the noun phrase whose last noun,
// "harvests", names the grade's own table; the question counts harvests. The start engine
// counted the distinct grades of the apple harvests (1.00); now it never counts the grades:
// the count goes to the harvests and 'grade' is left unread, so it abstains naming 'grade'
// (never a row count on its own: "how many gold medals" may mean SUM(gold)).
TEST_F(CountReadingsTest, AColumnWordBeforeItsTablesNounDoesNotCountTheColumnsValues) {
  Open(kFarmSql);
  for (const char* q :
       {"how many grade A apple harvests were there", "how many grade apple harvests were there"}) {
    const Translation t = Ask(q);
    EXPECT_FALSE(t.answered) << q << ": " << t.sql;
    EXPECT_NE(t.abstain_reason.find("'grade'"), std::string::npos) << t.abstain_reason;
  }
  // The column counted on its own, and a plural before a clause ("grades harvests have"),
  // stay the distinct values.
  EXPECT_EQ(Rows("How many grades are there?"), (std::vector<std::string>{"3"}));
  // The modifier that is a value still restricts the counted rows.
  EXPECT_EQ(Rows("how many apple harvests were there"), (std::vector<std::string>{"4"}));
}

// "How many states are there?" counts each state once while the table holds a row per area
// code: the explanation says so, so that a reader who meant the rows knows the other number
// exists. It gives no figures (the indexed counts may be estimates, and old). A column
// without repeated values gets no note, nor a question that asked for different values.
TEST_F(CountReadingsTest, ADistinctCountOfARepeatedValueSaysWhatItCounted) {
  Open(kAreaSql);
  EXPECT_EQ(Rows("How many states are there?"), (std::vector<std::string>{"10"}));
  EXPECT_EQ(FunctionTarget("How many states are there?"),
            "COUNT(DISTINCT area_code_state.state) (each different state counted once)");
  const std::string unique = FunctionTarget("How many hometowns are there?");
  EXPECT_EQ(unique.find("counted once"), std::string::npos) << unique;
  EXPECT_EQ(Rows("How many different states are there?"), (std::vector<std::string>{"10"}));
  const std::string asked = FunctionTarget("How many different states are there?");
  EXPECT_EQ(asked.find("counted once"), std::string::npos) << asked;
}

constexpr const char* kCountrySql = R"sql(
CREATE TABLE country(code TEXT PRIMARY KEY, name TEXT, continent TEXT, population INTEGER,
                     gnp REAL);
INSERT INTO country VALUES ('A','Aland','Asia',10,5.0),('B','Bora','Asia',20,7.5),
  ('C','Cato','Europe',30,9.0);
)sql";

// "What is the total total and maximum GNP in Asia?" (Spider-Syn's attack replaced
// "population" by "total"): the start engine summed and maxed GNP at 1.00. A function word
// twice in a row is no pair of functions; the engine abstains naming it. One of each is read.
TEST_F(CountReadingsTest, TheSameFunctionWordTwiceInARowIsNotTwoFunctions) {
  Open(kCountrySql);
  const Translation t = Ask("What is the total total and maximum GNP in Asia?");
  EXPECT_FALSE(t.answered) << t.sql;
  EXPECT_EQ(Rows("What is the total and maximum GNP in Asia?"),
            (std::vector<std::string>{"12.5|7.5"}));
}

constexpr const char* kShopSql = R"sql(
CREATE TABLE categories(category_id INTEGER PRIMARY KEY, name TEXT);
CREATE TABLE products(product_id INTEGER PRIMARY KEY, name TEXT,
                      category_id INTEGER REFERENCES categories(category_id));
CREATE TABLE lines(line_id INTEGER PRIMARY KEY, product_id INTEGER REFERENCES products(product_id),
                   quantity INTEGER);
INSERT INTO categories VALUES (1,'Fruit'),(2,'Drinks');
INSERT INTO products VALUES (1,'Apple',1),(2,'Pear',1),(3,'Milk',2);
INSERT INTO lines VALUES (1,1,5),(2,2,3),(3,3,4),(4,1,1);
)sql";

// "各类商品的销量" is "各商品类别的销量": per category of the goods. The start engine abstained
// ("无法按“类”分组").
TEST_F(CountReadingsTest, EachKindOfAThingGroupsByItsCategory) {
  catalog::SemanticModel model;
  catalog::TableSemantics categories = testing::SemanticTable("categories", "商品类别", "category");
  categories.synonyms = {"类别"};
  categories.columns = {testing::SemanticColumn("name", "类别名称", "category name")};
  catalog::TableSemantics products = testing::SemanticTable("products", "商品", "product");
  catalog::TableSemantics lines = testing::SemanticTable("lines", "订单明细", "order line");
  lines.columns = {
      testing::SemanticColumn("quantity", "销量", "quantity", catalog::ColumnRole::kMeasure)};
  model.tables = {categories, products, lines};
  Open(kShopSql, &model);
  const std::vector<std::string> by_category = {"Fruit|9", "Drinks|4"};
  ASSERT_EQ(Rows("各商品类别的销量"), by_category);
  EXPECT_EQ(Rows("各类商品的销量"), by_category);
  EXPECT_EQ(Rows("每类商品的销量"), by_category);
  // 各类X keeps X: with no 数量 column, the count is of the goods in each category (two
  // fruits, one drink), never of the categories (1 per group).
  EXPECT_EQ(Rows("各类商品的数量"), (std::vector<std::string>{"Fruit|2", "Drinks|1"}));
}

// Session 25, Spider train's musical and an invented card-tournament schema (develop halves).
constexpr const char* kShowsSql = R"sql(
CREATE TABLE musical(Musical_ID INTEGER PRIMARY KEY, Name TEXT, Award TEXT, Result TEXT);
INSERT INTO musical VALUES (1,'Cats','Tony Award','Won'),(2,'Rent','Drama Desk Award','Won'),
  (3,'Wicked','Tony Award','Nominated');
CREATE TABLE country(ctry_cd TEXT PRIMARY KEY, ctry_nm TEXT);
CREATE TABLE player(player_id INTEGER PRIMARY KEY, handle TEXT,
                    ctry_cd TEXT REFERENCES country(ctry_cd));
INSERT INTO country VALUES ('DE','Germany'),('FR','France');
INSERT INTO player VALUES (1,'Pixelpixel80','DE'),(2,'Aceecho80','FR');
)sql";

// "Which shows won their award?" listed the awards at 1.00: "shows" read as "show me". A plural
// right after "which" is the noun asked about; "shows" names nothing here, so the engine
// abstains naming it. The imperative still reads as one ("Show the awards").
TEST_F(CountReadingsTest, APluralAfterWhichIsTheNounAskedAbout) {
  Open(kShowsSql);
  const Translation t = Ask("Which shows won their award?");
  EXPECT_FALSE(t.answered) << t.sql;
  EXPECT_NE(t.abstain_reason.find("shows"), std::string::npos) << t.abstain_reason;
  EXPECT_EQ(Rows("Which musicals won their award?").size(), 2u);  // Cats, Rent
  EXPECT_EQ(Rows("Show the names of musicals that won").size(), 2u);
}

// "Which country …? Give the country name." named one column twice and listed it twice.
TEST_F(CountReadingsTest, AColumnNamedTwiceIsListedOnce) {
  Open(kShowsSql);
  const Translation t =
      Ask("Which country does the player with the handle Pixelpixel80 come from? Give the country "
          "name.");
  ASSERT_TRUE(t.answered) << t.abstain_reason;
  EXPECT_EQ(testing::ResultRows(*conn_, t.sql), (std::vector<std::string>{"Germany"}));
}

constexpr const char* kRefundsSql = R"sql(
CREATE TABLE customers(customer_id INTEGER PRIMARY KEY, name TEXT, country TEXT);
INSERT INTO customers VALUES (1,'Ada','Germany'),(2,'Ben','Germany'),(3,'Cy','France');
CREATE TABLE orders(order_id INTEGER PRIMARY KEY,
                    customer_id INTEGER REFERENCES customers(customer_id), order_date TEXT,
                    status TEXT, total_amount REAL);
INSERT INTO orders VALUES (1,1,'2026-01-02','refunded',10),(2,2,'2026-01-03','paid',20),
  (3,3,'2026-01-04','refunded',30);
)sql";

// Session 25 review: only the plural of an imperative (shows, lists) is taken as the noun
// after "which"; "records" is still a stop word there.
TEST_F(CountReadingsTest, OtherStopWordsAfterWhichStayStopWords) {
  Open(kRefundsSql);
  const Translation records = Ask("Which records of orders were refunded?");
  const Translation orders = Ask("Which orders were refunded?");
  EXPECT_EQ(records.answered, orders.answered) << records.abstain_reason;
  EXPECT_EQ(records.sql, orders.sql);
  EXPECT_EQ(records.abstain_reason.find("records"), std::string::npos) << records.abstain_reason;
  EXPECT_FALSE(Ask("Which shows were refunded?").answered);
}

// Session 25 review: the column named twice was listed once only by the writer, so the list
// checks saw two columns and the countries were repeated per customer.
TEST_F(CountReadingsTest, AColumnNamedTwiceIsAListOfItsValues) {
  Open(kRefundsSql);
  const std::vector<std::string> once{"Germany", "France"};
  EXPECT_EQ(Rows("Which countries are the customers from?"), once);
  EXPECT_EQ(Rows("Which countries are the customers from? Give the country."), once);
}

constexpr const char* kBuildingsSql = R"sql(
CREATE TABLE buildings(building_id INTEGER PRIMARY KEY, name TEXT, description TEXT);
CREATE TABLE apartments(apt_id INTEGER PRIMARY KEY,
                        building_id INTEGER REFERENCES buildings(building_id), rooms INTEGER);
INSERT INTO buildings VALUES (1,'Elm','Flat'),(2,'Oak','Studio'),(3,'Ash','Flat');
INSERT INTO apartments VALUES (1,1,3),(2,2,2);
)sql";

// "Which buildings have no flats?" had been building_description <> 'Flat' at 1.00: a plural
// after have/has/had no names related things the rows lack, not their own column's value.
TEST_F(CountReadingsTest, HavingNoThingsIsNoValueOfTheRowsOwnColumn) {
  Open(kBuildingsSql);
  const Translation flats = Ask("Which buildings have no flats?");
  EXPECT_FALSE(flats.answered) << flats.sql;
  EXPECT_NE(flats.abstain_reason.find("'flats'"), std::string::npos) << flats.abstain_reason;
  EXPECT_EQ(Rows("Which buildings are not flats?"), std::vector<std::string>{"Oak"})
      << "no 'have': a value";
}

// "with no flats", "without flats", "don't/doesn't have (any) flats" say the same as "have no
// flats": the rows lack related flats, their own description is not compared with 'Flat'.
TEST_F(CountReadingsTest, LackingThingsSaidAnyWayIsNoValueOfTheRowsOwnColumn) {
  Open(kBuildingsSql);
  for (const char* q :
       {"Which buildings with no flats?", "List the buildings with no flats.",
        "Buildings without flats", "Which buildings don't have any flats?",
        "Which buildings do not have flats?", "Which building doesn't have flats?"}) {
    const Translation t = Ask(q);
    EXPECT_FALSE(t.answered) << q << ": " << t.sql;
  }
}

}  // namespace
}  // namespace askdb::nlq
