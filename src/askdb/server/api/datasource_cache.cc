#include "askdb/server/api/datasource_cache.h"

#include <spdlog/spdlog.h>

#include <utility>

#include "askdb/agent/ask/datasource.h"
#include "askdb/catalog/semantic_model.h"
#include "askdb/db/connector_registry.h"
#include "askdb/db/database_url.h"
#include "askdb/server/router.h"
#include "askdb/server/security/secret_box.h"
#include "askdb/server/store/management_store.h"

namespace askdb::server::api {
namespace {

std::string PercentEncode(std::string_view s) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  for (char c : s) {
    const auto u = static_cast<unsigned char>(c);
    const bool unreserved = (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') ||
                            (u >= '0' && u <= '9') || u == '-' || u == '.' || u == '_' || u == '~';
    if (unreserved) {
      out += c;
    } else {
      out += '%';
      out += kHex[u >> 4];
      out += kHex[u & 15];
    }
  }
  return out;
}

// The positions of a server URL's user info: [begin, at) where `at` is the '@'. npos when
// the URL has none (SQLite paths, hosts without a user).
struct UserInfo {
  std::size_t begin = std::string_view::npos;
  std::size_t at = std::string_view::npos;
};

UserInfo FindUserInfo(std::string_view url) {
  UserInfo info;
  const std::size_t scheme_end = url.find("://");
  if (scheme_end == std::string_view::npos) return info;
  const std::size_t begin = scheme_end + 3;
  std::size_t end = url.find_first_of("/?", begin);
  if (end == std::string_view::npos) end = url.size();
  const std::size_t at = url.substr(0, end).rfind('@');
  if (at == std::string_view::npos || at < begin) return info;
  info.begin = begin;
  info.at = at;
  return info;
}

}  // namespace

StatusOr<SplitUrl> SplitPassword(std::string_view url) {
  StatusOr<db::DatabaseUrl> parsed = db::ParseDatabaseUrl(url);
  if (!parsed.ok()) return InvalidArgumentError("url: " + parsed.status().message());
  SplitUrl out;
  out.url = std::string(url);
  // A `password=` query parameter is taken out like a password in the user info.
  const std::size_t query = url.find('?');
  if (query != std::string_view::npos) {
    std::string kept;
    std::string_view rest = url.substr(query + 1);
    while (true) {
      const std::size_t amp = rest.find('&');
      const std::string_view param = rest.substr(0, amp);
      if (param.rfind("password=", 0) == 0) {
        out.password = PercentDecode(param.substr(9));
        out.has_password = true;
      } else if (!param.empty()) {
        kept += (kept.empty() ? "" : "&") + std::string(param);
      }
      if (amp == std::string_view::npos) break;
      rest = rest.substr(amp + 1);
    }
    out.url = std::string(url.substr(0, query)) + (kept.empty() ? "" : "?" + kept);
    if (out.has_password) {
      // Both forms at once would leave one in clear: refuse rather than guess.
      ASKDB_ASSIGN_OR_RETURN(SplitUrl inner, SplitPassword(out.url));
      if (inner.has_password) {
        return InvalidArgumentError(
            "url: holds a password twice (in the user info and as ?password=): keep one");
      }
      return out;
    }
  }
  const UserInfo info = FindUserInfo(url);
  if (info.begin == std::string_view::npos) return out;
  const std::string_view userinfo = url.substr(info.begin, info.at - info.begin);
  const std::size_t colon = userinfo.find(':');
  if (colon == std::string_view::npos) return out;
  out.password = PercentDecode(userinfo.substr(colon + 1));
  out.has_password = true;
  out.url = std::string(url.substr(0, info.begin)) + std::string(userinfo.substr(0, colon)) +
            std::string(url.substr(info.at));
  return out;
}

StatusOr<std::string> JoinPassword(std::string_view url, std::string_view password) {
  const UserInfo info = FindUserInfo(url);
  if (info.begin == std::string_view::npos) {
    // No user: the password goes back as the query parameter it may have come from.
    StatusOr<db::DatabaseUrl> parsed = db::ParseDatabaseUrl(url);
    if (parsed.ok() && !parsed->is_sqlite()) {
      const bool has_query = url.find('?') != std::string_view::npos;
      return std::string(url) + (has_query ? "&" : "?") + "password=" + PercentEncode(password);
    }
    return InvalidArgumentError(
        "password: the URL names no user to go with a password; write it as "
        "scheme://USER@HOST/DATABASE");
  }
  const std::string_view user = url.substr(info.begin, info.at - info.begin);
  if (user.find(':') != std::string_view::npos) {
    return InvalidArgumentError("url: already holds a password; send it in 'password' instead");
  }
  return std::string(url.substr(0, info.at)) + ":" + PercentEncode(password) +
         std::string(url.substr(info.at));
}

struct DatasourceCache::Entry {
  std::mutex mu;  // held while preparing, so one Get prepares and the others wait
  std::shared_ptr<agent::PreparedDatasource> prepared;
};

DatasourceCache::DatasourceCache(store::ManagementStore& store, const security::SecretBox& secrets,
                                 std::filesystem::path model_dir)
    : store_(store), secrets_(secrets), model_dir_(std::move(model_dir)) {}

DatasourceCache::~DatasourceCache() = default;

void DatasourceCache::Pin(std::string_view id,
                          std::shared_ptr<agent::PreparedDatasource> prepared) {
  auto entry = std::make_shared<Entry>();
  entry->prepared = std::move(prepared);
  std::lock_guard lock(mu_);
  entries_[std::string(id)] = std::move(entry);
}

StatusOr<std::shared_ptr<agent::PreparedDatasource>> DatasourceCache::Get(std::string_view id) {
  std::shared_ptr<Entry> entry;
  {
    std::lock_guard lock(mu_);
    auto it = entries_.find(id);
    if (it == entries_.end())
      it = entries_.emplace(std::string(id), std::make_shared<Entry>()).first;
    entry = it->second;
  }
  std::lock_guard lock(entry->mu);
  if (entry->prepared == nullptr) {
    ASKDB_ASSIGN_OR_RETURN(entry->prepared, Prepare(id));
    return entry->prepared;
  }
  // A table added or changed since preparation is seen by this run (one catalog query).
  // Runs holding the old one keep it; a failed preparation keeps serving it.
  StatusOr<std::optional<agent::PreparedDatasource>> again =
      agent::PrepareAgainIfChanged(*entry->prepared);
  if (!again.ok()) {
    spdlog::warn(
        "datasource '{}': the schema changed but preparing it again failed ({}); the "
        "previous schema stays in use",
        id, again.status().message());
  } else if (*again) {
    entry->prepared = std::make_shared<agent::PreparedDatasource>(std::move(**again));
  }
  return entry->prepared;
}

void DatasourceCache::Invalidate(std::string_view id) {
  std::lock_guard lock(mu_);
  auto it = entries_.find(id);
  if (it != entries_.end()) entries_.erase(it);
}

void DatasourceCache::SetTermLoader(DatasourceTermLoader load) {
  std::lock_guard lock(mu_);
  load_terms_ = std::move(load);
}

StatusOr<std::string> DatasourceCache::ConnectionUrl(const store::DatasourceRecord& record) const {
  if (record.sealed_password.empty()) return record.url;
  StatusOr<std::string> password = secrets_.Open(record.sealed_password);
  if (!password.ok()) {
    return FailedPreconditionError("datasource '" + record.id +
                                   "': its stored password cannot be opened (" +
                                   password.status().message() +
                                   "); was the secret key (ASKDB_SECRET_KEY or the key file) "
                                   "changed? Set the password again with PUT");
  }
  return JoinPassword(record.url, *password);
}

StatusOr<std::unique_ptr<db::Connector>> DatasourceCache::Connect(
    const store::DatasourceRecord& record) const {
  ASKDB_ASSIGN_OR_RETURN(std::string url, ConnectionUrl(record));
  return db::OpenConnector(url);
}

StatusOr<std::shared_ptr<agent::PreparedDatasource>> DatasourceCache::Prepare(std::string_view id) {
  ASKDB_ASSIGN_OR_RETURN(store::DatasourceRecord record, store_.GetDatasource(id));
  ASKDB_ASSIGN_OR_RETURN(std::string url, ConnectionUrl(record));
  ASKDB_ASSIGN_OR_RETURN(std::unique_ptr<db::Connector> connector, db::OpenConnector(url));

  agent::PrepareOptions options;
  // The stored model plus the stored logical relations, when there is either.
  std::optional<catalog::SemanticModel> model;
  StatusOr<Json> stored = store_.GetSemanticModel(id);
  if (stored.ok()) {
    ASKDB_ASSIGN_OR_RETURN(catalog::SemanticModel parsed, catalog::SemanticModelFromJson(*stored));
    model = std::move(parsed);
  } else if (stored.status().code() != StatusCode::kNotFound) {
    return stored.status();
  }
  ASKDB_ASSIGN_OR_RETURN(std::vector<store::RelationRecord> relations, store_.ListRelations(id));
  if (!relations.empty()) {
    if (!model) model.emplace();
    for (const auto& r : relations) {
      catalog::LogicalRelation relation;
      relation.from_table = r.from_table;
      relation.from_column = r.from_column;
      relation.to_table = r.to_table;
      relation.to_column = r.to_column;
      ASKDB_ASSIGN_OR_RETURN(relation.kind, catalog::ParseRelationKind(r.kind));
      relation.description = r.description;
      model->relations.push_back(std::move(relation));
    }
  }
  if (model) {
    std::error_code ec;
    std::filesystem::create_directories(model_dir_, ec);
    options.semantic_model = model_dir_ / (record.id + ".semantic.json");
    ASKDB_RETURN_IF_ERROR(catalog::SaveSemanticModel(*model, options.semantic_model));
  }
  DatasourceTermLoader load_terms;
  {
    std::lock_guard lock(mu_);
    load_terms = load_terms_;
  }
  if (load_terms) {
    ASKDB_ASSIGN_OR_RETURN(options.terms, load_terms(id));
  }
  ASKDB_ASSIGN_OR_RETURN(agent::PreparedDatasource prepared,
                         agent::PrepareDatasource(std::move(connector), url, options));
  return std::make_shared<agent::PreparedDatasource>(std::move(prepared));
}

}  // namespace askdb::server::api
