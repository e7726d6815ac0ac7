// The engine's reading of business-term phrasings on the demo database with its terms
// (data/demo/terms.json), with no model: the count suffix (大单数), a hyphenated English word
// (high-value customers), the question's period inside a filter over aggregates (近一年的高价值
// 客户), and modifiers the terms do not define (中高端, 超, 非), which abstain. And an agent's
// terms over its datasource's (agent/ask/term_datasource.h): the agent wins a word, and a
// view is rebuilt only when the terms change. Answers are checked against SQLite running the
// gold SQL.
#include <gtest/gtest.h>

#include <algorithm>

#include "askdb/agent/ask/term_datasource.h"
#include "askdb/db/connector_registry.h"
#include "askdb/nlq/engine.h"
#include "askdb/nlq/eval.h"
#include "askdb/nlq/schema_index.h"
#include "dev_sources.h"

namespace askdb::nlq {
namespace {

class BusinessTermsEngineTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    auto opened = devset::OpenDevSource("demo", Work());
    ASSERT_TRUE(opened.ok()) << opened.status().ToString();
    ds_ = new EvalDatasource(std::move(opened).value());
  }
  static void TearDownTestSuite() {
    delete ds_;
    ds_ = nullptr;
  }
  static std::string Work() { return std::string(::testing::TempDir()) + "/nlq_terms_engine"; }

  // Relative periods count from the demo's latest date (2025-12-31), as the golds do.
  static Translation Ask(std::string_view q, const SchemaIndex* index = nullptr) {
    TranslateOptions options;
    options.anchor = TimeAnchor::kData;
    return Engine::Translate(q, index ? *index : *ds_->index, ds_->connector->dialect(), options);
  }
  // The engine's answer equals the gold SQL's rows.
  static void ExpectAnswer(std::string_view q, const std::string& gold) {
    const Translation t = Ask(q);
    ASSERT_TRUE(t.answered) << q << ": " << t.abstain_reason;
    auto got = ds_->connector->Execute(t.sql, {});
    auto want = ds_->connector->Execute(gold, {});
    ASSERT_TRUE(got.ok() && want.ok()) << t.sql;
    EXPECT_TRUE(ResultsMatch(*got, *want, false)) << q << "\n" << t.sql;
  }
  static EvalDatasource* ds_;
};
EvalDatasource* BusinessTermsEngineTest::ds_ = nullptr;

constexpr const char* kHighValue =
    "SELECT customer_id FROM orders WHERE status = 'completed' GROUP BY customer_id HAVING "
    "SUM(total_amount) > 10000";

TEST_F(BusinessTermsEngineTest, CountSuffixAfterAFilterTerm) {
  ExpectAnswer("大单数是多少", "SELECT COUNT(*) FROM orders WHERE total_amount > 5000");
  ExpectAnswer("各渠道的大单数",
               "SELECT channel, COUNT(*) FROM orders WHERE total_amount > 5000 GROUP BY channel");
  // 数 after a measure is not a count of anything: no answer rather than a guess.
  EXPECT_FALSE(Ask("净销售额数是多少").answered);
}

// "客单价最高的门店": a measure term before 最高的 ranks what follows, as 销售额最高的门店 does
// (it abstained: the term's word is no longer a term once read as its measure).
TEST_F(BusinessTermsEngineTest, AMeasureTermRanksTheRowsAfterItsSuperlative) {
  constexpr const char* kPerOrder = "SUM(o.total_amount) * 1.0 / COUNT(o.order_id)";
  ExpectAnswer("客单价最高的门店",
               std::string("SELECT s.name, ") + kPerOrder +
                   " FROM orders o JOIN stores s ON o.store_id = s.store_id GROUP BY s.name "
                   "ORDER BY " +
                   kPerOrder + " DESC LIMIT 1");
  ExpectAnswer("客单价最低的渠道", std::string("SELECT o.channel, ") + kPerOrder +
                                       " FROM orders o GROUP BY o.channel ORDER BY " + kPerOrder +
                                       " ASC LIMIT 1");
}

