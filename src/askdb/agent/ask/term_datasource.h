// The prepared datasource as one agent's run sees it: the engine reads the business terms of
// the run's scopes — a terms file beside a SQLite database, then the datasource's stored
// terms, then the agent's own, a later scope winning a word (knowledge::OverlayTerms) — read
// from the store at every question, so an edit made by this or another server process
// counts from the next question without preparing the datasource again.
//
// A view shares its base's connection, schema manager and column statistics; only the
// engine's index is rebuilt (no database query), and only when the terms differ from those
// the base was prepared with. TermViews keeps the last view per key (agent), so a question
// asked under unchanged terms reuses it. Thread-safe.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "askdb/agent/ask/datasource.h"
#include "askdb/common/status.h"
#include "askdb/knowledge/terms/business_term.h"
#include "askdb/knowledge/terms/term_evidence.h"

namespace askdb::agent {

// The engine's terms for a run of `agent_id` over `base`: base's terms file, then the
// stored `datasource:` terms, then the stored `agent:<agent_id>` terms (`stored` holds both
// scopes, as knowledge::TermStore::List gives them).
std::vector<knowledge::BusinessTerm> RunTerms(const PreparedDatasource& base,
                                              std::string_view agent_id,
                                              const std::vector<knowledge::BusinessTerm>& stored);

// `base` itself when `terms` are the terms it was prepared with; otherwise a view of it whose
// engine reads `terms` (and whose fingerprint says so). The view keeps `base` alive.
StatusOr<std::shared_ptr<PreparedDatasource>> WithTerms(std::shared_ptr<PreparedDatasource> base,
                                                        std::vector<knowledge::BusinessTerm> terms);

class TermViews {
 public:
  // WithTerms, reusing the view last made under `key` when its base and terms are the same.
  StatusOr<std::shared_ptr<PreparedDatasource>> Get(const std::string& key,
                                                    std::shared_ptr<PreparedDatasource> base,
                                                    std::vector<knowledge::BusinessTerm> terms);
  // A run's view: the terms of `agent_id` and `datasource_id` read from `stored` now (one
  // read per question, so another process's edit counts from the next one), laid over
  // `base` (RunTerms), reusing the agent's last view when nothing changed.
  StatusOr<std::shared_ptr<PreparedDatasource>> ForRun(std::shared_ptr<PreparedDatasource> base,
                                                       std::string_view agent_id,
                                                       std::string_view datasource_id,
                                                       const knowledge::TermProvider& stored);

 private:
  struct Slot {
    std::weak_ptr<PreparedDatasource> base;
    std::string terms_key;
    std::shared_ptr<PreparedDatasource> view;
  };
  std::mutex mu_;
  std::map<std::string, Slot, std::less<>> slots_;
};

}  // namespace askdb::agent
