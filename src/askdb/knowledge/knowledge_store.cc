#include "askdb/knowledge/knowledge_store.h"

#include <chrono>
#include <random>

#include "askdb/server/store/management_store.h"
#include "askdb/server/store/sql_management_store.h"

namespace askdb::knowledge {
namespace {

using server::store::SqlStatement;
using StepResult = SqlStatement::StepResult;
using PrepareFn = server::store::SqlManagementStore::PrepareFn;

// One DDL both SQLite and PostgreSQL accept (BIGINT is an integer in SQLite).
constexpr const char* kCreateStatements[] = {
    "CREATE TABLE IF NOT EXISTS knowledge_items ("
    " id TEXT PRIMARY KEY, scope TEXT NOT NULL, kind TEXT NOT NULL, title TEXT NOT NULL,"
    " file_name TEXT NOT NULL, format TEXT NOT NULL, chunker TEXT NOT NULL,"
    " chunk_size BIGINT NOT NULL, chunk_overlap BIGINT NOT NULL, content TEXT NOT NULL,"
    " question TEXT NOT NULL, answer TEXT NOT NULL, recall BIGINT NOT NULL,"
    " state TEXT NOT NULL, state_reason TEXT NOT NULL, deleted BIGINT NOT NULL,"
    " cleaned BIGINT NOT NULL, chunk_count BIGINT NOT NULL, created_at_ms BIGINT NOT NULL,"
    " updated_at_ms BIGINT NOT NULL, change_seq BIGINT NOT NULL)",
    "CREATE INDEX IF NOT EXISTS knowledge_items_change ON knowledge_items(change_seq)",
    "CREATE TABLE IF NOT EXISTS knowledge_chunks ("
    " id TEXT PRIMARY KEY, item_id TEXT NOT NULL, seq BIGINT NOT NULL, text TEXT NOT NULL)",
    "CREATE INDEX IF NOT EXISTS knowledge_chunks_item ON knowledge_chunks(item_id)",
    "CREATE TABLE IF NOT EXISTS knowledge_meta (name TEXT PRIMARY KEY, value BIGINT NOT NULL)",
};

constexpr const char* kItemColumns =
    "id, scope, kind, title, file_name, format, chunker, chunk_size, chunk_overlap, content,"
    " question, answer, recall, state, state_reason, deleted, cleaned, chunk_count,"
    " created_at_ms, updated_at_ms, change_seq";

template <typename T>
T Or(const StatusOr<T>& value, T fallback) {
  return value.ok() ? *value : fallback;
}

int64_t NowMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

std::string ChunkId(std::string_view item_id, int64_t seq) {
  return std::string(item_id) + "#" + std::to_string(seq);
}

KnowledgeItem ReadItem(const SqlStatement& s) {
  KnowledgeItem item;
  item.id = s.ColText(0);
  item.scope = s.ColText(1);
  item.kind = Or(ParseItemKind(s.ColText(2)), ItemKind::kDocument);
  item.title = s.ColText(3);
  item.file_name = s.ColText(4);
  item.format = s.ColText(5);
  item.chunker.kind = Or(ParseChunkerKind(s.ColText(6)), ChunkerKind::kRecursive);
  item.chunker.size = static_cast<int>(s.ColInt(7));
  item.chunker.overlap = static_cast<int>(s.ColInt(8));
  item.content = s.ColText(9);
  item.question = s.ColText(10);
  item.answer = s.ColText(11);
  item.recall = s.ColInt(12) != 0;
  item.state = Or(ParseItemState(s.ColText(13)), ItemState::kPending);
  item.state_reason = s.ColText(14);
  item.deleted = s.ColInt(15) != 0;
  item.cleaned = s.ColInt(16) != 0;
  item.chunk_count = s.ColInt(17);
  item.created_at_ms = s.ColInt(18);
  item.updated_at_ms = s.ColInt(19);
  item.change_seq = s.ColInt(20);
  return item;
}

// Binds the columns after id (scope .. change_seq) in kItemColumns order.
void BindItemFields(SqlStatement& s, const KnowledgeItem& item) {
  s.Text(item.scope)
      .Text(ItemKindName(item.kind))
      .Text(item.title)
      .Text(item.file_name)
      .Text(item.format)
      .Text(ChunkerName(item.chunker.kind))
      .Int(item.chunker.size)
      .Int(item.chunker.overlap)
      .Text(item.content)
      .Text(item.question)
      .Text(item.answer)
      .Int(item.recall ? 1 : 0)
      .Text(ItemStateName(item.state))
      .Text(item.state_reason)
      .Int(item.deleted ? 1 : 0)
      .Int(item.cleaned ? 1 : 0)
      .Int(item.chunk_count)
      .Int(item.created_at_ms)
      .Int(item.updated_at_ms)
      .Int(item.change_seq);
}

Status Run(const PrepareFn& prepare, const std::string& sql, std::string_view what,
           const std::function<void(SqlStatement&)>& bind = {}) {
  std::unique_ptr<SqlStatement> s = prepare(sql);
  ASKDB_RETURN_IF_ERROR(s->prepared());
  if (bind) bind(*s);
  return s->Run(what);
}

int64_t RandomInstance() {
  std::mt19937_64 engine{std::random_device{}()};
  return static_cast<int64_t>(engine() >> 1);  // positive: any BIGINT column holds it
}

// The next change number, taken inside the caller's write transaction.
StatusOr<int64_t> NextChange(const PrepareFn& prepare) {
  ASKDB_RETURN_IF_ERROR(Run(prepare, "UPDATE knowledge_meta SET value = value + 1 WHERE name = ?",
                            "taking a knowledge change number",
                            [](SqlStatement& s) { s.Text("change_seq"); }));
  std::unique_ptr<SqlStatement> s = prepare("SELECT value FROM knowledge_meta WHERE name = ?");
  ASKDB_RETURN_IF_ERROR(s->prepared());
  s->Text("change_seq");
  if (s->Step() != StepResult::kRow) return s->StepError("reading the knowledge change number");
  return s->ColInt(0);
}

Status ReplaceChunks(const PrepareFn& prepare, std::string_view item_id,
                     const std::vector<std::string>& chunks) {
  ASKDB_RETURN_IF_ERROR(Run(prepare, "DELETE FROM knowledge_chunks WHERE item_id = ?",
                            "removing knowledge chunks",
                            [&](SqlStatement& s) { s.Text(item_id); }));
  for (size_t i = 0; i < chunks.size(); ++i) {
    ASKDB_RETURN_IF_ERROR(
        Run(prepare, "INSERT INTO knowledge_chunks(id, item_id, seq, text) VALUES (?,?,?,?)",
            "writing a knowledge chunk", [&](SqlStatement& s) {
              s.Text(ChunkId(item_id, static_cast<int64_t>(i)))
                  .Text(item_id)
                  .Int(static_cast<int64_t>(i))
                  .Text(chunks[i]);
            }));
  }
  return Status::Ok();
}

StatusOr<std::vector<KnowledgeItem>> ReadItems(const PrepareFn& prepare, const std::string& sql,
                                               const std::function<void(SqlStatement&)>& bind) {
  std::unique_ptr<SqlStatement> s = prepare(sql);
  ASKDB_RETURN_IF_ERROR(s->prepared());
  bind(*s);
  std::vector<KnowledgeItem> items;
  for (StepResult r = s->Step(); r != StepResult::kDone; r = s->Step()) {
    if (r == StepResult::kError) return s->StepError("reading knowledge items");
    items.push_back(ReadItem(*s));
  }
  return items;
}

// Runs `change` (an UPDATE bound with the change number, the time, then the id) on a live
// item; NotFound when none changed.
Status ChangeLiveItem(server::store::SqlManagementStore& db, std::string_view id,
                      const std::string& set_clause,
                      const std::function<void(SqlStatement&)>& bind) {
  return db.WriteWith([&](const PrepareFn& prepare) -> Status {
    ASKDB_ASSIGN_OR_RETURN(const int64_t seq, NextChange(prepare));
    std::unique_ptr<SqlStatement> s =
        prepare("UPDATE knowledge_items SET " + set_clause +
                ", change_seq = ?, updated_at_ms = ? WHERE id = ? AND deleted = 0");
    ASKDB_RETURN_IF_ERROR(s->prepared());
    if (bind) bind(*s);
    s->Int(seq).Int(NowMs()).Text(id);
    ASKDB_RETURN_IF_ERROR(s->Run("updating a knowledge item"));
    if (s->Changes() == 0) {
      return NotFoundError("knowledge item '" + std::string(id) +
                           "' does not exist or was deleted; list items with `askdb kb list`");
    }
    return Status::Ok();
  });
}

}  // namespace

std::string_view ItemKindName(ItemKind kind) {
  switch (kind) {
    case ItemKind::kDocument:
      return "document";
    case ItemKind::kQa:
      return "qa";
    case ItemKind::kFaq:
      return "faq";
  }
  return "document";
}

StatusOr<ItemKind> ParseItemKind(std::string_view name) {
  for (ItemKind k : {ItemKind::kDocument, ItemKind::kQa, ItemKind::kFaq}) {
    if (ItemKindName(k) == name) return k;
  }
  return InvalidArgumentError("unknown knowledge kind '" + std::string(name) +
                              "'; use document, qa or faq");
}

std::string_view ItemStateName(ItemState state) {
  switch (state) {
    case ItemState::kPending:
      return "pending";
    case ItemState::kIndexed:
      return "indexed";
    case ItemState::kFailed:
      return "failed";
  }
  return "pending";
}

StatusOr<ItemState> ParseItemState(std::string_view name) {
  for (ItemState s : {ItemState::kPending, ItemState::kIndexed, ItemState::kFailed}) {
    if (ItemStateName(s) == name) return s;
  }
  return InvalidArgumentError("unknown knowledge state '" + std::string(name) + "'");
}

StatusOr<std::string> MakeScope(std::string_view kind, std::string_view id) {
  if (kind != "agent" && kind != "datasource") {
    return InvalidArgumentError("a knowledge scope is agent:<id> or datasource:<id>, not '" +
                                std::string(kind) + "'");
  }
  ASKDB_RETURN_IF_ERROR(server::store::ValidateRecordId(id, std::string(kind) + " id"));
  return std::string(kind) + ":" + std::string(id);
}

Status ValidateScope(std::string_view scope) {
  const size_t colon = scope.find(':');
  if (colon == std::string_view::npos) {
    return InvalidArgumentError("knowledge scope '" + std::string(scope) +
                                "' must be agent:<id> or datasource:<id>");
  }
  return MakeScope(scope.substr(0, colon), scope.substr(colon + 1)).status();
}

StatusOr<std::unique_ptr<KnowledgeStore>> KnowledgeStore::Open(
    server::store::SqlManagementStore& db) {
  ASKDB_RETURN_IF_ERROR(db.CreateTablesWith([](const PrepareFn& prepare) -> Status {
    for (const char* sql : kCreateStatements) {
      ASKDB_RETURN_IF_ERROR(Run(prepare, sql, "creating the knowledge tables"));
    }
    for (const char* name : {"change_seq", "instance"}) {
      std::unique_ptr<SqlStatement> s = prepare("SELECT value FROM knowledge_meta WHERE name = ?");
      ASKDB_RETURN_IF_ERROR(s->prepared());
      s->Text(name);
      const StepResult r = s->Step();
      if (r == StepResult::kError) return s->StepError("reading the knowledge meta rows");
      if (r == StepResult::kRow) continue;
      const int64_t value = std::string_view(name) == "instance" ? RandomInstance() : 0;
      ASKDB_RETURN_IF_ERROR(Run(prepare, "INSERT INTO knowledge_meta(name, value) VALUES (?, ?)",
                                "creating the knowledge meta rows",
                                [&](SqlStatement& st) { st.Text(name).Int(value); }));
    }
    return Status::Ok();
  }));
  return std::unique_ptr<KnowledgeStore>(new KnowledgeStore(db));
}

StatusOr<KnowledgeItem> KnowledgeStore::Insert(KnowledgeItem item,
                                               const std::vector<std::string>& chunks) {
  if (item.id.empty()) item.id = server::store::NewRecordId("kn");
  ASKDB_RETURN_IF_ERROR(server::store::ValidateRecordId(item.id));
  ASKDB_RETURN_IF_ERROR(ValidateScope(item.scope));
  item.created_at_ms = item.updated_at_ms = NowMs();
  item.chunk_count = static_cast<int64_t>(chunks.size());
  item.deleted = item.cleaned = false;
  ASKDB_RETURN_IF_ERROR(db_.WriteWith([&](const PrepareFn& prepare) -> Status {
    std::unique_ptr<SqlStatement> exists = prepare("SELECT 1 FROM knowledge_items WHERE id = ?");
    ASKDB_RETURN_IF_ERROR(exists->prepared());
    exists->Text(item.id);
    const StepResult r = exists->Step();
    if (r == StepResult::kError) return exists->StepError("checking a knowledge id");
    if (r == StepResult::kRow) {
      return AlreadyExistsError("knowledge item '" + item.id + "' already exists; use another id");
    }
    ASKDB_ASSIGN_OR_RETURN(item.change_seq, NextChange(prepare));
    ASKDB_RETURN_IF_ERROR(Run(prepare,
                              std::string("INSERT INTO knowledge_items(") + kItemColumns +
                                  ") VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                              "writing a knowledge item", [&](SqlStatement& s) {
                                s.Text(item.id);
                                BindItemFields(s, item);
                              }));
    return ReplaceChunks(prepare, item.id, chunks);
  }));
  return item;
}

