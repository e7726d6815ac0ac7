#include "askdb/agent/ask/user_datasource.h"

#include <atomic>
#include <list>
#include <mutex>
#include <unordered_map>

#include "askdb/common/text.h"
#include "askdb/knowledge/terms/term_file.h"
#include "askdb/nlq/schema_index.h"
#include "askdb/permissions/permissioned_connector.h"

namespace askdb::agent {
namespace {

// Hidden columns switched off, value labels of masked columns dropped, tables the user
// cannot read switched off, relations over hidden columns removed.
catalog::SemanticModel FilterModel(catalog::SemanticModel model,
                                   const permissions::EffectivePolicy& policy) {
  auto hidden = [&policy](std::string_view table, std::string_view column) {
    const permissions::TablePolicy* t = policy.Find(table);
    if (t == nullptr) return false;
    auto it = t->columns.find(text::AsciiLower(column));
    return it != t->columns.end() && it->second.hidden;
  };
  for (catalog::TableSemantics& table : model.tables) {
    const permissions::TablePolicy* t = policy.Find(table.name);
    if (t == nullptr) continue;
    if (!t->refusal.empty()) table.enabled = false;
    for (catalog::ColumnSemantics& column : table.columns) {
      auto it = t->columns.find(text::AsciiLower(column.name));
      if (it == t->columns.end()) continue;
      if (it->second.hidden) column.enabled = false;
      column.values.clear();
    }
  }
  std::erase_if(model.relations, [&hidden](const catalog::LogicalRelation& r) {
    return hidden(r.from_table, r.from_column) || hidden(r.to_table, r.to_column);
  });
  return model;
}

// The column statistics of users' views, kept between runs (gathering them is one statement
// per text or time column through the user's connector). Keyed by the base datasource
// (its URL, structure fingerprint and fingerprint: a refreshed schema, model or terms is a new
// key) and the user's policy fingerprint (the bound rules and attributes — callers list the
// rules from the store for every run, so a rule or attribute changed by any process sharing
// the store gives a new key). Users with identical effective rules see identical rows and
// share an entry. Least recently used entries go first.
class UserStatsCache {
 public:
  std::shared_ptr<const nlq::ColumnStatsMap> Find(const std::string& key) {
    std::lock_guard lock(mu_);
    auto it = index_.find(key);
    if (it == index_.end()) return nullptr;
    lru_.splice(lru_.begin(), lru_, it->second);
    return it->second->second;
  }
  void Put(const std::string& key, std::shared_ptr<const nlq::ColumnStatsMap> stats) {
    std::lock_guard lock(mu_);
    if (auto it = index_.find(key); it != index_.end()) {
      lru_.erase(it->second);
      index_.erase(it);
    }
    lru_.emplace_front(key, std::move(stats));
    index_[key] = lru_.begin();
    while (lru_.size() > kCapacity) {
      index_.erase(lru_.back().first);
      lru_.pop_back();
    }
  }

 private:
  static constexpr size_t kCapacity = 64;
  using Entry = std::pair<std::string, std::shared_ptr<const nlq::ColumnStatsMap>>;
  std::mutex mu_;
  std::list<Entry> lru_;
  std::unordered_map<std::string, std::list<Entry>::iterator> index_;
};

UserStatsCache& StatsCache() {
  static UserStatsCache cache;
  return cache;
}

std::atomic<int64_t> stats_gathered{0};

std::string StatsKey(const PreparedDatasource& base, const permissions::EffectivePolicy& policy) {
  std::string key =
      base.url.empty() ? "@" + std::to_string(reinterpret_cast<uintptr_t>(&base)) : base.url;
  return key + "\x1f" + base.source_fingerprint + "\x1f" + base.fingerprint + "\x1f" +
         policy.Fingerprint();
}

}  // namespace

int64_t UserViewStatisticsGathered() { return stats_gathered.load(); }

StatusOr<std::shared_ptr<PreparedDatasource>> PrepareForUser(
    std::shared_ptr<PreparedDatasource> base, const permissions::EffectivePolicy& policy) {
  if (policy.empty() || base == nullptr) return base;
  auto ds = std::make_shared<PreparedDatasource>();
  // Shares ownership of `base`: the user's connector wraps base's connection.
  std::shared_ptr<db::Connector> inner(base, base->connector.get());
  auto connector = std::make_unique<permissions::PermissionedConnector>(
      inner, policy, std::make_shared<const db::DatabaseSchema>(base->schema));
  // Views that read no protected table stay (the connector lets them run as they are).
  ds->schema = permissions::FilterSchema(base->schema, policy, &connector->Views());
  ds->connector = std::move(connector);
  ds->rows_stamper = base->rows_stamper;  // the user's statements go over base's connection
  if (base->model) ds->model = FilterModel(*base->model, policy);
  ds->model_path = base->model_path;
  ds->terms = base->terms;
  ds->terms_path = base->terms_path;
  // Statistics through the user's connector: only values of rows they may read.
  const std::string key = StatsKey(*base, policy);
  std::shared_ptr<const nlq::ColumnStatsMap> stats = StatsCache().Find(key);
  if (stats == nullptr) {
    ASKDB_ASSIGN_OR_RETURN(nlq::ColumnStatsMap gathered,
                           nlq::CollectColumnStats(*ds->connector, ds->schema));
    stats = std::make_shared<const nlq::ColumnStatsMap>(std::move(gathered));
    StatsCache().Put(key, stats);
    stats_gathered.fetch_add(1);
  }
  ds->index = std::make_unique<nlq::SchemaIndex>(
      nlq::SchemaIndex::Build(ds->schema, ds->model ? &*ds->model : nullptr, *stats));
  if (!ds->terms.empty()) {
    std::vector<std::string> errors;
    ds->index->AddBusinessTerms(knowledge::EngineDefinitions(ds->terms), &errors);
  }
  ds->fingerprint = base->fingerprint + "-" + policy.Fingerprint();
  ds->source_fingerprint = base->source_fingerprint;
  // No schema manager and no URL: a user's view is rebuilt from a re-prepared base.
  return ds;
}

}  // namespace askdb::agent
