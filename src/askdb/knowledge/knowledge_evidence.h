// KnowledgeEvidenceSource: the agent-knowledge channel of the evidence-recall stage —
// documents, Q&A and FAQ of the run's agent and datasource, hybrid search (keyword +
// vector, RRF), recall switch honoured. A Q&A or FAQ whose stored question is close enough
// to the user's (cosine of the two, vector channel) becomes the suggested answer, with its
// source.
#pragma once

#include <cstddef>

#include "askdb/knowledge/evidence.h"

namespace askdb::knowledge {

class KnowledgeBase;

struct KnowledgeEvidenceOptions {
  size_t top_k = 5;                       // knowledge.evidence_top_k
  double min_vector_score = 0.1;          // a hit only the vector channel found needs this much
  double answer_similarity = 1.0;         // knowledge.qa_answer_similarity (docs/knowledge.md)
  std::string default_agent = "default";  // the scope of a run with no agent (the CLI)
};

class KnowledgeEvidenceSource final : public EvidenceSource {
 public:
  // `kb` is borrowed and must outlive the source.
  KnowledgeEvidenceSource(KnowledgeBase& kb, KnowledgeEvidenceOptions options)
      : kb_(kb), options_(std::move(options)) {}
  std::string_view name() const override { return "knowledge"; }
  Status Recall(const EvidenceQuery& query, Evidence& out) const override;

 private:
  KnowledgeBase& kb_;
  KnowledgeEvidenceOptions options_;
};

}  // namespace askdb::knowledge
