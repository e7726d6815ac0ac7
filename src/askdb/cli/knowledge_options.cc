#include "askdb/cli/knowledge_options.h"

#include "askdb/cli/llm_setup.h"
#include "askdb/common/paths.h"
#include "askdb/knowledge/knowledge_setup.h"

namespace askdb::cli {

StatusOr<knowledge::KnowledgeBaseOptions> CliKnowledgeOptions(const config::Config& config) {
  ASKDB_ASSIGN_OR_RETURN(knowledge::KnowledgeBaseOptions options,
                         knowledge::KnowledgeOptionsFromConfig(config));
  StatusOr<llm::ProviderConfig> provider = ProviderFromConfig(config);
  // embedding_model may also come from the environment's provider table; only a set one
  // switches the knowledge base's vectors to the provider.
  if (provider.ok() && !provider->embedding_model.empty()) {
    options.embedder = knowledge::ProviderKnowledgeEmbedder(*provider);
  } else if (!provider.ok() && config.llm.table.contains("embedding_model")) {
    return Status(provider.status().code(),
                  "[llm] embedding_model is set but the provider cannot be used for the "
                  "knowledge base's embeddings: " +
                      std::string(provider.status().message()));
  }
  if (StatusOr<std::filesystem::path> dir = DataDir(); dir.ok()) {
    options.index_file = knowledge::KnowledgeIndexFile(*dir, config.server.store_url);
  }
  return options;
}

}  // namespace askdb::cli
