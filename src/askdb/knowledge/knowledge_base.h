// KnowledgeBase: the agent-knowledge life cycle (seed 004 §5) over a KnowledgeStore (the
// records, shared by every process) and this process's KnowledgeIndex (search).
//
//   add       documents are parsed and chunked, Q&A and FAQ pairs indexed by their
//             question; the chunks are embedded into the index first and the records
//             written after, so an add that fails anywhere leaves nothing behind
//   edit      title, Q&A text, chunker, scope, recall switch; re-chunked and re-indexed
//   remove    soft delete, then the index drops the chunks and the chunk rows are purged
//   reindex   re-chunks and re-embeds one item or all of them (after a change of
//             embedder); an item that cannot be indexed is marked failed with the reason
//
// Sync catches this process's index up with what other processes wrote (the store's change
// numbers); Search and the evidence source call it first. Thread-safe.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "askdb/common/status.h"
#include "askdb/knowledge/chunker.h"
#include "askdb/knowledge/knowledge_store.h"
#include "askdb/knowledge/search/knowledge_index.h"

namespace askdb::knowledge {

struct KnowledgeBaseOptions {
  int64_t max_file_bytes = 20 * 1024 * 1024;  // knowledge.max_file_mb
  ChunkerOptions default_chunker{};
  // Where this process keeps its search index between runs; empty: not kept (every open
  // embeds every chunk). Opening loads it when it was saved from this store with this
  // embedder, catches up with the changes made since, and saves it again when that changed
  // anything (and when the knowledge base is destroyed after changes). A file that cannot
  // be read is deleted and the index rebuilt from the store (a warning says so); one
  // written with another embedder is re-embedded, with progress in the log.
  std::filesystem::path index_file{};
  // The embedder OpenKnowledgeBaseOn uses; null: the built-in lexical embedder.
  std::shared_ptr<const cache::Embedder> embedder{};
};

struct DocumentInput {
  std::string scope{};      // "agent:<id>" / "datasource:<id>"
  std::string file_name{};  // its extension gives the format unless `format` is set
  std::string format{};     // optional: markdown, text, pdf, docx, html, csv
  std::string title{};      // optional: the file name
  std::string bytes{};
  std::optional<ChunkerOptions> chunker{};  // optional: the default chunker
  bool recall = true;
};

struct PairInput {
  std::string scope{};
  ItemKind kind = ItemKind::kQa;  // kQa or kFaq
  std::string question{};
  std::string answer{};
  std::string title{};  // optional: the question
  bool recall = true;
};

struct ItemEdit {
  std::optional<std::string> title{};
  std::optional<std::string> scope{};
  std::optional<std::string> question{};
  std::optional<std::string> answer{};
  std::optional<ChunkerOptions> chunker{};
  std::optional<bool> recall{};
};

class KnowledgeBase {
 public:
  // Loads every indexed item of the store into a new index (embedding its chunks).
  static StatusOr<std::unique_ptr<KnowledgeBase>> Open(
      std::unique_ptr<KnowledgeStore> store, std::shared_ptr<const cache::Embedder> embedder,
      KnowledgeBaseOptions options = {});
  ~KnowledgeBase();

  // A document whose text is already indexed in the same scope (a live document item with
  // the same extracted content, whatever its file name) is not added again: AlreadyExists,
  // its message naming that item, which `*indexed` (when given) receives. The same file
  // name with other content is a new item.
  StatusOr<KnowledgeItem> AddDocument(const DocumentInput& input, KnowledgeItem* indexed = nullptr);
  StatusOr<KnowledgeItem> AddPair(const PairInput& input);
  StatusOr<KnowledgeItem> Edit(const std::string& id, const ItemEdit& edit);
  Status Remove(const std::string& id);
  // One item, or every live item when `id` is empty; answers how many were indexed.
  StatusOr<int> Reindex(const std::string& id, const RebuildProgress& progress = {});

  Status Sync();
  // Sync (a failure is logged; the index answers as it is) and search.
  SearchResult Search(std::string_view query, const SearchOptions& options);

  StatusOr<KnowledgeItem> Get(const std::string& id) const { return store_->Get(id); }
  StatusOr<std::vector<KnowledgeItem>> List(const ItemFilter& filter) const {
    return store_->List(filter);
  }
  const KnowledgeStore& store() const { return *store_; }
  const KnowledgeIndex& index() const { return *index_; }
  const KnowledgeBaseOptions& options() const { return options_; }

 private:
  KnowledgeBase(std::unique_ptr<KnowledgeStore> store,
                std::shared_ptr<const cache::Embedder> embedder, KnowledgeBaseOptions options);

  // Replaces the empty index with options_.index_file's when that file is usable (see
  // KnowledgeBaseOptions::index_file); sets synced_seq_ to the change it was saved at.
  void LoadIndexFile();
  // Saves the index with the store's identity and synced_seq_ (mu_ held); a failure is
  // logged (the next open re-embeds what it lacks).
  void SaveIndexFile();

  // The item's chunks as the index holds them.
  static std::vector<Chunk> IndexChunks(const KnowledgeItem& item,
                                        const std::vector<std::string>& texts);
  // What the item is split into (documents: its content by its chunker; pairs: the question).
  static std::vector<std::string> ChunkTexts(const KnowledgeItem& item);
  // AlreadyExists naming the live document of `item`'s scope with its content, if any.
  Status RefuseIndexedCopy(const KnowledgeItem& item, KnowledgeItem* indexed) const;
  // Index first, record after; the index is undone when the record fails.
  StatusOr<KnowledgeItem> Insert(KnowledgeItem item);
  // Marks this process's index current up to `seq` when nothing else changed in between.
  void Advance(int64_t seq);
  Status ApplyChange(const KnowledgeItem& item);

  std::unique_ptr<KnowledgeStore> store_;
  std::shared_ptr<const cache::Embedder> embedder_;
  std::unique_ptr<KnowledgeIndex> index_;
  KnowledgeBaseOptions options_;
  std::mutex mu_;           // one writer or sync at a time in this process
  int64_t synced_seq_ = 0;  // guarded by mu_
  int64_t saved_seq_ = -1;  // synced_seq_ when the index file was last read or written
};

}  // namespace askdb::knowledge
