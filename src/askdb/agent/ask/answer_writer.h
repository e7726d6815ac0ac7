// AnswerWriter: the short answer a person reads first — one or two sentences, in the
// question's language, that say what the rows show (the largest and smallest category, the
// peak and trend of a series; a total and a share only when the measure adds up and the
// rows are all of them — analysis/measure_additivity.h) — built only from the rows and the
// SQL that made them, so it is never more than the data says. Deterministic; used when no model is
// configured, and as the grounding facts a model's answer must agree with later.
// Pure functions; thread-safe.
#pragma once

#include <string>
#include <string_view>

#include "askdb/analysis/chart_recommender.h"
#include "askdb/db/result_set.h"

namespace askdb::agent {

std::string WriteAnswer(const db::ResultSet& result, const analysis::ChartSpec& chart,
                        bool chinese);

// The answer followed by the period a relative time word ("今年", "last month") was read as,
// when the engine anchored one (nlq::Translation::anchor_note): "订单数：23,704。" alone hides
// that 今年 is 2025 in data that ends in 2025. Unchanged when `anchor_note` is empty.
std::string WithPeriod(std::string answer, std::string_view anchor_note, bool chinese);

// What a question in a language askdb does not read is told (other_language.h): which
// languages it reads and what to do. "" when the question reads as Chinese or English.
std::string OtherLanguageAnswer(std::string_view question, bool chinese);

// The answer when the engine abstains and no model is configured: its reason (which word it
// could not place) and what the person can do — name the columns, or configure a model for
// the questions the engine is unsure of. A question in a language askdb does not read
// (other_language.h) is told so instead of the words it could not place.
std::string WriteAbstention(std::string_view question, std::string_view reason, bool chinese);

}  // namespace askdb::agent
