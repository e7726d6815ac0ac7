// Abbreviated schema names (schema_words.h, data/nlq/abbreviations.json): the table that spells
// them out, and the engine reading an abbreviated schema as it reads one written in full.
#include "askdb/nlq/schema_words.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "askdb/db/sqlite/sqlite_connector.h"
#include "askdb/nlq/engine.h"
#include "askdb/nlq/schema_index.h"

namespace askdb::nlq {
namespace {

using Words = std::vector<std::string>;

TEST(SchemaWordsTest, SpellsOutAbbreviationsAndDropsKindMarkers) {
  EXPECT_EQ(SchemaWords("cust_nm"), (Words{"customer", "name"}));
  EXPECT_EQ(SchemaWords("WASH_TXN"), (Words{"wash", "transaction"}));
  EXPECT_EQ(SchemaWords("hrly_rate"), (Words{"hourly", "rate"}));
  EXPECT_EQ(SchemaWords("StockQty"), (Words{"stock", "quantity"}));
  EXPECT_EQ(SchemaWords("dob"), (Words{"date", "of", "birth"}));
  EXPECT_EQ(SchemaPhrase("tblGenre"), "genre");
  EXPECT_EQ(SchemaPhrase("LKP_CLASS"), "class");
  EXPECT_EQ(SchemaPhrase("status_lkp"), "status");
  // A marker alone is the name; words that abbreviate nothing stay as they are.
  EXPECT_EQ(SchemaPhrase("lookup"), "lookup");
  EXPECT_EQ(SchemaPhrase("AmtrakRoute"), "amtrak route");
  EXPECT_EQ(SchemaPhrase("所属省id"), "所属省 id");
}

TEST(SchemaWordsTest, BadTablesAreRefusedWithAReason) {
  EXPECT_TRUE(Abbreviations::FromJson(R"({"words": {"qty": "quantity"}})").ok());
  EXPECT_FALSE(Abbreviations::FromJson(R"({"markers": []})").ok());
  EXPECT_FALSE(Abbreviations::FromJson(R"({"words": {"Qty": "quantity"}})").ok());
  EXPECT_FALSE(Abbreviations::FromJson(R"({"words": {"qty": 3}})").ok());
  EXPECT_FALSE(Abbreviations::FromJson(R"({"words": {"qty": ""}})").ok());
  EXPECT_FALSE(Abbreviations::FromJson(R"({"words": {}, "markers": ["two words"]})").ok());
  EXPECT_FALSE(Abbreviations::FromJson("[1, 2]").ok());
  EXPECT_FALSE(Abbreviations::FromJson("{").ok());
}

TEST(SchemaWordsTest, TheBuiltInTableParses) {
  const Abbreviations& table = Abbreviations::Builtin();
  ASSERT_NE(table.Expand("qty"), nullptr);
  EXPECT_EQ(*table.Expand("qty"), Words{"quantity"});
  EXPECT_EQ(table.Expand("quantity"), nullptr);
  EXPECT_TRUE(table.IsMarker("tbl"));
  EXPECT_FALSE(table.IsMarker("genre"));
}

// A plumber's schema written the way real ones are: cust, tech, qty, hrly_rate, job_dt.
constexpr const char* kPlumbingSql = R"sql(
CREATE TABLE cust(cust_id INTEGER PRIMARY KEY, cust_nm TEXT, cust_type TEXT);
CREATE TABLE tech(tech_id INTEGER PRIMARY KEY, nm TEXT, hrly_rate REAL);
CREATE TABLE job(job_id INTEGER PRIMARY KEY, cust_id INTEGER REFERENCES cust(cust_id),
                 tech_id INTEGER REFERENCES tech(tech_id), job_dt TEXT);
CREATE TABLE part_used(job_id INTEGER REFERENCES job(job_id), part_no TEXT, qty INTEGER);
INSERT INTO cust VALUES (1,'Ann Lee','residential'),(2,'Bo Inc','commercial'),
  (3,'Cy Roe','residential');
INSERT INTO tech VALUES (1,'Dan',40),(2,'Eve',55);
INSERT INTO job VALUES (1,1,1,'2024-01-13'),(2,2,2,'2024-10-01'),(3,1,2,'2025-02-02');
INSERT INTO part_used VALUES (1,'P-100',2),(2,'P-110',4),(3,'P-100',1);
)sql";

Translation Ask(const char* question) {
  auto conn = db::SqliteConnector::OpenInMemory(kPlumbingSql);
  EXPECT_TRUE(conn.ok()) << conn.status().ToString();
  auto index = BuildSchemaIndex(**conn, nullptr);
  EXPECT_TRUE(index.ok()) << index.status().ToString();
  return Engine::Translate(question, *index, (*conn)->dialect());
}

TEST(SchemaWordsTest, AnAbbreviatedSchemaIsAskedInFullWords) {
  const Translation customers = Ask("how many customers are there");
  ASSERT_TRUE(customers.answered) << customers.abstain_reason;
  EXPECT_NE(customers.sql.find("FROM \"cust\""), std::string::npos) << customers.sql;
  const Translation quantity = Ask("total quantity of parts used");
  ASSERT_TRUE(quantity.answered) << quantity.abstain_reason;
  EXPECT_NE(quantity.sql.find("SUM(\"part_used\".\"qty\")"), std::string::npos) << quantity.sql;
  const Translation rate = Ask("average hourly rate of technicians");
  EXPECT_FALSE(rate.answered) << "tech is no abbreviation of the table: " << rate.sql;
  const Translation by_type = Ask("number of customers by customer type");
  ASSERT_TRUE(by_type.answered) << by_type.abstain_reason;
  EXPECT_NE(by_type.sql.find("GROUP BY \"cust\".\"cust_type\""), std::string::npos) << by_type.sql;
}

// A dated table (events with a start date that teams refer to) is labelled by a name column only
// when the name is its own: evt_name shortens "event" (the first letter, the rest in order),
// so the teams per event are grouped by it, not by evt_id (0.77, session 24). A name column
// after another word (city_name) is still no label of the event.
TEST(SchemaWordsTest, AColumnNamedAfterItsTableShortenedLabelsIt) {
  constexpr const char* kEventsSql = R"sql(
CREATE TABLE event(evt_id INTEGER PRIMARY KEY, evt_name TEXT, city TEXT, start_dt TEXT);
CREATE TABLE team(team_id INTEGER PRIMARY KEY, team_name TEXT,
                  evt_id INTEGER REFERENCES event(evt_id));
INSERT INTO event VALUES (1,'HackBerlin','Berlin','2025-03-01'),(2,'HackOslo','Oslo','2025-09-12');
INSERT INTO team VALUES (1,'Kernel Ninjas',1),(2,'Byte Me',1),(3,'Null Pointers',2);
)sql";
  auto conn = db::SqliteConnector::OpenInMemory(kEventsSql);
  ASSERT_TRUE(conn.ok()) << conn.status().ToString();
  auto index = BuildSchemaIndex(**conn, nullptr);
  ASSERT_TRUE(index.ok()) << index.status().ToString();
  const Translation t = Engine::Translate("number of teams per event", *index, (*conn)->dialect());
  ASSERT_TRUE(t.answered) << t.abstain_reason;
  EXPECT_NE(t.sql.find("GROUP BY \"event\".\"evt_name\""), std::string::npos) << t.sql;
  std::string other = kEventsSql;
  other.replace(other.find("evt_name TEXT"), 13, "city_name TEXT");
  auto conn2 = db::SqliteConnector::OpenInMemory(other);
  ASSERT_TRUE(conn2.ok());
  auto index2 = BuildSchemaIndex(**conn2, nullptr);
  ASSERT_TRUE(index2.ok());
  const Translation t2 =
      Engine::Translate("number of teams per event", *index2, (*conn2)->dialect());
  EXPECT_EQ(t2.sql.find("city_name\""), std::string::npos) << t2.sql;
}

}  // namespace
}  // namespace askdb::nlq
