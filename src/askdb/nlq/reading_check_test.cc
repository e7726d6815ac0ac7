// Verify before answering (reading_check.h), end to end through the engine: a word that
// could change the answer and that the reading left out makes the engine abstain and name
// it; and a list of people is named by both parts of their name.
#include "askdb/nlq/reading_check.h"

#include <gtest/gtest.h>

#include "askdb/db/sqlite/sqlite_connector.h"
#include "askdb/nlq/engine.h"
#include "askdb/nlq/schema_index.h"
#include "askdb/nlq/test_fixture.h"

namespace askdb::nlq {
namespace {

constexpr const char* kStaffSql = R"sql(
CREATE TABLE staff(staff_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT, title TEXT,
                   city TEXT, salary REAL);
CREATE TABLE sales(sale_id INTEGER PRIMARY KEY, staff_id INTEGER REFERENCES staff(staff_id),
                   amount REAL, units INTEGER, points REAL);
INSERT INTO staff VALUES (1,'Ann','Lee','Manager','Oslo',300),(2,'Ann','Kim','Clerk','Bergen',100),
  (3,'Bo','Lee','Clerk','Oslo',200);
INSERT INTO sales VALUES (1,1,10,1,5.5),(2,1,20,2,30),(3,2,5,1,12),(4,3,40,4,45),(5,3,0.99,1,3);
)sql";

class ReadingCheckTest : public testing::DbTest {
 protected:
  void SetUp() override { Open(kStaffSql); }
  db::ResultSet Run(const Translation& t) {
    auto rs = conn_->Execute(t.sql, {});
    EXPECT_TRUE(rs.ok()) << t.sql << ": " << rs.status().ToString();
    return rs.ok() ? std::move(rs).value() : db::ResultSet{};
  }
};

TEST_F(ReadingCheckTest, AnUnusedNumberIsNamedInsteadOfDropped) {
  // Nothing in the reading takes "3" here: answering would drop it.
  const Translation t = Ask("total amount of sales 3");
  ASSERT_FALSE(t.answered) << t.sql;
  EXPECT_NE(t.abstain_reason.find("'3'"), std::string::npos) << t.abstain_reason;
}

TEST_F(ReadingCheckTest, AnUnusedComputationWordIsNamed) {
  const Translation t = Ask("number of sales and total by city");
  ASSERT_FALSE(t.answered) << t.sql;
  EXPECT_NE(t.abstain_reason.find("total"), std::string::npos) << t.abstain_reason;
}

TEST_F(ReadingCheckTest, TheSameQuestionWithEveryWordPlacedIsAnswered) {
  const Translation t = Ask("total amount of sales");
  ASSERT_TRUE(t.answered) << t.abstain_reason;
  const db::ResultSet rs = Run(t);
  ASSERT_EQ(rs.row_count(), 1u);
  EXPECT_NEAR(rs.rows[0][0].AsNumber().value_or(-1), 75.99, 1e-9);
}

TEST_F(ReadingCheckTest, NamedRowsRankedByTheirOwnColumnAreAListNotAnAggregate) {
  const Translation t = Ask("the 2 staff with the highest salary");
  ASSERT_TRUE(t.answered) << t.abstain_reason;
  const db::ResultSet rs = Run(t);
  ASSERT_EQ(rs.row_count(), 2u) << t.sql;
  ASSERT_EQ(rs.columns.size(), 3u) << t.sql;  // first name, last name, salary
  EXPECT_EQ(rs.rows[0][0].ToDisplayString(), "Ann");
  EXPECT_NEAR(rs.rows[0][2].AsNumber().value_or(-1), 300, 1e-9) << t.sql;
  EXPECT_EQ(rs.rows[1][1].ToDisplayString(), "Lee");
  EXPECT_NEAR(rs.rows[1][2].AsNumber().value_or(-1), 200, 1e-9) << t.sql;
  // Rows without a name to show them by are not answered with a guess.
  EXPECT_FALSE(Ask("the 2 sales with the highest amount").answered);
  // Rows of another table ranked inside the question are a nested question: not answered.
  EXPECT_FALSE(Ask("number of sales of the staff with the highest salary").answered);
}

TEST_F(ReadingCheckTest, RowsListedWithTheirAttributesAreNamed) {
  const Translation t = Ask("the staff in Oslo and their salary");
  ASSERT_TRUE(t.answered) << t.abstain_reason;
  const db::ResultSet rs = Run(t);
  ASSERT_EQ(rs.columns.size(), 3u) << t.sql;  // first name, last name, salary
  EXPECT_EQ(rs.row_count(), 2u) << t.sql;
}

TEST_F(ReadingCheckTest, ComparisonsFindTheirColumnAfterTheNumberOrInAFunctionWord) {
  const Translation t = Ask("how many sales have more than 20 points");
  ASSERT_TRUE(t.answered) << t.abstain_reason;
  const db::ResultSet rs = Run(t);
  EXPECT_NEAR(rs.rows[0][0].AsNumber().value_or(-1), 2, 1e-9) << t.sql;  // 30 and 45
  // "more than 1 sales" counts related rows (LibraryTest), not a column. Two staff share the
  // first name Ann: "staff with ..." names the rows, each compared on its own (session 13);
  // "first names of staff with ..." asks for the names, per person or per name is not settled.
  EXPECT_TRUE(Ask("staff with more than 1 sales").answered);
  const Translation related = Ask("first names of staff with more than 1 sales");
  EXPECT_FALSE(related.answered) << related.sql;
  EXPECT_NE(related.abstain_reason.find("share"), std::string::npos) << related.abstain_reason;
}

TEST_F(ReadingCheckTest, AnUnknownWordListedBesideAPlacedOneIsNamed) {
  Translation t = Ask("list the first names of staff and their nicknames");
  EXPECT_FALSE(t.answered) << t.sql;
  EXPECT_NE(t.abstain_reason.find("'nicknames'"), std::string::npos) << t.abstain_reason;
  t = Ask("list the first names and cities of staff");
  EXPECT_TRUE(t.answered) << t.abstain_reason;
  // A time word left unused is listed as much (stb6-111 "Show the themes and years of
  // exhibitions with a ticket price below 15" showed the themes only, at 0.73).
  t = Ask("list the first names and years of staff with a salary below 250");
  EXPECT_FALSE(t.answered) << t.sql;
  EXPECT_NE(t.abstain_reason.find("'years'"), std::string::npos) << t.abstain_reason;
}

// Each check below came from the develop answers a lower threshold would give (docs/nlq.md,
// "Checks from the answers below the threshold"): the word named is the one the wrong
// answers had dropped; the same question without it is answered.
TEST_F(ReadingCheckTest, AnUnappliedSuperlativeOrComparisonIsNamed) {
  Translation t = Ask("the city of the tallest staff");
  EXPECT_FALSE(t.answered) << t.sql;
  EXPECT_NE(t.abstain_reason.find("'tallest'"), std::string::npos) << t.abstain_reason;
  t = Ask("the first staff in Oslo");
  EXPECT_FALSE(t.answered) << t.sql;
  EXPECT_NE(t.abstain_reason.find("'first'"), std::string::npos) << t.abstain_reason;
  EXPECT_TRUE(Ask("the city of the staff").answered);
}

TEST_F(ReadingCheckTest, AnUnknownWordNarrowingAPlacedOneIsNamed) {
  // Before a table word: the rows counted would be others.
  Translation t = Ask("how many senior staff");
  EXPECT_FALSE(t.answered) << t.sql;
  EXPECT_NE(t.abstain_reason.find("'senior'"), std::string::npos) << t.abstain_reason;
  EXPECT_TRUE(Ask("how many staff").answered);
  // Right after a ranking or a count word: what is ranked or counted.
  t = Ask("how many interns does the staff in Oslo have");
  EXPECT_FALSE(t.answered) << t.sql;
  EXPECT_NE(t.abstain_reason.find("'interns'"), std::string::npos) << t.abstain_reason;
  // The head of "the X of Y": what is asked for.
  t = Ask("the nicknames of staff in Oslo");
  EXPECT_FALSE(t.answered) << t.sql;
  EXPECT_NE(t.abstain_reason.find("'nicknames'"), std::string::npos) << t.abstain_reason;
  // Verb forms and function words stand before nouns without narrowing them (the low
  // confidence of an unknown word still applies).
  t = Ask("the city of staff named Ann");
  EXPECT_EQ(t.abstain_reason.find("narrows"), std::string::npos) << t.abstain_reason;
  // ... but an -ed or -ing word opening a noun phrase is an adjective (precision-spider,
  // session 14: "the average life expectancy of landlocked countries in Europe with ...").
  t = Ask("what is the total amount of sales of the retired staff in Oslo with a salary above 100");
  EXPECT_FALSE(t.answered) << t.sql;
  EXPECT_NE(t.abstain_reason.find("'retired'"), std::string::npos) << t.abstain_reason;
  t = Ask("how many unmarried staff in Oslo with a salary above 100 are there");
  EXPECT_FALSE(t.answered) << t.sql;
  EXPECT_NE(t.abstain_reason.find("'unmarried'"), std::string::npos) << t.abstain_reason;
  EXPECT_TRUE(Ask("what is the total amount of sales of the staff in Oslo with a salary above 100")
                  .answered);
}

// Session 18 (precision-spider): an adjective put before the table word of every right
// develop answer passed at 0.73-0.83 where the word before it ended a longer item ("the number
// of"), was a number ("3 retired singers"), a value or "most".
TEST_F(ReadingCheckTest, AnAdjectiveAfterAnyOpenerOrAValueNarrowsTheRows) {
  for (const char* q : {"what is the number of retired staff in Oslo with a salary above 100",
                        "the total amount of sales of Oslo retired staff with a salary above 100",
                        "which staff in Oslo has the most cancelled sales with units above 1",
                        "the last names of staff whose estimated salary is above 100",
                        "retired staff in Oslo with a salary above 100 sorted by last name",
                        "show estimated salaries of staff in Oslo with a title of Clerk",
                        "the total estimated amount of sales of staff in Oslo",
                        "the avg estimated amount of sales of staff in Oslo"}) {
    const Translation t = Ask(q);
    EXPECT_FALSE(t.answered) << q << " → " << t.sql;
    EXPECT_NE(t.abstain_reason.find("which narrows"), std::string::npos)
        << q << ": " << t.abstain_reason;
  }
  // Without the adjective the same questions are answered; a word repeating the stem of the
  // column it stands before says nothing more (spider-0718 "the average expected life
  // expectancy").
  EXPECT_TRUE(Ask("what is the number of staff in Oslo with a salary above 100").answered);
  EXPECT_EQ(
      Ask("the total amounted amount of sales of staff in Oslo").abstain_reason.find("narrows"),
      std::string::npos);
  // "sorted by ranked ...": "by" opens no adjective.
  EXPECT_EQ(Ask("the staff in Oslo sorted by salary").abstain_reason.find("narrows"),
            std::string::npos);
}

// Session 18 (precision-spider): "whose birth year is 1948 or 1953" was BETWEEN 1948 AND 1953 at
// 1.00: any "N and/or M" after a column was read as a range.
TEST_F(ReadingCheckTest, TwoNumbersJoinedByOrAreNoRange) {
  const Translation t = Ask("the last names of staff whose salary is 100 or 300");
  EXPECT_EQ(t.sql.find("BETWEEN"), std::string::npos) << t.sql;
  Translation range = Ask("the last names of staff whose salary is between 100 and 200");
  ASSERT_TRUE(range.answered) << range.abstain_reason;
  EXPECT_EQ(Run(range).rows.size(), 2u) << range.sql;  // Kim (100), Lee (200)
  range = Ask("the last names of staff whose salary is 150 to 300");
  ASSERT_TRUE(range.answered) << range.abstain_reason;
  EXPECT_NE(range.sql.find("BETWEEN"), std::string::npos) << range.sql;
}

// Session 18 (precision-spider): "countries in Europe with a population of 80000 before the war"
// was Population < 80000 at 0.73: an English comparison after its number is "or more", "or
// before", never a bare "before".
TEST_F(ReadingCheckTest, ABareComparisonWordAfterTheNumberIsNotItsComparison) {
  Translation t = Ask("the last names of staff in Oslo with a salary of 200 before the merger");
  EXPECT_EQ(t.sql.find("<"), std::string::npos) << t.sql;
  t = Ask("the last names of staff in Oslo with a salary of 200 or more");
  ASSERT_TRUE(t.answered) << t.abstain_reason;
  EXPECT_NE(t.sql.find(">= 200"), std::string::npos) << t.sql;
}

// Session 18 (precision-spider), the perturbation test: an unknown noun put where the table word
// was ("the air date of gadgets with Episode X") kept the SQL of the table its columns name, and
// one listed before "the number of" was dropped.
TEST_F(ReadingCheckTest, AnUnknownNounNamingTheRowsIsNamed) {
  Translation t =
      Ask("list the first names and last names of gadgets in Oslo whose title is Clerk");
  EXPECT_FALSE(t.answered) << t.sql;
  EXPECT_NE(t.abstain_reason.find("'gadgets'"), std::string::npos) << t.abstain_reason;
  EXPECT_TRUE(
      Ask("list the first names and last names of staff in Oslo whose title is Clerk").answered);
  t = Ask("list all nicknames and the number of staff in each city");
  EXPECT_FALSE(t.answered) << t.sql;
  EXPECT_NE(t.abstain_reason.find("'nicknames'"), std::string::npos) << t.abstain_reason;
}

TEST_F(ReadingCheckTest, AnUnknownParticipleAfterATableWordNarrowsItsRows) {
  // "orders cancelled in Germany in 1997" was all the orders at 0.73: the participle after
  // the table word says which rows, as "cancelled sales" would before it.
  EXPECT_TRUE(Ask("total amount of sales in Oslo with a units above 1").answered);
  Translation t = Ask("total amount of sales cancelled in Oslo with a units above 1");
  EXPECT_FALSE(t.answered) << t.sql;
  EXPECT_NE(t.abstain_reason.find("'cancelled', which narrows"), std::string::npos)
      << t.abstain_reason;
  // A verb that only says the rows were made narrows nothing.
  t = Ask("total amount of sales recorded in Oslo with a units above 1");
  EXPECT_TRUE(t.answered) << t.abstain_reason;
}

TEST_F(ReadingCheckTest, AnUnknownNounAfterAColumnWordIsWhatIsAsked) {
  // "a population limit above 5000" was Population > 5000 at 0.81 (a perturbation of right
  // develop answers): the column word only says what kind of limit.
  EXPECT_TRUE(Ask("staff with a salary above 150").answered);
  Translation t = Ask("staff with a salary cap above 150");
  EXPECT_FALSE(t.answered) << t.sql;
  EXPECT_NE(t.abstain_reason.find("'cap'"), std::string::npos) << t.abstain_reason;
  // A word naming only the column's content is the column.
  t = Ask("staff with a salary figure above 150");
  EXPECT_TRUE(t.answered) << t.abstain_reason;
}

TEST_F(ReadingCheckTest, AUnitNoNameHoldsAfterAComparedNumberIsNamed) {
  // "older than 50 meters", "earnings above 300000 times" kept the comparison at 0.73.
  Translation t = Ask("staff with a salary above 150 meters");
  EXPECT_FALSE(t.answered) << t.sql;
  EXPECT_NE(t.abstain_reason.find("'meters'"), std::string::npos) << t.abstain_reason;
  t = Ask("staff with a salary above 150 times");
  EXPECT_FALSE(t.answered) << t.sql;
  EXPECT_NE(t.abstain_reason.find("'times'"), std::string::npos) << t.abstain_reason;
  // A word that only counts is no other unit.
  t = Ask("total amount of sales with points above 5 people");
  EXPECT_EQ(t.abstain_reason.find("'people'"), std::string::npos) << t.abstain_reason;
}

TEST_F(ReadingCheckTest, ACapitalisedUnknownWordIsANameNotFound) {
  const Translation t = Ask("total amount of sales of staff in Trondheim");
  EXPECT_FALSE(t.answered) << t.sql;
  EXPECT_NE(t.abstain_reason.find("'Trondheim'"), std::string::npos) << t.abstain_reason;
  EXPECT_TRUE(Ask("total amount of sales of staff in Bergen").answered);
}

TEST_F(ReadingCheckTest, AnUnknownWordInACommaListIsNamed) {
  const Translation t = Ask("the cities, nicknames and titles of staff");
  EXPECT_FALSE(t.answered) << t.sql;
  EXPECT_NE(t.abstain_reason.find("'nicknames'"), std::string::npos) << t.abstain_reason;
  EXPECT_TRUE(Ask("the cities and titles of staff").answered);
}

TEST_F(ReadingCheckTest, AWhyQuestionIsNotAnsweredWithATotal) {
  Translation t = Ask("why is the total amount of sales so low");
  EXPECT_FALSE(t.answered) << t.sql;
  EXPECT_NE(t.abstain_reason.find("reason"), std::string::npos) << t.abstain_reason;
}

TEST_F(ReadingCheckTest, ChineseMessageNamesTheWord) {
  UnplacedWord word{UnplacedWord::Kind::kNumber, "5"};
  EXPECT_NE(UnplacedWordMessage(word, true).find("“5”"), std::string::npos);
  EXPECT_NE(UnplacedWordMessage(word, false).find("'5'"), std::string::npos);
}

// The messages are a table (kMessageFrames): every kind, kNumber to the last kind kWhy, has
// one in each language that names the word and says the question was not answered.
TEST_F(ReadingCheckTest, EveryKindHasAMessageInBothLanguages) {
  for (int k = 0; k <= static_cast<int>(UnplacedWord::Kind::kWhy); ++k) {
    const UnplacedWord word{static_cast<UnplacedWord::Kind>(k), "Zorbl"};
    const std::string zh = UnplacedWordMessage(word, true);
    const std::string en = UnplacedWordMessage(word, false);
    EXPECT_NE(zh.find("“Zorbl”"), std::string::npos) << k << ": " << zh;
    EXPECT_NE(zh.find("不作答"), std::string::npos) << k << ": " << zh;
    EXPECT_NE(en.find("'Zorbl'"), std::string::npos) << k << ": " << en;
    EXPECT_NE(zh, en);
  }
}

TEST_F(ReadingCheckTest, PeopleAreListedByFirstAndLastName) {
  EXPECT_EQ(index_->NameCompanion(index_->LabelColumn(index_->FindTable("staff"), false)),
            index_->FindColumn(index_->FindTable("staff"), "last_name"));
  const Translation t = Ask("list the staff");
  ASSERT_TRUE(t.answered) << t.abstain_reason;
  const db::ResultSet rs = Run(t);
  ASSERT_EQ(rs.columns.size(), 2u) << t.sql;  // first and last name, not the job title
  EXPECT_EQ(rs.row_count(), 3u);
  // "which staff …" lists them too (the Chinese walk's 哪些员工 showed first names only).
  const Translation which = Ask("which staff are in Oslo");
  ASSERT_TRUE(which.answered) << which.abstain_reason;
  EXPECT_EQ(Run(which).columns.size(), 2u) << which.sql;
}

TEST_F(ReadingCheckTest, ACountrysShortNameTheDataLacksIsNamed) {
  // "older than 50 and from the UK" had dropped the UK: two letters are no English word.
  const Translation t = Ask("how many staff earn more than 100 and are from the UK");
  EXPECT_FALSE(t.answered) << t.sql;
  EXPECT_NE(t.abstain_reason.find("'UK'"), std::string::npos) << t.abstain_reason;
  std::vector<Item> items(2);
  items[0].text = "on";
  items[0].kind = ItemKind::kKeyword;
  items[1].text = "TV";  // not a country: left to the other checks
  const auto word = FindUnplacedWord(items, *index_);
  EXPECT_TRUE(!word || word->kind != UnplacedWord::Kind::kName);
  // "US" is also the stop word "us": "singers from the US" counted every singer at 1.00 when
  // the data held no US (session 21). Written in capitals it is a name the data lacks.
  const Translation us = Ask("how many staff are from the US");
  EXPECT_FALSE(us.answered) << us.sql;
  EXPECT_NE(us.abstain_reason.find("'US'"), std::string::npos) << us.abstain_reason;
  // The pronoun stays a stop word.
  const Translation pronoun = Ask("how many staff work for us");
  EXPECT_EQ(pronoun.abstain_reason.find("'us'"), std::string::npos) << pronoun.abstain_reason;
}

TEST(PersonNameTest, ForenameAndSurnameArePeoplesNamesToo) {
  // formula_1's drivers: "Who is the oldest driver?" showed the forename alone.
  for (const char* sql :
       {"CREATE TABLE drivers(driver_id INTEGER PRIMARY KEY, forename TEXT, surname TEXT,"
        " dob DATE); INSERT INTO drivers VALUES (1,'Lewis','Hamilton','1985-01-07');",
        "CREATE TABLE drivers(driver_id INTEGER PRIMARY KEY, Fname TEXT, LName TEXT,"
        " dob DATE); INSERT INTO drivers VALUES (1,'Lewis','Hamilton','1985-01-07');",
        "CREATE TABLE drivers(driver_id INTEGER PRIMARY KEY, given_name TEXT, family_name TEXT,"
        " dob DATE); INSERT INTO drivers VALUES (1,'Lewis','Hamilton','1985-01-07');"}) {
    const testing::TestDb db = testing::OpenDb(sql);
    ASSERT_TRUE(db.index);
    const int label = db.index->LabelColumn(db.index->FindTable("drivers"), false);
    ASSERT_GE(label, 0) << sql;
    EXPECT_GE(db.index->NameCompanion(label), 0) << sql;
    const Translation t = Engine::Translate("list the drivers", *db.index, db.connector->dialect());
    ASSERT_TRUE(t.answered) << t.abstain_reason;
    EXPECT_EQ(testing::ResultRows(*db.connector, t.sql), std::vector<std::string>{"Lewis|Hamilton"})
        << t.sql;
  }
}

// The parts of a person's name are whole words of the column's name: "sur" inside
// measure_name and "fore" inside foreign_name make no pair of name parts.
TEST(PersonNameTest, APartOfAPersonsNameIsAWholeWord) {
  const testing::TestDb db = testing::OpenDb(
      "CREATE TABLE units(unit_id INTEGER PRIMARY KEY, foreign_name TEXT, measure_name TEXT);"
      "INSERT INTO units VALUES (1,'Meter','metre');");
  ASSERT_TRUE(db.index);
  const int label = db.index->LabelColumn(db.index->FindTable("units"), false);
  ASSERT_GE(label, 0);
  EXPECT_EQ(db.index->NameCompanion(label), -1) << db.index->columns()[label].name;
}

// "languages in these movies" (Spider-Syn): an unknown plural noun after a preposition that
// follows a table word names the rows that hold the table's rows; the count of all of them
// would answer another question.
TEST_F(ReadingCheckTest, UnknownRowsAfterAPrepositionScopeTheTableBeforeThem) {
  for (const char* q : {"Count the number of different sales in these shops.",
                        "how many sales among the branches", "number of staff across regions"}) {
    const Translation t = Ask(q);
    EXPECT_FALSE(t.answered) << q << ": " << t.sql;
  }
  const Translation scoped = Ask("Count the number of sales in these shops.");
  EXPECT_NE(scoped.abstain_reason.find("'shops'"), std::string::npos) << scoped.abstain_reason;
  // A value or a placed table after the preposition is read, and the answer stands.
  EXPECT_TRUE(Ask("Count the number of staff in Oslo.").answered);
  EXPECT_TRUE(Ask("Count the number of sales.").answered);
}

// "total of invoices in dollars": a currency or a unit after "in" says how the amount is
// written; no rows scope the table.
TEST_F(ReadingCheckTest, AUnitAfterInScopesNoRows) {
  for (const char* q : {"total amount of sales in euros", "total amount of sales in minutes"}) {
    const Translation t = Ask(q);
    EXPECT_EQ(t.abstain_reason.find("which narrows"), std::string::npos)
        << q << ": " << t.abstain_reason;
  }
  EXPECT_TRUE(Ask("total amount of sales in dollars").answered);
  // Rows after "in" still scope the table.
  EXPECT_NE(Ask("total amount of sales in these gadgets").abstain_reason.find("which narrows"),
            std::string::npos);
}

// "Show the id, name of each editor and the number of journal committees" (Spider-Syn train on
// a develop schema): "id" names the keys of both tables, the reading grouped by the staff key
// without showing it, and the answer left out a column the question lists.
TEST_F(ReadingCheckTest, AnIdListedAndPlacedOnNoKeyIsNamed) {
  const Translation t = Ask("Show the id, city of each staff and the number of sales.");
  EXPECT_FALSE(t.answered) << t.sql;
  EXPECT_NE(t.abstain_reason.find("'id'"), std::string::npos) << t.abstain_reason;
  EXPECT_TRUE(Ask("Show the city of each staff and the number of sales.").answered);
}

TEST_F(ReadingCheckTest, NoCompanionWithoutBothNameParts) {
  testing::Shop shop = testing::OpenShop();
  const int stores = shop.index->FindTable("stores");
  EXPECT_EQ(shop.index->NameCompanion(shop.index->LabelColumn(stores, false)), -1);
}

}  // namespace
}  // namespace askdb::nlq
