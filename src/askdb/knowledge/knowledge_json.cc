#include "askdb/knowledge/knowledge_json.h"

namespace askdb::knowledge {

Json KnowledgeItemToJson(const KnowledgeItem& item) {
  Json j = {{"id", item.id},
            {"scope", item.scope},
            {"kind", ItemKindName(item.kind)},
            {"title", item.title},
            {"recall", item.recall},
            {"state", ItemStateName(item.state)},
            {"chunks", item.chunk_count},
            {"updated_at_ms", item.updated_at_ms}};
  if (!item.state_reason.empty()) j["state_reason"] = item.state_reason;
  if (item.kind == ItemKind::kDocument) {
    j["file_name"] = item.file_name;
    j["format"] = item.format;
    j["chunker"] = {{"kind", ChunkerName(item.chunker.kind)},
                    {"size", item.chunker.size},
                    {"overlap", item.chunker.overlap}};
  } else {
    j["question"] = item.question;
    j["answer"] = item.answer;
  }
  if (item.deleted) j["deleted"] = true;
  return j;
}

Json SearchHitToJson(const SearchHit& h) {
  return {{"chunk_id", h.chunk_id},
          {"item_id", h.item_id},
          {"scope", h.scope},
          {"type", ChunkTypeName(h.type)},
          {"text", h.text},
          {"keyword_rank", h.keyword_rank},
          {"keyword_score", h.keyword_score},
          {"vector_rank", h.vector_rank},
          {"vector_score", h.vector_score},
          {"fused_score", h.fused_score}};
}

}  // namespace askdb::knowledge
