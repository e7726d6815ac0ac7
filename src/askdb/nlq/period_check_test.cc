#include "askdb/nlq/period_check.h"

#include <gtest/gtest.h>

#include <memory>

#include "askdb/db/sqlite/sqlite_connector.h"
#include "askdb/nlq/engine.h"
#include "askdb/nlq/schema_index.h"
#include "askdb/nlq/test_fixture.h"

namespace askdb::nlq {
namespace {

// races.date holds labels, not dates; races.year the year; laps.date real dates.
constexpr const char* kSql = R"sql(
CREATE TABLE races(race_id INTEGER PRIMARY KEY, name TEXT, year TEXT, date TEXT);
CREATE TABLE notes(note_id INTEGER PRIMARY KEY, date TEXT, body TEXT);
CREATE TABLE laps(lap_id INTEGER PRIMARY KEY, date TEXT, ms INTEGER);
INSERT INTO races VALUES (1,'A','2009','Date 1'),(2,'B','2009','Date 2'),(3,'C','2010','Date 3');
INSERT INTO notes VALUES (1,'Date 1','x'),(2,'Date 2','y');
INSERT INTO laps VALUES (1,'2009-03-01',90),(2,'2010-05-02',95);
)sql";

class PeriodCheckTest : public testing::DbTest {
 protected:
  void SetUp() override { Open(kSql); }
  int Column(const char* table, const char* column) const {
    return index_->FindColumn(index_->FindTable(table), column);
  }
};

TEST_F(PeriodCheckTest, APeriodFitsDatesAndABareYearFitsAYearColumn) {
  TimeRange year;
  year.year_only = 2009;
  TimeRange month;  // a month: a range, no bare year
  const IndexedColumn& labels = index_->columns()[Column("races", "date")];
  const IndexedColumn& years = index_->columns()[Column("races", "year")];
  const IndexedColumn& dates = index_->columns()[Column("laps", "date")];
  EXPECT_FALSE(PeriodFits(labels, year, std::nullopt));
  EXPECT_TRUE(PeriodFits(years, year, std::nullopt));
  EXPECT_FALSE(PeriodFits(years, month, std::nullopt));
  EXPECT_FALSE(PeriodFits(years, std::nullopt, DatePart::kMonth));
  EXPECT_TRUE(PeriodFits(dates, month, DatePart::kMonth));
  // The labels give way to the table's year column; nothing else fits the notes' labels.
  EXPECT_EQ(ColumnForPeriod(*index_, Column("races", "date"), year, std::nullopt),
            Column("races", "year"));
  EXPECT_EQ(ColumnForPeriod(*index_, Column("notes", "date"), year, std::nullopt), -1);
}

TEST_F(PeriodCheckTest, AYearIsNeverComparedWithAColumnOfLabelsEndToEnd) {
  const Translation races = Ask("what is the number of races in 2009?");
  ASSERT_TRUE(races.answered) << races.abstain_reason;
  EXPECT_EQ(races.sql.find("\"date\" = 2009"), std::string::npos) << races.sql;
  EXPECT_NE(races.sql.find("\"year\""), std::string::npos) << races.sql;
  const Translation notes = Ask("how many notes in March 2009?");
  EXPECT_FALSE(notes.answered) << notes.sql;
  EXPECT_TRUE(Ask("how many laps in 2009?").answered);
}

}  // namespace
}  // namespace askdb::nlq
