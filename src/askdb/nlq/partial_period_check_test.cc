// nlq/partial_period_check.cc: a lowest-first ranking of time buckets of a total refuses when
// the data's first or last bucket is only partly covered; highest-first rankings and full
// buckets are answered.
#include "askdb/nlq/partial_period_check.h"

#include <gtest/gtest.h>

#include "askdb/nlq/test_fixture.h"

namespace askdb::nlq {
namespace {

class PartialPeriodTest : public testing::DbTest {};

TEST_F(PartialPeriodTest, TheLowestMonthOfDataThatBeginsMidMonthIsRefused) {
  // Sales from 4 March to 6 May: May has six days of data and would rank lowest.
  Open(R"sql(CREATE TABLE orders(order_id INTEGER PRIMARY KEY, order_date TEXT, amount REAL);
             INSERT INTO orders VALUES (1,'2024-03-04',100),(2,'2024-03-20',90),
               (3,'2024-04-02',80),(4,'2024-04-25',70),(5,'2024-05-06',5);)sql");
  const Translation worst = Ask("which month had the lowest total amount");
  EXPECT_FALSE(worst.answered) << worst.sql;
  EXPECT_NE(worst.abstain_reason.find("2024-03-04"), std::string::npos) << worst.abstain_reason;
  // The highest month is not concerned.
  EXPECT_TRUE(Ask("which month had the highest total amount").answered);
}

TEST_F(PartialPeriodTest, FullMonthsAreRanked) {
  Open(R"sql(CREATE TABLE orders(order_id INTEGER PRIMARY KEY, order_date TEXT, amount REAL);
             INSERT INTO orders VALUES (1,'2024-03-01',100),(2,'2024-03-20',90),
               (3,'2024-04-02',80),(4,'2024-04-30',70);)sql");
  const Translation worst = Ask("which month had the lowest total amount");
  ASSERT_TRUE(worst.answered) << worst.abstain_reason;
  EXPECT_EQ(Rows("which month had the lowest total amount"),
            (std::vector<std::string>{"2024-04|150"}));
}

}  // namespace
}  // namespace askdb::nlq
