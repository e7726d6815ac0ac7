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

TEST(TermPeriod, ReadsRelativePeriodsAndResolvesThemAtTheAnchor) {
  using K = nlq::TermPeriod::Kind;
  const nlq::CivilDate anchor{2025, 12, 31};
  auto range = [&](std::string_view text) {
    auto p = nlq::ParseTermPeriod(text);
    EXPECT_TRUE(p.ok()) << text << ": " << p.status().ToString();
    const nlq::DateRange r = nlq::ResolveTermPeriod(p.ok() ? *p : nlq::TermPeriod{}, anchor);
    return nlq::FormatIsoDate(r.start) + ".." + nlq::FormatIsoDate(r.end);
  };
  // 近N年 as the engine reads it in a question: the N calendar years ending with the anchor's.
  EXPECT_EQ(range("近一年"), "2025-01-01..2026-01-01");
  EXPECT_EQ(range("最近 2 年"), "2024-01-01..2026-01-01");
  EXPECT_EQ(range("past year"), "2025-01-01..2026-01-01");
  EXPECT_EQ(range("近30天"), "2025-12-02..2026-01-01");
  EXPECT_EQ(range("Last 30 Days"), "2025-12-02..2026-01-01");
  EXPECT_EQ(range("近三个月"), "2025-10-01..2026-01-01");
  EXPECT_EQ(range("last 12 months"), "2025-01-01..2026-01-01");
  EXPECT_EQ(range("this year"), "2025-01-01..2026-01-01");
  EXPECT_EQ(range("去年"), "2024-01-01..2025-01-01");
  EXPECT_EQ(range("上季度"), "2025-07-01..2025-10-01");
  EXPECT_EQ(range("last quarter"), "2025-07-01..2025-10-01");
  EXPECT_EQ(range("本月"), "2025-12-01..2026-01-01");
  EXPECT_EQ(nlq::ParseTermPeriod("近90天")->kind, K::kLastDays);
  for (const char* bad : {"", "近", "近0天", "近几天", "recently", "2024年", "last -3 days",
                          "next month", "近30周"}) {
    auto p = nlq::ParseTermPeriod(bad);
    EXPECT_FALSE(p.ok()) << bad;
    if (!p.ok()) {
      EXPECT_NE(p.status().message().find("近30天"), std::string::npos) << bad;
    }
  }
}

TEST(BusinessTerm, APeriodIsCheckedWithItsColumn) {
  db::DatabaseSchema shop = Shop();
  db::ColumnInfo date = Column("order_date");
  date.type = "TEXT";
  shop.tables[0].columns.push_back(date);
  db::ColumnInfo year = Column("birth_year");
  year.type = "INTEGER";
  shop.tables[1].columns.push_back(year);
  db::ColumnInfo signup = Column("signup_date");
  signup.type = "DATE";
  shop.tables[1].columns.push_back(signup);
  using M = nlq::BusinessMeaning;
  BusinessTerm vip = Term("高价值客户", M::kFilter, "SUM(orders.total_amount) > 10000");
  vip.subject = "customers";
  vip.period = "近一年";
  vip.period_column = "orders.order_date";
  EXPECT_TRUE(ValidateTerm(vip, shop).ok()) << ValidateTerm(vip, shop).ToString();
  auto message = [&](const BusinessTerm& t) {
    return std::string(ValidateTerm(t, shop).message());
  };
  BusinessTerm bad = vip;
  bad.period = "lately";
  EXPECT_NE(message(bad).find("'lately' is not a relative period"), std::string::npos)
      << message(bad);
  bad = vip;
  bad.period_column.clear();
  EXPECT_NE(message(bad).find("needs period_column"), std::string::npos) << message(bad);
  bad.period_column = "orders.placed_at";
  EXPECT_NE(message(bad).find("orders.placed_at does not name a column"), std::string::npos)
      << message(bad);
  bad.period_column = "customers.signup_date";  // not the rows the condition reads
  EXPECT_NE(message(bad).find("not on a table the definition reads"), std::string::npos)
      << message(bad);
  BusinessTerm young = Term("年轻客户", M::kFilter, "customers.name <> ''");
  young.period = "今年";
  young.period_column = "customers.birth_year";
  EXPECT_NE(message(young).find("INTEGER, not a date"), std::string::npos) << message(young);
  // A measure with its own period: the rows it aggregates, on a date column of its table.
  BusinessTerm gmv = Term("本月GMV", M::kMeasure, "SUM(orders.total_amount)");
  gmv.period = "本月";
  gmv.period_column = "orders.order_date";
  EXPECT_TRUE(ValidateTerm(gmv, shop).ok()) << message(gmv);
  gmv.period_column = "customers.signup_date";
  EXPECT_NE(message(gmv).find("not on a table the definition reads"), std::string::npos)
      << message(gmv);
  // ... and says what to do instead: a second term with that period, asked with both.
  EXPECT_NE(message(gmv).find("define a second term"), std::string::npos) << message(gmv);
  BusinessTerm alias = Term("大客户城市", M::kValueAlias, "customers.name IN ('a', 'b')");
  alias.period = "本月";
  alias.period_column = "customers.signup_date";
  EXPECT_NE(message(alias).find("a value alias names values, not a time"), std::string::npos)
      << message(alias);
  // A period alone is a filter: the customers who signed up this quarter.
  BusinessTerm fresh = Term("本季度新客", M::kFilter, "");
  fresh.period = "本季度";
  fresh.period_column = "customers.signup_date";
  EXPECT_TRUE(ValidateTerm(fresh, shop).ok()) << message(fresh);
  fresh.subject = "customers";
  EXPECT_FALSE(ValidateTerm(fresh, shop).ok());
  BusinessTerm stray = Term("大单", M::kFilter, "orders.total_amount > 5000");
  stray.period_column = "orders.order_date";
  EXPECT_NE(message(stray).find("period_column without a period"), std::string::npos);
  // Both survive the JSON form.
  auto back = TermFromJson(TermToJson(vip));
  ASSERT_TRUE(back.ok()) << back.status().ToString();
  EXPECT_EQ(back->period, "近一年");
  EXPECT_EQ(back->period_column, "orders.order_date");
  EXPECT_EQ(EngineDefinitions({*back})[0].period, "近一年");
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
