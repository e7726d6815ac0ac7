// KnowledgeStore: the knowledge base's records in the management database — its own tables
// beside the management store's, on the same connection (SqlManagementStore::ReadWith /
// WriteWith), so it lives in <data dir>/askdb_server.sqlite or, for several server
// processes, in the PostgreSQL database of server.store_url.
//
//   knowledge_items(id PK, scope, kind, title, file_name, format, chunker, chunk_size,
//                   chunk_overlap, content, question, answer, recall INT, state,
//                   state_reason, deleted INT, cleaned INT, chunk_count, created_at_ms,
//                   updated_at_ms, change_seq)          index (change_seq)
//   knowledge_chunks(id PK, item_id, seq, text)        index (item_id)
//   knowledge_meta(name PK, value)                      the rows "change_seq" and
//                                                       "instance" (random, made once)
//
// Every write takes the next change number (knowledge_meta "change_seq", bumped inside the
// write's transaction) and stamps it on the item it changed, so a process's search index
// catches up with what another process wrote by reading ChangesSince(its last number).
// Deletion is soft: the row stays, marked deleted, until its chunks are purged (Purge)
// after every index dropped them. Thread-safe (the management store's lock).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "askdb/common/status.h"
#include "askdb/knowledge/chunker.h"

namespace askdb::server::store {
class SqlManagementStore;
}

namespace askdb::knowledge {

enum class ItemKind { kDocument, kQa, kFaq };
std::string_view ItemKindName(ItemKind kind);  // "document", "qa", "faq"
StatusOr<ItemKind> ParseItemKind(std::string_view name);

// indexed: its chunks are searchable; pending: written, waiting for (re-)indexing;
// failed: indexing failed, `state_reason` says why.
enum class ItemState { kPending, kIndexed, kFailed };
std::string_view ItemStateName(ItemState state);
StatusOr<ItemState> ParseItemState(std::string_view name);

struct KnowledgeItem {
  std::string id{};     // "kn_..." when created empty
  std::string scope{};  // "agent:<id>" or "datasource:<id>"
  ItemKind kind = ItemKind::kDocument;
  std::string title;        // a person's name for it (the file name by default)
  std::string file_name{};  // documents
  std::string format{};     // documents: DocumentFormatName
  ChunkerOptions chunker{};
  std::string content;     // documents: the extracted text (re-chunked on edit)
  std::string question{};  // Q&A and FAQ
  std::string answer{};
  bool recall = true;
  ItemState state = ItemState::kPending;
  std::string state_reason{};
  bool deleted = false;
  bool cleaned = false;  // deleted and its chunks purged
  int64_t chunk_count = 0;
  int64_t created_at_ms = 0;
  int64_t updated_at_ms = 0;
  int64_t change_seq = 0;
};

struct StoredChunk {
  std::string id{};  // "<item id>#<seq>"
  std::string item_id{};
  int64_t seq = 0;
  std::string text{};
};

struct ItemFilter {
  std::string scope{};  // empty: every scope
  std::optional<ItemKind> kind{};
  bool include_deleted = false;
};

// The scope string of an agent or a datasource, validated: "agent:sales".
StatusOr<std::string> MakeScope(std::string_view kind, std::string_view id);
Status ValidateScope(std::string_view scope);

class KnowledgeStore {
 public:
  // Creates the tables when missing. `db` is borrowed and must outlive the store.
  static StatusOr<std::unique_ptr<KnowledgeStore>> Open(server::store::SqlManagementStore& db);

  // Inserts the item and its chunks in one transaction; the item's id (assigned when empty),
  // times and change number are set in the answer. AlreadyExists for a taken id.
  StatusOr<KnowledgeItem> Insert(KnowledgeItem item, const std::vector<std::string>& chunks);
  // Replaces the item's fields (not its id, kind or creation time); with `chunks`, its chunks
  // too. NotFound for a missing or deleted item.
  StatusOr<KnowledgeItem> Update(const KnowledgeItem& item,
                                 const std::optional<std::vector<std::string>>& chunks);
  Status SetState(std::string_view id, ItemState state, std::string_view reason);
  // Soft delete: NotFound when missing or already deleted.
  Status MarkDeleted(std::string_view id);
  // Drops a deleted item's chunks and marks it cleaned.
  Status Purge(std::string_view id);
  // Removes the rows of one item whatever its state (undoing an add the index refused).
  Status Erase(std::string_view id);

  StatusOr<KnowledgeItem> Get(std::string_view id) const;  // NotFound when missing
  StatusOr<std::vector<KnowledgeItem>> List(const ItemFilter& filter) const;
  StatusOr<std::vector<StoredChunk>> Chunks(std::string_view item_id) const;
  // Items changed after `seq` (deleted ones too), oldest change first.
  StatusOr<std::vector<KnowledgeItem>> ChangesSince(int64_t seq) const;
  StatusOr<int64_t> LastChange() const;
  // A random number drawn when the tables were made: a saved search index names the store
  // it was built from, so it is not used with another (or a recreated) one.
  StatusOr<int64_t> Instance() const;

 private:
  explicit KnowledgeStore(server::store::SqlManagementStore& db) : db_(db) {}
  StatusOr<int64_t> Meta(std::string_view name) const;
  server::store::SqlManagementStore& db_;
};

}  // namespace askdb::knowledge
