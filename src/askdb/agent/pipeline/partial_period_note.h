// The caveat for a time series whose last period the data covers only in part (Northwind's
// orders end on 1998-05-06: May has 14 orders, April 74). The trend and forecast templates
// take the last period as complete, so a short one reads as a fall and pulls them down.
#pragma once

#include <string>

#include "askdb/db/dialect.h"
#include "askdb/nlq/engine.h"
#include "askdb/nlq/schema_index.h"

namespace askdb::agent::pipeline {

// The caveat for the series `t` reads — per year, quarter or month over all the data — in
// the run's language, naming its own period ("the data's last year (2025) runs only to
// 2025-12-22"); "" when the reading has a period of its own, is not such a series (a week,
// a day, no time bucket), or its time column ends on its last period's last day.
std::string PartialLastPeriodNote(const nlq::Translation& t, const nlq::SchemaIndex& index,
                                  const db::Dialect& dialect, bool chinese);

}  // namespace askdb::agent::pipeline
