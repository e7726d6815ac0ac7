// Opening the knowledge base where askdb keeps its management records: the SQLite file
// <data dir>/askdb_server.sqlite, or the PostgreSQL database of server.store_url shared by
// several processes. Used by `askdb kb`, `askdb ask`/`chat` (the evidence stage) and
// `askdb serve` (/api/knowledge and its runs).
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <string_view>

#include "askdb/common/status.h"
#include "askdb/knowledge/knowledge_base.h"
#include "askdb/knowledge/knowledge_evidence.h"

namespace askdb::config {
struct Config;
}

namespace askdb::llm {
struct ProviderConfig;
}

namespace askdb::server::store {
class ManagementStore;
}

namespace askdb::knowledge {

struct OpenedKnowledgeBase {
  OpenedKnowledgeBase();
  ~OpenedKnowledgeBase();
  OpenedKnowledgeBase(OpenedKnowledgeBase&&) noexcept;
  OpenedKnowledgeBase& operator=(OpenedKnowledgeBase&&) noexcept;

  std::unique_ptr<server::store::ManagementStore> own_store;  // when opened here
  std::unique_ptr<KnowledgeBase> kb;                          // borrows the store
};

// The [knowledge] keys as options; InvalidArgument for a bad chunker combination.
StatusOr<KnowledgeBaseOptions> KnowledgeOptionsFromConfig(const config::Config& config);
KnowledgeEvidenceOptions EvidenceOptionsFromConfig(const config::Config& config);

// The vectors' embedder when [llm] embedding_model is set: the provider's OpenAI-compatible
// embeddings endpoint (ProviderEmbedder: 64 texts per request, 10 s per request, the
// client's retries and circuit breaker); the answer owns its client.
std::shared_ptr<const cache::Embedder> ProviderKnowledgeEmbedder(
    const llm::ProviderConfig& provider);

// Where a process keeps its saved search index: <data dir>/knowledge_index.bin for the
// SQLite store, knowledge_index_<hash of the URL>.bin for a PostgreSQL one.
std::filesystem::path KnowledgeIndexFile(const std::filesystem::path& data_dir,
                                         std::string_view store_url);

// Opens (creating when missing) the management database and the knowledge base on it,
// with options.embedder (null: the built-in lexical embedder).
StatusOr<OpenedKnowledgeBase> OpenKnowledgeBase(const std::filesystem::path& data_dir,
                                                const std::string& store_url,
                                                KnowledgeBaseOptions options);

// On a management store opened already (askdb serve); FailedPrecondition when it is not an
// SQL store.
StatusOr<std::unique_ptr<KnowledgeBase>> OpenKnowledgeBaseOn(server::store::ManagementStore& store,
                                                             KnowledgeBaseOptions options);

}  // namespace askdb::knowledge
