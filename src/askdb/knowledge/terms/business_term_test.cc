#include "askdb/knowledge/terms/business_term.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "askdb/db/schema.h"
#include "askdb/demo/demo_database.h"
#include "askdb/knowledge/terms/term_evidence.h"
#include "askdb/knowledge/terms/term_file.h"
#include "askdb/nlq/term_expression.h"

namespace askdb::knowledge {
namespace {

db::ColumnInfo Column(const char* name) {
  db::ColumnInfo c;
  c.name = name;
  return c;
}

db::DatabaseSchema Shop() {
  db::DatabaseSchema s;
  db::TableInfo orders;
  orders.name = "orders";
  for (const char* c : {"order_id", "customer_id", "total_amount", "status", "channel"}) {
    orders.columns.push_back(Column(c));
  }
  db::TableInfo customers;
  customers.name = "customers";
  for (const char* c : {"customer_id", "name"}) customers.columns.push_back(Column(c));
  s.tables = {orders, customers};
  return s;
}

BusinessTerm Term(std::string name, nlq::BusinessMeaning meaning, std::string expression) {
  BusinessTerm t;
  t.term = std::move(name);
  t.meaning = meaning;
  t.expression = std::move(expression);
  return t;
}

TEST(TermExpression, RefusesWhatIsNotInTheGrammar) {
  for (const char* bad :
       {"SUM(orders.total_amount); DROP TABLE orders", "LOWER(orders.status) = 'x'",
        "total_amount > 5", "orders.status = (SELECT 1)", "orders.total_amount > 5 --",
        "'unterminated", ""}) {
    EXPECT_FALSE(nlq::ParseTermExpression(bad).ok()) << bad;
  }
  auto e = nlq::ParseTermExpression("SUM(orders.a) / COUNT(DISTINCT orders.b) - 1");
  ASSERT_TRUE(e.ok()) << e.status().ToString();
  EXPECT_EQ(nlq::ShapeOf(*e), nlq::ExprShape::kMeasure);
  auto p = nlq::ParseTermExpression("orders.s NOT IN ('a', 'b''c') AND NOT orders.t >= 2.5");
  ASSERT_TRUE(p.ok()) << p.status().ToString();
  EXPECT_EQ(nlq::ShapeOf(*p), nlq::ExprShape::kRowPredicate);
  EXPECT_EQ(nlq::ShapeOf(*nlq::ParseTermExpression("SUM(o.a) > 1 AND o.b = 1")),
            nlq::ExprShape::kInvalid);  // a bare column beside an aggregate
  EXPECT_EQ(nlq::ShapeOf(*nlq::ParseTermExpression("SUM(MAX(o.a))")), nlq::ExprShape::kInvalid);
}

TEST(BusinessTerm, DefinitionsAreCheckedAgainstTheCatalog) {
  const db::DatabaseSchema shop = Shop();
  using M = nlq::BusinessMeaning;
  EXPECT_TRUE(ValidateTerm(Term("GMV", M::kMeasure, "SUM(orders.total_amount)"), shop).ok());
  const Status unbound = ValidateTerm(Term("GMV", M::kMeasure, "SUM(orders.amount)"), shop);
  EXPECT_EQ(unbound.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(unbound.message().find("orders.amount"), std::string::npos) << unbound.message();
  EXPECT_NE(unbound.message().find("askdb schema"), std::string::npos) << unbound.message();
  // The meaning decides the shape.
  EXPECT_FALSE(ValidateTerm(Term("GMV", M::kMeasure, "orders.total_amount > 1"), shop).ok());
  EXPECT_FALSE(ValidateTerm(Term("VIP", M::kFilter, "SUM(orders.total_amount)"), shop).ok());
  EXPECT_FALSE(ValidateTerm(Term("线上", M::kValueAlias, "orders.channel <> 'x'"), shop).ok());
  EXPECT_TRUE(ValidateTerm(Term("线上", M::kValueAlias, "orders.channel IN ('a')"), shop).ok());
  BusinessTerm vip = Term("VIP", M::kFilter, "SUM(orders.total_amount) > 10000");
  EXPECT_FALSE(ValidateTerm(vip, shop).ok());  // over aggregates: needs a subject
  vip.subject = "clients";
  EXPECT_NE(ValidateTerm(vip, shop).message().find("clients"), std::string::npos);
  vip.subject = "customers";
  EXPECT_TRUE(ValidateTerm(vip, shop).ok());
  BusinessTerm empty;
  EXPECT_FALSE(ValidateTerm(empty, shop).ok());
}

TEST(BusinessTerm, WordsMeanOneThing) {
  BusinessTerm a = Term("GMV", nlq::BusinessMeaning::kNone, "");
  BusinessTerm b = Term("成交额", nlq::BusinessMeaning::kNone, "");
  b.synonyms = {"gmv"};
  EXPECT_EQ(CheckNoClash({a, b}).code(), StatusCode::kAlreadyExists);
  b.synonyms = {"交易额"};
  EXPECT_TRUE(CheckNoClash({a, b}).ok());
}

TEST(BusinessTerm, JsonRefusesUnknownFieldsAndRoundTrips) {
  auto bad = TermFromJson(Json{{"term", "GMV"}, {"expresion", "SUM(a.b)"}});
  EXPECT_FALSE(bad.ok());
  EXPECT_NE(bad.status().message().find("expresion"), std::string::npos);
  BusinessTerm t = Term("GMV", nlq::BusinessMeaning::kMeasure, "SUM(orders.total_amount)");
  t.synonyms = {"成交额"};
  t.is_recall = false;
  auto back = TermFromJson(TermToJson(t));
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(back->term, "GMV");
  EXPECT_FALSE(back->is_recall);
  EXPECT_EQ(back->expression, t.expression);
  EXPECT_TRUE(EngineDefinitions({*back}).empty());  // recall off: the engine does not read it
}

TEST(TermFile, TheDemoTermsBindToTheDemoDatabaseAndRoundTrip) {
  auto json = ParseJson(demo::BuiltinDemoTermsJson());
  ASSERT_TRUE(json.ok());
  auto terms = ParseTermsJson(*json);
  ASSERT_TRUE(terms.ok()) << terms.status().ToString();
  EXPECT_GE(terms->size(), 10u);
  const std::filesystem::path dir = std::filesystem::path(::testing::TempDir()) / "terms_file";
  std::filesystem::create_directories(dir);
  const std::filesystem::path path = TermsPathFor(dir / "shop.sqlite");
  EXPECT_EQ(path.filename(), "shop.terms.json");
  ASSERT_TRUE(SaveTermsFile(*terms, path).ok());
  auto loaded = LoadTermsFile(path);
  ASSERT_TRUE(loaded.ok()) << loaded.status().ToString();
  ASSERT_EQ(loaded->size(), terms->size());
  EXPECT_EQ(TermToJson((*loaded)[0]), TermToJson((*terms)[0]));
  EXPECT_EQ(LoadTermsFile(dir / "missing.terms.json").status().code(), StatusCode::kNotFound);
}

TEST(TermEvidence, NamedTermsBecomeHitsAndPullTheirColumns) {
  BusinessTerm vip =
      Term("高价值客户", nlq::BusinessMeaning::kFilter, "SUM(orders.total_amount) > 10000");
  vip.subject = "customers";
  BusinessTerm aov = Term("AOV", nlq::BusinessMeaning::kMeasure,
                          "SUM(orders.total_amount) / COUNT(orders.order_id)");
  BusinessTerm off =
      Term("线上", nlq::BusinessMeaning::kValueAlias, "orders.channel IN ('online')");
  off.is_recall = false;
  const std::vector<BusinessTerm> terms = {vip, aov, off};
  TermEvidenceSource source([&](const EvidenceQuery&) { return terms; });
  Evidence e;
  ASSERT_TRUE(source.Recall({.question = "上个月高价值客户的线上订单数"}, e).ok());
  ASSERT_EQ(e.hits.size(), 1u);  // the switched-off term is not recalled
  EXPECT_EQ(e.hits[0].source, "高价值客户");
  EXPECT_NE(e.hits[0].text.find("SUM(orders.total_amount) > 10000"), std::string::npos);
  bool orders = false, customers = false;
  for (const TermColumn& c : e.term_columns) {
    orders |= c.table == "orders" && c.column == "total_amount";
    customers |= c.table == "customers";
  }
  EXPECT_TRUE(orders && customers);
  // An ASCII term is a whole word.
  EXPECT_TRUE(TermsNamedIn("MAOVS by month", terms).empty());
  EXPECT_EQ(TermsNamedIn("aov by month", terms).size(), 1u);
}

TEST(BusinessTermTest, OverlayTermsLetTheLaterScopeWinAWord) {
  using M = nlq::BusinessMeaning;
  BusinessTerm big = Term("大单", M::kFilter, "orders.total_amount > 5000");
  big.synonyms = {"Big Orders"};
  const BusinessTerm gmv = Term("GMV", M::kMeasure, "SUM(orders.total_amount)");
  BusinessTerm mine = Term("大额订单", M::kFilter, "orders.total_amount > 8000");
  mine.synonyms = {"big orders"};  // shares a word with 大单, case aside
  std::vector<BusinessTerm> out = OverlayTerms({big, gmv}, {mine});
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[0].term, "GMV");
  EXPECT_EQ(out[1].term, "大额订单");
  EXPECT_TRUE(CheckNoClash(out).ok());
  // Switched off, the later term hides nothing (and the engine does not read it).
  mine.is_recall = false;
  out = OverlayTerms({big, gmv}, {mine});
  ASSERT_EQ(out.size(), 3u);
  EXPECT_EQ(EngineDefinitions(out).size(), 2u);
  EXPECT_EQ(EngineDefinitions(out)[0].name, "大单");
}

}  // namespace
}  // namespace askdb::knowledge