StatusOr<KnowledgeItem> KnowledgeStore::Update(
    const KnowledgeItem& item, const std::optional<std::vector<std::string>>& chunks) {
  ASKDB_RETURN_IF_ERROR(ValidateScope(item.scope));
  KnowledgeItem out = item;
  ASKDB_RETURN_IF_ERROR(db_.WriteWith([&](const PrepareFn& prepare) -> Status {
    ASKDB_ASSIGN_OR_RETURN(std::vector<KnowledgeItem> found,
                           ReadItems(prepare,
                                     std::string("SELECT ") + kItemColumns +
                                         " FROM knowledge_items WHERE id = ? AND deleted = 0",
                                     [&](SqlStatement& s) { s.Text(item.id); }));
    if (found.empty()) {
      return NotFoundError("knowledge item '" + item.id +
                           "' does not exist or was deleted; list items with `askdb kb list`");
    }
    out.kind = found[0].kind;
    out.created_at_ms = found[0].created_at_ms;
    out.updated_at_ms = NowMs();
    out.deleted = out.cleaned = false;
    if (chunks) out.chunk_count = static_cast<int64_t>(chunks->size());
    ASKDB_ASSIGN_OR_RETURN(out.change_seq, NextChange(prepare));
    ASKDB_RETURN_IF_ERROR(Run(
        prepare,
        "UPDATE knowledge_items SET scope = ?, kind = ?, title = ?, file_name = ?, format = ?,"
        " chunker = ?, chunk_size = ?, chunk_overlap = ?, content = ?, question = ?, answer = ?,"
        " recall = ?, state = ?, state_reason = ?, deleted = ?, cleaned = ?, chunk_count = ?,"
        " created_at_ms = ?, updated_at_ms = ?, change_seq = ? WHERE id = ?",
        "updating a knowledge item", [&](SqlStatement& s) {
          BindItemFields(s, out);
          s.Text(out.id);
        }));
    return chunks ? ReplaceChunks(prepare, out.id, *chunks) : Status::Ok();
  }));
  return out;
}

