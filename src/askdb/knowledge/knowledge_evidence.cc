#include "askdb/knowledge/knowledge_evidence.h"

#include "askdb/knowledge/knowledge_base.h"
#include "askdb/knowledge/search/keyword_index.h"

namespace askdb::knowledge {

namespace {
constexpr double kSimilarityTolerance = 1e-6;
}  // namespace

Status KnowledgeEvidenceSource::Recall(const EvidenceQuery& query, Evidence& out) const {
  SearchOptions search;
  search.top_k = options_.top_k;
  search.filter.scopes = {"agent:" +
                          (query.agent_id.empty() ? options_.default_agent : query.agent_id)};
  if (!query.datasource_id.empty()) {
    search.filter.scopes.push_back("datasource:" + query.datasource_id);
  }
  search.filter.types = {ChunkType::kDocument, ChunkType::kQa, ChunkType::kFaq};
  search.filter.recall_only = true;
  const SearchResult result = kb_.Search(query.question, search);
  if (!result.vector_error.empty()) out.errors.push_back("knowledge: " + result.vector_error);
  std::vector<EvidenceHit> hits;
  for (const SearchHit& hit : result.hits) {
    // Noise guard: a hit no keyword matched must be at least somewhat similar.
    if (hit.keyword_rank == 0 && hit.vector_score < options_.min_vector_score) continue;
    StatusOr<KnowledgeItem> item = kb_.Get(hit.item_id);
    if (!item.ok() || item->deleted) continue;  // removed since the index saw it
    EvidenceHit e{.item_id = hit.item_id,
                  .chunk_id = hit.chunk_id,
                  .kind = std::string(ItemKindName(item->kind)),
                  .source = item->title,
                  .text = hit.text,
                  .keyword_score = hit.keyword_score,
                  .vector_score = hit.vector_score,
                  .fused_score = hit.fused_score,
                  .query_coverage = KeywordIndex::QueryTermCoverage(query.question, hit.text)};
    if (item->kind != ItemKind::kDocument) {
      e.text = "Q: " + item->question + "\nA: " + item->answer;
      const bool better =
          !out.suggested_answer || out.suggested_answer->similarity < hit.vector_score;
      // The tolerance lets the default 1.0 (equal keyword terms) hold against rounding in
      // the cosine of two equal vectors.
      if (hit.vector_score >= options_.answer_similarity - kSimilarityTolerance && better) {
        out.suggested_answer = SuggestedAnswer{.item_id = item->id,
                                               .question = item->question,
                                               .answer = item->answer,
                                               .source = item->title,
                                               .similarity = hit.vector_score};
      }
    }
    hits.push_back(std::move(e));
  }
  out.hits.insert(out.hits.end(), hits.begin(), hits.end());
  return Status::Ok();
}

}  // namespace askdb::knowledge
