#include "askdb/agent/ask/column_stats_cache.h"

#include <gtest/gtest.h>

namespace askdb::agent {
namespace {

// A price column's distinct count (distinct_numbers, kept apart from distinct_count) survives
// the cache: without it the tie check on "价格最高的10首歌" would be off after a reload.
TEST(ColumnStatsCacheTest, DistinctNumbersSurviveARoundTrip) {
  MeasuredStats stats;
  MeasuredColumn price;
  price.type = "REAL";
  price.stats.distinct_numbers = 2;
  stats["tracks.price"] = price;
  MeasuredColumn genre;
  genre.type = "TEXT";
  genre.stats.distinct_count = 3;
  genre.stats.values = {"Rock", "Jazz", "Pop"};
  stats["genres.name"] = genre;

  StatusOr<LoadedColumnStats> back = ParseColumnStats(SerializeColumnStats(stats), "test");
  ASSERT_TRUE(back.ok()) << back.status().ToString();
  EXPECT_TRUE(back->corrupt.empty());
  const nlq::ColumnStats& p = back->columns.at("tracks.price").stats;
  EXPECT_EQ(p.distinct_numbers, std::optional<long long>(2));
  EXPECT_FALSE(p.distinct_count.has_value());
  const nlq::ColumnStats& g = back->columns.at("genres.name").stats;
  EXPECT_EQ(g.distinct_count, std::optional<long long>(3));
  EXPECT_FALSE(g.distinct_numbers.has_value());
  EXPECT_EQ(g.values.size(), 3u);
}

}  // namespace
}  // namespace askdb::agent
