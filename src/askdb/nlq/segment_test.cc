#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "askdb/nlq/engine.h"
#include "askdb/nlq/parser.h"
#include "askdb/nlq/test_fixture.h"

namespace askdb::nlq {
namespace {

class SegmentTest : public ::testing::Test {
 protected:
  void SetUp() override { shop_ = testing::OpenShop(); }
  // The items of a question after segmentation alone.
  std::vector<Item> Items(std::string_view question) {
    Parser parser(question, *shop_.index, shop_.connector->dialect(), options_);
    parser.Begin();
    parser.Segment();
    return parser.items();
  }
  const Term& TermOf(int id) const { return shop_.index->terms()[id]; }
  TranslateOptions options_;
  testing::Shop shop_;
};

TEST_F(SegmentTest, WordsBecomeSchemaTermsAndKeywords) {
  const std::vector<Item> items = Items("total amount by region");
  ASSERT_EQ(items.size(), 4u);
  EXPECT_EQ(items[0].kind, ItemKind::kKeyword);
  EXPECT_TRUE(items[0].Has(Kw::kSum));
  EXPECT_EQ(items[1].kind, ItemKind::kTerm);
  EXPECT_EQ(items[1].text, "amount");
  const int amount = shop_.index->FindColumn(shop_.index->FindTable("orders"), "amount");
  bool names_amount = false;
  for (int id : items[1].terms) names_amount |= TermOf(id).column == amount;
  EXPECT_TRUE(names_amount);
  EXPECT_TRUE(items[2].Has(Kw::kGroup));
  EXPECT_EQ(items[3].kind, ItemKind::kTerm);
  EXPECT_FALSE(items[0].used);  // segmentation reads nothing yet
}

TEST_F(SegmentTest, NumbersAndStoredValuesAreTheirOwnItems) {
  const std::vector<Item> items = Items("top 3 stores in 华东");
  bool three = false, value = false;
  for (const Item& it : items) {
    if (it.kind == ItemKind::kNumber && it.number == 3) three = true;
    if (it.text == "华东") {
      ASSERT_EQ(it.kind, ItemKind::kTerm);
      for (int id : it.terms) value |= TermOf(id).kind == TermKind::kValue;
    }
  }
  EXPECT_TRUE(three);
  EXPECT_TRUE(value);
}

TEST_F(SegmentTest, TheLongestMatchWinsAndUnknownWordsStayUnknown) {
  // "store type" is one column name, not the stores table and "type".
  const std::vector<Item> items = Items("orders by store type xyzzy");
  bool store_type = false, unknown = false;
  for (const Item& it : items) {
    store_type |= it.text == "store type" && it.kind == ItemKind::kTerm;
    unknown |= it.text == "xyzzy" && it.kind == ItemKind::kUnknown;
  }
  EXPECT_TRUE(store_type);
  EXPECT_TRUE(unknown);
}

TEST(SegmentFunctionWordTest, ALowerCasePronounIsNotACapitalisedValue) {
  auto conn = db::SqliteConnector::OpenInMemory(
      "CREATE TABLE invoices(invoice_id INTEGER PRIMARY KEY, country TEXT, total REAL);"
      "INSERT INTO invoices VALUES (1,'USA',10),(2,'France',5),(3,'USA',2);");
  ASSERT_TRUE(conn.ok()) << conn.status().ToString();
  auto index = BuildSchemaIndex(**conn, nullptr);
  ASSERT_TRUE(index.ok()) << index.status().ToString();
  auto ask = [&](const char* q) { return Engine::Translate(q, *index, (*conn)->dialect()); };
  // "us" the pronoun (a stop word) is not the country US = 'USA'.
  const Translation pronoun = ask("total sales for us");
  EXPECT_EQ(pronoun.sql.find("USA"), std::string::npos) << pronoun.sql;
  // Written as the data writes it, it is the value.
  const Translation country = ask("total of invoices from the US");
  ASSERT_TRUE(country.answered) << country.abstain_reason;
  EXPECT_NE(country.sql.find("'USA'"), std::string::npos) << country.sql;
}

TEST(SegmentFunctionWordTest, HowMuchBesideMoneyAsksForTheAmountNotACount) {
  auto conn = db::SqliteConnector::OpenInMemory(
      "CREATE TABLE customers(customer_id INTEGER PRIMARY KEY, name TEXT, country TEXT);"
      "CREATE TABLE invoices(invoice_id INTEGER PRIMARY KEY, invoice_date DATE,"
      " customer_id INTEGER REFERENCES customers(customer_id), total REAL);"
      "INSERT INTO customers VALUES (1,'Ann','Germany'),(2,'Bo','France');"
      "INSERT INTO invoices VALUES (1,'2024-01-02',1,10),(2,'2024-02-03',1,5),"
      "(3,'2024-03-04',2,2);");
  ASSERT_TRUE(conn.ok()) << conn.status().ToString();
  auto index = BuildSchemaIndex(**conn, nullptr);
  ASSERT_TRUE(index.ok()) << index.status().ToString();
  auto ask = [&](const char* q) { return Engine::Translate(q, *index, (*conn)->dialect()); };
  // "spent" is the money a customer paid: the one money column, summed; no COUNT beside it.
  const Translation spent = ask("how much has Ann spent");
  ASSERT_TRUE(spent.answered) << spent.abstain_reason;
  EXPECT_NE(spent.sql.find("SUM(\"invoices\".\"total\")"), std::string::npos) << spent.sql;
  EXPECT_EQ(spent.sql.find("COUNT"), std::string::npos) << spent.sql;
  EXPECT_NE(spent.sql.find("'Ann'"), std::string::npos) << spent.sql;
  // With no measure, "how much" is still read as before (here: nothing to count, no answer
  // that sums anything).
  const Translation none = ask("how much customers");
  EXPECT_EQ(none.sql.find("SUM("), std::string::npos) << none.sql;
}

// Stored values with punctuation inside them ("AC/DC", "R&B") are one item when the question
// writes them as stored; other punctuation still separates words.
class PunctuatedValueTest : public testing::DbTest {
 protected:
  void SetUp() override {
    Open(
        "CREATE TABLE artists(artist_id INTEGER PRIMARY KEY, name TEXT);"
        "CREATE TABLE albums(album_id INTEGER PRIMARY KEY, title TEXT,"
        " genre TEXT, artist_id INTEGER REFERENCES artists(artist_id));"
        "INSERT INTO artists VALUES (1,'AC/DC'),(2,'Aerosmith');"
        "INSERT INTO albums VALUES (1,'Back in Black','Rock',1),(2,'Highway','Rock',1),"
        "(3,'Pump','R&B',2),(4,'Toys','Pop',2);");
  }
  // The item whose text is `text` after segmentation alone; nullopt when there is none.
  std::optional<Item> ItemOf(std::string_view question, std::string_view text) const {
    Parser parser(question, *index_, conn_->dialect(), options_);
    parser.Begin();
    parser.Segment();
    for (const Item& it : parser.items())
      if (it.text == text) return it;
    return std::nullopt;
  }
  bool NamesValue(const std::optional<Item>& it, std::string_view value) const {
    return it && it->kind == ItemKind::kTerm &&
           std::any_of(it->terms.begin(), it->terms.end(), [&](int id) {
             const Term& t = index_->terms()[id];
             return t.kind == TermKind::kValue && t.value == value;
           });
  }
};

TEST_F(PunctuatedValueTest, AValueWithASlashIsOneItemInEnglishAndChinese) {
  EXPECT_TRUE(NamesValue(ItemOf("how many albums does AC/DC have", "AC/DC"), "AC/DC"));
  EXPECT_TRUE(NamesValue(ItemOf("how many albums does ac/dc have", "ac/dc"), "AC/DC"));
  EXPECT_TRUE(NamesValue(ItemOf("AC/DC有几张albums", "AC/DC"), "AC/DC"));
  EXPECT_EQ(Rows("how many albums does AC/DC have"), std::vector<std::string>{"2"});
  // Not written as stored: the words stay apart, nothing is read as the value.
  EXPECT_FALSE(ItemOf("how many albums does AC / DC have", "AC / DC"));
  EXPECT_FALSE(Ask("how many albums does AC / DC have").answered);
}

TEST_F(PunctuatedValueTest, AValueWithAnAmpersandIsOneItemAndOtherPunctuationStillSplits) {
  EXPECT_TRUE(NamesValue(ItemOf("albums in R&B", "R&B"), "R&B"));
  EXPECT_EQ(Rows("how many albums are R&B"), std::vector<std::string>{"1"});
  // "Rock/Pop" is no stored value: the slash separates two values as before.
  EXPECT_FALSE(ItemOf("albums of Rock/Pop", "Rock/Pop"));
  EXPECT_TRUE(NamesValue(ItemOf("albums of Rock/Pop", "Rock"), "Rock"));
  EXPECT_TRUE(NamesValue(ItemOf("albums of Rock/Pop", "Pop"), "Pop"));
}

}  // namespace
}  // namespace askdb::nlq
