// A period compared with the one before it: "2025年销售额同比增长多少", "各地区2025年12月的销售额
// 环比", "revenue in 2025 year over year". The engine reads the question without its comparison
// words twice — for the period named, and with TranslateOptions::period_shift_months for the
// same period a year before (同比) or the period just before (环比) — and one read-only statement
// joins the two results on their labels: each measure in both periods, the change and the
// growth in percent. Any doubt abstains: no closed period named, a 环比 of a period that is not
// a year, quarter or month, a series by month (its labels differ between the periods), a top N
// (the earlier period's top N holds other rows), a share or a listed column, or either reading
// unanswered. A schema whose own names hold the comparison word (a column 同比增长) is read as
// it is. Pure functions, thread-safe.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "askdb/nlq/engine.h"

namespace askdb::db {
class Dialect;
}

namespace askdb::nlq {

class SchemaIndex;

struct ComparisonCue {
  bool year_over_year = true;  // 同比; false: 环比, the period just before
  int period_months = 0;       // the period the cue names ("month over month": 1); 0 any
  std::string phrase;    // the words taken, as written ("同比增长多少", "year over year")
  std::string question;  // the question without them
  // Growth said in words (growth_cue.h) rather than 同比/环比: the columns say 增长率 and the
  // explanation says what was compared.
  bool growth_words = false;
  // Two periods named and no growth asked ("sales 2024 vs 2023"): both periods' figures
  // first, never ranked by growth.
  bool side_by_side = false;
  // The earlier period's distance in months when the question names both ("2024 vs 2023");
  // 0: a year for 同比, else the period just before.
  int shift_months = 0;
  // Ranking of the groups: +1 the largest growth first, -1 the largest fall first; 0 by the
  // later period's value (or TranslateOptions::comparison_order_by_change).
  int rank = 0;
  bool rank_by_change = false;  // by the change itself ("by how much", 增加了多少), not the rate
  int top = 0;                  // the groups kept ("which region": 1); 0 all
  // A superlative of growth that names no period reads this year (the data's latest full
  // one) against the year before; 0 none. period_defaulted: it was read so, say it.
  int default_year = 0;
  bool period_defaulted = false;
};

// Whether a table or column name (or its display names) holds `word`, lower case.
bool SchemaNames(const SchemaIndex& index, std::string_view word);

// The abstention of a comparison: the reading's explanation kept, the reason in the question's
// language, saying what to name.
Translation AbstainComparison(const Translation& reading, std::string en, std::string zh);

// A year, a quarter or a month from its first day: its length in months (12, 3, 1); 0 otherwise.
int WholeMonths(const DateRange& r);

// The comparison a question asks for, or nullopt.
std::optional<ComparisonCue> FindComparisonCue(std::string_view question, const SchemaIndex& index);

// Reads one question with one set of options (the engine's parser).
using ReadQuestion = std::function<Translation(std::string_view, const TranslateOptions&)>;

Translation TranslateComparison(const ComparisonCue& cue, const db::Dialect& dialect,
                                const TranslateOptions& options, const ReadQuestion& read);

}  // namespace askdb::nlq
