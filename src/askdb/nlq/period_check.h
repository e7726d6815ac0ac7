// Can a period be written on this column? "the number of races in 2009" on a column named
// date whose values are not dates ("Date 5", free text) had been `date = 2009`, and a month or
// a range on such a column was silently dropped: a count of every row at confidence 1. A
// period applies to a column holding dates (a DATE type, or values the statistics read as
// dates); a bare year also to an integer column or one named as a year (year, 年份, 年度).
// A time bucket (by month, 趋势) needs dates. Otherwise another time column of the same table
// that can take it is used, else the engine abstains naming the column.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "askdb/nlq/reading.h"

namespace askdb::nlq {

class SchemaIndex;
struct IndexedColumn;

// Whether the question's period (`time`, may be empty) and bucket can be written on `column`.
bool PeriodFits(const IndexedColumn& column, const std::optional<TimeRange>& time,
                const std::optional<DatePart>& bucket);

// `column` when the period fits it, else the one other time column of its table that it fits;
// -1 when none or several.
int ColumnForPeriod(const SchemaIndex& index, int column, const std::optional<TimeRange>& time,
                    const std::optional<DatePart>& bucket);

// "How many products were sold in December 2025?" with products.launched_on: a date column
// named after an event (launched_on, HireDate, signup_date) holds that event's date, and an
// unplaced verb of the question ("sold") says the period is of another event, so the period
// on `column` would count other rows. Marks used the verbs that name the column's event
// ("launched", "signed" of signup_date) and returns another one, or "" when none, or when the
// column is its table's own date (Orders.OrderDate, Invoice.InvoiceDate, a bare "date": any
// verb of its rows fits; a verb of making a record, "placed", "issued", is then read). English
// only.
std::string PlaceVerbOfTheEvent(std::vector<Item>& items, const SchemaIndex& index, int column);

}  // namespace askdb::nlq
