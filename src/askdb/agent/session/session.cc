#include "askdb/agent/session/session.h"

#include <utility>

namespace askdb::agent {

Session::Session(size_t max_turns) : max_turns_(max_turns == 0 ? 1 : max_turns) {}

void Session::Add(Turn turn) {
  turns_.push_back(std::move(turn));
  while (turns_.size() > max_turns_) turns_.pop_front();
}

const Turn* Session::LastAnswered() const {
  for (auto it = turns_.rbegin(); it != turns_.rend(); ++it) {
    if (!it->sql.empty()) return &*it;
    if (!it->follow_up) return nullptr;
  }
  return nullptr;
}

FollowUp Session::Resolve(std::string_view question, const nlq::SchemaIndex* index) const {
  const Turn* last = LastAnswered();
  return ResolveFollowUp(last == nullptr ? std::string_view() : last->resolved_question, question,
                         index);
}

Json Session::ToJson() const {
  Json turns = Json::array();
  for (const Turn& t : turns_) {
    turns.push_back({{"question", t.question},
                     {"resolved_question", t.resolved_question},
                     {"sql", t.sql},
                     {"answer", t.answer},
                     {"follow_up", t.follow_up}});
  }
  return Json{{"max_turns", max_turns_}, {"turns", std::move(turns)}};
}

StatusOr<Session> Session::FromJson(const Json& json) {
  try {
    if (!json.is_object()) {
      return InvalidArgumentError(
          "session JSON is not an object; pass the output of Session::ToJson");
    }
    Session session(json.value("max_turns", kDefaultMaxTurns));
    if (json.contains("turns")) {
      if (!json["turns"].is_array()) {
        return InvalidArgumentError(
            "session JSON field \"turns\" is not an array; fix or "
            "delete the stored session");
      }
      for (const Json& t : json["turns"]) {
        Turn turn;
        turn.question = t.value("question", "");
        turn.resolved_question = t.value("resolved_question", turn.question);
        turn.sql = t.value("sql", "");
        turn.answer = t.value("answer", "");
        turn.follow_up = t.value("follow_up", turn.resolved_question != turn.question);
        session.Add(std::move(turn));
      }
    }
    return session;
  } catch (const Json::exception& e) {
    return InvalidArgumentError(std::string("session JSON has a field of the wrong type (") +
                                e.what() + "); fix or delete the stored session");
  }
}

}  // namespace askdb::agent
