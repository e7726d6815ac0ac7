// Follow-up resolution: rewrites a short follow-up ("那上海呢？", "只看2024年", "now by
// month", "前5个呢", "what about Shanghai") into a full question by substituting its slots
// into the previous resolved question. Deterministic and conservative: a follow-up is
// recognised only when, after removing the follow-up markers (那/那么/只看/what about/...)
// and filler words, everything left is a recognised slot — a filter value known to the
// schema index, a period, a grouping or a top-N — and every slot has a place in the previous
// question. Anything else returns is_follow_up=false with the question unchanged, so the
// caller treats it as a new question; a wrong rewrite is never produced silently.
// Pure function, thread-safe (the index is only read).
#pragma once

#include <string>
#include <string_view>

namespace askdb::nlq {
class SchemaIndex;
}  // namespace askdb::nlq

namespace askdb::agent {

// Why a follow-up could not be applied, for a reason worded to the user.
enum class DeclineWhy {
  kGuess,                // which part it changes would be a guess (two breakdowns, values ...)
  kNothingToRank,        // a top-N after a question with no breakdown to rank
  kTopNAndTimeGrouping,  // a time grouping after a top-N, or a top-N after a time grouping
  kPercentage,           // "前5%": a share, not a count of rows
  kOwnOrder,             // the previous question orders its rows its own way
  kChartNotReplaceable,  // the previous question names a chart without a kind to replace
};

struct FollowUp {
  bool is_follow_up = false;
  // The full question to answer: the rewrite when is_follow_up, else `follow_up` unchanged.
  std::string resolved_question;
  // What was substituted ("北京 → 上海; 2025年 → 2024年"), or why it is not a follow-up.
  // The previous question is not repeated here: the caller has it.
  std::string explanation;
  // Not a follow-up, yet made only of a follow-up's slots and markers ("按月呢" after a top-N):
  // one that could not be applied, which read alone answers nothing ("按月呢" was small talk).
  bool declined = false;
  DeclineWhy why = DeclineWhy::kGuess;  // when declined
};

// A stable name of `why` ("nothing_to_rank"), kept with a run; DeclineWhyFromName reads it back
// (kGuess for a name it does not know).
std::string_view DeclineWhyName(DeclineWhy why);
DeclineWhy DeclineWhyFromName(std::string_view name);

// `previous_resolved_question` is the resolved question of the last turn (empty: no
// previous turn, never a follow-up). `index` may be null; then filter values cannot be
// recognised and value follow-ups ("那上海呢") are not resolved.
FollowUp ResolveFollowUp(std::string_view previous_resolved_question, std::string_view follow_up,
                         const nlq::SchemaIndex* index);

}  // namespace askdb::agent
