#include "askdb/agent/pipeline/partial_period_note.h"

#include <optional>
#include <string_view>

#include "askdb/agent/pipeline/time_column.h"
#include "askdb/nlq/time_expr.h"

namespace askdb::agent::pipeline {
namespace {

struct Grain {
  db::DatePart part;
  int months;  // a period's length in months
  const char* en;
  const char* zh_last;   // 最后一年
  const char* zh_whole;  // 整年
  const char* zh_this;   // 这一年
};

// A quarter's bucket holds the year's (SQLite: strftime('%Y', …) || '-Q' || …), so the
// quarter is looked for first.
constexpr Grain kGrains[] = {
    {db::DatePart::kQuarter, 3, "quarter", "最后一个季度", "整个季度", "这个季度"},
    {db::DatePart::kMonth, 1, "month", "最后一个月", "整月", "这个月"},
    {db::DatePart::kYear, 12, "year", "最后一年", "整年", "这一年"}};

// The series' period: the one whose bucket expression over `column` the SQL groups by (the
// engine writes it with the same dialect call); none for a week, a day (whose buckets may
// hold the year's too) or no bucket.
std::optional<Grain> SeriesGrain(const std::string& sql, const nlq::SchemaIndex& index, int column,
                                 const db::Dialect& dialect) {
  const nlq::IndexedColumn& c = index.columns()[column];
  const std::string ref =
      dialect.QuoteIdentifier(index.tables()[c.table].name) + "." + dialect.QuoteIdentifier(c.name);
  for (db::DatePart finer : {db::DatePart::kWeek, db::DatePart::kDay}) {
    if (sql.find(dialect.DateBucket(finer, ref)) != std::string::npos) return std::nullopt;
  }
  for (const Grain& g : kGrains) {
    if (sql.find(dialect.DateBucket(g.part, ref)) != std::string::npos) return g;
  }
  return std::nullopt;
}

// "2025", "2025-Q4", "2025-12": the label of the period holding `d`.
std::string PeriodLabel(const nlq::CivilDate& d, const Grain& g) {
  const std::string iso = nlq::FormatIsoDate(d);
  if (g.months == 12) return iso.substr(0, 4);
  if (g.months == 3) return iso.substr(0, 4) + "-Q" + std::to_string((d.month + 2) / 3);
  return iso.substr(0, 7);
}

// The period ends on `d` when the next day starts a period of the grain.
bool EndsItsPeriod(const nlq::CivilDate& d, const Grain& g) {
  const nlq::CivilDate next = nlq::AddDays(d, 1);
  return next.day == 1 && (next.month - 1) % g.months == 0;
}

}  // namespace

std::string PartialLastPeriodNote(const nlq::Translation& t, const nlq::SchemaIndex& index,
                                  const db::Dialect& dialect, bool zh) {
  if (!t.periods_read.empty()) return "";
  for (const nlq::Mapping& m : t.explanation) {
    if (m.kind != "column" || !m.target.starts_with(kTimeColumnTarget)) continue;
    const int column =
        FindQualifiedColumn(index, std::string_view(m.target).substr(kTimeColumnTarget.size()));
    if (column < 0) return "";
    const std::optional<Grain> grain = SeriesGrain(t.sql, index, column, dialect);
    const std::optional<nlq::CivilDate>& end = index.columns()[column].stats.max_date;
    if (!grain || !end || EndsItsPeriod(*end, *grain)) return "";
    const std::string last = nlq::FormatIsoDate(*end), period = PeriodLabel(*end, *grain);
    return zh ? "数据中的" + std::string(grain->zh_last) + "（" + period + "）只到 " + last +
                    "；趋势和预测把它当作" + grain->zh_whole + "计算，如果" + grain->zh_this +
                    "的数据不全，结果会偏低。"
              : "the data's last " + std::string(grain->en) + " (" + period + ") runs only to " +
                    last + "; the trend and forecast take it as a whole " + grain->en +
                    ", so if its data is incomplete they read low";
  }
  return "";
}

}  // namespace askdb::agent::pipeline