Status KnowledgeStore::SetState(std::string_view id, ItemState state, std::string_view reason) {
  return ChangeLiveItem(db_, id, "state = ?, state_reason = ?",
                        [&](SqlStatement& s) { s.Text(ItemStateName(state)).Text(reason); });
}

Status KnowledgeStore::MarkDeleted(std::string_view id) {
  return ChangeLiveItem(db_, id, "deleted = 1", {});
}

Status KnowledgeStore::Purge(std::string_view id) {
  return db_.WriteWith([&](const PrepareFn& prepare) -> Status {
    ASKDB_RETURN_IF_ERROR(Run(prepare, "DELETE FROM knowledge_chunks WHERE item_id = ?",
                              "purging knowledge chunks", [&](SqlStatement& s) { s.Text(id); }));
    return Run(prepare,
               "UPDATE knowledge_items SET cleaned = 1, chunk_count = 0 WHERE id = ? AND "
               "deleted = 1",
               "marking a knowledge item cleaned", [&](SqlStatement& s) { s.Text(id); });
  });
}

Status KnowledgeStore::Erase(std::string_view id) {
  return db_.WriteWith([&](const PrepareFn& prepare) -> Status {
    ASKDB_RETURN_IF_ERROR(Run(prepare, "DELETE FROM knowledge_chunks WHERE item_id = ?",
                              "erasing knowledge chunks", [&](SqlStatement& s) { s.Text(id); }));
    return Run(prepare, "DELETE FROM knowledge_items WHERE id = ?", "erasing a knowledge item",
               [&](SqlStatement& s) { s.Text(id); });
  });
}

