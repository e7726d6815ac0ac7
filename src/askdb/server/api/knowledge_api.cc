#include "askdb/server/api/knowledge_api.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <iterator>
#include <optional>
#include <string_view>
#include <utility>

#include "askdb/knowledge/document_parser.h"
#include "askdb/knowledge/knowledge_base.h"
#include "askdb/knowledge/knowledge_json.h"
#include "askdb/server/json_request.h"

namespace askdb::server::api {
namespace {

using knowledge::KnowledgeBase;

Handler JsonRoute(std::function<StatusOr<Json>(const HttpRequest&)> handler, int success = 200) {
  return [handler = std::move(handler), success](const HttpRequest& request) {
    StatusOr<Json> body = handler(request);
    if (!body.ok()) return HttpResponse::FromStatus(body.status());
    return HttpResponse::JsonBody(*body, success);
  };
}

// agent= or datasource= (query or JSON), default the default agent.
StatusOr<std::string> ScopeOf(const std::string& agent, const std::string& datasource) {
  if (!agent.empty() && !datasource.empty()) {
    return InvalidArgumentError("give agent or datasource, not both");
  }
  if (!datasource.empty()) return knowledge::MakeScope("datasource", datasource);
  return knowledge::MakeScope("agent", agent.empty() ? "default" : agent);
}

StatusOr<int> IntField(const std::optional<std::string>& text, std::string_view name,
                       int fallback) {
  if (!text) return fallback;
  int value = 0;
  auto [ptr, ec] = std::from_chars(text->data(), text->data() + text->size(), value);
  if (ec != std::errc() || ptr != text->data() + text->size()) {
    return InvalidArgumentError(std::string(name) + " must be an integer, not '" + *text + "'");
  }
  return value;
}

StatusOr<knowledge::ChunkerOptions> ChunkerFromJson(const Json& j, knowledge::ChunkerOptions base) {
  if (!j.is_object()) return InvalidArgumentError("chunker must be an object");
  std::string kind(knowledge::ChunkerName(base.kind));
  ASKDB_RETURN_IF_ERROR(OptionalString(j, "kind", &kind));
  ASKDB_ASSIGN_OR_RETURN(base.kind, knowledge::ParseChunkerKind(kind));
  int64_t size = base.size, overlap = base.overlap;
  ASKDB_RETURN_IF_ERROR(OptionalInt(j, "size", &size, 1, 1'000'000));
  ASKDB_RETURN_IF_ERROR(OptionalInt(j, "overlap", &overlap, 0, 1'000'000));
  base.size = static_cast<int>(size);
  base.overlap = static_cast<int>(overlap);
  ASKDB_RETURN_IF_ERROR(knowledge::ValidateChunkerOptions(base));
  return base;
}

StatusOr<Json> List(KnowledgeBase& kb, const HttpRequest& r) {
  knowledge::ItemFilter filter;
  const std::string agent = r.Query("agent").value_or("");
  const std::string datasource = r.Query("datasource").value_or("");
  if (!agent.empty() || !datasource.empty()) {
    ASKDB_ASSIGN_OR_RETURN(filter.scope, ScopeOf(agent, datasource));
  }
  if (std::optional<std::string> kind = r.Query("kind")) {
    ASKDB_ASSIGN_OR_RETURN(filter.kind, knowledge::ParseItemKind(*kind));
  }
  filter.include_deleted = r.Query("deleted").value_or("") == "true";
  ASKDB_ASSIGN_OR_RETURN(const auto items, kb.List(filter));
  Json out = Json::array();
  for (const auto& item : items) out.push_back(knowledge::KnowledgeItemToJson(item));
  return Json{{"items", out}};
}

StatusOr<Json> CreatePair(KnowledgeBase& kb, const HttpRequest& r) {
  ASKDB_ASSIGN_OR_RETURN(const Json body, ParseJsonBody(r, {"kind", "question", "answer", "title",
                                                            "recall", "agent", "datasource"}));
  knowledge::PairInput input;
  std::string kind = "qa", agent, datasource;
  ASKDB_RETURN_IF_ERROR(OptionalString(body, "kind", &kind));
  ASKDB_ASSIGN_OR_RETURN(input.kind, knowledge::ParseItemKind(kind));
  if (input.kind == knowledge::ItemKind::kDocument) {
    return InvalidArgumentError(
        "documents are uploaded to /api/v1/knowledge/documents with the file as the body");
  }
  ASKDB_ASSIGN_OR_RETURN(input.question, RequireString(body, "question"));
  ASKDB_ASSIGN_OR_RETURN(input.answer, RequireString(body, "answer"));
  ASKDB_RETURN_IF_ERROR(OptionalString(body, "title", &input.title));
  ASKDB_RETURN_IF_ERROR(OptionalBool(body, "recall", &input.recall));
  ASKDB_RETURN_IF_ERROR(OptionalString(body, "agent", &agent));
  ASKDB_RETURN_IF_ERROR(OptionalString(body, "datasource", &datasource));
  ASKDB_ASSIGN_OR_RETURN(input.scope, ScopeOf(agent, datasource));
  ASKDB_ASSIGN_OR_RETURN(const auto item, kb.AddPair(input));
  return knowledge::KnowledgeItemToJson(item);
}

// The upload's fields: form fields of a multipart/form-data upload (curl -F, the web UI), else
// the query string (the raw-body upload); a form field wins over the query.
constexpr std::string_view kUploadFields[] = {"file",          "file_name", "agent",   "datasource",
                                              "title",         "format",    "chunker", "chunk_size",
                                              "chunk_overlap", "recall"};

std::optional<std::string> Field(const HttpRequest& r, std::string_view name) {
  for (const HttpRequest::FormPart& p : r.form) {
    if (p.filename.empty() && p.name == name) return p.content;
  }
  return r.Query(name);
}

// The media type a format is sent with; a declared type naming another kind of file than the
// name's ("report.pdf" sent as text/html) means one of the two is wrong.
Status CheckMediaType(std::string_view declared, knowledge::DocumentFormat format,
                      std::string_view file_name) {
  using knowledge::DocumentFormat;
  const std::string type(declared.substr(0, declared.find(';')));
  auto refuse = [&](std::string_view why) {
    return InvalidArgumentError("'" + std::string(file_name) + "' was sent as " + type + ": " +
                                std::string(why));
  };
  if (type.starts_with("image/") || type.starts_with("audio/") || type.starts_with("video/")) {
    return refuse("not a document (upload Markdown, text, PDF, DOCX, HTML or CSV)");
  }
  if (type == "application/msword") {
    return refuse("an old Word .doc file is not read; save it as .docx and upload that");
  }
  static const std::pair<std::string_view, DocumentFormat> kTypes[] = {
      {"application/pdf", DocumentFormat::kPdf},
      {"application/vnd.openxmlformats-officedocument.wordprocessingml.document",
       DocumentFormat::kDocx},
      {"text/html", DocumentFormat::kHtml},
      {"application/xhtml+xml", DocumentFormat::kHtml},
      {"text/csv", DocumentFormat::kCsv},
      {"text/markdown", DocumentFormat::kMarkdown},
      {"text/x-markdown", DocumentFormat::kMarkdown}};
  for (const auto& [name, f] : kTypes) {
    if (type == name && f != format) {
      return refuse("that type is " + std::string(knowledge::DocumentFormatName(f)) +
                    " but the file is read as " +
                    std::string(knowledge::DocumentFormatName(format)) +
                    "; send the file with its own name and type (or set format)");
    }
  }
  return Status::Ok();  // octet-stream, text/plain, none: the parser checks the bytes
}

// The one file part of a multipart upload.
StatusOr<const HttpRequest::FormPart*> FilePart(const HttpRequest& r) {
  const HttpRequest::FormPart* file = nullptr;
  size_t files = 0;
  for (const HttpRequest::FormPart& p : r.form) {
    if (std::find(std::begin(kUploadFields), std::end(kUploadFields), p.name) ==
        std::end(kUploadFields)) {
      return InvalidArgumentError("unknown form field '" + p.name +
                                  "'; the fields are file, file_name, agent, datasource, title, "
                                  "format, chunker, chunk_size, chunk_overlap, recall");
    }
    if (p.name == "file") file = &p;
    if (!p.filename.empty() || p.name == "file") ++files;
  }
  if (files > 1) {
    return InvalidArgumentError("one document per upload: the form holds " + std::to_string(files) +
                                " files");
  }
  if (file == nullptr) {
    return InvalidArgumentError(
        "the multipart form has no 'file' field: send the document as file=@NAME (curl -F)");
  }
  return file;
}

// `*indexed`: the item a document already indexed in the scope is (AddDocument).
StatusOr<Json> Upload(KnowledgeBase& kb, const HttpRequest& r, knowledge::KnowledgeItem* indexed) {
  knowledge::DocumentInput input;
  const bool multipart = r.Header("Content-Type").value_or("").starts_with("multipart/form-data");
  const HttpRequest::FormPart* file = nullptr;
  if (multipart) {
    ASKDB_ASSIGN_OR_RETURN(file, FilePart(r));
    input.file_name = file->filename;
  }
  if (std::optional<std::string> name = Field(r, "file_name")) input.file_name = *name;
  if (input.file_name.empty()) {
    return InvalidArgumentError(
        multipart ? "the 'file' part has no file name: its extension gives the format (or give "
                    "file_name)"
                  : "give ?file_name= (its extension gives the format), or upload the file as "
                    "multipart/form-data");
  }
  ASKDB_ASSIGN_OR_RETURN(
      input.scope, ScopeOf(Field(r, "agent").value_or(""), Field(r, "datasource").value_or("")));
  input.title = Field(r, "title").value_or("");
  input.format = Field(r, "format").value_or("");
  const std::string recall = Field(r, "recall").value_or("true");
  if (recall != "true" && recall != "false") {
    return InvalidArgumentError("recall must be true or false, not '" + recall + "'");
  }
  input.recall = recall == "true";
  if (Field(r, "chunker") || Field(r, "chunk_size") || Field(r, "chunk_overlap")) {
    knowledge::ChunkerOptions chunker = kb.options().default_chunker;
    if (std::optional<std::string> kind = Field(r, "chunker")) {
      ASKDB_ASSIGN_OR_RETURN(chunker.kind, knowledge::ParseChunkerKind(*kind));
    }
    ASKDB_ASSIGN_OR_RETURN(chunker.size,
                           IntField(Field(r, "chunk_size"), "chunk_size", chunker.size));
    ASKDB_ASSIGN_OR_RETURN(chunker.overlap,
                           IntField(Field(r, "chunk_overlap"), "chunk_overlap", chunker.overlap));
    input.chunker = chunker;
  }
  if (file != nullptr) {
    ASKDB_ASSIGN_OR_RETURN(const knowledge::DocumentFormat format,
                           input.format.empty()
                               ? knowledge::DocumentFormatFromFileName(input.file_name)
                               : knowledge::ParseDocumentFormat(input.format));
    ASKDB_RETURN_IF_ERROR(CheckMediaType(file->content_type, format, input.file_name));
    input.bytes = file->content;
  } else {
    input.bytes = r.body;
  }
  ASKDB_ASSIGN_OR_RETURN(const auto item, kb.AddDocument(input, indexed));
  return knowledge::KnowledgeItemToJson(item);
}

// The fields an edit body may hold: the editable ones, then the read-only ones GET returns
// (KnowledgeItemToJson), taken and ignored so that an item read with GET can be sent back as
// it is. The scope is changed with "agent" and "datasource", not "scope".
constexpr std::string_view kEditFields[] = {
    "title",     "question", "answer", "recall", "agent",        "datasource", "chunker",
    "id",        "scope",    "kind",   "state",  "state_reason", "chunks",     "updated_at_ms",
    "file_name", "format",   "deleted"};

StatusOr<Json> Edit(KnowledgeBase& kb, const HttpRequest& r) {
  ASKDB_ASSIGN_OR_RETURN(const Json body, ParseJsonBody(r, kEditFields));
  const std::string id(r.PathParam("id"));
  ASKDB_ASSIGN_OR_RETURN(const auto current, kb.Get(id));
  knowledge::ItemEdit edit;
  for (auto [field, target] :
       {std::pair{"title", &edit.title}, std::pair{"question", &edit.question},
        std::pair{"answer", &edit.answer}}) {
    if (body.contains(field)) {
      std::string value;
      ASKDB_RETURN_IF_ERROR(OptionalString(body, field, &value));
      *target = value;
    }
  }
  if (body.contains("recall")) {
    bool recall = current.recall;
    ASKDB_RETURN_IF_ERROR(OptionalBool(body, "recall", &recall));
    edit.recall = recall;
  }
  if (body.contains("agent") || body.contains("datasource")) {
    std::string agent, datasource;
    ASKDB_RETURN_IF_ERROR(OptionalString(body, "agent", &agent));
    ASKDB_RETURN_IF_ERROR(OptionalString(body, "datasource", &datasource));
    ASKDB_ASSIGN_OR_RETURN(edit.scope, ScopeOf(agent, datasource));
  }
  if (auto c = body.find("chunker"); c != body.end()) {
    ASKDB_ASSIGN_OR_RETURN(edit.chunker, ChunkerFromJson(*c, current.chunker));
  }
  ASKDB_ASSIGN_OR_RETURN(const auto item, kb.Edit(id, edit));
  return knowledge::KnowledgeItemToJson(item);
}

StatusOr<Json> Search(KnowledgeBase& kb, const HttpRequest& r) {
  ASKDB_ASSIGN_OR_RETURN(const Json body, ParseJsonBody(r, {"query", "mode", "top_k", "agent",
                                                            "datasource", "kinds"}));
  ASKDB_ASSIGN_OR_RETURN(const std::string query, RequireString(body, "query"));
  // A blank query finds nothing; "no hits" would read as "the knowledge base has none".
  if (query.find_first_not_of(" \t\r\n") == std::string::npos) {
    return InvalidArgumentError("field 'query' must not be blank: give the words to search for");
  }
  knowledge::SearchOptions options;
  std::string mode = "hybrid", agent, datasource;
  ASKDB_RETURN_IF_ERROR(OptionalString(body, "mode", &mode));
  if (mode == "keyword") {
    options.mode = knowledge::SearchMode::kKeyword;
  } else if (mode == "vector") {
    options.mode = knowledge::SearchMode::kVector;
  } else if (mode != "hybrid") {
    return InvalidArgumentError("mode must be hybrid, keyword or vector, not '" + mode + "'");
  }
  int64_t top_k = 5;
  ASKDB_RETURN_IF_ERROR(OptionalInt(body, "top_k", &top_k, 1, 100));
  options.top_k = static_cast<size_t>(top_k);
  ASKDB_RETURN_IF_ERROR(OptionalString(body, "agent", &agent));
  ASKDB_RETURN_IF_ERROR(OptionalString(body, "datasource", &datasource));
  if (!agent.empty() || !datasource.empty()) {
    ASKDB_ASSIGN_OR_RETURN(const std::string scope, ScopeOf(agent, datasource));
    options.filter.scopes = {scope};
  }
  std::vector<std::string> kinds;
  ASKDB_RETURN_IF_ERROR(OptionalStringArray(body, "kinds", &kinds));
  for (const std::string& kind : kinds) {
    std::optional<knowledge::ChunkType> type = knowledge::ParseChunkType(kind);
    if (!type) return InvalidArgumentError("unknown kind '" + kind + "' in kinds");
    // Business terms are recalled by their words in the question, not from this index: a
    // search for them would always come back empty.
    if (*type == knowledge::ChunkType::kTerm) {
      return InvalidArgumentError(
          "kind 'term' is not searched here: business terms are recalled by their words in the "
          "question; list them with GET /api/v1/datasources/{id}/terms or "
          "/api/v1/agents/{id}/terms (kinds here: document, qa, faq)");
    }
    options.filter.types.push_back(*type);
  }
  const knowledge::SearchResult result = kb.Search(query, options);
  Json hits = Json::array();
  for (const auto& hit : result.hits) hits.push_back(knowledge::SearchHitToJson(hit));
  Json out = {{"query", query}, {"mode", mode}, {"hits", hits}};
  if (!result.vector_error.empty()) out["vector_error"] = result.vector_error;
  return out;
}

// The upload: 201 with the new item, or 409 when its content is already indexed in the scope,
// the error naming that item ({"error": {"code", "message", "item_id"}}).
Handler UploadRoute(KnowledgeBase* k) {
  return [k](const HttpRequest& r) {
    knowledge::KnowledgeItem indexed;
    StatusOr<Json> body = Upload(*k, r, &indexed);
    if (body.ok()) return HttpResponse::JsonBody(*body, 201);
    HttpResponse response = HttpResponse::FromStatus(body.status());
    if (body.status().code() == StatusCode::kAlreadyExists && !indexed.id.empty()) {
      Json error = Json::parse(response.body);
      error["error"]["item_id"] = indexed.id;
      response = HttpResponse::JsonBody(error, response.status);
    }
    return response;
  };
}

}  // namespace

void RegisterKnowledgeRoutes(const KnowledgeRouteAdder& add, KnowledgeBase& kb) {
  KnowledgeBase* k = &kb;
  add("GET", "/api/v1/knowledge", JsonRoute([k](const HttpRequest& r) { return List(*k, r); }));
  add("POST", "/api/v1/knowledge",
      JsonRoute([k](const HttpRequest& r) { return CreatePair(*k, r); }, 201));
  add("POST", "/api/v1/knowledge/documents", UploadRoute(k));
  add("POST", "/api/v1/knowledge/search",
      JsonRoute([k](const HttpRequest& r) { return Search(*k, r); }));
  add("POST", "/api/v1/knowledge/reindex", JsonRoute([k](const HttpRequest&) -> StatusOr<Json> {
        ASKDB_ASSIGN_OR_RETURN(const int indexed, k->Reindex(""));
        return Json{{"indexed", indexed}};
      }));
  add("GET", "/api/v1/knowledge/{id}", JsonRoute([k](const HttpRequest& r) -> StatusOr<Json> {
        ASKDB_ASSIGN_OR_RETURN(const auto item, k->Get(std::string(r.PathParam("id"))));
        return knowledge::KnowledgeItemToJson(item);
      }));
  add("PUT", "/api/v1/knowledge/{id}",
      JsonRoute([k](const HttpRequest& r) { return Edit(*k, r); }));
  add("DELETE", "/api/v1/knowledge/{id}", [k](const HttpRequest& r) {
    const Status removed = k->Remove(std::string(r.PathParam("id")));
    if (!removed.ok()) return HttpResponse::FromStatus(removed);
    HttpResponse response;
    response.status = 204;
    return response;
  });
  add("POST", "/api/v1/knowledge/{id}/recall",
      JsonRoute([k](const HttpRequest& r) -> StatusOr<Json> {
        ASKDB_ASSIGN_OR_RETURN(const Json body, ParseJsonBody(r, {"recall"}));
        if (!body.contains("recall") || !body["recall"].is_boolean()) {
          return InvalidArgumentError("recall: expected true or false");
        }
        knowledge::ItemEdit edit;
        edit.recall = body["recall"].get<bool>();
        ASKDB_ASSIGN_OR_RETURN(const auto item, k->Edit(std::string(r.PathParam("id")), edit));
        return knowledge::KnowledgeItemToJson(item);
      }));
  add("POST", "/api/v1/knowledge/{id}/reindex",
      JsonRoute([k](const HttpRequest& r) -> StatusOr<Json> {
        const std::string id(r.PathParam("id"));
        ASKDB_RETURN_IF_ERROR(k->Reindex(id).status());
        ASKDB_ASSIGN_OR_RETURN(const auto item, k->Get(id));
        return knowledge::KnowledgeItemToJson(item);
      }));
}

namespace {
// Room for the multipart boundaries, part headers and the small form fields beside the file.
constexpr std::size_t kUploadFramingBytes = 64 * 1024;
}  // namespace

void SetKnowledgeUploadLimit(HttpServerOptions& options, int64_t max_file_bytes) {
  options.body_limits[std::string(kKnowledgeUploadPath)] = std::max(
      options.max_body_bytes,
      static_cast<std::size_t>(std::max<int64_t>(max_file_bytes, 0)) + kUploadFramingBytes);
}

void SetKnowledgeUploadTooLargeResponse(HttpServer& server, int64_t max_file_bytes) {
  server.SetOversizedBodyResponse(kKnowledgeUploadPath, [max_file_bytes](std::size_t limit) {
    char mb[32];
    std::snprintf(mb, sizeof mb, "%.1f", static_cast<double>(max_file_bytes) / (1024.0 * 1024.0));
    return HttpResponse::Error(
        413, "payload_too_large",
        "the upload exceeds the limit of " + std::to_string(limit) + " bytes: documents of up to " +
            mb +
            " MB (knowledge.max_file_mb) are accepted; split the file or raise "
            "knowledge.max_file_mb");
  });
}

}  // namespace askdb::server::api
