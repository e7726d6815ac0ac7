#include "askdb/nlq/time_expr.h"

#include <gtest/gtest.h>

namespace askdb::nlq {
namespace {

TEST(TimeExpr, ParsesDatesAndTimestamps) {
  EXPECT_EQ(ParseIsoDate("2024-03-01"), (CivilDate{2024, 3, 1}));
  EXPECT_EQ(ParseIsoDate("2025-12-22 00:00:00"), (CivilDate{2025, 12, 22}));
  EXPECT_FALSE(ParseIsoDate("2024-13-01"));
  EXPECT_FALSE(ParseIsoDate("北京"));
  EXPECT_FALSE(ParseIsoDate("2019"));
}

TEST(TimeExpr, PeriodsAreHalfOpen) {
  EXPECT_EQ(YearRange(2024), (DateRange{{2024, 1, 1}, {2025, 1, 1}}));
  EXPECT_EQ(QuarterRange(2023, 1), (DateRange{{2023, 1, 1}, {2023, 4, 1}}));
  EXPECT_EQ(QuarterRange(2023, 4), (DateRange{{2023, 10, 1}, {2024, 1, 1}}));
  EXPECT_EQ(MonthRange(2024, 2), (DateRange{{2024, 2, 1}, {2024, 3, 1}}));
}

TEST(TimeExpr, RelativePeriodsFollowTheAnchor) {
  const CivilDate anchor{2025, 12, 31};
  EXPECT_EQ(ResolveRelative(RelativePeriod::kLastYear, anchor), YearRange(2024));
  EXPECT_EQ(ResolveRelative(RelativePeriod::kThisYear, anchor), YearRange(2025));
  EXPECT_EQ(ResolveRelative(RelativePeriod::kLastMonth, anchor), MonthRange(2025, 11));
  EXPECT_EQ(ResolveRelative(RelativePeriod::kLastMonth, {2025, 1, 15}), MonthRange(2024, 12));
  EXPECT_EQ(ResolveRelative(RelativePeriod::kLastQuarter, {2025, 2, 1}), QuarterRange(2024, 4));
  EXPECT_EQ(LastNDays(30, anchor), (DateRange{{2025, 12, 2}, {2026, 1, 1}}));
  EXPECT_EQ(LastNMonths(3, anchor), (DateRange{{2025, 10, 1}, {2026, 1, 1}}));
}

TEST(TimeExpr, MonthArithmeticClampsTheDay) {
  EXPECT_EQ(AddMonths({2024, 1, 31}, 1), (CivilDate{2024, 2, 29}));
  EXPECT_EQ(AddDays({2024, 2, 28}, 2), (CivilDate{2024, 3, 1}));
  EXPECT_EQ(FormatIsoDate({2024, 3, 1}), "2024-03-01");
}

}  // namespace
}  // namespace askdb::nlq
