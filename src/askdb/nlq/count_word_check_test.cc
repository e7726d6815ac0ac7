#include "askdb/nlq/count_word_check.h"

#include <gtest/gtest.h>

#include "askdb/db/sqlite/sqlite_connector.h"
#include "askdb/nlq/engine.h"
#include "askdb/nlq/schema_index.h"
#include "askdb/nlq/test_fixture.h"

namespace askdb::nlq {
namespace {

std::vector<Item> Words(std::initializer_list<std::pair<const char*, bool>> words) {
  std::vector<Item> items;
  for (const auto& [text, count] : words) {
    Item it;
    it.text = text;
    if (count) {
      it.kind = ItemKind::kKeyword;
      it.kw = Bit(Kw::kCount);
    }
    items.push_back(it);
  }
  return items;
}

Query Counting() {
  Query q;
  Measure m;
  m.agg = Agg::kCount;
  q.measures.push_back(m);
  return q;
}

TEST(CountWordCheck, ANounBeforeNumberIsACompoundNotACount) {
  const auto problem =
      CountWordInACompoundNoun(Counting(), Words({{"staff", false}, {"number of", true}}));
  ASSERT_TRUE(problem);
  EXPECT_NE(problem->en.find("'staff number'"), std::string::npos) << problem->en;
  EXPECT_TRUE(CountWordInACompoundNoun(Counting(), Words({{"room", false}, {"number", true}})));
}

TEST(CountWordCheck, AnAdjectiveOrNothingBeforeNumberKeepsTheCount) {
  for (const char* adjective : {"yearly", "annual", "corresponding", "expected", "the"}) {
    std::vector<Item> items = Words({{adjective, false}, {"number of", true}});
    if (std::string(adjective) == "the") items[0].kind = ItemKind::kKeyword;  // a stop word
    EXPECT_FALSE(CountWordInACompoundNoun(Counting(), items)) << adjective;
  }
  // Nothing counted: the check has nothing to say.
  EXPECT_FALSE(CountWordInACompoundNoun(Query{}, Words({{"staff", false}, {"number", true}})));
}

TEST(CountWordCheck, ACountOfANumericColumnBesideItsMaximumIsItsName) {
  const testing::TestDb db = testing::OpenDb(
      "CREATE TABLE player(id INTEGER PRIMARY KEY, final_table_made REAL, earnings REAL);"
      "INSERT INTO player VALUES (1,1,100),(2,4,300),(3,4,50);");
  const auto& index = db.index;
  ASSERT_TRUE(index);
  const int made = index->FindColumn(index->FindTable("player"), "final_table_made");
  Query q;
  Measure max, count;
  max.agg = Agg::kMax;
  max.column = made;
  count.agg = Agg::kCount;
  count.column = made;
  count.distinct = true;
  count.phrase = "number of";
  q.measures = {max, count};
  const auto problem = CountBesideItsOwnAggregate(q, *index);
  ASSERT_TRUE(problem);
  EXPECT_NE(problem->en.find("final_table_made"), std::string::npos) << problem->en;
  // Each alone is a question.
  q.measures = {max};
  EXPECT_FALSE(CountBesideItsOwnAggregate(q, *index));
  q.measures = {count};
  EXPECT_FALSE(CountBesideItsOwnAggregate(q, *index));
}

TEST(CountWordCheck, ACountWithTheWordsAfterAreUnreadIsRefused) {
  auto items = [](std::initializer_list<std::pair<const char*, ItemKind>> words) {
    std::vector<Item> out;
    for (const auto& [text, kind] : words) {
      Item it;
      it.text = text;
      it.kind = kind;
      out.push_back(it);
    }
    return out;
  };
  const SchemaIndex none = SchemaIndex::Build({}, nullptr, {});
  const auto problem = CountWithAnUnreadPredicate(Counting(),
                                                  items({{"how many", ItemKind::kKeyword},
                                                         {"tracks", ItemKind::kTerm},
                                                         {"are", ItemKind::kKeyword},
                                                         {"video", ItemKind::kUnknown},
                                                         {"files", ItemKind::kUnknown},
                                                         {"?", ItemKind::kPunct}}),
                                                  none);
  ASSERT_TRUE(problem);
  EXPECT_NE(problem->en.find("'video files'"), std::string::npos) << problem->en;
  // A verb and its object after the rows' word: "departments offer degrees".
  EXPECT_TRUE(CountWithAnUnreadPredicate(Counting(),
                                         items({{"departments", ItemKind::kTerm},
                                                {"offer", ItemKind::kUnknown},
                                                {"degrees", ItemKind::kUnknown}}),
                                         none));
  // One unknown verb alone, a passive ("are owned by students …") and a filler after "are"
  // leave it to the reading.
  EXPECT_FALSE(CountWithAnUnreadPredicate(
      Counting(), items({{"singers", ItemKind::kTerm}, {"perform", ItemKind::kUnknown}}), none));
  EXPECT_FALSE(CountWithAnUnreadPredicate(Counting(),
                                          items({{"pets", ItemKind::kTerm},
                                                 {"are", ItemKind::kKeyword},
                                                 {"owned", ItemKind::kUnknown},
                                                 {"by", ItemKind::kKeyword}}),
                                          none));
  EXPECT_FALSE(CountWithAnUnreadPredicate(Counting(),
                                          items({{"singers", ItemKind::kTerm},
                                                 {"are", ItemKind::kKeyword},
                                                 {"from", ItemKind::kKeyword},
                                                 {"there", ItemKind::kUnknown}}),
                                          none));
}

std::vector<Item> Unknowns(const char* term, std::initializer_list<const char*> words) {
  std::vector<Item> out(1);
  out[0].text = term;
  out[0].kind = ItemKind::kTerm;
  for (const char* w : words) {
    Item it;
    it.text = w;
    it.kind = ItemKind::kUnknown;
    out.push_back(it);
  }
  return out;
}

TEST(CountWordCheck, AWordOfAUsedColumnsNameOrACountNounIsNoUnreadCondition) {
  auto conn = db::SqliteConnector::OpenInMemory(
      "CREATE TABLE 期刊(期刊id INTEGER PRIMARY KEY, 名称 TEXT, 主办单位 TEXT);"
      "INSERT INTO 期刊 VALUES "
      "(1,'读者','读者出版传媒股份有限公司'),(2,'飞天','读者出版传媒股份有限公司'),"
      "(3,'知音','知音传媒集团');"
      "CREATE TABLE companies(company_id INTEGER PRIMARY KEY, name TEXT, listing_market TEXT);"
      "INSERT INTO companies VALUES (1,'A','HK'),(2,'B','NY');");
  ASSERT_TRUE(conn.ok());
  auto index = BuildSchemaIndex(**conn, nullptr);
  ASSERT_TRUE(index.ok());
  Query by_sponsor = Counting();
  by_sponsor.filters.emplace_back();
  by_sponsor.filters.back().column = index->FindColumn(index->FindTable("期刊"), "主办单位");
  // 主办 is part of 主办单位, the column the query filters: read, not a condition left out.
  EXPECT_FALSE(CountWithAnUnreadPredicate(by_sponsor, Unknowns("期刊", {"主", "办"}), *index));
  const auto unread =
      CountWithAnUnreadPredicate(Counting(), Unknowns("期刊", {"主", "办"}), *index);
  ASSERT_TRUE(unread);
  EXPECT_NE(unread->zh.find("“主办”"), std::string::npos) << unread->zh;
  // 歌手人数: the count noun after the rows' word is the count itself.
  EXPECT_FALSE(CountWithAnUnreadPredicate(Counting(), Unknowns("歌手", {"人", "数"}), *index));
  // English: "listing" is part of listing_market, which the query filters; "publicly" alone
  // is one word, not a verb and its object.
  Query by_market = Counting();
  by_market.filters.emplace_back();
  by_market.filters.back().column =
      index->FindColumn(index->FindTable("companies"), "listing_market");
  EXPECT_FALSE(CountWithAnUnreadPredicate(by_market, Unknowns("companies", {"listing", "publicly"}),
                                          *index));
  EXPECT_TRUE(CountWithAnUnreadPredicate(Counting(), Unknowns("companies", {"listing", "publicly"}),
                                         *index));
  // Only a whole word of the name: "list" and "market" are inside listing_market's letters,
  // but "list" is no word of it, so "list publicly" stays an unread condition.
  EXPECT_TRUE(
      CountWithAnUnreadPredicate(by_market, Unknowns("companies", {"list", "publicly"}), *index));
  // End to end: the sponsor's journals are counted on 主办单位.
  TranslateOptions loose;
  loose.confidence_threshold = 0.1;
  const Translation t = Engine::Translate("读者出版传媒股份有限公司主办了几本期刊", *index,
                                          (*conn)->dialect(), loose);
  ASSERT_TRUE(t.answered) << t.abstain_reason;
  EXPECT_NE(t.sql.find("主办单位"), std::string::npos) << t.sql;
  EXPECT_NE(t.sql.find("COUNT"), std::string::npos) << t.sql;
}

TEST(CountWordCheck, HowManyBeforeAColumnOfAmountsIsNoCountOfItsValues) {
  const testing::TestDb db = testing::OpenDb(
      "CREATE TABLE ship(id INTEGER PRIMARY KEY, name TEXT);"
      "CREATE TABLE death(id INTEGER PRIMARY KEY, ship_id INTEGER REFERENCES ship(id),"
      " killed REAL, injured REAL, note TEXT);"
      "INSERT INTO ship VALUES (1,'Alpha'),(2,'Beta');"
      "INSERT INTO death VALUES (1,1,3,2,'a'),(2,1,3,2,'b'),(3,2,0,5,'c'),(4,2,1,7,'d'),"
      "(5,1,2,9,'e'),(6,2,4,1,'f'),(7,1,6,4,'g');");
  ASSERT_TRUE(db.index);
  const int injured = db.index->FindColumn(db.index->FindTable("death"), "injured");
  ASSERT_EQ(db.index->columns()[injured].role, ColumnRole::kMeasure);
  Query q;
  Measure m;
  m.agg = Agg::kCount;
  m.column = injured;
  m.distinct = true;
  m.phrase = "How many";
  q.measures = {m};
  const auto problem = CountOfAnAmount(q, {}, *db.index);
  ASSERT_TRUE(problem);
  EXPECT_NE(problem->en.find("total injured"), std::string::npos) << problem->en;
  // "how many different" asks for the values themselves.
  std::vector<Item> different(1);
  different[0].kind = ItemKind::kKeyword;
  different[0].kw = Bit(Kw::kDistinct);
  different[0].used = true;
  EXPECT_FALSE(CountOfAnAmount(q, different, *db.index));
  // A text column's values are counted as they are.
  q.measures[0].column = db.index->FindColumn(db.index->FindTable("death"), "note");
  EXPECT_FALSE(CountOfAnAmount(q, {}, *db.index));
  // End to end, the engine abstains rather than count distinct amounts.
  TranslateOptions loose;
  loose.confidence_threshold = 0.1;
  const Translation t = Engine::Translate("How many were injured per ship?", *db.index,
                                          db.connector->dialect(), loose);
  EXPECT_FALSE(t.answered) << t.sql;
}

// An invented school library: BOOK.COPIES holds a few distinct integers (a dimension by its
// values) but its plural name says each value is a number of copies, so "the number of copies"
// is no COUNT(DISTINCT COPIES) (it was, at 1.00); a singular attribute (floor) still counts
// its values.
TEST(CountWordCheck, AColumnNamedAsACountOfThingsHoldsAmounts) {
  const testing::TestDb db = testing::OpenDb(
      "CREATE TABLE BOOK(BOOK_ID INTEGER PRIMARY KEY, TITLE TEXT, COPIES INTEGER, FLOOR INTEGER,"
      " NUM_OF_SHELF INTEGER, LOAN_QTY INTEGER);"
      "INSERT INTO BOOK VALUES (1,'A',2,1,3,1),(2,'B',2,1,3,2),(3,'C',5,2,4,2),(4,'D',1,3,1,3);");
  ASSERT_TRUE(db.index);
  const int book = db.index->FindTable("BOOK");
  const auto& dialect = db.connector->dialect();
  for (const char* column : {"COPIES", "NUM_OF_SHELF", "LOAN_QTY"}) {
    const int c = db.index->FindColumn(book, column);
    ASSERT_EQ(db.index->columns()[c].role, ColumnRole::kDimension) << column;
    Query q;
    Measure m;
    m.agg = Agg::kCount;
    m.column = c;
    m.distinct = true;
    m.phrase = "number of";
    q.measures = {m};
    EXPECT_TRUE(CountOfAnAmount(q, {}, *db.index)) << column;
  }
  const Translation copies = Engine::Translate("total number of copies", *db.index, dialect);
  EXPECT_FALSE(copies.answered) << copies.sql;
  EXPECT_NE(copies.abstain_reason.find("COPIES"), std::string::npos) << copies.abstain_reason;
  const Translation floors = Engine::Translate("how many floors are there", *db.index, dialect);
  ASSERT_TRUE(floors.answered) << floors.abstain_reason;
  EXPECT_NE(floors.sql.find("COUNT(DISTINCT"), std::string::npos) << floors.sql;
}

// Spider train aircraft: Total_Passengers has few distinct values (a dimension), so "total
// passengers of all airports" listed it for every airport at 1.00; the sum is as likely meant.
// Named rows, the names listed beside, or "each" keep the listing.
TEST(CountWordCheck, ATotalColumnSaidWithItsTotalWordOverManyRowsAbstains) {
  const testing::TestDb db = testing::OpenDb(
      "CREATE TABLE airport(Airport_ID INTEGER PRIMARY KEY, Airport_Name TEXT,"
      " Total_Passengers INTEGER);"
      "INSERT INTO airport VALUES (1,'London Heathrow',391),(2,'London Gatwick',299),"
      "(3,'London Stansted',409);");
  ASSERT_TRUE(db.index);
  const auto& dialect = db.connector->dialect();
  for (const char* q :
       {"total passengers of all airports", "What are the total passengers of the airports?"}) {
    const Translation t = Engine::Translate(q, *db.index, dialect);
    EXPECT_FALSE(t.answered) << q << ": " << t.sql;
    EXPECT_NE(t.abstain_reason.find("Total_Passengers"), std::string::npos) << t.abstain_reason;
  }
  for (const char* q :
       {"names and total passengers of all airports", "total passengers of London Heathrow"}) {
    EXPECT_TRUE(Engine::Translate(q, *db.index, dialect).answered) << q;
  }
}

TEST(CountWordCheck, AParticipleAfterTheCountedRowsSaysWhichToCount) {
  EXPECT_TRUE(IsPastParticiple("sold"));
  EXPECT_TRUE(IsPastParticiple("Shipped"));
  EXPECT_FALSE(IsPastParticiple("red"));
  EXPECT_FALSE(IsPastParticiple("tracks"));
  const testing::TestDb db = testing::OpenDb(
      "CREATE TABLE artist(artist_id INTEGER PRIMARY KEY, name TEXT);"
      "CREATE TABLE track(track_id INTEGER PRIMARY KEY, name TEXT,"
      " artist_id INTEGER REFERENCES artist(artist_id));"
      "INSERT INTO artist VALUES (1,'A'),(2,'B');"
      "INSERT INTO track VALUES (1,'x',1),(2,'y',1),(3,'z',2);");
  ASSERT_TRUE(db.index);
  const auto& dialect = db.connector->dialect();
  TranslateOptions loose;
  loose.confidence_threshold = 0.1;
  const Translation sold =
      Engine::Translate("top 1 artists by number of tracks sold", *db.index, dialect, loose);
  EXPECT_FALSE(sold.answered) << sold.sql;
  EXPECT_NE(sold.abstain_reason.find("'tracks sold'"), std::string::npos) << sold.abstain_reason;
  // Without the participle, or with words after it that state the condition, the reading
  // is left to the rest of the engine.
  EXPECT_TRUE(
      Engine::Translate("top 1 artists by number of tracks", *db.index, dialect, loose).answered);
  Query q = Counting();
  q.measures[0].table = db.index->FindTable("track");
  std::vector<Item> items = Unknowns("tracks", {"released", "after"});
  items[0].terms = *db.index->FindTerms("track");
  EXPECT_FALSE(CountWithAnUnreadParticiple(q, items, *db.index));
  items.pop_back();
  EXPECT_TRUE(CountWithAnUnreadParticiple(q, items, *db.index));
  // "tracks sold per genre": a group word ends the clause, unless it groups by time
  // ("papers published in each year" names the event the date records).
  Item per;
  per.text = "per";
  per.kind = ItemKind::kKeyword;
  per.kw = Bit(Kw::kGroup);
  Item genre;
  genre.text = "genre";
  items.push_back(per);
  items.push_back(genre);
  EXPECT_TRUE(CountWithAnUnreadParticiple(q, items, *db.index));
  items.back().text = "year";
  EXPECT_FALSE(CountWithAnUnreadParticiple(q, items, *db.index));
}

TEST(CountWordCheck, AStaffNumberIsNotCountedEndToEnd) {
  const testing::TestDb db = testing::OpenDb(
      "CREATE TABLE museum(museum_id INTEGER PRIMARY KEY, name TEXT, num_of_staff INTEGER,"
      " open_year TEXT);"
      "INSERT INTO museum VALUES (1,'Plaza Museum',62,'2000'),(2,'Capital',25,'2012');");
  ASSERT_TRUE(db.index);
  const SchemaIndex& index = *db.index;
  const auto& dialect = db.connector->dialect();
  TranslateOptions loose;
  loose.confidence_threshold = 0.1;  // the check, not the threshold, must refuse it
  const Translation t = Engine::Translate("what is the room number of the museum Plaza Museum",
                                          index, dialect, loose);
  EXPECT_FALSE(t.answered) << t.sql;
  EXPECT_NE(t.abstain_reason.find("room number"), std::string::npos) << t.abstain_reason;
  EXPECT_TRUE(Engine::Translate("what is the number of museums", index, dialect).answered);
}

// Spider train apartment_rentals: apt_number is not found by "apartment number", and the
// number word right after the counted table's own word had made a count of the apartments.
TEST(CountWordCheck, ANumberWordAfterTheCountedTablesWordIsNoCount) {
  const testing::TestDb db = testing::OpenDb(
      "CREATE TABLE Apartments(apt_id INTEGER PRIMARY KEY, apt_type_code TEXT, apt_number TEXT);"
      "INSERT INTO Apartments VALUES (1,'Duplex','A1'),(2,'Flat','B2'),(3,'Duplex','C3');");
  ASSERT_TRUE(db.index);
  const auto& dialect = db.connector->dialect();
  const Translation t =
      Engine::Translate("apartment numbers of duplex apartments", *db.index, dialect);
  EXPECT_FALSE(t.answered) << t.sql;
  EXPECT_NE(t.abstain_reason.find("'apartment number'"), std::string::npos) << t.abstain_reason;
  EXPECT_TRUE(Engine::Translate("the number of duplex apartments", *db.index, dialect).answered);
}

// 哪个门店的退货率最高 was answered with the count of returns per store at 0.79: 率 unread.
TEST(CountWordCheck, ARateLeftUnreadIsNotAnsweredWithOneOfItsNumbers) {
  const auto problem = UnreadRateWord(Words({{"退货", false}, {"率", false}, {"最高", false}}));
  ASSERT_TRUE(problem);
  EXPECT_NE(problem->zh.find("“率”"), std::string::npos) << problem->zh;
  EXPECT_TRUE(UnreadRateWord(Words({{"return", false}, {"Rate", false}})));
  EXPECT_TRUE(UnreadRateWord(Words({{"conversion", false}, {"ratio", false}})));
  // A rate the reading used (a column 出勤率, a business term) and other words are no problem.
  std::vector<Item> used = Words({{"出勤率", false}});
  used[0].used = true;
  EXPECT_FALSE(UnreadRateWord(used));
  EXPECT_FALSE(UnreadRateWord(Words({{"rated", false}, {"率先", false}})));
}

// End to end: the stores' return count is not shown as their return rate.
TEST(CountWordCheck, AReturnRateAbstainsEndToEnd) {
  const testing::TestDb db = testing::OpenDb(
      "CREATE TABLE 门店(门店编号 INTEGER PRIMARY KEY, 门店名称 TEXT);"
      "CREATE TABLE 退货(退货编号 INTEGER PRIMARY KEY, 门店编号 INTEGER REFERENCES 门店(门店编号));"
      "INSERT INTO 门店 VALUES (1,'东店'),(2,'西店');"
      "INSERT INTO 退货 VALUES (1,1),(2,1),(3,2);");
  ASSERT_TRUE(db.index);
  const Translation t =
      Engine::Translate("哪个门店的退货率最高", *db.index, db.connector->dialect());
  EXPECT_FALSE(t.answered) << t.sql;
  EXPECT_NE(t.abstain_reason.find("率"), std::string::npos) << t.abstain_reason;
}

TEST(CountWordCheck, MoneyAskedBesideACountOrANameIsNotDropped) {
  const testing::TestDb db = testing::OpenDb(
      "CREATE TABLE invoice(invoice_id INTEGER PRIMARY KEY, customer TEXT, total REAL);"
      "INSERT INTO invoice VALUES (1,'a',1.98),(2,'b',3.96);");
  ASSERT_TRUE(db.index);
  const SchemaIndex& index = *db.index;
  const int total = index.FindColumn(index.FindTable("invoice"), "total");
  const int id = index.FindColumn(index.FindTable("invoice"), "invoice_id");
  std::vector<Item> items =
      Words({{"发票", false}, {"几", true}, {"和", false}, {"多少钱", false}});
  // 几张和多少钱 read as the count alone: the money was dropped.
  const auto problem = MoneyAskedAndNotAnswered(Counting(), items, index);
  ASSERT_TRUE(problem);
  EXPECT_NE(problem->zh.find("“多少钱”"), std::string::npos) << problem->zh;
  // Listing the invoices' keys shows no amount either (订单一共多少钱 listed the ids).
  Query ids;
  ids.projections = {id};
  EXPECT_TRUE(MoneyAskedAndNotAnswered(ids, items, index));
  // A sum beside the count, or the amount column listed, answers it.
  Query both = Counting();
  Measure sum;
  sum.agg = Agg::kSum;
  sum.column = total;
  both.measures.push_back(sum);
  EXPECT_FALSE(MoneyAskedAndNotAnswered(both, items, index));
  Query listed;
  listed.projections = {total};
  EXPECT_FALSE(MoneyAskedAndNotAnswered(listed, items, index));
  // Without the money question, a count is a count.
  EXPECT_FALSE(MoneyAskedAndNotAnswered(Counting(), Words({{"发票", false}, {"几", true}}), index));
}

// Found on Spider develop schemas (session 14, precision-spider): long questions whose one
// unknown word, after a copula, costs too little confidence to abstain by itself.
class UnreadPredicateTest : public testing::DbTest {
 protected:
  void SetUp() override {
    Open(
        "CREATE TABLE singer (singer_id INTEGER PRIMARY KEY, name TEXT, country TEXT, age REAL);"
        "INSERT INTO singer VALUES (1,'Joe Sharp','Netherlands',52),(2,'Timbaland','USA',32),"
        " (3,'Justin Brown','France',29),(4,'Rose White','France',41),(5,'John Nizinik','France',"
        " 43),(6,'Tribal King','France',25);");
  }
};

TEST_F(UnreadPredicateTest, AnUnknownWordAfterACopulaOrAHavingWordIsAConditionLeftOut) {
  for (const char* q :
       {"How many singers from the country of France with an age above 30 are retired?",
        "What is the average age of singers from the country of France who are famous?",
        "How many singers from the country of France with an age above 30 have tattoos?",
        "List the names of singers from the country of France older than 30 with awards."}) {
    const Translation t = Ask(q);
    EXPECT_FALSE(t.answered) << q << " → " << t.sql;
    EXPECT_NE(t.abstain_reason.find("I could not read"), std::string::npos)
        << q << ": " << t.abstain_reason;
  }
  // A word the data reads after the copula, or a passive whose words follow, is no such case.
  EXPECT_EQ(Rows("How many singers from the country of France are older than 30?"),
            std::vector<std::string>{"2"});
  EXPECT_EQ(Rows("Which singers are from the USA?"), std::vector<std::string>{"Timbaland"});
  // "have" before a participle is a verb's tense, not something the rows have.
  std::vector<Item> perfect = {{ItemKind::kTerm, 0, 0, "singers"},
                               {ItemKind::kUnknown, 0, 0, "they"},
                               {ItemKind::kKeyword, 0, 0, "have"},
                               {ItemKind::kUnknown, 0, 0, "conducted"},
                               {ItemKind::kPunct, 0, 0, "?"}};
  perfect[0].used = true;  // the rows' word was read
  EXPECT_FALSE(UnreadPredicateOfTheRows(Query{}, perfect, *index_));
  std::vector<Item> state = perfect;
  state[3].text = "tattoos";
  EXPECT_TRUE(UnreadPredicateOfTheRows(Query{}, state, *index_));
  // Bare words with nothing read say nothing of what the reading left out.
  state[0].used = false;
  EXPECT_FALSE(UnreadPredicateOfTheRows(Query{}, state, *index_));
}

// Session 18 (precision-spider): a relative clause or a place put after the table word of every
// right develop answer ("singers that are retired", "from the south", "with a license") passed
// with the same SQL at 0.73-0.87 in 322 of 3312 cases: the predicate was followed by an ordering
// word or another phrase, not the end of the clause.
TEST_F(UnreadPredicateTest, APredicateReachingNothingPlacedIsAConditionLeftOut) {
  for (const char* q :
       {"Show the name and age of all singers that are retired ordered by age descending.",
        "What is the average age of singers from the south whose country is France?",
        "How many singers with a license from the country of France are older than 30?",
        "How many singers from the south in France are older than 30?"}) {
    const Translation t = Ask(q);
    EXPECT_FALSE(t.answered) << q << " → " << t.sql;
    EXPECT_NE(t.abstain_reason.find("I could not read"), std::string::npos)
        << q << ": " << t.abstain_reason;
  }
  // A word after which the phrase reaches a placed word is a verb linking it; an adverb, or a
  // verb that only says rows were made, narrows nothing.
  for (const char* q : {"Show the names of singers whose age is either 29 or 41.",
                        "How many singers are owned by the country of France?"}) {
    EXPECT_EQ(Ask(q).abstain_reason.find("says which rows are meant"), std::string::npos) << q;
  }
}

TEST_F(UnreadPredicateTest, AParticipleBeforeAPlaceIsAConditionUnlessItSaysWhere) {
  // "Count the number of countries that are retired in Asia" kept the SQL of a right develop
  // answer at 0.73: the place after it was taken to complete a verb ("are spoken in Aruba").
  for (const char* q : {"How many singers that are retired in France are older than 30?",
                        "How many singers that were cancelled in France are older than 30?"}) {
    const Translation t = Ask(q);
    EXPECT_FALSE(t.answered) << q << " → " << t.sql;
    EXPECT_NE(t.abstain_reason.find("says which rows are meant"), std::string::npos)
        << q << ": " << t.abstain_reason;
  }
  // A verb that says where rows are or were made leaves them as they are.
  EXPECT_EQ(Ask("How many singers that were born in France are older than 30?")
                .abstain_reason.find("says which rows are meant"),
            std::string::npos);
}

}  // namespace
}  // namespace askdb::nlq
