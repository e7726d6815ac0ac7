#include "askdb/nlq/counted_noun_check.h"

#include <gtest/gtest.h>

#include "askdb/db/sqlite/sqlite_connector.h"
#include "askdb/nlq/engine.h"
#include "askdb/nlq/schema_index.h"
#include "askdb/nlq/test_fixture.h"

namespace askdb::nlq {
namespace {

// A table of events whose rows carry how many people each one killed, injured or drew.
constexpr char kEvents[] =
    "CREATE TABLE ship(id INTEGER PRIMARY KEY, name TEXT);"
    "CREATE TABLE death(id INTEGER PRIMARY KEY, ship_id INTEGER REFERENCES ship(id),"
    " killed REAL, injured REAL, note TEXT);"
    "CREATE TABLE game(id INTEGER PRIMARY KEY, team TEXT, attendance INTEGER);"
    "CREATE TABLE raid(id INTEGER PRIMARY KEY, num_of_deaths INTEGER);"
    "CREATE TABLE pets(pet_id INTEGER PRIMARY KEY, pet_age INTEGER, weight REAL);"
    "CREATE TABLE train(id INTEGER PRIMARY KEY, train_number INTEGER);"
    "INSERT INTO ship VALUES (1,'Alpha'),(2,'Beta');"
    "INSERT INTO death VALUES (1,1,3,2,'a'),(2,1,3,2,'b'),(3,2,0,5,'c'),(4,2,1,7,'d'),"
    "(5,1,2,9,'e'),(6,2,4,1,'f'),(7,1,6,4,'g');"
    "INSERT INTO game VALUES (1,'Reds',100),(2,'Blues',250),(3,'Reds',90);"
    "INSERT INTO raid VALUES (1,4),(2,0);"
    "INSERT INTO pets VALUES (1,3,9.5),(2,1,12.0);"
    "INSERT INTO train VALUES (1,56701),(2,56702);";

Translation Ask(const testing::TestDb& db, const char* question) {
  return Engine::Translate(question, *db.index, db.connector->dialect(), {});
}

Query CountOf(int table, const char* table_phrase) {
  Query q;
  Measure m;
  m.agg = Agg::kCount;
  m.table = table;
  m.table_phrase = table_phrase;
  q.measures = {m};
  return q;
}

TEST(CountedNounCheck, ANounAColumnOfTheTableCountsIsNamed) {
  const testing::TestDb db = testing::OpenDb(kEvents);
  ASSERT_TRUE(db.index);
  const int death = db.index->FindTable("death");
  const auto deaths = CountedNounIsAColumnsAmount(CountOf(death, "deaths"), *db.index);
  ASSERT_TRUE(deaths);
  EXPECT_NE(deaths->en.find("total killed"), std::string::npos) << deaths->en;
  // A word of the same meaning, or the column's own word.
  EXPECT_TRUE(CountedNounIsAColumnsAmount(CountOf(death, "casualties"), *db.index));
  const int game = db.index->FindTable("game");
  EXPECT_TRUE(CountedNounIsAColumnsAmount(CountOf(game, "attendees"), *db.index));
  EXPECT_TRUE(
      CountedNounIsAColumnsAmount(CountOf(db.index->FindTable("raid"), "deaths"), *db.index));
}

TEST(CountedNounCheck, RowsNoColumnCountsAreCounted) {
  const testing::TestDb db = testing::OpenDb(kEvents);
  ASSERT_TRUE(db.index);
  // Ships, games: no amount column of theirs names the noun.
  EXPECT_FALSE(
      CountedNounIsAColumnsAmount(CountOf(db.index->FindTable("ship"), "ships"), *db.index));
  EXPECT_FALSE(
      CountedNounIsAColumnsAmount(CountOf(db.index->FindTable("game"), "games"), *db.index));
  // A column that only opens with the noun is one attribute of each row, not a count of it.
  EXPECT_FALSE(
      CountedNounIsAColumnsAmount(CountOf(db.index->FindTable("pets"), "pets"), *db.index));
  EXPECT_FALSE(
      CountedNounIsAColumnsAmount(CountOf(db.index->FindTable("train"), "trains"), *db.index));
  // A singular or a participle after the noun names the rows, not a counted noun.
  EXPECT_FALSE(
      CountedNounIsAColumnsAmount(CountOf(db.index->FindTable("death"), "death"), *db.index));
  // A count of a column's values, or a count with no words for its table, is not this reading.
  Query of_a_column = CountOf(db.index->FindTable("death"), "deaths");
  of_a_column.measures[0].column = db.index->FindColumn(db.index->FindTable("death"), "note");
  EXPECT_FALSE(CountedNounIsAColumnsAmount(of_a_column, *db.index));
  EXPECT_FALSE(CountedNounIsAColumnsAmount(CountOf(db.index->FindTable("death"), ""), *db.index));
}

TEST(CountedNounCheck, TheEngineAbstainsOnTheTotalNumberOfDeaths) {
  const testing::TestDb db = testing::OpenDb(kEvents);
  ASSERT_TRUE(db.index);
  const Translation deaths = Ask(db, "What is the total number of deaths?");
  EXPECT_FALSE(deaths.answered) << deaths.sql;
  // The rows the table's word names alone are still counted.
  const Translation ships = Ask(db, "How many ships are there?");
  EXPECT_TRUE(ships.answered);
  EXPECT_NE(ships.sql.find("COUNT(*)"), std::string::npos) << ships.sql;
}

// Dorms hold students (Lives_in links them) and a number named after them; clubs only link.
constexpr char kDorms[] =
    "CREATE TABLE Dorm(dormid INTEGER PRIMARY KEY, dorm_name TEXT, student_capacity INTEGER);"
    "CREATE TABLE Student(StuID INTEGER PRIMARY KEY, LName TEXT);"
    "CREATE TABLE Lives_in(stuid INTEGER REFERENCES Student(StuID),"
    " dormid INTEGER REFERENCES Dorm(dormid), room_number INTEGER);"
    "CREATE TABLE club(club_id INTEGER PRIMARY KEY, club_name TEXT);"
    "CREATE TABLE member(member_id INTEGER PRIMARY KEY, club_id INTEGER REFERENCES club(club_id),"
    " member_name TEXT);"
    "INSERT INTO Dorm VALUES (1,'Smith Hall',300),(2,'Anza',150);"
    "INSERT INTO Student VALUES (1,'Ng'),(2,'Ode'),(3,'Li');"
    "INSERT INTO Lives_in VALUES (1,1,101),(2,1,102),(3,2,201);"
    "INSERT INTO club VALUES (1,'Chess'),(2,'Go');"
    "INSERT INTO member VALUES (1,1,'Ann'),(2,1,'Bo'),(3,2,'Cy');";

// "How many dorms can hold more than 200 students?" counted the dorms with more than 200
// Lives_in rows at 0.77 (the start binary of session 25); student_capacity may be meant.
TEST(CountedNounCheck, RowsComparedByARelatedCountBesideTheirOwnNumberColumnAbstain) {
  const testing::TestDb db = testing::OpenDb(kDorms);
  ASSERT_TRUE(db.index);
  const Translation dorms = Ask(db, "How many dorms can hold more than 200 students?");
  EXPECT_FALSE(dorms.answered) << dorms.sql;
  EXPECT_NE(dorms.abstain_reason.find("student_capacity"), std::string::npos)
      << dorms.abstain_reason;
  // The abstention says the question's own comparison.
  EXPECT_NE(dorms.abstain_reason.find("more than 200"), std::string::npos) << dorms.abstain_reason;
  const Translation fewer = Ask(db, "Which dorms have fewer than 5 students?");
  EXPECT_FALSE(fewer.answered) << fewer.sql;
  EXPECT_NE(fewer.abstain_reason.find("fewer than 5"), std::string::npos) << fewer.abstain_reason;
  // No number column of the clubs names members: the related count is the only reading.
  const Translation clubs = Ask(db, "How many clubs have more than 1 member?");
  EXPECT_TRUE(clubs.answered) << clubs.abstain_reason;
}

// Number columns that only mention the counted noun: an id, an average, a score, a position.
constexpr char kMentions[] =
    "CREATE TABLE departments(department_id INTEGER PRIMARY KEY, name TEXT,"
    " manager_employee_id INTEGER);"
    "CREATE TABLE employees(employee_id INTEGER PRIMARY KEY, name TEXT,"
    " department_id INTEGER REFERENCES departments(department_id));"
    "CREATE TABLE customers(customer_id INTEGER PRIMARY KEY, name TEXT, avg_order_value REAL,"
    " sort_order INTEGER);"
    "CREATE TABLE orders(order_id INTEGER PRIMARY KEY,"
    " customer_id INTEGER REFERENCES customers(customer_id), amount REAL);"
    "CREATE TABLE products(product_id INTEGER PRIMARY KEY, name TEXT, review_score REAL);"
    "CREATE TABLE reviews(review_id INTEGER PRIMARY KEY,"
    " product_id INTEGER REFERENCES products(product_id), stars INTEGER);"
    "INSERT INTO departments VALUES (1,'Sales',1),(2,'Legal',3);"
    "INSERT INTO employees VALUES (1,'Ann',1),(2,'Bo',1),(3,'Cy',2);"
    "INSERT INTO customers VALUES (1,'Ada',20.5,1),(2,'Ben',10.0,2);"
    "INSERT INTO orders VALUES (1,1,10),(2,1,20),(3,2,30);"
    "INSERT INTO products VALUES (1,'Lamp',4.5),(2,'Desk',3.0);"
    "INSERT INTO reviews VALUES (1,1,5),(2,1,4),(3,2,3);";

// Session 25 review: a column naming the counted noun without being an amount of it
// (manager_employee_id, avg_order_value, sort_order, review_score) is no rival reading.
TEST(CountedNounCheck, AColumnThatOnlyMentionsTheCountedNounDoesNotBlockTheCount) {
  const testing::TestDb db = testing::OpenDb(kMentions);
  ASSERT_TRUE(db.index);
  for (const char* question :
       {"Which departments have more than 1 employees?", "Which customers have more than 1 orders?",
        "How many customers have more than 1 orders?", "customers with at least one order",
        "Which products have more than 1 reviews?"}) {
    const Translation t = Ask(db, question);
    EXPECT_TRUE(t.answered) << question << ": " << t.abstain_reason;
  }
}

}  // namespace
}  // namespace askdb::nlq
