// The knowledge base's records as JSON, one shape for `askdb kb --json` and /api/v1/knowledge.
#pragma once

#include "askdb/common/json.h"
#include "askdb/knowledge/knowledge_store.h"
#include "askdb/knowledge/search/knowledge_index.h"

namespace askdb::knowledge {

// id, scope, kind, title, recall, state (+ state_reason), chunks, updated_at_ms; documents:
// file_name, format, chunker {kind, size, overlap}; Q&A and FAQ: question, answer; deleted.
Json KnowledgeItemToJson(const KnowledgeItem& item);
// chunk_id, item_id, scope, type, text, keyword/vector/fused scores and channel ranks.
Json SearchHitToJson(const SearchHit& hit);

}  // namespace askdb::knowledge
