// DatasourceCache: the prepared datasources of `askdb serve`, one per datasource id,
// prepared once on first use from the management store's record (URL + sealed password,
// semantic model, logical relations) and shared read-only by every run of every agent
// bound to it.
//
// A run holds a shared_ptr to the PreparedDatasource it started with, so Invalidate (after
// the datasource, its semantic model or its relations changed) never pulls it out from
// under a running pipeline: later runs prepare afresh. A datasource whose store record has
// a semantic model (or relations) is prepared with that model, written to
// `<model_dir>/<id>.semantic.json`; otherwise PrepareDatasource's default applies (the
// NAME.semantic.json beside a SQLite file).
//
// Also the one place that turns a stored record back into a connection URL (the password
// opened from its sealed form), for the test and introspection routes.
//
// Thread-safe: a mutex guards the table; concurrent Gets of one id prepare it once.
#pragma once

#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "askdb/common/status.h"

namespace askdb::agent {
struct PreparedDatasource;
}  // namespace askdb::agent
namespace askdb::db {
class Connector;
}  // namespace askdb::db
namespace askdb::knowledge {
struct BusinessTerm;
}  // namespace askdb::knowledge
namespace askdb::server::security {
class SecretBox;
}  // namespace askdb::server::security

namespace askdb::server::store {
class ManagementStore;
struct DatasourceRecord;
}  // namespace askdb::server::store

namespace askdb::server::api {

// The password of a URL taken out: `url` without it and the password (empty when none).
struct SplitUrl {
  std::string url;
  std::string password;
  bool has_password = false;
};
// InvalidArgument naming field 'url' when the URL does not parse.
StatusOr<SplitUrl> SplitPassword(std::string_view url);
// `url` (without a password) with `password` put back in.
StatusOr<std::string> JoinPassword(std::string_view url, std::string_view password);

// The business terms of a datasource id (the server's term store), read when it is prepared.
using DatasourceTermLoader =
    std::function<StatusOr<std::vector<knowledge::BusinessTerm>>(std::string_view id)>;

class DatasourceCache {
 public:
  // Borrows `store` and `secrets` (must outlive the cache).
  DatasourceCache(store::ManagementStore& store, const security::SecretBox& secrets,
                  std::filesystem::path model_dir);
  ~DatasourceCache();
  DatasourceCache(const DatasourceCache&) = delete;
  DatasourceCache& operator=(const DatasourceCache&) = delete;

  // Uses an already prepared datasource for `id` (the serve --db one) until invalidated.
  void Pin(std::string_view id, std::shared_ptr<agent::PreparedDatasource> prepared);
  // The prepared datasource of `id`, preparing it on first use. NotFound for an unknown id;
  // the connector's or preparation's error otherwise (not cached: the next Get retries).
  StatusOr<std::shared_ptr<agent::PreparedDatasource>> Get(std::string_view id);
  // Drops the prepared datasource of `id`; runs holding it keep it until they end.
  void Invalidate(std::string_view id);
  // From now on a datasource is prepared with the terms `load` gives for it (before the first
  // Get; a pinned datasource is not prepared again until invalidated).
  void SetTermLoader(DatasourceTermLoader load);

  // The record's URL with its password opened from the sealed form.
  StatusOr<std::string> ConnectionUrl(const store::DatasourceRecord& record) const;
  // Opens a new connector for the record (tests, introspection); the caller owns it.
  StatusOr<std::unique_ptr<db::Connector>> Connect(const store::DatasourceRecord& record) const;

 private:
  struct Entry;
  StatusOr<std::shared_ptr<agent::PreparedDatasource>> Prepare(std::string_view id);

  store::ManagementStore& store_;
  const security::SecretBox& secrets_;
  const std::filesystem::path model_dir_;
  DatasourceTermLoader load_terms_;
  std::mutex mu_;
  std::map<std::string, std::shared_ptr<Entry>, std::less<>> entries_;
};

}  // namespace askdb::server::api