StatusOr<KnowledgeItem> KnowledgeStore::Get(std::string_view id) const {
  std::vector<KnowledgeItem> found;
  ASKDB_RETURN_IF_ERROR(db_.ReadWith([&](const PrepareFn& prepare) -> Status {
    ASKDB_ASSIGN_OR_RETURN(found, ReadItems(prepare,
                                            std::string("SELECT ") + kItemColumns +
                                                " FROM knowledge_items WHERE id = ?",
                                            [&](SqlStatement& s) { s.Text(id); }));
    return Status::Ok();
  }));
  if (found.empty()) {
    return NotFoundError("knowledge item '" + std::string(id) +
                         "' does not exist; list items with `askdb kb list`");
  }
  return found[0];
}

StatusOr<std::vector<KnowledgeItem>> KnowledgeStore::List(const ItemFilter& filter) const {
  std::string sql = std::string("SELECT ") + kItemColumns + " FROM knowledge_items WHERE 1 = 1";
  if (!filter.scope.empty()) sql += " AND scope = ?";
  if (filter.kind) sql += " AND kind = ?";
  if (!filter.include_deleted) sql += " AND deleted = 0";
  sql += " ORDER BY created_at_ms, id";
  std::vector<KnowledgeItem> items;
  ASKDB_RETURN_IF_ERROR(db_.ReadWith([&](const PrepareFn& prepare) -> Status {
    ASKDB_ASSIGN_OR_RETURN(items, ReadItems(prepare, sql, [&](SqlStatement& s) {
                             if (!filter.scope.empty()) s.Text(filter.scope);
                             if (filter.kind) s.Text(ItemKindName(*filter.kind));
                           }));
    return Status::Ok();
  }));
  return items;
}

