// The business-term channel of evidence recall (knowledge/evidence.h): the terms whose name
// or a synonym appears in the question, with their recall switch on, become hits (what the
// term means, for the model's prompts) and term columns (the tables schema recall must
// include). A term matches by its words, not by similarity: a business word is exact.
#pragma once

#include <functional>
#include <string_view>
#include <vector>

#include "askdb/knowledge/evidence.h"
#include "askdb/knowledge/terms/business_term.h"

namespace askdb::knowledge {

// The terms that apply to a query (its agent's and datasource's): a terms file's, or the
// store's for the query's scopes.
using TermProvider = std::function<StatusOr<std::vector<BusinessTerm>>(const EvidenceQuery&)>;

// The terms of `terms` named in `question` (recall switch on), longest word first.
std::vector<const BusinessTerm*> TermsNamedIn(std::string_view question,
                                              const std::vector<BusinessTerm>& terms);

// The line a term puts in a prompt: "GMV (成交额): … Meaning: SUM(orders.amount)".
std::string TermPromptText(const BusinessTerm& term);

class TermEvidenceSource : public EvidenceSource {
 public:
  explicit TermEvidenceSource(TermProvider provider) : provider_(std::move(provider)) {}
  std::string_view name() const override { return "terms"; }
  Status Recall(const EvidenceQuery& query, Evidence& out) const override;

 private:
  TermProvider provider_;
};

}  // namespace askdb::knowledge