// "各渠道的订单数和客单价": the key's count synonym beside a measure term is a count, not the key
// shown ungrouped (it abstained: orders.order_id shown without grouping).
TEST_F(BusinessTermsEngineTest, ACountSynonymOfTheKeyCountsBesideAMeasureTerm) {
  ExpectAnswer("各渠道的订单数和客单价",
               "SELECT channel, SUM(total_amount) * 1.0 / COUNT(order_id), COUNT(*) FROM orders "
               "GROUP BY channel");
  // 订单号 names the key's values, not a count: it stays unanswered beside a measure.
  EXPECT_FALSE(Ask("各订单号的客单价").answered);
}

TEST_F(BusinessTermsEngineTest, HyphenatedEnglishTerm) {
  const std::string gold =
      std::string("SELECT COUNT(*) FROM customers WHERE customer_id IN (") + kHighValue + ")";
  ExpectAnswer("how many high-value customers are there", gold);
  ExpectAnswer("how many high value customers are there", gold);
}

TEST_F(BusinessTermsEngineTest, PeriodGoesInsideAFilterOverAggregates) {
  const Translation t = Ask("近一年的高价值客户有多少");
  ASSERT_TRUE(t.answered) << t.abstain_reason;
  EXPECT_EQ(t.sql.find("signup_date"), std::string::npos) << t.sql;
  ExpectAnswer("近一年的高价值客户有多少",
               "SELECT COUNT(*) FROM customers WHERE customer_id IN (SELECT customer_id FROM "
               "orders WHERE status = 'completed' AND order_date >= '2025-01-01' AND "
               "order_date < '2026-01-01' GROUP BY customer_id HAVING SUM(total_amount) > 10000)");
  // Over the fact rows the period still applies to the outer query.
  ExpectAnswer("2025年高价值客户的订单数",
               std::string("SELECT COUNT(*) FROM orders WHERE order_date >= '2025-01-01' AND "
                           "order_date < '2026-01-01' AND customer_id IN (") +
                   kHighValue + ")");
  // Per month the term would change meaning in every month: abstain.
  EXPECT_FALSE(Ask("按月的高价值客户数").answered);
}

// A term's own relative period (data/demo/terms.json: 活跃客户 = a completed order in 近90天,
// 本季度新客 = signed up 本季度), resolved at question time against the data's latest date,
// 2025-12-31: the gold SQL spells the range out.
TEST_F(BusinessTermsEngineTest, ATermsOwnPeriodIsResolvedAtQuestionTime) {
  const std::string active =
      "SELECT COUNT(*) FROM customers WHERE customer_id IN (SELECT customer_id FROM orders "
      "WHERE status = 'completed' AND order_date >= '2025-10-03' AND order_date < '2026-01-01' "
      "GROUP BY customer_id HAVING COUNT(order_id) >= 1)";
  ExpectAnswer("活跃客户有多少", active);
  ExpectAnswer("how many active customers are there", active);
  const Translation t = Ask("活跃客户有多少");
  EXPECT_NE(t.anchor_note.find("近90天 = 2025-10-03 .. 2025-12-31"), std::string::npos)
      << t.anchor_note;
  ExpectAnswer("各会员等级的活跃客户数",
               "SELECT member_level, COUNT(*) FROM customers WHERE customer_id IN (SELECT "
               "customer_id FROM orders WHERE status = 'completed' AND order_date >= "
               "'2025-10-03' AND order_date < '2026-01-01' GROUP BY customer_id HAVING "
               "COUNT(order_id) >= 1) GROUP BY member_level");
  // The question's period, inside the term, replaces the term's own.
  ExpectAnswer("2024年的活跃客户有多少",
               "SELECT COUNT(*) FROM customers WHERE customer_id IN (SELECT customer_id FROM "
               "orders WHERE status = 'completed' AND order_date >= '2024-01-01' AND order_date "
               "< '2025-01-01' GROUP BY customer_id HAVING COUNT(order_id) >= 1)");
  // A period alone: the customers who signed up in the anchor's quarter.
  const std::string fresh =
      "SELECT COUNT(*) FROM customers WHERE signup_date >= '2025-10-01' AND signup_date < "
      "'2026-01-01'";
  ExpectAnswer("本季度新客有多少", fresh);
  ExpectAnswer("how many new customers this quarter", fresh);
  // Its reading names the period and the column it bounds (it has no expression to show).
  const Translation alone = Ask("本季度新客有多少");
  ASSERT_FALSE(alone.understood.empty());
  EXPECT_EQ(alone.understood.front(), "本季度新客 = 本季度 (customers.signup_date)");
}

