// Session: the last N turns of one conversation (5 by default), so that a follow-up
// resolves against the previous question. Each turn keeps the question as asked, the
// resolved question, the SQL and a short answer. JSON round-trip for persistence.
// Not thread-safe: one session belongs to one conversation, used by one caller at a time.
#pragma once

#include <cstddef>
#include <deque>
#include <string>
#include <string_view>

#include "askdb/agent/session/follow_up.h"
#include "askdb/common/json.h"
#include "askdb/common/status.h"

namespace askdb::agent {

struct Turn {
  std::string question;           // as asked
  std::string resolved_question;  // after follow-up resolution (== question for new ones)
  std::string sql;
  std::string answer;  // short answer text
  // Whether the question was read as a follow-up of an earlier one. A follow-up that went
  // unanswered is skipped by LastAnswered; any other unanswered turn ends the chain.
  bool follow_up = false;
  bool operator==(const Turn&) const = default;
};

inline constexpr size_t kDefaultMaxTurns = 5;

class Session {
 public:
  // max_turns 0 is treated as 1 (a session always remembers the last turn).
  explicit Session(size_t max_turns = kDefaultMaxTurns);

  // Appends a turn, dropping the oldest beyond max_turns.
  void Add(Turn turn);
  void Clear() { turns_.clear(); }

  const std::deque<Turn>& turns() const { return turns_; }
  size_t max_turns() const { return max_turns_; }
  // The latest turn; nullptr when the session is empty.
  const Turn* Last() const { return turns_.empty() ? nullptr : &turns_.back(); }

  // The latest turn answered from the data (it ran SQL), which a follow-up narrows; a
  // follow-up in between that went unanswered (declined) does not break the chain. nullptr
  // when none, or when a later turn ran no SQL and was no follow-up: a new data question that
  // failed, a multi-step analysis, a knowledge-base answer, a greeting. After one of those the
  // next question is read as new: narrowing the turn before it would answer a question the
  // person moved away from.
  const Turn* LastAnswered() const;

  // Resolves `question` against the last answered turn's resolved question (ResolveFollowUp).
  FollowUp Resolve(std::string_view question, const nlq::SchemaIndex* index) const;

  // {"max_turns": 5, "turns": [{"question":..., "resolved_question":..., "sql":...,
  //  "answer":..., "follow_up":...}, ...]} oldest first. A turn stored without "follow_up"
  // is a follow-up when its resolved question differs from the question.
  Json ToJson() const;
  static StatusOr<Session> FromJson(const Json& json);

 private:
  size_t max_turns_;
  std::deque<Turn> turns_;
};

}  // namespace askdb::agent
