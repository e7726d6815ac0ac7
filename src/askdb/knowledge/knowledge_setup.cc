#include "askdb/knowledge/knowledge_setup.h"

#include <cstdio>

#include "askdb/cache/embedder.h"
#include "askdb/cache/provider_embedder.h"
#include "askdb/config/config.h"
#include "askdb/llm/provider_config.h"
#include "askdb/server/store/management_store.h"
#include "askdb/server/store/postgres_management_store.h"
#include "askdb/server/store/sqlite_management_store.h"

namespace askdb::knowledge {

OpenedKnowledgeBase::OpenedKnowledgeBase() = default;
OpenedKnowledgeBase::~OpenedKnowledgeBase() = default;
OpenedKnowledgeBase::OpenedKnowledgeBase(OpenedKnowledgeBase&&) noexcept = default;
OpenedKnowledgeBase& OpenedKnowledgeBase::operator=(OpenedKnowledgeBase&&) noexcept = default;

StatusOr<KnowledgeBaseOptions> KnowledgeOptionsFromConfig(const config::Config& config) {
  KnowledgeBaseOptions options;
  options.max_file_bytes = config.knowledge.max_file_mb * 1024 * 1024;
  ASKDB_ASSIGN_OR_RETURN(options.default_chunker.kind, ParseChunkerKind(config.knowledge.chunker));
  options.default_chunker.size = static_cast<int>(config.knowledge.chunk_size);
  options.default_chunker.overlap = static_cast<int>(config.knowledge.chunk_overlap);
  if (Status valid = ValidateChunkerOptions(options.default_chunker); !valid.ok()) {
    return valid.WithContext("knowledge.chunk_size / knowledge.chunk_overlap");
  }
  return options;
}

KnowledgeEvidenceOptions EvidenceOptionsFromConfig(const config::Config& config) {
  KnowledgeEvidenceOptions options;
  options.top_k = static_cast<size_t>(config.knowledge.evidence_top_k);
  options.answer_similarity = config.knowledge.qa_answer_similarity;
  return options;
}

StatusOr<std::unique_ptr<KnowledgeBase>> OpenKnowledgeBaseOn(server::store::ManagementStore& store,
                                                             KnowledgeBaseOptions options) {
  auto* sql = dynamic_cast<server::store::SqlManagementStore*>(&store);
  if (sql == nullptr) {
    return FailedPreconditionError(
        "the knowledge base needs the SQLite or PostgreSQL management store");
  }
  ASKDB_ASSIGN_OR_RETURN(std::unique_ptr<KnowledgeStore> records, KnowledgeStore::Open(*sql));
  std::shared_ptr<const cache::Embedder> embedder = options.embedder;
  if (embedder == nullptr) embedder = std::make_shared<cache::LexicalEmbedder>();
  return KnowledgeBase::Open(std::move(records), std::move(embedder), std::move(options));
}

std::shared_ptr<const cache::Embedder> ProviderKnowledgeEmbedder(
    const llm::ProviderConfig& provider) {
  // The embedder borrows its client: both live in one block, the answer points at the
  // embedder (shared_ptr's aliasing constructor).
  struct Owned {
    Owned(std::unique_ptr<llm::LlmClient> c, const std::string& model)
        : client(std::move(c)), embedder(*client, cache::ProviderEmbedderOptions{.model = model}) {}
    std::unique_ptr<llm::LlmClient> client;
    cache::ProviderEmbedder embedder;
  };
  auto owned = std::make_shared<Owned>(llm::MakeLlmClient(provider), provider.embedding_model);
  return std::shared_ptr<const cache::Embedder>(owned, &owned->embedder);
}

std::filesystem::path KnowledgeIndexFile(const std::filesystem::path& data_dir,
                                         std::string_view store_url) {
  if (store_url.empty()) return data_dir / "knowledge_index.bin";
  uint64_t h = 1469598103934665603ULL;  // FNV-1a: a short, stable name per database
  for (unsigned char c : store_url) {
    h ^= c;
    h *= 1099511628211ULL;
  }
  char hex[17];
  std::snprintf(hex, sizeof(hex), "%016llx", static_cast<unsigned long long>(h));
  return data_dir / ("knowledge_index_" + std::string(hex) + ".bin");
}

StatusOr<OpenedKnowledgeBase> OpenKnowledgeBase(const std::filesystem::path& data_dir,
                                                const std::string& store_url,
                                                KnowledgeBaseOptions options) {
  OpenedKnowledgeBase out;
  if (store_url.empty()) {
    ASKDB_ASSIGN_OR_RETURN(
        out.own_store, server::store::SqliteManagementStore::Open(
                           data_dir / std::string(server::store::kDefaultManagementStoreFileName)));
  } else {
    ASKDB_ASSIGN_OR_RETURN(out.own_store, server::store::PostgresManagementStore::Open(store_url));
  }
  ASKDB_ASSIGN_OR_RETURN(out.kb, OpenKnowledgeBaseOn(*out.own_store, std::move(options)));
  return out;
}

}  // namespace askdb::knowledge
