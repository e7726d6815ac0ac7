#include "askdb/server/api/key_file_store.h"

#include <algorithm>
#include <system_error>

#include "askdb/common/file_util.h"
#include "askdb/common/json.h"

namespace askdb::server::api {
namespace {

constexpr int kKeyFileVersion = 1;

}  // namespace

StatusOr<std::unique_ptr<FileApiKeyStore>> FileApiKeyStore::Open(
    const std::filesystem::path& path) {
  std::unique_ptr<FileApiKeyStore> store(new FileApiKeyStore(path));
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return store;
  ASKDB_ASSIGN_OR_RETURN(std::string text, ReadFile(path));
  Json doc = Json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (!doc.is_object() || !doc.contains("keys") || !doc["keys"].is_array()) {
    return InvalidArgumentError("API key file " + path.string() +
                                " is not {\"version\":1,\"keys\":[...]}: fix or remove it "
                                "(a new admin key is issued on the next start)");
  }
  for (const Json& item : doc["keys"]) {
    StatusOr<security::ApiKeyRecord> record = security::ApiKeyRecordFromJson(item);
    if (!record.ok()) return record.status().WithContext("reading " + path.string());
    store->records_.push_back(std::move(record).value());
  }
  return store;
}

Status FileApiKeyStore::SaveLocked() const {
  Json keys = Json::array();
  for (const auto& record : records_) keys.push_back(security::ApiKeyRecordToJson(record));
  Json doc{{"version", kKeyFileVersion}, {"keys", std::move(keys)}};
  ASKDB_RETURN_IF_ERROR(WriteFileAtomic(path_, doc.dump(2)));
  std::error_code ec;
  std::filesystem::permissions(
      path_, std::filesystem::perms::owner_read | std::filesystem::perms::owner_write,
      std::filesystem::perm_options::replace, ec);
  if (ec) {
    return UnavailableError("cannot restrict " + path_.string() + " to mode 0600: " + ec.message());
  }
  return Status::Ok();
}

Status FileApiKeyStore::Put(const security::ApiKeyRecord& record) {
  std::lock_guard lock(mu_);
  auto it = std::find_if(records_.begin(), records_.end(),
                         [&](const auto& r) { return r.id == record.id; });
  if (it != records_.end()) {
    *it = record;
  } else {
    records_.push_back(record);
  }
  return SaveLocked();
}

StatusOr<security::ApiKeyRecord> FileApiKeyStore::FindById(std::string_view id) const {
  std::lock_guard lock(mu_);
  for (const auto& r : records_) {
    if (r.id == id) return r;
  }
  return NotFoundError("no API key with id " + std::string(id));
}

StatusOr<std::vector<security::ApiKeyRecord>> FileApiKeyStore::List() const {
  std::lock_guard lock(mu_);
  std::vector<security::ApiKeyRecord> out = records_;
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) {
    return a.created_at != b.created_at ? a.created_at < b.created_at : a.id < b.id;
  });
  return out;
}

Status FileApiKeyStore::Revoke(std::string_view id) {
  std::lock_guard lock(mu_);
  for (auto& r : records_) {
    if (r.id == id) {
      r.revoked = true;
      return SaveLocked();
    }
  }
  return NotFoundError("no API key with id " + std::string(id));
}

StatusOr<std::optional<std::string>> EnsureAdminKey(security::ApiKeyStore& store,
                                                    const security::HashOptions& options) {
  ASKDB_ASSIGN_OR_RETURN(std::vector<security::ApiKeyRecord> records, store.List());
  for (const auto& r : records) {
    if (!r.revoked && r.scope == security::kAdminScope) return std::optional<std::string>();
  }
  ASKDB_ASSIGN_OR_RETURN(security::IssuedApiKey issued,
                         security::IssueApiKey(store, security::kAdminScope, options));
  return std::optional<std::string>(std::move(issued.key));
}

}  // namespace askdb::server::api
