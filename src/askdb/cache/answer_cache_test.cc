#include "askdb/cache/answer_cache.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <atomic>
#include <string>
#include <thread>
#include <vector>

#include "askdb/cache/cache_test_fixture.h"

namespace askdb::cache {
namespace {

using std::chrono::hours;
using std::chrono::seconds;

// 2026-11-22 12:00:00 UTC.
const Clock::TimePoint kStart = std::chrono::system_clock::from_time_t(1795348800);

db::ResultSet OneRow(long long v) {
  db::ResultSet r;
  r.columns.push_back({"n", "INTEGER"});
  r.rows.push_back({db::Value::Int(v)});
  return r;
}

CacheOptions L1Only() {
  CacheOptions o;
  o.l2_enabled = false;
  return o;
}

TEST(AnswerCacheL1Test, HitReturnsSqlAndResultMissOtherwise) {
  FakeClock clock(kStart);
  AnswerCache cache({}, clock);
  EXPECT_FALSE(cache.Lookup("shop", "sales by region").has_value());
  ASSERT_TRUE(cache.Store("shop", "sales by region", "SELECT 1", OneRow(7)).ok());
  auto hit = cache.Lookup("shop", "sales by region");
  ASSERT_TRUE(hit.has_value());
  EXPECT_EQ(hit->level, CacheLevel::kL1);
  EXPECT_EQ(hit->similarity, 1.0);
  EXPECT_EQ(hit->sql, "SELECT 1");
  ASSERT_NE(hit->result, nullptr);
  EXPECT_EQ(hit->result->rows.size(), 1u);
  EXPECT_EQ(hit->stored_question, "sales by region");
  EXPECT_NE(DescribeHit(*hit, false).find("(L1, similarity 1.000)"), std::string::npos)
      << DescribeHit(*hit, false);
  EXPECT_FALSE(cache.Lookup("shop", "customers by country").has_value());
  const CacheStats s = cache.stats();
  EXPECT_EQ(s.l1_hits, 1u);
  EXPECT_EQ(s.misses, 2u);
}

TEST(AnswerCacheL1Test, NormalisesWidthCaseAndSpaces) {
  FakeClock clock(kStart);
  AnswerCache cache(L1Only(), clock);
  ASSERT_TRUE(cache.Store("shop", "Top 5  Artists", "SELECT 5", OneRow(5)).ok());
  for (const char* q : {"top 5 artists", "ＴＯＰ　５ ＡＲＴＩＳＴＳ", "  TOP 5\tartists  "}) {
    auto hit = cache.Lookup("shop", q);
    ASSERT_TRUE(hit.has_value()) << q;
    EXPECT_EQ(hit->level, CacheLevel::kL1) << q;
  }
  EXPECT_FALSE(cache.Lookup("shop", "top 6 artists").has_value());
}

TEST(AnswerCacheL1Test, EntriesExpireAfterTheTtl) {
  FakeClock clock(kStart);
  AnswerCache cache(L1Only(), clock);
  ASSERT_TRUE(cache.Store("shop", "sales", "SELECT 1", OneRow(1)).ok());
  clock.Advance(seconds(3599));
  EXPECT_TRUE(cache.Lookup("shop", "sales").has_value());
  clock.Advance(seconds(1));
  EXPECT_FALSE(cache.Lookup("shop", "sales").has_value());
  EXPECT_EQ(cache.stats().expired, 1u);
  EXPECT_EQ(cache.stats().l1_entries, 0u);
}

TEST(AnswerCacheL1Test, AnExpiredL1EntryFallsBackToL2ReExecution) {
  FakeClock clock(kStart);
  AnswerCache cache({}, clock);
  ASSERT_TRUE(cache.Store("shop", "sales by region", "SELECT 1", OneRow(1)).ok());
  clock.Advance(hours(2));
  auto hit = cache.Lookup("shop", "sales by region");
  ASSERT_TRUE(hit.has_value());
  EXPECT_EQ(hit->level, CacheLevel::kL2);
  EXPECT_EQ(hit->result, nullptr);
  EXPECT_EQ(hit->sql, "SELECT 1");
}

TEST(AnswerCacheL1Test, EvictsTheLeastRecentlyUsed) {
  FakeClock clock(kStart);
  CacheOptions o = L1Only();
  o.l1_capacity = 2;
  AnswerCache cache(o, clock);
  ASSERT_TRUE(cache.Store("shop", "a", "SELECT 'a'", OneRow(1)).ok());
  ASSERT_TRUE(cache.Store("shop", "b", "SELECT 'b'", OneRow(2)).ok());
  ASSERT_TRUE(cache.Lookup("shop", "a").has_value());  // a is now the most recent
  ASSERT_TRUE(cache.Store("shop", "c", "SELECT 'c'", OneRow(3)).ok());
  EXPECT_TRUE(cache.Lookup("shop", "a").has_value());
  EXPECT_FALSE(cache.Lookup("shop", "b").has_value());
  EXPECT_TRUE(cache.Lookup("shop", "c").has_value());
  EXPECT_EQ(cache.stats().l1_evictions, 1u);
  EXPECT_EQ(cache.stats().l1_entries, 2u);
}

TEST(AnswerCacheL1Test, DefaultsFollowTheSeed) {
  const CacheOptions o;
  EXPECT_EQ(o.l1_capacity, 1000u);
  EXPECT_EQ(o.l1_ttl, seconds(3600));
  EXPECT_EQ(o.l2_capacity, 1000u);
  EXPECT_EQ(o.l2_threshold, 0.95);
}

TEST(AnswerCacheTest, DatasourcesAreSeparate) {
  FakeClock clock(kStart);
  AnswerCache cache({}, clock);
  ASSERT_TRUE(cache.Store("shop", "sales by region", "SELECT 1", OneRow(1)).ok());
  EXPECT_FALSE(cache.Lookup("crm", "sales by region").has_value());
  EXPECT_FALSE(cache.Lookup("crm", "sales per region").has_value());
  ASSERT_TRUE(cache.Lookup("shop", "sales by region").has_value());
  cache.Invalidate("shop");
  EXPECT_FALSE(cache.Lookup("shop", "sales by region").has_value());
}

TEST(AnswerCacheTest, StoreRejectsMissingParts) {
  AnswerCache cache;
  EXPECT_EQ(cache.Store("", "q", "SELECT 1", {}).code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(cache.Store("shop", "", "SELECT 1", {}).code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(cache.Store("shop", "q", "", {}).code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(cache.Store("shop", " \t ", "SELECT 1", {}).code(), StatusCode::kInvalidArgument);
}

// Measured with the built-in LexicalEmbedder (embedder_test.cc checks the scores): both
// pairs score >= 0.95 because 各/各个, by/per and average/avg fold to the same keyword
// feature and 的, 是多少, what, is, the are stop words.
TEST(AnswerCacheL2Test, ParaphraseHitReturnsTheSqlForReExecution) {
  FakeClock clock(kStart);
  AnswerCache cache({}, clock);
  ASSERT_TRUE(
      cache.Store("shop", "2024年各地区的销售额", "SELECT region, SUM(amount) ...", OneRow(1))
          .ok());
  auto hit = cache.Lookup("shop", "2024年各个地区的销售额是多少");
  ASSERT_TRUE(hit.has_value());
  EXPECT_EQ(hit->level, CacheLevel::kL2);
  EXPECT_GE(hit->similarity, 0.95);
  EXPECT_EQ(hit->result, nullptr);
  EXPECT_EQ(hit->sql, "SELECT region, SUM(amount) ...");
  EXPECT_EQ(hit->stored_question, "2024年各地区的销售额");
  EXPECT_NE(hit->why_matched.find("year 2024"), std::string::npos) << hit->why_matched;
  EXPECT_NE(hit->l2_id, 0u);
  EXPECT_EQ(hit->ToJson()["level"], "L2");
  EXPECT_EQ(hit->ToJson()["has_result"], false);
  EXPECT_NE(DescribeHit(*hit, true).find("重新执行"), std::string::npos) << DescribeHit(*hit, true);
  EXPECT_NE(DescribeHit(*hit, false).find("re-running"), std::string::npos);

  ASSERT_TRUE(
      cache.Store("shop", "What is the average order total by region?", "SELECT avg", OneRow(1))
          .ok());
  hit = cache.Lookup("shop", "avg order total per region");
  ASSERT_TRUE(hit.has_value());
  EXPECT_EQ(hit->sql, "SELECT avg");
  EXPECT_EQ(cache.stats().l2_hits, 2u);
}

void ExpectNearMiss(std::string_view stored, std::string_view asked,
                    const nlq::SchemaIndex* index = nullptr) {
  FakeClock clock(kStart);
  AnswerCache cache({}, clock);
  ASSERT_TRUE(cache.Store("shop", stored, "SELECT stored", OneRow(1), index).ok());
  EXPECT_FALSE(cache.Lookup("shop", asked, index).has_value())
      << "'" << stored << "' must not answer '" << asked << "'";
}

TEST(AnswerCacheL2Test, NearMissesAreMisses) {
  ExpectNearMiss("2012年各地区的销售额", "2013年各地区的销售额");
  ExpectNearMiss("total sales by region in 2012", "total sales by region in 2013");
  ExpectNearMiss("top 5 artists by number of tracks", "top 10 artists by number of tracks");
  ExpectNearMiss("销售额前5名的门店", "销售额前10名的门店");
  ExpectNearMiss("average order total by region", "total order total by region");
  ExpectNearMiss("各地区平均销售额", "各地区总销售额");
  ExpectNearMiss("销售额最高的地区", "销售额最低的地区");
  ExpectNearMiss("上个月的销售额", "本月的销售额");
  const auto index = testing::SalesIndex();
  ASSERT_NE(index, nullptr);
  ExpectNearMiss("北京的销售额", "上海的销售额", index.get());
  ExpectNearMiss("2024年北京的平均销售额", "2024年上海的平均销售额", index.get());
}

// The slots veto a hit however low the threshold: with 0.5, "2013" (similarity 0.88 to the
// stored "2012" question) is still a miss, while a paraphrase with the same year hits.
TEST(AnswerCacheL2Test, SlotsVetoEvenUnderAGenerousThreshold) {
  FakeClock clock(kStart);
  CacheOptions o;
  o.l2_threshold = 0.5;
  AnswerCache cache(o, clock);
  ASSERT_TRUE(cache.Store("shop", "2012年各地区的销售额", "SELECT y2012", OneRow(1)).ok());
  ASSERT_TRUE(
      cache.Store("shop", "top 5 artists by number of tracks", "SELECT top5", OneRow(1)).ok());
  EXPECT_FALSE(cache.Lookup("shop", "2013年各地区的销售额").has_value());
  EXPECT_FALSE(cache.Lookup("shop", "top 10 artists by number of tracks").has_value());
  EXPECT_FALSE(cache.Lookup("shop", "bottom 5 artists by number of tracks").has_value());
  auto hit = cache.Lookup("shop", "2012年每个地区的销售额");
  ASSERT_TRUE(hit.has_value());
  EXPECT_EQ(hit->sql, "SELECT y2012");
  hit = cache.Lookup("shop", "top 5 artists by track count");
  ASSERT_TRUE(hit.has_value());
  EXPECT_EQ(hit->sql, "SELECT top5");
}

TEST(AnswerCacheL2Test, TheSameValueWithAnIndexHits) {
  const auto index = testing::SalesIndex();
  ASSERT_NE(index, nullptr);
  FakeClock clock(kStart);
  AnswerCache cache({}, clock);
  ASSERT_TRUE(cache.Store("shop", "北京的销售额", "SELECT bj", OneRow(1), index.get()).ok());
  auto hit = cache.Lookup("shop", "北京的销售额是多少", index.get());
  ASSERT_TRUE(hit.has_value());
  EXPECT_EQ(hit->level, CacheLevel::kL2);
  EXPECT_NE(hit->why_matched.find("regions.name=北京"), std::string::npos) << hit->why_matched;
}

TEST(AnswerCacheL2Test, RelativePeriodsStopMatchingWhenTheMonthTurns) {
  FakeClock clock(kStart);
  CacheOptions o;
  o.l1_ttl = hours(24 * 30);
  AnswerCache cache(o, clock);
  ASSERT_TRUE(cache.Store("shop", "上个月的销售额", "SELECT oct", OneRow(1)).ok());
  ASSERT_TRUE(cache.Lookup("shop", "上个月的销售额是多少").has_value());
  clock.Advance(hours(24 * 10));  // December: 上个月 is November now
  EXPECT_FALSE(cache.Lookup("shop", "上个月的销售额是多少").has_value());
}

TEST(AnswerCacheL2Test, DropRemovesBothLevels) {
  FakeClock clock(kStart);
  AnswerCache cache({}, clock);
  ASSERT_TRUE(cache.Store("shop", "2024年各地区的销售额", "SELECT broken", OneRow(1)).ok());
  auto hit = cache.Lookup("shop", "2024年各个地区的销售额是多少");
  ASSERT_TRUE(hit.has_value());
  ASSERT_EQ(hit->level, CacheLevel::kL2);
  cache.Drop(*hit);  // re-execution failed
  EXPECT_FALSE(cache.Lookup("shop", "2024年各个地区的销售额是多少").has_value());
  EXPECT_FALSE(cache.Lookup("shop", "2024年各地区的销售额").has_value());
  EXPECT_EQ(cache.stats().dropped, 2u);
  cache.Drop(*hit);  // twice is harmless
  EXPECT_EQ(cache.stats().dropped, 2u);
}

TEST(AnswerCacheL2Test, CapacityEvictsTheLeastRecentlyUsed) {
  FakeClock clock(kStart);
  CacheOptions o;
  o.l1_capacity = 0;  // L2 alone
  o.l2_capacity = 2;
  AnswerCache cache(o, clock);
  ASSERT_TRUE(cache.Store("shop", "sales by region", "SELECT 1", {}).ok());
  clock.Advance(seconds(1));
  ASSERT_TRUE(cache.Store("shop", "customers by country", "SELECT 2", {}).ok());
  clock.Advance(seconds(1));
  ASSERT_TRUE(cache.Lookup("shop", "sales per region").has_value());
  clock.Advance(seconds(1));
  ASSERT_TRUE(cache.Store("shop", "tracks by genre", "SELECT 3", {}).ok());
  EXPECT_TRUE(cache.Lookup("shop", "sales by region").has_value());
  EXPECT_FALSE(cache.Lookup("shop", "customers by country").has_value());
  EXPECT_EQ(cache.stats().l2_evictions, 1u);
}

TEST(AnswerCacheL2Test, ThresholdIsAnOption) {
  FakeClock clock(kStart);
  CacheOptions o = {};
  o.l1_capacity = 0;
  o.l2_threshold = 1.01;  // nothing is that similar
  AnswerCache cache(o, clock);
  ASSERT_TRUE(cache.Store("shop", "sales by region", "SELECT 1", {}).ok());
  EXPECT_FALSE(cache.Lookup("shop", "sales by region").has_value());
}

TEST(AnswerCacheTest, ConcurrentStoresAndLookupsStayConsistent) {
  FakeClock clock(kStart);
  CacheOptions o;
  o.l1_capacity = 50;  // force evictions while other threads read
  o.l2_capacity = 50;
  AnswerCache cache(o, clock);
  constexpr int kThreads = 4;
  constexpr int kOps = 150;
  std::atomic<int> wrong{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < kOps; ++i) {
        const int n = (i * 7 + t) % 80;
        const std::string q = "orders of store " + std::to_string(n);
        const std::string sql = "SELECT " + std::to_string(n);
        if (i % 3 == 0) {
          if (!cache.Store("shop", q, sql, OneRow(n)).ok()) ++wrong;
        } else if (auto hit = cache.Lookup("shop", q); hit && hit->sql != sql) {
          ++wrong;  // a hit must be the question's own answer
        }
      }
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(wrong.load(), 0);
  const CacheStats s = cache.stats();
  EXPECT_LE(s.l1_entries, 50u);
  EXPECT_LE(s.l2_entries, 50u);
  EXPECT_EQ(s.l1_hits + s.l2_hits + s.misses,
            static_cast<uint64_t>(kThreads * kOps) - static_cast<uint64_t>(kThreads * 50));
}

// Seed property: a question with number n never answers the same question with m != n.
RC_GTEST_PROP(AnswerCacheProperty, DifferentNumbersNeverHit,
              (const std::string& prefix, unsigned int n, unsigned int m)) {
  RC_PRE(n != m);
  const std::string suffix = *rc::gen::element<std::string>(
      "", "年各地区的销售额", "个客户的订单", "top artists", "名", "天内的订单", "orders");
  static FakeClock clock(kStart);
  AnswerCache cache({}, clock);
  const std::string qn = prefix + " " + std::to_string(n) + " " + suffix;
  const std::string qm = prefix + " " + std::to_string(m) + " " + suffix;
  RC_ASSERT(cache.Store("shop", qn, "SELECT n", {}).ok());
  RC_ASSERT(!cache.Lookup("shop", qm).has_value());
  RC_ASSERT(cache.Lookup("shop", qn).has_value());  // and the question itself always hits
}

}  // namespace
}  // namespace askdb::cache
