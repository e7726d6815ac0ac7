// Evidence: what the knowledge base recalled for one question, handed from the
// evidence-recall stage of the pipeline (before schema recall) to schema recall and to the
// model's prompts (SQL, fixes, planning, report).
//
// Two channels fill it (seed 004 §4.1): agent knowledge — document chunks, Q&A and FAQ
// pairs (knowledge/, kb-store) — and business terms (knowledge/terms/, kb-terms). Each
// channel is an EvidenceSource; the pipeline asks every source in turn with the standalone
// question and the run's agent and datasource. Plain values; sources must be thread-safe.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "askdb/common/json.h"
#include "askdb/common/status.h"

namespace askdb::knowledge {

// One recalled piece of knowledge, best first in Evidence::hits.
struct EvidenceHit {
  std::string item_id;       // the knowledge item (document, Q&A, FAQ or term)
  std::string chunk_id;      // the indexed chunk within it ("" for a whole item)
  std::string kind{};        // "document", "qa", "faq", "term"
  std::string source{};      // what a person recognises: file name, Q&A question, term
  std::string text{};        // what goes into the prompt
  double keyword_score = 0;  // BM25 (0 when the keyword channel did not find it)
  double vector_score = 0;   // cosine similarity (0 when the vector channel did not)
  double fused_score = 0;    // reciprocal rank fusion of the two
  // Share (0..1) of the question's terms the text holds (KeywordIndex::QueryTermCoverage).
  double query_coverage = 0;
};

// A business term's column in the data: schema recall pulls its table in.
struct TermColumn {
  std::string term{};    // "GMV", "高价值客户"
  std::string table{};   // "orders"
  std::string column{};  // "amount"
};

// A Q&A pair whose question matches the user's closely enough to be offered as the answer.
struct SuggestedAnswer {
  std::string item_id{};
  std::string question{};  // the stored question
  std::string answer{};
  std::string source{};   // the item's title or origin
  double similarity = 0;  // 0..1, at least the configured threshold
};

struct Evidence {
  std::string query{};  // the standalone question that was searched
  std::vector<EvidenceHit> hits{};
  std::vector<TermColumn> term_columns;  // business terms' bound columns (kb-terms)
  std::optional<SuggestedAnswer> suggested_answer{};
  std::vector<std::string> errors{};  // a source that failed: the run goes on without it

  bool empty() const { return hits.empty() && term_columns.empty() && !suggested_answer; }
};

// The coverage a document passage needs to be shown when no model answers and the engine
// abstains: chosen on the develop half of a labelled set (bench/kb_passage_bench.cc,
// data/kb_passage/; docs/knowledge.md, "Documents with no model").
inline constexpr double kPassageMinCoverage = 0.8;

// The document hit that covers most of the question, when it covers at least `min_coverage`
// of it; nullptr otherwise (Q&A pairs answer through suggested_answer instead).
const EvidenceHit* BestPassage(const Evidence& evidence, double min_coverage = kPassageMinCoverage);

// The evidence event's payload: query, hits with their scores, term columns, answer.
Json EvidenceToJson(const Evidence& evidence);
StatusOr<Evidence> EvidenceFromJson(const Json& json);

// The hits as prompt knowledge items, best first, as many as fit `token_budget` tokens
// (catalog::EstimateTokens); a hit that does not fit is cut, not dropped, when it is the
// first.
std::vector<std::string> EvidencePromptItems(const Evidence& evidence, int token_budget);

// What the pipeline asks: the standalone question and who asks it.
struct EvidenceQuery {
  std::string question;         // standalone (a follow-up already rewritten)
  std::string agent_id{};       // "" for the CLI's default agent
  std::string datasource_id{};  // "" when unknown
};

// One knowledge channel. Recall adds its hits (and term columns, a suggested answer) to
// `out`; an error leaves `out` as it was.
class EvidenceSource {
 public:
  virtual ~EvidenceSource() = default;
  virtual std::string_view name() const = 0;  // "knowledge", "terms": for logs and events
  virtual Status Recall(const EvidenceQuery& query, Evidence& out) const = 0;
};

}  // namespace askdb::knowledge
