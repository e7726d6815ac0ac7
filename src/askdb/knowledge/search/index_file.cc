#include "askdb/knowledge/search/index_file.h"

#include <cstring>

#include "askdb/common/file_util.h"

namespace askdb::knowledge {
namespace {

constexpr char kMagic[8] = {'A', 'S', 'K', 'D', 'B', 'K', 'I', '\0'};
constexpr uint32_t kVersion = 2;  // 2: the stamp

uint64_t Fnv1a(std::string_view s) {
  uint64_t h = 1469598103934665603ULL;
  for (unsigned char c : s) {
    h ^= c;
    h *= 1099511628211ULL;
  }
  return h;
}

class Writer {
 public:
  template <typename T>
  void Pod(T v) {
    char b[sizeof(T)];
    std::memcpy(b, &v, sizeof(T));
    out_.append(b, sizeof(T));
  }
  void Str(std::string_view s) {
    Pod<uint64_t>(s.size());
    out_.append(s);
  }
  void Raw(std::string_view s) { out_.append(s); }
  std::string& out() { return out_; }

 private:
  std::string out_;
};

class Reader {
 public:
  explicit Reader(std::string_view in) : in_(in) {}
  template <typename T>
  bool Pod(T& v) {
    if (in_.size() - pos_ < sizeof(T)) return false;
    std::memcpy(&v, in_.data() + pos_, sizeof(T));
    pos_ += sizeof(T);
    return true;
  }
  bool Str(std::string& s) {
    uint64_t n = 0;
    if (!Pod(n) || in_.size() - pos_ < n) return false;
    s.assign(in_.substr(pos_, n));
    pos_ += n;
    return true;
  }
  bool done() const { return pos_ == in_.size(); }

 private:
  std::string_view in_;
  size_t pos_ = 0;
};

}  // namespace

Status WriteIndexFile(const std::filesystem::path& path, const IndexFileContents& c) {
  Writer w;
  w.Raw(std::string_view(kMagic, sizeof(kMagic)));
  w.Pod(kVersion);
  w.Str(c.embedder_id);
  w.Pod(c.dimension);
  w.Str(c.stamp);
  w.Pod(c.next_slot);
  w.Pod<uint64_t>(c.records.size());
  for (const IndexFileRecord& r : c.records) {
    w.Pod(r.slot);
    w.Str(r.chunk.id);
    w.Str(r.chunk.item_id);
    w.Str(r.chunk.scope);
    w.Pod(static_cast<uint8_t>(r.chunk.type));
    w.Pod(static_cast<uint8_t>(r.chunk.recall));
    w.Pod(static_cast<uint8_t>(r.has_vector));
    w.Str(r.chunk.text);
  }
  w.Pod<uint64_t>(c.graphs.size());
  for (const auto& [scope, bytes] : c.graphs) {
    w.Str(scope);
    w.Str(bytes);
  }
  w.Pod(Fnv1a(w.out()));
  Status s = WriteFileAtomic(path, w.out());
  if (!s.ok()) return s.WithContext("saving the knowledge index");
  return Status::Ok();
}

namespace {

// The readers below say why the file is bad, or return "" when their part reads well.

// The magic at the start and the checksum at the end.
std::string CheckFrame(std::string_view all) {
  if (all.size() < sizeof(kMagic) + sizeof(uint64_t) ||
      std::memcmp(all.data(), kMagic, sizeof(kMagic)) != 0) {
    return "is not a knowledge index";
  }
  const std::string_view body = all.substr(0, all.size() - sizeof(uint64_t));
  uint64_t checksum = 0;
  std::memcpy(&checksum, all.data() + body.size(), sizeof(checksum));
  if (checksum != Fnv1a(body)) return "is truncated or damaged (checksum mismatch)";
  return "";
}

// The format version, the embedder, the stamp, the next slot and how many records follow.
std::string ReadHeader(Reader& r, IndexFileContents& c, uint64_t& records) {
  uint32_t version = 0;
  if (!r.Pod(version)) return "is truncated";
  if (version != kVersion) {
    return "has format version " + std::to_string(version) + ", this askdb reads " +
           std::to_string(kVersion);
  }
  if (!r.Str(c.embedder_id) || !r.Pod(c.dimension) || !r.Str(c.stamp) || !r.Pod(c.next_slot) ||
      !r.Pod(records)) {
    return "is truncated";
  }
  return "";
}

std::string ReadRecord(Reader& r, uint64_t next_slot, IndexFileRecord& rec) {
  uint8_t type = 0, recall = 0, has_vector = 0;
  if (!r.Pod(rec.slot) || !r.Str(rec.chunk.id) || !r.Str(rec.chunk.item_id) ||
      !r.Str(rec.chunk.scope) || !r.Pod(type) || !r.Pod(recall) || !r.Pod(has_vector) ||
      !r.Str(rec.chunk.text)) {
    return "is truncated";
  }
  if (type > static_cast<uint8_t>(ChunkType::kFaq) || rec.slot >= next_slot) {
    return "holds an invalid chunk record";
  }
  rec.chunk.type = static_cast<ChunkType>(type);
  rec.chunk.recall = recall != 0;
  rec.has_vector = has_vector != 0;
  return "";
}

std::string ReadGraphs(Reader& r, IndexFileContents& c) {
  uint64_t g = 0;
  if (!r.Pod(g)) return "is truncated";
  for (uint64_t i = 0; i < g; ++i) {
    std::string scope, graph;
    if (!r.Str(scope) || !r.Str(graph)) return "is truncated";
    c.graphs[scope] = std::move(graph);
  }
  return "";
}

// Everything between the magic and the checksum.
std::string ReadContents(std::string_view contents, IndexFileContents& c) {
  Reader r(contents);
  uint64_t n = 0;
  if (std::string why = ReadHeader(r, c, n); !why.empty()) return why;
  for (uint64_t i = 0; i < n; ++i) {
    IndexFileRecord rec;
    if (std::string why = ReadRecord(r, c.next_slot, rec); !why.empty()) return why;
    c.records.push_back(std::move(rec));
  }
  if (std::string why = ReadGraphs(r, c); !why.empty()) return why;
  return r.done() ? "" : "has trailing bytes";
}

}  // namespace

StatusOr<IndexFileContents> ReadIndexFile(const std::filesystem::path& path) {
  StatusOr<std::string> bytes = ReadFile(path);
  if (!bytes.ok()) return bytes.status().WithContext("loading the knowledge index");
  const std::string_view all = *bytes;
  IndexFileContents c;
  std::string why = CheckFrame(all);
  if (why.empty()) {
    why =
        ReadContents(all.substr(sizeof(kMagic), all.size() - sizeof(kMagic) - sizeof(uint64_t)), c);
  }
  if (!why.empty()) return DamagedIndexFileError(path, why);
  return c;
}

Status DamagedIndexFileError(const std::filesystem::path& path, std::string_view why) {
  return InvalidArgumentError("the knowledge index file " + path.string() + " " + std::string(why) +
                              "; delete it and re-index the knowledge base");
}

}  // namespace askdb::knowledge
