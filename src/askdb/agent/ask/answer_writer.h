// AnswerWriter: the short answer a person reads first — one or two sentences, in the
// question's language, that say what the rows show (the largest and smallest category, the
// peak and trend of a series; a total and a share only when the measure adds up and the
// rows are all of them — analysis/measure_additivity.h) — built only from the rows and the
// SQL that made them, so it is never more than the data says. Deterministic; used when no model is
// configured, and as the grounding facts a model's answer must agree with later.
// Pure functions; thread-safe.
#pragma once

#include <string>

#include "askdb/analysis/chart_recommender.h"
#include "askdb/db/result_set.h"

namespace askdb::agent {

std::string WriteAnswer(const db::ResultSet& result, const analysis::ChartSpec& chart,
                        bool chinese);

}  // namespace askdb::agent