// The example: 高价值客户 = 近一年消费超过 1 万的客户, defined with its period, answered
// as "高价值客户有多少" with no period in the question.
TEST_F(BusinessTermsEngineTest, HighValueCustomersOfTheLastYear) {
  const std::string url = "sqlite:" + Work() + "/nlq_demo.sqlite";
  auto connector = db::OpenConnector(url);
  ASSERT_TRUE(connector.ok()) << connector.status().ToString();
  auto prepared = agent::PrepareDatasource(std::move(connector).value(), url);
  ASSERT_TRUE(prepared.ok()) << prepared.status().ToString();
  auto base = std::make_shared<agent::PreparedDatasource>(std::move(prepared).value());
  knowledge::BusinessTerm vip;
  vip.term = "高价值客户";
  vip.synonyms = {"high-value customers"};
  vip.meaning = BusinessMeaning::kFilter;
  vip.expression = "SUM(orders.total_amount) > 10000";
  vip.subject = "customers";
  vip.period = "近一年";
  vip.period_column = "orders.order_date";
  auto view = agent::WithTerms(base, {vip});
  ASSERT_TRUE(view.ok()) << view.status().ToString();
  const std::string gold =
      "SELECT COUNT(*) FROM customers WHERE customer_id IN (SELECT customer_id FROM orders "
      "WHERE order_date >= '2025-01-01' AND order_date < '2026-01-01' GROUP BY customer_id "
      "HAVING SUM(total_amount) > 10000)";
  for (const char* q : {"高价值客户有多少", "how many high-value customers are there"}) {
    const Translation t = Ask(q, (*view)->index.get());
    ASSERT_TRUE(t.answered) << q << ": " << t.abstain_reason;
    auto got = (*view)->connector->Execute(t.sql, {});
    auto want = base->connector->Execute(gold, {});
    ASSERT_TRUE(got.ok() && want.ok()) << t.sql;
    EXPECT_TRUE(ResultsMatch(*got, *want, false)) << q << "\n" << t.sql;
    // Not the same as over all the data: the period matters.
    auto all = base->connector->Execute(
        "SELECT COUNT(*) FROM customers WHERE customer_id IN (SELECT customer_id FROM orders "
        "GROUP BY customer_id HAVING SUM(total_amount) > 10000)",
        {});
    ASSERT_TRUE(all.ok());
    EXPECT_FALSE(ResultsMatch(*got, *all, false)) << t.sql;
  }
  // A period column the engine cannot read as dates leaves the term out of the engine.
  vip.period_column = "customers.birth_year";
  auto wrong = agent::WithTerms(base, {vip});
  ASSERT_TRUE(wrong.ok());
  EXPECT_FALSE(Ask("高价值客户有多少", (*wrong)->index.get()).answered);
}

TEST_F(BusinessTermsEngineTest, UndefinedModifiersAbstain) {
  for (const char* q : {"中高端商品有多少", "超大单有多少", "非高端商品有多少"}) {
    const Translation t = Ask(q);
    EXPECT_FALSE(t.answered) << q << "\n" << t.sql;
    EXPECT_NE(t.abstain_reason.find("修饰"), std::string::npos) << q << ": " << t.abstain_reason;
  }
  // 中 after a table word is "among": still answered.
  ExpectAnswer("订单中大单有多少", "SELECT COUNT(*) FROM orders WHERE total_amount > 5000");
}

