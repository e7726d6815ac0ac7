#include "askdb/server/api/active_model.h"

#include <utility>

#include "askdb/llm/provider_config.h"
#include "askdb/server/security/secret_box.h"
#include "askdb/server/store/management_store.h"

namespace askdb::server::api {

ActiveModel::ActiveModel(store::ManagementStore& store, const security::SecretBox& secrets,
                         LlmClientFactory make_llm)
    : store_(store), secrets_(secrets), make_llm_(std::move(make_llm)) {}

StatusOr<std::shared_ptr<llm::LlmClient>> ActiveModel::Current() {
  StatusOr<store::ModelConfigRecord> active = store_.GetActiveModel();
  std::lock_guard<std::mutex> lock(mu_);
  if (!active.ok()) {
    if (active.status().code() != StatusCode::kNotFound) return active.status();
    client_.reset();
    id_.clear();
    return std::shared_ptr<llm::LlmClient>();
  }
  if (client_ != nullptr && active->id == id_ && active->updated_at == updated_at_) {
    return client_;
  }
  llm::ProviderConfig config;
  config.name = active->name;
  config.base_url = active->base_url.empty() ? std::string(llm::kDefaultBaseUrl) : active->base_url;
  config.model = active->model;
  if (!active->sealed_api_key.empty()) {
    StatusOr<std::string> key = secrets_.Open(active->sealed_api_key);
    if (!key.ok()) {
      return key.status().WithContext("opening the API key of the active model '" + active->id +
                                      "' (is ASKDB_SECRET_KEY the same on every replica?)");
    }
    config.api_key = std::move(key).value();
  }
  StatusOr<std::unique_ptr<llm::LlmClient>> made =
      make_llm_ ? make_llm_(config)
                : StatusOr<std::unique_ptr<llm::LlmClient>>(llm::MakeLlmClient(config));
  if (!made.ok()) return made.status().WithContext("the active model '" + active->id + "'");
  client_ = std::shared_ptr<llm::LlmClient>(std::move(made).value());
  id_ = active->id;
  updated_at_ = active->updated_at;
  return client_;
}

}  // namespace askdb::server::api
