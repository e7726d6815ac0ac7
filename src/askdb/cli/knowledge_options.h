// The knowledge base's options for the commands that open it (askdb kb, ask/chat, serve,
// mcp): the [knowledge] keys, the embedder ([llm] embedding_model set: the provider's
// embeddings endpoint; else the built-in lexical embedder) and the saved search index in
// the data directory (docs/knowledge.md "Where it is stored").
#pragma once

#include "askdb/common/status.h"
#include "askdb/knowledge/knowledge_base.h"

namespace askdb::config {
struct Config;
}

namespace askdb::cli {

// InvalidArgument for bad [knowledge] keys; FailedPrecondition when embedding_model is set
// but the provider's configuration is not usable (it names what to fix).
StatusOr<knowledge::KnowledgeBaseOptions> CliKnowledgeOptions(const config::Config& config);

}  // namespace askdb::cli
