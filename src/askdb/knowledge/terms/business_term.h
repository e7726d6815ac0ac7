// A business term (issue 15 item 1, seed 004 §4): a word of the business ("GMV", "高价值客户",
// "华东区"), its synonyms and description, a recall switch, its scope (an agent or a
// datasource), and optionally what it means in the data — a measure, a filter or a value
// alias in the term-expression language (nlq/term_expression.h). Plain data; the functions
// are pure. docs/knowledge.md documents the fields.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "askdb/common/json.h"
#include "askdb/common/status.h"
#include "askdb/nlq/business_terms.h"

namespace askdb::db {
struct DatabaseSchema;
}  // namespace askdb::db

namespace askdb::knowledge {

struct BusinessTerm {
  std::string id;     // the store's id ("term_..."); empty in a terms file
  std::string scope;  // "agent:<id>" or "datasource:<id>"; empty in a terms file
  std::string term;
  std::vector<std::string> synonyms;
  std::string description;
  bool is_recall = true;  // off: neither recalled as evidence nor read by the engine
  nlq::BusinessMeaning meaning = nlq::BusinessMeaning::kNone;
  std::string expression;     // measure, or the condition of a filter / value alias
  std::string filter;         // measure only: the rows it counts
  std::string subject;        // filter over aggregates: the table whose rows it selects
  std::string period;         // filter only: a relative period ("近一年"; nlq::TermPeriod) ...
  std::string period_column;  // ... of this date column, resolved at question time
  int64_t created_at_ms = 0;
  int64_t updated_at_ms = 0;
};

// The JSON form (file and API): {"term", "synonyms", "description", "is_recall", "meaning",
// "expression", "filter", "subject", "period", "period_column"} (+ "id", "scope", times when set).
// Unknown keys are refused, naming the key (usually a typo).
Json TermToJson(const BusinessTerm& term);
StatusOr<BusinessTerm> TermFromJson(const Json& json);

// Checks a term before it is saved: a name, a well-formed definition for its meaning, and
// every table.column (and the subject) binding to `schema`. The error names the term and what
// does not bind, and what to write instead.
Status ValidateTerm(const BusinessTerm& term, const db::DatabaseSchema& schema);

// Checks that no two terms share a name or synonym (case-insensitive): a word must mean one
// thing.
Status CheckNoClash(const std::vector<BusinessTerm>& terms);

// `base` with `over` laid on it: a term of `base` that shares a word (name or synonym,
// case-insensitive) with a term of `over` whose recall switch is on is dropped, then `over`
// is appended. An agent's terms over its datasource's: the agent wins on conflict, and a term
// it switched off leaves the datasource's meaning of the word in place.
std::vector<BusinessTerm> OverlayTerms(std::vector<BusinessTerm> base,
                                       const std::vector<BusinessTerm>& over);

// The engine's definitions of the terms whose recall switch is on.
std::vector<nlq::BusinessTermDef> EngineDefinitions(const std::vector<BusinessTerm>& terms);

}  // namespace askdb::knowledge
