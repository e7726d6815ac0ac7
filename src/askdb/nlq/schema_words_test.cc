// Abbreviated schema names (schema_words.h, data/nlq/abbreviations.json): the table that spells
// them out, and the engine reading an abbreviated schema as it reads one written in full.
#include "askdb/nlq/schema_words.h"

#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "askdb/db/sqlite/sqlite_connector.h"
#include "askdb/nlq/engine.h"
#include "askdb/nlq/schema_index.h"
#include "askdb/nlq/tokenizer.h"

namespace askdb::nlq {
namespace {

using Words = std::vector<std::string>;

TEST(SchemaWordsTest, SpellsOutAbbreviationsAndDropsKindMarkers) {
  EXPECT_EQ(SchemaWords("cust_nm"), (Words{"customer", "name"}));
  EXPECT_EQ(SchemaWords("WASH_TXN"), (Words{"wash", "transaction"}));
  EXPECT_EQ(SchemaWords("hrly_rate"), (Words{"hourly", "rate"}));
  EXPECT_EQ(SchemaWords("StockQty"), (Words{"stock", "quantity"}));
  EXPECT_EQ(SchemaWords("dob"), (Words{"date", "of", "birth"}));
  EXPECT_EQ(SchemaTablePhrase("tblGenre"), "genre");
  EXPECT_EQ(SchemaTablePhrase("LKP_CLASS"), "class");
  EXPECT_EQ(SchemaTablePhrase("status_lkp"), "status");
  // A marker alone is the name; words that abbreviate nothing stay as they are.
  EXPECT_EQ(SchemaTablePhrase("lookup"), "lookup");
  EXPECT_EQ(SchemaPhrase("AmtrakRoute"), "amtrak route");
  EXPECT_EQ(SchemaPhrase("所属省id"), "所属省 id");
}

// Kind markers say what kind of TABLE it is; in a column's name they are part of what it holds
// (lu_dt is a last-updated date, not a bare "date"), and "lu" is no marker at all.
TEST(SchemaWordsTest, KindMarkersAreDroppedFromTableNamesOnly) {
  EXPECT_EQ(SchemaWords("lu_dt"), (Words{"lu", "date"}));
  EXPECT_EQ(SchemaTableWords("lu_dt"), (Words{"lu", "date"}));
  EXPECT_EQ(SchemaWords("dim_cd"), (Words{"dim", "cd"}));
  EXPECT_EQ(SchemaWords("status_lkp"), (Words{"status", "lkp"}));
  EXPECT_EQ(SchemaTableWords("dim_customer"), (Words{"customer"}));
}

// An abbreviation with two common readings is no entry: spelled out, it would give a column a
// word it may not mean as confidently as a name written in full.
TEST(SchemaWordsTest, AbbreviationsWithTwoReadingsStayAsWritten) {
  EXPECT_EQ(SchemaPhrase("inv"), "inv");
  EXPECT_EQ(SchemaWords("inv_dt"), (Words{"inv", "date"}));
  for (const char* two : {"inv", "prod", "tm", "cd", "px", "ord", "nbr", "fname"}) {
    EXPECT_EQ(Abbreviations::Builtin().Expand(two), nullptr) << two;
  }
  EXPECT_FALSE(Abbreviations::Builtin().IsMarker("lu"));
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

// Opens `sql` in memory and indexes it.
struct Opened {
  std::unique_ptr<db::Connector> conn;
  std::optional<SchemaIndex> index;
};

Opened Open(const std::string& sql) {
  auto conn = db::SqliteConnector::OpenInMemory(sql);
  EXPECT_TRUE(conn.ok()) << conn.status().ToString();
  Opened out;
  out.conn = std::move(*conn);
  auto index = BuildSchemaIndex(*out.conn, nullptr);
  EXPECT_TRUE(index.ok()) << index.status().ToString();
  out.index = std::move(*index);
  return out;
}

int Column(const SchemaIndex& index, const char* table, const char* column) {
  return index.FindColumn(index.FindTable(table), column);
}

// Another party's name does not label a dated document because its first letters are the
// document's: rest_name of a reservation (whose own shortening, res_id and res_dt, is "res") is
// the restaurant's; the guests per reservation are not grouped by it.
TEST(SchemaWordsTest, AnotherPartysNameIsNoShortenedLabel) {
  constexpr const char* kReservationSql = R"sql(
CREATE TABLE reservation(res_id INTEGER PRIMARY KEY, rest_name TEXT, res_dt TEXT);
CREATE TABLE guest(guest_id INTEGER PRIMARY KEY, guest_name TEXT,
                   res_id INTEGER REFERENCES reservation(res_id));
INSERT INTO reservation VALUES (1,'Chez Lu','2025-03-01'),(2,'Chez Lu','2025-03-02'),
  (3,'Noma','2025-04-11');
INSERT INTO guest VALUES (1,'Ann',1),(2,'Bo',1),(3,'Cy',2),(4,'Di',3);
)sql";
  Opened db = Open(kReservationSql);
  ASSERT_TRUE(db.index);
  const SchemaIndex& index = *db.index;
  const int reservation = index.FindTable("reservation");
  EXPECT_NE(index.LabelColumn(reservation, false), Column(index, "reservation", "rest_name"));
  const Translation t =
      Engine::Translate("How many guests does each reservation have?", index, db.conn->dialect());
  EXPECT_EQ(t.sql.find("rest_name"), std::string::npos) << t.sql;
  if (t.answered) {
    EXPECT_NE(t.sql.find("COUNT("), std::string::npos) << t.sql;
    EXPECT_NE(t.sql.find("GROUP BY"), std::string::npos) << t.sql;
  }
  // Beside a restaurant table, a prefix that table's name starts with is its name, whatever
  // the reservation's other columns say.
  Opened db2 = Open(R"sql(
CREATE TABLE reservation(rid INTEGER PRIMARY KEY, rest_name TEXT, booked_on TEXT);
CREATE TABLE guest(guest_id INTEGER PRIMARY KEY, rid INTEGER REFERENCES reservation(rid));
CREATE TABLE restaurant(restaurant_id INTEGER PRIMARY KEY, city TEXT);
INSERT INTO reservation VALUES (1,'Chez Lu','2025-03-01'),(2,'Noma','2025-04-11');
INSERT INTO guest VALUES (1,1),(2,1),(3,2);
INSERT INTO restaurant VALUES (1,'Paris');
)sql");
  ASSERT_TRUE(db2.index->IsDatedDocument(db2.index->FindTable("reservation")));
  ASSERT_TRUE(db2.index);
  EXPECT_NE(db2.index->LabelColumn(db2.index->FindTable("reservation"), false),
            Column(*db2.index, "reservation", "rest_name"));
  // A shortening drops vowels: dean, agent, admin are words of their own; dept is department.
  constexpr const char* kDatedSql = R"sql(
CREATE TABLE department(dept_id INTEGER PRIMARY KEY, %s TEXT, opened_dt TEXT);
CREATE TABLE staff(staff_id INTEGER PRIMARY KEY, dept_id INTEGER REFERENCES department(dept_id));
INSERT INTO department VALUES (1,'A','2020-01-01'),(2,'B','2021-02-02');
INSERT INTO staff VALUES (1,1),(2,1),(3,2);
)sql";
  for (const auto& [column, labels] :
       std::vector<std::pair<std::string, bool>>{{"dept_name", true}, {"dean_name", false}}) {
    std::string sql = kDatedSql;
    sql.replace(sql.find("%s"), 2, column);
    Opened d = Open(sql);
    ASSERT_TRUE(d.index);
    const int table = d.index->FindTable("department");
    ASSERT_TRUE(d.index->IsDatedDocument(table)) << column;
    EXPECT_EQ(d.index->LabelColumn(table, false) == Column(*d.index, "department", column.c_str()),
              labels)
        << column;
  }
}

// Of two name columns, the one written as the table's name labels it, not one that only looks
// like its shortening (dean_name of department): "List all departments" lists their names.
TEST(SchemaWordsTest, AWrittenOutNameBeatsAShortenedOneInTheTieBreak) {
  Opened db = Open(R"sql(
CREATE TABLE department(dept_id INTEGER PRIMARY KEY, dean_name TEXT, department_name TEXT);
INSERT INTO department VALUES (1,'Dr Ames','Physics'),(2,'Dr Bell','History');
)sql");
  ASSERT_TRUE(db.index);
  EXPECT_EQ(db.index->LabelColumn(db.index->FindTable("department"), false),
            Column(*db.index, "department", "department_name"));
  const Translation t = Engine::Translate("List all departments", *db.index, db.conn->dialect());
  ASSERT_TRUE(t.answered) << t.abstain_reason;
  EXPECT_NE(t.sql.find("SELECT \"department\".\"department_name\""), std::string::npos) << t.sql;
  EXPECT_EQ(t.sql.find("dean_name"), std::string::npos) << t.sql;
}

// lu_dt (last updated) is no bare date: the orders "placed" in a year are not read off it.
TEST(SchemaWordsTest, ALastUpdatedDateIsNoPlacedDate) {
  Opened db = Open(R"sql(
CREATE TABLE orders(order_id INTEGER PRIMARY KEY, customer TEXT, total REAL, lu_dt TEXT);
INSERT INTO orders VALUES (1,'Ann',10,'2024-01-02'),(2,'Bo',20,'2024-05-06'),
  (3,'Cy',30,'2025-07-08');
)sql");
  ASSERT_TRUE(db.index);
  const Translation t =
      Engine::Translate("How many orders were placed in 2024?", *db.index, db.conn->dialect());
  EXPECT_FALSE(t.answered) << t.sql;
}

// Flag words spelled out are no lexicon keyword (pct_flg is no "percent"); written out they
// stay (vip_flg is "vip").
TEST(SchemaWordsTest, ASpelledOutFlagWordIsNoKeyword) {
  Opened db = Open(R"sql(
CREATE TABLE account(acct_id INTEGER PRIMARY KEY, vip_flg TEXT, pct_flg TEXT, cnt_flg TEXT);
INSERT INTO account VALUES (1,'Y','N','Y'),(2,'N','Y','N'),(3,'Y','Y','N');
)sql");
  ASSERT_TRUE(db.index);
  const SchemaIndex& index = *db.index;
  auto flag_words = [&](const char* column) {
    const int c = Column(index, "account", column);
    std::vector<std::string> keys;
    for (size_t id = 0; id < index.terms().size(); ++id) {
      const Term& term = index.terms()[id];
      if (term.kind == TermKind::kValue && term.column == c && term.source == "flag") {
        keys.push_back(index.term_key(static_cast<int>(id)));
      }
    }
    return keys;
  };
  EXPECT_EQ(flag_words("vip_flg").size(), 1u);
  EXPECT_TRUE(flag_words("pct_flg").empty());
  EXPECT_TRUE(flag_words("cnt_flg").empty());
}

// amt is spelled "amount" only where that is no lexicon keyword: the column does not take the
// word from every question that says "amount" (no term "amount" names it).
TEST(SchemaWordsTest, AnAmtColumnDoesNotTakeTheKeywordAmount) {
  Opened db = Open(R"sql(
CREATE TABLE payment(pay_id INTEGER PRIMARY KEY, amt REAL, pay_dt TEXT);
INSERT INTO payment VALUES (1,10,'2024-01-02'),(2,20,'2024-05-06');
)sql");
  ASSERT_TRUE(db.index);
  const int amt = Column(*db.index, "payment", "amt");
  if (const std::vector<int>* ids = db.index->FindTerms(PhraseKey("amount"))) {
    for (int id : *ids) EXPECT_NE(db.index->terms()[id].column, amt);
  }
}

// The last word of a two-word English table name is no name of its rows (session 26 tried it
// and withdrew it): the table may hold amounts of that word (loyalty_points.points_earned: a
// count of rows is no number of points), link to the rows it names (playlist_tracks: the tracks
// are the songs), or be a qualified kind of rows named plainly elsewhere (lost_customers beside
// clients, purchase_orders beside a shop's sales). Each abstains, as before the rule.
TEST(SchemaWordsTest, AnEnglishTableNamesLastWordNamesNoRows) {
  const std::vector<std::pair<std::string, std::vector<std::string>>> cases = {
      {"CREATE TABLE customers(customer_id INTEGER PRIMARY KEY, name TEXT);"
       "CREATE TABLE loyalty_points(lp_id INTEGER PRIMARY KEY,"
       " customer_id INTEGER REFERENCES customers(customer_id), earned_on DATE,"
       " points_earned INTEGER);"
       "INSERT INTO customers VALUES (1,'Ann'),(2,'Bo');"
       "INSERT INTO loyalty_points VALUES (1,1,'2024-01-02',5),(2,1,'2024-02-03',2),"
       "(3,2,'2024-03-04',1);",
       {"Which customer has the most points?", "How many points does Ann have?"}},
      {"CREATE TABLE customers(customer_id INTEGER PRIMARY KEY, name TEXT);"
       "CREATE TABLE reward_points(rp_id INTEGER PRIMARY KEY,"
       " customer_id INTEGER REFERENCES customers(customer_id), earned_on DATE, amount INTEGER);"
       "INSERT INTO customers VALUES (1,'Ann');"
       "INSERT INTO reward_points VALUES (1,1,'2024-01-02',5),(2,1,'2024-02-03',2);",
       {"How many points were earned in 2024?"}},
      {"CREATE TABLE songs(song_id INTEGER PRIMARY KEY, title TEXT);"
       "CREATE TABLE playlists(playlist_id INTEGER PRIMARY KEY, name TEXT);"
       "CREATE TABLE playlist_tracks(playlist_id INTEGER REFERENCES playlists(playlist_id),"
       " song_id INTEGER REFERENCES songs(song_id), position INTEGER);"
       "INSERT INTO songs VALUES (1,'A'),(2,'B'),(3,'C');"
       "INSERT INTO playlists VALUES (1,'Run'),(2,'Rest');"
       "INSERT INTO playlist_tracks VALUES (1,1,1),(1,2,2),(2,1,1),(2,2,2),(2,3,3);",
       {"How many tracks are there?"}},
      {"CREATE TABLE clients(client_id INTEGER PRIMARY KEY, name TEXT, signup_date DATE);"
       "CREATE TABLE lost_customers(lost_id INTEGER PRIMARY KEY,"
       " client_id INTEGER REFERENCES clients(client_id), lost_on DATE, reason TEXT);"
       "INSERT INTO clients VALUES (1,'Ann','2024-01-01'),(2,'Bo','2024-02-01');"
       "INSERT INTO lost_customers VALUES (1,2,'2024-06-01','price');",
       {"How many customers do we have?"}},
      {"CREATE TABLE suppliers(supplier_id INTEGER PRIMARY KEY, name TEXT);"
       "CREATE TABLE transactions(txn_id INTEGER PRIMARY KEY, txn_date DATE, amount REAL);"
       "CREATE TABLE purchase_orders(po_id INTEGER PRIMARY KEY,"
       " supplier_id INTEGER REFERENCES suppliers(supplier_id), po_date DATE, total REAL);"
       "INSERT INTO suppliers VALUES (1,'Alpine');"
       "INSERT INTO transactions VALUES (1,'2024-03-02',40),(2,'2024-03-09',15);"
       "INSERT INTO purchase_orders VALUES (1,1,'2024-03-05',900);",
       {"How many orders in March 2024?", "What is the total of orders?"}},
  };
  for (const auto& [sql, questions] : cases) {
    Opened db = Open(sql);
    ASSERT_TRUE(db.index);
    for (const std::string& q : questions) {
      const Translation t = Engine::Translate(q, *db.index, db.conn->dialect());
      EXPECT_FALSE(t.answered) << q << ": " << t.sql;
    }
  }
}

// "email address", "phone number": a contact column named by its kind alone is asked with the
// word its kind goes with ('address' was left unplaced, 'number' read as a count); a column of
// that very name keeps the phrase, and contact columns of two tables both take it.
TEST(SchemaWordsTest, AContactColumnIsAskedWithTheWordItsKindGoesWith) {
  constexpr const char* kGuests = R"sql(
CREATE TABLE guests(guest_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT, email TEXT,
                    phone TEXT);
CREATE TABLE hotels(hotel_id INTEGER PRIMARY KEY, hotel_name TEXT, phone TEXT);
INSERT INTO guests VALUES (1,'Henry','Clarke','h@x.org','555-1'),(2,'Ann','Lee','a@x.org','555-2');
INSERT INTO hotels VALUES (1,'Meridian','555-9');
)sql";
  const Opened guests = Open(kGuests);
  const Translation email = Engine::Translate("What is the email address of guest Henry Clarke?",
                                              *guests.index, guests.conn->dialect());
  ASSERT_TRUE(email.answered) << email.abstain_reason;
  EXPECT_NE(email.sql.find("SELECT \"guests\".\"email\""), std::string::npos) << email.sql;
  const Translation phone = Engine::Translate("phone number of guest Henry Clarke", *guests.index,
                                              guests.conn->dialect());
  ASSERT_TRUE(phone.answered) << phone.abstain_reason;
  EXPECT_NE(phone.sql.find("SELECT \"guests\".\"phone\""), std::string::npos) << phone.sql;
  const Translation hotel = Engine::Translate("phone number of the hotel Meridian", *guests.index,
                                              guests.conn->dialect());
  ASSERT_TRUE(hotel.answered) << hotel.abstain_reason;
  EXPECT_NE(hotel.sql.find("SELECT \"hotels\".\"phone\""), std::string::npos) << hotel.sql;
  const Opened own =
      Open("CREATE TABLE people(person_id INTEGER PRIMARY KEY, email TEXT, email_address TEXT);");
  // Its own name (strength 1.0) stays stronger than the synonym of `email` (0.95).
  const Translation list =
      Engine::Translate("list the email address of the people", *own.index, own.conn->dialect());
  ASSERT_TRUE(list.answered) << list.abstain_reason;
  EXPECT_NE(list.sql.find("SELECT \"people\".\"email_address\""), std::string::npos) << list.sql;
}

}  // namespace
}  // namespace askdb::nlq
