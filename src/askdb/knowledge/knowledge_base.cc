#include "askdb/knowledge/knowledge_base.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <exception>

#include "askdb/common/text.h"
#include "askdb/knowledge/document_parser.h"
#include "askdb/server/store/management_store.h"

namespace askdb::knowledge {
namespace {

ChunkType IndexType(ItemKind kind) {
  switch (kind) {
    case ItemKind::kQa:
      return ChunkType::kQa;
    case ItemKind::kFaq:
      return ChunkType::kFaq;
    case ItemKind::kDocument:
      return ChunkType::kDocument;
  }
  return ChunkType::kDocument;
}

bool Blank(std::string_view s) { return s.find_first_not_of(" \t\r\n") == std::string_view::npos; }

Status CheckPair(const KnowledgeItem& item) {
  if (Blank(item.question) || Blank(item.answer)) {
    return InvalidArgumentError(std::string(ItemKindName(item.kind)) +
                                " needs a question and an answer, both not blank");
  }
  if (!text::IsValidUtf8(item.question) || !text::IsValidUtf8(item.answer)) {
    return InvalidArgumentError("the question and answer must be UTF-8 text");
  }
  return Status::Ok();
}

}  // namespace

StatusOr<std::unique_ptr<KnowledgeBase>> KnowledgeBase::Open(
    std::unique_ptr<KnowledgeStore> store, std::shared_ptr<const cache::Embedder> embedder,
    KnowledgeBaseOptions options) {
  if (store == nullptr || embedder == nullptr) {
    return InvalidArgumentError("the knowledge base needs a store and an embedder");
  }
  ASKDB_RETURN_IF_ERROR(ValidateChunkerOptions(options.default_chunker));
  std::unique_ptr<KnowledgeBase> kb(
      new KnowledgeBase(std::move(store), std::move(embedder), std::move(options)));
  kb->LoadIndexFile();
  ASKDB_RETURN_IF_ERROR(kb->Sync());
  std::lock_guard lock(kb->mu_);
  if (kb->synced_seq_ != kb->saved_seq_) kb->SaveIndexFile();
  return kb;
}

KnowledgeBase::KnowledgeBase(std::unique_ptr<KnowledgeStore> store,
                             std::shared_ptr<const cache::Embedder> embedder,
                             KnowledgeBaseOptions options)
    : store_(std::move(store)),
      embedder_(std::move(embedder)),
      index_(std::make_unique<KnowledgeIndex>(embedder_)),
      options_(std::move(options)) {}

KnowledgeBase::~KnowledgeBase() {
  std::lock_guard lock(mu_);
  if (synced_seq_ != saved_seq_) SaveIndexFile();
}

namespace {

// "<store instance>:<change number>", the stamp of a saved index.
std::string IndexStamp(int64_t instance, int64_t seq) {
  return std::to_string(instance) + ":" + std::to_string(seq);
}

// Logs a re-embedding's progress about every tenth of the way.
RebuildProgress LogProgress(const std::filesystem::path& path) {
  return [path, last = size_t{0}](size_t done, size_t total) mutable {
    if (total == 0 || (done != total && done - last < std::max<size_t>(total / 10, 1))) return;
    last = done;
    spdlog::info("knowledge: re-embedding the index of {}: {} of {} chunks", path.string(), done,
                 total);
  };
}

}  // namespace

void KnowledgeBase::LoadIndexFile() {
  const std::filesystem::path& path = options_.index_file;
  std::error_code ec;
  if (path.empty() || !std::filesystem::exists(path, ec)) return;
  StatusOr<int64_t> instance = store_->Instance();
  StatusOr<int64_t> last = store_->LastChange();
  if (!instance.ok() || !last.ok()) return;  // Sync reports the store's failure
  bool rebuilt = false;
  std::string stamp;
  Status loaded = index_->Load(path, LogProgress(path), &rebuilt, &stamp);
  if (!loaded.ok()) {
    spdlog::warn(
        "knowledge: the saved index {} is not used ({}); it is deleted and the index is "
        "rebuilt from the store",
        path.string(), loaded.message());
    std::filesystem::remove(path, ec);
    return;
  }
  const size_t colon = stamp.find(':');
  int64_t seq = -1;
  if (colon != std::string::npos && stamp.substr(0, colon) == std::to_string(*instance)) {
    try {
      seq = std::stoll(stamp.substr(colon + 1));
    } catch (const std::exception&) {
      seq = -1;
    }
  }
  if (seq < 0 || seq > *last) {
    spdlog::warn(
        "knowledge: the saved index {} was built from another knowledge store (or one since "
        "recreated); the index is rebuilt from this store",
        path.string());
    index_ = std::make_unique<KnowledgeIndex>(embedder_);
    return;
  }
  std::lock_guard lock(mu_);
  synced_seq_ = seq;
  saved_seq_ = rebuilt ? -1 : seq;
  spdlog::debug("knowledge: index loaded from {} ({} chunks, current to change {} of {})",
                path.string(), index_->size(), seq, *last);
}

void KnowledgeBase::SaveIndexFile() {
  if (options_.index_file.empty()) return;
  StatusOr<int64_t> instance = store_->Instance();
  Status saved = instance.ok()
                     ? index_->Save(options_.index_file, IndexStamp(*instance, synced_seq_))
                     : instance.status();
  if (!saved.ok()) {
    spdlog::warn("knowledge: the index was not saved ({}); the next start embeds it again",
                 saved.message());
    return;
  }
  saved_seq_ = synced_seq_;
}

std::vector<std::string> KnowledgeBase::ChunkTexts(const KnowledgeItem& item) {
  if (item.kind != ItemKind::kDocument) return {item.question};
  return ChunkText(item.content, item.chunker);
}

std::vector<Chunk> KnowledgeBase::IndexChunks(const KnowledgeItem& item,
                                              const std::vector<std::string>& texts) {
  std::vector<Chunk> chunks;
  for (size_t i = 0; i < texts.size(); ++i) {
    chunks.push_back({.id = item.id + "#" + std::to_string(i),
                      .item_id = item.id,
                      .scope = item.scope,
                      .type = IndexType(item.kind),
                      .recall = item.recall,
                      .text = texts[i]});
  }
  return chunks;
}

void KnowledgeBase::Advance(int64_t seq) {
  if (seq == synced_seq_ + 1) synced_seq_ = seq;
}

StatusOr<KnowledgeItem> KnowledgeBase::Insert(KnowledgeItem item) {
  ASKDB_RETURN_IF_ERROR(ValidateScope(item.scope));
  if (item.id.empty()) item.id = server::store::NewRecordId("kn");
  const std::vector<std::string> texts = ChunkTexts(item);
  if (texts.empty()) return InvalidArgumentError("'" + item.title + "' has no text to index");
  std::lock_guard lock(mu_);
  ASKDB_RETURN_IF_ERROR(index_->Add(IndexChunks(item, texts)));
  item.state = ItemState::kIndexed;
  item.state_reason.clear();
  StatusOr<KnowledgeItem> stored = store_->Insert(item, texts);
  if (!stored.ok()) {
    index_->RemoveItem(item.id);  // all or nothing
    return stored.status();
  }
  Advance(stored->change_seq);
  return stored;
}

Status KnowledgeBase::RefuseIndexedCopy(const KnowledgeItem& item, KnowledgeItem* indexed) const {
  ASKDB_ASSIGN_OR_RETURN(const std::vector<KnowledgeItem> documents,
                         store_->List({.scope = item.scope, .kind = ItemKind::kDocument}));
  for (const KnowledgeItem& existing : documents) {
    if (existing.deleted || existing.content != item.content) continue;
    if (indexed != nullptr) *indexed = existing;
    return AlreadyExistsError("'" + item.file_name + "' is already indexed in " + item.scope +
                              " as " + existing.id + " ('" + existing.title +
                              "', the same content); nothing was added");
  }
  return Status::Ok();
}

StatusOr<KnowledgeItem> KnowledgeBase::AddDocument(const DocumentInput& input,
                                                   KnowledgeItem* indexed) {
  KnowledgeItem item;
  item.scope = input.scope;
  item.kind = ItemKind::kDocument;
  item.file_name = input.file_name;
  item.title = input.title.empty() ? input.file_name : input.title;
  item.recall = input.recall;
  item.chunker = input.chunker.value_or(options_.default_chunker);
  ASKDB_RETURN_IF_ERROR(ValidateScope(item.scope));
  ASKDB_RETURN_IF_ERROR(ValidateChunkerOptions(item.chunker));
  ASKDB_ASSIGN_OR_RETURN(const DocumentFormat format,
                         input.format.empty() ? DocumentFormatFromFileName(input.file_name)
                                              : ParseDocumentFormat(input.format));
  item.format = std::string(DocumentFormatName(format));
  ASKDB_ASSIGN_OR_RETURN(item.content, ExtractDocumentText(input.file_name, input.bytes, format,
                                                           {.max_bytes = options_.max_file_bytes}));
  ASKDB_RETURN_IF_ERROR(RefuseIndexedCopy(item, indexed));
  return Insert(std::move(item));
}

StatusOr<KnowledgeItem> KnowledgeBase::AddPair(const PairInput& input) {
  if (input.kind == ItemKind::kDocument) {
    return InvalidArgumentError("a document is added with its file, not as a pair");
  }
  KnowledgeItem item;
  item.scope = input.scope;
  item.kind = input.kind;
  item.question = input.question;
  item.answer = input.answer;
  item.title = input.title.empty() ? input.question : input.title;
  item.recall = input.recall;
  ASKDB_RETURN_IF_ERROR(CheckPair(item));
  return Insert(std::move(item));
}

StatusOr<KnowledgeItem> KnowledgeBase::Edit(const std::string& id, const ItemEdit& edit) {
  ASKDB_ASSIGN_OR_RETURN(KnowledgeItem item, store_->Get(id));
  if (item.deleted) return NotFoundError("knowledge item '" + id + "' was deleted");
  const KnowledgeItem before = item;
  if (edit.title) item.title = *edit.title;
  if (edit.scope) item.scope = *edit.scope;
  if (edit.recall) item.recall = *edit.recall;
  if (edit.chunker) item.chunker = *edit.chunker;
  if (item.kind == ItemKind::kDocument && (edit.question || edit.answer)) {
    return InvalidArgumentError("a document has no question or answer to edit");
  }
  if (edit.question) item.question = *edit.question;
  if (edit.answer) item.answer = *edit.answer;
  ASKDB_RETURN_IF_ERROR(ValidateScope(item.scope));
  ASKDB_RETURN_IF_ERROR(ValidateChunkerOptions(item.chunker));
  if (item.kind != ItemKind::kDocument) ASKDB_RETURN_IF_ERROR(CheckPair(item));

  std::lock_guard lock(mu_);
  const bool rechunk = edit.chunker || edit.question || edit.scope;
  std::optional<std::vector<std::string>> texts;
  if (rechunk) {
    texts = ChunkTexts(item);
    // Replace the item's chunks in the index; put the old ones back when that fails.
    ASKDB_ASSIGN_OR_RETURN(const std::vector<StoredChunk> old, store_->Chunks(id));
    index_->RemoveItem(id);
    if (Status added = index_->Add(IndexChunks(item, *texts)); !added.ok()) {
      std::vector<std::string> old_texts;
      for (const StoredChunk& c : old) old_texts.push_back(c.text);
      (void)index_->Add(IndexChunks(before, old_texts));
      return added;
    }
    item.state = ItemState::kIndexed;
    item.state_reason.clear();
  } else if (edit.recall) {
    index_->SetRecall(id, item.recall);
  }
  StatusOr<KnowledgeItem> stored = store_->Update(item, texts);
  if (!stored.ok()) {
    // The record did not change: put the index back as the record says.
    (void)ApplyChange(before);
    return stored.status();
  }
  Advance(stored->change_seq);
  return stored;
}

Status KnowledgeBase::Remove(const std::string& id) {
  std::lock_guard lock(mu_);
  ASKDB_RETURN_IF_ERROR(store_->MarkDeleted(id));
  index_->RemoveItem(id);
  // The index no longer holds them: the chunk rows can go (the seed's is_resource_cleaned).
  if (Status purged = store_->Purge(id); !purged.ok()) {
    spdlog::warn("knowledge: item {} deleted but its chunks stay until the next removal: {}", id,
                 purged.ToString());
  }
  return Status::Ok();
}

StatusOr<int> KnowledgeBase::Reindex(const std::string& id, const RebuildProgress& progress) {
  std::vector<KnowledgeItem> items;
  if (id.empty()) {
    ASKDB_ASSIGN_OR_RETURN(items, store_->List({}));
  } else {
    ASKDB_ASSIGN_OR_RETURN(KnowledgeItem item, store_->Get(id));
    if (item.deleted) return NotFoundError("knowledge item '" + id + "' was deleted");
    items.push_back(std::move(item));
  }
  std::lock_guard lock(mu_);
  int indexed = 0;
  for (size_t i = 0; i < items.size(); ++i) {
    KnowledgeItem& item = items[i];
    ASKDB_RETURN_IF_ERROR(store_->SetState(item.id, ItemState::kPending, ""));
    index_->RemoveItem(item.id);
    const std::vector<std::string> texts = ChunkTexts(item);
    Status added = texts.empty() ? InvalidArgumentError("no text to index")
                                 : index_->Add(IndexChunks(item, texts));
    if (added.ok()) {
      item.state = ItemState::kIndexed;
      item.state_reason.clear();
      ++indexed;
    } else {
      item.state = ItemState::kFailed;
      item.state_reason = std::string(added.message());
    }
    ASKDB_ASSIGN_OR_RETURN(const KnowledgeItem stored,
                           store_->Update(item, added.ok() ? std::optional(texts) : std::nullopt));
    (void)stored;
    if (progress) progress(i + 1, items.size());
  }
  // Our own writes are in the index already; re-reading them is harmless, only slower.
  ASKDB_ASSIGN_OR_RETURN(synced_seq_, store_->LastChange());
  SaveIndexFile();
  return indexed;
}

Status KnowledgeBase::ApplyChange(const KnowledgeItem& item) {
  index_->RemoveItem(item.id);
  if (item.deleted || item.state != ItemState::kIndexed) return Status::Ok();
  ASKDB_ASSIGN_OR_RETURN(const std::vector<StoredChunk> stored, store_->Chunks(item.id));
  std::vector<std::string> texts;
  for (const StoredChunk& c : stored) texts.push_back(c.text);
  if (texts.empty()) return Status::Ok();
  return index_->Add(IndexChunks(item, texts));
}

Status KnowledgeBase::Sync() {
  std::lock_guard lock(mu_);
  ASKDB_ASSIGN_OR_RETURN(const int64_t last, store_->LastChange());
  if (last == synced_seq_) return Status::Ok();
  ASKDB_ASSIGN_OR_RETURN(const std::vector<KnowledgeItem> changed,
                         store_->ChangesSince(synced_seq_));
  for (const KnowledgeItem& item : changed) {
    if (Status applied = ApplyChange(item); !applied.ok()) {
      // Another process indexed it; this one cannot (its embedder failed): say so on the item.
      spdlog::warn("knowledge: item {} could not be indexed here: {}", item.id, applied.ToString());
      (void)store_->SetState(item.id, ItemState::kFailed, applied.message());
    }
  }
  synced_seq_ = std::max(last, changed.empty() ? last : changed.back().change_seq);
  return Status::Ok();
}

SearchResult KnowledgeBase::Search(std::string_view query, const SearchOptions& options) {
  if (Status synced = Sync(); !synced.ok()) {
    spdlog::warn("knowledge: searching without the latest changes: {}", synced.ToString());
  }
  return index_->Search(query, options);
}

}  // namespace askdb::knowledge
