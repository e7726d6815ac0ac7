// ActiveModel: the LLM client of the management store's active model configuration, for
// runs. Built on first use and rebuilt when another model is activated or the active one
// is edited (its updated_at changes); one client is shared by all runs so that its
// concurrency limit and circuit breaker see the whole server's traffic. No active model:
// null, and runs use the model serve was started with (--llm / [llm]), if any.
// Thread-safe.
#pragma once

#include <memory>
#include <mutex>
#include <string>

#include "askdb/common/clock.h"
#include "askdb/common/status.h"
#include "askdb/server/api/management_api.h"

namespace askdb::server::api {

class ActiveModel {
 public:
  // Borrows the store and the secret box; `make_llm` null → llm::MakeLlmClient.
  ActiveModel(store::ManagementStore& store, const security::SecretBox& secrets,
              LlmClientFactory make_llm = nullptr);

  // The active model's client, or null when no model is active. Errors: the store's, an
  // API key that cannot be opened (another replica's secret key), a client that cannot be
  // built.
  StatusOr<std::shared_ptr<llm::LlmClient>> Current();

 private:
  store::ManagementStore& store_;
  const security::SecretBox& secrets_;
  LlmClientFactory make_llm_;
  std::mutex mu_;
  std::string id_;
  Clock::TimePoint updated_at_{};
  std::shared_ptr<llm::LlmClient> client_;
};

}  // namespace askdb::server::api
