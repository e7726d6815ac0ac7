#include <gtest/gtest.h>

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

}  // namespace
}  // namespace askdb::nlq
