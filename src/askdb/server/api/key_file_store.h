// FileApiKeyStore: the API key records of one `askdb serve` instance in a small JSON file
// (<data dir>/server_keys.json by default), written atomically with mode 0600. It holds
// only Argon2id hashes, never a secret. Meant for a single server process; several
// processes sharing keys need the management store (SQLite/PostgreSQL), not this file.
//
// EnsureAdminKey implements the first-start rule: when the store has no active admin key,
// one is issued and its full text returned so the caller can print it ONCE.
//
// Thread-safe (one mutex; every change rewrites the file).
#pragma once

#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "askdb/common/status.h"
#include "askdb/server/security/api_keys.h"

namespace askdb::server::api {

inline constexpr std::string_view kDefaultKeyFileName = "server_keys.json";

class FileApiKeyStore final : public security::ApiKeyStore {
 public:
  // Loads `path` when it exists (InvalidArgument naming the file when it is malformed),
  // else starts empty; the file is created on the first Put.
  static StatusOr<std::unique_ptr<FileApiKeyStore>> Open(const std::filesystem::path& path);

  Status Put(const security::ApiKeyRecord& record) override;
  StatusOr<security::ApiKeyRecord> FindById(std::string_view id) const override;
  StatusOr<std::vector<security::ApiKeyRecord>> List() const override;
  Status Revoke(std::string_view id) override;

  const std::filesystem::path& path() const { return path_; }

 private:
  explicit FileApiKeyStore(std::filesystem::path path) : path_(std::move(path)) {}
  Status SaveLocked() const;

  const std::filesystem::path path_;
  mutable std::mutex mu_;
  std::vector<security::ApiKeyRecord> records_;
};

// Issues an admin key when `store` has no unrevoked admin key. Returns the new full key
// (show it once), or nullopt when an admin key exists already.
StatusOr<std::optional<std::string>> EnsureAdminKey(
    security::ApiKeyStore& store,
    const security::HashOptions& options = security::HashOptions::Interactive());

}  // namespace askdb::server::api
