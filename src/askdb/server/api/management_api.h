// The management routes of `askdb serve` (issue #7 part 2), all behind the admin key:
//
//   /api/v1/agents                         GET list, POST create
//   /api/v1/agents/{id}                    GET, PUT (fields given replace), DELETE
//   /api/v1/agents/{id}/keys               GET list (no secrets), POST issue (key shown once)
//   /api/v1/agents/{id}/keys/{key_id}      DELETE revoke
//   /api/v1/users/{name}/keys[/{key_id}]   the same for keys tied to a user (scope
//                                          "user:<name>": the key acts as that user)
//   /api/v1/agents/{id}/examples           GET list, POST create
//   /api/v1/agents/{id}/examples/{eid}     GET, PUT, DELETE
//   /api/v1/datasources                    GET list, POST create (password sealed)
//   /api/v1/datasources/{id}               GET, PUT, DELETE
//   /api/v1/datasources/{id}/test          POST: connect and SELECT 1
//   /api/v1/datasources/{id}/tables        GET (introspection)
//   /api/v1/datasources/{id}/tables/{table}/columns   GET
//   /api/v1/datasources/{id}/semantic-model           GET, PUT (JSON), DELETE
//   /api/v1/datasources/{id}/semantic-model/import    POST text/csv or JSON
//   /api/v1/datasources/{id}/semantic-model/export    GET ?format=json|csv&part=entries|relations
//   /api/v1/datasources/{id}/relations     GET list, POST create
//   /api/v1/datasources/{id}/relations/{rid}          GET, PUT, DELETE
//   /api/v1/sessions                       GET list (?agent, ?limit), POST create
//   /api/v1/sessions/{id}                  GET, DELETE
//   /api/v1/sessions/{id}/messages         GET
//   /api/v1/runs/history                   GET (?agent, ?thread, ?outcome, ?limit, ?offset)
//   /api/v1/runs/{id}/history              GET: every recorded run of thread {id}
//   /api/v1/models                         GET list, POST create (api_key sealed)
//   /api/v1/models/{id}                    GET, PUT, DELETE
//   /api/v1/models/{id}/activate           POST: the one active model
//   /api/v1/models/{id}/test               POST: one ping call to the model
//   /api/v1/knowledge...                   the knowledge base (knowledge_api.h), when set
//   /api/v1/{datasources|agents}/{id}/terms...  business terms (terms_api.h), when set
//
// Secrets (datasource passwords, model API keys) are accepted on create/update, sealed
// with the SecretBox before they reach the store, and never returned: responses carry
// "has_password" / "has_api_key". Errors are the server's JSON errors; 400 names the field.
//
// Ownership: borrows everything in ManagementDeps. Thread-safe (handlers run concurrently).
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "askdb/common/status.h"
#include "askdb/server/api/datasource_policy.h"
#include "askdb/server/http.h"
#include "askdb/server/security/api_keys.h"

namespace askdb::llm {
class LlmClient;
struct ProviderConfig;
}  // namespace askdb::llm
namespace askdb::server::security {
class SecretBox;
}  // namespace askdb::server::security
namespace askdb::server::store {
class ManagementStore;
}  // namespace askdb::server::store
namespace askdb::knowledge {
class KnowledgeBase;
class TermStore;
}  // namespace askdb::knowledge

namespace askdb::server::api {

class DatasourceCache;

// Builds the client for a model's test call (default: llm::MakeLlmClient).
using LlmClientFactory =
    std::function<StatusOr<std::unique_ptr<llm::LlmClient>>(const llm::ProviderConfig& config)>;

struct ManagementDeps {
  store::ManagementStore* store = nullptr;       // required
  DatasourceCache* datasources = nullptr;        // required
  const security::SecretBox* secrets = nullptr;  // required
  security::ApiKeyStore* keys = nullptr;         // null: the key routes answer 503
  // OK when a user of this name exists (NotFound otherwise); null: the /users/{name}/keys
  // routes answer 503 (no user accounts).
  std::function<Status(std::string_view name)> user_exists;
  security::HashOptions key_hash_options = security::HashOptions::Interactive();
  LlmClientFactory make_llm;  // null: llm::MakeLlmClient
  // What a datasource may point at (datasource_policy.h), checked on create, update, test
  // and introspection: 403 otherwise.
  DatasourcePolicy datasource_policy;
  knowledge::KnowledgeBase* knowledge = nullptr;  // null: no /api/v1/knowledge routes
  knowledge::TermStore* terms = nullptr;          // null: no .../terms routes
};

// Adds one admin-only route (the caller wraps `handler` in its auth check and metrics).
using AdminRouteAdder =
    std::function<void(std::string_view method, std::string_view pattern, Handler handler)>;

// The route patterns above, in registration order (for the OpenAPI test and docs).
Status RegisterManagementRoutes(const AdminRouteAdder& add, const ManagementDeps& deps);

// Makes sure the store has datasource "default" (serve --db's URL, its password sealed) and
// agent "default" bound to it; updates the datasource's URL when --db changed.
Status EnsureDefaultAgent(store::ManagementStore& store, const security::SecretBox& secrets,
                          std::string_view db_url);

}  // namespace askdb::server::api