knowledge::BusinessTerm Term(std::string scope, std::string name, std::string expression) {
  knowledge::BusinessTerm t;
  t.scope = std::move(scope);
  t.term = std::move(name);
  t.meaning = BusinessMeaning::kFilter;
  t.expression = std::move(expression);
  return t;
}

TEST_F(BusinessTermsEngineTest, AgentTermsWinOverTheDatasourcesInTheEngine) {
  const std::string url = "sqlite:" + Work() + "/nlq_demo.sqlite";
  auto connector = db::OpenConnector(url);
  ASSERT_TRUE(connector.ok()) << connector.status().ToString();
  auto prepared = agent::PrepareDatasource(std::move(connector).value(), url);
  ASSERT_TRUE(prepared.ok()) << prepared.status().ToString();
  auto base = std::make_shared<agent::PreparedDatasource>(std::move(prepared).value());

  const std::vector<knowledge::BusinessTerm> stored = {
      Term("datasource:shop", "大单", "orders.total_amount > 5000"),
      Term("agent:vip", "大单", "orders.total_amount > 8000"),
      Term("agent:other", "大单", "orders.total_amount > 1"),
  };
  auto terms = agent::RunTerms(*base, "vip", stored);
  ASSERT_EQ(terms.size(), 1u);  // the other agent's term is not this run's
  EXPECT_EQ(terms[0].expression, "orders.total_amount > 8000");

  agent::TermViews views;
  auto view = views.Get("vip", base, terms);
  ASSERT_TRUE(view.ok()) << view.status().ToString();
  EXPECT_NE((*view)->fingerprint, base->fingerprint);
  const Translation t = Ask("大单有多少", (*view)->index.get());
  ASSERT_TRUE(t.answered) << t.abstain_reason;
  EXPECT_NE(t.sql.find("8000"), std::string::npos) << t.sql;
  auto rows = (*view)->connector->Execute(t.sql, {});
  auto gold = base->connector->Execute("SELECT COUNT(*) FROM orders WHERE total_amount > 8000", {});
  ASSERT_TRUE(rows.ok() && gold.ok());
  EXPECT_TRUE(ResultsMatch(*rows, *gold, false));
  // The base engine does not know the word at all (no terms file beside this copy).
  EXPECT_FALSE(Ask("大单有多少", base->index.get()).answered);

  // Unchanged terms: the same view; changed terms: a new one; the base's own terms: the base.
  auto again = views.Get("vip", base, terms);
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(again->get(), view->get());
  terms[0].expression = "orders.total_amount > 9000";
  auto changed = views.Get("vip", base, terms);
  ASSERT_TRUE(changed.ok());
  EXPECT_NE(changed->get(), view->get());
  EXPECT_NE(Ask("大单有多少", (*changed)->index.get()).sql.find("9000"), std::string::npos);
  auto same = agent::WithTerms(base, base->terms);
  ASSERT_TRUE(same.ok());
  EXPECT_EQ(same->get(), base.get());

  // A term the agent switched off leaves the datasource's meaning of the word.
  std::vector<knowledge::BusinessTerm> off = stored;
  off[1].is_recall = false;
  auto fallback = agent::RunTerms(*base, "vip", off);
  auto fallback_view = agent::WithTerms(base, fallback);
  ASSERT_TRUE(fallback_view.ok());
  EXPECT_NE(Ask("大单有多少", (*fallback_view)->index.get()).sql.find("5000"), std::string::npos);
}

