// The file a KnowledgeIndex is saved in: a header naming the embedder (identity and vector
// dimension), the live chunks with their slots, and each scope's HNSW graph as hnswlib
// writes it, followed by a checksum of everything before it — so a truncated or foreign
// file is refused before any of it is used.
//
// Layout (little-endian): "ASKDBKI\0" | u32 version (2) | str embedder_id | u64 dimension |
// str stamp |
// u32 next_slot | u64 n | n × (u32 slot, str id, str item_id, str scope, u8 type,
// u8 recall, u8 has_vector, str text) | u64 g | g × (str scope, str graph) | u64 FNV-1a
// of all the bytes before it. str = u64 length + bytes.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "askdb/common/status.h"
#include "askdb/knowledge/search/knowledge_index.h"

namespace askdb::knowledge {

struct IndexFileRecord {
  uint32_t slot = 0;
  Chunk chunk;
  bool has_vector = false;  // false: its text had no features (a zero vector)
};

struct IndexFileContents {
  std::string embedder_id;
  uint64_t dimension = 0;
  // The owner's note of what the contents are current with (KnowledgeBase: the store's
  // identity and change number); opaque here.
  std::string stamp;
  uint32_t next_slot = 0;
  std::vector<IndexFileRecord> records;
  std::map<std::string, std::string> graphs;  // scope → hnswlib's bytes
};

Status WriteIndexFile(const std::filesystem::path& path, const IndexFileContents& contents);
StatusOr<IndexFileContents> ReadIndexFile(const std::filesystem::path& path);
// The error for an index file that cannot be used: "the knowledge index file <path> <why>;
// delete it and re-index the knowledge base".
Status DamagedIndexFileError(const std::filesystem::path& path, std::string_view why);

}  // namespace askdb::knowledge
