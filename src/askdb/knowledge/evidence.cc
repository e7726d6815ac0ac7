#include "askdb/knowledge/evidence.h"

#include "askdb/catalog/token_estimate.h"
#include "askdb/common/text.h"

namespace askdb::knowledge {
namespace {

std::string HitPromptText(const EvidenceHit& hit) {
  // The source first, so the model can name it in the answer.
  return "[" + hit.kind + ": " + hit.source + "]\n" + hit.text;
}

// The longest prefix of `text` (whole code points) within `tokens` tokens, counted as
// catalog::EstimateTokens counts.
std::string CutToTokens(const std::string& text, int tokens) {
  std::string out;
  int64_t ascii = 0, other = 0;
  for (char32_t c : text::DecodeUtf8(text)) {
    (c < 0x80 ? ascii : other) += 1;
    if (other + (ascii + catalog::kAsciiBytesPerToken - 1) / catalog::kAsciiBytesPerToken >
        tokens) {
      break;
    }
    text::AppendUtf8(c, out);
  }
  return out;
}

}  // namespace

Json EvidenceToJson(const Evidence& evidence) {
  Json hits = Json::array();
  for (const EvidenceHit& h : evidence.hits) {
    hits.push_back({{"item_id", h.item_id},
                    {"chunk_id", h.chunk_id},
                    {"kind", h.kind},
                    {"source", h.source},
                    {"text", h.text},
                    {"keyword_score", h.keyword_score},
                    {"vector_score", h.vector_score},
                    {"fused_score", h.fused_score},
                    {"query_coverage", h.query_coverage}});
  }
  Json columns = Json::array();
  for (const TermColumn& c : evidence.term_columns) {
    columns.push_back({{"term", c.term}, {"table", c.table}, {"column", c.column}});
  }
  Json j = {{"query", evidence.query}, {"hits", std::move(hits)}, {"term_columns", columns}};
  if (evidence.suggested_answer) {
    const SuggestedAnswer& a = *evidence.suggested_answer;
    j["suggested_answer"] = {{"item_id", a.item_id},
                             {"question", a.question},
                             {"answer", a.answer},
                             {"source", a.source},
                             {"similarity", a.similarity}};
  }
  if (!evidence.errors.empty()) j["errors"] = evidence.errors;
  return j;
}

StatusOr<Evidence> EvidenceFromJson(const Json& json) {
  if (!json.is_object()) return InvalidArgumentError("evidence: expected a JSON object");
  try {
    Evidence e;
    e.query = json.value("query", "");
    for (const Json& h : json.value("hits", Json::array())) {
      e.hits.push_back({.item_id = h.value("item_id", ""),
                        .chunk_id = h.value("chunk_id", ""),
                        .kind = h.value("kind", ""),
                        .source = h.value("source", ""),
                        .text = h.value("text", ""),
                        .keyword_score = h.value("keyword_score", 0.0),
                        .vector_score = h.value("vector_score", 0.0),
                        .fused_score = h.value("fused_score", 0.0),
                        .query_coverage = h.value("query_coverage", 0.0)});
    }
    for (const Json& c : json.value("term_columns", Json::array())) {
      e.term_columns.push_back({.term = c.value("term", ""),
                                .table = c.value("table", ""),
                                .column = c.value("column", "")});
    }
    if (auto a = json.find("suggested_answer"); a != json.end() && a->is_object()) {
      e.suggested_answer = SuggestedAnswer{.item_id = a->value("item_id", ""),
                                           .question = a->value("question", ""),
                                           .answer = a->value("answer", ""),
                                           .source = a->value("source", ""),
                                           .similarity = a->value("similarity", 0.0)};
    }
    e.errors = json.value("errors", std::vector<std::string>{});
    return e;
  } catch (const Json::exception& error) {
    return InvalidArgumentError(std::string("evidence: malformed JSON: ") + error.what());
  }
}

const EvidenceHit* BestPassage(const Evidence& evidence, double min_coverage) {
  const EvidenceHit* best = nullptr;
  for (const EvidenceHit& hit : evidence.hits) {
    if (hit.kind != "document" || hit.query_coverage < min_coverage - 1e-9) continue;
    if (best == nullptr || hit.query_coverage > best->query_coverage) best = &hit;
  }
  return best;
}

std::vector<std::string> EvidencePromptItems(const Evidence& evidence, int token_budget) {
  std::vector<std::string> items;
  int used = 0;
  for (const EvidenceHit& hit : evidence.hits) {
    std::string item = HitPromptText(hit);
    const int cost = catalog::EstimateTokens(item);
    if (used + cost > token_budget) {
      // The best hit is worth a cut; later ones that do not fit are left out.
      if (items.empty() && token_budget > 0) items.push_back(CutToTokens(item, token_budget));
      break;
    }
    used += cost;
    items.push_back(std::move(item));
  }
  return items;
}

}  // namespace askdb::knowledge