// A measure defined with its own period: the demo's 本季度净销售额, completed orders' sum in the
// anchor's quarter (the data's latest date 2025-12-31), per group too; a question naming
// another period abstains rather than intersect the two.
TEST_F(BusinessTermsEngineTest, AMeasuresOwnPeriodIsResolvedAtQuestionTime) {
  const std::string quarter =
      "status = 'completed' AND order_date >= '2025-10-01' AND order_date < '2026-01-01'";
  ExpectAnswer("本季度净销售额是多少", "SELECT SUM(total_amount) FROM orders WHERE " + quarter);
  ExpectAnswer("what are the net sales this quarter",
               "SELECT SUM(total_amount) FROM orders WHERE " + quarter);
  ExpectAnswer("各渠道的本季净销售额", "SELECT channel, SUM(total_amount) FROM orders WHERE " +
                                           quarter + " GROUP BY channel");
  const Translation t = Ask("本季度净销售额是多少");
  EXPECT_NE(t.anchor_note.find("本季度 = 2025-10-01 .. 2025-12-31"), std::string::npos)
      << t.anchor_note;
  const Translation other = Ask("2024年的本季度净销售额");
  EXPECT_FALSE(other.answered) << other.sql;
  EXPECT_NE(other.abstain_reason.find("本季度"), std::string::npos) << other.abstain_reason;
  // The measure without its period still sums all time.
  ExpectAnswer("净销售额是多少", "SELECT SUM(total_amount) FROM orders WHERE status = 'completed'");
}

// One period per term (docs/knowledge.md, "Why one period per term"): a question that needs
// periods of several kinds of rows composes terms, each bounding its own rows, with the
// question's own period on the measured rows.
TEST_F(BusinessTermsEngineTest, TermsWithTheirOwnPeriodsComposeInOneQuestion) {
  const std::string signed_up = "c.signup_date >= '2025-10-01' AND c.signup_date < '2026-01-01'";
  const std::string joined = " FROM orders o JOIN customers c ON o.customer_id = c.customer_id ";
  const std::string active =
      "SELECT customer_id FROM orders WHERE status = 'completed' AND order_date >= "
      "'2025-10-03' AND order_date < '2026-01-01' GROUP BY customer_id HAVING COUNT(order_id) "
      ">= 1";
  // A filter term's period on customers, the question's on orders.
  ExpectAnswer("本季新客上个月的净销售额",
               "SELECT SUM(o.total_amount)" + joined + "WHERE " + signed_up +
                   " AND o.status = 'completed' AND o.order_date >= '2025-11-01' AND "
                   "o.order_date < '2025-12-01'");
  // Two terms, two periods on two tables: new customers' net sales this quarter.
  ExpectAnswer("本季度新客的本季度净销售额",
               "SELECT SUM(o.total_amount)" + joined + "WHERE " + signed_up +
                   " AND o.status = 'completed' AND o.order_date >= '2025-10-01' AND "
                   "o.order_date < '2026-01-01'");
  ExpectAnswer(
      "net sales of new customers this quarter",
      "SELECT SUM(o.total_amount)" + joined + "WHERE " + signed_up + " AND o.status = 'completed'");
  // Two filter terms: signed up this quarter, and a completed order in the last 90 days.
  ExpectAnswer("how many new customers this quarter are active customers",
               "SELECT COUNT(*) FROM customers c WHERE " + signed_up + " AND c.customer_id IN (" +
                   active + ")");
  // A filter over aggregates keeps its own period inside; the question's bounds the orders
  // counted.
  ExpectAnswer("活跃客户在2025年12月的订单数",
               "SELECT COUNT(*) FROM orders WHERE customer_id IN (" + active +
                   ") AND order_date >= '2025-12-01' AND order_date < '2026-01-01'");
  // The reading names each term's resolved period.
  const Translation t = Ask("本季度新客的本季度净销售额");
  EXPECT_NE(std::find(t.understood.begin(), t.understood.end(),
                      "本季度新客 = 本季度 (customers.signup_date)"),
            t.understood.end());
}

}  // namespace
}  // namespace askdb::nlq
