// Growth asked in words rather than 同比/环比: "which region had the biggest sales growth in
// 2024", "哪个品类2024年销售额增长最快", "各地区2024年比2023年增加了多少"; and two periods
// named side by side with no growth asked ("sales by category 2024 vs 2023", "2024年与2023年
// 各品类销售额对比"). The cue found here is a period comparison (period_comparison.h): the
// question is rewritten for the plain reading ("which region" → "by region", 哪个品类 → 各品类,
// the growth words taken out). Groups are ranked by their growth only when growth is asked
// (growth, grew, increase, 增长, 下降 …) with a superlative or "which"; two named periods
// alone are shown side by side, never ranked, and only when the plain reading abstains.
// Pure functions, thread-safe.
#pragma once

#include <optional>
#include <string_view>

#include "askdb/nlq/period_comparison.h"

namespace askdb::nlq {

class SchemaIndex;

// The growth a question asks for, or nullopt (also when the schema names the growth word
// itself: a column "change" or 增长率 is asked about, not computed).
std::optional<ComparisonCue> FindGrowthCue(std::string_view question, const SchemaIndex& index);

// Answers the question `cue` was found in: a growth comparison; a superlative of growth with
// no period named compares the latest full year of the data (cue.default_year) with the one
// before; a side-by-side cue keeps the plain reading of `question` when that answers.
Translation TranslateGrowth(const ComparisonCue& cue, std::string_view question,
                            const db::Dialect& dialect, const TranslateOptions& options,
                            const ReadQuestion& read);

}  // namespace askdb::nlq