StatusOr<std::vector<StoredChunk>> KnowledgeStore::Chunks(std::string_view item_id) const {
  std::vector<StoredChunk> chunks;
  ASKDB_RETURN_IF_ERROR(db_.ReadWith([&](const PrepareFn& prepare) -> Status {
    std::unique_ptr<SqlStatement> s = prepare(
        "SELECT id, item_id, seq, text FROM knowledge_chunks WHERE item_id = ? ORDER BY seq");
    ASKDB_RETURN_IF_ERROR(s->prepared());
    s->Text(item_id);
    for (StepResult r = s->Step(); r != StepResult::kDone; r = s->Step()) {
      if (r == StepResult::kError) return s->StepError("reading knowledge chunks");
      chunks.push_back({s->ColText(0), s->ColText(1), s->ColInt(2), s->ColText(3)});
    }
    return Status::Ok();
  }));
  return chunks;
}

StatusOr<std::vector<KnowledgeItem>> KnowledgeStore::ChangesSince(int64_t seq) const {
  std::vector<KnowledgeItem> items;
  ASKDB_RETURN_IF_ERROR(db_.ReadWith([&](const PrepareFn& prepare) -> Status {
    ASKDB_ASSIGN_OR_RETURN(
        items, ReadItems(prepare,
                         std::string("SELECT ") + kItemColumns +
                             " FROM knowledge_items WHERE change_seq > ? ORDER BY change_seq",
                         [&](SqlStatement& s) { s.Int(seq); }));
    return Status::Ok();
  }));
  return items;
}

StatusOr<int64_t> KnowledgeStore::Meta(std::string_view name) const {
  int64_t value = 0;
  ASKDB_RETURN_IF_ERROR(db_.ReadWith([&](const PrepareFn& prepare) -> Status {
    std::unique_ptr<SqlStatement> s = prepare("SELECT value FROM knowledge_meta WHERE name = ?");
    ASKDB_RETURN_IF_ERROR(s->prepared());
    s->Text(name);
    if (s->Step() != StepResult::kRow) {
      return s->StepError("reading the knowledge meta row " + std::string(name));
    }
    value = s->ColInt(0);
    return Status::Ok();
  }));
  return value;
}

StatusOr<int64_t> KnowledgeStore::LastChange() const { return Meta("change_seq"); }

StatusOr<int64_t> KnowledgeStore::Instance() const { return Meta("instance"); }

}  // namespace askdb::knowledge
