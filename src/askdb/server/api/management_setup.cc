#include "askdb/server/api/management_setup.h"

#include <utility>

#include "askdb/agent/ask/datasource.h"
#include "askdb/catalog/semantic_model.h"
#include "askdb/server/api/active_model.h"
#include "askdb/server/api/datasource_cache.h"
#include "askdb/server/api/key_file_store.h"
#include "askdb/server/api/management_api.h"
#include "askdb/server/security/secret_box.h"
#include "askdb/server/store/management_store.h"
#include "askdb/server/store/postgres_management_store.h"
#include "askdb/server/store/sqlite_management_store.h"

namespace askdb::server::api {

Management::Management() = default;
Management::~Management() = default;
Management::Management(Management&&) noexcept = default;
Management& Management::operator=(Management&&) noexcept = default;

StatusOr<Management> OpenManagement(const ManagementOptions& options) {
  Management out;
  if (options.store_url.empty()) {
    ASKDB_ASSIGN_OR_RETURN(
        out.store, store::SqliteManagementStore::Open(
                       options.data_dir / std::string(store::kDefaultManagementStoreFileName)));
  } else {
    ASKDB_ASSIGN_OR_RETURN(out.store, store::PostgresManagementStore::Open(options.store_url));
  }
  ASKDB_ASSIGN_OR_RETURN(
      security::SecretBox secrets,
      security::SecretBox::FromKeyFile(options.data_dir / std::string(kDefaultSecretKeyFileName)));
  out.secrets = std::make_unique<security::SecretBox>(std::move(secrets));
  ASKDB_RETURN_IF_ERROR(EnsureDefaultAgent(*out.store, *out.secrets, options.db_url));
  out.datasources = std::make_unique<DatasourceCache>(
      *out.store, *out.secrets, options.data_dir / std::string(kDefaultModelDirName));
  if (options.prepared != nullptr) {
    out.datasources->Pin(store::kDefaultDatasourceId, options.prepared);
    // The model serve was started with becomes the default datasource's stored model.
    if (options.prepared->model &&
        out.store->GetSemanticModel(store::kDefaultDatasourceId).status().code() ==
            StatusCode::kNotFound) {
      ASKDB_RETURN_IF_ERROR(out.store->PutSemanticModel(store::kDefaultDatasourceId,
                                                        catalog::ToJson(*options.prepared->model)));
    }
  }

  out.keys = store::NewStoreApiKeyStore(*out.store);
  out.active_model = std::make_unique<ActiveModel>(*out.store, *out.secrets);
  ASKDB_ASSIGN_OR_RETURN(std::vector<security::ApiKeyRecord> existing, out.keys->List());
  const std::filesystem::path key_file = options.data_dir / std::string(kDefaultKeyFileName);
  if (existing.empty() && std::filesystem::exists(key_file)) {
    // Keys printed by an older askdb serve keep working.
    ASKDB_ASSIGN_OR_RETURN(std::unique_ptr<FileApiKeyStore> file, FileApiKeyStore::Open(key_file));
    ASKDB_ASSIGN_OR_RETURN(std::vector<security::ApiKeyRecord> old, file->List());
    for (const auto& record : old) ASKDB_RETURN_IF_ERROR(out.keys->Put(record));
  }
  if (options.issue_admin_key) {
    ASKDB_ASSIGN_OR_RETURN(out.new_admin_key, EnsureAdminKey(*out.keys, options.hash_options));
  }
  return out;
}

}  // namespace askdb::server::api
