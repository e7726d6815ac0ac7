// The knowledge base's management routes (issue 15 item 6), registered with the other
// management routes (editors and admins; ManagementAccess in api_server.cc):
//
//   /api/v1/knowledge                  GET list (?agent | ?datasource, ?kind, ?deleted=true),
//                                      POST a Q&A or FAQ {"kind", "question", "answer", ...}
//   /api/v1/knowledge/documents        POST upload: the body is the file (any content type),
//                                      ?file_name= (its extension gives the format), ?agent |
//                                      ?datasource, ?title, ?format, ?chunker, ?chunk_size,
//                                      ?chunk_overlap, ?recall=false
//   /api/v1/knowledge/search           POST {"query", "mode": hybrid|keyword|vector, "top_k",
//                                      "agent" | "datasource", "kinds": [...]}: each hit's
//                                      keyword, vector and fused scores and ranks
//   /api/v1/knowledge/reindex          POST: re-chunk and re-embed every item
//   /api/v1/knowledge/{id}             GET, PUT {"title", "question", "answer", "recall",
//                                      "chunker": {"kind", "size", "overlap"}, ...}, DELETE
//                                      (soft delete; the index drops it)
//   /api/v1/knowledge/{id}/recall      POST {"recall": bool}: the recall switch
//   /api/v1/knowledge/{id}/reindex     POST: re-chunk and re-embed one item
//
// Bad input is a 400 naming what is wrong (empty, over knowledge.max_file_mb, not UTF-8,
// corrupt or encrypted PDF, ...) and changes nothing. Thread-safe (KnowledgeBase is).
#pragma once

#include <functional>
#include <string_view>

#include "askdb/common/status.h"
#include "askdb/server/http.h"

namespace askdb::knowledge {
class KnowledgeBase;
}

namespace askdb::server::api {

using KnowledgeRouteAdder =
    std::function<void(std::string_view method, std::string_view pattern, Handler handler)>;

// `kb` is borrowed and must outlive the server.
void RegisterKnowledgeRoutes(const KnowledgeRouteAdder& add, knowledge::KnowledgeBase& kb);

inline constexpr std::string_view kKnowledgeUploadPath = "/api/v1/knowledge/documents";

// The upload route's own body limit: a file of knowledge.max_file_mb and its multipart
// framing, never less than the server's --max-body. Set before the server starts.
void SetKnowledgeUploadLimit(HttpServerOptions& options, int64_t max_file_bytes);
// Its 413 names knowledge.max_file_mb (the key to raise) instead of --max-body.
void SetKnowledgeUploadTooLargeResponse(HttpServer& server, int64_t max_file_bytes);

}  // namespace askdb::server::api
